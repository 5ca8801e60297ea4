package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"cryptosizer/app/bench"
	"cryptosizer/app/source/stparts"
	"cryptosizer/data/parts"
)

// partFilter is the parts command's filters; zero values keep every part.
type partFilter struct {
	mcu, core, series string
	minFlash, minRAM  int64
	trustZone         bool
	units             []string
}

func (f partFilter) keep(p stparts.Part) bool {
	if f.mcu != "" && !strings.HasPrefix(p.Part, strings.ToUpper(f.mcu)) {
		return false
	}
	if f.core != "" && !slices.ContainsFunc(p.Cores, func(c string) bool {
		return strings.EqualFold(strings.TrimPrefix(c, "Cortex-"), strings.TrimPrefix(f.core, "Cortex-"))
	}) {
		return false
	}
	if f.series != "" && !strings.EqualFold(strings.TrimPrefix(p.Family, "STM32"), strings.TrimPrefix(strings.ToUpper(f.series), "STM32")) {
		return false
	}
	if p.FlashBytes < f.minFlash || p.RAMBytes < f.minRAM || f.trustZone && !p.TrustZone {
		return false
	}
	for _, u := range f.units {
		if !slices.ContainsFunc(p.CryptoUnits, func(x stparts.Unit) bool { return strings.EqualFold(x.Name, u) }) {
			return false
		}
	}
	return true
}

// partJSON is one part as `parts --format json` writes it: the dataset's
// fact names (part, core, max_clock_hz, flash_bytes, ram_bytes) plus its
// group, package, crypto units and source.
type partJSON struct {
	Part       string   `json:"part"`
	Core       string   `json:"core"`
	Cores      []string `json:"cores"`
	Family     string   `json:"family"`
	Line       string   `json:"line"`
	Die        string   `json:"die"`
	MaxClockHz *int64   `json:"max_clock_hz"` // null: ST's data gives none
	// Clock says how the maximum clock is known: "stated" (the part's
	// file), "inferred" (ClockFrom, a file of the same die and clock
	// tree, states it), "driver" (ST's driver code states it: Clocks
	// cite it) or "unknown".
	Clock       string             `json:"clock"`
	ClockFrom   string             `json:"clock_from,omitempty"`
	Clocks      []bench.CitedClock `json:"cited_clocks,omitempty"`
	FlashBytes  int64              `json:"flash_bytes"`
	RAMBytes    int64              `json:"ram_bytes"`
	Group       string             `json:"group"`
	Package     string             `json:"package"`
	Pins        int                `json:"pins"`
	VoltageMin  *float64           `json:"voltage_min_v"`
	VoltageMax  *float64           `json:"voltage_max_v"`
	TempMin     *float64           `json:"temperature_min_c"`
	TempMax     *float64           `json:"temperature_max_c"`
	RunUAPerMHz *float64           `json:"run_ua_per_mhz"`
	LowestUA    *float64           `json:"lowest_ua"`
	TrustZone   bool               `json:"trustzone"`
	CryptoUnits []stparts.Unit     `json:"crypto_units"`
	// Boards are ST's evaluation boards that carry this part number.
	Boards []string   `json:"boards"`
	Source partSource `json:"source"`
}

type partSource struct {
	Repository string `json:"repository"`
	File       string `json:"file"`
	Commit     string `json:"commit"`
}

func cmdParts(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parts", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f partFilter
	format := fs.String("format", "table", "output format: table, json or csv")
	fs.StringVar(&f.mcu, "mcu", "", "part number prefix, e.g. STM32U545")
	fs.StringVar(&f.core, "core", "", "CPU core, e.g. M33 or Cortex-M4")
	fs.StringVar(&f.series, "series", "", "series (ST's family), e.g. U5 or STM32H5")
	minFlash := fs.String("min-flash", "", "least flash, e.g. 512KiB")
	minRAM := fs.String("min-ram", "", "least RAM, e.g. 256KiB")
	fs.BoolVar(&f.trustZone, "trustzone", false, "only parts with TrustZone")
	units := fs.String("unit", "", "crypto units the part must have, comma-separated: "+strings.Join(stparts.CryptoNames, ", "))
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	fail := func(msg string) int { fmt.Fprintln(stderr, "cryptosizer parts: "+msg); return 2 }
	if fs.NArg() > 0 {
		return fail(fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	if !slices.Contains([]string{"table", "json", "csv"}, *format) {
		return fail(fmt.Sprintf("--format %q: accepted values are table, json, csv", *format))
	}
	for name, s := range map[string]struct {
		text string
		dst  *int64
	}{"min-flash": {*minFlash, &f.minFlash}, "min-ram": {*minRAM, &f.minRAM}} {
		if s.text == "" {
			continue
		}
		v, ok := bench.ReadSize(s.text)
		if !ok {
			return fail(fmt.Sprintf("--%s %q: accepted: a size such as 512KiB, 1MiB or 65536", name, s.text))
		}
		*s.dst = v
	}
	for _, u := range strings.Split(*units, ",") {
		if u = strings.TrimSpace(u); u == "" {
			continue
		}
		if !slices.ContainsFunc(stparts.CryptoNames, func(n string) bool { return strings.EqualFold(n, u) }) {
			return fail(fmt.Sprintf("--unit %q: accepted: %s", u, strings.Join(stparts.CryptoNames, ", ")))
		}
		f.units = append(f.units, u)
	}
	cat, err := parts.Catalogue()
	if err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	var out []partJSON
	for _, p := range cat.Parts {
		if f.keep(p) {
			out = append(out, toJSON(p, cat.Source))
		}
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Source  stparts.Source `json:"source"`
			Count   int            `json:"count"`
			Parts   []partJSON     `json:"parts"`
			Derived string         `json:"derived"`
		}{cat.Source, len(out), nonNil(out), "facts derived from ST's part database; units: MHz as Hz, KiB as bytes, V, °C, µA/MHz and µA (the current units are an inference)"}); err != nil {
			fmt.Fprintln(stderr, "cryptosizer:", err)
			return 1
		}
	case "csv":
		return partsCSV(stdout, stderr, out)
	default:
		partsTable(stdout, out, len(cat.Parts))
	}
	return 0
}

