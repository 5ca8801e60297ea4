package engine_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// pqps measured a NUCLEO-F411RE at 96 MHz and 3.0 V (github.com/
// mjosaarinen/pqps, log/parsed_data.txt at a03d43c1): ECDSA P-256 verify
// 6.639 M cycles, 4.142 mJ; ECDH P-256 keygen 5.814 M cycles, 3.663 mJ.
// No F411 build is in the data: the case is built from those cycles, on
// ST's facts of the STM32F411 (run current 100 µA/MHz). The energy range
// must hold the measurement (the high end within the 4 significant
// digits pqps prints).
func TestEnergyReproducesPQPS(t *testing.T) {
	real, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	var f411 *bench.PartGroup
	for i, g := range real.Groups {
		if slices.ContainsFunc(g.Members, func(m bench.PartMember) bool { return strings.HasPrefix(m.Part, "STM32F411RE") }) {
			f411 = &real.Groups[i]
		}
	}
	if f411 == nil || f411.Members[0].RunUAPerMHz == nil || *f411.Members[0].RunUAPerMHz != 100 {
		t.Fatalf("STM32F411 group %+v", f411)
	}
	const clock = 96e6
	for _, tc := range []struct {
		op, sig  string
		cycles   float64
		measured float64 // J
	}{
		{"ecdsa-p256-verify", "ecdsa-p256", 6.639e6, 4.142e-3},
		{"ecc-p256-keygen", "", 5.814e6, 3.663e-3},
	} {
		id := bench.Identity{MCU: "STM32F411RE", Part: "STM32F411RE", Board: "NUCLEO-F411RE", Library: "pqps", LibraryVersion: "a03d43c1", Config: "pqps", ClockHz: clock}
		each := tc.cycles / clock
		ds := &bench.Dataset{
			Libraries: []bench.Library{{Name: "pqps", Flag: "pqps"}},
			MCUs: bench.Facts{{Part: "STM32F411RE", Core: "Cortex-M4", MaxClockHz: 100e6, FlashBytes: 512 << 10, RAMBytes: 128 << 10,
				CryptoHardware: []string{"RNG"}}},
			Measurements: []bench.Measurement{{Identity: id, Op: tc.op, SecondsPerOp: &each, Printed: "pqps", Source: "pqps"}},
			Groups:       []bench.PartGroup{*f411},
		}
		// A workload made of the one operation: the longest-operation
		// budget (max-op) takes it, and a TLS client's handshake needs
		// the keygen; the energy of the term is what is checked.
		p := workload.Params{"max-op": "1s", "supply": "3.0", "tls-rate": "1", "tls-role": "client", "tls-kex": "p256", "tls-sig": "ecdsa-p256"}
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		res := engine.NewIndex(ds).Rank(w)
		// One operation of a handshake: the build lacks the others, so
		// it is listed rather than ranked; its term is still judged.
		c := append(res.Candidates, res.NoFigure...)[0]
		var term engine.Term
		for _, r := range c.Requirements {
			for _, x := range r.Terms {
				if x.Op == tc.op && !x.Missing {
					term = x
				}
			}
		}
		if term.Op == "" || c.Energy == nil || c.Energy.RunUAPerMHz == nil || c.Energy.SupplyV != 3.0 {
			t.Fatalf("%s: term %+v, energy %+v", tc.op, term, c.Energy)
		}
		lo, hi := engine.TermEnergy(term, c.ClockHz, *c.Energy.RunUAPerMHz, c.Energy.SupplyV)
		lo, hi = lo/term.Count, hi/term.Count // per operation (a client verifies 3 signatures)
		if !(lo <= tc.measured && tc.measured <= hi*1.0005) {
			t.Errorf("%s: %.4g–%.4g J does not hold pqps's %.4g J", tc.op, lo, hi, tc.measured)
		}
		if want := tc.cycles * 100e-12 * 3.0; math.Abs(lo-want) > 1e-12 {
			t.Errorf("%s: low end %.6g J, want cycles × 100 µA/MHz × 3.0 V = %.6g J", tc.op, lo, want)
		}
	}
}

