// Package thirdparty finds the third-party source files (ST's part
// database, pqm4's tables, …) that live beside the project in
// ../shared/sources and are never copied into it. Tests that check the
// committed, derived data against them use Path: where the files are
// absent the test fails, unless skipping is asked for by name
// (CRYPTOSIZER_NO_SOURCES=1, for a clone without ../shared); the
// parsers' own tests use small inline fixtures and need no source.
package thirdparty

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir is the folder of the third-party sources, from the repository root.
const Dir = "../shared/sources"

// Root is the repository root (the folder holding go.mod).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "../../.."))
}

// SkipEnv is the variable that lets a clone without the sources skip
// the tests that need them.
const SkipEnv = "CRYPTOSIZER_NO_SOURCES"

// Path returns the path of a third-party source file for a test, or ends
// the test: failed, or skipped where SkipEnv=1 asks for it.
func Path(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(Root(), Dir, name)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv(SkipEnv) == "1" {
			t.Skipf("%s is not here (%v): skipped, as %s=1 asks", name, err, SkipEnv)
		}
		t.Fatalf("%s is missing (%v): the tests need ../shared/sources beside the clone; set %s=1 to skip them", name, err, SkipEnv)
	}
	return p
}

// Fresh derives a committed file again from its third-party source file
// and fails the test when the committed bytes differ (run ./build.sh
// data); committed is its path from the repository root
// (data/measured/cifra.json). It returns the source's text, what was
// derived and derive's count, for the caller's own checks.
func Fresh(t testing.TB, file string, derive func(string) ([]byte, int, error), committed string) (text string, derived []byte, n int) {
	t.Helper()
	b, err := os.ReadFile(Path(t, file))
	if err != nil {
		t.Fatal(err)
	}
	derived, n, err = derive(string(b))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	want, err := os.ReadFile(filepath.Join(Root(), committed))
	if err != nil || string(derived) != string(want) {
		t.Errorf("%s is stale (%v): run ./build.sh data", committed, err)
	}
	return string(b), derived, n
}
