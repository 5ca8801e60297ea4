package explain

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
)

// Figure is one figure a candidate shows, declared once: the CSV, the
// table's sort, the details and the compare view read this list. Adding
// a figure is an entry here plus the place in the engine that computes
// it.
type Figure struct {
	// Name is the CSV column; Label heads a column or row; Unit is the
	// unit of Value.
	Name, Label, Unit string
	// Value is the figure as a number; ok is false when it is unknown
	// (never a zero).
	Value func(engine.Candidate) (v float64, ok bool)
	// Text writes it for people ("—" when unknown).
	Text func(engine.Candidate) string
	// Basis is how sure it is.
	Basis func(engine.Candidate) bench.Basis
	// Sort is the table's sort key for it ("" when the table does not
	// sort by it); unknown values sort last.
	Sort string
	// Low is a range's low end, where Value is its high end (energy): the
	// CSV gives both, as Name's "_high" and "_low" columns.
	Low func(engine.Candidate) (v float64, ok bool)
}

// Figures are the candidate figures, in the order they are shown.
var Figures = []Figure{
	{Name: "headroom", Label: "Headroom", Unit: "×", Sort: "headroom",
		Value: func(c engine.Candidate) (float64, bool) { return deref(c.Headroom) },
		Text:  CandidateHeadroom,
		Basis: func(c engine.Candidate) bench.Basis { return c.Basis }},
	{Name: "utilization", Label: "CPU share", Unit: "share of the CPU (0–1)", Sort: "cpu",
		Value: func(c engine.Candidate) (float64, bool) { return deref(c.Utilization) },
		Text:  func(c engine.Candidate) string { return Share(c.Utilization) },
		Basis: func(c engine.Candidate) bench.Basis {
			return reqBasis(c, func(r engine.Requirement) bool { return r.Continuous })
		}},
	{Name: "longest_op_s", Label: "Longest operation", Unit: "s", Sort: "longest",
		Value: func(c engine.Candidate) (float64, bool) { return deref(c.LongestOpS) },
		Text: func(c engine.Candidate) string {
			if c.LongestOpS == nil {
				return "—"
			}
			return c.LongestOp + " " + Duration(*c.LongestOpS)
		},
		Basis: longestBasis},
	{Name: "footprint_flash_bytes", Label: "Library flash (published)", Unit: "B",
		Value: func(c engine.Candidate) (float64, bool) { return footprint(c, true) },
		Text:  func(c engine.Candidate) string { return sizeText(footprint(c, true)) },
		Basis: publishedBasis},
	{Name: "footprint_ram_bytes", Label: "Library RAM (published)", Unit: "B",
		Value: func(c engine.Candidate) (float64, bool) { return footprint(c, false) },
		Text:  func(c engine.Candidate) string { return sizeText(footprint(c, false)) },
		Basis: publishedBasis},
	energyFigure("energy_per_handshake_j", "Energy per handshake", func(e *engine.Energy) *[2]float64 { return e.PerHandshake }),
	energyFigure("energy_per_boot_j", "Energy per boot verify", func(e *engine.Energy) *[2]float64 { return e.PerBoot }),
	energyFigure("energy_per_hour_j", "Energy per hour", func(e *engine.Energy) *[2]float64 { return e.PerHour }),
	{Name: "tls_session_ram_bytes", Label: "RAM for the TLS session (at least)", Unit: "B",
		Value: func(c engine.Candidate) (float64, bool) {
			if s := Session(c); s != nil {
				return float64(s.Bytes), true
			}
			return 0, false
		},
		Text: func(c engine.Candidate) string {
			s := Session(c)
			switch {
			case s == nil:
				return "—"
			case s.Measured:
				return Size(s.Bytes) + " (yours)"
			}
			return "at least " + Size(s.Bytes)
		},
		Basis: func(c engine.Candidate) bench.Basis {
			if s := Session(c); s != nil && s.Measured {
				return bench.Measured // the user's own measurement
			}
			return bench.Estimated // worked out from the standards, not measured
		}},
	{Name: "free_ram_bytes", Label: "RAM left for the application", Unit: "B", Sort: "ram",
		Value: func(c engine.Candidate) (float64, bool) {
			if c.Memory == nil || c.Memory.FreeRAMBytes == nil {
				return 0, false
			}
			return float64(*c.Memory.FreeRAMBytes), true
		},
		Text: func(c engine.Candidate) string {
			m := c.Memory
			if m == nil || m.FreeRAMBytes == nil {
				return "—" // why: the details' memory line
			}
			if m.SessionWhole {
				return fmt.Sprintf("%s of %s (TLS session %s (yours), its crypto included)", leftWords("", *m.FreeRAMBytes), Size(m.PartRAMBytes), Size(m.SessionBytes))
			}
			if m.CryptoRAMBytes == nil {
				return fmt.Sprintf("%s of %s (%s)", leftWords("at most ", *m.FreeRAMBytes), Size(m.PartRAMBytes), sessionShort(c))
			}
			left := leftWords(boundWord(m), *m.FreeRAMBytes)
			if m.SessionBytes > 0 {
				return fmt.Sprintf("%s of %s (crypto %s, %s)", left, Size(m.PartRAMBytes), Size(*m.CryptoRAMBytes), sessionShort(c))
			}
			return fmt.Sprintf("%s of %s (crypto %s)", left, Size(m.PartRAMBytes), Size(*m.CryptoRAMBytes))
		},
		Basis: func(c engine.Candidate) bench.Basis {
			if c.Memory == nil {
				return ""
			}
			return c.Memory.Basis
		}},
	{Name: "stack_bytes", Label: "Largest stack (published)", Unit: "B",
		Value: func(c engine.Candidate) (float64, bool) {
			if c.Memory == nil || c.Memory.StackBytes == nil {
				return 0, false
			}
			return float64(*c.Memory.StackBytes), true
		},
		Text: func(c engine.Candidate) string {
			if c.Memory == nil || c.Memory.StackBytes == nil {
				return "—"
			}
			return Size(*c.Memory.StackBytes)
		},
		Basis: func(c engine.Candidate) bench.Basis {
			if c.Memory == nil || c.Memory.StackBytes == nil {
				return ""
			}
			if c.Memory.Basis != "" {
				return c.Memory.Basis
			}
			return c.LentStackBasis // the lent stack, as its lending's
		}},
}

