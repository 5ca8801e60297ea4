package main

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
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
	// The summary — counts per seed, then every warning — is a golden
	// file: a new seed or a parser change shows up in its diff.
	var buf bytes.Buffer
	summary(&buf, reports)
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	// A warning is written once with the parts that raise it (and how
	// many times each part's builds do, where more than once).
	var lines []string
	parts := map[string][]string{}
	count := map[string]int{}
	for _, w := range ds.Warnings {
		l := fmt.Sprintf("warning [%s] %s: %s", w.Kind, w.Source, w.Text)
		if len(parts[l]) == 0 {
			lines = append(lines, l)
		}
		if count[l+w.MCU]++; count[l+w.MCU] == 1 {
			parts[l] = append(parts[l], w.MCU)
		}
	}
	for _, l := range lines {
		var on []string
		for _, p := range parts[l] {
			if n := count[l+p]; n > 1 {
				p += fmt.Sprintf(" ×%d", n)
			}
			on = append(on, p)
		}
		fmt.Fprintf(&buf, "%s\n  on %s\n", l, strings.Join(on, ", "))
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
