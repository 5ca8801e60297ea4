package engine

import (
	"testing"

	"cryptosizer/app/bench"
)

// TestSiblingsOneVersionLeft: a board's group of builds in several
// versions (Index.sibling) notes nothing when the ranking kept only one
// of its versions (a filter, or builds listed apart, took the others),
// and notes each candidate's other versions when it kept two. The
// bundled data have no such ranking (TestSiblingsAreTheRule), so the
// candidates here are made by hand.
func TestSiblingsOneVersionLeft(t *testing.T) {
	ix := &Index{sibling: []int32{0, 0, -1, 0}, nsiblings: 1}
	cand := func(version string) Candidate {
		return Candidate{Identity: bench.Identity{MCU: "STM32H753ZI", Board: "NUCLEO-H753ZI", Library: "wolfSSL", LibraryVersion: version}}
	}
	for _, tc := range []struct {
		name     string
		versions []string // the candidates', from builds 0, 1 and 3
		notes    int
	}{
		{"one version left", []string{"4.4.1", "4.4.1"}, 0},
		{"one build left", []string{"4.4.1"}, 0},
		{"two versions", []string{"4.4.1", "5.6.6", "4.4.1"}, 3},
	} {
		var cs []Candidate
		ar := &arena{}
		for i, v := range tc.versions {
			cs = append(cs, cand(v))
			ar.from = append(ar.from, []int32{0, 1, 3}[i])
		}
		ix.siblings(cs, ar)
		notes := 0
		for _, c := range cs {
			for _, n := range c.Why {
				if n.Code == WhySameBoard {
					notes++
					if len(n.Others) == 0 {
						t.Errorf("%s: a note on siblings names none", tc.name)
					}
				}
			}
		}
		if notes != tc.notes {
			t.Errorf("%s: %d notes on siblings, want %d", tc.name, notes, tc.notes)
		}
	}
}
