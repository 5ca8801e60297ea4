package wolfcrypt

import (
	"fmt"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// output is a run of wolfCrypt benchmark output with a version (none when
// empty), a block size (none when 0) and result lines.
func output(version string, block int, lines ...string) string {
	var b strings.Builder
	b.WriteString("------------------------------------------------------------------------------\n")
	if version != "" {
		fmt.Fprintf(&b, " wolfSSL version %s\n", version)
	}
	b.WriteString("------------------------------------------------------------------------------\n")
	if block > 0 {
		fmt.Fprintf(&b, "wolfCrypt Benchmark (block bytes %d, min 1.0 sec each)\n", block)
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	b.WriteString("Benchmark complete\n")
	return b.String()
}

// The base of KB and MB is decided per run from its version and its own
// lines' arithmetic, and doubt is said.
func TestUnitBase(t *testing.T) {
	const g071 = "AES-128-CBC-enc            358 KB took 1.008 seconds,  355.556 KB/s"
	const old = "RNG                875 KB took 1.019 seconds,  858.685 KB/s"
	const coarse = "SHA-256 5 MB took 1.004 seconds, 4.972 MB/s"
	tests := []struct {
		name, text string
		base       int
		doubt      bool
		bps        float64 // of the first result
		why        string
	}{
		{"5.6.0 and its lines: base 10", output("5.6.0", 1024, g071), 1000, false, 355556, "the run's own lines agree"},
		{"4.4.1 and its lines: base 2", output("4.4.1", 1024, old), 1024, false, 858.685 * 1024, "the run's own lines agree"},
		{"5.6.0 with coarse lines: the version decides", output("5.6.0", 1024, coarse), 1000, false, 4972000, "too coarse to tell"},
		{"5.5.4 with coarse lines: the version decides", output("5.5.4", 1024, coarse), 1024, false, 4.972 * 1048576, "too coarse to tell"},
		{"no version: the lines decide", output("", 1024, g071), 1000, false, 355556, "does not say"},
		{"version and lines disagree: the lines, with doubt", output("4.4.1", 1024, g071), 1000, true, 355556, "the lines are taken"},
		{"neither decides: base 2, with doubt", output("", 1024, coarse), 1024, true, 4.972 * 1048576, "not known here"},
		{"no block size: base 2, with doubt", output("", 0, g071), 1024, true, 355.556 * 1024, "no block size"},
		{"lines disagree among themselves", output("", 1024, g071, old), 1024, true, 355.556 * 1024, "its lines disagree"},
		{"KiB and kB need no decision", output("5.6.6", 1024, "RNG 6 MiB took 1.000 seconds, 6.079 MiB/s", "SHA-256 486 kB took 1.020 seconds, 476.863 kB/s"), 0, false, 6.079 * 1048576, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			run, errs := ParseOutput("out", tc.text)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if len(run.Results) == 0 {
				t.Fatal("no results")
			}
			if run.Base != tc.base || run.BaseDoubt != tc.doubt || !strings.Contains(run.BaseWhy, tc.why) {
				t.Errorf("base %d doubt %t (%s); want %d, %t, %q", run.Base, run.BaseDoubt, run.BaseWhy, tc.base, tc.doubt, tc.why)
			}
			if got := run.Results[0].BytesPerSecond; !close(got, tc.bps) {
				t.Errorf("%s: %v B/s, want %v", run.Results[0].Text, got, tc.bps)
			}
		})
	}
}

func close(a, b float64) bool { return a == b || a != 0 && (a-b)/a < 1e-12 && (b-a)/a < 1e-12 }

// A version given after parsing (an import's form) decides again.
func TestUnitBaseFollowsTheNamedVersion(t *testing.T) {
	facts := bench.Facts{{Part: "STM32H563ZI", Core: "Cortex-M33", MaxClockHz: 250e6}}
	text := output("", 1024, "SHA-256 5 MB took 1.004 seconds, 4.972 MB/s")
	r := Source{}.Read(source.Doc{Name: "set", Text: text, Facts: facts, Import: true,
		Names: source.Names{MCU: "STM32H563ZI", ClockHz: 250e6, Version: "5.6.0"}})
	if len(r.Data.Measurements) != 1 || *r.Data.Measurements[0].BytesPerSecond != 4972000 {
		t.Fatalf("want 4972000 B/s from wolfSSL 5.6.0's MB, got %+v", r.Data.Measurements)
	}
	var kinds []string
	for _, w := range r.Data.Warnings {
		kinds = append(kinds, w.Kind)
	}
	if !strings.Contains(strings.Join(kinds, ","), "inferred") || strings.Contains(strings.Join(kinds, ","), "unit-base") {
		t.Errorf("warnings %v: want the base-10 reading said (inferred), no doubt", kinds)
	}
}

// Output of older releases and ports: an implementation column between
// the name and the count, and the older names (ECDHE for the key
// generation, ECDSA without a curve name, RSA public/private).
func TestOlderOutput(t *testing.T) {
	text := output("3.15.3", 1024,
		"AES-128-CBC-enc SW    5 MB took 1.000 seconds,    5.102 MB/s",
		"SHA-256    SW      1000 KB took 1.015 seconds,  985.222 KB/s",
		"RSA     2048 public  SW   82 ops took 1.019 sec, avg 12.427 ms, 80.471 ops/sec",
		"RSA     2048 private HW    4 ops took 1.749 sec, avg 437.250 ms, 2.287 ops/sec",
		"ECDHE 256 key gen SW 4 ops took 1.278 sec, avg 319.500 ms, 3.130 ops/sec",
		"ECDHE   256 agree   SW    4 ops took 1.070 sec, avg 267.500 ms, 3.738 ops/sec",
		"ECDSA   256 sign    SW    4 ops took 1.082 sec, avg 270.500 ms, 3.697 ops/sec",
		"ECDSA   256 verify  HW    6 ops took 1.016 sec, avg 169.333 ms, 5.906 ops/sec",
		"HKDF SW 10 ops took 1.000 sec, avg 100.000 ms, 10.000 ops/sec",
	)
	facts := bench.Facts{{Part: "STM32F437II", Core: "Cortex-M4", MaxClockHz: 180e6}}
	r := Source{}.Read(source.Doc{Name: "old", Text: text, Facts: facts, Import: true, Names: source.Names{MCU: "STM32F437II", ClockHz: 168e6, Config: "mine"}})
	if len(r.Errors) > 0 || len(r.Unnamed) > 0 {
		t.Fatalf("errors %v %v", r.Errors, r.Unnamed)
	}
	want := map[string]float64{
		"aes-128-cbc-enc": 5.102 * 1048576, "sha256": 985.222 * 1024,
		"rsa-2048-public": 0.012427, "rsa-2048-private": 0.43725, "ecc-p256-keygen": 0.3195,
		"ecdh-p256-agree": 0.2675, "ecdsa-p256-sign": 0.2705, "ecdsa-p256-verify": 0.169333,
	}
	for _, m := range r.Data.Measurements {
		t.Run(m.Op, func(t *testing.T) {
			got := 0.0
			if m.BytesPerSecond != nil {
				got = *m.BytesPerSecond
			} else {
				got = *m.SecondsPerOp
			}
			if w, ok := want[m.Op]; !ok || !close(got, w) {
				t.Errorf("%s = %v, want %v", m.Op, got, w)
			}
			delete(want, m.Op)
			if m.Config != "mine; implementation column HW/SW" {
				t.Errorf("config %q: want the implementation column in the label", m.Config)
			}
		})
	}
	if len(want) > 0 {
		t.Errorf("not read: %v", want)
	}
	if len(r.Data.Skipped) != 1 || r.Data.Skipped[0].Name != "HKDF" {
		t.Errorf("skipped %+v, want HKDF", r.Data.Skipped)
	}
}
