// Package stparts reads ST's part database (STM32_open_pin_data, as
// extracted in ../shared/sources/stm32-open-pin-data.xml) into one record
// per STM32 microcontroller part number: family, line, die, cores, max
// clock, flash, RAM, package and pins, supply and temperature ranges,
// run and lowest current, TrustZone and every crypto unit with its IP
// version. A RefName such as STM32C011F(4-6)Px stands for several part
// numbers (STM32C011F4Px, STM32C011F6Px), whose <Flash> (and <Ram>) lines
// give their sizes in that order. Microprocessors (STM32MP1/MP2) are
// left out: this tool selects microcontrollers.
//
// Parse is a pure function: text in, plain data and positioned errors
// out. Units are not written in the files: Frequency is MHz, Ram and Flash
// KiB, Voltage V, Temperature °C, Current Run µA/MHz and Lowest µA (an
// inference: the STM32F411 file says Run 100, its datasheet 100 µA/MHz).
package stparts

import (
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Unit is one crypto, key-storage or random-number unit of a part.
type Unit struct {
	Name     string `json:"name"`     // AES, SAES, CRYP, HASH, PKA, CCB, OTFDEC, MCE, RNG, …
	Instance string `json:"instance"` // e.g. SAES, MCE1
	Version  string `json:"version"`  // the IP block and revision, e.g. pka32_v1_0_Cube
}

// Part is one part number with ST's facts. A nil pointer or zero clock
// is a fact ST's data does not give: unknown, never a guess.
type Part struct {
	Part       string   `json:"part"`
	RefName    string   `json:"ref_name"`
	Family     string   `json:"family"` // STM32C0, STM32U5, …
	Line       string   `json:"line"`
	Package    string   `json:"package"`
	Pins       int      `json:"pins"` // from the package name; 0 when it gives none
	Die        string   `json:"die"`
	Cores      []string `json:"cores"` // Cortex-M7, Cortex-M4 (first is the main core)
	MaxClockHz int64    `json:"max_clock_hz"`
	// ClockTree is ST's clock-tree name for the file (the <Mcu>
	// ClockTree attribute); ClockFrom the part file MaxClockHz was
	// inferred from when this one states none (InferClocks): "" when the
	// file states it, or when no clock is known.
	ClockTree string `json:"clock_tree,omitempty"`
	ClockFrom string `json:"clock_from,omitempty"`
	// Clocks are the clocks ST's driver code states where this file
	// states none (bench.PartGroup.Clocks), given by the generator.
	Clocks     []bench.CitedClock `json:"cited_clocks,omitempty"`
	Limits     []bench.UnitLimit  `json:"unit_limits,omitempty"`
	FlashBytes int64              `json:"flash_bytes"`
	RAMBytes   int64              `json:"ram_bytes"`
	VoltageMin *float64           `json:"voltage_min_v"`
	VoltageMax *float64           `json:"voltage_max_v"`
	TempMin    *float64           `json:"temperature_min_c"`
	TempMax    *float64           `json:"temperature_max_c"`
	// RunUAPerMHz and LowestUA are ST's <Current Run= Lowest=>.
	RunUAPerMHz *float64 `json:"run_ua_per_mhz"`
	LowestUA    *float64 `json:"lowest_ua"`
	TrustZone   bool     `json:"trustzone"`
	CryptoUnits []Unit   `json:"crypto_units"`
	// File is the part's source file in ST's repository (mcu/….xml).
	File string `json:"file"`
	// Boards are ST's evaluation boards that carry this part's RefName.
	Boards []string `json:"boards,omitempty"`
}

// Source is where the facts come from: ST's repository at a commit.
type Source struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	License    string `json:"license"` // the license text the extract carries
}

type xmlExtract struct {
	Commit string    `xml:"commit,attr"`
	Files  []xmlFile `xml:"File"`
}

