// Package p256m reads the measurements in p256-m's README
// (../shared/sources/p256-m-readme-tables.md: README lines 119-277 of
// github.com/mpg/p256-m, Apache-2.0): milliseconds per P-256 operation of
// p256-m — the P-256 implementation Mbed TLS ships as a PSA driver — and
// of TinyCrypt 0.2.8 on an STM32F091 (Cortex-M0, 48 MHz) and an
// STM32F411 (Cortex-M4, 100 MHz) under Mbed OS 6, with the stack of each
// operation (neither uses the heap). The Cortex-A7 and x86 rows are not
// STM32 parts and are left out. It is a measured source: the project
// commits what it derives (data/measured/p256m.json). The package does no
// I/O.
package p256m

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the restatement's name in the third-party sources folder.
const File = "p256-m-readme-tables.md"

// Name is the source's name (data/measured/<Name>.json).
const Name = "p256m"

// Doc is the document the positions point into; Commit the README's.
const (
	Doc    = "p256-m/README.md"
	Commit = "44af59e0cff5d3b1d653bc333814077ef830e1bd"
	URL    = "https://github.com/mpg/p256-m/blob/" + Commit + "/README.md?plain=1"
	// offset: README line = restatement line + offset (the restatement
	// copies README lines 119-277 below a comment and a blank line).
	offset = 116
)

// The libraries, as the dataset names them.
var (
	P256m     = bench.Library{Name: "p256-m", Flag: "p256-m", Methods: []string{"benchmark"}}
	TinyCrypt = bench.Library{Name: "TinyCrypt", Flag: "tinycrypt", Methods: []string{"benchmark"}}
)

// builds: each library's version and configuration as the README states
// them.
var builds = map[string]struct {
	lib             bench.Library
	version, config string
}{
	"p256-m":    {P256m, "", "ARM-GCC 9 -mthumb -Os, with its inline assembly; Mbed OS 6"},
	"TinyCrypt": {TinyCrypt, "0.2.8", "mpg/tinycrypt measurements branch (0.2.8); Mbed OS 6"},
}

// parts: the boards the README names, by core.
var parts = map[string]struct{ mcu, board string }{
	"Cortex-M0": {"STM32F091", "STM32F091 board (the README names the part, not the board)"},
	"Cortex-M4": {"STM32F411", "STM32F411 board (the README names the part, not the board)"},
}

var ops = map[string]string{
	"Key generation": "ecc-p256-keygen", "ECDH shared secret": "ecdh-p256-agree",
	"ECDSA sign": "ecdsa-p256-sign", "ECDSA verify": "ecdsa-p256-verify",
	"key generation": "ecc-p256-keygen", "ecdsa sign": "ecdsa-p256-sign", "ecdsa verify": "ecdsa-p256-verify",
}

