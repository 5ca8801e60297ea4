package engine_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// Every figure says how it was obtained and from what, and the row and
// the clock ratio in From reproduce it.
func TestProvenanceReproducesEveryTerm(t *testing.T) {
	ix := index(t)
	ds := ix.Dataset()
	rows := map[string]*bench.Measurement{}
	for i := range ds.Measurements {
		m := &ds.Measurements[i]
		// Two libraries may share a table row (p256-m's and TinyCrypt's
		// columns): the library is part of the key.
		rows[fmt.Sprintf("%s|%s|%s:%d:%d", m.Library, m.Op, m.Pos.File, m.Pos.Line, m.Pos.Col)] = m
	}
	for _, clock := range []string{"measured", "max", "100"} {
		t.Run("clock="+clock, func(t *testing.T) {
			w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": "5", "fw-size": "64KiB", "fw-deadline": "1s", "aes-rate": "64KiB/s", "clock": clock})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			scaled, estimated, bounded, counted, sameCode := 0, 0, 0, 0, 0
			for _, c := range ix.Rank(w).Candidates {
				// A candidate is at least as unsure as how its clock was reached.
				var weakest bench.Basis = bench.Measured
				switch {
				case c.Donor != nil:
					weakest = bench.Estimated
				case c.Estimate:
					weakest = bench.ClockScaled
				}
				for _, r := range c.Requirements {
					for _, tm := range r.Terms {
						if tm.Missing {
							if tm.Basis != "" || tm.From != nil {
								t.Errorf("%s %s: a missing term carries a basis", c.Key, tm.Op)
							}
							continue
						}
						if !slices.Contains(bench.Bases, tm.Basis) || tm.From == nil {
							t.Fatalf("%s %s: basis %q, from %v", c.Key, tm.Op, tm.Basis, tm.From)
						}
						weakest = bench.Weaker(weakest, tm.Basis)
						// ECDHE estimated from the build's own ECDSA: the row is
						// the ECDSA operation's, times the rule's ratio.
						op, ratio := tm.Op, 1.0
						if tm.From.Bounded != "" {
							op, ratio = tm.From.Bounded, tm.From.Ratio
							bounded++
						}
						m := rows[fmt.Sprintf("%s|%s|%s:%d:%d", c.Library, op, tm.From.Document, tm.From.Line, tm.From.Col)]
						if m == nil {
							t.Errorf("%s %s: no row at %s:%d", c.Key, tm.Op, tm.From.Document, tm.From.Line)
							continue
						}
						factor := 1.0
						// Another build's figure that runs the same code (an
						// asm build's ECC, its c build's): its slow end × the
						// rule's spread.
						same := 1.0
						if sc := tm.From.SameCode; sc != nil {
							same = sc.Spread
							sameCode++
						}
						if tm.Basis == bench.Estimated && tm.From.Bounded != "" && tm.From.ToClockHz == 0 {
							// At the build's own clock: only the ratio and the bound.
							if math.Abs(tm.Slow-tm.Each*tm.From.Spread) > 1e-12*tm.Slow || math.Abs(tm.From.Spread*ratio-same) > 1e-12 {
								t.Errorf("%s %s: slow %v, each %v, spread %v: the slow end is not the bound", c.Key, tm.Op, tm.Slow, tm.Each, tm.From.Spread)
							}
						} else if tm.Basis == bench.Estimated && tm.From.SameCode != nil && tm.From.ToClockHz == 0 {
							// At the build's own clock: the other build's row, × the rule's spread.
							if math.Abs(tm.Slow-tm.Each*tm.From.Spread) > 1e-12*tm.Slow || math.Abs(tm.From.Spread-same*math.Max(tm.From.Bound, 1)) > 1e-12 {
								t.Errorf("%s %s: slow %v, each %v, spread %v: the slow end is not the same code's", c.Key, tm.Op, tm.Slow, tm.Each, tm.From.Spread)
							}
						} else if tm.Basis == bench.Estimated {
							estimated++
							factor = float64(tm.From.ClockHz) / float64(tm.From.ToClockHz)
							if tm.From.TimeFactor != factor || tm.From.ToClockHz != c.ClockHz || tm.From.ClockHz != m.ClockHz || tm.From.Spread < 1 ||
								math.Abs(tm.Slow-tm.Each*tm.From.Spread) > 1e-12*tm.Slow || math.Abs(tm.Total-tm.Slow*tm.Count) > 1e-12*tm.Total {
								t.Errorf("%s %s: estimate factor %v spread %v, slow %v, total %v", c.Key, tm.Op, tm.From.TimeFactor, tm.From.Spread, tm.Slow, tm.Total)
							}
						} else if tm.Basis == bench.ClockScaled {
							scaled++
							factor = float64(tm.From.ClockHz) / float64(tm.From.ToClockHz)
							if tm.From.TimeFactor != factor || tm.From.ToClockHz != c.ClockHz || tm.From.ClockHz != m.ClockHz {
								t.Errorf("%s %s: factor %v, clocks %d → %d; want %v, %d → %d", c.Key, tm.Op, tm.From.TimeFactor, tm.From.ClockHz, tm.From.ToClockHz, factor, m.ClockHz, c.ClockHz)
							}
						} else if tm.Basis == bench.CycleCount {
							// A measured row that is a count at an unknown clock
							// (ST v3's F103, L476): the fast end as printed, the
							// slow end widened for the wait states.
							counted++
							if tm.From.TimeFactor > 0 {
								factor = tm.From.TimeFactor
							}
							if tm.From.AssumedHz <= 0 || tm.From.Spread < 1 || math.Abs(tm.Slow-tm.Each*tm.From.Spread) > 1e-12*tm.Slow {
								t.Errorf("%s %s: a count at an unknown clock with spread %v, slow %v (assumed %d Hz)", c.Key, tm.Op, tm.From.Spread, tm.Slow, tm.From.AssumedHz)
							}
						} else if tm.Basis != bench.Measured || tm.From.TimeFactor != 0 {
							t.Errorf("%s %s: basis %s with factor %v", c.Key, tm.Op, tm.Basis, tm.From.TimeFactor)
						}
						want := 0.0
						if tm.Bytes > 0 {
							want = float64(tm.Bytes) / (*m.BytesPerSecond / factor)
						} else {
							want = *m.SecondsPerOp * factor * ratio
						}
						if math.Abs(tm.Each-want) > 1e-12*want {
							t.Errorf("%s %s: %v s each, the row and factor give %v", c.Key, tm.Op, tm.Each, want)
						}
					}
				}
				if c.Basis != weakest {
					t.Errorf("%s: basis %s, its weakest term %s", c.Key, c.Basis, weakest)
				}
			}
			if clock != "measured" && scaled == 0 || estimated == 0 || bounded == 0 || counted == 0 || sameCode == 0 {
				t.Errorf("%d clock-scaled, %d estimated, %d ECDHE-from-ECDSA, %d counted and %d same-code terms: the checks above checked nothing of some", scaled, estimated, bounded, counted, sameCode)
			}
		})
	}
}

// A candidate ranked at its measured clock is measured; at another clock
// it is clock-scaled.
func TestCandidateBasis(t *testing.T) {
	ix := index(t)
	for _, tc := range []struct{ clock string }{{"measured"}, {"max"}} {
		w := parse(t, workload.Params{"tls-rate": "5", "mcu": "H563", "library": "wolfssl", "clock": tc.clock})
		res := ix.Rank(w)
		if len(res.Candidates) == 0 {
			t.Fatalf("clock=%s: no candidate to check", tc.clock)
		}
		for _, c := range res.Candidates {
			if c.Donor != nil {
				if c.Basis != bench.Estimated {
					t.Errorf("%s: an estimate with basis %s", c.Key, c.Basis)
				}
				continue
			}
			if c.ClockHz != c.MeasuredClockHz && c.Basis != bench.ClockScaled || c.ClockHz == c.MeasuredClockHz && c.Basis != bench.Measured {
				t.Errorf("clock=%s %s at %d Hz (measured at %d): basis %s", tc.clock, c.Key, c.ClockHz, c.MeasuredClockHz, c.Basis)
			}
		}
	}
}
