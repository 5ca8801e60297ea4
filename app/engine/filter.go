package engine

import (
	"slices"
	"strings"
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
			return strings.Contains(strings.ToUpper(b.id.MCU+" "+b.id.Part), strings.ToUpper(w.MCU))
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
