package bench

import (
	"slices"
	"strings"
)

// CryptoUnit is one crypto unit of a part, by ST's name (AES, CRYP,
// SAES, HASH, PKA, …) and IP version (pka32_v1_0_Cube): two parts with
// the same name and version carry the same hardware block.
type CryptoUnit struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// PartMember is one part number of a group: what differs inside it.
type PartMember struct {
	Part       string   `json:"part"`
	FlashBytes int64    `json:"flash_bytes"`
	RAMBytes   int64    `json:"ram_bytes"`
	Package    string   `json:"package"`
	TempMaxC   *float64 `json:"temperature_max_c"`
	// VoltageMinV is the lowest supply the part runs from.
	VoltageMinV *float64 `json:"voltage_min_v"`
	Pins        int      `json:"pins"`
	// RunUAPerMHz is ST's run current (µA/MHz; nil: not given).
	RunUAPerMHz *float64 `json:"run_ua_per_mhz"`
}

// PartGroup is a set of parts that run the same code at the same speed
// per cycle: the same family, die, cores, maximum clock and crypto units
// (name and version), from ST's part database. MaxClockHz 0: ST's data
// gives none (unknown, never guessed).
type PartGroup struct {
	Key        string   `json:"key"`
	Name       string   `json:"name"` // the members' common prefix, e.g. STM32U545
	Family     string   `json:"family"`
	Die        string   `json:"die"`
	Cores      []string `json:"cores"`
	MaxClockHz int64    `json:"max_clock_hz"`
	// ClockFrom is the part file MaxClockHz was inferred from when no
	// member's file states it (ST's data: a file of the same die and
	// clock tree); "" when a member states it.
	ClockFrom string `json:"clock_from,omitempty"`
	// Clocks are the maximum clocks ST's part files leave out, each cited
	// to ST's driver code: the main core's (then MaxClockHz) and a second
	// core's (Core names it).
	Clocks []CitedClock `json:"cited_clocks,omitempty"`
	// Limits are the modes a crypto unit of the group does not do, where
	// another line with the same unit version does (F415/F417's CRYP: no
	// GCM, no CCM).
	Limits    []UnitLimit  `json:"unit_limits,omitempty"`
	Units     []CryptoUnit `json:"units"`
	TrustZone bool         `json:"trustzone"`
	Members   []PartMember `json:"members"`
	// Boards are ST's evaluation boards that carry a member.
	Boards []string `json:"boards"`
	// File is the first member's source file in ST's repository.
	File string `json:"file"`
}

// CitedClock is a core's maximum clock as ST's driver code states it
// where ST's part files give none: the clock, the core ("" for the main
// core), the citation in a few words and its public address, and what
// ST's other sources say where they disagree ("" when none does).
type CitedClock struct {
	Hz       int64  `json:"hz"`
	Core     string `json:"core,omitempty"`
	Label    string `json:"label"`
	URL      string `json:"url"`
	Disagree string `json:"disagree,omitempty"`
}

// UnitLimit is what a crypto unit of a group cannot do: its modes
// ("gcm", "ccm": parts of the operations' names) and where ST says so.
type UnitLimit struct {
	Unit  string   `json:"unit"`
	Modes []string `json:"modes"`
	URL   string   `json:"url"`
}

// Lacks reports whether a unit limit rules out an operation: an
// operation of one of its modes ("aes-128-gcm-enc", GMAC for "gcm").
func (l UnitLimit) Lacks(op string) bool {
	for _, m := range l.Modes {
		if strings.Contains(op, "-"+m) || m == "gcm" && strings.Contains(op, "gmac") {
			return true
		}
	}
	return false
}

// CoreClock is the maximum clock of one of the group's cores: the main
// core's MaxClockHz, a second core's cited clock; 0 when unknown.
func (g PartGroup) CoreClock(core string) (hz int64, cite *CitedClock) {
	for i, c := range g.Clocks {
		if c.Core == core || c.Core == "" && len(g.Cores) > 0 && core == g.Cores[0] {
			return c.Hz, &g.Clocks[i]
		}
	}
	if len(g.Cores) > 0 && core == g.Cores[0] {
		return g.MaxClockHz, nil
	}
	return 0, nil
}

// Has reports whether the group has a unit of that name and version.
func (g PartGroup) Has(u CryptoUnit) bool {
	for _, x := range g.Units {
		if x == u {
			return true
		}
	}
	return false
}

// Member finds the member a part name (as a source writes it: a prefix
// of the part number, a lowercase x standing for any character, as in
// STM32F777xI) denotes.
func (g PartGroup) Member(name string) (PartMember, bool) {
	for _, m := range g.Members {
		if PartNameMatches(name, m.Part) {
			return m, true
		}
	}
	return PartMember{}, false
}

// AccelUnits are ST's units an accelerator of a build's label is, in the
// order a build would use them (the AES accelerator is ST's AES or, on
// older parts, CRYP).
var AccelUnits = map[string][]string{AccelAES: {"AES", "CRYP"}, AccelHASH: {"HASH"}, AccelPKA: {"PKA"}}

// UnitFor is the unit among units an accelerator of a build's label is.
func UnitFor(units []CryptoUnit, accel string) (CryptoUnit, bool) {
	for _, name := range AccelUnits[accel] {
		for _, u := range units {
			if u.Name == name {
				return u, true
			}
		}
	}
	return CryptoUnit{}, false
}

// HardwareOf is what a part with these units offers a build: the
// accelerators (AES, HASH, PKA) and RNG, sorted, and the units' names
// ("AES, HASH, PKA, RNG, SAES").
func HardwareOf(units []CryptoUnit) (hardware []string, names string) {
	hardware = []string{}
	for _, a := range Accelerators {
		if _, ok := UnitFor(units, a); ok {
			hardware = append(hardware, a)
		}
	}
	var ns []string
	for _, u := range units {
		ns = append(ns, u.Name)
		if u.Name == "RNG" && !slices.Contains(hardware, "RNG") {
			hardware = append(hardware, "RNG")
		}
	}
	slices.Sort(hardware)
	slices.Sort(ns)
	return hardware, strings.Join(slices.Compact(ns), ", ")
}

// PartNameMatches reports whether a part name as a source writes it (a
// prefix of the part number, a lowercase x standing for any character,
// as in STM32F777xI) denotes the part number.
func PartNameMatches(name, part string) bool {
	if len(name) < len("STM32X0") || len(part) < len(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] != 'x' && upper(name[i]) != upper(part[i]) {
			return false
		}
	}
	return true
}

// upper is an ASCII letter in upper case (part numbers are ASCII).
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
