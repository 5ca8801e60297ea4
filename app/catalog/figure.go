package catalog

import (
	"slices"

	"cryptosizer/app/bench"
)

// From is where a figure comes from: the source row (document, line,
// the part and clock it was measured at, the figure as printed, how it
// was measured) and the transformation that took it to the candidate.
type From struct {
	Document string `json:"document"`
	Line     int    `json:"line"`
	Col      int    `json:"col,omitempty"`
	// Part is the part the row was measured on.
	Part    string `json:"part"`
	ClockHz int64  `json:"clock_hz"`
	Printed string `json:"printed"`
	// ToClockHz and TimeFactor say how a clock-scaled figure was taken
	// to another clock of the same part: times multiply by TimeFactor =
	// ClockHz ÷ ToClockHz (cycles kept). Zero for a figure as measured.
	ToClockHz  int64   `json:"to_clock_hz,omitempty"`
	TimeFactor float64 `json:"time_factor,omitempty"`
	// Spread is an estimate's slow-end factor, from the pairs of
	// SpreadFrom's core ("" when the user set the margin).
	Spread     float64 `json:"spread,omitempty"`
	SpreadFrom string  `json:"spread_from,omitempty"`
	// SpreadBorrowed: SpreadFrom is another core than the figure's part
	// runs (no pair in the data measures that one; the largest spread of
	// any core stands in).
	SpreadBorrowed bool `json:"spread_borrowed,omitempty"`
	// Up and Widen: the estimate was taken up Up× in clock, and its
	// slow end (Spread) includes Widen for it (Catalog.Clocks).
	Up    float64 `json:"scaled_up,omitempty"`
	Widen float64 `json:"clock_widen,omitempty"`
	// Bound is the slow-end factor the printed figure itself allows
	// (Measurement.SlowSecondsPerOp ÷ SecondsPerOp), part of Spread; 0
	// when the figure is exact enough.
	Bound float64 `json:"printed_bound,omitempty"`
	// Unit: the estimated operation runs on a hardware unit, whose
	// spread no pair in our data measures: its slow end is the software
	// pairs' (Spreads are of software builds only).
	Unit bool `json:"hardware_unit_term,omitempty"`
	// Source, Implementation, Cycles and MaxCycles name a figure lent by
	// a cycle-count source ("pqm4", "m4fspeed", its average and slowest
	// run in cycles); empty for the build's own figures.
	Source         string  `json:"source,omitempty"`
	Implementation string  `json:"implementation,omitempty"`
	Cycles         float64 `json:"cycles,omitempty"`
	MaxCycles      float64 `json:"max_cycles,omitempty"`
	// CodeBytes is the lent implementation's code size (its scheme's).
	CodeBytes int64 `json:"code_bytes,omitempty"`
	// AssumedHz: the count states no clock; its slow end is widened as if
	// it were taken at this one (the lowest any count states).
	AssumedHz int64 `json:"assumed_count_clock_hz,omitempty"`
	// Bounded names the same build's operation an ECDHE figure is
	// estimated from and bounded by (ECDHERule), Ratio the median ratio
	// it is taken at, Over how many builds; "" and 0 otherwise.
	Bounded string  `json:"bounded_by,omitempty"`
	Ratio   float64 `json:"bound_ratio,omitempty"`
	Over    int     `json:"bound_ratio_builds,omitempty"`
	// SameCode: the figure is another configuration's on the same board,
	// which runs the same code (nil for the build's own).
	SameCode *SameCodeFrom `json:"same_code_as,omitempty"`
	// Build names the build of the part a bootloader's figure is taken
	// from (Answer.Along; Part where it was measured), StandIn that its
	// library is not the
	// bootloader's (none of the bootloader's publishes one on the part).
	// OfBuilds is how many builds of that library and basis run it so,
	// the figure their slowest's; TimesFastest how many times the
	// fastest's, FastestBuild (0 and "" when one).
	Build        string  `json:"bootloader_figure_from,omitempty"`
	StandIn      bool    `json:"stand_in,omitempty"`
	OfBuilds     int     `json:"of_builds,omitempty"`
	FastestBuild string  `json:"fastest_build,omitempty"`
	TimesFastest float64 `json:"times_fastest,omitempty"`
}

// Figure is one operation's figure for a build at a clock: what one
// operation takes (Each, in seconds; for a bulk operation Rate, in bytes
// per second), the slow-end factor an estimate or a lent figure decides
// by (Spread; 0 for a figure as measured or clock-scaled), the slowest
// run's slow end where the source publishes it (Worst), the stack, and
// where it comes from. Missing when there is none.
type Figure struct {
	Each   float64
	Rate   float64
	Spread float64
	Worst  float64
	Stack  int64
	// Work is the working memory (stack and buffer) the operation holds,
	// where its source publishes it: a lent figure's stack, or the
	// library's footprint row for the configuration and method used (0
	// where none is published).
	Work  int64
	Basis bench.Basis
	From  *From
	// Source is the row as the dataset quotes it; Pos its place; Method
	// how it was measured; Config the configuration chosen (per-op
	// libraries) or the lent implementation.
	Source  string
	Pos     bench.Pos
	Method  string
	Config  string
	Missing bool
	// NoCode: a cycle-count source counts the operation but lends it to
	// no core like the build's.
	NoCode bool
}

