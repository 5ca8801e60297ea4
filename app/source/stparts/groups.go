package stparts

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// Groups gathers the parts into groups (see Group), in catalogue order,
// with ST's boards that carry a member (boards maps a board to the
// RefName it carries).
func Groups(parts []Part, boards map[string]string) []bench.PartGroup {
	var out []bench.PartGroup
	index := map[string]int{}
	for _, p := range parts {
		key := Group(p)
		i, ok := index[key]
		if !ok {
			g := bench.PartGroup{Key: key, Family: p.Family, Die: p.Die, Cores: p.Cores, MaxClockHz: p.MaxClockHz, ClockFrom: p.ClockFrom, Clocks: p.Clocks, Limits: p.Limits,
				TrustZone: p.TrustZone, Units: []bench.CryptoUnit{}, Boards: []string{}, File: p.File}
			for _, u := range p.CryptoUnits {
				cu := bench.CryptoUnit{Name: u.Name, Version: u.Version}
				if !slices.Contains(g.Units, cu) {
					g.Units = append(g.Units, cu)
				}
			}
			i = len(out)
			index[key] = i
			out = append(out, g)
		}
		g := &out[i]
		if p.ClockFrom == "" {
			g.ClockFrom = "" // a member's own file states the clock
		}
		g.Members = append(g.Members, bench.PartMember{Part: p.Part, FlashBytes: p.FlashBytes, RAMBytes: p.RAMBytes, Package: p.Package, TempMaxC: p.TempMax,
			VoltageMinV: p.VoltageMin, Pins: p.Pins, RunUAPerMHz: p.RunUAPerMHz})
		for b, ref := range boards {
			if ref == p.RefName && !slices.Contains(g.Boards, b) {
				g.Boards = append(g.Boards, b)
			}
		}
	}
	for i := range out {
		slices.Sort(out[i].Boards)
		out[i].Name = commonPrefix(out[i].Members)
	}
	return out
}

// commonPrefix is the members' common part-number prefix, at least the
// family's line digits (STM32U545, or STM32U5 for a group spanning
// lines).
func commonPrefix(ms []bench.PartMember) string {
	p := ms[0].Part
	for _, m := range ms[1:] {
		for !strings.HasPrefix(m.Part, p) {
			p = p[:len(p)-1]
		}
	}
	const line = len("STM32U545")
	if len(ms) > 1 && len(p) > line {
		p = p[:line]
	}
	if len(p) >= line {
		return p
	}
	// Several lines: name each (STM32H742/H743), at most three.
	var lines []string
	for _, m := range ms {
		if l := m.Part[:min(line, len(m.Part))]; !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	name := lines[0]
	for i, l := range lines[1:] {
		if i == 2 {
			return name + "/…"
		}
		name += "/" + strings.TrimPrefix(l, "STM32")
	}
	return name
}

// Board is one of ST's evaluation boards: its name, the RefName of the
// part it carries (Mcu.Name) and that part as the board file names it
// (STM32F411RE of boards/A41_Nucleo_NUCLEO-F411RE_STM32F411RE_…; it
// tells which part numbers of a RefName such as STM32F411R(C-E)Tx the
// board carries).
type Board struct {
	Name, RefName, MCU string
}

// ParseBoards reads ST's board list (stm32-open-pin-data-boards.tsv). A
// row without a board= line is named from its file
// (boards/PL1_Nucleo_NUCLEO-WL33CC1_STM32WL33CCV6TR_…: NUCLEO-WL33CC1).
func ParseBoards(text string) []Board {
	var out []Board
	for _, line := range strings.Split(text, "\n") {
		c := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if strings.HasPrefix(line, "#") || len(c) < 4 || c[0] == "file" || c[3] == "" {
			continue
		}
		f := strings.Split(strings.TrimPrefix(c[0], "boards/"), "_")
		b := Board{Name: c[1], RefName: c[3]}
		if len(f) >= 4 {
			b.MCU = f[3]
			if b.Name == "" {
				b.Name = f[2]
			}
		}
		if b.Name != "" {
			out = append(out, b)
		}
	}
	return out
}

// Carries reports whether the board carries part number part: one of
// its RefName's part numbers that the board's part names (each a
// prefix of the other, the part number's trailing x placeholders left
// out), or any of them when the board names none that matches.
func (b Board) Carries(p Part, siblings []Part) bool {
	refs, _ := expand(b.RefName) // a board may name one part number of a file's RefName
	of := func(p Part) bool { return p.RefName == b.RefName || slices.Contains(refs, p.Part) }
	if !of(p) {
		return false
	}
	named := func(p Part) bool {
		n := strings.TrimRight(p.Part, "x")
		return b.MCU != "" && (strings.HasPrefix(n, b.MCU) || strings.HasPrefix(b.MCU, n))
	}
	return named(p) || !slices.ContainsFunc(siblings, func(s Part) bool { return of(s) && named(s) })
}
