package catalog_test

import (
	"fmt"
	"math"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/data"
)

func bundled(t *testing.T) *catalog.Catalog {
	t.Helper()
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	return catalog.New(ds)
}

// find is the first build that satisfies ok.
func find(t *testing.T, cat *catalog.Catalog, what string, ok func(*catalog.Build) bool) *catalog.Build {
	t.Helper()
	for _, b := range cat.Builds {
		if ok(b) {
			return b
		}
	}
	t.Fatalf("no build %s", what)
	return nil
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }

// One question gives a figure: as measured, taken to another clock of
// the same part, carried to a group nobody measured, lent by a
// cycle-count source, or missing, each with its basis.
func TestFigure(t *testing.T) {
	cat := bundled(t)
	const op = "ecdsa-p256-sign"
	has := func(b *catalog.Build) bool { _, ok := catalog.Lookup(b, op); return ok }
	measured := find(t, cat, "measured below its part's maximum clock", func(b *catalog.Build) bool {
		return !b.Estimated() && b.HasFact && b.ID.ClockHz > 0 && b.ID.ClockHz < b.Fact.MaxClockHz && has(b)
	})
	m, _ := catalog.Lookup(measured, op)
	q := catalog.Question{Clock: catalog.ClockMeasured}
	f := cat.Ask(measured, q).Figure(op)
	if f.Missing || f.Each != *m.SecondsPerOp || f.Basis != bench.Measured || f.Spread != 0 || f.From.Line != m.Pos.Line {
		t.Errorf("as measured: %+v, row %v s", f, *m.SecondsPerOp)
	}
	q.Clock = catalog.ClockMax
	s := catalog.ClockFor(measured, q)
	f = cat.Ask(measured, q).Figure(op)
	if want := *m.SecondsPerOp * float64(measured.ID.ClockHz) / float64(measured.Fact.MaxClockHz); !near(f.Each, want) || f.Basis != bench.ClockScaled || s.ClockHz != measured.Fact.MaxClockHz {
		t.Errorf("at the maximum clock: %v s at %d Hz, want %v s (%s)", f.Each, s.ClockHz, want, f.Basis)
	}

	est := find(t, cat, "estimated with a known clock", func(b *catalog.Build) bool { return b.Estimated() && b.Fact.MaxClockHz > 0 && has(b) })
	dm, _ := catalog.Lookup(est.Donor, op)
	q = catalog.Question{}
	s = catalog.ClockFor(est, q)
	f = cat.Ask(est, q).Figure(op)
	if want := *dm.SecondsPerOp * float64(est.Donor.ID.ClockHz) / float64(est.Fact.MaxClockHz); !near(f.Each, want) || f.Basis != bench.Estimated ||
		f.Spread != math.Max(est.Spread.Factor, 1) || f.From.Spread != f.Spread {
		t.Errorf("estimate: %+v, want %v s × spread %v", f, want, est.Spread.Factor)
	}
	q.Margin, q.OwnMargin = 0.5, true
	if f := cat.Ask(est, q).Figure(op); f.Spread != 1.5 || f.From.SpreadFrom != "" {
		t.Errorf("a margin of 50%%: spread %v from %q", f.Spread, f.From.SpreadFrom)
	}

	const kem = "ml-kem-768-keygen"
	m4 := find(t, cat, "on a Cortex-M4 without ML-KEM", func(b *catalog.Build) bool {
		_, own := catalog.Lookup(b, kem)
		return !own && !b.OwnPQC && b.HasFact && b.Fact.Core == "Cortex-M4" && b.ID.ClockHz > 0 && !b.Estimated()
	})
	q = catalog.Question{}
	s = catalog.ClockFor(m4, q)
	f = cat.Ask(m4, q).Figure(kem)
	if f.Missing || f.Basis != bench.CycleCount || f.Method != "cycle-count" || f.From.Source != "pqm4" || !near(f.Each, f.From.Cycles/float64(s.ClockHz)) || f.Stack <= 0 {
		t.Errorf("lent on a Cortex-M4: %+v", f)
	}
	q.Lenders = catalog.OnlyLenders(nil)
	if f := cat.Ask(m4, q).Figure(kem); !f.Missing || f.NoCode {
		t.Errorf("lending off: %+v", f)
	}
	m0 := find(t, cat, "on a Cortex-M0+", func(b *catalog.Build) bool { return b.HasFact && b.Fact.Core == "Cortex-M0+" && !b.OwnPQC })
	q.Lenders = catalog.Lenders{}
	if f := cat.Ask(m0, q).Figure(kem); !f.Missing || !f.NoCode {
		t.Errorf("a Cortex-M0+ (no lender): %+v", f)
	}
}

// Groups are silicon: no two groups share a name and the same die,
// cores and crypto units (a part file without a stated clock joins the
// group of its die and clock tree that states one).
func TestNoTwoGroupsShareNameAndSilicon(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, g := range ds.Groups {
		units := ""
		for _, u := range g.Units {
			units += u.Name + ":" + u.Version + ","
		}
		k := fmt.Sprint(g.Name, g.Die, g.Cores, units)
		if o, ok := seen[k]; ok {
			t.Errorf("%s: groups %s and %s are the same silicon", g.Name, o, g.Key)
		}
		seen[k] = g.Key
	}
}
