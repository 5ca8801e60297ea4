package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// The workload's filters, each by the field that sets it: which are in
// force, and which builds each keeps. A filter on part facts keeps no
// part without facts.
var filterTable = []struct {
	field  string
	active func(Workload) bool
	keeps  func(*build, Workload) bool
}{
	{"library", func(w Workload) bool { return w.Library != "" },
		func(b *build, w Workload) bool { return strings.EqualFold(w.Library, b.lib.Flag) }},
	{"mcu", func(w Workload) bool { return w.MCU != "" },
		func(b *build, w Workload) bool {
			q := strings.ToUpper(w.MCU)
			if strings.Contains(strings.ToUpper(b.id.MCU+" "+b.id.Part), q) {
				return true
			}
			// A part number finds its group (mcu=STM32U545RE).
			return b.donor != nil && b.group != nil && slices.ContainsFunc(b.group.Members, func(m bench.PartMember) bool { return strings.HasPrefix(m.Part, q) })
		}},
	{"accel", func(w Workload) bool { return len(w.Accel) > 0 },
		func(b *build, w Workload) bool {
			for _, need := range w.Accel {
				if !slices.ContainsFunc(b.id.Acceleration, func(a string) bool { return strings.EqualFold(a, need) && !b.flagged[a] }) {
					return false
				}
			}
			return true
		}},
	{"series", func(w Workload) bool { return len(w.Series) > 0 },
		func(b *build, w Workload) bool { return b.hasFact && slices.Contains(w.Series, b.fact.Series()) }},
	{"core", func(w Workload) bool { return len(w.Cores) > 0 },
		func(b *build, w Workload) bool { return b.hasFact && slices.Contains(w.Cores, b.fact.CoreName()) }},
	{"low-power", func(w Workload) bool { return w.LowPower },
		func(b *build, w Workload) bool { return b.hasFact && b.fact.LowPower() }},
	{"min-flash", func(w Workload) bool { return w.MinFlash > 0 },
		func(b *build, w Workload) bool { return b.hasFact && b.fact.FlashBytes >= w.MinFlash }},
	{"min-ram", func(w Workload) bool { return w.MinRAM > 0 },
		func(b *build, w Workload) bool { return b.hasFact && b.fact.RAMBytes >= w.MinRAM }},
	{"package", func(w Workload) bool { return w.Package != "" },
		member(func(m bench.PartMember, w Workload) bool {
			return strings.HasPrefix(strings.ToUpper(m.Package), w.Package)
		})},
	{"min-pins", func(w Workload) bool { return w.MinPins > 0 },
		member(func(m bench.PartMember, w Workload) bool { return m.Pins >= w.MinPins })},
	{"min-temp", func(w Workload) bool { return w.MinTempC > 0 },
		member(func(m bench.PartMember, w Workload) bool { return m.TempMaxC != nil && *m.TempMaxC >= w.MinTempC })},
	{"max-supply", func(w Workload) bool { return w.MaxSupplyV > 0 },
		member(func(m bench.PartMember, w Workload) bool {
			return m.VoltageMinV != nil && *m.VoltageMinV <= w.MaxSupplyV
		})},
	{"min-clock", func(w Workload) bool { return w.MinClockHz > 0 },
		func(b *build, w Workload) bool { return b.hasFact && b.fact.MaxClockHz >= w.MinClockHz }},
	{"trustzone", func(w Workload) bool { return w.TrustZone },
		func(b *build, w Workload) bool { return b.group != nil && b.group.TrustZone }},
	{"units", func(w Workload) bool { return len(w.Units) > 0 },
		func(b *build, w Workload) bool {
			if b.group == nil {
				return false
			}
			for _, u := range w.Units {
				names := []string{u}
				if u == "AES" {
					names = append(names, "CRYP") // the AES unit of F2/F4/F7/H7 parts
				}
				if !slices.ContainsFunc(b.group.Units, func(x bench.CryptoUnit) bool { return slices.Contains(names, x.Name) }) {
					return false
				}
			}
			return true
		}},
	{"basis", func(w Workload) bool { return w.Basis != "" },
		func(b *build, w Workload) bool { return (b.donor != nil) == (w.Basis == "estimated") }},
}

// keep applies the workload's filters.
func keep(b *build, w Workload) bool {
	for _, f := range filterTable {
		if f.active(w) && !f.keeps(b, w) {
			return false
		}
	}
	return true
}

// FilterEffect is what one filter in force does to the candidates.
type FilterEffect struct {
	Field string `json:"field"` // the field that sets it ("accel", "low-power", …)
	Of    int    `json:"of"`    // every candidate, before any filter
	// Removes counts the candidates this filter removes on its own;
	// Without those the other filters leave when this one is dropped.
	Removes int `json:"removes"`
	Without int `json:"without"`
}

// filterEffects says, filter by filter, what each removes: for a
// ranking the filters leave empty, which of them to loosen.
func (ix *Index) filterEffects(w Workload) []FilterEffect {
	var out []FilterEffect
	for i, f := range filterTable {
		if !f.active(w) {
			continue
		}
		e := FilterEffect{Field: f.field, Of: len(ix.builds)}
		for _, b := range ix.builds {
			if !f.keeps(b, w) {
				e.Removes++
			}
			others := true
			for j, g := range filterTable {
				if j != i && g.active(w) && !g.keeps(b, w) {
					others = false
					break
				}
			}
			if others {
				e.Without++
			}
		}
		out = append(out, e)
	}
	return out
}

// PartUnits are the crypto units the units filter names (ST's names;
// AES also finds the CRYP unit of older parts).
var PartUnits = []string{"AES", "SAES", "HASH", "PKA", "CCB", "OTFDEC"}

// member keeps a build whose part group has a member that qualifies; a
// part outside ST's data is not kept.
func member(ok func(bench.PartMember, Workload) bool) func(*build, Workload) bool {
	return func(b *build, w Workload) bool {
		if b.group == nil {
			return false
		}
		for _, m := range b.group.Members {
			if ok(m, w) {
				return true
			}
		}
		return false
	}
}
