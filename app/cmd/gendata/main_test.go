package main

import (
	"bytes"
	"os"
	"testing"

	"cryptosizer/data"
)

// TestDatasetFresh fails when data/dataset.json is not what the seeds
// produce now: run ./build.sh data and commit the result.
func TestDatasetFresh(t *testing.T) {
	got, reports, err := generate("../../../seeds")
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
	embedded, err := data.JSON()
	if err != nil || !bytes.Equal(embedded, want) {
		t.Fatalf("data/dataset.json.gz does not hold data/dataset.json (%v): run ./build.sh data", err)
	}
	counts := map[string][4]int{
		"cmox-stm32g071rb.txt":        {138, 50, 0, 0},
		"cmox-stm32l152re.txt":        {119, 31, 0, 0},
		"cmox-stm32wba52cg.txt":       {23, 50, 162, 2},
		"wolfssl-stm32-benchmarks.md": {601, 0, 0, 7},
	}
	for _, r := range reports {
		if c := [4]int{r.Measurements, r.Footprints, r.Missing, r.Warnings}; c != counts[r.Name] {
			t.Errorf("%s: measurements/footprints/missing/warnings = %v, want %v", r.Name, c, counts[r.Name])
		}
	}
}
