// Package engine ranks candidates — a board with one library build — against
// a workload. A workload is a list of loads, one per requirement kind
// (kind.go; one file per kind: TLS, firmware, AES, CPU budget); each load
// turns into an operation mix by rules that cite their references
// (rules.go), each operation is looked up in the candidate's
// measurements, and the result is verdicts, headroom and the terms behind
// them, as data. It does no I/O and knows nothing of the UI; turning the
// data into words is package explain's job.
package engine

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
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
	Rate  float64 `json:"rate_bytes_per_s,omitempty"`
	// Slow is an estimate's slow end (Each × its spread); Total is Count ×
	// Slow then, and Rate the slow end's rate: an estimate decides by it.
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
	Rank    int     `json:"rank"`
	Verdict Verdict `json:"verdict"`
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
	// Group and Donor are set for an estimate: the part group it stands
	// for and the measured build its figures come from.
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
}

// Counts are candidates per verdict.
type Counts struct {
	Pass    int `json:"pass"`
	Unknown int `json:"unknown"`
	Fail    int `json:"fail"`
}

// build is the measurements of one candidate, by op, with what ranking
// needs to know about its part and library, looked up once.
type build struct {
	id       bench.Identity
	lib      bench.Library
	ops      map[string][]*bench.Measurement
	fact     bench.MCUFact
	hasFact  bool
	warnings []string
	flagged  map[string]bool // accelerators claimed but absent in silicon
	// footprints are the library's published footprints, by operation;
	// software the fastest figure per operation of the same part's
	// builds without acceleration in the same document.
	footprints map[string][]*bench.Footprint
	software   map[string]*bench.Measurement
	// group is the part group of ST's data the build's part is in, or,
	// for an estimate, the group it was carried to from donor.
	group   *bench.PartGroup
	members []bench.PartMember // the part numbers it stands for (partMembers)
	// key, facts and donorInfo are what every ranking shows of the build
	// whatever the workload, made once (candidates share them: read-only).
	key       string
	facts     *PartFacts
	donorInfo *Donor
	ownPQC    bool     // it has post-quantum figures of its own
	run       *float64 // run current (runCurrent), shared read-only
	minRAM    int64    // the smallest RAM of its part numbers (smallestRAM)
	noRAM     string   // why its RAM is unknown when it publishes no footprint
	donor     *build
	spread    Spread        // an estimate's: its core's
	summary   *GroupSummary // an estimate's group, summarized once
}

// Index groups a dataset's measurements into candidates once, so that
// ranking on every keystroke does not regroup them.
type Index struct {
	ds      *bench.Dataset
	builds  []*build
	spreads map[string]Spread
	pqc     pqcIndex
	memos   memos // the terms of the last rankings (memo.go)
}

// NewIndex prepares a dataset for ranking.
func NewIndex(ds *bench.Dataset) *Index {
	ix := &Index{ds: ds}
	byKey := map[string]*build{}
	for i := range ds.Measurements {
		m := &ds.Measurements[i]
		id := m.Identity
		lib := ds.Library(m.Library)
		if lib.ConfigPerOp {
			id.Config = bench.CandidateConfig
		}
		key := id.Key()
		b := byKey[key]
		if b == nil {
			b = &build{id: id, lib: lib, ops: map[string][]*bench.Measurement{}}
			byKey[key] = b
			ix.builds = append(ix.builds, b)
		}
		b.ops[m.Op] = append(b.ops[m.Op], m)
	}
	for _, b := range ix.builds {
		b.fact, b.hasFact = ds.Fact(b.id.MCU)
		b.warnings = []string{}
		docs := b.documents()
		for _, wn := range ds.Warnings {
			// A finding belongs to the builds of the documents that raise
			// it (one without documents, to every build of its part).
			if wn.MCU == b.id.MCU && (wn.Config == "" || wn.Config == b.id.Config) &&
				(len(wn.Documents) == 0 || slices.ContainsFunc(wn.Documents, func(d string) bool { return docs[d] })) {
				b.warnings = append(b.warnings, wn.Text)
			}
		}
		b.flagged = map[string]bool{}
		for _, a := range b.id.Acceleration {
			if b.hasFact && !b.fact.Has(a) {
				b.flagged[a] = true
			}
		}
	}
	ix.footprints()
	ix.software()
	ix.spreads = spreads(ix.builds)
	ix.estimates()
	ix.pqc = newPQCIndex(ds.Cycles, ds.Lending)
	for _, b := range ix.builds {
		if b.donor != nil { // measured builds come first: the donor's are made
			b.ownPQC = b.donor.ownPQC
		} else {
			b.ownPQC, b.key = ownPQC(b), b.id.Key()
		}
		b.members = partMembers(b)
		b.run, b.minRAM = runCurrent(b), smallestRAM(b)
		b.noRAM = b.lib.Name + " publishes no RAM figures for its operations"
		b.facts = partFacts(b)
		if d := b.donor; d != nil {
			b.key = "estimated:" + b.group.Key + "|" + d.key
			b.donorInfo = &Donor{MCU: d.id.MCU, Part: d.fact.Part, Board: d.id.Board, ClockHz: d.id.ClockHz, Key: d.key,
				Spread: Spread{Core: b.spread.Core, Factor: b.spread.Factor, Borrowed: b.spread.Borrowed}}
		}
	}
	return ix
}

