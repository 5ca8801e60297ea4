package dataset

import (
	"fmt"
	"regexp"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source/cmox"
	"cryptosizer/app/source/wolfcrypt"
)

// MaxImportBytes bounds one pasted or imported text: the largest real
// input, the whole wolfSSL page, is 46 KB.
const MaxImportBytes = 256 << 10

// Imported is what a user's text contributes, before and after naming.
type Imported struct {
	Kind string // KindWolfSSL or KindCMOX
	// Found is what the text itself says (MCU, board, clock, label,
	// version), to pre-fill the form; Configs counts the builds found.
	Found   Override
	Configs int
	Data    bench.Dataset // measurements, missing entries and warnings
	// Errors lists every line that was not recognized, with its position,
	// and anything the user must still name.
	Errors bench.ErrorList
}

var cmoxHint = regexp.MustCompile(`(?m)^\s*(STM32 MCU |AES mode Key size|HASH mode |Curve Operation ECC|Curve Message size Operation|PKCS#1 Priv\. key)`)

// Import parses a user's benchmark text: wolfCrypt benchmark output (bare
// or inside the markdown page, any version's units and line forms, one or
// many configurations) or a CMOX wiki page or table. The fields of ov name
// what the text does not say; with a single configuration they also
// replace what it says (the user corrected it). name labels the import
// set; every measurement carries it in Identity.Imported.
func Import(facts []bench.MCUFact, name, text string, ov Override) Imported {
	var out Imported
	pos := bench.Pos{File: name}
	if len(text) > MaxImportBytes {
		out.Errors.Add(pos, "", "the text is %d bytes; the limit is %d bytes (256 KiB)", len(text), MaxImportBytes)
		return out
	}
	if strings.TrimSpace(text) == "" {
		out.Errors.Add(pos, "", "nothing to import: paste wolfCrypt benchmark output or a CMOX performance table")
		return out
	}
	ds := &bench.Dataset{MCUs: facts}
	switch {
	case strings.Contains(text, " took "):
		out.Kind = KindWolfSSL
		page, errs := wolfcrypt.Parse(name, text)
		out.Errors = append(out.Errors, errs...)
		out.Found, out.Configs = foundWolfSSL(page)
		fill := ov
		if out.Configs > 1 {
			fill = Override{} // several builds: names come from the text
		}
		for si := range page.Sections {
			s := &page.Sections[si]
			if fill.MCU != "" || s.MCU == "" {
				s.MCU = firstNonEmpty(fill.MCU, ov.MCU, s.MCU)
			}
			if fill.Board != "" || s.Board == "" {
				s.Board = firstNonEmpty(fill.Board, ov.Board, s.Board)
			}
			if fill.ClockHz > 0 || s.ClockHz == 0 {
				if c := firstPositive(fill.ClockHz, ov.ClockHz, s.ClockHz); c != s.ClockHz {
					s.ClockHz = c
					s.Clock = fmt.Sprintf("%g MHz", float64(c)/1e6)
				}
			}
			for ci := range s.Configs {
				c := &s.Configs[ci]
				if fill.Config != "" || c.Label == "" {
					c.Label = firstNonEmpty(fill.Config, ov.Config, c.Label, "imported build")
				}
				for ri := range c.Runs {
					if fill.Version != "" || c.Runs[ri].Version == "" {
						c.Runs[ri].Version = firstNonEmpty(fill.Version, ov.Version, c.Runs[ri].Version)
					}
				}
			}
			if s.MCU == "" {
				out.Errors.Add(s.Pos, "", "the text does not name the MCU: give it (for example STM32H563ZI)")
			}
			if s.ClockHz <= 0 {
				out.Errors.Add(s.Pos, "", "the text does not state the CPU clock: give it in MHz")
			}
		}
		addWolfSSL(ds, name, page)
	case cmoxHint.MatchString(text):
		out.Kind = KindCMOX
		page, errs := cmox.ParseWith(name, text, cmox.Setup{MCU: ov.MCU, ClockHz: ov.ClockHz})
		out.Errors = append(out.Errors, errs...)
		out.Found = Override{MCU: page.MCU, Board: page.Board, Version: cmoxVersion(page.Version), ClockHz: page.ClockHz}
		out.Configs = 1
		if ov.Board != "" {
			page.Board = ov.Board
		}
		addCMOX(ds, name, page)
		if ov.Version != "" {
			for i := range ds.Measurements {
				ds.Measurements[i].LibraryVersion = ov.Version
			}
		}
	default:
		out.Errors.Add(pos, firstLine(text), "not recognized: paste wolfCrypt benchmark output (lines with \"took\") or a CMOX performance table with its header row")
		return out
	}
	for i := range ds.Measurements {
		ds.Measurements[i].Imported = name
	}
	for i := range ds.Missing {
		ds.Missing[i].Imported = name
	}
	if len(ds.Measurements) == 0 && len(out.Errors) == 0 {
		out.Errors.Add(pos, "", "no measurement found in the text")
	}
	ds.MCUs = nil
	out.Data = *ds
	return out
}

func foundWolfSSL(p *wolfcrypt.Page) (Override, int) {
	var f Override
	n := 0
	for _, s := range p.Sections {
		for _, c := range s.Configs {
			for range c.Runs {
				n++
			}
			if n > 0 && f.MCU == "" && f.Config == "" {
				f = Override{MCU: s.MCU, Board: s.Board, Config: c.Label, ClockHz: s.ClockHz}
				if len(c.Runs) > 0 {
					f.Version = c.Runs[0].Version
				}
			}
		}
	}
	return f, n
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func firstPositive(v ...int64) int64 {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s[:min(len(s), 80)]
}

// Merge returns a dataset with the bundled data and the imported sets.
func Merge(base *bench.Dataset, sets ...bench.Dataset) *bench.Dataset {
	out := *base
	out.Measurements = append([]bench.Measurement{}, base.Measurements...)
	out.Missing = append([]bench.Missing{}, base.Missing...)
	out.Warnings = append([]bench.Warning{}, base.Warnings...)
	for _, s := range sets {
		out.Measurements = append(out.Measurements, s.Measurements...)
		out.Missing = append(out.Missing, s.Missing...)
		out.Warnings = append(out.Warnings, s.Warnings...)
	}
	return &out
}
