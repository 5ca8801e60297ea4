package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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
		for _, f := range []string{"app.wasm", "dataset.bin", "import.wasm", "import-worker.js", "compile-worker.js", "echarts.min.js", "cryptosizer.css", "link.js"} {
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

// The page links one stylesheet, web/page.css: go-app's app.css, then
// ours, in the order the page linked them before.
func TestOneStylesheet(t *testing.T) {
	for _, prefix := range []string{"", "/tools/cs"} {
		dir := t.TempDir()
		web := filepath.Join(dir, "web")
		if err := os.MkdirAll(web, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"app.wasm", "dataset.bin", "import.wasm", "import-worker.js", "compile-worker.js", "echarts.min.js", "link.js"} {
			if err := os.WriteFile(filepath.Join(web, f), []byte("same "+f), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(web, "cryptosizer.css"), []byte(".ours{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := run(dir, prefix); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		links := regexp.MustCompile(`<link [^>]*rel="stylesheet"[^>]*>`).FindAllString(string(page), -1)
		want := `<link href="` + prefix + `/web/page.css" rel="stylesheet" type="text/css">`
		if len(links) != 1 || links[0] != want {
			t.Errorf("prefix %q: stylesheets linked %q, want only %s", prefix, links, want)
		}
		css, err := os.ReadFile(filepath.Join(web, "page.css"))
		if err != nil {
			t.Fatal(err)
		}
		goapp, i := strings.Index(string(css), ".goapp-app-info"), strings.Index(string(css), ".ours{}")
		if goapp < 0 || i < goapp {
			t.Errorf("prefix %q: page.css does not hold app.css then cryptosizer.css:\n%s", prefix, css)
		}
		// Every file the page links is in the worker's cache: offline,
		// nothing the page asks for fails.
		worker, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`(?:href|src)="(`+prefix+`/web/[^"]+)"`).FindAllStringSubmatch(string(page), -1) {
			if !strings.Contains(string(worker), `"`+m[1]+`"`) {
				t.Errorf("prefix %q: the page links %s, which the worker does not cache", prefix, m[1])
			}
		}
	}
}
