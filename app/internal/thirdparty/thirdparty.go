// Package thirdparty finds the third-party source files (ST's part
// database, pqm4's tables, …) that live beside the project in
// ../shared/sources and are never copied into it. Tests that check the
// committed, derived data against them use Path: where the files are
// absent the test is skipped with a plain reason, except in CI
// (CI=true), where their absence fails the test.
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

// Path returns the path of a third-party source file for a test, or ends
// the test: skipped on a user's clone, failed in CI.
func Path(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(Root(), Dir, name)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (%v): CI must have ../shared/sources beside the clone", name, err)
		}
		t.Skipf("%s is not here (%v): this check runs where ../shared/sources is present", name, err)
	}
	return p
}
