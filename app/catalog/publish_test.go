package catalog

import (
	"slices"
	"testing"

	"cryptosizer/app/bench"
)

// An AES operation's footprint is its mode's, whatever the key size
// (CMOX publishes one); a "-final" step is its operation's.
func TestFootprintOp(t *testing.T) {
	for in, want := range map[string]string{
		"aes-128-gcm-enc": "aes-gcm-enc", "aes-256-cbc-dec-final": "aes-cbc-dec", "aes-gcm-enc": "aes-gcm-enc",
		"aes--x": "aes--x", "aes-128": "aes-128", "AES-128-x": "AES-128-x", "sha256-final": "sha256", "ecdsa-p256-sign": "ecdsa-p256-sign",
	} {
		if got := footprintOp(in); got != want {
			t.Errorf("footprintOp(%q) = %q, want %q", in, got, want)
		}
	}
}

// Which source lends an operation to a core is a rule on the data, not
// the order the sources were registered in: a count taken on the core
// itself first, then the fewer cycles (the smaller stack for the
// smallest objective). Tested with the sources in both orders.
func TestLendingOrderIsDeclared(t *testing.T) {
	const op, m4, m3, m33 = "ml-kem-768-keygen", "Cortex-M4", "Cortex-M3", "Cortex-M33"
	figs := []bench.CycleFigure{
		{Source: "a", Core: m4, Op: op, Implementation: "fast", Cycles: 600, StackBytes: 6000},
		{Source: "b", Core: m3, Op: op, Implementation: "small", Cycles: 900, StackBytes: 3000},
	}
	lends := []bench.Lending{
		{Source: "a", Core: m4, From: m4, Basis: bench.CycleCount},
		{Source: "a", Core: m33, From: m4, Basis: bench.Estimated, Widest: true},
		{Source: "b", Core: m4, From: m3, Basis: bench.Estimated, Widest: true},
		{Source: "b", Core: m33, From: m3, Basis: bench.Estimated, Widest: true},
	}
	all := func(string) bool { return true }
	for _, reversed := range []bool{false, true} {
		f, l := slices.Clone(figs), slices.Clone(lends)
		if reversed {
			slices.Reverse(f)
			slices.Reverse(l)
		}
		p := newPQCIndex(f, l)
		for _, c := range []struct {
			core     string
			smallest bool
			want     string
		}{
			{m4, false, "a"},  // counted on the core itself
			{m4, true, "a"},   // still: a count on the core beats a smaller stack carried from another
			{m33, false, "a"}, // both carried: the fewer cycles
			{m33, true, "b"},  // both carried, smallest: the smaller stack
		} {
			if l, fig := p.lender(c.core, op, c.smallest, all); fig == nil || l.Source != c.want {
				t.Errorf("reversed %v: %s smallest=%v lent by %q, want %q", reversed, c.core, c.smallest, l.Source, c.want)
			}
		}
	}
}

// An estimate carried to a group whose unit cannot do a mode (the
// STM32F415/F417's CRYP: no GCM, no CCM; ST's device headers) has no
// figure for it, though its donor's unit of the same version did it; its
// other modes and its software stay.
func TestUnitLimitsBarTheirModes(t *testing.T) {
	cryp := bench.CryptoUnit{Name: "CRYP", Version: "cryp1_v2_0"}
	g := &bench.PartGroup{Name: "STM32F415", Cores: []string{"Cortex-M4"}, Units: []bench.CryptoUnit{cryp},
		Limits: []bench.UnitLimit{{Unit: "CRYP", Modes: []string{"gcm", "ccm"}}}}
	sec := func(v float64) *float64 { return &v }
	ops := map[string][]*bench.Measurement{}
	for _, op := range []string{"aes-128-gcm-enc", "aes-128-cbc-enc", "aes-128-ccm-enc", "ecdsa-p256-sign"} {
		m := &bench.Measurement{Op: op, SecondsPerOp: sec(1), BytesPerSecond: sec(1e6)}
		ops[op] = []*bench.Measurement{m}
	}
	donor := &Build{id: bench.Identity{MCU: "STM32F437", ClockHz: 168e6, Acceleration: []string{bench.AccelAES}}, ops: ops,
		fact: bench.MCUFact{Core: "Cortex-M4", MaxClockHz: 180e6}, hasFact: true}
	est := &Build{id: bench.Identity{MCU: "STM32F415", ClockHz: 168e6, Acceleration: []string{bench.AccelAES}}, ops: ops, donor: donor,
		group: g, fact: bench.MCUFact{Core: "Cortex-M4", MaxClockHz: 168e6}, hasFact: true, spread: Spread{Factor: 1.5}}
	cat := &Catalog{}
	a := cat.Ask(est, Question{})
	for op, missing := range map[string]bool{"aes-128-gcm-enc": true, "aes-128-ccm-enc": true, "aes-128-cbc-enc": false, "ecdsa-p256-sign": false} {
		if f := a.Figure(op); f.Missing != missing {
			t.Errorf("%s: missing %v, want %v", op, f.Missing, missing)
		}
	}
	if donorAnswer := cat.Ask(donor, Question{}); donorAnswer.Figure("aes-128-gcm-enc").Missing {
		t.Error("the donor's own GCM figure is gone")
	}
}

