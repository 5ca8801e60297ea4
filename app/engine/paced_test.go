package engine_test

import (
	"reflect"
	"testing"

	"cryptosizer/app/catalog"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// A paced read, index and ranking (the browser's first visit goes live
// in slices) answer what the unpaced ones do, and pause between slices.
func TestPacedIsTheSame(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	pause := func() { pauses++ }
	read, err := data.Read(dataset.Reader{Pause: pause})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(read, ds) {
		t.Error("the paced read of the dataset differs from the plain one")
	}
	if min := len(ds.Measurements) / 32; pauses < min {
		t.Errorf("reading the dataset paused %d times, want one every 32 records at least (%d)", pauses, min)
	}
	plain := engine.NewIndex(ds)
	before := pauses
	paced := engine.Over(catalog.Maker{Pause: pause}.Make(ds))
	if made := pauses - before; made < len(ds.Groups) {
		t.Errorf("making the index paused %d times, want one a group at least (%d)", made, len(ds.Groups))
	}
	for _, p := range []workload.Params{
		workload.FirstVisit,
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-44"},
		{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s", "aes-rate": "1MB/s", "core": "M33"},
	} {
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		steps := 0
		got, ok := engine.Ranker{Pause: func() bool { steps++; return true }}.Rank(paced, w)
		if !ok {
			t.Fatalf("%v: a ranking whose pause never stops it stopped", p)
		}
		if steps < len(got.Candidates) {
			t.Errorf("%v: ranking paused %d times for %d candidates", p, steps, len(got.Candidates))
		}
		if !sameJSON(t, plain.Rank(w), got) {
			t.Errorf("%v: the paced ranking differs from the plain one", p)
		}
	}
}

// A ranking stopped early gives no answer, and leaves the index as it
// was: the next full ranking answers as a fresh index's, also into the
// memory the stopped one kept.
func TestRankingStoppedEarly(t *testing.T) {
	ix := index(t)
	w, errs := settingtest.Schema.Parse(workload.FirstVisit)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var s engine.Scratch
	steps := 0
	stop := engine.Ranker{Pause: func() bool { steps++; return steps <= 10 }}
	if res, ok := stop.RankInto(ix, w, &s); ok || res.Candidates != nil {
		t.Errorf("a ranking stopped early answered %d candidates (ok %v)", len(res.Candidates), ok)
	}
	fresh := index(t).Rank(w)
	if !sameJSON(t, ix.Rank(w), fresh) {
		t.Error("the ranking after one stopped early differs from a fresh index's")
	}
	// Into the memory the stopped one kept, half written: the same answer.
	res, _ := engine.Ranker{}.RankInto(ix, w, &s)
	if !sameJSON(t, res, fresh) {
		t.Error("a ranking into the memory of one stopped early differs from a fresh index's")
	}
}
