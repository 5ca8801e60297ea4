// Package golden compares test output with files under testdata and
// rewrites them when the tests run with -update:
//
//	go test ./... -update
//
// Every test package imports it (at least for the flag), so that -update
// is accepted across the whole module.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Update rewrites the golden files instead of comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files under testdata")

// Check compares got with the golden file at path (relative to the test's
// package), or writes it with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./... -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run go test ./... -update and review the diff):\n%s", path, firstDiff(want, got))
	}
}

// firstDiff shows the first line that differs.
func firstDiff(want, got []byte) string {
	w, g := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b []byte
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if !bytes.Equal(a, b) {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + string(a) + "\n  got:  " + string(b)
		}
	}
	return ""
}

// Seed is one seed document.
type Seed struct{ Name, Text string }

// Seeds reads the files of the repository's seeds/ (dir is its path from
// the test's package) whose names match, and fails when there is none.
func Seeds(t testing.TB, dir string, match func(name string) bool) []Seed {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []Seed
	for _, p := range paths {
		if name := filepath.Base(p); match(name) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, Seed{name, string(b)})
		}
	}
	if len(out) == 0 {
		t.Fatalf("no seed in %s is read by this source", dir)
	}
	return out
}
