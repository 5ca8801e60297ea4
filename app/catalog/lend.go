package catalog

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Operations from a cycle-count source (DESIGN.md, "Evidence"; README,
// "Post-quantum figures from pqm4"). A build without figures of its own
// for an operation a cycle-count source publishes takes them from the
// source that lends to its core (bench.Lending, declared by the source):
// time = cycles ÷ the clock the candidate runs at, with the lending's
// basis, and the counted core's spread for the slow end (the largest of
// any core where the lending asks for it). A core no source lends to
// gets no figure. A build with post-quantum figures of its own never
// borrows; the details compare its figures with what the counts would
// give.

// IsPQC reports whether an operation is ML-KEM's or ML-DSA's.
func IsPQC(op string) bool {
	return strings.HasPrefix(op, "ml-kem-") || strings.HasPrefix(op, "ml-dsa-")
}

// scheme is an operation's scheme ("ml-kem-768" of "ml-kem-768-keygen").
func scheme(op string) string { return op[:strings.LastIndexByte(op, '-')] }

// pqcIndex holds the cycle counts by operation, the implementation
// chosen per source and scheme for each objective, and who lends to
// which core.
type pqcIndex struct {
	byOp map[string][]*bench.CycleFigure
	// fastest: the implementation with the fewest cycles over the
	// scheme's three operations; smallest: the one whose largest stack
	// is least (then the fewest cycles).
	fastest, smallest map[schemeKey]string
	// lends are the lendings to each core, in the dataset's order.
	lends map[string][]bench.Lending
}

// schemeKey is a source's counts of one scheme on one core.
type schemeKey struct{ source, core, scheme string }

func newPQCIndex(figs []bench.CycleFigure, lending []bench.Lending) pqcIndex {
	p := pqcIndex{byOp: map[string][]*bench.CycleFigure{}, fastest: map[schemeKey]string{}, smallest: map[schemeKey]string{},
		lends: map[string][]bench.Lending{}}
	for _, l := range lending {
		p.lends[l.Core] = append(p.lends[l.Core], l)
	}
	type total struct {
		cycles float64
		stack  int64
	}
	sums := map[schemeKey]map[string]*total{} // → implementation
	var schemes []schemeKey
	for i := range figs {
		f := &figs[i]
		p.byOp[f.Op] = append(p.byOp[f.Op], f)
		s := schemeKey{f.Source, f.Core, scheme(f.Op)}
		if sums[s] == nil {
			sums[s] = map[string]*total{}
			schemes = append(schemes, s)
		}
		t := sums[s][f.Implementation]
		if t == nil {
			t = &total{}
			sums[s][f.Implementation] = t
		}
		t.cycles += f.Cycles
		t.stack = max(t.stack, f.StackBytes)
	}
	for _, s := range schemes {
		var impls []string
		for impl := range sums[s] {
			impls = append(impls, impl)
		}
		slices.Sort(impls)
		for _, impl := range impls {
			t := sums[s][impl]
			if f := sums[s][p.fastest[s]]; f == nil || t.cycles < f.cycles {
				p.fastest[s] = impl
			}
			if m := sums[s][p.smallest[s]]; m == nil || t.stack < m.stack || t.stack == m.stack && t.cycles < m.cycles {
				p.smallest[s] = impl
			}
		}
	}
	return p
}

// lender is the lending to core that lends op, with its source's figure
// for op in the implementation the question chooses (the least stack, or
// the fewest cycles); a nil figure when none does. Where several sources
// may lend op to a core, the order is the rule of betterLender, not the
// order the sources were registered in.
func (p pqcIndex) lender(core, op string, smallest bool, may func(source string) bool) (bench.Lending, *bench.CycleFigure) {
	var best bench.Lending
	var fig *bench.CycleFigure
	for _, l := range p.lends[core] {
		if !may(l.Source) {
			continue
		}
		key := schemeKey{l.Source, l.From, scheme(op)}
		impl := p.fastest[key]
		if smallest {
			impl = p.smallest[key]
		}
		for _, f := range p.byOp[op] {
			if f.Source == l.Source && f.Core == l.From && f.Implementation == impl && (fig == nil || betterLender(l, f, best, fig, smallest)) {
				best, fig = l, f
			}
		}
	}
	return best, fig
}

// betterLender reports whether lending l with figure f lends before o
// with g: a count taken on the core itself (cycle-count) before one
// carried from another core (estimated); then the fewer cycles (for the
// smallest objective, the smaller stack first); a tie keeps the one
// found first.
func betterLender(l bench.Lending, f *bench.CycleFigure, o bench.Lending, g *bench.CycleFigure, smallest bool) bool {
	if own, other := l.Basis == bench.CycleCount, o.Basis == bench.CycleCount; own != other {
		return own
	}
	if smallest && f.StackBytes != g.StackBytes {
		return f.StackBytes < g.StackBytes
	}
	return f.Cycles < g.Cycles
}

// ownPQC reports whether a build has post-quantum figures of its own.
func ownPQC(b *Build) bool {
	for op := range b.ops {
		if IsPQC(op) {
			return true
		}
	}
	return false
}

// borrow is the figure of an operation the build has no figure for,
// from a cycle-count source; ok is false when none may be lent (the
// question says none, the build has post-quantum figures of its own, no
// source counts op, the clock is unknown), and then NoCode says whether
// a source counts op but lends it to no core like the build's.
func (cat *Catalog) borrow(b *Build, op string, s Clock, q Question) (Figure, bool) {
	may := func(source string) bool { return q.Lends(source, op) && !cat.owns(b, source) }
	counted := slices.ContainsFunc(cat.pqc.byOp[op], func(f *bench.CycleFigure) bool { return may(f.Source) })
	if !b.hasFact || !counted {
		return Figure{}, false
	}
	l, f := cat.pqc.lender(b.fact.Core, op, q.Smallest, may)
	if f == nil {
		return Figure{NoCode: true}, false
	}
	return cat.lent(b, op, s, q, l, f)
}

// owns reports whether a build has a figure of its own for an operation
// a cycle-count source counts: it then borrows none from that source
// (its own figures of the same family stay its own).
func (cat *Catalog) owns(b *Build, source string) bool {
	return slices.Contains(b.owned, source)
}

// owned are the sources counting an operation b has figures of its own
// for (owns; made once per build: asked per lending, it was 5 % of a
// ranking without a memo).
func (p pqcIndex) owned(b *Build) []string {
	var srcs []string
	for op := range b.ops {
		for _, f := range p.byOp[op] {
			if !slices.Contains(srcs, f.Source) {
				srcs = append(srcs, f.Source)
			}
		}
	}
	return srcs
}

// lentFrom is Lent from the sources may allows.
func (cat *Catalog) lentFrom(b *Build, op string, s Clock, q Question, may func(string) bool) (Figure, bool) {
	l, f := cat.pqc.lender(b.fact.Core, op, q.Smallest, may)
	return cat.lent(b, op, s, q, l, f)
}

// lent is the figure lending l lends for op with the count f.
func (cat *Catalog) lent(b *Build, op string, s Clock, q Question, l bench.Lending, f *bench.CycleFigure) (Figure, bool) {
	if f == nil || s.ClockHz <= 0 {
		return Figure{}, false
	}
	spread := cat.spreadFor(f.Core)
	if l.Widest {
		spread = cat.largestSpread()
	}
	factor, from := spread.Factor, spread.Core
	if spread.Borrowed != "" {
		from = spread.Borrowed
	}
	if q.OwnMargin {
		factor, from = 1+q.Margin, ""
	}
	factor = math.Max(factor, 1)
	clock := float64(s.ClockHz)
	// A count taken at a low clock (pqm4's 24 MHz, no flash wait state)
	// runs with more wait states at the part's: the clock rule widens its
	// slow end as it widens an estimate taken up in clock (the margin the
	// user sets replaces both).
	up, widen, countHz := 0.0, 0.0, f.ClockHz
	if countHz == 0 { // unstated: as if taken at the lowest clock any count states
		countHz = CountFloorHz
	}
	if u := clock / float64(countHz); countHz > 0 && u > 1 && !q.OwnMargin {
		if w := cat.clocks.Widen(u); w > 1 {
			up, widen = u, w
			factor *= w
		}
	}
	g := Figure{Each: f.Cycles / clock, Spread: factor, Basis: l.Basis, Method: "cycle-count", Config: f.Implementation, Pos: f.Pos, Stack: f.StackBytes, Work: f.StackBytes}
	g.Worst = f.MaxCycles / clock * factor
	g.Source = f.Source + " " + f.Implementation + " " + op + " (" + countedHow(f) + "): " + f.Printed
	if !strings.Contains(f.Printed, "cycles") {
		g.Source += " cycles" // pqm4 prints the bare counts
	}
	part := f.Core
	if f.Board != "" && f.Board != "not stated" {
		part += ", " + f.Board
	}
	g.From = &From{Document: f.Pos.File, Line: f.Pos.Line, Part: part, ClockHz: f.ClockHz, Printed: f.Printed,
		ToClockHz: s.ClockHz, TimeFactor: float64(f.ClockHz) / clock, Spread: factor, SpreadFrom: from, // 0: the count's clock is not published
		AssumedHz:      assumed(f.ClockHz, countHz),
		SpreadBorrowed: from != "" && from != b.fact.Core,
		Source:         f.Source, Implementation: f.Implementation, Cycles: f.Cycles, MaxCycles: f.MaxCycles, CodeBytes: f.CodeBytes, Up: up, Widen: widen}
	return g, true
}

// countedHow says how a count was taken: its runs and clock where the
// source states them, and the core ("100 runs at 24 MHz on Cortex-M4").
func countedHow(f *bench.CycleFigure) string {
	var s []string
	if f.Runs > 0 {
		s = append(s, strconv.Itoa(f.Runs)+" runs")
	}
	if f.ClockHz > 0 {
		s = append(s, "at "+strconv.FormatFloat(float64(f.ClockHz)/1e6, 'f', -1, 64)+" MHz")
	}
	return strings.Join(append(s, "on "+f.Core), " ")
}

// largestSpread is the largest spread of any core, named by its core.
func (cat *Catalog) largestSpread() Spread {
	var big Spread
	for _, s := range cat.spreads {
		if s.Factor > big.Factor || s.Factor == big.Factor && s.Core < big.Core {
			big = s
		}
	}
	return Spread{Core: big.Core, Factor: big.Factor}
}

// assumed is the clock an unstated count's widening takes (0 when the
// count states its own).
func assumed(stated, taken int64) int64 {
	if stated > 0 {
		return 0
	}
	return taken
}
