package model

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/explain"
)

// The parts view: every STM32 MCU part number of ST's data, without a
// workload. A sortable, searchable table and a side-by-side compare of
// two or three parts. Built from the dataset's part groups the first
// time the view opens, never on the start path.

// PartRow is one part number with its group's facts.
type PartRow struct {
	bench.PartMember
	Group *bench.PartGroup
	// Units names the group's crypto units ("AES, HASH, PKA, RNG, SAES").
	Units string
}

// Parts is the parts view's state.
type Parts struct {
	Open  bool
	Query string
	// SortBy is a column key (PartColumns), "-" before it for
	// descending order; "" is catalogue order.
	SortBy string
	// Shown is how many matching rows the table shows.
	Shown  int
	Picked []string // part numbers to compare, at most MaxPicked
	Rev    int

	all []PartRow
}

// PartsPage is how many more rows "Show more" adds.
const PartsPage = 100

// MaxPicked is how many parts the compare shows side by side.
const MaxPicked = 3

// MaxQuery bounds the search text.
const MaxQuery = 64

// PartColumn is a sortable column of the parts table.
type PartColumn struct {
	Key, Label string
	cmp        func(a, b *PartRow) int
}

// PartColumns are the table's columns, in order.
var PartColumns = []PartColumn{
	{"part", "Part number", func(a, b *PartRow) int { return strings.Compare(a.Part, b.Part) }},
	{"core", "Core", func(a, b *PartRow) int { return strings.Compare(a.Group.Cores[0], b.Group.Cores[0]) }},
	{"clock", "Max clock", func(a, b *PartRow) int { return cmp.Compare(a.Group.MaxClockHz, b.Group.MaxClockHz) }},
	{"flash", "Flash", func(a, b *PartRow) int { return cmp.Compare(a.FlashBytes, b.FlashBytes) }},
	{"ram", "RAM", func(a, b *PartRow) int { return cmp.Compare(a.RAMBytes, b.RAMBytes) }},
	{"package", "Package", func(a, b *PartRow) int { return cmp.Compare(a.Pins, b.Pins) }},
	{"temp", "Up to", func(a, b *PartRow) int { return cmpOpt(a.TempMaxC, b.TempMaxC) }},
	{"supply", "Supply from", func(a, b *PartRow) int { return cmpOpt(a.VoltageMinV, b.VoltageMinV) }},
	{"units", "Crypto units", func(a, b *PartRow) int { return cmp.Compare(len(a.Group.Units), len(b.Group.Units)) }},
}

// unknownIn says, per column, which rows ST's data gives no value for.
var unknownIn = map[string]func(*PartRow) bool{
	"clock":  func(r *PartRow) bool { return r.Group.MaxClockHz <= 0 },
	"flash":  func(r *PartRow) bool { return r.FlashBytes <= 0 },
	"ram":    func(r *PartRow) bool { return r.RAMBytes <= 0 },
	"temp":   func(r *PartRow) bool { return r.TempMaxC == nil },
	"supply": func(r *PartRow) bool { return r.VoltageMinV == nil },
}

// cmpOpt orders unknown values last in ascending order.
func cmpOpt(a, b *float64) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Compare(*a, *b)
}

// OpenParts builds the rows from the groups (once) and opens the view.
func (p *Parts) OpenParts(groups []bench.PartGroup) {
	if p.all == nil {
		for gi := range groups {
			g := &groups[gi]
			_, units := bench.HardwareOf(g.Units)
			for _, m := range g.Members {
				p.all = append(p.all, PartRow{PartMember: m, Group: g, Units: units})
			}
		}
	}
	p.Open, p.Shown = true, PartsPage
	p.Rev++
}

// Total is how many part numbers the view holds.
func (p *Parts) Total() int { return len(p.all) }

// SetQuery sets the search text: words that each must appear in a
// row's part number, package, core, family or units (case ignored).
func (p *Parts) SetQuery(q string) {
	if len(q) > MaxQuery {
		q = strings.ToValidUTF8(q[:MaxQuery], "") // not cut inside a character
	}
	p.Query, p.Shown = q, PartsPage
	p.Rev++
}

// Sort sorts by a column, toggling the direction when it is in force;
// an unknown key is ignored.
func (p *Parts) Sort(key string) {
	if !slices.ContainsFunc(PartColumns, func(c PartColumn) bool { return c.Key == key }) {
		return
	}
	if p.SortBy == key {
		key = "-" + key
	}
	p.SortBy = key
	p.Rev++
}

// More shows another page of rows.
func (p *Parts) More() {
	p.Shown += PartsPage
	p.Rev++
}

// Pick adds a part to the compare or takes it out; a fourth is refused
// (false).
func (p *Parts) Pick(part string) bool {
	if i := slices.Index(p.Picked, part); i >= 0 {
		p.Picked = slices.Delete(p.Picked, i, i+1)
		p.Rev++
		return true
	}
	if len(p.Picked) >= MaxPicked || p.row(part) == nil {
		return false
	}
	p.Picked = append(p.Picked, part)
	p.Rev++
	return true
}

