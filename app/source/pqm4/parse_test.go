package pqm4_test

import (
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/source/pqm4"
)

// A tiny extract in the form of ../shared/sources' (made-up figures, not
// pqm4's), so that a fresh clone tests the parser: one scheme and
// implementation in each evaluation, in both the markdown and the CSV,
// with the lines of pqm4's files the positions point to.
const extract = `<!-- Source: https://github.com/mupq/pqm4 — test extract at commit 0123456789abcdef0123456789abcdef01234567. -->
<!-- README.md lines 1-1 -->
All cycle counts were obtained at 24MHz to avoid wait cycles.
<!-- benchmarks.md lines 1-4 -->
# Speed Evaluation
## Key Encapsulation Schemes
| scheme | implementation | key generation [cycles] | encapsulation [cycles] | decapsulation [cycles] |
| ------ | -------------- | ----------------------- | ---------------------- | ---------------------- |
<!-- benchmarks.md lines 10-10 -->
| ml-kem-768 (10 executions) | m4fspeed | AVG: 1,000 <br /> MIN: 900 <br /> MAX: 1,100 | AVG: 2,000 <br /> MIN: 1,900 <br /> MAX: 2,100 | AVG: 3,000 <br /> MIN: 2,900 <br /> MAX: 3,100 |
<!-- benchmarks.md lines 20-20 -->
# Memory Evaluation
<!-- benchmarks.md lines 30-30 -->
| ml-kem-768 | m4fspeed | 5,000 | 6,000 | 7,000 |
<!-- benchmarks.md lines 40-40 -->
# Hashing Evaluation
<!-- benchmarks.md lines 50-50 -->
| ml-kem-768 | m4fspeed | 74.5% | 74.4% | 69.2% |
<!-- benchmarks.md lines 60-60 -->
# Size Evaluation
<!-- benchmarks.md lines 70-70 -->
| ml-kem-768 | m4fspeed | 16,016 | 0 | 0 | 16,016 |
<!-- benchmarks.csv lines 1-2 -->
Speed Evaluation,,,,,,,,,,
ml-kem-768 (10 executions),m4fspeed,1000,900,1100,2000,1900,2100,3000,2900,3100
<!-- benchmarks.csv lines 10-11 -->
Memory Evaluation,,,,,,,,,,
ml-kem-768,m4fspeed,5000,6000,7000,,,,,,
`

func TestParseInline(t *testing.T) {
	d, errs := pqm4.Parse("x.md", extract)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if d.Source.Commit != "0123456789abcdef0123456789abcdef01234567" || len(d.Figures) != 3 {
		t.Fatalf("%+v", d)
	}
	want := []struct {
		op               string
		cycles, min, max float64
		stack            int64
		hash             float64
		line             int
	}{
		{"ml-kem-768-keygen", 1000, 900, 1100, 5000, 0.745, 10},
		{"ml-kem-768-encap", 2000, 1900, 2100, 6000, 0.744, 10},
		{"ml-kem-768-decap", 3000, 2900, 3100, 7000, 0.692, 10},
	}
	for i, w := range want {
		f := d.Figures[i]
		if f.Op != w.op || f.Cycles != w.cycles || f.MinCycles != w.min || f.MaxCycles != w.max || f.StackBytes != w.stack ||
			f.HashShare != w.hash || f.CodeBytes != 16016 || f.ClockHz != 24e6 || f.Runs != 10 || f.Core != "Cortex-M4" ||
			f.Implementation != "m4fspeed" || f.Pos != (bench.Pos{File: pqm4.DocName, Line: w.line}) {
			t.Errorf("figure %d: %+v, want %+v", i, f, w)
		}
	}
	// The CSV must repeat the markdown.
	bad := strings.Replace(extract, "m4fspeed,1000,900", "m4fspeed,1001,900", 1)
	if _, errs := pqm4.Parse("x.md", bad); len(errs) != 1 || !strings.Contains(errs[0].Error(), "CSV's cycles") {
		t.Errorf("a CSV that differs: %v", errs)
	}
	if _, errs := pqm4.Parse("x.md", "no header"); len(errs) < 2 {
		t.Errorf("no header: %v", errs)
	}
}
