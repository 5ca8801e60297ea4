package engine_test

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"math"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// The engine's test cases are data (testdata/cases.json): the workload as
// URL/flag parameters, and the expected verdicts, figures or input errors.

// parse is the workload of p, failing the test on any input error: a
// test never ranks a workload that lost a field.
func parse(t testing.TB, p workload.Params) engine.Workload {
	t.Helper()
	w, errs := settingtest.Schema.Parse(p)
	if len(errs) > 0 {
		t.Fatalf("the test's workload %v: %v", p, errs)
	}
	return w
}

// TestMain runs the tests with the collector at a quarter of its pace:
// the properties rank ~500 workloads, a few MB each, dropped at once,
// and at GOGC=100 collecting them was a fifth of the tests' CPU.
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}

// index is the index the tests share.
func index(t testing.TB) *engine.Index {
	ix, err := shared()
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// shared is the index the tests share (12 ms to make, once per test
// before): its memo is the page's, keystroke after keystroke, and the
// memo properties hold that a memo answers as a fresh index.
var shared = sync.OnceValues(func() (*engine.Index, error) {
	ds, err := data.Dataset()
	if err != nil {
		return nil, err
	}
	return engine.NewIndex(ds), nil
})

// ownIndex is an index of the test's own: a long property's, ranking
// alongside the others.
func ownIndex(t testing.TB) *engine.Index {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	return engine.NewIndex(ds)
}

type expectCand struct {
	Verdict     string             `json:"verdict"`
	Headroom    float64            `json:"headroom"`
	PKms        float64            `json:"pk_ms"`
	Counts      map[string]float64 `json:"counts"`
	Missing     []string           `json:"missing"`
	Configs     map[string]string  `json:"configs"`
	HashRate    float64            `json:"hash_rate"`
	Utilization float64            `json:"utilization"`
	Bottleneck  string             `json:"bottleneck"`
	ClockHz     int64              `json:"clock_hz"`
	Estimate    *bool              `json:"estimate"`
	Warning     string             `json:"warning"`
	NoWarning   []string           `json:"no_warning"`
	Accel       []string           `json:"acceleration"`
	Claimed     []string           `json:"claimed_absent"`
	LongestOp   string             `json:"longest_op"`
	FPFlash     bool               `json:"footprint_flash"`
	FPMissing   []string           `json:"footprint_missing"`
	FPSource    string             `json:"footprint_source"`
	FPNotSource string             `json:"footprint_not_source"`
	Why         string             `json:"why"`
	Absent      []string           `json:"absent"`
}

type testCase struct {
	Name   string          `json:"name"`
	Params workload.Params `json:"params"`
	Expect struct {
		Candidates  map[string]expectCand `json:"candidates"`
		AllVerdict  string                `json:"all_verdict"`
		Count       *int                  `json:"count"`
		AllMCUIn    []string              `json:"all_mcu_in"`
		FirstMCU    string                `json:"first_mcu"`
		ErrorFields []string              `json:"error_fields"`
		// Filters: per filter field, [removed alone, left without it].
		Filters map[string][2]int `json:"filters"`
	} `json:"expect"`
}

func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Abs(b) }

