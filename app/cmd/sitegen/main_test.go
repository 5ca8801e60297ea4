package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

// The same inputs give the same site, byte for byte: go-app writes
// attributes in map order, which the generator normalizes.
func TestReproducible(t *testing.T) {
	gen := func() string {
		dir := t.TempDir()
		web := filepath.Join(dir, "web")
		if err := os.MkdirAll(web, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"app.wasm", "echarts.min.js", "cryptosizer.css", "link.js"} {
			if err := os.WriteFile(filepath.Join(web, f), []byte("same "+f), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := run(dir, ""); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	a, b := gen(), gen()
	n := 0
	err := filepath.Walk(a, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs", rel)
		}
		n++
		return nil
	})
	if err != nil || n < 8 {
		t.Fatalf("%v, %d files", err, n)
	}
	page, _ := os.ReadFile(filepath.Join(a, "index.html"))
	if !strings.Contains(string(page), `<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39; &#39;wasm-unsafe-eval&#39;`) {
		t.Error("index.html lacks the CSP meta tag")
	}
	for _, remote := range []string{`src="http`, `href="http`, `src="//`, `href="//`} {
		if strings.Contains(string(page), remote) {
			t.Errorf("index.html loads from another origin (%s)", remote)
		}
	}
}
