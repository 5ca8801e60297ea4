package dataset

import (
	"reflect"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// ParseFacts reads the curated additions to ST's part facts
// (seeds/mcu-facts.tsv): tab-separated, '#' comments, one header row;
// per measured part its name as the sources write it, aliases, a maximum
// clock only where ST's data has none, a note on its hardware, its
// boards and the citation for what the row adds. CompleteFacts adds ST's
// facts.
func ParseFacts(file, text string) (bench.Facts, bench.ErrorList) {
	var errs bench.ErrorList
	var out bench.Facts
	tsvRows(file, text, func(pos bench.Pos, line string, c []string) {
		if len(c) != 6 {
			errs.Add(pos, line, "want 6 tab-separated columns (part, aliases, max_mhz, hw_note, boards, source), got %d", len(c))
			return
		}
		var mhz int64
		if c[2] != "" {
			var err error
			if mhz, err = strconv.ParseInt(c[2], 10, 64); err != nil || mhz <= 0 {
				errs.Add(pos, c[2], "max_mhz must be empty or a positive integer")
				return
			}
		}
		if !strings.HasPrefix(c[0], "STM32") || c[5] == "" {
			errs.Add(pos, line, "want an STM32 part name and a citation")
			return
		}
		out = append(out, bench.MCUFact{Part: c[0], Aliases: list(c[1]), MaxClockHz: mhz * 1_000_000,
			HardwareNote: c[3], Boards: list(c[4]), SourceNote: c[5]})
	})
	return out, errs
}

// CompleteFacts fills the curated rows with ST's facts from the part
// groups: the core (the group's first, where a build runs on a
// dual-core part), maximum clock, flash, RAM and crypto hardware. Every
// ST part number a row's name denotes must agree on them. A maximum
// clock comes from the row only where ST's data has none, and the row
// must not give one where ST does.
func CompleteFacts(file string, curated bench.Facts, groups []bench.PartGroup) (bench.Facts, bench.ErrorList) {
	var errs bench.ErrorList
	out := make(bench.Facts, 0, len(curated))
	for _, c := range curated {
		pos := bench.Pos{File: file}
		var f bench.MCUFact
		var parts []string
		flashNote := ""
		for gi := range groups {
			g := &groups[gi]
			for _, m := range g.Members {
				if !bench.PartNameMatches(c.Part, m.Part) {
					continue
				}
				hw, names := bench.HardwareOf(g.Units)
				next := bench.MCUFact{Part: c.Part, Aliases: c.Aliases, Core: g.Cores[0], MaxClockHz: g.MaxClockHz,
					FlashBytes: m.FlashBytes, RAMBytes: m.RAMBytes, CryptoHardware: hw, HardwareNote: names, Boards: c.Boards}
				// A source that names a line, not a part number
				// (STM32F091), stands for part numbers that differ in
				// flash only: the smallest flash is taken, and said.
				same, flashOnly := reflect.DeepEqual(f, next), false
				if parts != nil && !same {
					a, b := f, next
					a.FlashBytes, b.FlashBytes = 0, 0
					flashOnly = reflect.DeepEqual(a, b)
					if !flashOnly {
						errs.Add(pos, c.Part, "ST's part numbers %s and %s differ in core, clock, RAM or crypto units: name one", parts[0], m.Part)
					}
				}
				if parts == nil || flashOnly && next.FlashBytes < f.FlashBytes {
					f = next
				}
				if flashOnly {
					flashNote = "; flash: the smallest of the part numbers the name stands for (they differ in flash only)"
				}
				parts = append(parts, m.Part)
			}
		}
		switch {
		case parts == nil:
			errs.Add(pos, c.Part, "no part number in ST's part database starts with it")
			continue
		case f.MaxClockHz > 0 && c.MaxClockHz > 0:
			errs.Add(pos, c.Part, "ST's data gives a maximum clock of %d Hz: the curated max_mhz must be empty", f.MaxClockHz)
		case f.MaxClockHz == 0:
			f.MaxClockHz = c.MaxClockHz // 0 (unknown) when the row gives none either
		}
		if f.HardwareNote == "" {
			f.HardwareNote = "no crypto unit"
		}
		if c.HardwareNote != "" {
			f.HardwareNote += "; " + c.HardwareNote
		}
		f.SourceNote = "ST's part database (STM32_open_pin_data): " + strings.Join(parts, ", ") + flashNote + "; " + c.SourceNote
		out = append(out, f)
	}
	return out, errs
}

// tsvRows calls row with each data row of a curated table: tab-separated
// cells, blank lines and '#' comments skipped, the first row a header.
func tsvRows(file, text string, row func(pos bench.Pos, line string, cells []string)) {
	header := true
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		row(bench.Pos{File: file, Line: i + 1}, line, strings.Split(line, "\t"))
	}
}

func list(s string) []string {
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ParseDocuments reads seeds/documents.tsv: where each seed document is
// published.
func ParseDocuments(file, text string) ([]bench.Document, bench.ErrorList) {
	var errs bench.ErrorList
	var out []bench.Document
	tsvRows(file, text, func(pos bench.Pos, line string, c []string) {
		if len(c) != 4 || !strings.HasPrefix(c[1], "https://") || c[2] != "yes" && c[2] != "no" {
			errs.Add(pos, line, "want file, https URL, yes/no and a note, tab-separated")
			return
		}
		out = append(out, bench.Document{Name: c[0], URL: c[1], LineAnchors: c[2] == "yes", Note: c[3]})
	})
	return out, errs
}
