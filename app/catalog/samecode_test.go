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
	timing := slices.DeleteFunc(slices.Clone(cat.ds.SameCode), func(r bench.SameCode) bool { return r.Memory })
	if len(timing) != 1 {
		t.Fatalf("%d same-code rules of timings, want STM32_Bare_Test's one", len(timing))
	}
	r := timing[0]
	if want := math.Round(1.280/1.096*1000) / 1000; r.Spread != want || r.Pos.Line != 698 || r.SpreadPos.Line != 586 {
		t.Errorf("rule %+v: want spread %g (H723 verify, bare ÷ c), README lines 698 and 586", r, want)
	}
}

// The stack table's figures stand for the c and asm flavours where the
// README says their code is the same: on the boards without a PKA (not
// the M0+, whose symmetric stack differs), the ECC for both, the
// symmetric operations for c only (its C code; the asm flavour's Thumb-2
// symmetric code is not measured), citing the README's two lines.
func TestSameStackIsTheReadmes(t *testing.T) {
	cat := bundled(t)
	var memory []bench.SameCode
	for _, r := range cat.ds.SameCode {
		if r.Memory {
			memory = append(memory, r)
		}
	}
	boards := []string{"STM32F207ZG", "STM32F439ZI", "STM32G491RE", "STM32H723ZG", "STM32H753ZI", "STM32H7A3ZI", "STM32L4A6ZG"}
	want := map[string][]string{
		"Bare_Test c: pure C":             {"aes-cbc-enc", "aes-gcm-enc", "ecdsa-p256-sign", "ecdsa-p256-verify", "sha256"},
		"Bare_Test asm: Thumb-2 assembly": {"ecdsa-p256-sign", "ecdsa-p256-verify"},
	}
	if len(memory) != len(want) {
		t.Fatalf("%d memory rules, want %d", len(memory), len(want))
	}
	for _, r := range memory {
		var ops []string
		for prefix, o := range want {
			if strings.HasPrefix(r.Config, prefix) {
				ops = o
			}
		}
		if !slices.Equal(slices.Sorted(slices.Values(r.Ops)), ops) || !strings.HasPrefix(r.From, "Bare_Test bare") ||
			!slices.Equal(slices.Sorted(slices.Values(r.MCUs)), boards) || r.Pos.Line != 721 || r.SpreadPos.Line != 756 {
			t.Errorf("rule %+v: want ops %v from the bare flavour on %v, README lines 721 and 756", r, ops, boards)
		}
	}
}

// Under those rules a c or asm build counts its bare sibling's stack
// and heap rows for the operations it has none of, estimated, and says
// whose they are; the bare build's own stay measured and unmarked, a
// build on a board with a PKA takes nothing, and an estimate carried
// from a covered build takes its donor's rows.
func TestCAndAsmCountTheBareStacks(t *testing.T) {
	cat := bundled(t)
	ops := []string{"ecdsa-p256-sign", "ecdsa-p256-verify", "sha256"}
	flavour := func(b *Build, f string) bool { return strings.HasPrefix(b.id.Config, "Bare_Test "+f+":") }
	bare := map[string]*Footprint{}
	for _, b := range cat.Builds {
		if b.donor == nil && flavour(b, "bare") {
			a := cat.Ask(b, Question{})
			fp := a.Footprint(used(&a, ops...))
			if fp != nil && fp.SameCode != nil {
				t.Errorf("%s: the bare build's own rows are marked as another's", b.id.MCU)
			}
			if fp != nil && fp.RAMBytes != nil {
				bare[b.id.MCU] = fp
			}
		}
	}
	checked, estimates := 0, 0
	for _, b := range cat.Builds {
		if !flavour(b, "c") && !flavour(b, "asm") {
			continue
		}
		a := cat.Ask(b, Question{})
		fp := a.Footprint(used(&a, ops...))
		mcu := b.id.MCU
		if b.donor != nil {
			mcu = b.donor.id.MCU
		}
		own, covered := bare[mcu]
		covered = covered && slices.ContainsFunc(cat.ds.SameCode, func(r bench.SameCode) bool { return r.Memory && slices.Contains(r.MCUs, mcu) })
		switch {
		case !covered:
			if fp != nil && fp.SameCode != nil {
				t.Errorf("%s %s: takes another build's stacks on a board the rules do not name", b.id.MCU, b.id.Config)
			}
		case flavour(b, "asm"):
			if fp == nil || fp.SameCode == nil || fp.RAMBytes != nil || !slices.Equal(fp.SameCodeOps, ops[:2]) || fp.Basis != bench.Estimated {
				t.Errorf("%s asm: %+v, want the bare build's ECC rows, estimated, and SHA-256 missing", b.id.MCU, fp)
			}
			checked++
		default:
			if fp == nil || fp.RAMBytes == nil || *fp.RAMBytes != *own.RAMBytes || !slices.Equal(fp.SameCodeOps, ops) || fp.Basis != bench.Estimated ||
				!strings.HasPrefix(fp.SameCode.Config, "Bare_Test bare") || fp.SameCode.Line != 721 {
				t.Errorf("%s c: %+v, want the bare build's %d B, estimated, citing line 721", b.id.MCU, fp, *own.RAMBytes)
			}
			if b.donor != nil {
				estimates++
			}
			checked++
		}
	}
	if checked < 10 || estimates == 0 {
		t.Errorf("%d c and asm builds checked, %d of them estimates: the rules were not exercised", checked, estimates)
	}
}
