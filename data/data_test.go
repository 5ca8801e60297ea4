package data

import (
	"errors"
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

// The STM32H523/H562/H563's PKA runs in limited mode (RM0481 §36.3):
// every group of those lines carries the limit, and no other group does.
func TestLimitedPKAInTheData(t *testing.T) {
	ds, err := Dataset()
	if err != nil {
		t.Fatal(err)
	}
	limited := 0
	for _, g := range ds.Groups {
		has := false
		for _, l := range g.Limits {
			has = has || l.Unit == "PKA" && l.Lacks("ecdsa-p256-sign") && l.Lacks("ecdh-p256-agree") && !l.Lacks("ecdsa-p256-verify")
		}
		want := false
		for _, m := range g.Members {
			for _, line := range []string{"STM32H523", "STM32H562", "STM32H563"} {
				want = want || len(m.Part) >= len(line) && m.Part[:len(line)] == line
			}
		}
		if has != want {
			t.Errorf("%s: PKA limited %v, want %v", g.Name, has, want)
		}
		if has {
			limited++
		}
	}
	if limited == 0 {
		t.Error("no group of the H523/H562/H563 lines")
	}
}

// UseLater's source is asked once, at the first read, and every read
// after says what it said.
func TestUseLaterAsksAtTheFirstRead(t *testing.T) {
	keep, keepErr, keepLater, keepOnce := packed, errUnloaded, later, laterOnce
	defer func() { packed, errUnloaded, later, laterOnce = keep, keepErr, keepLater, keepOnce }()
	asked := 0
	UseLater(func() ([]byte, error) { asked++; return nil, errors.New("HTTP 404") })
	if asked != 0 {
		t.Fatalf("asked %d times before any read", asked)
	}
	for range 2 {
		if _, err := Dataset(); err == nil || err.Error() != "HTTP 404" {
			t.Errorf("a read said %v, want the source's error", err)
		}
	}
	UseLater(func() ([]byte, error) { return keep, nil })
	if ds, err := Dataset(); err != nil || len(ds.Groups) == 0 {
		t.Errorf("a read of the bytes given later: %v, %d groups", err, len(ds.Groups))
	}
	if asked != 1 {
		t.Errorf("the source was asked %d times, want 1", asked)
	}
}
