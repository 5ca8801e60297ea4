package dataset

import (
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// ParseFacts reads the curated MCU facts table (seeds/mcu-facts.tsv):
// tab-separated, '#' comments, one header row.
func ParseFacts(file, text string) (bench.Facts, bench.ErrorList) {
	var errs bench.ErrorList
	var out bench.Facts
	tsvRows(file, text, func(pos bench.Pos, line string, c []string) {
		if len(c) != 10 {
			errs.Add(pos, line, "want 10 tab-separated columns, got %d", len(c))
			return
		}
		mhz, err1 := strconv.ParseInt(c[3], 10, 64)
		flash, err2 := strconv.ParseInt(c[4], 10, 64)
		ram, err3 := strconv.ParseInt(c[5], 10, 64)
		// A part without internal flash (STM32N6) has flash_kib 0.
		if err1 != nil || err2 != nil || err3 != nil || mhz <= 0 || flash < 0 || ram <= 0 {
			errs.Add(pos, line, "max_mhz and ram_kib must be positive integers, flash_kib 0 or more")
			return
		}
		hw := list(c[6])
		for _, h := range hw {
			switch h {
			case bench.AccelAES, bench.AccelHASH, bench.AccelPKA, "RNG":
			default:
				errs.Add(pos, h, "unknown crypto hardware (accepted: AES, HASH, PKA, RNG)")
			}
		}
		out = append(out, bench.MCUFact{
			Part: c[0], Aliases: list(c[1]), Core: c[2], MaxClockHz: mhz * 1_000_000,
			FlashBytes: flash * 1024, RAMBytes: ram * 1024, CryptoHardware: hw,
			HardwareNote: c[7], Boards: list(c[8]), SourceNote: c[9],
		})
	})
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