// The STM32H523/H562/H563's PKA does ECDSA verification only (RM0481
// §36.3): an estimate carried there from a donor whose PKA of the same
// version signs has no PKA figure for signing, key generation or key
// agreement, and keeps the verification.
func TestLimitedPKAVerifiesOnly(t *testing.T) {
	pka := bench.CryptoUnit{Name: "PKA", Version: "pka32_v1_0_Cube"}
	g := &bench.PartGroup{Name: "STM32H563", Cores: []string{"Cortex-M33"}, Units: []bench.CryptoUnit{pka},
		Limits: []bench.UnitLimit{{Unit: "PKA", Modes: []string{"sign", "keygen", "agree", "public", "private"}}}}
	sec := func(v float64) *float64 { return &v }
	ops := map[string][]*bench.Measurement{}
	for _, op := range []string{"ecdsa-p256-sign", "ecdsa-p256-verify", "ecc-p256-keygen", "ecdh-p256-agree", "rsa-2048-public"} {
		ops[op] = []*bench.Measurement{{Op: op, SecondsPerOp: sec(0.01)}}
	}
	donor := &Build{id: bench.Identity{MCU: "STM32WBA52", ClockHz: 100e6, Acceleration: []string{bench.AccelPKA}}, ops: ops,
		fact: bench.MCUFact{Core: "Cortex-M33", MaxClockHz: 100e6}, hasFact: true}
	est := &Build{id: bench.Identity{MCU: "STM32H563", ClockHz: 100e6, Acceleration: []string{bench.AccelPKA}}, ops: ops, donor: donor,
		group: g, fact: bench.MCUFact{Core: "Cortex-M33", MaxClockHz: 250e6}, hasFact: true, spread: Spread{Factor: 1.5}}
	a := (&Catalog{}).Ask(est, Question{})
	for op, missing := range map[string]bool{"ecdsa-p256-sign": true, "ecc-p256-keygen": true, "ecdh-p256-agree": true, "rsa-2048-public": true, "ecdsa-p256-verify": false} {
		if f := a.Figure(op); f.Missing != missing {
			t.Errorf("%s: missing %v, want %v", op, f.Missing, missing)
		}
	}
}

// ST's part data names every PKA pka32_v1_0_Cube; its revisions differ
// (v1a H5/H7RS/WBA, v1b U3/U5, v1c L4+/L5/WB/WL): a PKA build is carried
// only within its revision, and never to a part whose revision is not
// known (issue 58).
func TestPKARevisionsDecideWhoShares(t *testing.T) {
	pka := bench.CryptoUnit{Name: "PKA", Version: "pka32_v1_0_Cube"}
	group := func(family string) *bench.PartGroup {
		return &bench.PartGroup{Family: family, Cores: []string{"Cortex-M33"}, Units: []bench.CryptoUnit{pka}}
	}
	donor := &Build{id: bench.Identity{MCU: "STM32WBA52", Acceleration: []string{bench.AccelPKA}}, group: group("STM32WBA"),
		fact: bench.MCUFact{Core: "Cortex-M33"}}
	for family, want := range map[string]bool{"STM32H5": true, "STM32WBA": true, "STM32U5": false, "STM32L5": false, "STM32N6": false} {
		if got := donatesUnits(donor, group(family)); got != want {
			t.Errorf("a WBA PKA build carried to the %s: %v, want %v", family, got, want)
		}
	}
	sw := &Build{id: bench.Identity{MCU: "STM32WBA52"}, group: group("STM32WBA"), fact: bench.MCUFact{Core: "Cortex-M33"}}
	if !donatesUnits(sw, group("STM32U5")) {
		t.Error("a software build is barred by the PKA rule")
	}
}