// figure is op's figure for build b at clock s (clockFor(b, q): Answer
// pairs them). A build without its own figure for an operation a
// cycle-count source counts borrows it where the question allows.
func (cat *Catalog) figure(b *Build, op string, s Clock, q Question) Figure {
	m, same, ok := own(b, op)
	if ok && b.donor != nil && b.group != nil && b.unitCannot(op) {
		ok = false // the donor's unit did it; the group's same unit cannot
	}
	var f Figure
	if !ok && !s.Untrusted && !bench.IsBulk(op) && len(cat.pqc.byOp[op]) > 0 {
		lent, ok := cat.borrow(b, op, s, q)
		if ok {
			return lent
		}
		f.NoCode = lent.NoCode
	}
	if !ok && !s.Untrusted {
		if d, derived := cat.fromECDSA(b, op, s, q); derived {
			return d
		}
	}
	if !ok || s.Untrusted {
		f.Missing = true
		return f
	}
	if bench.IsBulk(op) {
		f.Rate = *m.BytesPerSecond / s.Factor
	} else {
		f.Each = *m.SecondsPerOp * s.Factor
	}
	f.Spread = s.Spread
	f.Source, f.Pos, f.Method = m.Source, m.Pos, m.Method
	f.Basis, f.From = s.Basis(), s.from(m)
	if m.SlowSecondsPerOp != nil && m.SecondsPerOp != nil && *m.SlowSecondsPerOp > *m.SecondsPerOp {
		// The printed rate bounds the time: the slow end decides, on a
		// measured row as on an estimate.
		bound := *m.SlowSecondsPerOp / *m.SecondsPerOp
		f.Spread = max(f.Spread, 1) * bound
		f.From.Bound, f.From.Spread = bound, f.Spread
	}
	if m.Method == bench.MethodCycleCount {
		cat.widenCount(&f, s, q)
	}
	if a := accelFor(op); s.Spread > 0 && a != "" && slices.Contains(b.id.Acceleration, a) {
		f.From.Unit = true
	}
	if b.lib.ConfigPerOp {
		f.Config = m.Config
	}
	if r := pickFootprint(b.footprints[footprintOp(op)], f.Config, f.Method); r != nil {
		f.Work = rowWork(r)
	}
	if same != nil {
		sameCodeFrom(&f, same, s, q)
	}
	return f
}

// hasLender reports whether a cycle-count source the question allows
// counts op.
func (cat *Catalog) hasLender(op string, q Question) bool {
	return slices.ContainsFunc(cat.pqc.byOp[op], func(f *bench.CycleFigure) bool { return q.Lends(f.Source, op) })
}

// unitCannot reports whether the build would run op on a unit of its
// group that cannot do it (an F415's CRYP and GCM): an estimate carries
// no such figure from a donor whose unit could.
func (b *Build) unitCannot(op string) bool {
	a := accelFor(op)
	if a == "" || !slices.Contains(b.id.Acceleration, a) {
		return false
	}
	u, ok := unitFor(b.group, a)
	if !ok {
		return false
	}
	for _, l := range b.group.Limits {
		if l.Unit == u.Name && l.Lacks(op) {
			return true
		}
	}
	return false
}

// widenCount makes a measured row that is a cycle count at an unknown
// clock (bench.MethodCycleCount) what a lent count is: basis cycle-count,
// its time the fast end, its slow end widened for the wait states as if
// counted at the lowest clock any count states (the most they could add);
// a margin the user sets replaces the widening, as for a lent count.
func (cat *Catalog) widenCount(f *Figure, s Clock, q Question) {
	f.Basis = bench.Weaker(f.Basis, bench.CycleCount)
	f.From.AssumedHz = CountFloorHz
	if u := float64(s.ClockHz) / CountFloorHz; u > 1 && !q.OwnMargin {
		if w := cat.clocks.Widen(u); w > 1 {
			f.Spread = max(f.Spread, 1) * w
			f.From.Up, f.From.Widen, f.From.Spread = u, w, f.Spread
		}
	}
}

// CountFloorHz is the clock a cycle count whose own clock is unknown is
// taken as counted at, for its wait states: the lowest clock any cycle
// count in the bundled data states (Pornin's X25519, 8 MHz with no wait
// state), so the most the wait states at the part's clock could add by
// the clock rule. A test holds it to the data.
const CountFloorHz = 8e6
