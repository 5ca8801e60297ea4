package baretest_test

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/baretest"
)

// A README of our own in the STM32_Bare_Test layout (made-up boards and
// figures, not wolfSSL's; the real README is GPL-3.0 and is not copied):
// three boards, whose clocks are decided three ways.
//   - `aa`: the BARE vs CubeMX table prints the same bare figure at its
//     SYSCLK (100 MHz).
//   - `bb`: the matrix says 20 MHz and the BARE vs CubeMX table 80 MHz,
//     with other figures; the PKA's cycles per signature match at 20.
//   - `cc`: the matrix says 10 MHz and its section 40 MHz: uncertain,
//     taken at 40.
const readme = "<!--\nheader\n-->\n" + `# STM32_Bare_Test

| BOARD | Chip | Status | Notes |
|---|---|---|---|
| ` + "`aa`" + ` | STM32AA11ZZ | Validated | NUCLEO-AA11ZZ. CRYP + HASH |
| ` + "`bb`" + ` | STM32BB22YY | Validated | NUCLEO-BB22YY. PKA |
| ` + "`cc`" + ` | STM32CC33XX | Validated | NUCLEO-CC33XX. RNG only |

| Board (BOARD=) | Chip | Core | MHz | Flash |
|---|---|---|---:|---:|
| ` + "`aa`" + ` | STM32AA11ZZ | M4F | 100 | 1 KB |
| ` + "`bb`" + ` | STM32BB22YY | M33F | 20 | 1 KB |
| ` + "`cc`" + ` | STM32CC33XX | M0+ | 10 | 1 KB |

| Board | AES | HASH | RNG | PKA | SAES |
|---|---|---|---|---|---|
| ` + "`aa`" + ` | CRYP | HW | HW | - | - |
| ` + "`bb`" + ` | - | - | HW | V2 | - |
| ` + "`cc`" + ` | - | - | - | - | - |

| Board | AES-128-CBC enc (bare) | AES-128-CBC enc (c) | SHA-256 (bare) |
|---|---|---|---|
| ` + "`aa`" + ` | 10.00 | 1.000 | 20.0 |
| ` + "`bb`" + ` | 0.500 | 0.400 | - |
| ` + "`cc`" + ` | 0.100 | 0.100 | 0.2 |

| Board | ECDSA P-256 sign (bare) | ECDSA P-256 sign (c) |
|---|---|---|
| ` + "`aa`" + ` | 10.0 | 10.0 |
| ` + "`bb`" + ` | 5.000 | 1.000 |

| Operation | AA11 @ 100 MHz (M4F) |
|---|---:|
| ML-KEM 768  encap | 100.0 |
| ML-DSA 87   sign | skipped |

| Board | Arch | HW PKA | CBC enc | SHA-256 | ECDSA verify |
|---|---|---|---|---|---|
| ` + "`aa`" + ` | M4F | none | 300 | 300 | 4000 |
| ` + "`bb`" + ` | M33F | **V2** | 300 | - | **1500 (HW)** |

| Board | Arch | Peak | Allocs balanced |
|---|---|---|---|
| ` + "`aa`" + ` | M4F | 2000 | 1 / 1 |
| ` + "`bb`" + ` | M33F | 2000 | 1 / 1 |

| Board | SYSCLK | AES-128-CBC enc bare | AES-128-CBC enc cubemx | ECDSA P-256 sign bare |
|---|---:|---:|---:|---:|
| ` + "`aa`" + ` | 100 MHz | 10.00 | 5.00 | 10.0 |
| ` + "`bb`" + ` | 80 MHz | 2.000 | 1.00 | 20.0 |

### NUCLEO-CC33XX -- STM32CC33XX (Cortex-M0+, 40 MHz via PLL)
`

func TestParseInfersEachBoardsClock(t *testing.T) {
	d, errs := baretest.Parse(readme)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	clocks := map[string]baretest.Clock{}
	for _, c := range d.Clocks {
		clocks[c.Board] = c
	}
	for _, tc := range []struct {
		board   string
		mhz     int64
		certain bool
		how     string
	}{
		{"aa", 100, true, "prints the same bare figures at SYSCLK 100 MHz"},
		{"bb", 20, true, "PKA's cycles per ECDSA P-256 signature"},
		{"cc", 40, false, "no figure decides: taken at 40 MHz"},
	} {
		c := clocks[tc.board]
		if c.MHz != tc.mhz || c.Certain != tc.certain || !strings.Contains(c.How, tc.how) {
			t.Errorf("%s: %+v, want %d MHz, certain %v, %q", tc.board, c, tc.mhz, tc.certain, tc.how)
		}
	}
}

