// Package mbedtlsf429 reads the one STM32 Mbed TLS benchmark stored in a
// public repository (../shared/sources/mbedtls-nucleo-f429zi-restated.md,
// a restatement of github.com/iotwuxi/iot_security 13_perf/README.md,
// which has no licence: only the facts are derived, each cited): Mbed
// TLS's benchmark program on a NUCLEO-F429ZI under Zephyr 1.12.0, with
// two ECC configurations, "best performance" and "least memory", and the
// heap each public-key operation held. It is a measured source
// (data/measured/mbedtlsf429.json); the two configurations are two
// builds, the lines before the first heading belong to both. The package
// does no I/O.
package mbedtlsf429

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
	"cryptosizer/app/source/mbedtls"
)

// File is the restatement's name in the third-party sources folder.
const File = "mbedtls-nucleo-f429zi-restated.md"

// Name is the source's name (data/measured/<Name>.json).
const Name = "mbedtlsf429"

// The original's address.
const (
	Commit = "0b219c4c2a72b41233ff33dcdd9e4a7438ebd1c4"
	Doc    = "iot_security/13_perf/README.md"
	URL    = "https://github.com/iotwuxi/iot_security/blob/" + Commit + "/13_perf/README.md?plain=1"
)

// Configs are the two builds, by the restatement's section words, in
// plain English: the README's own headings (最优性能, 最少内存) stay in
// each figure's source line.
var Configs = map[string]string{
	"best performance": "Zephyr 1.12.0 benchmark, ECC options for speed (\"best performance\")",
	"least memory":     "Zephyr 1.12.0 benchmark, ECC options for RAM (\"least memory\")",
}

type row struct {
	section, title, unit string
	value, perByte       float64
	raw                  string
	heap                 *int64
	line                 int
	readme               int // the row's line in the original README
}

// Parse reads the restated table.
func Parse(name, text string) (bench.Dataset, bench.ErrorList) {
	var errs bench.ErrorList
	var rows []row
	next := map[string]int{}
	for i, l := range strings.Split(text, "\n") {
		c := source.Cells(l)
		if len(c) != 6 || c[0] == "section" || strings.HasPrefix(c[0], "-") {
			continue
		}
		v, err := strconv.ParseFloat(c[2], 64)
		r := row{section: c[0], title: c[1], unit: c[3], value: v, raw: c[2], line: i + 1}
		if err != nil || v <= 0 {
			errs.Add(bench.Pos{File: name, Line: i + 1}, l, "want a positive figure in the value column")
			continue
		}
		if c[4] != "" {
			h, err := strconv.ParseInt(c[4], 10, 64)
			if err != nil || h <= 0 {
				errs.Add(bench.Pos{File: name, Line: i + 1}, l, "want heap bytes as a positive integer")
				continue
			}
			r.heap = &h
		}
		if c[5] != "" {
			r.perByte, _ = strconv.ParseFloat(c[5], 64)
		}
		sec := sectionKey(r.section)
		if sectionLine[sec] == 0 {
			errs.Add(bench.Pos{File: name, Line: i + 1}, l, "want a section: common, best performance or least memory")
			continue
		}
		r.readme = sectionLine[sec] + next[sec]
		next[sec]++
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		errs.Add(bench.Pos{File: name}, "", "no rows: want | section | operation | value | unit | heap bytes | cycles/byte |")
		return bench.Dataset{}, errs
	}
	clock := impliedClock(rows)
	var d bench.Dataset
	for _, sec := range []string{"best performance", "least memory"} {
		b := build{id: bench.Identity{MCU: "STM32F429ZI", Part: "STM32F429ZI", Board: "NUCLEO-F429ZI", Library: mbedtls.Library, Config: Configs[sec],
			Acceleration: []string{}, ClockHz: clock}}
		for _, r := range rows {
			if strings.HasPrefix(r.section, "common") || strings.HasPrefix(r.section, sec) {
				b.add(r)
			}
		}
		b.split()
		d.Measurements = append(d.Measurements, b.ds.Measurements...)
		d.Footprints = append(d.Footprints, b.ds.Footprints...)
		d.Missing = append(d.Missing, b.ds.Missing...)
		d.Skipped = append(d.Skipped, b.ds.Skipped...)
		d.Warnings = append(d.Warnings,
			bench.Warning{MCU: b.id.MCU, Config: b.id.Config, Kind: "version-unpublished", Source: Name, Documents: []string{Doc},
				Text: "the output prints no Mbed TLS version: Zephyr 1.12.0 (2018) bundled an Mbed TLS 2.x"},
			bench.Warning{MCU: b.id.MCU, Config: b.id.Config, Kind: "inferred", Source: Name, Documents: []string{Doc},
				Text: fmt.Sprintf("clock not printed: %g MHz inferred from the symmetric lines' KiB/s × 1024 × cycles/byte (median of %d lines), the STM32F429's maximum", float64(clock)/1e6, countSym(rows))})
	}
	d.Libraries = []bench.Library{mbedtls.Source{}.Library()}
	d.Documents = []bench.Document{{Name: Doc, URL: URL, LineAnchors: true, Note: "iotwuxi/iot_security at " + Commit + ", 13_perf/README.md, section 用例输出 (sample output): Mbed TLS's benchmark on a NUCLEO-F429ZI under Zephyr 1.12.0; no licence file: facts only, each cited"}}
	return d, errs
}

// sectionLine is the README line of each section's first output line
// (13_perf/README.md at Commit: the output block's lines, in order).
var sectionLine = map[string]int{"common": 18, "best performance": 43, "least memory": 67}

func sectionKey(s string) string {
	for k := range sectionLine {
		if strings.HasPrefix(s, k) {
			return k
		}
	}
	return ""
}

func countSym(rows []row) int {
	n := 0
	for _, r := range rows {
		if r.perByte > 0 {
			n++
		}
	}
	return n
}

// impliedClock is the median of KiB/s × 1024 × cycles/byte, to 1 MHz.
func impliedClock(rows []row) int64 {
	var hz []float64
	for _, r := range rows {
		if r.perByte > 0 && r.unit == "KiB/s" {
			hz = append(hz, r.value*1024*r.perByte)
		}
	}
	if len(hz) == 0 {
		return 0
	}
	slices.Sort(hz)
	m := hz[len(hz)/2]
	if len(hz)%2 == 0 {
		m = (hz[len(hz)/2-1] + hz[len(hz)/2]) / 2
	}
	return int64(math.Round(m/1e6) * 1e6)
}

// Source is the restatement as a measured source; its library, Mbed
// TLS, is the mbedtls source's.
var Source = source.Table{SourceName: Name, FileName: File, What: "Mbed TLS F429ZI", Parse: Parse}
