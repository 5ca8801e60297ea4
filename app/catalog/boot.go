package catalog

import (
	"slices"

	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
)

// Along is the figure a bootloader running route r has on the build's
// part for the first of ops some build of the part's group publishes
// (the bootloader's crypto is its own, not the ranked build's), on the
// part's unit where the route takes it, else in software: that of the
// first of r.Libs to publish one on the part so, or, where none does,
// another library's, a stand-in (basis at most estimated: on a unit too,
// another library's driver feeds it, and how drivers differ is not
// measured). Of one library's builds, the
// surest basis decides, then the slowest: a deadline met is met by each
// (From says how many and how much faster the fastest is), each at the
// row's clock. op is the op it is for (ops[0], missing, when there is
// none).
func (a *Answer) Along(ops []string, r boot.Route) (op string, f Figure) {
	has := a.b.facts != nil && slices.Contains(a.b.facts.Accelerators, r.Unit)
	unit := r.Runs(a.Series(), has)
	q := a.q // every build's figure at the row's clock, so the slowest is not the lowest clock
	if a.clock.ClockHz > 0 && !a.clock.Untrusted {
		q.Clock, q.ClockMHz = ClockMHz, float64(a.clock.ClockHz)/1e6
	}
	try := func(lib func(string) bool, standIn bool) (string, Figure, bool) {
		for _, op := range ops {
			if f, ok := a.cat.along(a.b, op, r.Unit, unit, lib, q); ok {
				f.From.StandIn = standIn
				if standIn && basisRank(f) == 0 {
					f.Basis = bench.Estimated
				}
				return op, f, true
			}
		}
		return "", Figure{}, false
	}
	for _, l := range r.Libs {
		if op, f, ok := try(func(name string) bool { return name == l }, false); ok {
			return op, f
		}
	}
	if op, f, ok := try(func(name string) bool { return !slices.Contains(r.Libs, name) }, true); ok {
		return op, f
	}
	return ops[0], Figure{Missing: true}
}

// along is the figure of op of the builds of b's group that run it as a
// bootloader does (with unitName's unit or without it) whose library lib
// takes: the surest, then the slowest.
func (cat *Catalog) along(b *Build, op, unitName string, unit bool, lib func(string) bool, q Question) (Figure, bool) {
	builds := cat.byGroup[b.group]
	if b.group == nil {
		builds = []*Build{b}
	}
	var best, fastest Figure
	var from, fast *Build
	n := 0
	for _, o := range builds {
		uses := unitName != "" && slices.Contains(o.id.Acceleration, unitName) && !o.flagged[unitName]
		if uses != unit || !lib(o.lib.Name) {
			continue
		}
		f := cat.figure(o, op, clockFor(o, q), q)
		switch {
		case f.Missing:
			continue
		case from == nil || surer(f, best):
			best, from, fastest, fast, n = f, o, f, o, 1
			continue
		case surer(best, f):
			continue
		}
		n++
		if cost(f) > cost(best) {
			best, from = f, o
		}
		if cost(f) < cost(fastest) {
			fastest, fast = f, o
		}
	}
	if from == nil {
		return Figure{}, false
	}
	fr := From{}
	if best.From != nil {
		fr = *best.From
	}
	fr.Build, fr.OfBuilds = buildLabel(from), n
	if n > 1 {
		fr.FastestBuild, fr.TimesFastest = buildLabel(fast), cost(best)/cost(fastest)
	}
	best.From = &fr
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
