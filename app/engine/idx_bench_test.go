package engine_test

import (
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// BenchmarkNewIndex is the start-up's share of the engine: grouping the
// bundled dataset's measurements into builds, the spreads and the
// estimates for every part group (the browser does it before the first
// ranking).
func BenchmarkNewIndex(b *testing.B) {
	ds, err := data.Dataset()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		engine.NewIndex(ds)
	}
}

// BenchmarkRankTyping is a keystroke in the rate field: the default
// workload with its TLS rate alternating between 10 and 105 handshakes
// per second, ranked on one index (the terms of the last ranking of the
// same shape are taken again, memo.go). BenchmarkRankCatalogue is the
// same ranking without them.
func BenchmarkRankTyping(b *testing.B) {
	ix, ws := index(b), typing(b)
	n := 0
	for b.Loop() {
		ix.Rank(ws[n%2])
		n++
	}
}

// BenchmarkRankTypingReused is BenchmarkRankTyping as the page ranks a
// keystroke: into the result before the one on screen, whose memory the
// ranking reuses (model.Page.rank).
func BenchmarkRankTypingReused(b *testing.B) {
	ix, ws := index(b), typing(b)
	var scratch [2]engine.Scratch
	n := 0
	for b.Loop() {
		_, _ = engine.Ranker{}.RankInto(ix, ws[n%2], &scratch[n%2])
		n++
	}
}

// typing is the first visit's workload at the two TLS rates a keystroke
// in the rate field alternates between.
func typing(b *testing.B) []engine.Workload {
	var ws []engine.Workload
	for _, rate := range []string{"10", "105"} {
		w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": rate, "fw-size": "256 KiB", "fw-deadline": "500ms", "cpu-budget": "70%"})
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		ws = append(ws, w)
	}
	return ws
}
