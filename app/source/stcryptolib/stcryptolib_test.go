package stcryptolib_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/stcryptolib"
)

// The restatement's layout with made-up figures (its source's licence
// does not allow a copy as a fixture).
const restated = `# header

## Figures (clock cycles unless stated)

### SHA-1, SHA-2 and HMAC

| part | algorithm | build | Init | Append (one block) | Finish | block size (FIPS 180-4) | lines | note |
|---|---|---|---|---|---|---|---|---|
| F4 | SHA-256 | speed | 60 | 3200 | 3600 | 64 B | ` + "`F4:10,11,12`" + ` |  |
| F4 | SHA-1 | speed | 60 | 3000 | 3600 | 64 B | ` + "`F4:13,14,15`" + ` |  |
| F1 | SHA384 | size | 100 | 30000 | 30000 | 128 B | ` + "`F1:20,21,22`" + ` | Finish equals Append: doubtful. |

### AES-GCM and AES-CCM

| part | mode | operation | build | Init | Append (16 B) | Header append (16 B) | Finish | lines | note |
|---|---|---|---|---|---|---|---|---|---|
| L4 | AES-128-GCM | Decryption | speed | 9000 | 3000 | 1300 | 3000 | ` + "`L4:30,31,32,33`" + ` |  |

### ECC P-256 (the source's "ECC-256" column)

| part | operation (as labelled) | build | cycles | lines | note |
|---|---|---|---|---|---|
| F0 | Verification | speed | 50000000 | ` + "`F0:40`" + ` | column "ECC-256" headed at F0:39 |

### Curve25519 and Ed25519

| part | algorithm | build | Key Generation | Verification | Signature | lines | note |
|---|---|---|---|---|---|---|---|
| F4 | Ed25519 | speed | 4000000 | 3000000 | 5000000 | ` + "`F4:50,51,52`" + ` |  |

### Code size and constant data (bytes)

| part | algorithm (as labelled) | build | code (bytes) | constant data (bytes) | lines | note |
|---|---|---|---|---|---|---|
| F4 | SHA-224, SHA-256 | speed | 1 404 | 256 | ` + "`F4:60,61`" + ` |  |
`

func TestParse(t *testing.T) {
	d, errs := stcryptolib.Parse("t.md", restated)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ops := map[string]int{}
	for i, m := range d.Measurements {
		ops[m.Op] = i
	}
	if len(d.Measurements) != 5 {
		t.Fatalf("%d figures %v, want sha256, aes-128-gcm-dec, ecdsa-p256-verify, ed25519-verify and -sign", len(d.Measurements), ops)
	}
	sha := d.Measurements[ops["sha256"]]
	if sha.MCU != "STM32F401RE" || sha.ClockHz != 84e6 || *sha.BytesPerSecond != 64*84e6/3200 || sha.Pos.Line != 11 || sha.Pos.File != stcryptolib.DocName("F4") ||
		!strings.Contains(sha.Config, "High speed") {
		t.Errorf("SHA-256 %+v at %v", sha, sha.Pos)
	}
	gcm := d.Measurements[ops["aes-128-gcm-dec"]]
	if gcm.MCU != "STM32L476RG" || gcm.ClockHz != 80e6 || *gcm.BytesPerSecond != 16*80e6/3000 || gcm.Pos.Line != 31 {
		t.Errorf("GCM %+v at %v (the L4's stated 84 MHz is above its maximum: 80 MHz)", gcm, gcm.Pos)
	}
	v := d.Measurements[ops["ed25519-verify"]]
	if *v.SecondsPerOp != 3e6/84e6 || *v.SlowSecondsPerOp != 5e6/84e6 {
		t.Errorf("Ed25519 verify %v–%v: want the interval of the two columns", *v.SecondsPerOp, *v.SlowSecondsPerOp)
	}
	skipped := map[string]bool{}
	for _, s := range d.Skipped {
		skipped[s.Name] = true
	}
	if !skipped["SHA384 size 100 30000 30000 128 B"] || !skipped["SHA-1 speed"] || len(d.Skipped) != 3 {
		t.Errorf("skipped %v: want the flagged SHA384 row, SHA-1 (no workload) and the Ed25519 key generation (no workload)", skipped)
	}
	if len(d.Footprints) != 1 || *d.Footprints[0].CodeBytes != 1404 || *d.Footprints[0].ConstantBytes != 256 || d.Footprints[0].StackBytes != nil {
		t.Errorf("footprints %+v: want SHA-256's code and constants, no stack", d.Footprints)
	}
	if len(d.Missing) != 0 {
		t.Errorf("missing %+v: an ECDH figure is missing only where a key generation row is read", d.Missing)
	}
}

func TestParseRefusesAGarbledRow(t *testing.T) {
	for _, bad := range []string{
		strings.Replace(restated, "| 3200 |", "| fast |", 1),
		strings.Replace(restated, "| L4 | AES-128-GCM", "| X9 | AES-128-GCM", 1),
		strings.Replace(restated, "`F0:40`", "`F0:forty`", 1),
	} {
		if _, errs := stcryptolib.Parse("t.md", bad); len(errs) == 0 {
			t.Errorf("no error for a garbled row")
		}
	}
}

// TestCommittedFiguresMatchTheDocuments derives the committed figures
// again, and checks each rate against the restatement's own arithmetic
// (its "Derived" table: cycles per byte over a long message).
func TestCommittedFiguresMatchTheDocuments(t *testing.T) {
	text, _, n := thirdparty.Fresh(t, stcryptolib.File, stcryptolib.Source.Derive, "data/measured/stcryptolib.json")
	if n < 150 {
		t.Fatalf("%d figures derived", n)
	}
	d, _ := stcryptolib.Parse(stcryptolib.File, text)
	derived := regexp.MustCompile(`^\| (F0|L0|F1|F4|L4) \| (SHA-256|AES-128-CBC encryption|AES-128-CBC decryption) \| (speed|size)\*? \| \d+ / \d+ = \*\*([0-9.]+)\*\*`)
	ops := map[string]string{"SHA-256": "sha256", "AES-128-CBC encryption": "aes-128-cbc-enc", "AES-128-CBC decryption": "aes-128-cbc-dec"}
	checked := 0
	for _, l := range strings.Split(text, "\n") {
		m := derived.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		cpb, _ := strconv.ParseFloat(m[4], 64)
		found := false
		for _, f := range d.Measurements {
			if f.Op == ops[m[2]] && f.Pos.File == stcryptolib.DocName(m[1]) && strings.HasPrefix(f.Config, map[string]string{"speed": "High speed", "size": "High size"}[m[3]]) {
				found = true
				if got := float64(f.ClockHz) / *f.BytesPerSecond; math.Abs(got-cpb) > 1e-9 {
					t.Errorf("%s %s %s: %v cycles per byte, the restatement says %v", m[1], m[2], m[3], got, cpb)
				}
			}
		}
		if !found {
			t.Errorf("%s %s %s: no figure", m[1], m[2], m[3])
		}
		checked++
	}
	if checked != 30 {
		t.Errorf("%d derived rows checked, want 30", checked)
	}
}
