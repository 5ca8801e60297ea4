// Package cifra reads Cifra's measurement tables
// (../shared/sources/cifra-readme-tables.md: README lines 54-217 of
// github.com/ctz/cifra, CC0): cycles, stack and code size of one call of
// each test program on an STM32F030F4P6 (Cortex-M0), an STM32F103C8T6
// (Cortex-M3) and an STM32F303K6T6 (Cortex-M4F), built at -Os.
//
// What one figure covers decides what it becomes (the restatement's
// header cites the test code for each): the AES tables' "Cycles (block)"
// is one block without the key schedule, so it gives a bulk AES-ECB rate;
// Curve25519 is one scalar multiplication, given to key generation and
// agreement alike (one Montgomery ladder); every other table is one short
// message with its set-up and finalisation (one SHA-256 compression of
// the padding block, a 16-byte GCM message with its key schedule), which
// is not a per-block cost of a long message: those rows are kept as
// skipped, with that reason, and no rate is derived from them.
//
// The README states no clock. The harness never sets one, so the parts
// ran on their reset clock, 8 MHz from the HSI with no flash wait state:
// the figures are at 8 MHz, the fast end of what the same code takes at
// the parts' 48-72 MHz (the clock rule widens an estimate taken up). It
// is a measured source: the project commits what it derives
// (data/measured/cifra.json). The package does no I/O.
package cifra

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the copy's name in the third-party sources folder.
const File = "cifra-readme-tables.md"

// Name is the source's name (data/measured/<Name>.json).
const Name = "cifra"

// The README's address.
const (
	Doc    = "cifra/README.md"
	Commit = "90f763141b7930609f1888e118064df4e836ecc8"
	URL    = "https://github.com/ctz/cifra/blob/" + Commit + "/README.md?plain=1"
	// ClockHz is the reset clock the harness leaves (HSI, 8 MHz).
	ClockHz = 8_000_000
	// shootout is the Cortex-M0 Curve25519 comparison of other
	// implementations, copied whole after the README's blocks.
	shootout = "cifra/curve25519-shootout.md"
)

// Library is Cifra as the dataset names it.
var Library = bench.Library{Name: "Cifra", Flag: "cifra", Methods: []string{"benchmark"}}

// config is the one build the README measures.
const config = "-Os, gcc (version unrecorded), side-channel protection off for AES; reset clock (8 MHz HSI, no wait state)"

// parts are the README's parts, by the core its tables name.
var parts = map[string]string{
	"Cortex-M0":  "STM32F030F4P6",
	"Cortex-M3":  "STM32F103C8T6",
	"Cortex-M4F": "STM32F303K6T6",
}

// Parse reads the copied README blocks. Positions are README lines
// (each block follows a comment "<!-- README.md lines A-B -->").
func Parse(name, text string) (bench.Dataset, bench.ErrorList) {
	var d bench.Dataset
	var errs bench.ErrorList
	readme := 0 // the README line of the file line after a block comment, minus that file line
	section, sub := "", ""
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if a, ok := strings.CutPrefix(t, "<!-- README.md lines "); ok {
			first, _, _ := strings.Cut(a, "-")
			n, err := strconv.Atoi(first)
			if err != nil {
				errs.Add(bench.Pos{File: name, Line: i + 1}, l, "want '<!-- README.md lines A-B -->'")
				continue
			}
			readme = n - (i + 2)
			continue
		}
		if strings.HasPrefix(t, "<!-- curve25519-shootout.md") {
			readme, section = 1-(i+2), "shootout" // the whole file, from its line 1
			continue
		}
		if h, ok := strings.CutPrefix(t, "## "); ok {
			section, sub = h, ""
			continue
		}
		if h, ok := strings.CutPrefix(t, "### "); ok {
			sub = h
			continue
		}
		if section == "" || !strings.HasPrefix(t, "Cortex-M") && section != "shootout" {
			continue
		}
		cells := strings.Split(t, "|")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		if section == "shootout" {
			if len(cells) == 5 && strings.HasSuffix(cells[1], "`") {
				d.Skipped = append(d.Skipped, bench.Skipped{Identity: identity("Cortex-M0"), Name: "Curve25519, " + cells[0] + " " + cells[1], Printed: cells[2] + " cycles",
					Reason: "another implementation than Cifra's (the README's Curve25519 shootout), cycles rounded to thousands", Source: shootout, Pos: bench.Pos{File: shootout, Line: i + 1 + readme}})
			}
			continue
		}
		if section == "Measurements" {
			continue // the part table
		}
		pos := bench.Pos{File: Doc, Line: i + 1 + readme}
		if _, ok := parts[cells[0]]; !ok {
			errs.Add(pos, l, "unknown core %q: want one of the README's parts", cells[0])
			continue
		}
		read(&d, &errs, pos, section, sub, cells)
	}
	if len(d.Measurements) == 0 {
		errs.Add(bench.Pos{File: name}, "", "no Cifra figure read")
	}
	d.Warnings, d.Libraries, d.Documents = warnings(), []bench.Library{Library}, documents()
	return d, errs
}

