package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/internal/golden"
	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/stclocks"
	"cryptosizer/data"
)

// TestDatasetFresh fails when data/dataset.json is not what the seeds
// produce now: run ./build.sh data and commit the result.
func TestDatasetFresh(t *testing.T) {
	got, reports, err := generate("../../../seeds", "../../../data/parts/parts.json", "../../../data/cycles", "../../../data/measured")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../data/dataset.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("data/dataset.json is stale against seeds/: run ./build.sh data")
	}
	wantPacked, err := pack(want)
	if err != nil {
		t.Fatal(err)
	}
	havePacked, err := os.ReadFile("../../../data/dataset.bin")
	if err != nil || !bytes.Equal(havePacked, wantPacked) {
		t.Fatalf("data/dataset.bin does not hold data/dataset.json (%v): run ./build.sh data", err)
	}
	fromJSON, _ := dataset.Decode(want)
	embedded, err := data.Dataset()
	if err != nil || !reflect.DeepEqual(embedded, fromJSON) {
		t.Fatalf("the embedded dataset differs from data/dataset.json (%v): run ./build.sh data", err)
	}
	// The summary — counts per seed, then the warnings per kind, with the
	// parts that raise them — is a golden file: a new seed or a parser
	// change shows up in its diff. Each warning's words are pinned once,
	// in data/dataset.json, checked against the seeds above.
	var buf bytes.Buffer
	summary(&buf, reports)
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	count := map[string]int{}
	parts := map[string][]string{}
	for _, w := range ds.Warnings {
		k := string(w.Kind)
		if count[k]++; count[k] == 1 {
			kinds = append(kinds, k)
		}
		if !slices.Contains(parts[k], w.MCU) {
			parts[k] = append(parts[k], w.MCU)
		}
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		fmt.Fprintf(&buf, "warning [%s] ×%d on %s\n", k, count[k], strings.Join(parts[k], ", "))
	}
	golden.Check(t, "testdata/summary.golden", buf.Bytes())
}

// TestPartsFresh fails when data/parts/parts.json is not what ST's part
// database gives now (where ../shared/sources is present; in CI it must
// be).
func TestPartsFresh(t *testing.T) {
	text, err := os.ReadFile(thirdparty.Path(t, partsFile))
	if err != nil {
		t.Fatal(err)
	}
	boards, err := os.ReadFile(thirdparty.Path(t, boardsFile))
	if err != nil {
		t.Fatal(err)
	}
	clocks, err := os.ReadFile(thirdparty.Path(t, stclocks.File))
	if err != nil {
		t.Fatal(err)
	}
	got, n, err := parts(string(text), string(boards), string(clocks))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../data/parts/parts.json")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("data/parts/parts.json is stale against %s (%v): run ./build.sh data", partsFile, err)
	}
	if n < 1000 {
		t.Errorf("%d part numbers: the catalogue should hold every STM32 MCU", n)
	}
}

// A size a cycle-count source does not publish is absent from the
// committed data, never a 0 a reader takes for a size (Pornin's X25519
// README gives no code or stack size).
func TestUnpublishedSizesAreAbsent(t *testing.T) {
	files, err := filepath.Glob("../../../data/cycles/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cycle-count data (%v)", err)
	}
	zero := regexp.MustCompile(`"(stack|code)_bytes":\s*0\b`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := zero.Find(b); m != nil {
			t.Errorf("%s stores %s: an unpublished size must be absent", f, m)
		}
	}
}
