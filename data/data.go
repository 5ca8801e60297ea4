// Package data embeds the generated dataset. Regenerate it with
// `./build.sh data` after changing anything under seeds/; a test fails
// when these files are stale.
//
// dataset.json is the reviewable form (one record per line); the binaries
// embed dataset.bin, the same dataset in the packed form of
// dataset.Pack: the browser reads it without a JSON decoder, and it is
// not compressed twice (the WebAssembly file is compressed in transport).
package data

import (
	_ "embed"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
)

//go:embed dataset.bin
var packed []byte

// Dataset reads the bundled dataset: what the CLI, the web app and the
// tests rank.
func Dataset() (*bench.Dataset, error) { return Read(dataset.Reader{}) }

// Read reads the bundled dataset with r (which may pause).
func Read(r dataset.Reader) (*bench.Dataset, error) { return r.Unpack(packed) }
