package engine_test

import (
	"encoding/json"
	"sync"
	"testing"

	"cryptosizer/app/workload"
)

// A ranking that takes the terms an earlier one of the same shape made
// (memo.go) answers exactly as a ranking on a fresh index: for workloads
// of every load kind, typed rate by rate, and back.
func TestMemoGivesTheSameRanking(t *testing.T) {
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
	warm := index(t)
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
				w, errs := workload.Parse(p)
				if len(errs) > 0 {
					t.Fatalf("%v: %v", p, errs)
				}
				got, _ := json.Marshal(warm.Rank(w).Candidates)
				want, _ := json.Marshal(index(t).Rank(w).Candidates)
				if string(got) != string(want) {
					t.Fatalf("%v: the ranking after earlier ones of its shape differs from a fresh index's", p)
				}
			}
		}
	}
}

// Rankings of one shape run at once on one index (the CLI's tests do):
// each takes the memo or makes its own, and all agree (go test -race).
func TestMemoConcurrentRankings(t *testing.T) {
	ix := index(t)
	var wg sync.WaitGroup
	out := make([]string, 6)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rate := []string{"10", "105"}[i%2]
			w, errs := workload.Parse(workload.Params{"tls-rate": rate, "fw-size": "256 KiB", "fw-deadline": "500ms"})
			if len(errs) > 0 {
				t.Error(errs)
				return
			}
			var b []byte
			for range 3 {
				b, _ = json.Marshal(ix.Rank(w).Candidates)
			}
			out[i] = string(b)
		}()
	}
	wg.Wait()
	for i := 2; i < len(out); i++ {
		if out[i] != out[i%2] {
			t.Fatalf("ranking %d differs from ranking %d of the same workload", i, i%2)
		}
	}
}
