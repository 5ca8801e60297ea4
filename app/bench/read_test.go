package bench

import (
	"regexp"
	"testing"
)

// The user's readings accept what a person types, and nothing else.
func TestUserReadings(t *testing.T) {
	sizes := map[string]int64{"256KiB": 262144, "1MB": 1000000, "300000": 300000, "1.5 MiB": 1572864, "2 kB": 2000, "512 KiB": 524288, "1 TiB": 1 << 40,
		"512 kib": 524288, "2 KB": 2000, "2 kb": 2000, "1 MIB": 1 << 20}
	for in, want := range sizes {
		if got, ok := ReadSize(in); !ok || got != want {
			t.Errorf("Size(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	rates := map[string]float64{"8MiB/s": 8 << 20, "500kB/s": 500000, "2 MB/s": 2e6, "1000": 1000}
	for in, want := range rates {
		if got, ok := ReadRate(in); !ok || got != want {
			t.Errorf("Rate(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "-1KiB", "NaN", "Inf", "1e9", "12 parsecs", "0", "0x10", "1..2MB", "4 Mi", "2 mB", "2 mb", "1 gb"} {
		if _, ok := ReadSize(bad); ok {
			t.Errorf("Size(%q) accepted", bad)
		}
		if _, ok := ReadRate(bad); ok {
			t.Errorf("Rate(%q) accepted", bad)
		}
	}
	if d, ok := ReadDuration("150 ms"); !ok || d != 0.15 {
		t.Errorf("Duration(150 ms) = %v", d)
	}
	for in, want := range map[string]float64{"64": 64, "62.5 MHz": 62.5, "480mhz": 480, "1e3": 1000, "4.8E2 MHz": 480} {
		if got, ok := ReadMHz(in); !ok || got != want {
			t.Errorf("MHz(%q) = %v, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"0.5", "10001", "1e5", "1e", "1e-", "fast", "NaN"} {
		if _, ok := ReadMHz(bad); ok {
			t.Errorf("MHz(%q) accepted", bad)
		}
	}
}

// The hand-written readers of numbers and sizes accept exactly what the
// regular expressions they replace accepted, and split the same way.
func TestNumberReadersMatchTheirExpressions(t *testing.T) {
	decimalRe := regexp.MustCompile(`^(\d+(?:\.\d*)?|\.\d+)$`)
	sizeRe := regexp.MustCompile(`^(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]*)$`)
	// Every string of up to four of these pieces, and some longer ones.
	pieces := []string{"", "1", "25", ".", " ", "\t", "k", "KiB", "B", "e", "-", "x5", "٣", "é", "aes-", "128", "-gcm"}
	inputs := []string{"256KiB", "1.5 MiB", " 2 kB ", "1e5", "1..5", "5.", ".5", "0.5MB", "12 ab cd", "aes-128-gcm-enc",
		"aes-gcm-enc", "aes--x", "aes-128", "aes-256-cbc-dec-final", "AES-128-x", "1\v", "\n3\n", "7 \u00a0B"}
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		inputs = append(inputs, prefix)
		if n == 0 {
			return
		}
		for _, p := range pieces {
			build(prefix+p, n-1)
		}
	}
	build("", 4)
	for _, s := range inputs {
		if got, want := isDecimal(s), decimalRe.MatchString(s); got != want {
			t.Errorf("isDecimal(%q) = %v, the expression says %v", s, got, want)
		}
		num, unit, ok := sizeParts(s)
		m := sizeRe.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (num != m[1] || unit != m[2]) {
			t.Errorf("sizeParts(%q) = %q, %q, %v; the expression says %q", s, num, unit, ok, m)
		}
	}
}
