package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"cryptosizer/app/site"
)

func TestRunWritesCopiesThatDecompressToTheFile(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("<p>cryptosizer</p>\n", 500)
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "web/cryptosizer.css", "web/icon-192.png"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := site.Compressible(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(files, " "); got != "index.html web/cryptosizer.css" {
		t.Fatalf("compressible files: %s", got)
	}
	var out bytes.Buffer
	if err := run(dir, files, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		p := filepath.Join(dir, name)
		br, err := os.ReadFile(p + ".br")
		if err != nil {
			t.Fatal(err)
		}
		gz, err := os.ReadFile(p + ".gz")
		if err != nil {
			t.Fatal(err)
		}
		fromBr, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
		if err != nil || string(fromBr) != body {
			t.Errorf("%s.br does not decompress to the file (%v)", name, err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		fromGz, err := io.ReadAll(zr)
		if err != nil || string(fromGz) != body {
			t.Errorf("%s.gz does not decompress to the file (%v)", name, err)
		}
		if len(br) >= len(body) || len(gz) >= len(body) {
			t.Errorf("%s: copies not smaller (br %d, gz %d, raw %d)", name, len(br), len(gz), len(body))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "web/icon-192.png.br")); err == nil {
		t.Error("a PNG was compressed again")
	}
	if !strings.Contains(out.String(), "(all)") {
		t.Errorf("no summary line:\n%s", out.String())
	}
}

// A file over the default window whose content repeats from further back
// than 4 MiB: only the 16 MiB window finds the repeat, and the copy
// written is that one (and decodes to the file).
func TestBrotliSmallestTriesTheLargeWindow(t *testing.T) {
	unique := make([]byte, 4<<20+1<<19)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range unique {
		unique[i] = byte(r.Uint32()) // no repeats of its own
	}
	b := append(unique, unique[:1<<20]...)
	got, err := brotliSmallest(b)
	if err != nil {
		t.Fatal(err)
	}
	small, err := compress(b, func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestCompression) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) >= len(small) {
		t.Errorf("brotliSmallest wrote %d B, the default window %d B: the 16 MiB window was not taken", len(got), len(small))
	}
	back, err := io.ReadAll(brotli.NewReader(bytes.NewReader(got)))
	if err != nil || !bytes.Equal(back, b) {
		t.Errorf("the copy does not decode to the file (%v)", err)
	}
}