// read turns one table row into figures (or a skipped row).
func read(d *bench.Dataset, errs *bench.ErrorList, pos bench.Pos, section, sub string, c []string) {
	core := c[0]
	// The last three cells of a figure's row: cycles, stack and code size
	// ("312B").
	nums := func() (cycles, stack, code int64, ok bool) {
		var v [3]int64
		for i, cell := range c[len(c)-3:] {
			n, err := strconv.ParseInt(strings.TrimSuffix(cell, "B"), 10, 64)
			if err != nil || n <= 0 {
				errs.Add(pos, strings.Join(c, " | "), "want positive cycles, stack and code size")
				return 0, 0, 0, false
			}
			v[i] = n
		}
		return v[0], v[1], v[2], true
	}
	switch {
	case section == "AES" && len(c) == 6:
		block, stack, code, ok := nums() // Cycles (block), Stack, Code size
		if !ok {
			return
		}
		key := strings.TrimSuffix(sub, "-bit key")
		op := "aes-" + key + "-ecb-enc"
		m := measurement(core, op, pos)
		m.BytesPerSecond = bench.F64(16 * float64(ClockHz) / float64(block))
		m.Printed = c[3] + " cycles per 16-byte block"
		m.Source = fmt.Sprintf("%s § AES, %s, %s: Cycles (block) = %s (key schedule + block %s − key schedule %s), one block without the key schedule", pos, sub, core, c[3], c[1], c[2])
		d.Measurements = append(d.Measurements, m)
		d.Footprints = append(d.Footprints, footprint(m, stack, code, "the key schedule + block program"))
	case section == "Curve25519" && len(c) == 4:
		cycles, stack, code, ok := nums()
		if !ok {
			return
		}
		for _, op := range []string{"x25519-keygen", "x25519-agree"} {
			m := measurement(core, op, pos)
			m.SecondsPerOp, m.Cycles = bench.F64(float64(cycles)/ClockHz), bench.I64(cycles)
			m.Printed = c[1] + " cycles"
			m.Source = fmt.Sprintf("%s § Curve25519, %s: %s cycles for one scalar multiplication (μNaCl's Cortex-M0 ladder on every core; key generation and agreement are the same ladder)", pos, core, c[1])
			d.Measurements = append(d.Measurements, m)
			d.Footprints = append(d.Footprints, footprint(m, stack, code, "the scalar multiplication program"))
		}
	case len(c) >= 2:
		d.Skipped = append(d.Skipped, bench.Skipped{Identity: identity(core), Name: section, Printed: c[1] + " cycles", Source: fmt.Sprintf("%s § %s, %s", pos, section, core), Pos: pos,
			Reason: "one call on a short message with its set-up and finalisation, not a per-block cost of a long message: no rate is derived from it"})
	default:
		errs.Add(pos, strings.Join(c, " | "), "a row this package does not read")
	}
}

func identity(core string) bench.Identity {
	p := parts[core]
	return bench.Identity{MCU: p, Part: p, Board: p + " (the README names the part, not the board)", Library: Library.Name, Config: config,
		Acceleration: []string{}, ClockHz: ClockHz}
}

func measurement(core, op string, pos bench.Pos) bench.Measurement {
	return bench.Measurement{Identity: identity(core), Op: op, Method: "benchmark", Pos: pos}
}

// footprint: the test program's stack (painted, plus 4 words) covers its
// contexts and buffers, and the harness links no heap (-nostdlib); the
// code size counts everything linked in, constants included.
func footprint(m bench.Measurement, stack, code int64, what string) bench.Footprint {
	return bench.Footprint{Identity: m.Identity, Op: m.Op, Method: "benchmark", StackBytes: &stack, CodeBytes: &code, ConstantBytes: bench.I64(0), GlobalBytes: bench.I64(0),
		Source: fmt.Sprintf("%s: %d B of stack and %d B of code (constants included) for %s; no heap (the harness links with -nostdlib)", m.Pos, stack, code, what), Pos: m.Pos}
}

// warnings: the clock is inferred from the harness, and the boards the
// later rows ran on may not be the parts the README names.
func warnings() []bench.Warning {
	var out []bench.Warning
	for _, core := range []string{"Cortex-M0", "Cortex-M3", "Cortex-M4F"} {
		out = append(out, bench.Warning{MCU: parts[core], Config: config, Kind: bench.WarnClockInferred, Source: Name, Documents: []string{Doc},
			Text: "clock inferred (8 MHz): the README states none; the harness leaves the reset clock (HSI, no wait state): the fast end at the part's full clock"},
			bench.Warning{MCU: parts[core], Config: config, Kind: "version-unpublished", Source: Name, Documents: []string{Doc},
				Text: "Cifra has no releases and the README names no commit for its figures: they date from 2015 (commits 39bd7143, 7024ba48, a89deac1)"})
	}
	for _, m := range [][2]string{{"Cortex-M0", "an STM32F072 (commit 8f2769cc)"}, {"Cortex-M4F", "an STM32F429 (commit 079e63b8)"}} {
		core, moved := m[0], m[1]
		out = append(out, bench.Warning{MCU: parts[core], Config: config, Kind: "board-unstated", Source: Name, Documents: []string{Doc},
			Text: "the harness moved the " + core + " tests to " + moved + " before some rows were measured: the same core from reset, probably the same counts"})
	}
	return out
}

func documents() []bench.Document {
	return []bench.Document{
		{Name: Doc, URL: URL, LineAnchors: true,
			Note: "Cifra's README (github.com/ctz/cifra at " + Commit + "), lines 54-217: cycles, stack and code size at -Os on STM32F030F4P6, STM32F103C8T6 and STM32F303K6T6; CC0 (author Joseph Birr-Pixton)"},
		{Name: shootout, LineAnchors: true, URL: "https://github.com/ctz/cifra/blob/" + Commit + "/curve25519-shootout.md?plain=1",
			Note: "Cifra's Cortex-M0 Curve25519 shootout (other implementations; recorded, not used)"},
	}
}

// Source is the README tables as a measured source.
var Source = source.Table{SourceName: Name, FileName: File, Libs: []bench.Library{Library}, What: "Cifra", Parse: Parse}