type xmlFile struct {
	Path string `xml:"path,attr"`
	Mcu  struct {
		Family    string   `xml:"Family,attr"`
		ClockTree string   `xml:"ClockTree,attr"`
		Line      string   `xml:"Line,attr"`
		Package   string   `xml:"Package,attr"`
		RefName   string   `xml:"RefName,attr"`
		Cores     []string `xml:"Core"`
		Frequency string   `xml:"Frequency"`
		Ram       []string `xml:"Ram"`
		Die       string   `xml:"Die"`
		Flash     []string `xml:"Flash"`
		TrustZone string   `xml:"TrustZone"`
		Voltage   *minMax  `xml:"Voltage"`
		Temp      *minMax  `xml:"Temperature"`
		Current   *struct {
			Run    string `xml:"Run,attr"`
			Lowest string `xml:"Lowest,attr"`
		} `xml:"Current"`
		IPs []struct {
			Name     string `xml:"Name,attr"`
			Instance string `xml:"InstanceName,attr"`
			Version  string `xml:"Version,attr"`
		} `xml:"IP"`
	} `xml:"Mcu"`
}

type minMax struct {
	Min string `xml:"Min,attr"`
	Max string `xml:"Max,attr"`
}

// CryptoNames are the units a part's crypto facts list (ST's timers,
// trust-zone controllers and tamper units are not crypto units).
var CryptoNames = []string{"AES", "SAES", "CRYP", "HASH", "PKA", "CCB", "OTFDEC", "MCE", "RNG"}

// Parse reads the extract. file names it in error positions.
func Parse(file, text string) ([]Part, Source, bench.ErrorList) {
	var errs bench.ErrorList
	var x xmlExtract
	if err := xml.Unmarshal([]byte(text), &x); err != nil {
		errs.Add(bench.Pos{File: file}, "", "not ST's part database extract: %v", err)
		return nil, Source{}, errs
	}
	src := Source{Repository: "github.com/STMicroelectronics/STM32_open_pin_data", Commit: x.Commit, License: license(text)}
	var out []Part
	for _, f := range x.Files {
		pos := bench.Pos{File: file + "#" + f.Path}
		m := f.Mcu
		if strings.HasPrefix(m.Family, "STM32MP") {
			continue
		}
		names, err := expand(m.RefName)
		if err != nil {
			errs.Add(pos, m.RefName, "%v", err)
			continue
		}
		if len(m.Flash) != len(names) || len(m.Ram) != 1 && len(m.Ram) != len(names) {
			errs.Add(pos, m.RefName, "%d part numbers but %d <Flash> and %d <Ram> lines", len(names), len(m.Flash), len(m.Ram))
			continue
		}
		base, err := common(f, pos)
		if err != nil {
			errs.Add(pos, m.RefName, "%v", err)
			continue
		}
		for i, n := range names {
			p := base
			p.Part = n
			flash, err1 := kib(m.Flash[i])
			ram, err2 := kib(m.Ram[min(i, len(m.Ram)-1)])
			if err1 != nil || err2 != nil {
				errs.Add(pos, m.RefName, "flash %q or RAM %q is not a size in KiB", m.Flash[i], m.Ram[min(i, len(m.Ram)-1)])
				continue
			}
			p.FlashBytes, p.RAMBytes = flash, ram
			out = append(out, p)
		}
	}
	InferClocks(out)
	return out, src, errs
}

// InferClocks gives a part whose file states no <Frequency> the maximum
// clock that the part files of the same die and clock tree state, when
// they state exactly one (the same silicon and clock tree: the same
// clock), naming the first such file in ClockFrom. A part stays without
// a clock when none states one or they disagree.
func InferClocks(parts []Part) {
	type tree struct{ die, clockTree string }
	stated := map[tree]map[int64]string{} // clock → the first file stating it
	for _, p := range parts {
		if p.MaxClockHz <= 0 || p.ClockFrom != "" || p.Die == "" || p.ClockTree == "" {
			continue
		}
		k := tree{p.Die, p.ClockTree}
		if stated[k] == nil {
			stated[k] = map[int64]string{}
		}
		if f, ok := stated[k][p.MaxClockHz]; !ok || p.File < f {
			stated[k][p.MaxClockHz] = p.File
		}
	}
	for i := range parts {
		p := &parts[i]
		if p.MaxClockHz > 0 {
			continue
		}
		if clocks := stated[tree{p.Die, p.ClockTree}]; len(clocks) == 1 {
			for hz, file := range clocks {
				p.MaxClockHz, p.ClockFrom = hz, file
			}
		}
	}
}

