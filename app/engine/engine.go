// Package engine ranks candidates — a board with one library build — against
// a workload. A workload is a list of loads, one per requirement kind
// (kind.go; one file per kind: TLS, firmware, AES, CPU budget); each load
// turns into an operation mix by rules that cite their references
// (rules.go), each operation's figure is asked of the catalogue (package
// catalog: measured, clock-scaled, estimated or lent), and the result is
// verdicts, headroom and the terms behind them, as data. It does no I/O
// and knows nothing of the UI; turning the data into words is package
// explain's job.
package engine

import (
	"cmp"
	"encoding/json"
	"iter"
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// Verdict is a candidate's or a requirement's answer.
type Verdict string

// Verdicts.
const (
	Pass    Verdict = "pass"
	Fail    Verdict = "fail"
	Unknown Verdict = "unknown"
)

// Term is one operation's share of a requirement.
type Term struct {
	Op    string  `json:"op"`
	Count float64 `json:"count"`
	// Each is the time one operation takes, in seconds; for bulk terms it
	// is the time for Bytes bytes.
	Each  float64 `json:"each_s"`
	Bytes int64   `json:"bytes,omitempty"`
	// Rate is a bulk term's rate, central like Each; SlowRate the slow
	// end's, where there is one (Rate ÷ the spread).
	Rate     float64 `json:"rate_bytes_per_s,omitempty"`
	SlowRate float64 `json:"slow_rate_bytes_per_s,omitempty"`
	// Slow is an estimate's slow end (Each × its spread); Total is Count ×
	// Slow then: an estimate decides by it.
	Slow   float64 `json:"slow_s,omitempty"`
	Total  float64 `json:"total_s"` // Count × Each (× the spread for an estimate)
	Rule   RuleID  `json:"rule"`
	Config string  `json:"config,omitempty"` // the configuration chosen (per-op libraries)
	// Method is how the source measured the figure ("data-flow",
	// "benchmark", …): a footprint is taken from the same row family.
	Method string `json:"method,omitempty"`
	// Source is the row as the dataset quotes it, for people; JSON
	// carries From instead.
	Source string `json:"-"`
	// Pos is the measurement's place in its source document (in JSON,
	// From's document, line and col).
	Pos bench.Pos `json:"-"`
	// Basis says how the figure was obtained and From from what; both
	// are empty for a missing term.
	Basis bench.Basis `json:"basis,omitempty"`
	From  *From       `json:"from,omitempty"`
	// Parts say how Bytes is made up, where a model composes it (the TLS
	// handshake's hashing).
	Parts Parts `json:"parts,omitempty"`
	// Worst is the slowest single run (slow end), where the source
	// publishes it (pqm4's MAX: ML-DSA signing varies several-fold): the
	// longest blocking operation uses it; throughput uses Each and Slow.
	Worst float64 `json:"worst_s,omitempty"`
	// Stack is the operation's stack use, where the source publishes it.
	Stack int64 `json:"stack_bytes,omitempty"`
	// Missing is set when no usable measurement exists for Op.
	Missing bool `json:"missing,omitempty"`
	// NoCode is set on a missing term when a cycle-count source counts
	// the operation but lends it to no core like the candidate's (its
	// notes say so).
	NoCode bool `json:"-"`
}

// Requirement is one part of the workload, judged.
type Requirement struct {
	Kind     KindName `json:"kind"`
	Verdict  Verdict  `json:"verdict"`
	Required float64  `json:"required"`
	// Achieved is what the candidate reaches, in Unit; nil while a
	// measurement it needs is missing (a partial sum is not a figure).
	Achieved *float64 `json:"achieved"`
	Unit     string   `json:"unit"`
	Headroom *float64 `json:"headroom"`
	// Utilization is the CPU share of a continuous load.
	Utilization *float64 `json:"utilization,omitempty"`
	// Continuous loads (TLS, AES) run all the time: their CPU shares add
	// up against the budget.
	Continuous bool `json:"continuous,omitempty"`
	// Of lists the requirements an aggregate (the CPU budget) adds up.
	Of      []KindName `json:"of,omitempty"`
	Terms   []Term     `json:"terms"`
	Missing []string   `json:"missing"`
	Rule    RuleID     `json:"rule"`
	// Basis is the weakest basis of the figures behind the requirement
	// (its terms, or the requirements an aggregate adds up).
	Basis bench.Basis `json:"basis,omitempty"`
}

// Candidate is one board with one library build, evaluated.
type Candidate struct {
	// Lacks are the operations of the workload the build has no figure
	// for (its entry in Result.NoFigure).
	Lacks   []string `json:"-"`
	Rank    int      `json:"rank"`
	Verdict Verdict  `json:"verdict"`
	bench.Identity
	// ClockHz is the clock the figures are taken at (the measured one
	// unless another was asked for); MeasuredClockHz the source's.
	ClockHz         int64 `json:"clock_hz"`
	MeasuredClockHz int64 `json:"measured_clock_hz"`
	// Estimate is set when figures were scaled to another clock.
	Estimate bool `json:"estimate"`
	// Basis is the weakest basis among the candidate's figures: a
	// candidate is as sure as its least sure term.
	Basis bench.Basis `json:"basis"`
	// ClockAboveMax is set when the source states a clock above the
	// part's maximum: its figures are shown as published, never scaled,
	// and the warning goes wherever the candidate is shown.
	ClockAboveMax bool `json:"clock_above_max"`
	// ClaimedAcceleration lists the units the source's label claims but
	// the part does not have (the WB55's HASH): Acceleration holds only
	// those the build can use.
	ClaimedAcceleration []string `json:"claimed_absent_acceleration,omitempty"`
	Headroom            *float64 `json:"headroom"`
	// Utilization is the CPU share of the continuous loads; nil when one
	// of them lacks a measurement.
	Utilization *float64 `json:"utilization"`
	Bottleneck  KindName `json:"bottleneck"`
	// BottleneckOp is the operation that weighs most in the bottleneck
	// requirement ("" for one without terms, such as the CPU budget).
	BottleneckOp string        `json:"bottleneck_op,omitempty"`
	Requirements []Requirement `json:"requirements"`
	// LongestOp is the longest single operation the workload needs on
	// this candidate, and LongestOpS its time: the CPU is blocked that
	// long. Nil while a figure it depends on is missing.
	LongestOp  string   `json:"longest_op"`
	LongestOpS *float64 `json:"longest_op_s"`
	Missing    []string `json:"missing"`
	Notes      []Note   `json:"notes"`
	Warnings   []string `json:"warnings"`
	FlashBytes int64    `json:"flash_bytes"`
	RAMBytes   int64    `json:"ram_bytes"`
	// Facts are the part's curated facts (nil without facts); Footprint
	// the library's published memory for the operations used (nil when
	// the source publishes none); Why notes what in the data may surprise.
	Facts *PartFacts `json:"part_facts"`
	// Group is the part group the candidate stands for (a measured
	// part's row stands for its whole silicon; nil outside ST's data);
	// Donor, for an estimate, the measured build its figures come from.
	Group *GroupSummary `json:"group,omitempty"`
	// PQCFrom names the post-quantum operations lent by a cycle-count
	// source ("ML-KEM-768 from pqm4 m4fspeed"); PQCStackBytes is the
	// largest stack among them (pqm4's figure). PQCCompared are, for a
	// build with post-quantum figures of its own, the terms pqm4's
	// counts would give on the same part: for comparison, not counted.
	PQCFrom []string `json:"pqc_from,omitempty"`
	// Energy and Memory are what the workload costs the battery and the
	// RAM (energy.go); nil without part facts.
	Energy        *Energy `json:"energy"`
	Memory        *Memory `json:"memory"`
	PQCStackBytes *int64  `json:"pqc_stack_bytes,omitempty"`
	PQCCompared   []Term  `json:"pqc_compared,omitempty"`
	// Qualifying are the group's part numbers that pass the filters on
	// part numbers (flash, RAM, package, …) when one is in force, or that
	// the mcu filter names when it names some members only.
	Qualifying []string   `json:"qualifying_members,omitempty"`
	Donor      *Donor     `json:"donor,omitempty"`
	Footprint  *Footprint `json:"footprint"`
	Why        []Note     `json:"why"`
	Key        string     `json:"key"`
}

// Result is a ranked answer.
type Result struct {
	Workload   Workload    `json:"workload"`
	Candidates []Candidate `json:"candidates"`
	// Filters says, when the filters leave no candidate, what each of
	// them removed.
	Filters []FilterEffect `json:"filters,omitempty"`
	// Counts are the candidates per verdict, all of them (a caller may
	// show only the first few).
	Counts Counts `json:"counts"`
	// NoFigure are the builds that publish no figure for an operation
	// the workload needs, whose verdict therefore could not be known
	// (a build that fails on what it does publish stays a candidate):
	// not candidates, but listed with what they lack, never dropped in
	// silence.
	NoFigure NoFigure `json:"no_figure,omitempty"`
	// Unbuilt are the part groups the filters keep that no build stands
	// for: listed with why, never dropped in silence.
	Unbuilt []Unbuilt `json:"unbuilt,omitempty"`
}

// Unbuilt is a part group without a build to rank, and why (a code).
type Unbuilt struct {
	Group  *GroupSummary
	Core   string
	Reason string
}

// MarshalJSON writes the group's key, name and size, its core and why.
func (u Unbuilt) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Key     string `json:"group"`
		Name    string `json:"name"`
		Members int    `json:"members"`
		Core    string `json:"core"`
		Reason  string `json:"reason"`
	}{u.Group.Key, u.Group.Name, u.Group.Members, u.Core, u.Reason})
}

