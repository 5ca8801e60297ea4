package pqm4_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/pqm4"
)

func read(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(thirdparty.Path(t, pqm4.File))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func find(t *testing.T, d pqm4.Derived, op, impl string) bench.CycleFigure {
	t.Helper()
	for _, f := range d.Figures {
		if f.Op == op && f.Implementation == impl {
			return f
		}
	}
	t.Fatalf("no figure for %s %s", op, impl)
	return bench.CycleFigure{}
}

// The figures the issue quotes, read from pqm4's rows: cycles (AVG, MIN,
// MAX), stack, hashing share, code size, the row's line in
// benchmarks.md, and the clock they were taken at.
func TestFigures(t *testing.T) {
	d, errs := pqm4.Parse(pqm4.File, read(t))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(d.Figures) != 54 || d.Source.Commit != "cc2c1b992b602d285bd15991a566d5f17b34c1fa" {
		t.Fatalf("%d figures at commit %q", len(d.Figures), d.Source.Commit)
	}
	for _, tc := range []struct {
		op, impl      string
		avg, min, max float64
		stack, code   int64
		hash          float64
		line, runs    int
	}{
		{"ml-kem-768-keygen", "m4fspeed", 642096, 639116, 651103, 5396, 16016, 0.745, 19, 10},
		{"ml-kem-768-decap", "m4fspeed", 707827, 704858, 716842, 6452, 16016, 0.692, 19, 10},
		{"ml-kem-768-keygen", "m4fstack", 644195, 640433, 652374, 2820, 13320, 0.744, 20, 10},
		{"ml-kem-768-decap", "m4fstack", 714194, 710433, 722374, 2844, 13320, 0.687, 20, 10},
		{"ml-dsa-65-sign", "m4f", 6193171, 2918295, 26008621, 68872, 19328, 0.606, 98, 1000},
		{"ml-dsa-65-verify", "m4fstack", 5732397, 5688990, 5783258, 2712, 24120, 0.41, 99, 1000},
	} {
		f := find(t, d, tc.op, tc.impl)
		if f.Cycles != tc.avg || f.MinCycles != tc.min || f.MaxCycles != tc.max || f.StackBytes != tc.stack || f.CodeBytes != tc.code ||
			f.HashShare != tc.hash || f.Pos.Line != tc.line || f.Runs != tc.runs || f.ClockHz != 24e6 || f.Core != "Cortex-M4" {
			t.Errorf("%s %s: %+v", tc.op, tc.impl, f)
		}
	}
	if u := d.Source.URL(find(t, d, "ml-dsa-65-sign", "m4f").Pos); u != "https://github.com/mupq/pqm4/blob/cc2c1b992b602d285bd15991a566d5f17b34c1fa/benchmarks.md#L98" {
		t.Errorf("row address %s", u)
	}
}

// The markdown and CSV forms must agree: a changed CSV figure is an
// error naming the operation.
func TestCSVMustAgree(t *testing.T) {
	text := strings.Replace(read(t), "ml-kem-768 (10 executions),m4fspeed,642096,", "ml-kem-768 (10 executions),m4fspeed,642097,", 1)
	_, errs := pqm4.Parse(pqm4.File, text)
	if len(errs) != 1 || !strings.Contains(errs.Error(), "ml-kem-768-keygen m4fspeed") {
		t.Errorf("got %v", errs)
	}
	if _, errs := pqm4.Parse("x", "hello"); len(errs) < 2 {
		t.Errorf("a text without rows: %v", errs)
	}
}

// data/cycles/pqm4.json is what the source gives today.
func TestCommittedMatchesSource(t *testing.T) {
	d, errs := pqm4.Parse(pqm4.File, read(t))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want, err := pqm4.Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(thirdparty.Root(), "data/cycles/pqm4.json"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("data/cycles/pqm4.json differs from what the source gives: run ./build.sh data")
	}
	var back pqm4.Derived
	if err := json.Unmarshal(got, &back); err != nil || len(back.Figures) != len(d.Figures) {
		t.Errorf("decoding: %v", err)
	}
}