func (p *Parts) row(part string) *PartRow {
	for i := range p.all {
		if p.all[i].Part == part {
			return &p.all[i]
		}
	}
	return nil
}

// Rows are the rows matching the query, sorted, and how many match.
func (p *Parts) Rows() ([]PartRow, int) {
	words := strings.Fields(strings.ToUpper(p.Query))
	var out []PartRow
	for _, r := range p.all {
		if matchesAll(&r, words) {
			out = append(out, r)
		}
	}
	if key := strings.TrimPrefix(p.SortBy, "-"); key != "" {
		desc := strings.HasPrefix(p.SortBy, "-")
		for _, c := range PartColumns {
			if c.Key == key {
				unknown := unknownIn[key]
				slices.SortStableFunc(out, func(a, b PartRow) int {
					// What ST's data does not give goes last, whichever the
					// direction.
					if unknown != nil && unknown(&a) != unknown(&b) {
						if unknown(&a) {
							return 1
						}
						return -1
					}
					if desc {
						a, b = b, a
					}
					return cmp.Or(c.cmp(&a, &b), strings.Compare(a.Part, b.Part))
				})
			}
		}
	}
	return out[:min(len(out), p.Shown)], len(out)
}

func matchesAll(r *PartRow, words []string) bool {
	for _, w := range words {
		if !strings.Contains(r.Part, w) && !strings.HasPrefix(strings.ToUpper(r.Package), w) &&
			!strings.EqualFold(strings.TrimPrefix(r.Group.Cores[0], "Cortex-"), w) && !strings.EqualFold(strings.TrimPrefix(r.Group.Family, "STM32"), w) &&
			!slices.ContainsFunc(r.Group.Units, func(u bench.CryptoUnit) bool { return u.Name == w }) {
			return false
		}
	}
	return true
}

// Cells are a row's values, one per column.
func (r *PartRow) Cells() []string {
	clock := "unknown (ST's data gives none)"
	if r.Group.MaxClockHz > 0 {
		clock = explain.MHz(r.Group.MaxClockHz)
		if r.Group.ClockFrom != "" {
			clock += " (inferred)"
		}
		for _, c := range r.Group.Clocks {
			if c.Core == "" {
				clock += " (ST's driver)"
			}
		}
	}
	units := r.Units
	if units == "" {
		units = "none"
	}
	return []string{r.Part, strings.Join(r.Group.Cores, " + "), clock, explain.Size(r.FlashBytes), explain.Size(r.RAMBytes), r.Package,
		explain.Optional(r.TempMaxC, " °C"), explain.Optional(r.VoltageMinV, " V"), units}
}

// CompareRow is one fact of the things compared side by side (picked
// parts here; candidates in the ranking's compare view).
type CompareRow struct {
	Label  string
	Values []string
}

// Differs reports whether the parts differ in this fact.
func (c CompareRow) Differs() bool {
	for _, v := range c.Values[1:] {
		if v != c.Values[0] {
			return true
		}
	}
	return false
}

// Compared are the picked parts' facts, fact by fact: the table's
// columns, then what the table leaves out (family, die, pins, TrustZone,
// unit versions, ST's boards, group size).
func (p *Parts) Compared() (parts []string, rows []CompareRow) {
	var picked []*PartRow
	for _, name := range p.Picked {
		if r := p.row(name); r != nil {
			picked = append(picked, r)
			parts = append(parts, name)
		}
	}
	if len(picked) < 2 {
		return parts, nil
	}
	add := func(label string, f func(r *PartRow) string) {
		row := CompareRow{Label: label}
		for _, r := range picked {
			row.Values = append(row.Values, f(r))
		}
		rows = append(rows, row)
	}
	for i, c := range PartColumns[1:] {
		add(c.Label, func(r *PartRow) string { return r.Cells()[i+1] })
	}
	add("Family, die", func(r *PartRow) string { return r.Group.Family + ", " + r.Group.Die })
	add("Pins", func(r *PartRow) string {
		if r.Pins == 0 {
			return "unknown"
		}
		return strconv.Itoa(r.Pins)
	})
	add("TrustZone", func(r *PartRow) string { return map[bool]string{true: "yes", false: "no"}[r.Group.TrustZone] })
	add("Crypto unit versions", func(r *PartRow) string {
		var vs []string
		for _, u := range r.Group.Units {
			vs = append(vs, u.Name+" "+u.Version)
		}
		if vs == nil {
			return "none"
		}
		return strings.Join(vs, ", ")
	})
	add("Same group (same code, same speed per cycle)", func(r *PartRow) string {
		return r.Group.Name + " ×" + strconv.Itoa(len(r.Group.Members))
	})
	add("ST's boards", func(r *PartRow) string {
		if len(r.Group.Boards) == 0 {
			return "none"
		}
		return strings.Join(r.Group.Boards, ", ")
	})
	return parts, rows
}