func TestCases(t *testing.T) {
	t.Parallel() // the shared index ranks concurrently; the cases run in turn
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields() // a misspelled expectation must fail, not be ignored
	if err := dec.Decode(&cases); err != nil {
		t.Fatal(err)
	}
	ix := index(t)
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			w, errs := settingtest.Schema.Parse(tc.Params)
			if tc.Expect.ErrorFields != nil {
				var got []string
				for _, e := range errs {
					got = append(got, e.Field)
					f, known := settingtest.Schema.FieldByName(e.Field)
					if known && !strings.Contains(e.Error(), e.Field) || known && f.Accepted == "" {
						t.Errorf("error does not name field and accepted values: %v", e)
					}
				}
				sort.Strings(got)
				want := append([]string{}, tc.Expect.ErrorFields...)
				sort.Strings(want)
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("error fields %v, want %v (%v)", got, want, errs)
				}
				return
			}
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			res := ix.Rank(w)
			if tc.Expect.Count != nil && len(res.Candidates) != *tc.Expect.Count {
				t.Errorf("%d candidates, want %d", len(res.Candidates), *tc.Expect.Count)
			}
			if tc.Expect.Filters != nil {
				got := map[string][2]int{}
				for _, f := range res.Filters {
					got[f.Field] = [2]int{f.Removes, f.Without}
				}
				if !maps.Equal(got, tc.Expect.Filters) {
					t.Errorf("filter effects %v, want %v", got, tc.Expect.Filters)
				}
			}
			if tc.Expect.FirstMCU != "" && (len(res.Candidates) == 0 || res.Candidates[0].MCU != tc.Expect.FirstMCU) {
				t.Errorf("first candidate of %d is not %s", len(res.Candidates), tc.Expect.FirstMCU)
			}
			for _, c := range res.Candidates {
				// A figure that misses a measurement is absent, never a
				// partial sum or a zero.
				for _, r := range c.Requirements {
					// Every rule behind a figure is declared by its kind.
					if _, ok := engine.RuleOf(r.Rule); !ok {
						t.Errorf("%s: requirement rule %q is not declared", c.Key, r.Rule)
					}
					for _, tm := range r.Terms {
						if _, ok := engine.RuleOf(tm.Rule); !ok {
							t.Errorf("%s: term rule %q is not declared", c.Key, tm.Rule)
						}
					}
					if len(r.Missing) > 0 && (r.Achieved != nil || r.Headroom != nil || r.Utilization != nil) {
						t.Errorf("%s: %s requirement misses %v but shows figures", c.Key, r.Kind, r.Missing)
					}
					if r.Continuous && len(r.Missing) > 0 && c.Utilization != nil {
						t.Errorf("%s: CPU share %v shown although %s misses %v", c.Key, *c.Utilization, r.Kind, r.Missing)
					}
				}
				// An unknown candidate has no candidate-level figures.
				if c.Verdict == engine.Unknown && (c.Headroom != nil || c.Utilization != nil || c.Bottleneck != "") {
					t.Errorf("%s: unknown, yet headroom %v, CPU %v, bottleneck %q", c.Key, c.Headroom, c.Utilization, c.Bottleneck)
				}
				if tc.Expect.AllMCUIn != nil && !slices.Contains(tc.Expect.AllMCUIn, c.MCU) {
					t.Errorf("%s: %s is not one of %v", c.Key, c.MCU, tc.Expect.AllMCUIn)
				}
				if tc.Expect.AllVerdict != "" && string(c.Verdict) != tc.Expect.AllVerdict {
					t.Errorf("%s: %s, want %s", c.Key, c.Verdict, tc.Expect.AllVerdict)
				}
			}
			// Unknowns come fewest missing first, then by key.
			for i := 1; i < len(res.Candidates); i++ {
				a, b := res.Candidates[i-1], res.Candidates[i]
				if a.Verdict == engine.Unknown && b.Verdict == engine.Unknown &&
					(len(a.Missing) > len(b.Missing) || len(a.Missing) == len(b.Missing) && a.Key > b.Key) {
					t.Errorf("unknowns out of order: %s (%d missing) before %s (%d)", a.Key, len(a.Missing), b.Key, len(b.Missing))
				}
			}
			// A build left out as publishing no figure lacks one for an
			// operation it names, and its verdict could not be known.
			for _, c := range res.NoFigure {
				if len(c.Lacks) == 0 || c.Verdict != engine.Unknown {
					t.Errorf("%s is left out as without a figure: %s, lacking %v", c.Key, c.Verdict, c.Lacks)
				}
				for _, op := range c.Lacks {
					for _, r := range c.Requirements {
						if slices.ContainsFunc(r.Terms, func(tm engine.Term) bool { return tm.Op == op && !tm.Missing }) {
							t.Errorf("%s is left out as lacking %s, but has a figure for it in %s", c.Key, op, r.Kind)
						}
					}
				}
			}
			for key, want := range tc.Expect.Candidates {
				var c *engine.Candidate
				for i := range res.Candidates {
					if label(res.Candidates[i]) == key {
						c = &res.Candidates[i]
					}
				}
				for i := range res.NoFigure {
					if label(res.NoFigure[i]) == key {
						if c, want.Verdict = &res.NoFigure[i], string(engine.Unknown); tc.Expect.Candidates[key].Verdict != "no-figure" {
							t.Errorf("%q publishes no figure for the workload", key)
						}
					}
				}
				if c == nil {
					t.Errorf("no candidate %q", key)
					continue
				}
				checkCandidate(t, c, want)
			}
		})
	}
}

// label names a candidate in cases.json: part, library, version and, for
// a library whose builds are its configurations, the configuration. The
// board is left out: no two boards in the data share the rest.
func label(c engine.Candidate) string {
	s := c.MCU + "|" + c.Library + "|" + c.LibraryVersion
	if c.Config != bench.CandidateConfig {
		s += "|" + c.Config
	}
	if c.Imported != "" {
		s = "imported:" + c.Imported + "|" + s
	}
	return s
}

