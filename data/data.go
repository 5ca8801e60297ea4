// Package data holds the generated dataset. Regenerate it with
// `./build.sh data` after changing anything under seeds/; a test fails
// when these files are stale.
//
// dataset.json is the reviewable form (one record per line); dataset.bin
// the same dataset in the packed form of dataset.Pack, which the
// binaries read without a JSON decoder. The native binaries embed it
// (embed.go); the web app does not: the site serves it beside the wasm
// (web/dataset.bin, fetched by the page with the wasm, cached by its
// worker), and the wasm takes it at its first read (UseLater), so that
// a data update and a code update are downloaded apart and the wasm
// carries only code.
package data

import (
	"errors"
	"sync"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
)

// packed is dataset.bin: embedded (embed.go) or handed over (Use);
// errUnloaded says why it was not.
var (
	packed      []byte
	errUnloaded = errors.New("the dataset has not been loaded (web/dataset.bin)")
	// later hands the dataset over at the first read (UseLater), once.
	later     func() ([]byte, error)
	laterOnce *sync.Once
)

// UseLater hands the dataset over at the first read, as get returns it
// (called once, whatever the number of reads): the web app copies the
// 800 KB the page fetched into the wasm once its first read needs them
// (going live, after the first mount, on a first visit; at once for a
// link), not before the first mount (10–20 ms of it at 1×).
func UseLater(get func() ([]byte, error)) { later, laterOnce = get, new(sync.Once) }

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
	if later != nil {
		laterOnce.Do(func() { Use(later()) })
	}
	if packed == nil {
		return nil, errUnloaded
	}
	return r.Unpack(packed)
}
