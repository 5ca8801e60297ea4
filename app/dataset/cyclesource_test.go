package dataset_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/derive"
	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// A second cycle-count source, defined only here, lends its figures
// without touching the engine: its package (this type) and its line
// (AddCycles, as the generator calls it for each registered source)
// are all it takes. It counts ML-KEM-768 on the Cortex-M0+, a core
// pqm4 does not lend to.
type toyCycles struct{}

func (toyCycles) Name() string { return "toycycles" }
func (toyCycles) File() string { return "toycycles.txt" }
func (toyCycles) Derive(text string) ([]byte, int, error) {
	var figs []bench.CycleFigure
	for i, l := range strings.Split(strings.TrimSpace(text), "\n") {
		op, n, _ := strings.Cut(l, " ")
		var cycles float64
		if err := json.Unmarshal([]byte(n), &cycles); err != nil {
			return nil, 0, err
		}
		figs = append(figs, bench.CycleFigure{Source: "toycycles", Core: "Cortex-M0+", Op: op, Implementation: "ref",
			Cycles: cycles, MinCycles: cycles, MaxCycles: cycles * 1.5, Runs: 10, StackBytes: 3000, CodeBytes: 9000,
			ClockHz: 8_000_000, Board: "a toy board", Printed: n, Pos: bench.Pos{File: "toycycles.txt", Line: i + 1}})
	}
	b, err := json.Marshal(figs)
	return b, len(figs), err
}
func (toyCycles) Load(b []byte) ([]bench.CycleFigure, []bench.Document, error) {
	var figs []bench.CycleFigure
	err := json.Unmarshal(b, &figs)
	return figs, []bench.Document{{Name: "toycycles.txt", URL: "https://example.org/toycycles", LineAnchors: true}}, err
}
func (toyCycles) Lends() []bench.Lending {
	return []bench.Lending{{Source: "toycycles", Core: "Cortex-M0+", From: "Cortex-M0+", Basis: bench.CycleCount}}
}

const toyCyclesText = `ml-kem-768-keygen 2000000
ml-kem-768-encap 2500000
ml-kem-768-decap 3000000`

func TestCycleSourceLends(t *testing.T) {
	base, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ds := *base
	ds.Cycles, ds.Documents, ds.Lending = slices.Clone(base.Cycles), slices.Clone(base.Documents), slices.Clone(base.Lending)
	derived, n, err := toyCycles{}.Derive(toyCyclesText)
	if err != nil || n != 3 {
		t.Fatal(n, err)
	}
	if err := derive.AddCycles(&ds, toyCycles{}, derived); err != nil {
		t.Fatal(err)
	}
	w, errs := workload.NewSchema(dataset.LibraryFlags()).Parse(map[string]string{"tls-rate": "1", "tls-role": "client", "tls-kex": "mlkem768", "core": "M0+"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	lent := 0
	for _, c := range engine.NewIndex(base).Rank(w).Candidates {
		if c.LentFrom != nil {
			t.Errorf("%s: lent %v without the toy source", c.Key, c.LentFrom)
		}
	}
	for _, c := range engine.NewIndex(&ds).Rank(w).Candidates {
		if c.ClockHz <= 0 {
			continue
		}
		if !slices.Equal(c.LentFrom, []string{"ML-KEM-768 from toycycles ref"}) {
			t.Errorf("%s: lent %v", c.Key, c.LentFrom)
			continue
		}
		lent++
		for _, tm := range c.Requirements[0].Terms {
			if tm.Op == "ml-kem-768-decap" && (tm.Basis != bench.CycleCount || math.Abs(tm.Each-3e6/float64(c.ClockHz)) > 1e-12 ||
				tm.From == nil || tm.From.Source != "toycycles" || tm.Stack != 3000) {
				t.Errorf("%s: decap term %+v", c.Key, tm)
			}
		}
	}
	if lent == 0 {
		t.Error("no Cortex-M0+ candidate borrowed the toy source's figures")
	}
}