// UnbuiltNoCoreBuild: no build is measured on the group's core, and no
// estimate may cross to it from another core.
const UnbuiltNoCoreBuild = "no-build-on-core"

// NoFigure are builds without a figure for the workload; JSON gives each
// one's key and the operations it misses.
type NoFigure []Candidate

// MarshalJSON writes each build's key and what it misses.
func (l NoFigure) MarshalJSON() ([]byte, error) {
	type entry struct {
		Key     string   `json:"key"`
		Missing []string `json:"missing"`
	}
	out := make([]entry, len(l))
	for i, c := range l {
		out[i] = entry{c.Key, c.Lacks}
	}
	return json.Marshal(out)
}

// Ops are the operations a candidate's requirements count (each once,
// in order): for a build without a figure, what it misses.
func (c Candidate) Ops() []string {
	var out []string
	for _, r := range c.Requirements {
		for _, t := range r.Terms {
			if t.Count > 0 || t.Bytes > 0 {
				out = appendUnique(out, t.Op)
			}
		}
	}
	return out
}

// Counts are candidates per verdict, and the builds without a figure
// for the workload.
type Counts struct {
	Pass     int `json:"pass"`
	Unknown  int `json:"unknown"`
	Fail     int `json:"fail"`
	NoFigure int `json:"no_figure,omitempty"`
	// Unbuilt counts the part numbers of the groups without a build.
	Unbuilt int `json:"unbuilt_parts,omitempty"`
}