// Parse reads the per-core runtime tables of "Comparison with other
// implementations" (each after a line "_Cortex-M0_ at  48 MHz: STM32F091
// board …") and the RAM tables (stack per operation).
func Parse(name, text string) (bench.Dataset, bench.ErrorList) {
	var d bench.Dataset
	var errs bench.ErrorList
	lines := strings.Split(text, "\n")
	pos := func(i int) bench.Pos { return bench.Pos{File: Doc, Line: i + 1 + offset} }
	core, clock := "", int64(0)
	var stackCore []string
	stack := map[string]map[string]stackRow{} // core|library → op → bytes, where
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "_Cortex-"):
			// "_Cortex-M0_ at  48 MHz: STM32F091 board running Mbed OS 6"
			c, rest, _ := strings.Cut(strings.TrimPrefix(t, "_"), "_")
			f := strings.Fields(rest)
			core, clock = "", 0
			if len(f) >= 3 && f[0] == "at" && f[2] == "MHz:" {
				if mhz, err := strconv.Atoi(f[1]); err == nil {
					core, clock = c, int64(mhz)*1e6
				}
			}
			if _, ok := parts[c]; ok && core == "" {
				errs.Add(pos(i), l, "want '_<core>_ at <N> MHz: <part> board …'")
			}
		case strings.Contains(t, "on a Cortex-M0 core"):
			stackCore = []string{"Cortex-M0"}
		case strings.HasPrefix(t, "On a Cortex-M4"):
			stackCore = []string{"Cortex-M4"}
		case strings.HasPrefix(t, "**"):
			core, stackCore = "", nil
		}
		c := source.Cells(l)
		if len(c) != 3 || c[1] == "p256-m" || strings.HasPrefix(c[1], "-") {
			continue
		}
		op, known := ops[c[0]]
		if !known {
			op, known = ops[strings.ToLower(c[0])]
		}
		if !known {
			continue // "Sum of those 4", or a table this package does not read
		}
		for j, lib := range []string{"p256-m", "TinyCrypt"} {
			v, err := strconv.ParseFloat(c[1+j], 64)
			if err != nil || v <= 0 {
				errs.Add(pos(i), l, "want a positive number for %s", lib)
				continue
			}
			switch {
			case stackCore != nil:
				for _, sc := range stackCore {
					k := sc + "|" + lib
					if stack[k] == nil {
						stack[k] = map[string]stackRow{}
					}
					stack[k][op] = stackRow{int64(v), pos(i)}
				}
			case core != "":
				p, ok := parts[core]
				if !ok {
					continue // not an STM32 part (Cortex-A7, x86)
				}
				b := builds[lib]
				id := bench.Identity{MCU: p.mcu, Part: p.mcu, Board: p.board, Library: b.lib.Name, LibraryVersion: b.version, Config: b.config,
					Acceleration: []string{}, ClockHz: clock}
				d.Measurements = append(d.Measurements, bench.Measurement{Identity: id, Op: op, SecondsPerOp: bench.F64(v / 1000), Method: "benchmark",
					Printed: c[1+j] + " ms", Pos: pos(i), Source: fmt.Sprintf("%s § %s at %d MHz, %s: %s = %s ms", pos(i), core, clock/1e6, lib, c[0], c[1+j])})
			}
		}
	}
	d.Footprints, errs = footprints(d.Measurements, stack, errs)
	if len(d.Measurements) == 0 {
		errs.Add(bench.Pos{File: name}, "", "no p256-m or TinyCrypt timings on an STM32 part")
	}
	d.Warnings, d.Libraries, d.Documents = warnings(), []bench.Library{P256m, TinyCrypt}, documents()
	return d, errs
}

// warnings: the README does not say which p256-m commit it measured.
func warnings() []bench.Warning {
	var out []bench.Warning
	for _, core := range []string{"Cortex-M0", "Cortex-M4"} {
		out = append(out, bench.Warning{MCU: parts[core].mcu, Config: builds["p256-m"].config, Kind: "version-unpublished", Source: Name, Documents: []string{Doc},
			Text: "the README (at " + Commit[:8] + ", last changed 2020-08-26) does not say which p256-m commit it measured"})
	}
	return out
}

func documents() []bench.Document {
	return []bench.Document{{Name: Doc, URL: URL, LineAnchors: true,
		Note: "p256-m's README (github.com/mpg/p256-m at " + Commit + ", also vendored in Mbed TLS as 3rdparty/p256-m): ms per P-256 operation of p256-m and TinyCrypt 0.2.8 on STM32F091 (Cortex-M0, 48 MHz) and STM32F411 (Cortex-M4, 100 MHz) under Mbed OS 6, and their stack; Apache-2.0"}}
}

// stackRow is a stack figure and the RAM table's line that gives it.
type stackRow struct {
	bytes int64
	pos   bench.Pos
}

// footprints: stack per operation, cited to the RAM table's row. Neither
// library uses the heap (the README), so a build's RAM is its largest
// operation's stack.
func footprints(ms []bench.Measurement, stack map[string]map[string]stackRow, errs bench.ErrorList) ([]bench.Footprint, bench.ErrorList) {
	var out []bench.Footprint
	for _, m := range ms {
		core := "Cortex-M0"
		if m.MCU == parts["Cortex-M4"].mcu {
			core = "Cortex-M4"
		}
		s, ok := stack[core+"|"+m.Library][m.Op]
		if !ok {
			errs.Add(m.Pos, m.Op, "no stack figure for %s on the %s", m.Library, core)
			continue
		}
		out = append(out, bench.Footprint{Identity: m.Identity, Op: m.Op, Method: "benchmark", GlobalBytes: bench.I64(0), StackBytes: bench.I64(s.bytes),
			Source: fmt.Sprintf("%s § RAM usage: %s on the %s, %d B stack (no heap)", s.pos, m.Library, core, s.bytes), Pos: s.pos})
	}
	return out, errs
}

// Source is the README as a measured source.
var Source = source.Table{SourceName: Name, FileName: File, Libs: []bench.Library{P256m, TinyCrypt}, What: "p256-m", Parse: Parse}
