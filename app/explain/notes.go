package explain

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/engine"
)

// Notes are a candidate's notes on its clock, in words.
func Notes(c engine.Candidate) []string { return sayAll(c.Notes) }

// Why are a candidate's notes on what may surprise in its data, in
// words.
func Why(c engine.Candidate) []string { return sayAll(c.Why) }

func sayAll(ns []engine.Note) []string {
	out := []string{}
	for _, n := range ns {
		out = append(out, Note(n))
	}
	return out
}

// Note says one note.
func Note(n engine.Note) string {
	switch n.Code {
	case engine.NoteNoFacts:
		return "no curated facts for this part: kept at the measured clock"
	case engine.NoteUntrustedClock:
		return "unknown at another clock: the source's stated clock is above the part's maximum, so its figures cannot be scaled from it"
	case engine.NoteClockCapped:
		return "the requested clock is above the part's maximum; using the maximum"
	case engine.NoteClockScaled:
		return "estimate: figures scaled linearly from the measured clock (accelerator and memory timings may not scale)"
	case engine.NoteEstimated:
		return "estimate: no part of this group was measured; a measured build's figures are taken as cycles to the group's clock, and the slow end (× the core's spread) decides"
	case engine.NoteNoMaxClock:
		return "unknown: ST's data gives these parts no maximum clock, so no time can be estimated — set the clock (MHz) from the part's datasheet to estimate at it"
	case engine.NoteUserClock:
		return "estimate at the clock you set: ST's data gives these parts no maximum clock, so a measured build's figures are taken as cycles to your clock (check it against the datasheet), and the slow end (× the core's spread) decides"
	case engine.NoteSecondaryCore:
		return "unknown: the figures come from this group's second core, and ST's data gives only the main core's maximum clock (an STM32H755's Cortex-M4 runs slower than its Cortex-M7), so no time can be estimated"
	case engine.NotePQCNoCode:
		return "unknown lent figures: this build publishes none for an operation a cycle-count source counts, and none of those sources lends that operation to this core: pqm4's ML-KEM/ML-DSA code uses DSP instructions and is lent to the Cortex-M4, M33, M7 and M55 only; pqm3's round-3 counts reach the Cortex-M3 and up; the X25519 counts the Cortex-M0+ and up — never the Cortex-M0 without a cited margin across cores"
	case engine.NoteLent:
		return "operations lent by cycle-count sources, named beside the build (this build publishes none for them): cycles ÷ this clock; on the core a source counted on, the count is the fast end (counted without flash wait states) and that core's spread gives the slow end; on another core that runs the same code the figure is an estimate with the largest spread of any core"
	case engine.WhyClockAboveMax:
		return "The source states a clock above the part's maximum: its figures are shown as published and are never scaled."
	case engine.WhyNotAPart:
		return "The import names no STM32 part number of ST's data: its RAM, flash, crypto units and clock limit are unknown, so none of them is checked. Name a part number (STM32F746ZG) or a prefix of one group's (STM32F746)."
	case engine.WhyExternalMemory:
		return "This part has at most 64 KiB of internal flash (a Cortex-M7 or M55 that boots from it): code runs from external memory or is loaded into SRAM, and runs there at another speed than from internal flash. Its figures are carried only between parts of that kind, never to or from internal-flash parts."
	case engine.WhyAccelSlower:
		var ops []string
		for _, o := range n.Ops {
			ops = append(ops, fmt.Sprintf("%s %s vs %s", o.Op, o.Mine, o.Theirs))
		}
		cmp := engine.Sibling{}
		if n.Compared != nil {
			cmp = *n.Compared
		}
		return fmt.Sprintf("This build uses %s, yet it is slower than the same page's build without %s, %q (%s %s): %s. The accelerated path does not always win.",
			n.Accel, n.Accel, cmp.Config, cmp.Library, version(cmp.Version), strings.Join(ops, "; "))
	case engine.WhySameBoard:
		var others []string
		for _, o := range n.Others {
			acc := strings.Join(o.Acceleration, "+")
			if acc == "" {
				acc = "no acceleration"
			}
			h := "unknown"
			if o.Headroom != nil {
				h = fmt.Sprintf("%.2f×", *o.Headroom)
			}
			others = append(others, fmt.Sprintf("%s %s (%s, #%d, %s)", o.Library, version(o.Version), acc, o.Rank, h))
		}
		if len(others) > 3 {
			others = append(others[:3], fmt.Sprintf("%d more", len(others)-3))
		}
		return "The same board is also ranked with " + strings.Join(others, "; ") +
			": library version and math back-end can matter more than the accelerators — compare them side by side."
	}
	return string(n.Code)
}

