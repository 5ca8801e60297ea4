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
	"encoding/json"

	"cryptosizer/app/bench"
	"cryptosizer/app/tlsram"
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
	Work  int64 `json:"-"` // its working memory (catalog.Figure.Work): RAM peaks add it
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
	// KnownFail: figures are missing, but those known already fail the
	// requirement (a deadline the known terms alone overrun): a failure
	// known is a FAIL, whatever else is missing.
	KnownFail bool `json:"fails_on_known_figures,omitempty"`
	// AtMost is such a failure's headroom on its known figures (< 1): the
	// missing ones can only lower it.
	AtMost *float64 `json:"headroom_at_most,omitempty"`
	Rule   RuleID   `json:"rule"`
	// Session is a TLS load's session RAM: the least a handshake holds;
	// PeakBytes adds, per phase, its operations' published working memory.
	Session   *tlsram.Bound `json:"session_ram,omitempty"`
	PeakBytes int64         `json:"ram_peak_bytes,omitempty"`
	ramShort  bool          // the part cannot hold it: a failure no clock changes
	summed    termSums      // its terms' totals, once Finish made them (known)
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
	// Headroom is the tightest requirement's; a FAIL's is its failing
	// requirement's, never another's margin (AtMost: on known figures,
	// an upper bound), and Bottleneck names that requirement.
	Headroom *float64 `json:"headroom"`
	AtMost   bool     `json:"headroom_is_upper_bound,omitempty"`
	// Utilization is the CPU share of the continuous loads; nil when one
	// of them lacks a measurement.
	Utilization *float64 `json:"utilization"`
	Bottleneck  KindName `json:"bottleneck"`
	// BottleneckOp is the operation that weighs most in the bottleneck
	// requirement ("" for one without terms, such as the CPU budget).
	BottleneckOp string        `json:"bottleneck_op,omitempty"`
	Requirements []Requirement `json:"requirements"`
	// LongestOp is the longest single operation the workload needs on
	// this candidate, LongestOpS its time (the CPU is blocked that long;
	// nil while a figure it depends on is missing) and LongestBasis how
	// sure that time is; LentStackBasis is LentStackBytes'.
	LongestOp                    string      `json:"longest_op"`
	LongestOpS                   *float64    `json:"longest_op_s"`
	LongestBasis, LentStackBasis bench.Basis `json:"-"`
	Missing                      []string    `json:"missing"`
	Notes                        []Note      `json:"notes"`
	Warnings                     []string    `json:"warnings"`
	FlashBytes                   int64       `json:"flash_bytes"`
	RAMBytes                     int64       `json:"ram_bytes"`
	// Facts are the part's curated facts (nil without facts); Footprint
	// the library's published memory for the operations used (nil when
	// the source publishes none); Why notes what in the data may surprise.
	Facts *PartFacts `json:"part_facts"`
	// Group is the part group the candidate stands for (a measured
	// part's row stands for its whole silicon; nil outside ST's data);
	// Donor, for an estimate, the measured build its figures come from.
	Group *GroupSummary `json:"group,omitempty"`
	// LentFrom names the operations a cycle-count source lends (ML-KEM,
	// ML-DSA, X25519: "ML-KEM-768 from pqm4 m4fspeed"); LentStackBytes
	// is the largest stack among them, as the lender publishes it.
	// PQCCompared are, for a build with post-quantum figures of its own,
	// the terms pqm4's counts would give on the same part: not counted.
	LentFrom []string `json:"lent_from,omitempty"`
	// Energy and Memory are what the workload costs the battery and the
	// RAM (energy.go); nil without part facts.
	Energy         *Energy `json:"energy"`
	Memory         *Memory `json:"memory"`
	LentStackBytes *int64  `json:"lent_stack_bytes,omitempty"`
	PQCCompared    []Term  `json:"pqc_compared,omitempty"`
	// Versions: the library's measured versions on the part and path, per operation (never a verdict).
	Versions []VersionRange `json:"version_spread,omitempty"`
	// Qualifying are the group's part numbers that pass the filters on
	// part numbers (flash, RAM, package, …) when one is in force, or that
	// the mcu filter names when it names some members only.
	Qualifying []string `json:"qualifying_members,omitempty"`
	// Short are the part numbers the row does not stand for because
	// they cannot hold the TLS handshake's peak RAM (PeakBytes): the row
	// is judged on the rest (a group answers per part number).
	Short     []string   `json:"short_of_session_ram,omitempty"`
	Donor     *Donor     `json:"donor,omitempty"`
	Footprint *Footprint `json:"footprint"`
	Why       []Note     `json:"why"`
	Key       string     `json:"key"`
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
	// NoFigure are the builds that publish no figure for any operation
	// the workload needs, whose verdict therefore could not be known
	// (a build that fails on what it does publish stays a candidate):
	// not candidates, but listed with what they lack, never dropped in
	// silence.
	NoFigure NoFigure `json:"no_figure,omitempty"`
	// Unbuilt are the part groups the filters keep that no build stands
	// for: listed with why, never dropped in silence.
	Unbuilt []Unbuilt `json:"unbuilt,omitempty"`
	// from is the scratch the result was ranked into, and gen its
	// ranking then (nil: the result owns its memory); Check compares.
	from *Scratch
	gen  uint64
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

// sessionBytes is the TLS session's bound (nil: no TLS load) and the handshake's peak.
func sessionBytes(reqs []Requirement) (bound *tlsram.Bound, peak int64) {
	for i := range reqs {
		if s := reqs[i].Session; s != nil {
			bound, peak = s, reqs[i].PeakBytes
		}
	}
	return bound, peak
}
