// Package data embeds the generated dataset. Regenerate it with
// `./build.sh data` after changing anything under seeds/; a test fails
// when these files are stale.
//
// dataset.json is the reviewable form (one record per line); the binaries
// embed dataset.json.gz, the same bytes gzip-compressed, because the
// WebAssembly download carries every embedded byte.
package data

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
)

//go:embed dataset.json.gz
var gz []byte

// JSON returns the normalized dataset, as written by app/cmd/gendata.
func JSON() ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// Dataset decodes the bundled dataset: what the CLI, the web app and the
// tests rank.
func Dataset() (*bench.Dataset, error) {
	b, err := JSON()
	if err != nil {
		return nil, err
	}
	return dataset.Decode(b)
}

// Compress gzips the dataset deterministically (no name, no time), so that
// the committed .gz only changes when the JSON does.
func Compress(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
