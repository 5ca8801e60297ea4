package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/wasmpack"
)

// The wasm's download is held by a budget committed beside this test
// (testdata/wasm-budget.txt, brotli bytes): growing more than 2 % over
// it fails, so that growth is a decision, not an accident (issue 42).
// The size is the build's own precompressed file (brotli, quality 11).
func TestWasmSizeBudget(t *testing.T) {
	br, err := os.Stat(filepath.Join(root, "web", "app.wasm.br"))
	if err != nil {
		t.Fatalf("web/app.wasm.br missing (%v): run ./build.sh build first", err)
	}
	text, err := os.ReadFile(filepath.Join("testdata", "wasm-budget.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var budget int64
	for _, l := range strings.Split(string(text), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			if budget, err = strconv.ParseInt(l, 10, 64); err != nil || budget <= 0 {
				t.Fatalf("testdata/wasm-budget.txt: %q is not a size in bytes", l)
			}
		}
	}
	if size := br.Size(); float64(size) > float64(budget)*1.02 {
		t.Errorf("web/app.wasm.br is %d B, %.1f %% over the budget of %d B (2 %% allowed): cut what grew, or raise the budget in the commit that decides it", size, 100*(float64(size)/float64(budget)-1), budget)
	} else {
		t.Logf("web/app.wasm.br is %d B: %.1f %% of the budget (%d B)", size, 100*float64(size)/float64(budget), budget)
	}
}

// The wasm the site serves has its data in a few segments (build.sh runs
// app/cmd/wasmpack after go build): Go's linker writes up to 100,000,
// and their headers cost ~6 % of the brotli download.
func TestWasmDataPacked(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "web", "app.wasm"))
	if err != nil {
		t.Fatalf("web/app.wasm missing (%v): run ./build.sh build first", err)
	}
	if n, err := wasmpack.Segments(b); err != nil || n > 16 {
		t.Errorf("web/app.wasm has %d data segments (%v), want at most 16: build.sh did not pack it (go run ./app/cmd/wasmpack)", n, err)
	}
}