// common is what every part number of one file shares.
func common(f xmlFile, pos bench.Pos) (Part, error) {
	m := f.Mcu
	p := Part{RefName: m.RefName, Family: m.Family, Line: m.Line, Package: m.Package, Pins: pins(m.Package), Die: m.Die, ClockTree: m.ClockTree,
		TrustZone: m.TrustZone == "Available", File: f.Path, CryptoUnits: []Unit{}}
	for _, c := range m.Cores {
		c = strings.TrimSpace(c)
		c = strings.TrimPrefix(strings.TrimPrefix(c, "ARM "), "Arm ")
		p.Cores = append(p.Cores, c)
	}
	if len(p.Cores) == 0 {
		return p, fmt.Errorf("no <Core>")
	}
	if m.Frequency != "" {
		mhz, err := strconv.ParseFloat(m.Frequency, 64)
		if err != nil || mhz <= 0 {
			return p, fmt.Errorf("<Frequency> %q is not a clock in MHz", m.Frequency)
		}
		p.MaxClockHz = int64(math.Round(mhz * 1e6))
	}
	var err error
	num := func(s string) *float64 {
		if s == "" || err != nil {
			return nil
		}
		v, e := strconv.ParseFloat(s, 64)
		if e != nil {
			err = fmt.Errorf("%q is not a number", s)
			return nil
		}
		return &v
	}
	if m.Voltage != nil {
		p.VoltageMin, p.VoltageMax = num(m.Voltage.Min), num(m.Voltage.Max)
	}
	if m.Temp != nil {
		p.TempMin, p.TempMax = num(m.Temp.Min), num(m.Temp.Max)
	}
	if m.Current != nil {
		p.RunUAPerMHz, p.LowestUA = num(m.Current.Run), num(m.Current.Lowest)
	}
	for _, ip := range m.IPs {
		for _, n := range CryptoNames {
			if ip.Name == n {
				p.CryptoUnits = append(p.CryptoUnits, Unit{Name: ip.Name, Instance: ip.Instance, Version: ip.Version})
			}
		}
	}
	return p, err
}

// refRe is a RefName with one group of variants: STM32C011F(4-6)Px.
var refRe = regexp.MustCompile(`^([A-Z0-9]+)\(([A-Z0-9]+(?:-[A-Z0-9]+)*)\)([A-Za-z0-9]*)$`)

// expand lists the part numbers a RefName stands for, in order.
func expand(ref string) ([]string, error) {
	if !strings.Contains(ref, "(") {
		if ref == "" || strings.ContainsAny(ref, ") -") {
			return nil, fmt.Errorf("RefName %q is not a part number", ref)
		}
		return []string{ref}, nil
	}
	m := refRe.FindStringSubmatch(ref)
	if m == nil {
		return nil, fmt.Errorf("RefName %q: want PREFIX(A-B-…)SUFFIX", ref)
	}
	var out []string
	for _, v := range strings.Split(m[2], "-") {
		out = append(out, m[1]+v+m[3])
	}
	return out, nil
}

var pinsRe = regexp.MustCompile(`\d+(?:\+\d+)*`)

// pins reads the pin (or ball) count from a package name (LQFP64,
// UFBGA169; UFBGA176+25 has 201 balls); 0 when it has no number.
func pins(pkg string) int {
	n := 0
	for _, s := range strings.Split(pinsRe.FindString(pkg), "+") {
		v, _ := strconv.Atoi(s)
		n += v
	}
	return n
}

func kib(s string) (int64, error) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("bad size")
	}
	return v * 1024, nil
}

// license is the license text in the extract's header comment.
func license(text string) string {
	i := strings.Index(text, "BSD 3-Clause License")
	j := strings.Index(text, "-->")
	if i < 0 || j < i {
		return ""
	}
	return strings.TrimSpace(text[i:j])
}

// Group names the parts that run the same code at the same speed per
// cycle: the same family, die, cores, maximum clock and crypto units
// (name and IP version). They differ in flash, RAM, package and
// temperature.
func Group(p Part) string {
	var units []string
	for _, u := range p.CryptoUnits {
		s := u.Name + ":" + u.Version
		if !slices.Contains(units, s) {
			units = append(units, s)
		}
	}
	slices.Sort(units)
	clock := "?MHz"
	if p.MaxClockHz > 0 {
		clock = strconv.FormatFloat(float64(p.MaxClockHz)/1e6, 'f', -1, 64) + "MHz"
	}
	return strings.Join([]string{p.Family, p.Die, strings.Join(p.Cores, "+"), clock, strings.Join(units, ",")}, "/")
}
