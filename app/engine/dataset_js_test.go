//go:build js

package engine_test

import (
	"os"

	"cryptosizer/data"
)

// Under js/wasm the dataset is not embedded (data's embed.go): the tests
// and benchmarks read the bundled copy, so that the engine's benchmarks
// run as wasm in Node — the code the browser runs, whose costs differ
// from the native build's (sorting, string compares and allocation cost
// more there):
//
//	GOOS=js GOARCH=wasm PATH="$PATH:$(go env GOROOT)/lib/wasm" \
//	  go test -run '^$' -bench RankTypingReused -benchtime 200x ./app/engine/
func init() { data.Use(os.ReadFile("../../data/dataset.bin")) }