func nonNil(ps []partJSON) []partJSON {
	if ps == nil {
		return []partJSON{}
	}
	return ps
}

func toJSON(p stparts.Part, src stparts.Source) partJSON {
	j := partJSON{Part: p.Part, Core: p.Cores[0], Cores: p.Cores, Family: p.Family, Line: p.Line, Die: p.Die, FlashBytes: p.FlashBytes,
		RAMBytes: p.RAMBytes, Group: stparts.Group(p), Package: p.Package, Pins: p.Pins, VoltageMin: p.VoltageMin, VoltageMax: p.VoltageMax,
		TempMin: p.TempMin, TempMax: p.TempMax, RunUAPerMHz: p.RunUAPerMHz, LowestUA: p.LowestUA, TrustZone: p.TrustZone,
		CryptoUnits: p.CryptoUnits, Boards: p.Boards, Source: partSource{Repository: src.Repository, File: p.File, Commit: src.Commit}}
	if j.Boards == nil {
		j.Boards = []string{}
	}
	j.Clock, j.ClockFrom = "unknown", p.ClockFrom
	if p.MaxClockHz > 0 {
		c := p.MaxClockHz
		j.MaxClockHz, j.Clock = &c, "stated"
		if p.ClockFrom != "" {
			j.Clock = "inferred"
		}
	}
	for _, c := range p.Clocks {
		if c.Core == "" {
			j.Clock = "driver"
		}
	}
	j.Clocks = p.Clocks
	return j
}

func partsCSV(stdout, stderr io.Writer, ps []partJSON) int {
	w := csv.NewWriter(stdout)
	w.Write([]string{"part", "core", "family", "max_clock_hz", "flash_bytes", "ram_bytes", "package", "pins", "temperature_max_c", "voltage_min_v",
		"run_ua_per_mhz", "trustzone", "crypto_units", "group", "file", "clock", "clock_from", "boards"})
	for _, p := range ps {
		w.Write([]string{p.Part, strings.Join(p.Cores, "+"), p.Family, optInt(p.MaxClockHz), strconv.FormatInt(p.FlashBytes, 10), strconv.FormatInt(p.RAMBytes, 10),
			p.Package, strconv.Itoa(p.Pins), optFloat(p.TempMax), optFloat(p.VoltageMin), optFloat(p.RunUAPerMHz), strconv.FormatBool(p.TrustZone),
			unitsText(p.CryptoUnits), p.Group, p.Source.File, p.Clock, p.ClockFrom, strings.Join(p.Boards, " ")})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	return 0
}

func partsTable(w io.Writer, ps []partJSON, all int) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "PART\tCORE\tMHZ\tFLASH\tRAM\tPACKAGE\tTMAX\tTZ\tCRYPTO UNITS\tBOARDS")
	for _, p := range ps {
		mhz := "?"
		if p.MaxClockHz != nil {
			mhz = strconv.FormatFloat(float64(*p.MaxClockHz)/1e6, 'f', -1, 64)
			if p.ClockFrom != "" || p.Clock == "driver" {
				mhz += "*"
			}
		}
		tz := "-"
		if p.TrustZone {
			tz = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Part, strings.Join(p.Cores, "+"), mhz, kibText(p.FlashBytes), kibText(p.RAMBytes),
			p.Package, orQ(optFloat(p.TempMax)), tz, orDash(unitsText(p.CryptoUnits)), orDash(strings.Join(p.Boards, " ")))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d of %d parts (ST's part database; ? = not given there). MHz is the maximum clock; * = inferred: another part file of the same die and clock tree states it (--format json names it).\n", len(ps), all)
}

func unitsText(us []stparts.Unit) string {
	var s []string
	for _, u := range us {
		if !slices.Contains(s, u.Name) {
			s = append(s, u.Name)
		}
	}
	return strings.Join(s, " ")
}

func kibText(b int64) string { return strconv.FormatInt(b/1024, 10) + "K" }

func optInt(v *int64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatInt(*v, 10)
}

func optFloat(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
