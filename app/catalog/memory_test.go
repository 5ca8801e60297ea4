package catalog

import (
	"math"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/data"
)

// Parts whose code runs from external memory or SRAM (H7R/H7S, N6) give
// estimates only to their kind and take them only from it, and say so.
func TestMemoryClassKeepsEstimatesApart(t *testing.T) {
	cat := bundled(t)
	external := 0
	for _, b := range cat.Builds {
		if b.group == nil {
			continue
		}
		if b.external != External(b.group) {
			t.Errorf("%s: External %v, its group %v", b.key, b.external, External(b.group))
		}
		if b.external {
			external++
			if line := b.group.Name; !strings.Contains(line, "H7R") && !strings.Contains(line, "H7S") && !strings.Contains(line, "N6") {
				t.Errorf("%s: %s taken for an external-memory part", b.key, line)
			}
		}
		if d := b.donor; d != nil && d.external != b.external {
			t.Errorf("%s: estimated from %s across memory classes", b.key, d.key)
		}
	}
	if external == 0 {
		t.Error("no build on an external-memory part: the rule checked nothing")
	}
}

// An estimate taken up in clock widens its slow end by u^α (α from the
// same build on one part at two clocks: STM32U385RG at 16 and 96 MHz in
// the STM32_Bare_Test README); taken down, it does not.
func TestScalingUpWidensTheSlowEnd(t *testing.T) {
	cat := bundled(t)
	m := cat.Clocks()
	if len(m.Pairs) == 0 || m.Alpha <= 0 || m.Alpha > 1 {
		t.Fatalf("clock model %+v", m)
	}
	up, down := 0, 0
	for _, b := range cat.Builds {
		if b.donor == nil || b.fact.MaxClockHz <= 0 {
			continue
		}
		s := clockFor(b, Question{Clock: ClockMax})
		u := float64(s.ClockHz) / float64(b.donor.id.ClockHz)
		switch {
		case u > 1.0001:
			up++
			want := b.spread.Factor * math.Pow(u, m.Alpha)
			if math.Abs(s.Spread-want) > 1e-9*want || math.Abs(s.Up-u) > 1e-9*u || s.Widen <= 1 {
				t.Errorf("%s: up %g, spread %g (widen %g), want %g", b.key, u, s.Spread, s.Widen, want)
			}
		case u < 0.9999:
			down++
			if s.Widen != 0 || s.Spread != math.Max(b.spread.Factor, 1) {
				t.Errorf("%s: taken down %g, spread %g widened %g", b.key, u, s.Spread, s.Widen)
			}
		}
	}
	if up == 0 || down == 0 {
		t.Errorf("%d estimates taken up, %d down: the checks checked nothing", up, down)
	}
	// The margin the user sets replaces the data's widening too.
	for _, b := range cat.Builds {
		if b.donor != nil && b.fact.MaxClockHz > b.donor.id.ClockHz {
			if s := clockFor(b, Question{Clock: ClockMax, Margin: 0.5, OwnMargin: true}); s.Spread != 1.5 || s.Widen != 0 {
				t.Errorf("%s: with a margin, spread %g widen %g", b.key, s.Spread, s.Widen)
			}
			break
		}
	}
}

// A build whose clock the source is unsure of never donates. No source
// of the bundled data is unsure of a clock now (the STM32G071RB's
// Bare_Test clock is decided): the test doubts the STM32G071RB's
// builds with a finding of that kind.
func TestAnUncertainClockNeverDonates(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ds.Warnings = append(slices.Clone(ds.Warnings), bench.Warning{MCU: "STM32G071RB", Kind: bench.WarnClockUncertain, Text: "test: clock doubted"})
	cat := New(ds)
	doubted := 0
	for _, b := range cat.Builds {
		if b.doubt {
			doubted++
		}
		if b.donor != nil && b.donor.doubt {
			t.Errorf("%s: estimated from %s, whose clock is uncertain", b.key, b.donor.key)
		}
	}
	if doubted == 0 {
		t.Error("no build with an uncertain clock (the STM32G071RB's, doubted by the test)")
	}
}

// The validation estimates measured builds as if unmeasured: every check
// compares one operation of two builds of the same library, version and
// configuration on different parts of one core, and the memory rules
// never compare across memory classes.
func TestValidation(t *testing.T) {
	cat := bundled(t)
	ds := cat.Dataset()
	external := func(part string) bool {
		for i := range ds.Groups {
			if _, ok := ds.Groups[i].Member(part); ok {
				return External(&ds.Groups[i])
			}
		}
		return false
	}
	part := func(at string) string { p, _, _ := strings.Cut(at, " @ "); return p }
	with, without := cat.Validate(Rules{Memory: true}), cat.Validate(Rules{})
	if len(with) == 0 || len(without) <= len(with) {
		t.Fatalf("%d checks with the memory rules, %d without", len(with), len(without))
	}
	crossed := 0
	for _, c := range without {
		if external(part(c.Target)) != external(part(c.Donor)) {
			crossed++
		}
	}
	for _, c := range with {
		if c.Target == c.Donor || part(c.Target) == part(c.Donor) || c.Ratio <= 0 || c.Slow < 1 || !bench.KnownOp(c.Op) {
			t.Errorf("check %+v", c)
		}
		if external(part(c.Target)) != external(part(c.Donor)) {
			t.Errorf("check across memory classes: %+v", c)
		}
	}
	if crossed == 0 {
		t.Error("without the rules no check crosses a memory class: the comparison shows nothing")
	}
	sum := Summarize(with)
	all := sum[len(sum)-1]
	if all.Core != "all" || all.Checks != len(with) || all.Median < 1 || all.P90 < all.Median || all.Inside <= 0 || all.Inside > 1 {
		t.Errorf("summary %+v", all)
	}
	if v := cat.ValidationFor("Cortex-M4"); v == nil || v.Checks == 0 {
		t.Errorf("no Cortex-M4 validation: %+v", v)
	}
}
