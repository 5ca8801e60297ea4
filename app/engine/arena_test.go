package engine_test

import (
	"errors"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// A ranking into a result reuses its memory (engine.Index.Ranking), as
// the page ranks a keystroke into the ranking before the one on screen:
// each answer is byte for byte a fresh ranking's, and the one on screen
// is untouched by the next ranking, whatever the workloads' shapes.
func TestRankingReusesWithoutMixing(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	ix := ownIndex(t)
	var ws []engine.Workload
	for _, p := range []workload.Params{
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"},
		{"tls-rate": "105", "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"},
		{"loads": "firmware", "fw-size": "1MiB", "fw-deadline": "2s", "objective": "energy", "energy-budget": "2mJ/boot", "library": "wolfssl"},
		{"tls-rate": "3", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65", "series": "U5,H5", "min-free-ram": "64KiB"},
		{"loads": "aes", "aes-rate": "4 MiB/s"},
		{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"},
	} {
		w, errs := settingtest.Schema.Parse(settingtest.Schema.Complete(p))
		if len(errs) > 0 {
			t.Fatalf("%v: %v", p, errs)
		}
		ws = append(ws, w)
	}
	// The result on screen stays the answer it was: equal to a ranking of
	// its workload that owns its memory (compared by value, not by ~10 MB
	// of JSON per step).
	var scratch [2]engine.Scratch
	var shown, was engine.Result
	for i, w := range ws {
		res, _ := engine.Ranker{}.RankInto(ix, w, &scratch[i%2])
		owned := ix.Rank(w)
		if !sameJSON(t, res, owned) {
			t.Errorf("workload %d: the ranking into a reused scratch differs from a fresh one", i)
		}
		if err := shown.Check(); err != nil || !sameJSON(t, shown, was) {
			t.Errorf("workload %d: ranking into the other scratch changed the result on screen (%v)", i, err)
		}
		shown, was = res, owned
	}
}

// A result ranked into a scratch is void once the scratch ranks again,
// and says so (Check); one that owns its memory never is.
func TestResultSaysWhenItsScratchIsReused(t *testing.T) {
	ix := index(t)
	w, errs := settingtest.Schema.Parse(workload.FirstVisit)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var s engine.Scratch
	owned := ix.Rank(w)
	first, _ := engine.Ranker{}.RankInto(ix, w, &s)
	if err := first.Check(); err != nil {
		t.Fatalf("a fresh result: %v", err)
	}
	second, _ := engine.Ranker{}.RankInto(ix, w, &s)
	if err := first.Check(); !errors.Is(err, engine.ErrReused) {
		t.Errorf("a result read after its scratch ranked again: %v, want ErrReused", err)
	}
	if err := second.Check(); err != nil {
		t.Errorf("the scratch's latest result: %v", err)
	}
	stop := engine.Ranker{Pause: func() bool { return false }}
	if _, ok := stop.RankInto(ix, w, &s); ok || !errors.Is(second.Check(), engine.ErrReused) {
		t.Errorf("a ranking stopped early: ok %v, the result before it %v", ok, second.Check())
	}
	if err := owned.Check(); err != nil {
		t.Errorf("an owned result: %v", err)
	}
}

// The same question parsed twice has one memo key, so that a keystroke
// takes the terms of the one before (memo.go): a key that printed a
// pointer made by the parse (the TLS session bounds' map did) missed the
// memo on every keystroke in the page, where each keystroke is parsed
// anew, while the benchmarks, which parse once, hit it.
func TestParsedTwiceKeepsTheMemoKey(t *testing.T) {
	base := workload.Params{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"}
	samples := map[string]string{"": ""}
	for name, v := range settingtest.Values {
		samples[name] = v
	}
	checked := 0
	for name, v := range samples {
		p := workload.Params{}
		for k, x := range base {
			p[k] = x
		}
		if name != "" {
			p[name] = v
		}
		w1, w2 := parse(t, settingtest.Schema.Complete(p)), parse(t, settingtest.Schema.Complete(p))
		checked++
		k1, ok1 := engine.MemoKeyOf(&w1)
		k2, ok2 := engine.MemoKeyOf(&w2)
		if ok1 != ok2 || k1 != k2 {
			t.Errorf("%s=%s: two parses of one question have two memo keys:\n%v\n%v", name, v, k1, k2)
		}
	}
	if checked != len(settingtest.Values)+1 {
		t.Errorf("checked %d samples, settingtest.Values holds %d (and the base)", checked, len(settingtest.Values))
	}
}
