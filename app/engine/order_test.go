package engine_test

import (
	"cmp"
	"math"
	"reflect"
	"strings"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// TestOrderIsTheRulesOrder ranks the bundled data for workloads with
// every objective, passes, unknowns and fails, and checks each pair of
// neighbours against the ordering rules written out plainly (the
// comparison order used before it sorted by keys taken once).
func TestOrderIsTheRulesOrder(t *testing.T) {
	ix := index(t)
	for _, p := range []workload.Params{
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms"},
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "objective": "energy"},
		{"tls-rate": "3", "aes-rate": "1 MiB/s", "objective": "smallest"},
		{"tls-rate": "20", "objective": "energy"},
		{"fw-size": "1 MiB", "fw-deadline": "50ms", "objective": "smallest"},
	} {
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		cs := ix.Rank(w).Candidates
		verdicts := map[engine.Verdict]int{}
		for i := range cs {
			verdicts[cs[i].Verdict]++
			if i > 0 && rulesCompare(&cs[i-1], &cs[i], w.Objective) > 0 {
				t.Fatalf("%v: %s (%s) ranked before %s (%s)", p, cs[i-1].Key, cs[i-1].Verdict, cs[i].Key, cs[i].Verdict)
			}
		}
		if len(verdicts) < 2 {
			t.Errorf("%v: one verdict only (%v): the check proves little", p, verdicts)
		}
	}
}

// TestSiblingsAreTheRule: a candidate's note on its board's other
// library versions names exactly the ranked candidates of the same MCU,
// board and library in another version, in rank order, with their ranks
// (the index groups the builds once; this is the rule written out), for
// workloads with and without filters. In the bundled data each of these
// leaves a board's versions all or none: TestSiblingsOneVersionLeft has
// the ranking that keeps one.
func TestSiblingsAreTheRule(t *testing.T) {
	ix := index(t)
	noted := 0
	for _, p := range []workload.Params{
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms"},
		{"tls-rate": "3", "aes-rate": "1 MiB/s", "objective": "smallest"},
		{"tls-rate": "10", "library": "wolfssl"},
		{"tls-rate": "10", "accel": "AES"},
		{"aes-rate": "1MiB/s", "accel": "AES"},
	} {
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		cs := ix.Rank(w).Candidates
		for i := range cs {
			var want []engine.Sibling
			for j := range cs {
				a, b := &cs[i], &cs[j]
				if j != i && a.Board != "" && a.MCU == b.MCU && a.Board == b.Board && a.Library == b.Library && a.LibraryVersion != b.LibraryVersion {
					want = append(want, engine.Sibling{Library: b.Library, Version: b.LibraryVersion, Config: b.Config, Acceleration: b.Acceleration, Rank: b.Rank, Headroom: b.Headroom})
				}
			}
			var got []engine.Sibling
			notes := 0
			for _, n := range cs[i].Why {
				if n.Code == engine.WhySameBoard {
					got, notes = n.Others, notes+1
				}
			}
			if notes != min(len(want), 1) || !reflect.DeepEqual(got, want) {
				t.Fatalf("%v: %s has %d notes on its siblings, naming %+v; want %d, naming %+v", p, cs[i].Key, notes, got, min(len(want), 1), want)
			}
			noted += notes
		}
	}
	if noted == 0 {
		t.Error("no candidate has siblings: the check proves nothing")
	}
}

func rulesCompare(a, b *engine.Candidate, objective engine.Objective) int {
	rank := func(v engine.Verdict) int {
		return map[engine.Verdict]int{engine.Pass: 0, engine.Unknown: 1}[v] + 2*btoi(v == engine.Fail)
	}
	head := func(c *engine.Candidate) float64 {
		if c.Headroom == nil {
			return math.Inf(1)
		}
		return *c.Headroom
	}
	flash := func(c *engine.Candidate) int64 {
		if c.FlashBytes <= 0 {
			return math.MaxInt64
		}
		return c.FlashBytes
	}
	if va, vb := rank(a.Verdict), rank(b.Verdict); va != vb {
		return cmp.Compare(va, vb)
	}
	if a.Verdict == engine.Unknown && len(a.Missing) != len(b.Missing) {
		return cmp.Compare(len(a.Missing), len(b.Missing))
	}
	if a.Verdict == engine.Pass && objective == engine.ObjectiveEnergy {
		ea, oka := engine.WorkloadEnergy(a)
		eb, okb := engine.WorkloadEnergy(b)
		if oka != okb {
			return map[bool]int{true: -1, false: 1}[oka]
		}
		if oka && ea != eb {
			return cmp.Compare(ea, eb)
		}
	}
	if a.Verdict == engine.Pass && objective == engine.ObjectiveSmallest {
		if a.ClockHz != b.ClockHz {
			return cmp.Compare(a.ClockHz, b.ClockHz)
		}
		if fa, fb := flash(a), flash(b); fa != fb {
			return cmp.Compare(fa, fb)
		}
	}
	// Failures: those whose headroom is known first, then those known
	// only at most (on known figures), then those without one.
	group := func(c *engine.Candidate) int {
		switch {
		case c.Headroom == nil:
			return 2
		case c.AtMost:
			return 1
		}
		return 0
	}
	if a.Verdict == engine.Fail && group(a) != group(b) {
		return cmp.Compare(group(a), group(b))
	}
	if ha, hb := head(a), head(b); ha != hb {
		return -cmp.Compare(ha, hb)
	}
	return strings.Compare(a.Key, b.Key)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
