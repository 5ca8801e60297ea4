package catalog

import (
	"slices"

	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
)

// Along is the figure a bootloader running route r has on the build's
// part for the first of ops some build of the part's group publishes
// (the bootloader's crypto is its own, not the ranked build's): on the
// part's unit, any library's that uses it (the unit does the work); in
// software, one of r.Libs' that uses no such unit, or, where none of
// them publishes one on the part, another library's, a stand-in (basis
// at most estimated). Of several, the surest basis decides, then the
// slowest: a deadline met is met by each. op is the op it is for
// (ops[0], missing, when there is none).
func (a *Answer) Along(ops []string, r boot.Route) (op string, f Figure) {
	has := a.b.facts != nil && slices.Contains(a.b.facts.Accelerators, r.Unit)
	unit := r.Runs(a.Series(), has)
	for _, standIn := range []bool{false, true} {
		for _, op := range ops {
			if f, ok := a.cat.along(a.b, op, r, unit, standIn, a.q); ok {
				return op, f
			}
		}
		if unit {
			break // a unit's figure is any library's: no stand-in
		}
	}
	return ops[0], Figure{Missing: true}
}

// along is the figure of op of the builds of b's group that run it as r
// does (on the unit, or in software by the libraries standIn says).
func (cat *Catalog) along(b *Build, op string, r boot.Route, unit, standIn bool, q Question) (Figure, bool) {
	builds := cat.byGroup[b.group]
	if b.group == nil {
		builds = []*Build{b}
	}
	var best Figure
	var from *Build
	for _, o := range builds {
		uses := r.Unit != "" && slices.Contains(o.id.Acceleration, r.Unit) && !o.flagged[r.Unit]
		if uses != unit || !unit && slices.Contains(r.Libs, o.lib.Name) == standIn {
			continue
		}
		f := cat.figure(o, op, clockFor(o, q), q)
		if !f.Missing && (from == nil || surer(f, best) || basisRank(f) == basisRank(best) && cost(f) > cost(best)) {
			best, from = f, o
		}
	}
	if from == nil {
		return Figure{}, false
	}
	fr := From{}
	if best.From != nil {
		fr = *best.From
	}
	fr.Build, fr.StandIn = buildLabel(from), standIn
	best.From = &fr
	if standIn && basisRank(best) == 0 {
		best.Basis = bench.Estimated
	}
	return best, true
}

// basisRank orders bases from the surest: measured (or clock-scaled),
// estimated, then a cycle count.
func basisRank(f Figure) int {
	switch f.Basis {
	case bench.Measured, bench.ClockScaled:
		return 0
	case bench.Estimated:
		return 1
	}
	return 2
}

func surer(f, than Figure) bool { return basisRank(f) < basisRank(than) }

// cost is what a figure's slow end takes per operation (per byte for a
// bulk one).
func cost(f Figure) float64 {
	c := f.Each
	if f.Rate > 0 {
		c = 1 / f.Rate
	}
	return c * max(f.Spread, 1)
}

// buildLabel names a build for people: library, version and
// configuration (From.Part says where it was measured).
func buildLabel(b *Build) string {
	s := b.lib.Name
	if v := b.id.LibraryVersion; v != "" {
		s += " " + v
	}
	return s + " · " + b.id.Config
}
