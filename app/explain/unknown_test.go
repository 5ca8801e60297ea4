package explain_test

import (
	"math"
	"net/url"
	"regexp"
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

// Every unknown names why: over every candidate of workloads that give
// unknowns for many reasons (a missing figure, no clock, the crypto's
// RAM unpublished, no run current), each unknown requirement and
// candidate lists what it misses, each entry an operation or one of the
// engine's gap codes, and the words for it are not the bare code.
func TestEveryUnknownNamesItsReason(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	for _, query := range []string{
		"tls-rate=10&fw-size=256KiB&fw-deadline=500ms&cpu-budget=70%&min-free-ram=32KiB",
		"tls-rate=1&min-free-ram=64KiB&library=wolfssl",
		"fw-size=256KiB&fw-deadline=500ms&energy-budget=1mJ/boot",
		"tls-rate=10&aes-rate=1MiB/s&energy-budget=10mJ/h&clock=max",
		"tls-rate=1&tls-role=client&tls-kex=x25519mlkem768&tls-sig=ml-dsa-65&max-op=100ms",
		"tls-rate=10&clock=80&min-free-ram=16KiB&energy-budget=1mJ/handshake",
	} {
		q, _ := url.ParseQuery(query)
		w, errs := settingtest.Schema.Parse(settingtest.Schema.FromQuery(q))
		if len(errs) > 0 {
			t.Fatalf("%s: %v", query, errs)
		}
		res := ix.Rank(w)
		if res.Counts.Unknown == 0 {
			t.Errorf("%s: no unknown to check", query)
		}
		gaps := map[string]int{}
		for _, c := range res.Candidates {
			if c.Verdict == engine.Unknown && len(c.Missing) == 0 {
				t.Errorf("%s: %s is unknown without a reason", query, c.Key)
			}
			if c.Verdict == engine.Unknown && strings.TrimSpace(strings.TrimPrefix(explain.Bottleneck(c), "missing:")) == "" {
				t.Errorf("%s: %s says %q", query, c.Key, explain.Bottleneck(c))
			}
			for _, r := range c.Requirements {
				if r.Verdict != engine.Unknown {
					continue
				}
				if len(r.Missing) == 0 {
					t.Errorf("%s: %s: %s is unknown without a reason", query, c.Key, r.Kind)
				}
				for _, m := range r.Missing {
					switch {
					case bench.KnownOp(m):
					case slices.Contains(engine.Gaps, m):
						gaps[m]++
						if explain.Missing(m) == m {
							t.Errorf("gap %q has no words", m)
						}
						if !slices.Contains(c.Missing, m) {
							t.Errorf("%s: %s: %s misses %s, the candidate does not say so", query, c.Key, r.Kind, m)
						}
					default:
						t.Errorf("%s: %s: %s misses %q: neither an operation nor a gap code", query, c.Key, r.Kind, m)
					}
				}
			}
		}
		t.Logf("%s: %d unknown; gaps %v", query, res.Counts.Unknown, gaps)
	}
}

// A budget that cannot apply to the workload is a field error naming
// the field, not a ranking of unknowns.
func TestBudgetWithoutItsLoadIsAFieldError(t *testing.T) {
	for _, tc := range []struct{ query, field string }{
		{"tls-rate=10&energy-budget=1mJ/boot", "energy-budget"},
		{"fw-size=256KiB&fw-deadline=1s&energy-budget=1mJ/handshake", "energy-budget"},
		{"fw-size=256KiB&fw-deadline=1s&energy-budget=1mJ/h", "energy-budget"},
		{"tls-rate=10&fw-size=256KiB&fw-deadline=1s&loads=tls&energy-budget=1mJ/boot", "energy-budget"},
	} {
		q, _ := url.ParseQuery(tc.query)
		w, errs := settingtest.Schema.Parse(settingtest.Schema.FromQuery(q))
		if e := errs.ByField(tc.field); e == nil || !strings.Contains(e.Msg, "load") {
			t.Errorf("%s: errors %v", tc.query, errs)
		}
		if _, ok := w.Load(engine.KindEnergy); ok {
			t.Errorf("%s: the budget is still a load", tc.query)
		}
	}
	q, _ := url.ParseQuery("tls-rate=10&fw-size=256KiB&fw-deadline=1s&energy-budget=1mJ/boot")
	if _, errs := settingtest.Schema.Parse(settingtest.Schema.FromQuery(q)); len(errs) > 0 {
		t.Errorf("a budget per boot with a firmware load: %v", errs)
	}
}

// A TLS load failed by the session's RAM says so in its bottleneck, and
// its headroom is the tighter of the CPU's and the RAM's (issue 41):
// STM32L0 parts (8 KiB) against a server's 16,634 B bound, at a rate
// their CPU carries (0.1/s) and one it does not (1/s).
func TestRAMBottleneck(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	for _, rate := range []string{"0.1", "1"} {
		w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": rate, "series": "L0"})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		seen := 0
		for _, c := range ix.Rank(w).Candidates {
			if c.Memory == nil || c.Memory.PartRAMBytes >= 16634 || c.Verdict == engine.Unknown {
				continue
			}
			seen++
			ratio := float64(c.Memory.PartRAMBytes) / 16634
			r := c.Requirements[0]
			want := ratio
			if r.Achieved != nil {
				want = min(ratio, *r.Achieved/w.Loads[0].(*engine.TLS).Rate)
			}
			if c.Verdict != engine.Fail || r.Headroom != nil && math.Abs(*r.Headroom-want) > 1e-9 {
				t.Errorf("%s/s: %s: %s, headroom %v, want %.4f (RAM ratio %.4f)", rate, c.Key, c.Verdict, r.Headroom, want, ratio)
			}
			// Without a headroom (a figure missing) the RAM is named when
			// it is the tightest known failure (the known CPU share may
			// fail it more); with one, when it is the RAM's.
			ramNamed := r.Headroom == nil && (r.AtMost == nil || math.Abs(*r.AtMost-ratio) < 1e-9) || r.Headroom != nil && want == ratio
			if ram := strings.Contains(explain.Bottleneck(c), "session RAM ≥ 16634 B"); ram != ramNamed {
				t.Errorf("%s/s: %s: bottleneck %q (headroom %v, RAM ratio %.4f)", rate, c.Key, explain.Bottleneck(c), r.Headroom, ratio)
			}
		}
		if seen == 0 {
			t.Fatalf("%s/s: no STM32L0 row below the session's RAM", rate)
		}
	}
}

// A remedy never suggests the setting already chosen: the clock gap a
// source clock above the part's maximum leaves arises only with a clock
// asked for, so its remedy asks for the measured one.
func TestRemedyIsNotTheSettingChosen(t *testing.T) {
	if r := explain.Remedy(engine.UntrustedClock); strings.Contains(r, "Clock to max") || !strings.Contains(r, "measured") {
		t.Errorf("remedy %q", r)
	}
}

// The details' evidence reads plainly: no "line 0", no "at 0 MHz", no
// spread named for a core as if it were the row's own, on the first
// visit, a post-quantum client on the Cortex-M33 and a Cortex-M0+
// secure boot.
func TestEvidenceInPlainWords(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	bad := regexp.MustCompile(`line 0\b|at 0 MHz|\b0 runs\b|the Cortex-M[0-9+]+ spread`)
	checked := 0
	for _, p := range []workload.Params{
		workload.FirstVisit,
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65", "core": "M33"},
		{"fw-size": "256KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "core": "M0+"},
	} {
		w, errs := settingtest.Schema.Parse(settingtest.Schema.Complete(p))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, c := range ix.Rank(w).Candidates {
			for _, r := range c.Requirements {
				for _, tm := range r.Terms {
					checked++
					if s := explain.From(tm); bad.MatchString(s) {
						t.Errorf("%v: %s %s: %q", p, c.Key, tm.Op, s)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no term checked")
	}
}
