package p256m_test

import (
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/p256m"
)

// The README's layout with made-up figures: a Cortex-M0 runtime table, a
// Cortex-A7 one (not an STM32 part: left out) and the stack tables.
const readme = "<!-- header -->\n\n" + `**RAM usage**

Here's the RAM used by each operation on a Cortex-M0 core:

| operation          | p256-m | TinyCrypt |
| ------------------ | -----: | --------: |
| key generation     |    600 |       800 |
| ECDH shared secret |    640 |       720 |
| ECDSA sign         |    660 |       880 |
| ECDSA verify       |    750 |       820 |

**Runtime performance**

_Cortex-M0_ at  48 MHz: STM32F091 board running Mbed OS 6

| Operation          | p256-m | TinyCrypt |
| ------------------ | -----: | --------: |
| Key generation     |    900 |       970 |
| ECDH shared secret |    910 |       980 |
| ECDSA sign         |    990 |      1000 |
| ECDSA verify       |   1900 |      1100 |
| Sum of those 4     |   4700 |      4050 |

_Cortex-A7_ at 900 MHz: Raspberry Pi 2B running Raspbian Buster

| Operation          | p256-m | TinyCrypt |
| ------------------ | -----: | --------: |
| Key generation     |     11 |        13 |
`

func TestParse(t *testing.T) {
	d, errs := p256m.Parse("t.md", readme)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(d.Measurements) != 8 || len(d.Footprints) != 8 {
		t.Fatalf("%d figures, %d footprints, want 8 and 8 (the Cortex-A7 is not an STM32)", len(d.Measurements), len(d.Footprints))
	}
	m := d.Measurements[6] // ECDSA verify, p256-m
	if m.MCU != "STM32F091" || m.Library != "p256-m" || m.Op != "ecdsa-p256-verify" || *m.SecondsPerOp != 1.9 || m.ClockHz != 48e6 ||
		m.Printed != "1900 ms" || m.Pos.Line != 23+116 {
		t.Errorf("figure %+v (line %d)", m, m.Pos.Line)
	}
	f := d.Footprints[7] // ECDSA verify, TinyCrypt
	// The stack cites the RAM table's row, not the timing row.
	if f.Library != "TinyCrypt" || f.LibraryVersion != "0.2.8" || *f.StackBytes != 820 || *f.GlobalBytes != 0 || f.Op != "ecdsa-p256-verify" || f.Pos.Line != 12+116 {
		t.Errorf("footprint %+v", f)
	}
}

func TestParseRefusesAGarbledRow(t *testing.T) {
	bad := strings.Replace(readme, "|    910 |", "|  lots |", 1)
	if _, errs := p256m.Parse("t.md", bad); len(errs) == 0 || !strings.Contains(errs.Error(), "want a positive number for p256-m") {
		t.Errorf("garbled row: %v", errs)
	}
}

func TestCommittedFiguresMatchTheREADME(t *testing.T) {
	if _, _, n := thirdparty.Fresh(t, p256m.File, p256m.Source.Derive, "data/measured/p256m.json"); n != 16 {
		t.Fatalf("%d figures derived", n)
	}
}
