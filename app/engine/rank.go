package engine

import (
	"errors"
	"slices"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// Rank evaluates every candidate against w and orders them, unpaced: the
// result owns its memory.
func (ix *Index) Rank(w Workload) Result {
	res, _ := Ranker{}.Rank(ix, w)
	return res
}

// Ranker ranks workloads, pacing itself as go/types.Config reports: the
// zero value ranks unpaced. Pause, unless nil, is called before each
// build is evaluated, so that a caller on one thread (the browser) may
// let what waits run in between; its false stops the ranking, with no
// answer. Pause must not use the index.
type Ranker struct{ Pause func() bool }

// Rank ranks w into memory of its own: the result is the caller's to
// keep (as bufio.Scanner's Text is). ok is false when Pause stopped it.
func (rk Ranker) Rank(ix *Index, w Workload) (res Result, ok bool) {
	return ix.rank(w, rk.Pause, (*arena)(nil).reuse(len(ix.builds)))
}

// RankInto ranks w into s's memory, which the ranking before it into s
// used (as bufio.Scanner's Bytes may be overwritten): the result is
// valid until s ranks again, and Result.Check says when it no longer
// is. ok is false when Pause stopped it; s keeps its memory for the
// next ranking, and the result before it is void all the same.
func (rk Ranker) RankInto(ix *Index, w Workload, s *Scratch) (res Result, ok bool) {
	s.gen++
	s.ar = s.ar.reuse(len(ix.builds))
	res, ok = ix.rank(w, rk.Pause, s.ar)
	res.from, res.gen = s, s.gen
	return res, ok
}

// Scratch is memory rankings into it reuse (Ranker.RankInto): a page keeps
// two, the result on screen's and the next's. The zero value is ready.
type Scratch struct {
	ar  *arena
	gen uint64 // rankings into it so far
}

// ErrReused: the result's scratch ranked again (Result.Check).
var ErrReused = errors.New("engine: the result was read after its scratch ranked again (Ranker.RankInto)")

// Check is nil while the result's figures are its own: always for one
// that owns its memory (Ranker.Rank), and for one ranked into a scratch
// until the scratch ranks again (then ErrReused). Tests call it after
// every step that may rank.
func (r *Result) Check() error {
	if r.from != nil && r.from.gen != r.gen {
		return ErrReused
	}
	return nil
}

// rank is the rankers' work, into ar; pause, unless nil, may stop it
// (no answer).
func (ix *Index) rank(w Workload, pause func() bool, ar *arena) (Result, bool) {
	res := Result{Workload: w}
	// One array holds both lists: the candidates from its start, the builds
	// without a figure from its end (put in order at the end). The no-figure
	// list grown by append was a third of a keystroke's bytes allocated.
	all, from := ar.all, ar.from
	nc, nf := 0, 0
	named := memberFilters(&w) || w.MCU != "" // once per ranking, not per build
	filtered := slices.ContainsFunc(filterTable, func(f filter) bool { return f.active(&w) })
	// One Eval serves the whole ranking (evaluate resets it per build): made per
	// candidate, it and its workload were a third of a ranking's allocations.
	e := &Eval{ix: ix, w: &w, q: question(&w), memo: ix.takeMemo(&w), named: named, arena: ar, budget: w.Budget()}
	e.isMember = e.member()
	for _, l := range w.Loads {
		e.aggs = append(e.aggs, KindOf(l.Kind()).Aggregate())
	}
	defer ix.putMemo(e.memo)
	for i, b := range ix.builds {
		if pause != nil && !pause() {
			return Result{}, false // stopped: no answer, the memory kept in ar
		}
		if filtered && !keep(b, &w) {
			continue
		}
		if e.slot = ix.slots[i]; e.memo != nil && e.memo.own {
			e.slot = i
		}
		c := &all[nc] // made in place: a candidate is ~0.7 KB, copied twice per build before
		e.a = e.ask(i, b)
		ix.evaluate(b, e, c)
		if b.Group() != nil && (named || e.minRAM > 0) {
			c.Qualifying, c.Short = e.qualifying(b)
		}
		if lacks, apart := e.listedApart(b, c); apart {
			c.Lacks = lacks
			nf++
			all[len(all)-nf] = *c
			continue
		}
		from[nc] = int32(i)
		nc++
	}
	clear(all[nc : len(all)-nf]) // no earlier ranking's candidate stays reachable
	res.Candidates = all[:nc:nc] // an append by a caller must not reach the no-figure list
	if nf > 0 {
		res.NoFigure = all[len(all)-nf:]
		slices.Reverse(res.NoFigure)
	}
	ix.tally(&res, w, ar)
	return res, true
}

// listedApart reports whether a build is listed apart, not ranked, and what it
// lacks: only a build without a figure for any operation of the workload.
// A build with some of them is a row — UNKNOWN, showing what it knows
// and what it lacks, or a FAIL on its known figures.
func (e *Eval) listedApart(b *catalog.Build, c *Candidate) (lacked []string, apart bool) {
	if noFigure(c) && c.Verdict != Fail && (!e.a.Clock().Untrusted || !anyFigure(&e.a, c)) {
		return e.lacks(b, c.Ops), true
	}
	return nil, false
}

// tally completes a ranking of w: the groups without a build, what the filters
// removed when nothing is left, the order, the ranks and the counts.
func (ix *Index) tally(res *Result, w Workload, ar *arena) {
	res.Counts.NoFigure = len(res.NoFigure)
	for _, b := range ix.cat.Unbuilt {
		if keep(b, &w) {
			s := b.Shown()
			res.Unbuilt = append(res.Unbuilt, Unbuilt{Group: s.Group, Core: s.Core, Reason: UnbuiltNoCoreBuild})
			res.Counts.Unbuilt += s.Group.Members
		}
	}
	if len(res.Candidates) == 0 && len(res.NoFigure) == 0 && len(res.Unbuilt) == 0 {
		res.Filters = ix.filterEffects(&w)
	}
	order(res.Candidates, w.Objective, ix.keyRank, ar)
	for i := range res.Candidates {
		res.Candidates[i].Rank = i + 1
		switch res.Candidates[i].Verdict {
		case Pass:
			res.Counts.Pass++
		case Fail:
			res.Counts.Fail++
		default:
			res.Counts.Unknown++
		}
	}
	ix.siblings(res.Candidates, ar)
}

// Eval is what a load needs to judge one candidate: its measurements at
// the clock used, the workload's budget, and the requirements judged
// before it (loads are evaluated in kind order).
type Eval struct {
	ix *Index
	a  catalog.Answer   // what the build being judged publishes for q
	q  catalog.Question // the workload's, asked of every build
	w  *Workload
	// memo holds the terms of earlier rankings of the same shape; load
	// is the index of the load being evaluated, slot the build's place
	// in the memo (Index.slots).
	memo       *termMemo
	load, slot int
	named      bool                        // part filters or mcu= name part numbers (partRAM)
	minRAM     int64                       // the candidate's part numbers hold this RAM (the session's: TLS.Evaluate)
	budget     float64                     // the workload's (Workload.Budget reads its loads)
	aggs       []bool                      // per load, an aggregate kind? (KindOf per build was a tenth of a ranking)
	*arena                                 // the ranking's memory (slab.go)
	usedBuf    []catalog.Used              // used's
	isMember   func(bench.PartMember) bool // members', made once (member)
	// Reqs are the requirements judged so far.
	Reqs []Requirement
}

// Budget is the CPU share crypto may use (1 without a budget).
func (e *Eval) Budget() float64 { return e.budget }

// Finish totals a requirement's terms and lists what is missing: sums
// and a list made of the terms alone, which the memo keeps as it keeps
// the terms (sumsOf, missingOf). The terms' basis and whether one is
// post-quantum stay with the requirement for its judging and energy.
func (e *Eval) Finish(r *Requirement) float64 {
	s := e.sumsOf(r.Terms)
	if s.missing {
		r.Missing = e.missingOf(r.Terms)
	}
	r.summed = s
	return s.total
}

// missingOf are the operations of terms without a figure, made once per
// terms slice the memo keeps (read-only and clipped: adding copies).
func (e *Eval) missingOf(ts []Term) []string {
	if e.memo != nil {
		if m, ok := e.memo.missing[&ts[0]]; ok {
			return m
		}
	}
	var out []string
	for _, t := range ts {
		if t.Missing && (t.Count > 0 || t.Bytes > 0) {
			out = appendUnique(out, t.Op)
		}
	}
	out = slices.Clip(out)
	if e.memo != nil {
		e.memo.missing[&ts[0]] = out
	}
	return out
}

// NewRequirement starts a requirement of a kind, with room for its
// terms (0 for one that adds up other requirements).
func NewRequirement(kind KindName, rule RuleID, required float64, unit string, terms int) Requirement {
	return Requirement{Kind: kind, Rule: rule, Required: required, Unit: unit, Terms: make([]Term, 0, terms), Missing: []string{}}
}

// evaluate judges build b into c; e is the ranking's Eval, reset here
// but for its answer (e.a: b's, set by the caller, Eval.ask).
func (ix *Index) evaluate(b *catalog.Build, e *Eval, c *Candidate) {
	sc, s := e.a.Clock(), b.Shown()
	// The build is shown using only the units its part has; the label's
	// claim of one the part lacks is kept apart (its warning says why).
	*c = Candidate{Identity: s.ID, ClockHz: sc.ClockHz, MeasuredClockHz: s.MeasuredClockHz, Estimate: sc.Estimate,
		Requirements: []Requirement{}, Missing: []string{}, Notes: []Note{}, Warnings: s.Warnings, Why: []Note{}, Key: s.Key,
		ClaimedAcceleration: s.Claimed, Group: s.Group, Donor: s.Donor, FlashBytes: s.FlashBytes, RAMBytes: s.RAMBytes,
		ClockAboveMax: s.ClockAboveMax, Facts: s.Facts}
	c.Acceleration = s.Usable
	if sc.Note != "" {
		c.Notes = scalerNote(NoteCode(sc.Note))
	}
	e.Reqs, e.minRAM = e.reqs.Slice(len(e.w.Loads)), 0
	for i, l := range e.w.Loads {
		if e.aggs[i] {
			continue // judged below, with the others' requirements
		}
		e.load = i
		if r, ok := l.Evaluate(e, e.terms(l)); ok {
			e.Reqs = append(e.Reqs, r)
		}
	}
	v := e.view(e.Reqs)
	for i, l := range e.w.Loads {
		if !e.aggs[i] {
			continue
		}
		if r, ok := l.Evaluate(e, nil); ok {
			e.Reqs = append(e.Reqs, r)
		}
	}
	c.Requirements = e.Reqs
	c.LongestOp, c.LongestOpS, c.LongestBasis = v.longestOp, v.longestS, v.basis[0]
	if c.LentFrom = v.lentFrom; c.LentFrom != nil {
		c.Notes = append(c.Notes, Note{Code: NoteLent})
		c.LentStackBytes, c.LentStackBasis = v.lentStack, v.basis[1]
	}
	if v.noCode {
		c.Notes = append(c.Notes, Note{Code: NotePQCNoCode})
	}
	c.PQCCompared, c.Versions = v.pqcCompared, v.versions
	if s.HasFacts {
		c.Energy = e.energy(c.Requirements)
	}
	c.Footprint = v.footprint
	c.Memory = e.memoryOf(c.Footprint, c.LentStackBytes, c.Requirements)
	c.Why = append(c.Why, v.why...)
	if c.ClockAboveMax {
		c.Why = append(c.Why, Note{Code: WhyClockAboveMax})
	}
	if s.External {
		c.Why = append(c.Why, Note{Code: WhyExternalMemory})
	}
	if s.NotAPart {
		c.Why = append(c.Why, Note{Code: WhyNotAPart})
	}
	judge(c, sc, e)
}

// missingUntrusted and missingMaxClock are what a requirement misses
// when its figures cannot be scaled; shared read-only by every such
// requirement (a ranking has hundreds), clipped so that adding copies.
var (
	missingUntrusted = slices.Clip([]string{UntrustedClock})
	missingMaxClock  = slices.Clip([]string{TargetMaxClock})
)

// scalerNotes are the one-note lists of a scaler's notes, shared
// read-only by the candidates that have them (clipped: adding copies).
var scalerNotes = map[NoteCode][]Note{}

func init() {
	for _, n := range []NoteCode{NoteClockScaled, NoteEstimated, NoteNoMaxClock, NoteSecondaryCore, NoteNoFacts, NoteUntrustedClock, NoteClockCapped, NoteUserClock} {
		scalerNotes[n] = slices.Clip([]Note{{Code: n}})
	}
}

func scalerNote(n NoteCode) []Note {
	if l, ok := scalerNotes[n]; ok {
		return l
	}
	return []Note{{Code: n}}
}
