// Command precompress writes NAME.br (brotli, quality 11; the smaller of
// two windows for a file over 4 MiB: brotliSmallest) and NAME.gz
// (gzip -9) next to each text and wasm file of the built site, so that
// the local server and any static host that serves precompressed files
// (nginx gzip_static/brotli_static, Caddy precompressed) send the site
// compressed without compressing it on every request. Images that are
// already compressed (PNG) are left alone. Output is deterministic: no
// names or times in the gzip header.
//
//	go run ./app/cmd/precompress -dir .
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/andybalholm/brotli"

	"cryptosizer/app/site"
)

func main() {
	dir := flag.String("dir", ".", "the built site's directory")
	flag.Parse()
	files, err := site.Compressible(*dir)
	if err == nil {
		err = run(*dir, files, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
}

func run(dir string, files []string, out io.Writer) error {
	sort.Strings(files)
	var raw, br, gz int
	for _, name := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if upToDate(p) {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		zb, err := brotliSmallest(b)
		if err != nil {
			return fmt.Errorf("%s: brotli: %w", name, err)
		}
		zg, err := compress(b, func(w io.Writer) io.WriteCloser {
			z, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid
			return z
		})
		if err != nil {
			return fmt.Errorf("%s: gzip: %w", name, err)
		}
		if err := writeAtomic(p+".br", zb); err != nil {
			return err
		}
		if err := writeAtomic(p+".gz", zg); err != nil {
			return err
		}
		raw, br, gz = raw+len(b), br+len(zb), gz+len(zg)
		fmt.Fprintf(out, "%-26s %9d B  br %8d  gz %8d\n", name, len(b), len(zb), len(zg))
	}
	fmt.Fprintf(out, "%-26s %9d B  br %8d  gz %8d  (files rewritten)\n", "(all)", raw, br, gz)
	return nil
}

// upToDate reports whether both copies of p exist and are not older than
// p: brotli's quality 11 takes half a minute on the wasm, and go build
// leaves an unchanged app.wasm untouched.
func upToDate(p string) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	for _, ext := range []string{".br", ".gz"} {
		zi, err := os.Stat(p + ext)
		if err != nil || zi.ModTime().Before(fi.ModTime()) {
			return false
		}
	}
	return true
}

// writeAtomic writes name whole or not at all (a temporary file renamed
// over it): ./build.sh test serves the site while this runs, and a
// half-written copy served as the wasm would fail a test for nothing.
func writeAtomic(name string, b []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// brotliSmallest is b in brotli at quality 11: with its default window
// (4 MiB), and for a larger file with the largest window the format has
// (16 MiB) too, whichever is smaller (both run at once). With the
// default window alone the size of a file that outgrows it jumps with
// changes that do not change its content's size: a change that added
// 1.9 KB to the 11 MB app.wasm (370 B to its code, brotli, alone) made
// its whole brotli 28 KB larger (1,850,725 → 1,878,773 B), and the same
// two files with the 16 MiB window were 1,851,567 and 1,852,674 B. Every
// browser decodes both windows (RFC 7932 allows up to 16 MiB).
func brotliSmallest(b []byte) ([]byte, error) {
	with := func(lgwin int) func(io.Writer) io.WriteCloser {
		return func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: lgwin})
		}
	}
	const defaultWindow = 22 // 4 MiB
	if len(b) <= 1<<defaultWindow {
		return compress(b, with(defaultWindow))
	}
	type result struct {
		z   []byte
		err error
	}
	large := make(chan result, 1)
	go func() {
		z, err := compress(b, with(24))
		large <- result{z, err}
	}()
	z, err := compress(b, with(defaultWindow))
	l := <-large
	switch {
	case err != nil:
		return nil, err
	case l.err != nil:
		return nil, l.err
	case len(l.z) < len(z):
		return l.z, nil
	}
	return z, nil
}

func compress(b []byte, open func(io.Writer) io.WriteCloser) ([]byte, error) {
	var buf bytes.Buffer
	w := open(&buf)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