// The formula on real candidates: two parts with different run currents
// (from ST's data) give per-boot energies in that ratio per cycle; a part
// without a run current has unknown energy while its times are known.
func TestEnergyFollowsRunCurrent(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-sig": "ecdsa-p256", "fw-deadline": "1s", "supply": "1.8"})
	currents := map[float64]bool{}
	unknown := 0
	for _, c := range res.Candidates {
		if c.Verdict == engine.Unknown || c.Energy == nil || len(c.Missing) > 0 {
			continue // no energy without every figure (a FAIL known on part of them has none)
		}
		if c.Energy.RunUAPerMHz == nil {
			unknown++
			if c.Energy.PerBoot != nil {
				t.Errorf("%s: energy %v without a run current", c.Key, *c.Energy.PerBoot)
			}
			continue
		}
		// The low end at the smallest run current of the part numbers
		// the row stands for, the high end at the largest: the range
		// holds for each of them.
		run, low := *c.Energy.RunUAPerMHz, *c.Energy.RunUAPerMHz
		if c.Energy.RunLowUAPerMHz != nil {
			low = *c.Energy.RunLowUAPerMHz
		}
		if c.Group != nil {
			var min, max float64
			for _, m := range c.Group.List {
				if r := m.RunUAPerMHz; r != nil {
					if min == 0 || *r < min {
						min = *r
					}
					max = math.Max(max, *r)
				}
			}
			if low != min || run != max {
				t.Errorf("%s: run current %g–%g µA/MHz, the members' %g–%g", c.Key, low, run, min, max)
			}
		}
		var lo, hi float64
		for _, x := range c.Requirements[0].Terms {
			factor := 2.1
			lo += x.Each * x.Count * float64(c.ClockHz) / 1e6 * low * 1e-6 * 1.8
			hi += x.Total * float64(c.ClockHz) / 1e6 * run * 1e-6 * 1.8 * factor
		}
		if c.Energy.PerBoot == nil || !same(c.Energy.PerBoot[0], lo) || !same(c.Energy.PerBoot[1], hi) || c.Energy.Basis != bench.Estimated {
			t.Errorf("%s: per boot %v, want [%g %g]", c.Key, c.Energy.PerBoot, lo, hi)
		}
		currents[run] = true
	}
	if len(currents) < 2 || unknown == 0 {
		t.Errorf("%d run currents seen, %d candidates without one", len(currents), unknown)
	}
}

// objective=energy orders the passes by energy per hour (high end), and
// an energy budget fails a candidate above it.
func TestEnergyObjectiveAndBudget(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"tls-rate": "1", "objective": "energy"})
	last, n := 0.0, 0
	for _, c := range res.Candidates {
		if c.Verdict != engine.Pass || c.Energy == nil || c.Energy.PerHour == nil {
			continue
		}
		if c.Energy.PerHour[1] < last {
			t.Fatalf("%s: %g J/h after %g J/h", c.Key, c.Energy.PerHour[1], last)
		}
		last, n = c.Energy.PerHour[1], n+1
	}
	if n < 10 {
		t.Fatalf("%d passes with an energy per hour", n)
	}
	// A budget between the best and the worst: some pass, some fail, and
	// each verdict is the high end's.
	budget := last / 2
	res = rankParams(t, ix, workload.Params{"tls-rate": "1", "energy-budget": strconvJ(budget) + "/h"})
	var pass, fail int
	for _, c := range res.Candidates {
		var r *engine.Requirement
		for i := range c.Requirements {
			if c.Requirements[i].Kind == engine.KindEnergy {
				r = &c.Requirements[i]
			}
		}
		if r == nil || c.Energy == nil || c.Energy.PerHour == nil {
			continue
		}
		over := c.Energy.PerHour[1] > budget*1.000001
		switch {
		case over && r.Verdict == engine.Fail:
			fail++
		case !over && r.Verdict == engine.Pass:
			pass++
		case over == (r.Verdict == engine.Pass):
			t.Errorf("%s: %g J/h against %g J/h: %s", c.Key, c.Energy.PerHour[1], budget, r.Verdict)
		}
	}
	if pass == 0 || fail == 0 {
		t.Errorf("energy budget: %d pass, %d fail", pass, fail)
	}
}

func strconvJ(j float64) string { return strconv.FormatFloat(j*1e3, 'f', 6, 64) + "mJ" }

// Budgets and their bad forms.
func TestEnergyBudgetParse(t *testing.T) {
	for _, tc := range []struct {
		in  string
		ok  bool
		j   float64
		per string
	}{
		{"10mJ/h", true, 10e-3, "h"}, {"50uJ/handshake", true, 50e-6, "handshake"}, {"2 mJ / boot", true, 2e-3, "boot"},
		{"1.5J/hour", true, 1.5, "h"}, {"50µJ/handshake", true, 50e-6, "handshake"},
		{"50uJ", false, 0, ""}, {"10/h", false, 0, ""}, {"-1mJ/h", false, 0, ""}, {"NaNmJ/h", false, 0, ""}, {"1mJ/day", false, 0, ""},
	} {
		b, ok := engine.ParseEnergyBudget(tc.in)
		if ok != tc.ok || ok && (!same(b.Joules, tc.j) || b.Per != tc.per) {
			t.Errorf("%q: %+v %v", tc.in, b, ok)
		}
	}
	if _, errs := settingtest.Schema.Parse(workload.Params{"energy-budget": "lots"}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "energy-budget") {
		t.Errorf("a bad budget: %v", errs)
	}
	if _, errs := settingtest.Schema.Parse(workload.Params{"supply": "5"}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "1.62") {
		t.Errorf("a supply of 5 V: %v", errs)
	}
}

