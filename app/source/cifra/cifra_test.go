package cifra_test

import (
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/cifra"
)

// The copy's layout with made-up figures (CC0 allows the real text, but a
// small inline fixture says what the test checks).
const copied = "# header\n\n<!-- README.md lines 66-75 -->\n" + `## AES
This test does a key schedule, then encrypts one block.

### 128-bit key
Core       | Cycles (key schedule + block) | Cycles (key schedule) | Cycles (block) | Stack | Code size
---------- | ----------------------------- | --------------------- | -------------- | ----- | ---------
Cortex-M0  | 7000                          | 2000                  | 5000           | 300B  | 1000B
Cortex-M3  | 4000                          | 1000                  | 3000           | 200B  | 900B

<!-- README.md lines 147-155 -->
## SHA256
This test hashes the empty string (one compression function invocation).

Core       | Cycles | Stack | Code size
---------- | ------ | ----- | ---------
Cortex-M0  | 11000  | 312B  | 1760B

<!-- README.md lines 204-217 -->
## Curve25519
This test is one point multiplication.

Core       | Cycles  | Stack | Code size
---------- | ------- | ----- | ---------
Cortex-M4F | 4000000 | 448B  | 5536B
`

func TestParse(t *testing.T) {
	d, errs := cifra.Parse("t.md", copied)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(d.Measurements) != 4 || len(d.Footprints) != 4 || len(d.Skipped) != 1 {
		t.Fatalf("%d figures, %d footprints, %d skipped; want 4, 4 and 1 (SHA-256 is one short message)", len(d.Measurements), len(d.Footprints), len(d.Skipped))
	}
	m := d.Measurements[1] // AES-128 on the Cortex-M3
	if m.MCU != "STM32F103C8T6" || m.Op != "aes-128-ecb-enc" || *m.BytesPerSecond != 16*8e6/3000 || m.ClockHz != 8e6 || m.Pos.Line != 73 || m.Pos.File != cifra.Doc {
		t.Errorf("AES figure %+v at %v", m, m.Pos)
	}
	x := d.Measurements[3]
	if x.MCU != "STM32F303K6T6" || x.Op != "x25519-agree" || *x.SecondsPerOp != 0.5 || *x.Cycles != 4e6 || x.Pos.Line != 209 {
		t.Errorf("X25519 figure %+v at %v", x, x.Pos)
	}
	if f := d.Footprints[0]; *f.StackBytes != 300 || *f.CodeBytes != 1000 || *f.GlobalBytes != 0 {
		t.Errorf("footprint %+v", f)
	}
	if s := d.Skipped[0]; s.Name != "SHA256" || s.Pos.Line != 152 || !strings.Contains(s.Reason, "not a per-block cost") {
		t.Errorf("skipped %+v", s)
	}
}

func TestParseRefusesAGarbledRow(t *testing.T) {
	for _, bad := range []string{
		strings.Replace(copied, "| 3000 ", "| lots ", 1),
		strings.Replace(copied, "Cortex-M3  |", "Cortex-M7  |", 1),
	} {
		if _, errs := cifra.Parse("t.md", bad); len(errs) == 0 {
			t.Errorf("no error for %q", bad)
		}
	}
}

func TestCommittedFiguresMatchTheREADME(t *testing.T) {
	if _, _, n := thirdparty.Fresh(t, cifra.File, cifra.Source.Derive, "data/measured/cifra.json"); n != 12 {
		t.Fatalf("%d figures derived", n)
	}
}