// documents are the documents that publish the build's measurements.
func (b *build) documents() map[string]bool {
	docs := map[string]bool{}
	for _, ms := range b.ops {
		for _, m := range ms {
			docs[m.Pos.File] = true
			for _, p := range m.AlsoIn {
				docs[p.File] = true
			}
		}
	}
	return docs
}

// footprints files each footprint row under the builds of its part and
// library version.
func (ix *Index) footprints() {
	for i := range ix.ds.Footprints {
		f := &ix.ds.Footprints[i]
		for _, b := range ix.builds {
			if b.id.MCU == f.MCU && b.id.Library == f.Library && b.id.LibraryVersion == f.LibraryVersion && b.id.Imported == f.Imported &&
				(b.lib.ConfigPerOp || b.id.Config == f.Config) {
				if b.footprints == nil {
					b.footprints = map[string][]*bench.Footprint{}
				}
				b.footprints[f.Op] = append(b.footprints[f.Op], f)
			}
		}
	}
}

// software finds, for each accelerated build and each operation an
// accelerator it uses would speed up, the fastest figure among the same
// part's builds that do not use that accelerator, in the same source
// document (so that like is compared with like).
func (ix *Index) software() {
	for _, b := range ix.builds {
		if len(b.id.Acceleration) == 0 {
			continue
		}
		b.software = map[string]*bench.Measurement{}
		for op, mine := range b.ops {
			a := accelFor(op)
			if a == "" || !slices.Contains(b.id.Acceleration, a) {
				continue
			}
			for _, o := range ix.builds {
				if o == b || o.id.MCU != b.id.MCU || o.id.Library != b.id.Library || slices.Contains(o.id.Acceleration, a) {
					continue
				}
				for _, m := range o.ops[op] {
					if m.Pos.File == mine[0].Pos.File && (b.software[op] == nil || seconds(m) < seconds(b.software[op])) {
						b.software[op] = m
					}
				}
			}
		}
	}
}

// Dataset is the data the index ranks.
func (ix *Index) Dataset() *bench.Dataset { return ix.ds }