func TestParseReadsEveryFigureWithItsBuild(t *testing.T) {
	d, errs := baretest.Parse(readme)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]bench.Measurement{}
	for _, m := range d.Measurements {
		got[m.MCU+"|"+m.Config+"|"+m.Op+"|"+m.Printed] = m
	}
	bare, c := baretest.Config("bare"), baretest.Config("c")
	for _, tc := range []struct {
		key    string
		clock  int64
		accel  string
		rate   float64 // bytes/s, or seconds per op
		line   int     // README line
		column int
	}{
		{"STM32AA11ZZ|" + bare + "|aes-128-cbc-enc|10.00 MiB/s", 100e6, "AES,HASH", 10 * 1024 * 1024, 23, 10},
		{"STM32AA11ZZ|" + c + "|aes-128-cbc-enc|1.000 MiB/s", 100e6, "", 1024 * 1024, 23, 18},
		{"STM32BB22YY|" + bare + "|ecdsa-p256-sign|5.000 ops/sec", 20e6, "PKA", 0.2, 30, 10},
		{"STM32CC33XX|" + bare + "|sha256|0.2 MiB/s", 40e6, "", 0.2 * 1024 * 1024, 25, 26},
		{"STM32AA11ZZ|" + bare + "|ml-kem-768-encap|100.0 ops/sec", 100e6, "AES,HASH", 0.01, 34, 23},
		// The BARE vs CubeMX run at bb's SYSCLK is a run of its own.
		{"STM32BB22YY|" + bare + baretest.RerunSuffix + "|ecdsa-p256-sign|20.0 ops/sec", 80e6, "PKA", 0.05, 50, 34},
	} {
		m, ok := got[tc.key]
		if !ok {
			t.Errorf("no figure %s", tc.key)
			continue
		}
		v := 0.0
		if m.BytesPerSecond != nil {
			v = *m.BytesPerSecond
		} else if m.SecondsPerOp != nil {
			v = *m.SecondsPerOp
		}
		if m.ClockHz != tc.clock || strings.Join(m.Acceleration, ",") != tc.accel || math.Abs(v-tc.rate) > 1e-9*tc.rate ||
			m.Pos.File != baretest.Doc || m.Pos.Line != tc.line || tc.column > 0 && m.Pos.Col != tc.column || m.Library != baretest.Library {
			t.Errorf("%s: %+v (%v), want %d Hz, %q, %v at line %d col %d", tc.key, m, v, tc.clock, tc.accel, tc.rate, tc.line, tc.column)
		}
	}
	// "-" and "skipped" are not figures; skipped is a missing one. 12
	// cross-board figures, one PQC=1 figure and bb's two of its other run.
	if len(d.Measurements) != 15 {
		t.Errorf("%d figures, want 15", len(d.Measurements))
	}
	if len(d.Missing) != 1 || d.Missing[0].Op != "ml-dsa-87-sign" {
		t.Errorf("missing %+v", d.Missing)
	}
}

// Stack per operation and the peak heap become the bare builds' RAM.
func TestParseReadsStackAndHeap(t *testing.T) {
	d, errs := baretest.Parse(readme)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	n := 0
	for _, f := range d.Footprints {
		if f.MCU == "STM32BB22YY" && f.Op == "ecdsa-p256-verify" {
			n++
			if *f.StackBytes != 1500 || *f.WorkingBufferBytes != 2000 || *f.GlobalBytes != 0 || f.CodeBytes != nil || f.Config != baretest.Config("bare") || f.ClockHz != 20e6 {
				t.Errorf("footprint %+v", f)
			}
		}
	}
	if n != 1 || len(d.Footprints) != 5 {
		t.Errorf("%d footprints (%d for bb's verify)", len(d.Footprints), n)
	}
}

