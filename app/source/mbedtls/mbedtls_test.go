package mbedtls_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
	"cryptosizer/app/source/mbedtls"
)

// The fixtures are the reference's verbatim outputs F1–F15 (testdata/,
// origin and licences in testdata/NOTICE.md).
func fixture(t *testing.T, id string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + id + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var f429 = bench.Facts{{Part: "STM32F429ZI", Core: "Cortex-M4", MaxClockHz: 180e6}}

func read(t *testing.T, text string, names source.Names) source.Read {
	t.Helper()
	return mbedtls.Source{}.Read(source.Doc{Name: "paste", Text: text, Facts: f429, Names: names, Import: true})
}

func figure(d bench.Dataset, op string) (bench.Measurement, bool) {
	for _, m := range d.Measurements {
		if m.Op == op {
			return m, true
		}
	}
	return bench.Measurement{}, false
}

// Every reference output reads without an unrecognized line, is
// recognized as Mbed TLS output, and gives figures.
func TestEveryReferenceOutputReads(t *testing.T) {
	for i := 1; i <= 15; i++ {
		id := "F" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		id = strings.Replace(id, "F0", "F", 1)
		text := fixture(t, id)
		if !(mbedtls.Source{}).Sniff(text) {
			t.Errorf("%s: not recognized", id)
		}
		r := read(t, text, source.Names{MCU: "STM32F429ZI", ClockHz: 100e6})
		if len(r.Errors) > 0 || len(r.Data.Measurements) == 0 {
			t.Errorf("%s: %d figures, errors %v", id, len(r.Data.Measurements), r.Errors)
		}
	}
}

func TestSingleRunMilliseconds(t *testing.T) {
	r := read(t, fixture(t, "F1"), source.Names{MCU: "STM32F429ZI"})
	// No clock printed: inferred from cycles/byte (118–121 MHz).
	if r.Found.ClockHz < 118e6 || r.Found.ClockHz > 121e6 || len(r.Unnamed) > 0 {
		t.Errorf("clock %d, unnamed %v", r.Found.ClockHz, r.Unnamed)
	}
	pub, _ := figure(r.Data, "rsa-2048-public")
	if *pub.SecondsPerOp != 0.041 || *pub.SlowSecondsPerOp != 0.042 {
		t.Errorf("41 ms/ public: %+v", pub)
	}
	// ECDHE (key generation + secret, one party) 730 ms − ECDH 365 ms.
	kg, _ := figure(r.Data, "ecc-p256-keygen")
	if math.Abs(*kg.SecondsPerOp-0.365) > 1e-9 || math.Abs(*kg.SlowSecondsPerOp-(0.731-0.365)) > 1e-9 || !strings.Contains(kg.ConfigNote, "key generation = ECDHE-secp256r1") {
		t.Errorf("keygen %+v", kg)
	}
	x, _ := figure(r.Data, "x25519-agree")
	if *x.SecondsPerOp != 0.303 {
		t.Errorf("ECDH-Curve25519: %+v", x)
	}
}

// NXP's two decimals: the counter starts at one over a ≥ 3 s window.
func TestNXPDecimals(t *testing.T) {
	r := read(t, fixture(t, "F9"), source.Names{MCU: "STM32F429ZI"})
	if r.Found.Version != "2.28.8" || r.Found.ClockHz != 96e6 {
		t.Errorf("found %+v", r.Found)
	}
	// "2.00 full handshake/s" is both parties: not split.
	skipped := false
	for _, s := range r.Data.Skipped {
		skipped = skipped || strings.Contains(s.Reason, "both parties")
	}
	if !skipped {
		t.Error("the full handshake was not set aside")
	}
	// DHE-2048 0.17/s: N = 1, one call of about 11.8 s, not 5.9 s.
	text := "mbedTLS version 2.28.8\nfsys=96000000\n  DH-2048                  :    0.17 handshake/s\n"
	dh, ok := figure(read(t, text, source.Names{MCU: "STM32F429ZI"}).Data, "dh-2048-agree")
	if !ok || *dh.SecondsPerOp < 11 || *dh.SlowSecondsPerOp < 11.7 || *dh.SlowSecondsPerOp > 12.2 {
		t.Errorf("0.17 handshake/s: %+v", dh)
	}
}

// Upstream integers over 3 s are intervals; 0 bounds nothing.
func TestUpstreamIntervals(t *testing.T) {
	text := "  ECDSA-secp256r1          :      2 sign/s\n  ECDSA-secp256r1          :      0 verify/s\n  RSA-2048                 :     38  public/s      4040 heap bytes\n"
	r := read(t, text, source.Names{MCU: "STM32F429ZI", ClockHz: 180e6})
	s, _ := figure(r.Data, "ecdsa-p256-sign")
	if *s.SecondsPerOp != 0.5 || math.Abs(*s.SlowSecondsPerOp-0.75) > 1e-12 {
		t.Errorf("2 sign/s: %+v (want 0.5 s, slowest 0.75 s)", s)
	}
	if _, ok := figure(r.Data, "ecdsa-p256-verify"); ok || len(r.Data.Missing) != 1 || !strings.Contains(r.Data.Missing[0].Reason, "3 s or more") {
		t.Errorf("0 verify/s: %+v", r.Data.Missing)
	}
	if len(r.Data.Footprints) != 1 || *r.Data.Footprints[0].WorkingBufferBytes != 4040 || r.Data.Footprints[0].StackBytes != nil {
		t.Errorf("heap suffix: %+v", r.Data.Footprints)
	}
}

// Bad input names the line and what was expected; what parses is kept.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		names      source.Names
		want       string
		figures    int
	}{
		{"truncated", "  SHA-256                  :       1957 KiB/s,         59 cycles/byte\n  AES-CBC-128              :", source.Names{MCU: "STM32F429ZI"}, "", 1},
		{"mixed", fixture(t, "F3") + fixture(t, "F4"), source.Names{MCU: "STM32F429ZI"}, "a second benchmark output starts here", 22},
		{"garbled", "  SHA-256                  :       1957 KiB/s,         59 cycles/byte\n  AES-CBC-128   :   fast\n", source.Names{MCU: "STM32F429ZI"}, "not a benchmark line", 1},
		{"absurd clock", "  SHA-256                  :       1957 KiB/s\n", source.Names{MCU: "STM32F429ZI", ClockHz: 2e9}, "more than twice", 1},
		{"no clock", "  SHA-256                  :       1957 KiB/s\n", source.Names{MCU: "STM32F429ZI"}, "states no CPU clock", 1},
		{"no part", "  SHA-256                  :       1957 KiB/s\n", source.Names{ClockHz: 180e6}, "prints no MCU", 1},
	} {
		r := read(t, tc.text, tc.names)
		all := append(append(bench.ErrorList{}, r.Errors...), r.Unnamed...)
		if tc.want != "" && !strings.Contains(all.Error(), tc.want) || tc.want == "" && len(all) > 0 || len(r.Data.Measurements) != tc.figures {
			t.Errorf("%s: %d figures, %v (want %q)", tc.name, len(r.Data.Measurements), all, tc.want)
		}
	}
	r := read(t, "  SHA-256                  :       1957 KiB/s,         59 cycles/byte\n  AES-CBC-128              :", source.Names{MCU: "STM32F429ZI"})
	if len(r.Data.Skipped) != 1 || !strings.Contains(r.Data.Skipped[0].Reason, "truncated") {
		t.Errorf("a truncated run: %+v", r.Data.Skipped)
	}
}

