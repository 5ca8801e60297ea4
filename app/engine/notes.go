package engine

import (
	"cryptosizer/app/boot"
	"cryptosizer/app/catalog"
)

// What the engine says of a candidate beside its figures, as data:
// package explain turns each code into words.

// NoteCode names one kind of note.
type NoteCode string

// Notes on the clock a candidate's figures are taken at (catalog.Clock's
// Note: the same codes).
const (
	// NoteNoFacts: no part facts: the figures stay at the measured clock.
	NoteNoFacts NoteCode = catalog.NoteNoFacts
	// NoteUntrustedClock: the source's clock is above the part's maximum: never scaled.
	NoteUntrustedClock NoteCode = catalog.NoteUntrustedClock
	// NoteClockCapped: the clock asked for is above the part's maximum, used instead.
	NoteClockCapped NoteCode = catalog.NoteClockCapped
	// NoteClockScaled: the figures were taken linearly to another clock
	// (units' and memory timings may not scale).
	NoteClockScaled NoteCode = catalog.NoteClockScaled
	// NoteEstimated: no part of the group was measured; the figures are a
	// donor's, taken as cycles to the group's clock, slow end decides.
	NoteEstimated NoteCode = catalog.NoteEstimated
	// NoteNoMaxClock: ST's data gives the group no maximum clock: no time estimated.
	NoteNoMaxClock NoteCode = catalog.NoteNoMaxClock
	// NoteSecondaryCore: the donor's core is the group's second core,
	// whose maximum clock ST's data does not give (it gives the main
	// core's): no time can be estimated.
	NoteSecondaryCore NoteCode = catalog.NoteSecondaryCore
	// NoteUserClock: no maximum clock known; estimated at the workload's clock.
	NoteUserClock NoteCode = catalog.NoteUserClock
	// NotePQCNoCode: an operation a cycle-count source counts is needed, the
	// build has no figure, and no source lends it to the part's core.
	NotePQCNoCode NoteCode = "pqc-no-code"
	// NoteLent: figures lent by cycle-count sources (Candidate.LentFrom names them).
	NoteLent NoteCode = "lent"
)

// Gaps are what a requirement may miss that is not an operation's figure
// (an operation without one is named by its operation name): codes,
// which explain words. An unknown verdict always names an operation or
// one of these.
const (
	// TargetMaxClock: an estimate's group has no known maximum clock.
	TargetMaxClock = "target-max-clock"
	// UntrustedClock: the source's stated clock is above the part's
	// maximum and another clock was asked for.
	UntrustedClock = "credible-measured-clock"
	// GapCPUShare: a continuous load's CPU share is not known.
	GapCPUShare = "cpu-share"
	// GapPartFacts: the part has no facts (RAM, run current).
	GapPartFacts = "part-facts"
	// GapLibraryRAM: the library publishes no RAM figures for its
	// operations (wolfSSL).
	GapLibraryRAM = catalog.GapLibraryRAM
	// GapFootprint: a footprint the operations used need is not
	// published, whole or in part (Memory.NotPublished lists which).
	GapFootprint = catalog.GapFootprint
	// GapStack: the heap is published, not the stack: the RAM left is at most what is shown.
	GapStack = catalog.GapStack
	// GapRAMBound: the crypto's RAM is an upper bound: the RAM left is
	// at least what is shown.
	GapRAMBound = catalog.GapRAMBound
	// GapRunCurrent: ST's data gives no run current for the part.
	GapRunCurrent = "run-current"
	// GapClock: the figures have no clock (energy is per cycle).
	GapClock = "clock"
	// GapLoad: a budget names a load the workload lacks (a workload made in code).
	GapLoad = "load"
	// GapBootFigure, GapBootPart: no build of the part runs the bootloader's
	// crypto as it does, or it does not ship for the part (package boot).
	GapBootFigure, GapBootPart = boot.GapFigure, boot.GapPart
)

// Gaps lists the gap codes.
var Gaps = []string{TargetMaxClock, UntrustedClock, GapCPUShare, GapPartFacts, GapLibraryRAM, GapFootprint, GapStack, GapRAMBound, GapRunCurrent, GapClock, GapLoad, GapBootFigure, GapBootPart}

// Why notes: what in the data may surprise.
const (
	// WhyAccelSlower: the build's accelerator is slower, for the
	// operations listed, than the same document's build without it.
	WhyAccelSlower NoteCode = "accel-slower"
	// WhySameBoard: the same board is ranked with other library versions (Others).
	WhySameBoard NoteCode = "same-board-versions"
	// WhyClockAboveMax: the source's clock is above the part's maximum;
	// figures as published, never scaled.
	WhyClockAboveMax NoteCode = "clock-above-max"
	// WhyExternalMemory: the part's code runs from external memory or
	// SRAM (catalog.External): its figures neither go to internal-flash
	// parts nor come from them.
	WhyExternalMemory NoteCode = "external-memory"
	// WhyNotAPart: an import names no STM32 part number of ST's data.
	WhyNotAPart NoteCode = "not-a-part"
)

// Note is one note with what it is about.
type Note struct {
	Code NoteCode `json:"code"`
	// Accel and Compared (the build without it: configuration and
	// library version) for WhyAccelSlower, with Ops the operations and
	// their printed figures, this build's and the compared one's.
	Accel    string     `json:"accel,omitempty"`
	Compared *Sibling   `json:"compared,omitempty"`
	Ops      []OpFigure `json:"ops,omitempty"`
	// Others are the same board's other candidates (WhySameBoard).
	Others []Sibling `json:"others,omitempty"`
}

// OpFigure is one operation's printed figure here and in a compared build.
type OpFigure = catalog.OpFigure

// VersionRange is an operation's spread across a library's versions.
type VersionRange = catalog.VersionRange

// Sibling names another candidate: its library, version, configuration,
// the units it uses, and its rank and headroom (nil: unknown).
type Sibling struct {
	Library      string   `json:"library"`
	Version      string   `json:"version"`
	Config       string   `json:"config,omitempty"`
	Acceleration []string `json:"acceleration,omitempty"`
	Rank         int      `json:"rank,omitempty"`
	Headroom     *float64 `json:"headroom,omitempty"`
}