func version(v string) string {
	if v == "" {
		return "(version unpublished)"
	}
	return v
}

// Missing says what a candidate misses: operations by their names, and
// the codes the engine uses for what is not an operation.
func Missing(m string) string {
	if w, ok := gapWords[m]; ok {
		return w
	}
	return m
}

// gapWords say the engine's gap codes.
var gapWords = map[string]string{
	engine.UntrustedClock: "a credible measured clock",
	engine.TargetMaxClock: "the maximum clock of the core the build runs on (no ST source here gives it: a dual-core part's files give the main core's only; set the clock in MHz to estimate at yours)",
	engine.GapCPUShare:    "a continuous load's CPU share",
	engine.GapPartFacts:   "the part's facts (ST's data has none for it)",
	engine.GapLibraryRAM:  "the crypto's RAM (no RAM figures are published for this build)",
	engine.GapStack:       "the crypto's stack (only the heap its operations hold is published: the RAM left is at most the figure shown)",
	engine.GapFootprint:   "the crypto's RAM (a footprint the operations need is not published)",
	engine.GapRAMBound:    "the ECDHE operations' own stack (counted at their ECDSA bound, the RAM left is at least the figure shown, and that is short of what is needed)",
	engine.GapRunCurrent:  "the part's run current (ST's data gives none)",
	engine.GapClock:       "a clock for the figures",
	engine.GapLoad:        "the load the budget is per",
	engine.GapBootFigure:  "the bootloader's own crypto on this part: no build of it runs the operation as the bootloader does, with the part's unit or in software (secure-boot-policies.md §3)",
	engine.GapBootPart:    "a bootloader for this part: the one chosen ships for other series (its reference configuration: secure-boot-policies.md)",
}

// Remedy says what would answer a missing figure: the setting to change,
// the figure to import, or the other builds to look at; "" where nothing
// the user can do helps.
func Remedy(m string) string {
	if r, ok := gapRemedies[m]; ok {
		return r
	}
	if _, gap := gapWords[m]; gap {
		return ""
	}
	return "import a benchmark that measures " + m + " on the part (Import), or look at the builds that publish it"
}

// gapRemedies: what to do about each gap code.
var gapRemedies = map[string]string{
	// Only a clock asked for (max, or MHz) meets a source clock above the
	// part's maximum: the remedy is never to ask for one again.
	engine.UntrustedClock: "set Clock to measured to see the figures as published (the source states a clock above the part's maximum, so they are never scaled), or import a run at a clock the part can run",
	engine.TargetMaxClock: "set Clock to a frequency in MHz from the part's datasheet",
	engine.GapPartFacts:   "import the figures naming a part ST's data knows",
	engine.GapLibraryRAM:  "filter Library to the builds that publish their RAM, import a run with RAM figures, or clear the minimum free RAM",
	engine.GapStack:       "read the RAM left as an upper bound, or import a run that measures the stack",
	engine.GapFootprint:   "filter Library to the builds that publish their footprints, or clear the minimum free RAM",
	engine.GapRAMBound:    "import a run that measures the ECDHE operations' stack, or ask for less free RAM",
	engine.GapRunCurrent:  "choose a part whose run current ST's data gives, or clear the energy budget",
	engine.GapClock:       "set Clock to a frequency in MHz",
	engine.GapBootFigure:  "import a run of the bootloader's library on this part (Import), or choose a bootloader whose crypto this part's builds measure",
	engine.GapBootPart:    "choose a bootloader that runs on this part (MCUboot and wolfBoot run on any), or filter Series to the ones the chosen bootloader ships for",
}

// GroupName names a part group by its lines: "STM32H750/H753", or its
// common prefix and "…" when it spans more than four.
func GroupName(g *engine.GroupSummary) string {
	name := g.Name
	switch {
	case len(g.Lines) == 0:
	case len(g.Lines) > 4:
		name += "…"
	default:
		name = g.Lines[0]
		for _, l := range g.Lines[1:] {
			name += "/" + strings.TrimPrefix(l, "STM32")
		}
	}
	if g.Tell != "" {
		// Another group has the same lines: say what differs.
		name += " (" + g.Tell + ")"
	}
	return name
}

// PartName is what a candidate's part column says: the part measured,
// or, for a row standing for a group, the group and its size, and which
// member was measured.
func PartName(c engine.Candidate) string {
	g := c.Group
	switch {
	case g == nil:
		return c.MCU
	case c.Donor != nil:
		return GroupName(g) + " ×" + strconv.Itoa(g.Members)
	case g.Members == 1:
		return c.MCU
	}
	return GroupName(g) + " ×" + strconv.Itoa(g.Members) + " · measured on " + c.MCU
}