// energyFigure is an energy range of the candidate: its value (CSV, sort)
// is the high end, its text the range with the run current and supply.
func energyFigure(name, label string, pick func(*engine.Energy) *[2]float64) Figure {
	get := func(c engine.Candidate) *[2]float64 {
		if c.Energy == nil {
			return nil
		}
		return pick(c.Energy)
	}
	return Figure{Name: name, Label: label, Unit: "J (high end)",
		Value: func(c engine.Candidate) (float64, bool) {
			if e := get(c); e != nil {
				return e[1], true
			}
			return 0, false
		},
		Low: func(c engine.Candidate) (float64, bool) {
			if e := get(c); e != nil {
				return e[0], true
			}
			return 0, false
		},
		Text: func(c engine.Candidate) string {
			if e := get(c); e != nil {
				return EnergyRange(e)
			}
			return "—" // why: the details' energy lines
		},
		Basis: func(c engine.Candidate) bench.Basis {
			if get(c) == nil {
				return ""
			}
			return c.Energy.Basis
		}}
}

// FigureBySort is the figure the table sorts by key.
func FigureBySort(key string) (Figure, bool) {
	for _, f := range Figures {
		if f.Sort != "" && f.Sort == key {
			return f, true
		}
	}
	return Figure{}, false
}

// CSVValue is a figure's CSV cell: the number, or empty when unknown.
func (f Figure) CSVValue(c engine.Candidate) string { return cell(f.Value(c)) }

// Column is the CSV column of Value: Name, or for a range its high end's
// ("energy_per_hour_j" → "energy_per_hour_high_j"); LowColumn its low
// end's ("" for a single figure). The basis column is Name + "_basis".
func (f Figure) Column() string {
	if f.Low == nil {
		return f.Name
	}
	return strings.TrimSuffix(f.Name, "_j") + "_high_j"
}