func checkCandidate(t *testing.T, c *engine.Candidate, want expectCand) {
	t.Helper()
	if want.Verdict != "" && string(c.Verdict) != want.Verdict {
		t.Errorf("%s: verdict %s, want %s (missing %v)", c.Key, c.Verdict, want.Verdict, c.Missing)
	}
	if want.Headroom != 0 && (c.Headroom == nil || !near(*c.Headroom, want.Headroom, 0.01)) {
		t.Errorf("%s: headroom %s, want ≈%v", c.Key, fmtPtr(c.Headroom), want.Headroom)
	}
	if want.Bottleneck != "" && string(c.Bottleneck) != want.Bottleneck {
		t.Errorf("%s: bottleneck %s, want %s", c.Key, c.Bottleneck, want.Bottleneck)
	}
	if want.ClockHz != 0 && c.ClockHz != want.ClockHz {
		t.Errorf("%s: clock %d, want %d", c.Key, c.ClockHz, want.ClockHz)
	}
	if want.Warning != "" && !strings.Contains(strings.Join(c.Warnings, " "), want.Warning) {
		t.Errorf("%s: warnings %q lack %q", c.Key, c.Warnings, want.Warning)
	}
	if want.Accel != nil && (!slices.Equal(c.Acceleration, want.Accel) || !slices.Equal(c.ClaimedAcceleration, want.Claimed)) {
		t.Errorf("%s: uses %v, claims absent %v; want %v, %v", c.Key, c.Acceleration, c.ClaimedAcceleration, want.Accel, want.Claimed)
	}
	for _, w := range want.NoWarning {
		if strings.Contains(strings.Join(c.Warnings, " "), w) {
			t.Errorf("%s: warnings %q hold %q, which is not this build's", c.Key, c.Warnings, w)
		}
	}
	for op, n := range want.Counts {
		found := n == 0 // a count of 0: absent, or counted 0 times

		for _, r := range c.Requirements {
			for _, tm := range r.Terms {
				found = found || tm.Op == op
			}
		}
		if !found {
			t.Errorf("%s: no term for %s", c.Key, op)
		}
	}
	if want.Why != "" && !strings.Contains(strings.Join(explain.Why(*c), " "), want.Why) {
		t.Errorf("%s: why %q lacks %q", c.Key, explain.Why(*c), want.Why)
	}
	if want.FPFlash && (c.Footprint == nil || c.Footprint.FlashBytes == nil || *c.Footprint.FlashBytes <= 0 || c.Footprint.RAMBytes == nil) {
		t.Errorf("%s: footprint %+v", c.Key, c.Footprint)
	}
	checkFootprint(t, c, want)
	if want.LongestOp != "" && c.LongestOp != want.LongestOp {
		t.Errorf("%s: longest op %q, want %q", c.Key, c.LongestOp, want.LongestOp)
	}
	for _, r := range c.Requirements {
		for _, tm := range r.Terms {
			if slices.Contains(want.Absent, tm.Op) {
				t.Errorf("%s: %s is counted (× %v), but the workload does not need it", c.Key, tm.Op, tm.Count)
			}
		}
	}
	if want.Estimate != nil && c.Estimate != *want.Estimate {
		t.Errorf("%s: estimate %v", c.Key, c.Estimate)
	}
	if want.Missing != nil && strings.Join(c.Missing, ",") != strings.Join(want.Missing, ",") {
		t.Errorf("%s: missing %v, want %v", c.Key, c.Missing, want.Missing)
	}
	var pk float64
	for _, r := range c.Requirements {
		if want.Utilization != 0 && r.Kind == engine.KindAES && (r.Utilization == nil || !near(*r.Utilization, want.Utilization, 0.001)) {
			t.Errorf("%s: aes utilization %v, want %v", c.Key, r.Utilization, want.Utilization)
		}
		for _, tm := range r.Terms {
			if r.Kind == engine.KindTLS && tm.Rule != engine.RuleTLSHash {
				pk += tm.Total
			}
			if n, ok := want.Counts[tm.Op]; ok && tm.Count != n {
				t.Errorf("%s: %s × %v, want × %v", c.Key, tm.Op, tm.Count, n)
			}
			if cfg, ok := want.Configs[tm.Op]; ok && tm.Config != cfg {
				t.Errorf("%s: %s config %q, want %q", c.Key, tm.Op, tm.Config, cfg)
			}
			if want.HashRate != 0 && tm.Rule == engine.RuleFWHash && !near(tm.Rate, want.HashRate, 1e-6) {
				t.Errorf("%s: hash rate %v, want %v", c.Key, tm.Rate, want.HashRate)
			}
		}
	}
	if want.PKms != 0 && !near(pk*1000, want.PKms, 1e-9) {
		t.Errorf("%s: public-key time %v ms, want %v", c.Key, pk*1000, want.PKms)
	}
}

func BenchmarkRank(b *testing.B) {
	ix := index(b)
	w := parse(b, workload.Params{"tls-rate": "20", "fw-size": "256KiB", "fw-deadline": "110ms", "aes-rate": "1MiB/s"})
	b.ReportAllocs()
	for b.Loop() {
		ix.Rank(w)
	}
}

