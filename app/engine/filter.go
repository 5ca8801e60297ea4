package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// filter is one of the workload's filters, by the field that sets it:
// whether it is in force, and which builds it keeps, or, for a filter on
// what differs between the part numbers of a group (flash, RAM, package,
// pins, temperature, supply), which part numbers it keeps. A build is
// kept when one part number it stands for passes every such filter at
// once. A filter on part facts keeps no part without facts.
type filter struct {
	field  string
	active func(*Workload) bool
	keeps  func(*catalog.Build, *Workload) bool
	member func(bench.PartMember, *Workload) bool
}

// The workload's filters.
var filterTable = []filter{
	{"library", func(w *Workload) bool { return w.Library != "" },
		func(b *catalog.Build, w *Workload) bool { return strings.EqualFold(w.Library, b.Library().Flag) }, nil},
	{"mcu", func(w *Workload) bool { return w.MCU != "" },
		func(b *catalog.Build, w *Workload) bool {
			q, id := strings.ToUpper(w.MCU), b.Identity()
			if strings.Contains(strings.ToUpper(id.MCU+" "+id.Part), q) {
				return true
			}
			// A part number finds its group (mcu=STM32U545RE).
			return b.Group() != nil && slices.ContainsFunc(b.Group().Members, func(m bench.PartMember) bool { return strings.HasPrefix(m.Part, q) })
		}, nil},
	{"accel", func(w *Workload) bool { return len(w.Accel) > 0 },
		func(b *catalog.Build, w *Workload) bool {
			for _, need := range w.Accel {
				if !slices.ContainsFunc(b.Shown().Usable, func(a string) bool { return strings.EqualFold(a, need) }) {
					return false
				}
			}
			return true
		}, nil},
	{"series", func(w *Workload) bool { return len(w.Series) > 0 },
		func(b *catalog.Build, w *Workload) bool {
			f, ok := b.Fact()
			return ok && slices.Contains(w.Series, f.Series())
		}, nil},
	{"core", func(w *Workload) bool { return len(w.Cores) > 0 },
		func(b *catalog.Build, w *Workload) bool {
			f, ok := b.Fact()
			return ok && slices.Contains(w.Cores, f.CoreName())
		}, nil},
	{"low-power", func(w *Workload) bool { return w.LowPower },
		func(b *catalog.Build, w *Workload) bool { f, ok := b.Fact(); return ok && f.LowPower() }, nil},
	{"min-flash", func(w *Workload) bool { return w.MinFlash > 0 }, nil,
		func(m bench.PartMember, w *Workload) bool { return m.FlashBytes >= w.MinFlash }},
	{"min-ram", func(w *Workload) bool { return w.MinRAM > 0 }, nil,
		func(m bench.PartMember, w *Workload) bool { return m.RAMBytes >= w.MinRAM }},
	{"package", func(w *Workload) bool { return w.Package != "" }, nil,
		func(m bench.PartMember, w *Workload) bool {
			return strings.HasPrefix(strings.ToUpper(m.Package), w.Package)
		}},
	{"min-pins", func(w *Workload) bool { return w.MinPins > 0 }, nil,
		func(m bench.PartMember, w *Workload) bool { return m.Pins >= w.MinPins }},
	{"min-temp", func(w *Workload) bool { return w.MinTempC > 0 }, nil,
		func(m bench.PartMember, w *Workload) bool { return m.TempMaxC != nil && *m.TempMaxC >= w.MinTempC }},
	{"max-supply", func(w *Workload) bool { return w.MaxSupplyV > 0 }, nil,
		func(m bench.PartMember, w *Workload) bool {
			return m.VoltageMinV != nil && *m.VoltageMinV <= w.MaxSupplyV
		}},
	{"min-clock", func(w *Workload) bool { return w.MinClockHz > 0 },
		func(b *catalog.Build, w *Workload) bool { f, ok := b.Fact(); return ok && f.MaxClockHz >= w.MinClockHz }, nil},
	{"trustzone", func(w *Workload) bool { return w.TrustZone },
		func(b *catalog.Build, w *Workload) bool { return b.Group() != nil && b.Group().TrustZone }, nil},
	{"units", func(w *Workload) bool { return len(w.Units) > 0 },
		func(b *catalog.Build, w *Workload) bool {
			g := b.Group()
			if g == nil {
				return false
			}
			for _, u := range w.Units {
				names := []string{u}
				if u == "AES" {
					names = append(names, "CRYP") // the AES unit of F2/F4/F7/H7 parts
				}
				if !slices.ContainsFunc(g.Units, func(x bench.CryptoUnit) bool { return slices.Contains(names, x.Name) }) {
					return false
				}
			}
			return true
		}, nil},
	{"basis", func(w *Workload) bool { return w.Basis != "" },
		func(b *catalog.Build, w *Workload) bool { return b.Estimated() == (w.Basis == "estimated") }, nil},
}

