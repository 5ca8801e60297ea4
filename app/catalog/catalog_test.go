package catalog

import (
	"fmt"
	"math"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/data"
)

func bundled(t *testing.T) *Catalog {
	t.Helper()
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	return New(ds)
}

// find is the first build that satisfies ok.
func find(t *testing.T, cat *Catalog, what string, ok func(*Build) bool) *Build {
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
	has := func(b *Build) bool { _, ok := lookup(b, op); return ok }
	measured := find(t, cat, "measured below its part's maximum clock", func(b *Build) bool {
		return !b.Estimated() && b.hasFact && b.id.ClockHz > 0 && b.id.ClockHz < b.fact.MaxClockHz && has(b)
	})
	m, _ := lookup(measured, op)
	q := Question{Clock: ClockMeasured}
	f := ask(cat, measured, q).Figure(op)
	if f.Missing || f.Each != *m.SecondsPerOp || f.Basis != bench.Measured || f.Spread != 0 || f.From.Line != m.Pos.Line {
		t.Errorf("as measured: %+v, row %v s", f, *m.SecondsPerOp)
	}
	q.Clock = ClockMax
	s := clockFor(measured, q)
	f = ask(cat, measured, q).Figure(op)
	if want := *m.SecondsPerOp * float64(measured.id.ClockHz) / float64(measured.fact.MaxClockHz); !near(f.Each, want) || f.Basis != bench.ClockScaled || s.ClockHz != measured.fact.MaxClockHz {
		t.Errorf("at the maximum clock: %v s at %d Hz, want %v s (%s)", f.Each, s.ClockHz, want, f.Basis)
	}

	est := find(t, cat, "estimated with a known clock", func(b *Build) bool { return b.Estimated() && b.fact.MaxClockHz > 0 && has(b) })
	dm, _ := lookup(est.donor, op)
	q = Question{}
	s = clockFor(est, q)
	f = ask(cat, est, q).Figure(op)
	if want := *dm.SecondsPerOp * float64(est.donor.id.ClockHz) / float64(est.fact.MaxClockHz); !near(f.Each, want) || f.Basis != bench.Estimated ||
		f.Spread != math.Max(est.spread.Factor, 1) || f.From.Spread != f.Spread {
		t.Errorf("estimate: %+v, want %v s × spread %v", f, want, est.spread.Factor)
	}
	q.Margin, q.OwnMargin = 0.5, true
	if f := ask(cat, est, q).Figure(op); f.Spread != 1.5 || f.From.SpreadFrom != "" {
		t.Errorf("a margin of 50%%: spread %v from %q", f.Spread, f.From.SpreadFrom)
	}

	const kem = "ml-kem-768-keygen"
	m4 := find(t, cat, "on a Cortex-M4 without ML-KEM", func(b *Build) bool {
		_, own := lookup(b, kem)
		return !own && !b.ownPQC && b.hasFact && b.fact.Core == "Cortex-M4" && b.id.ClockHz > 0 && !b.Estimated()
	})
	q = Question{}
	s = clockFor(m4, q)
	f = ask(cat, m4, q).Figure(kem)
	if f.Missing || f.Basis != bench.CycleCount || f.Method != "cycle-count" || f.From.Source != "pqm4" || !near(f.Each, f.From.Cycles/float64(s.ClockHz)) || f.Stack <= 0 {
		t.Errorf("lent on a Cortex-M4: %+v", f)
	}
	q.Lenders = OnlyLenders(nil)
	if f := ask(cat, m4, q).Figure(kem); !f.Missing || f.NoCode {
		t.Errorf("lending off: %+v", f)
	}
	m0 := find(t, cat, "on a Cortex-M0+", func(b *Build) bool { return b.hasFact && b.fact.Core == "Cortex-M0+" && !b.ownPQC })
	q.Lenders = Lenders{}
	if f := ask(cat, m0, q).Figure(kem); !f.Missing || !f.NoCode {
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

// ask is cat.Ask(b, q), addressable.
func ask(cat *Catalog, b *Build, q Question) *Answer {
	a := cat.Ask(b, q)
	return &a
}

// CountFloorHz is the lowest clock any count in the bundled data states.
func TestCountFloorIsTheDatas(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	lowest := int64(0)
	for _, f := range ds.Cycles {
		if f.ClockHz > 0 && (lowest == 0 || f.ClockHz < lowest) {
			lowest = f.ClockHz
		}
	}
	if lowest != CountFloorHz {
		t.Errorf("the lowest clock a count states is %d Hz, CountFloorHz %v", lowest, CountFloorHz)
	}
}
