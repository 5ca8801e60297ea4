package catalog

import (
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// Memory in the estimate rules (DESIGN.md, "Evidence"): where code runs
// from, and how cycles move with the clock.

// External reports whether a group's code runs from external memory or
// SRAM: a Cortex-M7 or M55 with at most 64 KiB of internal flash
// (STM32H7R/H7S: 64 KiB of boot flash; STM32N6: none) cannot hold a TLS
// stack (wolfSSL's smallest STM32_Bare_Test image is 238 KB), so its
// figures were measured from external memory or SRAM (the README loads
// both the H7S3 and the N657 into SRAM). Such a group donates only to
// groups of its class and receives only from them.
func External(g *bench.PartGroup) bool {
	if g == nil || len(g.Cores) == 0 || g.Cores[0] != "Cortex-M7" && g.Cores[0] != "Cortex-M55" {
		return false
	}
	for _, m := range g.Members {
		if m.FlashBytes > 64*1024 {
			return false
		}
	}
	return true
}

// ClockModel is how cycles per operation grow when a build is taken up
// in clock (flash wait states grow with the clock), from every pair of
// runs of one build on one part at two clocks: an estimate taken up by
// a factor u widens its slow end by u^Alpha, Alpha the largest of the
// pairs' (ln of the largest cycles ratio ÷ ln of the clock ratio).
// Without a pair Alpha is 0 and the slow end is not widened (Pairs says
// there is none).
type ClockModel struct {
	Alpha float64     `json:"alpha"`
	Pairs []ClockPair `json:"pairs"`
}

// ClockPair is one build run on one part at two clocks: cycles per
// operation at the high clock ÷ at the low one, median and largest, over
// Ops operations.
type ClockPair struct {
	Library string  `json:"library"`
	Config  string  `json:"config"`
	Part    string  `json:"part"`
	LowHz   int64   `json:"low_hz"`
	HighHz  int64   `json:"high_hz"`
	Ops     int     `json:"ops"`
	Median  float64 `json:"median"`
	Max     float64 `json:"max"`
	Alpha   float64 `json:"alpha"`
}

// Widen is the slow-end factor of an estimate taken up by u in clock (1
// when it is not taken up).
func (m ClockModel) Widen(u float64) float64 {
	if u <= 1 || m.Alpha <= 0 {
		return 1
	}
	return math.Pow(u, m.Alpha)
}

// rerun reports whether two builds are one build run twice: the same
// part, board, library and version, one configuration the other's with
// a qualifier (the run it comes from).
func rerun(a, b *Build) bool {
	return a.id.MCU == b.id.MCU && a.id.Board == b.id.Board && a.id.Library == b.id.Library && a.id.LibraryVersion == b.id.LibraryVersion &&
		a.id.Imported == "" && b.id.Imported == "" && (strings.HasPrefix(a.id.Config, b.id.Config) || strings.HasPrefix(b.id.Config, a.id.Config))
}

// clockModel measures the clock model from the builds.
func clockModel(builds []*Build) ClockModel {
	var m ClockModel
	for i, a := range builds {
		for _, b := range builds[i+1:] {
			if !rerun(a, b) || a.id.ClockHz <= 0 || b.id.ClockHz <= 0 || a.id.ClockHz == b.id.ClockHz {
				continue
			}
			lo, hi := a, b
			if lo.id.ClockHz > hi.id.ClockHz {
				lo, hi = hi, lo
			}
			var ratios []float64
			for op := range lo.ops {
				ml, okL := lookup(lo, op)
				mh, okH := lookup(hi, op)
				if okL && okH && cycles(ml) > 0 && cycles(mh) > 0 {
					ratios = append(ratios, cycles(mh)/cycles(ml))
				}
			}
			if len(ratios) == 0 {
				continue
			}
			slices.Sort(ratios)
			p := ClockPair{Library: lo.id.Library, Config: lo.id.Config, Part: lo.id.MCU, LowHz: lo.id.ClockHz, HighHz: hi.id.ClockHz,
				Ops: len(ratios), Median: median(ratios), Max: ratios[len(ratios)-1]}
			p.Alpha = math.Log(math.Max(1, p.Max)) / math.Log(float64(p.HighHz)/float64(p.LowHz))
			m.Pairs = append(m.Pairs, p)
			m.Alpha = math.Max(m.Alpha, p.Alpha)
		}
	}
	return m
}

// Clocks is the clock model of the catalogue's data.
func (cat *Catalog) Clocks() ClockModel { return cat.clocks }