// Rank evaluates every candidate against w and orders them.
func (ix *Index) Rank(w Workload) Result {
	var res Result
	for range ix.Ranking(w, &res) {
	}
	return res
}

// Ranking ranks w into *res as a sequence the caller paces: it yields
// before each build is evaluated (the number evaluated so far), so that
// a caller on one thread (the browser) may let what waits run in
// between; once the sequence ends, *res is the answer. A caller that
// stops early has none. The loop's body must not use the index.
func (ix *Index) Ranking(w Workload, res *Result) iter.Seq[int] {
	return func(yield func(int) bool) {
		*res = ix.rank(w, yield)
	}
}

// rank is Ranking's work; step is its yield (false: stop, with no
// answer).
func (ix *Index) rank(w Workload, step func(int) bool) Result {
	res := Result{Workload: w}
	// One array holds both lists: the candidates from its start, the
	// builds without a figure from its end (put in order at the end).
	// The no-figure list grown by append was a third of a keystroke's
	// bytes allocated.
	all := make([]Candidate, len(ix.builds))
	nc, nf := 0, 0
	named := memberFilters(w) || w.MCU != "" // once per ranking, not per build
	// One Eval serves the whole ranking (evaluate resets it per build):
	// made per candidate, it and the workload it points to were a third
	// of a ranking's allocations.
	e := &Eval{ix: ix, w: &w, q: question(&w), memo: ix.takeMemo(&w), named: named}
	defer ix.putMemo(e.memo)
	for i, b := range ix.builds {
		if !step(i) {
			return Result{}
		}
		if !keep(b, w) {
			continue
		}
		e.slot = ix.slots[i]
		c := ix.evaluate(b, e)
		if b.Group() != nil && named {
			c.Qualifying = qualifying(b, w)
		}
		if noFigure(c) && (!e.sc.Untrusted || !anyFigure(e.a, c)) {
			c.Lacks = e.lacks(b, func() []string { return c.Ops() })
			nf++
			all[len(all)-nf] = c
			continue
		}
		if c.Verdict == Unknown && c.Imported == "" {
			// An unknown that no clock or part fact would decide: the
			// build publishes no figure for an operation of the workload
			// (and no source lends one). Listed with what it lacks. (A
			// user's import is ranked whatever it lacks: it is what they
			// came to see.)
			if c.Lacks = e.lacks(b, func() []string { return lacks(e.a, c) }); c.Lacks != nil {
				nf++
				all[len(all)-nf] = c
				continue
			}
		}
		all[nc] = c
		nc++
	}
	res.Candidates = all[:nc:nc] // an append by a caller must not reach the no-figure list
	if nf > 0 {
		res.NoFigure = all[len(all)-nf:]
		slices.Reverse(res.NoFigure)
	}
	res.Counts.NoFigure = len(res.NoFigure)
	for _, b := range ix.cat.Unbuilt {
		if keep(b, w) {
			s := b.Shown()
			res.Unbuilt = append(res.Unbuilt, Unbuilt{Group: s.Group, Core: s.Core, Reason: UnbuiltNoCoreBuild})
			res.Counts.Unbuilt += s.Group.Members
		}
	}
	if len(res.Candidates) == 0 && len(res.NoFigure) == 0 && len(res.Unbuilt) == 0 {
		res.Filters = ix.filterEffects(w)
	}
	order(res.Candidates, w.Objective)
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
	siblings(res.Candidates)
	return res
}