// keep applies the workload's filters.
func keep(b *catalog.Build, w *Workload) bool { return keepBut(b, w, -1) }

// keepBut applies the workload's filters but the one at index skip.
func keepBut(b *catalog.Build, w *Workload, skip int) bool {
	members := false
	for i, f := range filterTable {
		if i == skip || !f.active(w) {
			continue
		}
		if f.member != nil {
			members = true
		} else if !f.keeps(b, w) {
			return false
		}
	}
	if !members {
		return true
	}
	for _, m := range b.Members() {
		if qualifies(m, w, skip) {
			return true
		}
	}
	return false
}

// qualifies reports whether a part number passes every filter on part
// numbers in force but the one at index skip.
func qualifies(m bench.PartMember, w *Workload, skip int) bool {
	for i, f := range filterTable {
		if i != skip && f.member != nil && f.active(w) && !f.member(m, w) {
			return false
		}
	}
	return true
}

// memberFilters reports whether a filter on part numbers is in force.
func memberFilters(w *Workload) bool {
	for _, f := range filterTable {
		if f.member != nil && f.active(w) {
			return true
		}
	}
	return false
}

// qualifying names the part numbers of a group that pass the filters on
// part numbers and, when the mcu filter names some of them only
// (mcu=STM32U545RE), that it names, and hold the TLS session's RAM
// (nil when every member does); short are the named ones that cannot
// hold the session (a group that answers per part number).
func (e *Eval) qualifying(b *catalog.Build) (out, short []string) {
	w, q, ms := e.w, strings.ToUpper(e.w.MCU), b.Members()
	var n [3]int // per memberIs answer
	for i := range ms {
		n[e.memberIs(&ms[i], q)]++
	}
	if n[memberIn] == len(ms) && !memberFilters(w) {
		return nil, nil
	}
	// Counted first, then named into the ranking's memory: appended one
	// by one, the lists were most of a keystroke's allocations (~27 KB).
	out = []string{}
	if n[memberIn] > 0 {
		out = e.names(n[memberIn])
	}
	if n[memberShort] > 0 {
		short = e.names(n[memberShort])
	}
	for i := range ms {
		switch e.memberIs(&ms[i], q) {
		case memberIn:
			out = append(out, ms[i].Part)
		case memberShort:
			short = append(short, ms[i].Part)
		}
	}
	return out, short
}

// What a group's part number is to a candidate (Eval.memberIs).
const (
	memberIn    = iota // it passes the filters and holds the session
	memberShort        // it passes them and cannot hold the session
	memberOut          // a filter removes it, or the mcu filter names another
)

// memberIs says what part number m is to the candidate; q is the mcu
// filter, upper case.
func (e *Eval) memberIs(m *bench.PartMember, q string) int {
	switch {
	case !qualifies(*m, e.w, -1) || !strings.Contains(m.Part, q):
		return memberOut
	case e.minRAM > 0 && m.RAMBytes < e.minRAM:
		return memberShort
	}
	return memberIn
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
func (ix *Index) filterEffects(w *Workload) []FilterEffect {
	var out []FilterEffect
	for i, f := range filterTable {
		if !f.active(w) {
			continue
		}
		e := FilterEffect{Field: f.field, Of: len(ix.builds)}
		for _, b := range ix.builds {
			if f.member != nil && !slices.ContainsFunc(b.Members(), func(m bench.PartMember) bool { return f.member(m, w) }) ||
				f.member == nil && !f.keeps(b, w) {
				e.Removes++
			}
			if keepBut(b, w, i) {
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