// LowColumn is a range's low-end column ("" for a single figure).
func (f Figure) LowColumn() string {
	if f.Low == nil {
		return ""
	}
	return strings.TrimSuffix(f.Name, "_j") + "_low_j"
}

// cell is a figure's CSV cell: empty when unknown, never 0.
func cell(v float64, ok bool) string {
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func deref(p *float64) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return *p, true
}

func footprint(c engine.Candidate, flash bool) (float64, bool) {
	if c.Footprint == nil {
		return 0, false
	}
	p := c.Footprint.RAMBytes
	if flash {
		p = c.Footprint.FlashBytes
	}
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}

func sizeText(v float64, ok bool) string {
	if !ok {
		return "—"
	}
	return Size(int64(v))
}

// reqBasis is the weakest basis of the requirements keep selects.
func reqBasis(c engine.Candidate, keep func(engine.Requirement) bool) bench.Basis {
	var b bench.Basis
	for _, r := range c.Requirements {
		if keep(r) {
			b = bench.Weaker(b, r.Basis)
		}
	}
	return b
}

// longestBasis is the basis of the longest operation's term, as the
// engine gives it.
func longestBasis(c engine.Candidate) bench.Basis {
	if c.LongestOpS == nil {
		return ""
	}
	return c.LongestBasis
}

// publishedBasis is the footprint's basis, as the catalogue gives it.
func publishedBasis(c engine.Candidate) bench.Basis {
	if c.Footprint == nil || c.Footprint.RAMBytes == nil {
		return ""
	}
	return c.Footprint.Basis
}

// leftWords is an amount of RAM left after its bound word ("at least ",
// "at most " or ""): below zero, none is, and the part is short of it
// (leftOrShort).
func leftWords(bound string, free int64) string {
	return leftOrShort(bound, free, "none, short by ")
}

// turned is a bound's word or sign for the shortfall: at most −N left is
// short by at least N.
var turned = map[string]string{"at least ": "at most ", "at most ": "at least ", "≤ ": "≥ ", "≥ ": "≤ "}

// leftOrShort is free after its bound, or below zero the shortfall
// after short, the bound turned ("≤ -250 B" reads "short by ≥ 250 B").
func leftOrShort(bound string, free int64, short string) string {
	if free >= 0 {
		return bound + Size(free)
	}
	return short + turned[bound] + Size(-free)
}

// boundWord says how the RAM left is bounded: "at least " where the
// crypto's RAM is an upper bound, "at most " where it is a lower one.
func boundWord(m *engine.Memory) string {
	switch {
	case m.UpperBound:
		return "at least "
	case m.LowerBound:
		return "at most "
	}
	return ""
}

// RAMLeft is the table's RAM-left cell: the part's RAM less the TLS
// session and the crypto's, "≤" where the crypto's working memory is not
// all published or is a lower bound (the figure is then at most that),
// "≥" where it is an upper bound, "short by" where nothing is left, "—"
// when unknown.
func RAMLeft(c engine.Candidate) string {
	m := c.Memory
	if m == nil || m.FreeRAMBytes == nil {
		return "—"
	}
	bound := ""
	switch {
	case m.CryptoRAMBytes == nil && !m.SessionWhole, m.LowerBound:
		bound = "≤ "
	case m.UpperBound:
		bound = "≥ "
	}
	return leftOrShort(bound, *m.FreeRAMBytes, "short by ")
}

// VersionLines say, per operation, how far the library's other measured
// versions on the same part and path went: the row's own version
// decides, these only say how much versions vary there.
func VersionLines(c engine.Candidate) []string {
	var out []string
	for _, r := range c.Versions {
		vs := make([]string, len(r.Versions))
		for i, v := range r.Versions {
			vs[i] = v
			if v == "" {
				vs[i] = "unpublished"
			}
		}
		out = append(out, fmt.Sprintf("%s's %s on this part and path: from %s to %s across the %d versions measured (%s); this row's own version decides",
			c.Library, r.Op, Duration(r.Low), Duration(r.High), len(r.Versions), strings.Join(vs, ", ")))
	}
	return out
}