// A text that is not the README says so, and a column it does not know
// is an error, not a silent skip.
func TestParseRefusesWhatItDoesNotKnow(t *testing.T) {
	if _, errs := baretest.Parse("# something else\n| a | b |\n"); len(errs) == 0 {
		t.Error("a text without the README's tables parsed")
	}
	// A board with a stack row and no peak-heap row is an error, not a
	// crash.
	noHeap := strings.Replace(readme, "| `bb` | M33F | 2000 | 1 / 1 |", "", 1)
	if _, errs := baretest.Parse(noHeap); len(errs) == 0 || !strings.Contains(errs.Error(), "peak heap") {
		t.Errorf("a stack row without its heap: %v", errs)
	}
	bad := strings.Replace(readme, "| SHA-256 (bare) |", "| SHA-999 (bare) |", 1)
	_, errs := baretest.Parse(bad)
	if len(errs) == 0 || !strings.Contains(errs.Error(), "unknown column") {
		t.Errorf("unknown column: %v", errs)
	}
}

// The committed figures are what the README gives: re-derived from the
// source, byte for byte, and the counts the notes quote.
func TestCommittedFiguresMatchTheREADME(t *testing.T) {
	_, got, n := thirdparty.Fresh(t, baretest.File, baretest.Derive, "data/measured/baretest.json")
	var d baretest.Derived
	if err := json.Unmarshal(got, &d); err != nil {
		t.Fatal(err)
	}
	boards := map[string]bool{}
	for _, m := range d.Measurements {
		boards[m.MCU] = true
		if !strings.HasPrefix(m.Source, baretest.Doc+":") || m.Pos.Line <= 0 || m.Pos.Col <= 0 {
			t.Errorf("%s %s: no README position (%s)", m.MCU, m.Op, m.Source)
		}
	}
	if n != 438 || len(boards) != 16 || len(d.Footprints) != 99 {
		t.Errorf("%d figures on %d parts, %d footprints: the notes quote 438 on 16 and 99", n, len(boards), len(d.Footprints))
	}
	// The coverage table's slip: the U545's bare AES is its AES unit
	// (the README says so elsewhere), and a warning says why.
	for _, m := range d.Measurements {
		if m.MCU == "STM32U545RE" && m.Op == "aes-128-cbc-enc" && strings.HasPrefix(m.Config, "Bare_Test bare") && !slices.Contains(m.Acceleration, "AES") {
			t.Errorf("U545 bare AES-CBC without its AES unit: %v", m.Acceleration)
		}
	}
	if !slices.ContainsFunc(d.Warnings, func(w bench.Warning) bool { return w.MCU == "STM32U545RE" && w.Kind == "coverage-slip" }) {
		t.Error("no warning on the U545's coverage slip")
	}
}

