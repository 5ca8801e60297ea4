package catalog

import (
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// ClockMode says which clock the figures are taken at.
type ClockMode string

// Clock modes.
const (
	ClockMeasured ClockMode = "measured" // as the source measured them
	ClockMax      ClockMode = "max"      // scaled to the part's maximum (an estimate)
	ClockMHz      ClockMode = "mhz"      // scaled to Question.ClockMHz (an estimate)
)

// Question is what a figure depends on besides the build and the
// operation: the clock asked for, the estimate margin, the objective's
// choice among a cycle-count source's implementations, and whether
// figures may be lent. It is a value of comparable fields only, so that
// a cache of figures is keyed on the question itself: a field added
// here is in every such key.
type Question struct {
	Clock    ClockMode
	ClockMHz float64
	// Margin, where OwnMargin is set, replaces the spread from the data:
	// an estimate's slow end is its central value × (1 + Margin).
	Margin    float64
	OwnMargin bool
	// Smallest picks a lent operation's implementation with the least
	// stack, else the fastest.
	Smallest bool
	// Lenders are the cycle-count sources that may lend (the zero value:
	// every one).
	Lenders Lenders
	// NoPQC: no post-quantum operation is lent, whichever source counts
	// it (the workload's pqc-from=none).
	NoPQC bool
}

// Lends reports whether a cycle-count source may lend its figure for op.
func (q Question) Lends(source, op string) bool {
	return q.Lenders.Has(source) && !(q.NoPQC && IsPQC(op))
}

// Lenders is a set of cycle-count sources' names, as a comparable value.
// The zero value holds every source.
type Lenders struct {
	some  bool   // only the named ones
	names string // each name between newlines: "\npqm4\nx25519\n"
}

// OnlyLenders is the set of the named sources (none for an empty list).
func OnlyLenders(names []string) Lenders {
	s := slices.Sorted(slices.Values(names))
	return Lenders{some: true, names: "\n" + strings.Join(slices.Compact(s), "\n") + "\n"}
}

// Has reports whether the set holds a source.
func (l Lenders) Has(name string) bool {
	return !l.some || strings.Contains(l.names, "\n"+name+"\n")
}

// Why a build's figures are at another clock than measured, or have
// none: a Clock's Note, which the engine makes a note of the same code.
const (
	NoteNoFacts        = "no-facts-measured-clock"
	NoteUntrustedClock = "untrusted-clock"
	NoteClockCapped    = "clock-capped"
	NoteClockScaled    = "clock-scaled"
	NoteEstimated      = "estimated"
	NoteNoMaxClock     = "no-max-clock"
	NoteSecondaryCore  = "secondary-core-clock"
	NoteUserClock      = "user-clock"
)

// Clock is the clock a build's figures are taken at for a question, and
// how its times follow from the measured ones.
type Clock struct {
	Factor   float64 // multiply times by this
	ClockHz  int64
	Estimate bool
	Note     string
	// Untrusted is set when the figures cannot be scaled because their
	// stated clock is not credible (or no target clock is known): every
	// figure is then unknown.
	Untrusted bool
	// Spread is an estimate's slow-end factor (0: not an estimate), and
	// SpreadFrom the core whose pairs it comes from ("" when the user
	// set it).
	Spread     float64
	SpreadFrom string
	Borrowed   bool // SpreadFrom is another core's (the largest of any: this one has no pair)
	// Up is how far an estimate was taken up in clock (target ÷ donor
	// clock, > 1), and Widen the factor its slow end grew by for it
	// (ClockModel); both 0 otherwise.
	Up, Widen float64
}

// Basis is how the clock's figures are obtained.
func (s Clock) Basis() bench.Basis {
	if s.Spread > 0 {
		return bench.Estimated
	}
	if s.Estimate {
		return bench.ClockScaled
	}
	return bench.Measured
}

// from is where a figure at the clock comes from.
func (s Clock) from(m *bench.Measurement) *From {
	f := &From{Document: m.Pos.File, Line: m.Pos.Line, Col: m.Pos.Col, Part: m.Part, ClockHz: m.ClockHz, Printed: m.Printed}
	if f.Part == "" {
		f.Part = m.MCU
	}
	if s.Estimate {
		f.ToClockHz, f.TimeFactor = s.ClockHz, s.Factor
	}
	if s.Spread > 0 {
		f.Spread, f.SpreadFrom, f.SpreadBorrowed = s.Spread, s.SpreadFrom, s.Borrowed
	}
	f.Up, f.Widen = s.Up, s.Widen
	return f
}

// estimateClock is an estimate's clock: the donor's figures taken as
// cycles to the group's maximum clock (or the question's, below it; or
// the question's where no maximum is known), with the slow end of the
// core's spread or the question's margin.
func estimateClock(b *Build, q Question) Clock {
	d := b.donor
	s := Clock{Factor: 1, ClockHz: b.fact.MaxClockHz, Estimate: true, Note: NoteEstimated, Spread: b.spread.Factor, SpreadFrom: b.spread.Core}
	if b.spread.Borrowed != "" {
		s.SpreadFrom, s.Borrowed = b.spread.Borrowed, true
	}
	if q.OwnMargin {
		s.Spread, s.SpreadFrom = 1+q.Margin, ""
	}
	if s.Spread < 1 {
		s.Spread = 1
	}
	if b.fact.MaxClockHz <= 0 && q.Clock == ClockMHz {
		// No maximum is known: the clock the question sets, as the
		// asker's (from the part's datasheet, one hopes), not capped.
		s.ClockHz, s.Note = int64(math.Round(q.ClockMHz*1e6)), NoteUserClock
		s.Factor = float64(d.id.ClockHz) / float64(s.ClockHz)
		s.widen(b, q)
		return s
	}
	if b.fact.MaxClockHz <= 0 {
		s.Untrusted, s.Note, s.ClockHz = true, NoteNoMaxClock, 0
		if b.group != nil && len(b.group.Cores) > 1 && b.group.Cores[0] != b.fact.Core && b.group.MaxClockHz > 0 {
			s.Note = NoteSecondaryCore
		}
		return s
	}
	if q.Clock == ClockMHz {
		if t := int64(math.Round(q.ClockMHz * 1e6)); t < b.fact.MaxClockHz {
			s.ClockHz = t
		}
	}
	s.Factor = float64(d.id.ClockHz) / float64(s.ClockHz)
	s.widen(b, q)
	return s
}

// widen takes an estimate's slow end up with its clock: a donor taken
// up in clock runs with more flash wait states than it was measured
// with (ClockModel). The margin the user sets replaces it.
func (s *Clock) widen(b *Build, q Question) {
	up := 1 / s.Factor
	if up <= 1 || b.clocks == nil || q.OwnMargin {
		return
	}
	if w := b.clocks.Widen(up); w > 1 {
		s.Up, s.Widen = up, w
		s.Spread *= w
	}
}

// clockFor is the clock a build's figures are taken at for q.
func clockFor(b *Build, q Question) Clock {
	if b.Estimated() {
		return estimateClock(b, q)
	}
	s := Clock{Factor: 1, ClockHz: b.id.ClockHz}
	if q.Clock == ClockMeasured || q.Clock == "" || b.id.ClockHz <= 0 {
		return s
	}
	if !b.hasFact {
		s.Note = NoteNoFacts
		return s
	}
	f := b.fact
	if b.id.ClockHz > f.MaxClockHz {
		s.Note = NoteUntrustedClock
		s.Untrusted = true
		return s
	}
	target := f.MaxClockHz
	if q.Clock == ClockMHz {
		target = int64(math.Round(q.ClockMHz * 1e6))
		if target > f.MaxClockHz {
			s.Note = NoteClockCapped
			target = f.MaxClockHz
		}
	}
	if target == b.id.ClockHz {
		return s
	}
	s.Factor = float64(b.id.ClockHz) / float64(target)
	s.ClockHz = target
	s.Estimate = true
	s.Note = NoteClockScaled
	return s
}