// RAM left for the application: the part's RAM less the crypto's
// published RAM; min-free-ram fails a candidate with too little and
// leaves one whose crypto RAM is not published unknown.
func TestFreeRAM(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"fw-size": "64KiB", "fw-sig": "ecdsa-p256", "fw-deadline": "1s", "min-free-ram": "40KiB"})
	var pass, fail, unknown, ranges, lower, own int
	for _, c := range res.Candidates {
		// A group's RAM left is counted from its smallest part number's
		// RAM: it then holds for each part number the row stands for.
		if g := c.Group; g != nil && c.Memory != nil {
			if c.Memory.PartRAMBytes != g.RAM[0] {
				t.Errorf("%s: RAM left counted from %d B, the group's smallest part number has %d B", c.Key, c.Memory.PartRAMBytes, g.RAM[0])
			}
			if g.RAM[0] != g.RAM[1] {
				ranges++
			}
			// A measured row whose own part has more RAM also says what
			// is left on that part.
			if f := c.Facts; c.Basis == bench.Measured && c.Memory.FreeRAMBytes != nil && f != nil && f.RAMBytes > c.Memory.PartRAMBytes &&
				(c.Memory.MeasuredFreeRAMBytes == nil || *c.Memory.MeasuredFreeRAMBytes != f.RAMBytes-*c.Memory.CryptoRAMBytes) {
				t.Errorf("%s: measured on a part with %d B of RAM, its own RAM left is %v", c.Key, f.RAMBytes, c.Memory.MeasuredFreeRAMBytes)
			}
			if c.Memory.MeasuredFreeRAMBytes != nil {
				own++
			}
		}
		var r engine.Requirement
		for _, x := range c.Requirements {
			if x.Kind == engine.KindFreeRAM {
				r = x
			}
		}
		m := c.Memory
		switch {
		case m == nil || slices.Contains(r.Missing, engine.TargetMaxClock) || slices.Contains(r.Missing, engine.UntrustedClock):
			// no clock: every requirement is unknown for that reason
		case m.FreeRAMBytes == nil:
			unknown++
			if r.Verdict != engine.Unknown || !(slices.Contains(r.Missing, engine.GapLibraryRAM) || slices.Contains(r.Missing, engine.GapFootprint)) || m.NotPublished == "" {
				t.Errorf("%s: %s, missing %v, %q", c.Key, r.Verdict, r.Missing, m.NotPublished)
			}
		default:
			if *m.FreeRAMBytes != m.PartRAMBytes-*m.CryptoRAMBytes || *m.CryptoRAMBytes != *c.Footprint.RAMBytes {
				t.Errorf("%s: %+v, footprint %d", c.Key, m, *c.Footprint.RAMBytes)
			}
			want := engine.Pass
			switch {
			case *m.FreeRAMBytes < 40<<10:
				want, fail = engine.Fail, fail+1
			case m.LowerBound:
				// At most this much is left (Mbed TLS: heap only): enough
				// is not known, and says why.
				want, lower = engine.Unknown, lower+1
				if !slices.Contains(r.Missing, engine.GapStack) {
					t.Errorf("%s: missing %v", c.Key, r.Missing)
				}
			default:
				pass++
			}
			if r.Verdict != want {
				t.Errorf("%s: %d B free, %s", c.Key, *m.FreeRAMBytes, r.Verdict)
			}
		}
	}
	if pass == 0 || fail == 0 || unknown == 0 || ranges == 0 || lower == 0 || own == 0 {
		t.Errorf("min-free-ram: %d pass, %d fail, %d unknown, %d at most; %d groups whose RAM differs; %d measured parts' own RAM left", pass, fail, unknown, lower, ranges, own)
	}
	// With a part filter in force, the smallest of the part numbers it
	// keeps.
	res = rankParams(t, ix, workload.Params{"fw-size": "64KiB", "fw-sig": "ecdsa-p256", "fw-deadline": "1s", "min-free-ram": "40KiB", "min-ram": "256KiB"})
	filtered := 0
	for _, c := range res.Candidates {
		if c.Group != nil && c.Memory != nil {
			filtered++
			if c.Memory.PartRAMBytes < 256<<10 || c.Memory.PartRAMBytes > c.Group.RAM[1] {
				t.Errorf("%s (min-ram=256KiB): RAM left counted from %d B", c.Key, c.Memory.PartRAMBytes)
			}
		}
	}
	if filtered == 0 {
		t.Error("min-ram=256KiB left no group")
	}
}
