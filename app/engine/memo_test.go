package engine_test

import (
	"sync"
	"testing"

	"maps"
	"slices"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// A ranking that takes the terms an earlier one of the same shape made
// (memo.go) answers exactly as a ranking on a fresh index: for workloads
// of every load kind, typed rate by rate, and back.
func TestMemoGivesTheSameRanking(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	shapes := []workload.Params{
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"},
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "objective": "smallest"},
		{"aes-rate": "1MiB/s", "tls-rate": "5", "cpu-budget": "50%", "clock": "max"},
		{"fw-size": "64 KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "estimate-margin": "50%"},
	}
	rates := map[string][]string{
		"tls-rate": {"10", "105", "1", "10"}, "aes-rate": {"1MiB/s", "10MiB/s", "1MiB/s"},
		"fw-deadline": {"500ms", "5ms", "1s"},
	}
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	warm, fresh := engine.NewIndex(ds), engine.NewIndexWithoutMemo(ds)
	for _, base := range shapes {
		for field, values := range rates {
			if _, ok := base[field]; !ok {
				continue
			}
			for _, v := range values {
				p := workload.Params{}
				for k, x := range base {
					p[k] = x
				}
				p[field] = v
				w, errs := settingtest.Schema.Parse(p)
				if len(errs) > 0 {
					t.Fatalf("%v: %v", p, errs)
				}
				if !sameJSON(t, warm.Rank(w), fresh.Rank(w)) {
					t.Fatalf("%v: the ranking after earlier ones of its shape differs from a fresh index's", p)
				}
			}
		}
	}
}

// Rankings of one shape run at once on one index (the CLI's tests do):
// each takes the memo or makes its own, and all agree (go test -race).
func TestMemoConcurrentRankings(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	ix := ownIndex(t)
	var wg sync.WaitGroup
	out := make([][]engine.Candidate, 6)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rate := []string{"10", "105"}[i%2]
			w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": rate, "fw-size": "256 KiB", "fw-deadline": "500ms"})
			if len(errs) > 0 {
				t.Error(errs)
				return
			}
			for range 3 {
				out[i] = ix.Rank(w).Candidates
			}
		}()
	}
	wg.Wait()
	for i := 2; i < len(out); i++ {
		if !sameJSON(t, out[i], out[i%2]) {
			t.Fatalf("ranking %d differs from ranking %d of the same workload", i, i%2)
		}
	}
}

// For every setting's sample value (settingtest.Values, and the values a
// sample leaves out: a clock in MHz, ranking by energy, no lending), a
// ranking on an index that has just ranked the base workload answers as
// one that keeps no terms: what the terms depend on is in the memo's key.
// Two bases: every load on, and a post-quantum client (where pqc-from
// and lend decide), each on a few series of four cores (a sample of the
// series field replaces them) so that the property costs a few seconds.
func TestMemoIsKeyedOnItsQuestion(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	if testing.Short() {
		t.Skip("-short: the property ranks about 200 workloads")
	}
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	samples := [][2]string{{"clock", "160"}, {"objective", "energy"}, {"lend", "none"}, {"lend", "x25519"}}
	for _, k := range slices.Sorted(maps.Keys(settingtest.Values)) {
		samples = append(samples, [2]string{k, settingtest.Values[k]})
	}
	all := maps.Clone(settingtest.Base)
	all["series"] = "F4,L0,U5,H7"
	// The post-quantum client on the cores whose figures are lent (pqm3
	// on the M0+, pqm4 on the M33), where the memo holds lent terms.
	pq := maps.Clone(all)
	pq["series"] = "L0,U5"
	pq["tls-role"], pq["tls-kex"], pq["tls-sig"], pq["tls-rate"] = "client", "x25519mlkem768", "ml-dsa-65", "1"
	// The samples that do not go with the post-quantum base: TLS 1.2 has
	// no ML-KEM, and a suite contradicts its key exchange. Any other
	// refused sample fails the test, and every other one is checked.
	misfits := map[string]bool{"tls-version": true, "tls-suite": true}
	// Each base on indexes of its own, the two at once.
	for i, base := range []map[string]string{all, pq} {
		t.Run([]string{"every-load", "post-quantum-client"}[i], func(t *testing.T) {
			t.Parallel()
			warm, fresh := engine.NewIndex(ds), engine.NewIndexWithoutMemo(ds)
			bw, errs := settingtest.Schema.Parse(base)
			if len(errs) > 0 {
				t.Fatalf("%v: %v", base, errs)
			}
			checked, want := 0, len(samples)
			if i == 1 {
				want -= len(misfits)
			}
			for _, s := range samples {
				p := workload.Params(maps.Clone(base))
				p[s[0]] = s[1]
				w, errs := settingtest.Schema.Parse(p)
				if len(errs) > 0 {
					if i == 0 || !misfits[s[0]] {
						t.Errorf("%s=%s on %v: %v", s[0], s[1], base, errs)
					}
					continue
				}
				checked++
				warm.Rank(bw)
				if !sameJSON(t, warm.Rank(w), fresh.Rank(w)) {
					t.Errorf("%s=%s on %v: the ranking after the base's differs from one without a memo", s[0], s[1], base)
				}
			}
			if checked != want {
				t.Errorf("%v: checked %d samples, want %d", base, checked, want)
			}
		})
	}
}

// A workload's demand scaled (the page warms a keystroke with it) ranks
// as the same workload typed with its rates that many times higher and
// its deadline that many times shorter (and no query: the one it was
// parsed from is not its own), and leaves the workload it was made from
// as it was.
func TestScaledIsTheDemandTyped(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	base := workload.Params{"tls-rate": "10", "aes-rate": "1MiB/s", "fw-size": "256 KiB", "fw-deadline": "1s", "cpu-budget": "70%"}
	typed := workload.Params{"tls-rate": "100", "aes-rate": "10MiB/s", "fw-size": "256 KiB", "fw-deadline": "100ms", "cpu-budget": "70%"}
	w, errs := settingtest.Schema.Parse(base)
	want, errs2 := settingtest.Schema.Parse(typed)
	if len(errs)+len(errs2) > 0 {
		t.Fatal(errs, errs2)
	}
	before := ix.Rank(w)
	scaled := ix.Rank(w.Scaled(10))
	if want.Query = ""; !sameJSON(t, scaled, engine.NewIndexWithoutMemo(ds).Rank(want)) {
		t.Error("the demand scaled ten times ranks otherwise than the same rates typed ten times higher")
	}
	if sameJSON(t, scaled, before) {
		t.Error("the demand scaled ten times ranks as the workload itself: the test shows nothing")
	}
	if !sameJSON(t, ix.Rank(w), before) {
		t.Error("scaling changed the workload it was made from")
	}
}
