package explain_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// Every figure of the registry is in the CSV, with its basis, and says
// how sure it is whenever it is known: the CSV, the sort, the details
// and the compare view all read the one list.
func TestFigureRegistry(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	// Two workloads: the first has the footprint and RAM figures (CMOX
	// publishes them for hashing, AES and ECDSA), the second a handshake.
	var res engine.Result
	var rows [][]string
	for _, p := range []workload.Params{
		{"fw-size": "256KiB", "fw-deadline": "500ms", "aes-rate": "64KiB/s", "clock": "max"},
		{"tls-rate": "1", "fw-size": "64KiB", "fw-deadline": "1s"},
	} {
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		r := engine.NewIndex(ds).Rank(w)
		var buf bytes.Buffer
		if err := explain.CSV(&buf, r); err != nil {
			t.Fatal(err)
		}
		rs, err := csv.NewReader(&buf).ReadAll()
		if err != nil || len(rs) != len(r.Candidates)+1 {
			t.Fatalf("%v, %d rows", err, len(rs))
		}
		if rows == nil {
			rows = rs[:1]
		}
		rows = append(rows, rs[1:]...)
		res.Candidates = append(res.Candidates, r.Candidates...)
	}
	names, sorts := map[string]bool{}, map[string]bool{}
	for _, f := range explain.Figures {
		t.Run(f.Name, func(t *testing.T) {
			if names[f.Name] || f.Sort != "" && sorts[f.Sort] || f.Label == "" || f.Unit == "" {
				t.Fatalf("figure %q: a repeated name or sort key, or no label or unit", f.Name)
			}
			names[f.Name], sorts[f.Sort] = true, true
			col, bcol := slices.Index(rows[0], f.Column()), slices.Index(rows[0], f.Name+"_basis")
			if col < 0 || bcol < 0 {
				t.Fatalf("the CSV has no %s column with its basis", f.Column())
			}
			if f.Low != nil {
				low := slices.Index(rows[0], f.LowColumn())
				for i, c := range res.Candidates {
					lo, okLo := f.Low(c)
					hi, okHi := f.Value(c)
					if low < 0 || okLo != okHi || okLo && (lo > hi || rows[i+1][low] == "") {
						t.Fatalf("%s: the low end %v (%v) beside the high end %v in column %q", c.Key, lo, okLo, hi, f.LowColumn())
					}
				}
			}
			known := 0
			for i, c := range res.Candidates {
				v, ok := f.Value(c)
				cell := rows[i+1][col]
				switch {
				case !ok && (cell != "" || f.Text(c) != "—"):
					t.Errorf("%s: an unknown %s shows %q / %q", c.Key, f.Name, cell, f.Text(c))
				case ok && (cell == "" || !slices.Contains(bench.Bases, f.Basis(c)) || rows[i+1][bcol] != string(f.Basis(c))):
					t.Errorf("%s: %s = %v, cell %q, basis %q", c.Key, f.Name, v, cell, f.Basis(c))
				case ok:
					known++
				}
			}
			if known == 0 {
				t.Errorf("no candidate has a %s: the check checked nothing", f.Name)
			}
		})
	}
}

// A RAM left counted with ECDHE at its ECDSA bound reads as a bound
// everywhere it is shown: "≥" in the table, "at least" with the crypto
// "at most" and the operations bounded, with their citation, in the
// details.
func TestRAMLeftAtItsBoundSaysSo(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": "1", "min-free-ram": "64KiB", "library": "wolfssl"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	n, same := 0, 0
	for _, c := range engine.NewIndex(ds).Rank(w).Candidates {
		if c.Memory == nil || !c.Memory.UpperBound {
			continue
		}
		n++
		line := explain.MemoryLine(c)
		// A c or asm build's rows are its bare sibling's (the same code):
		// the details say whose, why, and that it is an estimate.
		if fp := c.Footprint; fp != nil && fp.SameCode != nil {
			same++
			if !strings.Contains(line, "\"Bare_Test bare:") || !strings.Contains(line, "on the same board, which runs the same code there") ||
				!strings.Contains(line, "STM32_Bare_Test/README.md line 721") || c.Memory.Basis != bench.Estimated {
				t.Errorf("%s: details %q do not say whose stacks they are", c.Key, line)
			}
		}
		// Below zero the part is short, by at most the bound's figure.
		cell, left := "≥ ", "at least"
		if *c.Memory.FreeRAMBytes < 0 {
			cell, left = "short by ≤ ", "none, short by at most"
		}
		if !strings.HasPrefix(explain.RAMLeft(c), cell) || !strings.Contains(line, left) || !strings.Contains(line, "takes at most") ||
			!strings.Contains(line, "ecdh-p256-agree ≤ ecdsa-p256-verify") || !strings.Contains(line, "wolfssl-ecc-ram.md §2") {
			t.Errorf("%s: cell %q, details %q", c.Key, explain.RAMLeft(c), line)
		}
	}
	if n == 0 || same == 0 {
		t.Fatalf("%d candidates' RAM at a bound, %d of them with a sibling's stacks: the test checked too little", n, same)
	}
}

// A RAM-left cell reads as a person says it: below zero it is the
// shortfall ("short by ≥ 250 B", never "≤ -250 B"), with the bound's
// direction turned with it.
func TestRAMLeftSaysAShortfall(t *testing.T) {
	crypto := int64(1000)
	for _, tc := range []struct {
		name string
		m    engine.Memory
		free int64
		want string
	}{
		{"exact", engine.Memory{CryptoRAMBytes: &crypto}, 2048, "2 KiB"},
		{"at most", engine.Memory{}, 2048, "≤ 2 KiB"},
		{"at least", engine.Memory{CryptoRAMBytes: &crypto, UpperBound: true}, 2048, "≥ 2 KiB"},
		{"exact shortfall", engine.Memory{CryptoRAMBytes: &crypto}, -250, "short by 250 B"},
		{"at most, short", engine.Memory{}, -250, "short by ≥ 250 B"},
		{"at least, short", engine.Memory{CryptoRAMBytes: &crypto, UpperBound: true}, -250, "short by ≤ 250 B"},
	} {
		m := tc.m
		m.FreeRAMBytes = &tc.free
		if got := explain.RAMLeft(engine.Candidate{Memory: &m}); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := explain.RAMLeft(engine.Candidate{}); got != "—" {
		t.Errorf("no memory: %q", got)
	}
}
