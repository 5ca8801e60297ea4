package data

import (
	"os"
	"testing"

	"cryptosizer/app/dataset"
)

// BenchmarkDataset reads the embedded packed dataset; BenchmarkJSON
// decodes the same dataset from dataset.json, as the binaries did before.
func BenchmarkDataset(b *testing.B) {
	for b.Loop() {
		if _, err := Dataset(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSON(b *testing.B) {
	j, err := os.ReadFile("dataset.json")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := dataset.Decode(j); err != nil {
			b.Fatal(err)
		}
	}
}
