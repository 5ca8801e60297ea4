package x25519_test

import (
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/x25519"
)

// A table in the restatement's form (made-up counts): both rows give a
// keygen and an agreement figure each, with the counted core, code,
// stack, clock and board where stated, and the document named by its
// commit.
const table = `# X25519 cycle counts
| core | implementation | cycles per scalar multiplication | code | stack | where it was measured | origin | licence |
|---|---|---|---|---|---|---|---|
| Cortex-M4 (ARMv7E-M) | Emil Lenngren, X25519-Cortex-M4 (` + "`x.s`" + `) | 500,000 | 1,000 B | 300 B | not stated (a Cortex-M4) | github.com/Emill/X25519-Cortex-M4 ` + "`README.md`" + ` at 0123456789abcdef0123456789abcdef01234567, section "Performance" | BSD-2-Clause |
| Cortex-M0 and M0+ (ARMv6-M) | Thomas Pornin, x25519-cm0 (` + "`y.S`" + `) | 3,000,000 | not stated | not stated | A board (Cortex-M0+) at 8 MHz, so without flash wait states | github.com/pornin/x25519-cm0 ` + "`README.md`" + ` at 89abcdef0123456789abcdef0123456789abcdef, first paragraph | none |
`

func TestParseInline(t *testing.T) {
	figs, docs, errs := x25519.Parse("t.md", table)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(figs) != 4 || len(docs) != 2 {
		t.Fatalf("%d figures, %d documents", len(figs), len(docs))
	}
	m4, m0 := figs[0], figs[2]
	if m4.Op != "x25519-keygen" || figs[1].Op != "x25519-agree" || m4.Core != "Cortex-M4" || m4.Cycles != 500000 || m4.CodeBytes != 1000 ||
		m4.StackBytes != 300 || m4.ClockHz != 0 || m4.Board != "not stated" || m4.Source != "x25519" {
		t.Errorf("Lenngren's: %+v", m4)
	}
	if m0.Core != "Cortex-M0+" || m0.Cycles != 3e6 || m0.ClockHz != 8e6 || m0.StackBytes != 0 || m0.Board != "A board (Cortex-M0+)" {
		t.Errorf("Pornin's: %+v", m0)
	}
	if docs[0].URL != "https://github.com/Emill/X25519-Cortex-M4/blob/0123456789abcdef0123456789abcdef01234567/README.md" || m4.Pos.File != docs[0].Name {
		t.Errorf("document %+v, position %+v", docs[0], m4.Pos)
	}
	if _, _, errs := x25519.Parse("t.md", strings.Replace(table, "500,000", "many", 1)); len(errs) != 1 {
		t.Errorf("a row without a count: %v", errs)
	}
}

// The restatement in ../shared/sources derives the committed figures.
func TestDerivedIsFresh(t *testing.T) {
	_, got, n := thirdparty.Fresh(t, x25519.File, x25519.Cycles{}.Derive, "data/cycles/x25519.json")
	if n != 4 {
		t.Fatalf("%d figures derived", n)
	}
	figs, _, err := x25519.Cycles{}.Load(got)
	if err != nil {
		t.Fatal(err)
	}
	if figs[0].Cycles != 548873 || figs[2].Cycles != 3229950 || figs[0].StackBytes != 368 || figs[0].CodeBytes != 1892 {
		t.Errorf("figures %+v", figs)
	}
}