// Eval is what a load needs to judge one candidate: its measurements at
// the clock used, the workload's budget, and the requirements judged
// before it (loads are evaluated in kind order).
type Eval struct {
	ix *Index
	a  catalog.Answer   // what the build being judged publishes for q
	sc catalog.Clock    // a's clock
	q  catalog.Question // the workload's, asked of every build
	w  *Workload
	// memo holds the terms of earlier rankings of the same shape; load
	// is the index of the load being evaluated, slot the build's place
	// in the memo (Index.slots).
	memo       *termMemo
	load, slot int
	named      bool // part filters or mcu= name part numbers (partRAM)
	// the ranking's slabs (slab.go)
	nums     slab[float64]
	reqs     slab[Requirement]
	energies slab[energyCell]
	memories slab[catalog.MemoryCell]
	// Reqs are the requirements judged so far.
	Reqs []Requirement
}

// Budget is the CPU share crypto may use (1 without a budget).
func (e *Eval) Budget() float64 { return e.w.Budget() }

// FirstMeasured is the term of the first op that has a measurement, or
// of the first op when none has (the canonical one is named missing).
func (e *Eval) FirstMeasured(ops []string, count float64, rule RuleID) Term {
	t := e.Term(ops[0], count, rule, 0)
	for _, op := range ops[1:] {
		if !t.Missing {
			break
		}
		if alt := e.Term(op, count, rule, 0); !alt.Missing {
			t = alt
		}
	}
	return t
}