func BenchmarkRank100x(b *testing.B) {
	ds, err := data.Dataset()
	if err != nil {
		b.Fatal(err)
	}
	base := ds.Measurements
	for i := 1; i < 100; i++ {
		for _, m := range base {
			m.Config = m.Config + " #" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26))
			m.Board += string(rune('A' + i%26))
			ds.Measurements = append(ds.Measurements, m)
		}
	}
	ix := engine.NewIndex(ds)
	w := parse(b, workload.Params{"tls-rate": "20", "fw-size": "256KiB", "fw-deadline": "110ms", "aes-rate": "1MiB/s"})
	b.ReportAllocs()
	for b.Loop() {
		ix.Rank(w)
	}
}

// FuzzRankParsedWorkload ranks whatever the shared parameter parser makes
// of arbitrary text: no panic, no NaN or negative headroom, and JSON that
// always encodes (no ±Inf from an accepted value).
func FuzzRankParsedWorkload(f *testing.F) {
	f.Add("20", "256KiB", "110ms", "8MiB/s", "70%", "max")
	f.Add("NaN", "-1", "0s", "1e400", "101", "fast")
	f.Add("0.000001", "1", "1µs", "1", "0.01%", "1")
	f.Add("1000000", "1TiB", "1h", "1TB/s", "100", "10000")
	ix := index(f)
	f.Fuzz(func(t *testing.T, rate, size, deadline, aes, budget, clock string) {
		t.Parallel() // the seeds at once (one index ranks concurrently); no effect while fuzzing
		// Whatever parses is ranked, also beside the fields refused: the
		// errors are the point of the inputs, not a test's mistake.
		w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": rate, "fw-size": size, "fw-deadline": deadline, "aes-rate": aes, "cpu-budget": budget, "clock": clock})
		for _, e := range errs {
			if e.Field == "" || e.Msg == "" {
				t.Errorf("an input error without its field or message: %+v", e)
			}
		}
		res := ix.Rank(w)
		for _, c := range res.Candidates {
			if c.Headroom != nil && (math.IsNaN(*c.Headroom) || *c.Headroom < 0) {
				t.Fatalf("bad headroom %v for %+v", *c.Headroom, w)
			}
		}
		if err := json.NewEncoder(io.Discard).Encode(res); err != nil {
			t.Fatalf("%+v: %v", w, err)
		}
	})
}

// checkFootprint: the operations without a published footprint, and the
// rows the footprint is taken from.
func checkFootprint(t *testing.T, c *engine.Candidate, want expectCand) {
	t.Helper()
	fp := c.Footprint
	if (want.FPMissing != nil || want.FPSource != "") && fp == nil {
		t.Errorf("%s: no footprint", c.Key)
		return
	}
	if want.FPMissing != nil {
		if !slices.Equal(fp.Missing, want.FPMissing) {
			t.Errorf("%s: footprint missing %v, want %v", c.Key, fp.Missing, want.FPMissing)
		}
		if fp.FlashBytes != nil || fp.RAMBytes != nil {
			t.Errorf("%s: a footprint with missing parts shows a total", c.Key)
		}
	}
	srcs := strings.Join(func() []string {
		if fp == nil {
			return nil
		}
		return fp.Sources
	}(), " ")
	if want.FPSource != "" && !strings.Contains(srcs, want.FPSource) {
		t.Errorf("%s: footprint sources %q lack %q", c.Key, srcs, want.FPSource)
	}
	if want.FPNotSource != "" && strings.Contains(srcs, want.FPNotSource) {
		t.Errorf("%s: footprint sources %q hold %q (another row family than the timing)", c.Key, srcs, want.FPNotSource)
	}
}

func fmtPtr(f *float64) string {
	if f == nil {
		return "none"
	}
	return strconv.FormatFloat(*f, 'g', 6, 64)
}

// sameJSON reports whether two rankings (or parts of them) give the same
// answer, as their JSON says it: equal values (equalValues, DeepEqual's
// rule, which implies equal JSON) are the same without encoding ~10 MB
// twice; otherwise the JSON decides (a nil and an empty list may encode
// alike).
func sameJSON(t testing.TB, a, b any) bool {
	t.Helper()
	if equalValues(reflect.ValueOf(shown(a)), reflect.ValueOf(shown(b)), 0) {
		return true
	}
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(ja, jb)
}

// shown is what a result shows, without the stamp of the scratch it was
// ranked into (which DeepEqual would compare): its exported fields.
func shown(x any) any {
	r, ok := x.(engine.Result)
	if !ok {
		return x
	}
	return []any{r.Workload, r.Candidates, r.Filters, r.Counts, r.NoFigure, r.Unbuilt}
}
