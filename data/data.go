// Package data holds the generated dataset. Regenerate it with
// `./build.sh data` after changing anything under seeds/; a test fails
// when these files are stale.
//
// dataset.json is the reviewable form (one record per line); dataset.bin
// the same dataset in the packed form of dataset.Pack, which the
// binaries read without a JSON decoder. The native binaries embed it
// (embed.go); the web app does not: the site serves it beside the wasm
// (web/dataset.bin, fetched by the page with the wasm, cached by its
// worker), and the wasm's main hands it over (Use), so that a data
// update and a code update are downloaded apart and the wasm carries
// only code.
package data

import (
	"errors"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
)

// packed is dataset.bin: embedded (embed.go) or handed over (Use);
// errUnloaded says why it was not.
var (
	packed      []byte
	errUnloaded = errors.New("the dataset has not been loaded (web/dataset.bin)")
)

// Use hands the dataset over where it is not embedded (the web app
// fetches it), or why it could not be had (then every read says so);
// the bytes are not copied.
func Use(b []byte, err error) {
	if packed, errUnloaded = b, err; err == nil && b == nil {
		errUnloaded = errors.New("web/dataset.bin is empty")
	}
}

// Dataset reads the bundled dataset: what the CLI, the web app and the
// tests rank.
func Dataset() (*bench.Dataset, error) { return Read(dataset.Reader{}) }

// Read reads the bundled dataset with r (which may pause).
func Read(r dataset.Reader) (*bench.Dataset, error) {
	if packed == nil {
		return nil, errUnloaded
	}
	return r.Unpack(packed)
}