// The G071's ML-DSA runs (README "#### PQC=mldsa*"), re-read from the
// shared file's cells by this test's own reading: every time is a figure
// of its variant's build at 64 MHz, every heap its operation's working
// memory (with the key object for the verify-only builds), and the
// signer's MEMORY_E a missing figure with its reason.
func TestG071MLDSAFromTheSharedFile(t *testing.T) {
	text, got, _ := thirdparty.Fresh(t, baretest.File, baretest.Derive, "data/measured/baretest.json")
	var d baretest.Derived
	if err := json.Unmarshal(got, &d); err != nil {
		t.Fatal(err)
	}
	figure := func(variant, op string) (*bench.Measurement, *bench.Footprint) {
		var m *bench.Measurement
		var f *bench.Footprint
		for i := range d.Measurements {
			if x := &d.Measurements[i]; x.MCU == "STM32G071RB" && x.Op == op && strings.Contains(x.Config, "PQC="+variant+" ") {
				m = x
			}
		}
		for i := range d.Footprints {
			if x := &d.Footprints[i]; x.MCU == "STM32G071RB" && x.Op == op && strings.Contains(x.Config, "PQC="+variant+" ") {
				f = x
			}
		}
		return m, f
	}
	num := func(cell string) float64 {
		v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(cell, " ms"), " B"), ",", ""), 64)
		if err != nil {
			t.Fatalf("cell %q: %v", cell, err)
		}
		return v
	}
	check := func(variant, set, op, timeCell, memCell string) {
		m, f := figure(variant, "ml-dsa-"+set+"-"+op)
		switch {
		case m == nil || f == nil:
			t.Errorf("%s ML-DSA-%s %s: no figure or footprint", variant, set, op)
		case m.ClockHz != 64e6 || math.Abs(*m.SecondsPerOp-num(timeCell)/1000) > 1e-12:
			t.Errorf("%s ML-DSA-%s %s: %v s at %d Hz, the README says %s at 64 MHz", variant, set, op, *m.SecondsPerOp, m.ClockHz, timeCell)
		case *f.WorkingBufferBytes != int64(num(memCell)):
			t.Errorf("%s ML-DSA-%s %s: working memory %d B, the README says %s", variant, set, op, *f.WorkingBufferBytes, memCell)
		}
	}
	figures, missing := 0, 0
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "| `mldsa") {
			continue
		}
		var c []string
		for _, x := range strings.Split(strings.Trim(l, "| "), "|") {
			c = append(c, strings.TrimSpace(x))
		}
		variant := strings.Trim(strings.Fields(c[0])[0], "`")
		switch len(c) {
		case 6: // variant, set, time, key object, heap, key + heap
			check(variant, c[1], "verify", c[2], c[5])
			figures++
		case 8: // variant, set, then time and heap of keygen, sign, verify
			for i, op := range []string{"keygen", "sign", "verify"} {
				if strings.HasSuffix(c[2+2*i], " ms") {
					check(variant, c[1], op, c[2+2*i], c[3+2*i])
					figures++
					continue
				}
				missing++
				if !slices.ContainsFunc(d.Missing, func(m bench.Missing) bool {
					return strings.Contains(m.Config, "PQC="+variant+" ") && m.Op == "ml-dsa-"+c[1]+"-"+op && m.Reason != ""
				}) {
					t.Errorf("%s ML-DSA-%s %s (%s): not recorded as missing", variant, c[1], op, c[2+2*i])
				}
			}
		}
	}
	if figures != 25 || missing != 2 {
		t.Errorf("read %d figures and %d missing from the shared file, want 25 and 2 (9 verify-only, 16 of key generation, signing and verifying)", figures, missing)
	}
}

// The G071's ML-DSA lends to the Cortex-M0+ as counts: every run at
// 64 MHz, one implementation per memory variant, its cycles the measured
// time × 64 MHz, no slowest run nor stack claimed (the README publishes
// neither), lent to no other core.
func TestG071LendsItsMLDSA(t *testing.T) {
	src := baretest.MLDSACycles{}
	_, got, n := thirdparty.Fresh(t, src.File(), src.Derive, "data/cycles/"+src.Name()+".json")
	figs, _, err := src.Load(got)
	if err != nil {
		t.Fatal(err)
	}
	_, measured, _ := thirdparty.Fresh(t, baretest.File, baretest.Derive, "data/measured/baretest.json")
	var d baretest.Derived
	if err := json.Unmarshal(measured, &d); err != nil {
		t.Fatal(err)
	}
	runs := 0
	for _, m := range d.Measurements {
		if m.MCU == "STM32G071RB" && strings.HasPrefix(m.Op, "ml-dsa-") {
			runs++
		}
	}
	if n != len(figs) || n != runs || n < 20 {
		t.Fatalf("%d counts (%d figures) for the G071's %d ML-DSA runs", n, len(figs), runs)
	}
	for _, f := range figs {
		if f.Core != "Cortex-M0+" || f.ClockHz != 64e6 || f.MaxCycles != 0 || f.StackBytes != 0 || f.Cycles <= 0 || !strings.HasPrefix(f.Implementation, "wolfSSL pure C PQC=mldsa") {
			t.Errorf("%+v", f)
		}
		if f.Op == "ml-dsa-65-verify" && strings.HasSuffix(f.Implementation, "PQC=mldsa-vfy-fast") && (f.Cycles != 0.1551*64e6 || f.Pos.Line != 658) {
			t.Errorf("verify-fast: %v cycles at line %d, want 155.1 ms × 64 MHz at README line 658", f.Cycles, f.Pos.Line)
		}
	}
	if l := src.Lends(); len(l) != 1 || l[0].Core != "Cortex-M0+" || l[0].From != "Cortex-M0+" || l[0].Basis != bench.Estimated {
		t.Errorf("lends %+v", l)
	}
}
