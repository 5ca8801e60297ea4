package workload

import (
	"testing"
)

func TestUnits(t *testing.T) {
	sizes := map[string]int64{"256KiB": 262144, "1MB": 1000000, "300000": 300000, "1.5 MiB": 1572864, "2 kB": 2000, "512 KiB": 524288}
	for in, want := range sizes {
		if got, ok := Size(in); !ok || got != want {
			t.Errorf("Size(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	rates := map[string]float64{"8MiB/s": 8 << 20, "500kB/s": 500000, "2 MB/s": 2e6, "1000": 1000}
	for in, want := range rates {
		if got, ok := Rate(in); !ok || got != want {
			t.Errorf("Rate(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "-1KiB", "NaN", "Inf", "1e9", "12 parsecs", "0", "0x10", "1..2MB"} {
		if _, ok := Size(bad); ok {
			t.Errorf("Size(%q) accepted", bad)
		}
		if _, ok := Rate(bad); ok {
			t.Errorf("Rate(%q) accepted", bad)
		}
	}
	if d, ok := Duration("150 ms"); !ok || d != 0.15 {
		t.Errorf("Duration(150 ms) = %v", d)
	}
}

func TestQueryRoundTrip(t *testing.T) {
	p := Params{"tls-rate": "20", "fw-size": "256 KiB", "fw-deadline": "110ms", "tls-mutual": "true"}
	q := p.Query()
	if q != "tls-rate=20&tls-mutual=true&fw-size=256+KiB&fw-deadline=110ms" {
		t.Errorf("query %q", q)
	}
}