// Finish totals a requirement's terms and lists what is missing: a list
// made of the terms alone, which the memo shares as it shares the terms
// (missingOf).
func (e *Eval) Finish(r *Requirement) float64 {
	var total float64
	missing := false
	for _, t := range r.Terms {
		if t.Missing {
			missing = missing || t.Count > 0 || t.Bytes > 0
			continue
		}
		total += t.Total
	}
	if missing {
		r.Missing = e.missingOf(r.Terms)
	}
	return total
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

// evaluate judges build b; e is the ranking's Eval, reset here.
func (ix *Index) evaluate(b *catalog.Build, e *Eval) Candidate {
	e.a = ix.cat.Ask(b, e.q)
	sc, s := e.a.Clock(), b.Shown()
	// The build is shown using only the units its part has; the label's
	// claim of one the part lacks is kept apart (its warning says why).
	c := Candidate{Identity: s.ID, ClockHz: sc.ClockHz, MeasuredClockHz: s.MeasuredClockHz, Estimate: sc.Estimate,
		Requirements: []Requirement{}, Missing: []string{}, Notes: []Note{}, Warnings: s.Warnings, Why: []Note{}, Key: s.Key,
		ClaimedAcceleration: s.Claimed, Group: s.Group, Donor: s.Donor, FlashBytes: s.FlashBytes, RAMBytes: s.RAMBytes,
		ClockAboveMax: s.ClockAboveMax, Facts: s.Facts}
	c.Acceleration = s.Usable
	if sc.Note != "" {
		c.Notes = scalerNote(NoteCode(sc.Note))
	}
	e.sc, e.Reqs = sc, e.reqs.slice(len(e.w.Loads))
	for i, l := range e.w.Loads {
		if KindOf(l.Kind()).Aggregate() {
			continue // judged below, with the others' requirements
		}
		e.load = i
		if r, ok := l.Evaluate(e, e.terms(l)); ok {
			e.Reqs = append(e.Reqs, r)
		}
	}
	v := e.view(e.Reqs)
	for _, l := range e.w.Loads {
		if !KindOf(l.Kind()).Aggregate() {
			continue
		}
		if r, ok := l.Evaluate(e, nil); ok {
			e.Reqs = append(e.Reqs, r)
		}
	}
	c.Requirements = e.Reqs
	c.LongestOp, c.LongestOpS = v.longestOp, v.longestS
	if c.PQCFrom = v.pqcFrom; c.PQCFrom != nil {
		c.Notes = append(c.Notes, Note{Code: NotePQCBorrowed})
		c.PQCStackBytes = v.pqcStack
	}
	if v.noCode {
		c.Notes = append(c.Notes, Note{Code: NotePQCNoCode})
	}
	c.PQCCompared = v.pqcCompared
	if s.HasFacts {
		c.Energy = e.energy(c.Requirements)
	}
	c.Footprint = v.footprint
	c.Memory = e.a.Memory(c.Footprint, c.PQCStackBytes, e.a.PartRAM(e.members()), e.memories.new())
	c.Why = append(c.Why, v.why...)
	if c.ClockAboveMax {
		c.Why = append(c.Why, Note{Code: WhyClockAboveMax})
	}
	if s.External {
		c.Why = append(c.Why, Note{Code: WhyExternalMemory})
	}
	judge(&c, sc, e)
	return c
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

// DecidingRate is the rate a verdict uses: the slow end's where there is
// one, else the rate.
func (t Term) DecidingRate() float64 {
	if t.SlowRate > 0 {
		return t.SlowRate
	}
	return t.Rate
}

// Blocking is how long one run of a term's operation blocks the CPU: its
// slowest published run where the source gives one (Worst), else an
// estimate's slow end, else its time.
func (t Term) Blocking() float64 {
	switch {
	case t.Worst > 0:
		return t.Worst
	case t.Slow > 0:
		return t.Slow
	}
	return t.Each
}

// Longest is the longest single operation of the requirements' terms:
// per-operation terms only (bulk hashing and ciphers run in chunks the
// caller chooses). missing lists the operations without a figure: while
// there are any, the longest is not known.
func Longest(reqs []Requirement) (Term, []string) {
	var top Term
	var missing []string
	for _, r := range reqs {
		if KindOf(r.Kind).Aggregate() {
			continue
		}
		for _, t := range r.Terms {
			switch {
			case t.Bytes > 0 || t.Count <= 0:
			case t.Missing:
				missing = appendUnique(missing, t.Op)
			case t.Blocking() > top.Blocking():
				top = t
			}
		}
	}
	return top, missing
}

// judge gives each requirement and the candidate a verdict: unknown
// while a figure is missing, fail below 1× headroom, else pass. The
// candidate's headroom is its tightest requirement's.
func judge(c *Candidate, sc catalog.Clock, e *Eval) {
	c.Verdict = Pass
	c.Basis = sc.Basis()
	util, utilKnown := 0.0, true
	for i := range c.Requirements {
		r := &c.Requirements[i]
		if b := basisOf(r.Terms); b != "" || r.Basis == "" { // an aggregate may set its own
			r.Basis = b
		}
		for _, k := range r.Of {
			for _, o := range c.Requirements[:i] {
				if o.Kind == k {
					r.Basis = bench.Weaker(r.Basis, o.Basis)
				}
			}
		}
		c.Basis = bench.Weaker(c.Basis, r.Basis)
		if sc.Untrusted {
			r.Missing = missingUntrusted
			if NoteCode(sc.Note) == NoteNoMaxClock || NoteCode(sc.Note) == NoteSecondaryCore {
				r.Missing = missingMaxClock
			}
			r.Achieved, r.Headroom, r.Utilization = nil, nil, nil
		}
		switch {
		case len(r.Missing) > 0:
			r.Verdict = Unknown
		case r.Headroom != nil && *r.Headroom >= 1:
			r.Verdict = Pass
		default:
			r.Verdict = Fail
		}
		if r.Continuous {
			if r.Utilization == nil {
				utilKnown = false
			} else {
				util += *r.Utilization
			}
		}
		// An aggregate mostly repeats what its parts miss, but may miss
		// something of its own (the crypto's RAM, the run current).
		if len(c.Missing) == 0 && len(r.Missing) > 0 {
			// Its own list, shared (clipped: adding to it copies).
			c.Missing = slices.Clip(r.Missing)
		} else {
			for _, m := range r.Missing {
				c.Missing = appendUnique(c.Missing, m)
			}
		}
		if r.Verdict == Fail || r.Verdict == Unknown && c.Verdict == Pass {
			c.Verdict = r.Verdict
		}
		if r.Headroom != nil && (c.Headroom == nil || *r.Headroom < *c.Headroom) {
			c.Headroom = e.num(*r.Headroom)
			c.Bottleneck, c.BottleneckOp = r.Kind, heaviest(r.Terms)
		}
	}
	if utilKnown {
		c.Utilization = e.num(util)
	}
	if c.Verdict == Unknown {
		// No candidate-level figure stands in for a verdict that is not
		// known: the headroom of the requirements that are known is not
		// the candidate's.
		c.Headroom, c.Utilization, c.Bottleneck, c.BottleneckOp = nil, nil, "", ""
	}
}

// noFigure reports whether a candidate has terms and a figure for none of
// them: it publishes nothing the workload needs.
func noFigure(c Candidate) bool {
	terms := false
	for _, r := range c.Requirements {
		for _, t := range r.Terms {
			if !t.Missing {
				return false
			}
			terms = true
		}
	}
	return terms
}

// lacks lists the operations of a candidate's terms the build has no
// figure for at any clock, of its own or lent; nil when it has them all.
func lacks(a catalog.Answer, c Candidate) []string {
	var out []string
	for _, r := range c.Requirements {
		for _, t := range r.Terms {
			if !t.Missing || t.Count <= 0 && t.Bytes <= 0 {
				continue
			}
			if !a.Publishes(t.Op) {
				out = appendUnique(out, t.Op)
			}
		}
	}
	return out
}

// lacks is what a build lacks for the workload (made by find), kept in
// the memo of the workload's shape: it does not change while its rates
// are typed.
func (e *Eval) lacks(b *catalog.Build, find func() []string) []string {
	if e.memo == nil {
		return find()
	}
	if l, ok := e.memo.lacks[b]; ok {
		return l
	}
	if e.memo.lacks == nil {
		e.memo.lacks = map[*catalog.Build][]string{}
	}
	l := find()
	e.memo.lacks[b] = l
	return l
}

// anyFigure reports whether a build has a figure, at some clock, for an
// operation of a candidate's terms (its own, or, where lending is on,
// one a cycle-count source counts): a build whose clock is unknown has
// none at the clock asked for, yet is a candidate.
func anyFigure(a catalog.Answer, c Candidate) bool {
	for _, r := range c.Requirements {
		for _, t := range r.Terms {
			if a.Publishes(t.Op) {
				return true
			}
		}
	}
	return false
}

// heaviest is the op of the term that takes the most time.
func heaviest(ts []Term) string {
	var top Term
	for _, t := range ts {
		if t.Total > top.Total {
			top = t
		}
	}
	return top.Op
}

func appendUnique(s []string, v string) []string {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// flashOrder sorts a part without internal flash (or without facts)
// after every part with some: "smallest" means the least flash to buy.
func flashOrder(c *Candidate) int64 {
	if c.FlashBytes <= 0 {
		return math.MaxInt64
	}
	return c.FlashBytes
}

func verdictRank(v Verdict) int {
	switch v {
	case Pass:
		return 0
	case Unknown:
		return 1
	}
	return 2
}

// order sorts candidates: passes (by the objective), then unknown (fewest
// missing measurements first, then by key), then fail by how close they
// came. It sorts indices, not the large structs.
func order(cs []Candidate, objective Objective) {
	h := func(c *Candidate) float64 {
		if c.Headroom == nil {
			return math.Inf(1)
		}
		return *c.Headroom
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := &cs[i], &cs[j]
		if va, vb := verdictRank(a.Verdict), verdictRank(b.Verdict); va != vb {
			return cmp.Compare(va, vb)
		}
		if a.Verdict == Unknown && len(a.Missing) != len(b.Missing) {
			return cmp.Compare(len(a.Missing), len(b.Missing))
		}
		if a.Verdict == Pass && objective == ObjectiveEnergy {
			ea, oka := workloadEnergy(a)
			eb, okb := workloadEnergy(b)
			if oka != okb { // a known energy first
				if oka {
					return -1
				}
				return 1
			}
			if oka && ea != eb {
				return cmp.Compare(ea, eb)
			}
		}
		if a.Verdict == Pass && objective == ObjectiveSmallest {
			if a.ClockHz != b.ClockHz {
				return cmp.Compare(a.ClockHz, b.ClockHz)
			}
			if fa, fb := flashOrder(a), flashOrder(b); fa != fb {
				return cmp.Compare(fa, fb)
			}
		}
		if ha, hb := h(a), h(b); ha != hb {
			return -cmp.Compare(ha, hb)
		}
		return strings.Compare(a.Key, b.Key)
	})
	// Permute in place, cycle by cycle: position k takes cs[idx[k]].
	for k := range idx {
		if idx[k] < 0 {
			continue
		}
		tmp, j := cs[k], k
		for {
			next := idx[j]
			idx[j] = -1
			if next == k {
				cs[j] = tmp
				break
			}
			cs[j], j = cs[next], next
		}
	}
}
