package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// A paced read, index and ranking (the browser's first visit goes live
// in slices) answer what the unpaced ones do, and pause between slices.
func TestPacedIsTheSame(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	pause := func() { pauses++ }
	read, err := data.DatasetPaced(pause)
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
	paced := engine.NewIndexPaced(ds, pause)
	if made := pauses - before; made < len(ds.Groups) {
		t.Errorf("making the index paused %d times, want one a group at least (%d)", made, len(ds.Groups))
	}
	for _, p := range []workload.Params{
		workload.FirstVisit,
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-44"},
		{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s", "aes-rate": "1MB/s", "core": "M33"},
	} {
		w, errs := workload.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		before := pauses
		got := paced.RankPaced(w, pause)
		if pauses-before < len(got.Candidates) {
			t.Errorf("%v: ranking paused %d times for %d candidates", p, pauses-before, len(got.Candidates))
		}
		a, _ := json.Marshal(plain.Rank(w))
		b, _ := json.Marshal(got)
		if string(a) != string(b) {
			t.Errorf("%v: the paced ranking differs from the plain one", p)
		}
	}
}
