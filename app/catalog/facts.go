package catalog

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// PartFacts is what the curated facts say of a candidate's part.
type PartFacts struct {
	Part       string `json:"part"`
	Core       string `json:"core"`
	Series     string `json:"series"`
	MaxClockHz int64  `json:"max_clock_hz"`
	FlashBytes int64  `json:"flash_bytes"` // 0: no internal user flash
	RAMBytes   int64  `json:"ram_bytes"`
	// Accelerators are the part's crypto peripherals a build may use;
	// Unused those the candidate's build does not use.
	Accelerators []string `json:"accelerators"`
	Unused       []string `json:"unused"`
	TrustZone    bool     `json:"trustzone"`
	LowPower     bool     `json:"low_power"`
	Hardware     string   `json:"hardware"` // the facts' note on crypto hardware
}

// factsOf makes each part's (and core's) facts once: the estimates of a
// group share them (a tenth of the catalogue's making when made per
// build). partFacts copies one per build; a fact that differs from the
// one kept (another source's row for the part) is made anew.
type factsOf map[[2]string]*keptFacts

type keptFacts struct {
	from bench.MCUFact
	p    PartFacts
}

func (fs factsOf) get(f bench.MCUFact) PartFacts {
	k := [2]string{f.Part, f.Core}
	if kf := fs[k]; kf != nil && kf.from.MaxClockHz == f.MaxClockHz && kf.from.FlashBytes == f.FlashBytes &&
		kf.from.RAMBytes == f.RAMBytes && kf.from.HardwareNote == f.HardwareNote && slices.Equal(kf.from.CryptoHardware, f.CryptoHardware) {
		return kf.p
	}
	p := PartFacts{Part: f.Part, Core: f.Core, Series: f.Series(), MaxClockHz: f.MaxClockHz, FlashBytes: f.FlashBytes, RAMBytes: f.RAMBytes,
		Accelerators: f.Accelerators(), TrustZone: f.TrustZone(), LowPower: f.LowPower(), Hardware: f.HardwareNote}
	if p.Accelerators == nil {
		p.Accelerators = []string{}
	}
	fs[k] = &keptFacts{from: f, p: p}
	return p
}

func partFacts(b *Build, fs factsOf) *PartFacts {
	if !b.hasFact {
		return nil
	}
	p := fs.get(b.fact)
	p.Unused = []string{}
	for _, a := range p.Accelerators {
		if !slices.Contains(b.id.Acceleration, a) || b.flagged[a] {
			p.Unused = append(p.Unused, a)
		}
	}
	return &p
}

// accelFor is the peripheral that would speed an operation up.
func accelFor(op string) string {
	switch {
	case strings.HasPrefix(op, "aes-"):
		return bench.AccelAES
	case strings.HasPrefix(op, "sha"), strings.HasPrefix(op, "hmac-"):
		return bench.AccelHASH
	case strings.HasPrefix(op, "ecc-"), strings.HasPrefix(op, "ecdh-"), strings.HasPrefix(op, "ecdsa-"), strings.HasPrefix(op, "rsa-"):
		return bench.AccelPKA
	}
	return ""
}

func seconds(m *bench.Measurement) float64 {
	if m == nil {
		return 0
	}
	if m.SecondsPerOp != nil && !bench.IsBulk(m.Op) {
		return *m.SecondsPerOp
	}
	if m.BytesPerSecond != nil && *m.BytesPerSecond > 0 {
		return 1 / *m.BytesPerSecond
	}
	return 0
}

// runCurrents are the smallest and largest run currents of the part
// numbers a build stands for (nil when ST's data gives none of them one).
func runCurrents(b *Build) (low, high *float64) {
	for _, m := range b.members {
		if m.RunUAPerMHz == nil {
			continue
		}
		if low == nil || *m.RunUAPerMHz < *low {
			low = m.RunUAPerMHz
		}
		if high == nil || *m.RunUAPerMHz > *high {
			high = m.RunUAPerMHz
		}
	}
	return low, high
}

// smallestRAM is the smallest RAM of the part numbers a build stands
// for (its facts' when it has none).
func smallestRAM(b *Build) int64 {
	low := int64(0)
	for _, m := range b.members {
		if m.RAMBytes > 0 && (low == 0 || m.RAMBytes < low) {
			low = m.RAMBytes
		}
	}
	if low == 0 {
		return b.fact.RAMBytes
	}
	return low
}

// partMembers are the part numbers a build stands for: its group's (a
// measured part's row stands for every part of its silicon); a part
// outside ST's data, one made of its curated facts (no package,
// temperature or supply known).
func partMembers(b *Build) []bench.PartMember {
	switch {
	case b.group != nil:
		return b.group.Members
	case b.hasFact:
		return []bench.PartMember{{Part: b.fact.Part, FlashBytes: b.fact.FlashBytes, RAMBytes: b.fact.RAMBytes}}
	}
	return nil
}
