package engine

import (
	"fmt"
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

// PQC sources a workload may name (pqc-from).
const (
	PQCFromPQM4 = "pqm4"
	PQCFromNone = "none"
)

func isPQC(op string) bool {
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
	// is least (then the fewest cycles). Keyed by source and scheme.
	fastest, smallest map[string]string
	// lends are the lendings to each core, in the dataset's order.
	lends map[string][]bench.Lending
}

func newPQCIndex(figs []bench.CycleFigure, lending []bench.Lending) pqcIndex {
	p := pqcIndex{byOp: map[string][]*bench.CycleFigure{}, fastest: map[string]string{}, smallest: map[string]string{},
		lends: map[string][]bench.Lending{}}
	for _, l := range lending {
		p.lends[l.Core] = append(p.lends[l.Core], l)
	}
	type total struct {
		cycles float64
		stack  int64
	}
	sums := map[string]map[string]*total{} // source|scheme → implementation
	var schemes []string
	for i := range figs {
		f := &figs[i]
		p.byOp[f.Op] = append(p.byOp[f.Op], f)
		s := f.Source + "|" + scheme(f.Op)
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

// lender is the lending to core of the first source that lends there
// and counts op, with that source's figure for op in the implementation
// the objective chooses; a nil figure when none does.
func (p pqcIndex) lender(core, op string, o Objective) (bench.Lending, *bench.CycleFigure) {
	for _, l := range p.lends[core] {
		key := l.Source + "|" + scheme(op)
		impl := p.fastest[key]
		if o == ObjectiveSmallest {
			impl = p.smallest[key]
		}
		for _, f := range p.byOp[op] {
			if f.Source == l.Source && f.Implementation == impl {
				return l, f
			}
		}
	}
	return bench.Lending{}, nil
}

// ownPQC reports whether a build has post-quantum figures of its own.
func ownPQC(b *build) bool {
	for op := range b.ops {
		if isPQC(op) {
			return true
		}
	}
	return false
}

// borrow is the term of a post-quantum operation the build has no figure
// for, from the cycle counts; ok is false when none may be lent (the
// switch is off, the build has its own, the core cannot run the code,
// the clock is unknown), and the caller keeps the term missing, NoCode
// when no source lends the operation to the core.
func (e *Eval) borrow(op string, count float64, rule RuleID) (Term, bool) {
	if e.w.PQCFrom == PQCFromNone || e.b.ownPQC || !e.b.hasFact || len(e.ix.pqc.byOp[op]) == 0 {
		return Term{}, false
	}
	if _, f := e.ix.pqc.lender(e.b.fact.Core, op, e.w.Objective); f == nil {
		return Term{NoCode: true}, false // no source lends op to this core
	}
	return e.pqcTerm(op, count, rule)
}

// pqcTerm is what the cycle counts give for an operation on the
// candidate's part at its clock.
func (e *Eval) pqcTerm(op string, count float64, rule RuleID) (Term, bool) {
	l, f := e.ix.pqc.lender(e.b.fact.Core, op, e.w.Objective)
	if f == nil || e.sc.clockHz <= 0 || f.ClockHz <= 0 {
		return Term{}, false
	}
	basis, spread := l.Basis, e.ix.spreadFor(f.Core)
	if l.Widest {
		spread = e.ix.largestSpread()
	}
	factor, from := spread.Factor, spread.Core
	if spread.Borrowed != "" {
		from = spread.Borrowed
	}
	if e.w.EstimateMargin != nil {
		factor, from = 1+*e.w.EstimateMargin, ""
	}
	factor = math.Max(factor, 1)
	clock := float64(e.sc.clockHz)
	t := Term{Op: op, Count: count, Rule: rule, Each: f.Cycles / clock, Basis: basis, Method: "cycle-count", Config: f.Implementation,
		Pos: f.Pos, Stack: f.StackBytes}
	t.Slow = t.Each * factor
	t.Total = t.Slow * count
	t.Worst = f.MaxCycles / clock * factor
	t.Source = fmt.Sprintf("%s %s %s (%d runs at %s MHz on %s): %s cycles", f.Source, f.Implementation, op, f.Runs,
		strconv.FormatFloat(float64(f.ClockHz)/1e6, 'f', -1, 64), f.Core, f.Printed)
	t.From = &From{Document: f.Pos.File, Line: f.Pos.Line, Part: f.Core + ", " + f.Board, ClockHz: f.ClockHz, Printed: f.Printed,
		ToClockHz: e.sc.clockHz, TimeFactor: float64(f.ClockHz) / clock, Spread: factor, SpreadFrom: from,
		Source: f.Source, Implementation: f.Implementation, Cycles: f.Cycles, MaxCycles: f.MaxCycles, CodeBytes: f.CodeBytes}
	return t, true
}

// largestSpread is the largest spread of any core, named by its core.
func (ix *Index) largestSpread() Spread {
	var big Spread
	for _, s := range ix.spreads {
		if s.Factor > big.Factor || s.Factor == big.Factor && s.Core < big.Core {
			big = s
		}
	}
	return Spread{Core: big.Core, Factor: big.Factor}
}

// pqcLabels names the borrowed operations of a candidate by scheme:
// "ML-KEM-768 from pqm4 m4fspeed".
func pqcLabels(reqs []Requirement) []string {
	var out []string
	for _, r := range reqs {
		for _, t := range r.Terms {
			if t.From == nil || t.From.Source == "" {
				continue
			}
			l := strings.ToUpper(scheme(t.Op)[:6]) + scheme(t.Op)[6:] + " from " + t.From.Source + " " + t.From.Implementation
			out = appendUnique(out, l)
		}
	}
	return out
}

// pqcStack is the largest stack of the borrowed operations (nil: none
// borrowed).
func pqcStack(reqs []Requirement) *int64 {
	var top *int64
	for _, r := range reqs {
		for _, t := range r.Terms {
			if t.From != nil && t.From.Source != "" && t.Stack > 0 && (top == nil || t.Stack > *top) {
				s := t.Stack
				top = &s
			}
		}
	}
	return top
}

// pqcCompared are, for a build with post-quantum figures of its own, the
// terms the cycle counts would give for the same operations on the same
// part: shown beside its own, never counted.
func (e *Eval) pqcCompared(reqs []Requirement) []Term {
	if !e.b.ownPQC || !e.b.hasFact || e.w.PQCFrom == PQCFromNone {
		return nil
	}
	var out []Term
	for _, r := range reqs {
		for _, t := range r.Terms {
			if !isPQC(t.Op) || t.Missing || slices.ContainsFunc(out, func(o Term) bool { return o.Op == t.Op }) {
				continue
			}
			if c, ok := e.pqcTerm(t.Op, t.Count, t.Rule); ok {
				out = append(out, c)
			}
		}
	}
	return out
}
