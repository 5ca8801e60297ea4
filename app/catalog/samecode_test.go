package catalog

import (
	"math"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/data"
)

// STM32_Bare_Test's asm flavour prints no ECC: its README says the asm
// build runs ECC in the c flavour's C SP math. On the bundled data each
// asm build with a c sibling on its board takes the sibling's ECDSA
// figures, estimated, slow end × the rule's spread, and ECDHE from them
// (the ECDHE rule); a c build keeps its own; an asm build whose board has
// no c ECC (the G071) still has none.
func TestAsmTakesItsCSiblingsECC(t *testing.T) {
	cat := bundled(t)
	const asm, c = "Bare_Test asm: Thumb-2 assembly", "Bare_Test c: pure C"
	byBoard := map[string]map[string]*Build{}
	for _, b := range cat.Builds {
		if b.donor != nil || b.id.Library != "wolfSSL" {
			continue
		}
		for _, flavour := range []string{asm, c} {
			if strings.HasPrefix(b.id.Config, flavour) && !strings.Contains(b.id.Config, "PQC") {
				if byBoard[b.id.MCU] == nil {
					byBoard[b.id.MCU] = map[string]*Build{}
				}
				byBoard[b.id.MCU][flavour] = b
			}
		}
	}
	linked := 0
	for mcu, fl := range byBoard {
		a, cb := fl[asm], fl[c]
		if a == nil {
			continue
		}
		ans := cat.Ask(a, Question{})
		sign := ans.Figure("ecdsa-p256-sign")
		if cb == nil || cb.id.ClockHz != a.id.ClockHz {
			if !sign.Missing {
				t.Errorf("%s: the asm build has an ECDSA figure without a c build on its board and clock", mcu)
			}
			continue
		}
		cans := cat.Ask(cb, Question{})
		want := cans.Figure("ecdsa-p256-sign")
		if want.Missing {
			if !sign.Missing {
				t.Errorf("%s: the asm build signs where its c sibling publishes no signature", mcu)
			}
			continue
		}
		linked++
		if sign.Missing || sign.Each != want.Each || sign.Basis != bench.Estimated || sign.From.SameCode == nil ||
			math.Abs(sign.Spread-max(want.Spread, 1)*sign.From.SameCode.Spread) > 1e-9 {
			t.Errorf("%s: asm sign %+v, want the c build's %g s, estimated, slow end × the rule's spread", mcu, sign, want.Each)
		}
		agree := ans.Figure("ecdh-p256-agree")
		if agree.Missing || agree.Basis != bench.Estimated || agree.From.Bounded != "ecdsa-p256-verify" || agree.From.SameCode == nil {
			t.Errorf("%s: asm ECDH %+v, want an estimate from the c build's verification", mcu, agree)
		}
		if want.From.SameCode != nil {
			t.Errorf("%s: the c build's own figure is marked as another build's", mcu)
		}
		if aes := ans.Figure("aes-128-gcm-enc"); !aes.Missing && aes.From.SameCode != nil {
			t.Errorf("%s: the asm build's own AES figure is marked as another build's", mcu)
		}
	}
	if linked < 10 {
		t.Errorf("%d asm builds took their c sibling's ECC: the rule was not exercised", linked)
	}
	// Without its c sibling's figures an asm build has none.
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	cut := *ds
	cut.Measurements = slices.DeleteFunc(slices.Clone(ds.Measurements), func(m bench.Measurement) bool {
		return m.MCU == "STM32F437II" && strings.HasPrefix(m.Config, c)
	})
	cutCat := New(&cut)
	lone := find(t, cutCat, "the F437's asm build", func(b *Build) bool { return b.id.MCU == "STM32F437II" && strings.HasPrefix(b.id.Config, asm) })
	if ans := cutCat.Ask(lone, Question{}); !ans.Figure("ecdsa-p256-sign").Missing {
		t.Error("the F437's asm build signs without a c sibling")
	}
}

// The rule's spread is what the README's asymmetric table shows for the
// flavours that run the same C SP math (bare and c on the boards without
// a PKA): the H723's verification, 1.280 against 1.096 ops/s.
func TestSameCodeSpreadIsTheTables(t *testing.T) {
	cat := bundled(t)
	if len(cat.ds.SameCode) != 1 {
		t.Fatalf("%d same-code rules, want STM32_Bare_Test's one", len(cat.ds.SameCode))
	}
	r := cat.ds.SameCode[0]
	if want := math.Round(1.280/1.096*1000) / 1000; r.Spread != want || r.Pos.Line != 698 || r.SpreadPos.Line != 586 {
		t.Errorf("rule %+v: want spread %g (H723 verify, bare ÷ c), README lines 698 and 586", r, want)
	}
}