// Rank evaluates every candidate against w and orders them.
func (ix *Index) Rank(w Workload) Result {
	res := Result{Workload: w, Candidates: make([]Candidate, 0, len(ix.builds))}
	cache := map[loadKey]loadEval{}
	named := memberFilters(w) || w.MCU != "" // once per ranking, not per build
	// One Eval serves the whole ranking (evaluate resets it per build):
	// made per candidate, it and the workload it points to were a third
	// of a ranking's allocations.
	e := &Eval{ix: ix, w: &w, memo: ix.takeMemo(&w), named: named}
	defer ix.putMemo(e.memo)
	for i, b := range ix.builds {
		if !keep(b, w) {
			continue
		}
		e.bi = i
		c := ix.evaluate(b, e, cache)
		if b.donor != nil && named {
			c.Qualifying = qualifying(b, w)
		}
		res.Candidates = append(res.Candidates, c)
	}
	if len(res.Candidates) == 0 {
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

// lookup finds the measurement the engine uses for op in a build. Per-op
// libraries have several configurations: the fastest published one wins.
// Bulk figures prefer the library's most trusted method, then the largest
// chunk.
func lookup(b *build, op string) (*bench.Measurement, bool) {
	ms := b.ops[op]
	bulk := bench.IsBulk(op)
	var best *bench.Measurement
	for _, m := range ms {
		if best == nil || better(b.lib, bulk, m, best) {
			best = m
		}
	}
	if best == nil || bulk && best.BytesPerSecond == nil || !bulk && best.SecondsPerOp == nil {
		return nil, false
	}
	return best, true
}

func better(lib bench.Library, bulk bool, m, o *bench.Measurement) bool {
	if !bulk {
		return m.SecondsPerOp != nil && (o.SecondsPerOp == nil || *m.SecondsPerOp < *o.SecondsPerOp)
	}
	if m.BytesPerSecond == nil {
		return false
	}
	if o.BytesPerSecond == nil {
		return true
	}
	if rm, ro := methodRank(lib, m), methodRank(lib, o); rm != ro {
		return rm < ro
	}
	if cm, co := chunk(m), chunk(o); cm != co {
		return cm > co
	}
	return *m.BytesPerSecond > *o.BytesPerSecond
}

// methodRank is a method's place in the library's preference (lower is
// better; unlisted methods come last).
func methodRank(lib bench.Library, m *bench.Measurement) int {
	if i := slices.Index(lib.Methods, m.Method); i >= 0 {
		return i
	}
	return len(lib.Methods)
}

func chunk(m *bench.Measurement) int64 {
	if m.ChunkBytes != nil {
		return *m.ChunkBytes
	}
	if m.MessageBytes != nil {
		return *m.MessageBytes
	}
	return 0
}

// scaler turns times at the measured clock into times at the clock used.
type scaler struct {
	factor   float64 // multiply times by this
	clockHz  int64
	estimate bool
	note     NoteCode
	// untrusted is set when the figures cannot be scaled because their
	// stated clock is not credible: every figure is then unknown.
	untrusted bool
	// spread is an estimate's slow-end factor (0: not an estimate), and
	// spreadFrom the core whose pairs it comes from ("" when the user
	// set it).
	spread     float64
	spreadFrom string
}

// basis is how the scaler's figures are obtained.
func (s scaler) basis() bench.Basis {
	if s.spread > 0 {
		return bench.Estimated
	}
	if s.estimate {
		return bench.ClockScaled
	}
	return bench.Measured
}

// from is where a figure at the scaler's clock comes from.
func (s scaler) from(m *bench.Measurement) *From {
	f := &From{Document: m.Pos.File, Line: m.Pos.Line, Col: m.Pos.Col, Part: m.Part, ClockHz: m.ClockHz, Printed: m.Printed}
	if f.Part == "" {
		f.Part = m.MCU
	}
	if s.estimate {
		f.ToClockHz, f.TimeFactor = s.clockHz, s.factor
	}
	if s.spread > 0 {
		f.Spread, f.SpreadFrom = s.spread, s.spreadFrom
	}
	return f
}

// estimateClock is the scaler of an estimate: the donor's figures taken
// as cycles to the group's maximum clock (or the workload's, below it),
// with the slow end of the core's spread or the user's margin.
func estimateClock(b *build, w *Workload) scaler {
	d := b.donor
	s := scaler{factor: 1, clockHz: b.fact.MaxClockHz, estimate: true, note: NoteEstimated, spread: b.spread.Factor, spreadFrom: b.spread.Core}
	if b.spread.Borrowed != "" {
		s.spreadFrom = b.spread.Borrowed
	}
	if w.EstimateMargin != nil {
		s.spread, s.spreadFrom = 1+*w.EstimateMargin, ""
	}
	if s.spread < 1 {
		s.spread = 1
	}
	if b.fact.MaxClockHz <= 0 {
		s.untrusted, s.note, s.clockHz = true, NoteNoMaxClock, 0
		if b.group != nil && len(b.group.Cores) > 1 && b.group.Cores[0] != b.fact.Core && b.group.MaxClockHz > 0 {
			s.note = NoteSecondaryCore
		}
		return s
	}
	if w.Clock == ClockMHz {
		if t := int64(math.Round(w.ClockMHz * 1e6)); t < b.fact.MaxClockHz {
			s.clockHz = t
		}
	}
	s.factor = float64(d.id.ClockHz) / float64(s.clockHz)
	return s
}

func clockFor(b *build, w *Workload) scaler {
	if b.donor != nil {
		return estimateClock(b, w)
	}
	s := scaler{factor: 1, clockHz: b.id.ClockHz}
	if w.Clock == ClockMeasured || w.Clock == "" || b.id.ClockHz <= 0 {
		return s
	}
	if !b.hasFact {
		s.note = NoteNoFacts
		return s
	}
	f := b.fact
	if b.id.ClockHz > f.MaxClockHz {
		s.note = NoteUntrustedClock
		s.untrusted = true
		return s
	}
	target := f.MaxClockHz
	if w.Clock == ClockMHz {
		target = int64(math.Round(w.ClockMHz * 1e6))
		if target > f.MaxClockHz {
			s.note = NoteClockCapped
			target = f.MaxClockHz
		}
	}
	if target == b.id.ClockHz {
		return s
	}
	s.factor = float64(b.id.ClockHz) / float64(target)
	s.clockHz = target
	s.estimate = true
	s.note = NoteClockScaled
	return s
}

// Eval is what a load needs to judge one candidate: its measurements at
// the clock used, the workload's budget, and the requirements judged
// before it (loads are evaluated in kind order).
type Eval struct {
	ix *Index
	b  *build
	sc scaler
	w  *Workload
	// memo holds the terms of earlier rankings of the same shape; load
	// and bi are the indices of the load and build being evaluated.
	memo     *termMemo
	load, bi int
	named    bool // part filters or mcu= name part numbers (partRAM)
	// the ranking's slabs (slab.go)
	nums     slab[float64]
	reqs     slab[Requirement]
	energies slab[energyCell]
	memories slab[memoryCell]
	// Reqs are the requirements judged so far.
	Reqs []Requirement
}

// Budget is the CPU share crypto may use (1 without a budget).
func (e *Eval) Budget() float64 { return e.w.Budget() }

// Term looks an operation up: count operations (or, for a bulk op, count
// passes over bytes bytes) under rule. A term whose measurement is
// missing has no figures.
func (e *Eval) Term(op string, count float64, rule RuleID, bytes int64) Term {
	t := Term{Op: op, Count: count, Rule: rule, Bytes: bytes}
	m, ok := lookup(e.b, op)
	if !ok && !e.sc.untrusted && bytes == 0 && len(e.ix.pqc.byOp[op]) > 0 {
		bt, lent := e.borrow(op, count, rule)
		if lent {
			return bt
		}
		t.NoCode = bt.NoCode
	}
	if !ok || e.sc.untrusted {
		t.Missing = true
		return t
	}
	if bytes > 0 {
		t.Rate = *m.BytesPerSecond / e.sc.factor
		t.Each = float64(bytes) / t.Rate
	} else {
		t.Each = *m.SecondsPerOp * e.sc.factor
	}
	t.Total = t.Each * count
	if e.sc.spread > 0 {
		// An estimate decides by its slow end.
		t.Slow = t.Each * e.sc.spread
		t.Total = t.Slow * count
		if bytes > 0 {
			t.Rate /= e.sc.spread
		}
	}
	t.Source, t.Pos, t.Method = m.Source, m.Pos, m.Method
	t.Basis, t.From = e.sc.basis(), e.sc.from(m)
	if e.b.lib.ConfigPerOp {
		t.Config = m.Config
	}
	return t
}

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

// Finish totals a requirement's terms and lists what is missing.
func Finish(r *Requirement) float64 {
	var total float64
	for _, t := range r.Terms {
		if t.Missing {
			if t.Count > 0 || t.Bytes > 0 {
				r.Missing = appendUnique(r.Missing, t.Op)
			}
			continue
		}
		total += t.Total
	}
	return total
}

// NewRequirement starts a requirement of a kind, with room for its
// terms (0 for one that adds up other requirements).
func NewRequirement(kind KindName, rule RuleID, required float64, unit string, terms int) Requirement {
	return Requirement{Kind: kind, Rule: rule, Required: required, Unit: unit, Terms: make([]Term, 0, terms), Missing: []string{}}
}

// loadEval is what a donor's loads give at one clock: the same for every
// part group the donor is carried to at that clock (estimates of one
// donor share a maximum clock across many groups), so a ranking works it
// out once. The requirements are judged per candidate on copies; their
// terms are shared and never changed after they are made.
type loadEval struct {
	reqs      []Requirement
	footprint *Footprint // of the loads' operations (aggregates add none)
}

type loadKey struct {
	donor   *build
	clockHz int64
}

// evaluate judges build b; e is the ranking's Eval, reset here.
func (ix *Index) evaluate(b *build, e *Eval, cache map[loadKey]loadEval) Candidate {
	sc := clockFor(b, e.w)
	c := Candidate{Identity: b.id, ClockHz: sc.clockHz, MeasuredClockHz: b.id.ClockHz, Estimate: sc.estimate,
		Requirements: []Requirement{}, Missing: []string{}, Notes: []Note{}, Warnings: b.warnings, Why: []Note{}, Key: b.key}
	// The build is shown using only the units its part has; the label's
	// claim of one the part lacks is kept apart (its warning says why).
	c.Acceleration = []string{}
	for _, a := range b.id.Acceleration {
		if b.flagged[a] {
			c.ClaimedAcceleration = append(c.ClaimedAcceleration, a)
		} else {
			c.Acceleration = append(c.Acceleration, a)
		}
	}
	if sc.note != "" {
		c.Notes = scalerNote(sc.note)
	}
	if b.donor != nil {
		c.MeasuredClockHz = b.donor.id.ClockHz
		c.Group, c.Donor = b.summary, b.donorInfo
	}
	if b.hasFact {
		c.FlashBytes, c.RAMBytes = b.fact.FlashBytes, b.fact.RAMBytes
		c.ClockAboveMax = b.id.ClockHz > b.fact.MaxClockHz
	}
	e.b, e.sc, e.Reqs = b, sc, e.reqs.slice(len(e.w.Loads))
	key := loadKey{b.donor, sc.clockHz}
	var fp *Footprint
	le, cached := cache[key]
	if cached && b.donor != nil {
		e.Reqs, fp = append(e.Reqs, le.reqs...), le.footprint
	} else {
		for i, l := range e.w.Loads {
			if KindOf(l.Kind()).Aggregate() {
				continue // judged below, per candidate
			}
			e.load = i
			if r := l.Evaluate(e, e.terms(l)); r != nil {
				e.Reqs = append(e.Reqs, *r)
			}
		}
	}
	v := e.view(e.Reqs, fp, cached && b.donor != nil)
	if !cached && b.donor != nil && cache != nil {
		cache[key] = loadEval{reqs: slices.Clone(e.Reqs), footprint: v.footprint}
	}
	for _, l := range e.w.Loads {
		if !KindOf(l.Kind()).Aggregate() {
			continue
		}
		if r := l.Evaluate(e, nil); r != nil {
			e.Reqs = append(e.Reqs, *r)
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
	if b.hasFact {
		c.Energy = e.energy(c.Requirements)
	}
	c.Facts = b.facts
	c.Footprint = v.footprint
	c.Memory = memory(b, c.Footprint, c.PQCStackBytes, e.partRAM(), e.memories.new())
	c.Why = append(c.Why, v.why...)
	if c.ClockAboveMax {
		c.Why = append(c.Why, Note{Code: WhyClockAboveMax})
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
	for _, n := range []NoteCode{NoteClockScaled, NoteEstimated, NoteNoMaxClock, NoteSecondaryCore, NoteNoFacts, NoteUntrustedClock, NoteClockCapped} {
		scalerNotes[n] = slices.Clip([]Note{{Code: n}})
	}
}

func scalerNote(n NoteCode) []Note {
	if l, ok := scalerNotes[n]; ok {
		return l
	}
	return []Note{{Code: n}}
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
func judge(c *Candidate, sc scaler, e *Eval) {
	c.Verdict = Pass
	c.Basis = sc.basis()
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
		if sc.untrusted {
			r.Missing = missingUntrusted
			if sc.note == NoteNoMaxClock || sc.note == NoteSecondaryCore {
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
