package engine_test

import (
	"testing"

	"cryptosizer/app/engine"
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
