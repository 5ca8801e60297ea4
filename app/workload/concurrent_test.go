package workload_test

import (
	"sync"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// The schema and the index are built once and only read afterwards:
// parsing and ranking from many goroutines at once is safe (this test
// runs under -race in ./build.sh test).
func TestConcurrentParseAndRank(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	ix := engine.NewIndex(ds)
	params := []workload.Params{
		{"tls-rate": "10", "library": "wolfssl"},
		{"fw-size": "256KiB", "fw-deadline": "1s", "clock": "max"},
		{"aes-rate": "1MiB/s", "library": "wolfssl", "accel": "AES"},
		{"tls-rate": "5", "tls-kex": "x25519mlkem768", "tls-role": "client"},
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, errs := settingtest.Schema.Parse(params[i%len(params)])
			if len(errs) > 0 {
				t.Error(errs)
				return
			}
			if res := ix.Rank(w); len(res.Candidates) == 0 {
				t.Errorf("%v: no candidates", params[i%len(params)])
			}
		}()
	}
	wg.Wait()
}