// The clock check: a broken cycle counter (F15) is said, not trusted.
func TestBrokenCounterIsSaid(t *testing.T) {
	r := read(t, fixture(t, "F15"), source.Names{MCU: "STM32F429ZI", ClockHz: 260e6})
	found := false
	for _, w := range r.Data.Warnings {
		found = found || w.Kind == "clock-check"
	}
	if !found {
		t.Errorf("F15's counter: warnings %+v", r.Data.Warnings)
	}
}

// Zephyr prints ns/byte beside KiB/s: a rate check, not a clock.
func TestZephyrNanosecondsPerByte(t *testing.T) {
	text := "\tMBEDTLS Benchmark sample\n  SHA-256                  :       1957 KiB/s,        499 ns/byte\n  ECDSA-secp256r1          :      7 sign/s\nDone\n"
	r := read(t, text, source.Names{MCU: "STM32F429ZI", ClockHz: 180e6})
	if len(r.Errors) > 0 || len(r.Data.Measurements) != 2 || r.Found.ClockHz != 0 {
		t.Errorf("%v, %d figures, clock %d (ns/byte implies none)", r.Errors, len(r.Data.Measurements), r.Found.ClockHz)
	}
}

// A large NXP rate is bounded from the first call count that fits (N ≥
// 3P − 1), not searched for from one.
func TestNXPLargeRate(t *testing.T) {
	text := "mbedTLS version 2.28.8\nfsys=96000000\n  ECDSA-secp256r1          : 250000.50 sign/s\n"
	m, ok := figure(read(t, text, source.Names{MCU: "STM32F429ZI"}).Data, "ecdsa-p256-sign")
	// The interval is that narrow: no slow end of its own is kept.
	if !ok || math.Abs(*m.SecondsPerOp*250000.5-1) > 1e-3 || m.SlowSecondsPerOp != nil {
		t.Errorf("250000.50 sign/s: %+v", m)
	}
}
