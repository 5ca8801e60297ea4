package catalog

import (
	"slices"

	"cryptosizer/app/bench"
)

// Shown is what every ranking shows of a build whatever the workload:
// made once with the catalogue, shared read-only by every candidate of
// the build (its slices are clipped: adding to one copies it).
type Shown struct {
	ID bench.Identity
	// Usable are the units of the build's label its part has; Claimed
	// those the label claims but the part lacks (the WB55's HASH).
	Usable, Claimed []string
	Warnings        []string
	Key             string
	// Group is the build's part group, summarized (nil outside ST's
	// data); Core the core the build runs on ("" without facts).
	Group *GroupSummary
	Core  string
	// MeasuredClockHz is the clock the figures were measured at (an
	// estimate's donor's); Donor names an estimate's donor.
	MeasuredClockHz int64
	Donor           *Donor
	HasFacts        bool
	// FlashBytes and RAMBytes are the part's (ST's data).
	FlashBytes, RAMBytes int64
	// ClockAboveMax: the source states a clock above its part's known
	// maximum (a measured build only: an estimate takes its group's).
	ClockAboveMax bool
	Facts         *PartFacts
	// External: the group's code runs from external memory or SRAM.
	External bool
	// NotAPart: an import names no STM32 part number of ST's data, so
	// its part's facts are unknown.
	NotAPart bool
}

// Shown is what every ranking shows of the build: a copy, so that no
// caller can change what the next ranking shows.
func (b *Build) Shown() Shown { return b.shown }

// show makes the build's Shown, once the rest of it is made.
func (b *Build) show() {
	s := Shown{ID: b.id, Usable: []string{}, Warnings: b.warnings, Key: b.key, Group: b.summary,
		MeasuredClockHz: b.id.ClockHz, Donor: b.donorInfo, HasFacts: b.hasFact, Facts: b.facts, External: b.external, NotAPart: b.notAPart}
	for _, a := range b.id.Acceleration {
		if b.flagged[a] {
			s.Claimed = append(s.Claimed, a)
		} else {
			s.Usable = append(s.Usable, a)
		}
	}
	s.Usable, s.Claimed = slices.Clip(s.Usable), slices.Clip(s.Claimed)
	if b.donor != nil {
		s.MeasuredClockHz = b.donor.id.ClockHz
	}
	if b.hasFact {
		s.Core = b.fact.Core
		s.FlashBytes, s.RAMBytes = b.fact.FlashBytes, b.fact.RAMBytes
		s.ClockAboveMax = b.donor == nil && b.fact.MaxClockHz > 0 && b.id.ClockHz > b.fact.MaxClockHz
	}
	b.shown = s
}

// What the engine's filters ask of a build.

// Identity is the build's identity: part, library, version,
// configuration, acceleration as labelled, clock, board, import.
func (b *Build) Identity() bench.Identity { return b.id }

// Library is the build's library.
func (b *Build) Library() bench.Library { return b.lib }

// Fact is the facts of the build's part (an estimate's: its group's);
// ok is false without facts.
func (b *Build) Fact() (f bench.MCUFact, ok bool) { return b.fact, b.hasFact }

// Group is the part group the build stands for (nil outside ST's data).
func (b *Build) Group() *bench.PartGroup { return b.group }

// Members are the part numbers the build stands for.
func (b *Build) Members() []bench.PartMember { return b.members }

// SameFigures is what the build's figures follow from: an estimate's
// donor, the group's maximum clock and, where the group's units have
// limits (modes a unit does not do, which bar a donor's figure), the
// group itself; estimates that agree on all three have the same figures
// (the engine's memo shares them). A measured build: itself.
func (b *Build) SameFigures() (from *Build, clockHz int64, limits *bench.PartGroup) {
	if b.donor == nil {
		return b, 0, nil
	}
	if b.group != nil && len(b.group.Limits) > 0 {
		limits = b.group
	}
	return b.donor, b.fact.MaxClockHz, limits
}
