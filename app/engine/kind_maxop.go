package engine

import "cryptosizer/app/bench"

// KindMaxOp limits the longest single operation a workload needs.
const KindMaxOp KindName = "max-op"

// RuleMaxOp is the max-op kind's rule.
const RuleMaxOp RuleID = "max-op"

// MaxOp is the longest single operation allowed, in seconds.
type MaxOp struct {
	Limit float64 `json:"limit_s"`
}

type maxOpKind struct{}

func (maxOpKind) Name() KindName { return KindMaxOp }
func (maxOpKind) Title() string  { return "Budget and clock" }

func (maxOpKind) Rules() []Rule {
	return []Rule{{RuleMaxOp, "an operation runs to completion, so the CPU is blocked for as long as the longest single public-key operation the workload needs (hashing and ciphers run in chunks the caller chooses, and are not counted)",
		"cryptosizer workload model (watchdog and real-time deadlines)"}}
}

func (maxOpKind) Fields() []Field {
	return []Field{{Name: "max-op", Group: "budget", Label: "Longest blocking operation",
		Accepted: "a duration from 1µs to 1h such as 100ms (empty: no limit)", Parse: bench.Wrap(bench.ReadDuration)}}
}

func (maxOpKind) Read(v *Values) Load {
	if !v.OK("max-op") {
		return nil
	}
	return &MaxOp{Limit: v.Float("max-op", 0)}
}

// Aggregate: the longest operation is one of the other requirements'.
func (maxOpKind) Aggregate() bool { return true }

func (m *MaxOp) Kind() KindName { return KindMaxOp }

// Terms: none of its own (an aggregate).
func (*MaxOp) Terms(Figures) []Term { return nil }

// Evaluate takes the longest single operation the requirements before it
// need, and holds it against the limit.
func (m *MaxOp) Evaluate(e *Eval, _ []Term) (Requirement, bool) {
	r := NewRequirement(KindMaxOp, RuleMaxOp, m.Limit, "s", 0)
	t, missing := Longest(e.Reqs)
	r.Missing = append(r.Missing, missing...)
	if len(missing) == 0 && t.Each > 0 {
		each := t.Blocking() // an estimate's slow end; the slowest published run
		t.Count, t.Total, t.Rule = 1, each, RuleMaxOp
		r.Terms = append(r.Terms, t)
		h := m.Limit / each
		r.Achieved, r.Headroom = e.num(each), e.num(h)
	}
	// One known operation already longer than the limit fails it.
	if r.KnownFail = len(missing) > 0 && t.Blocking() > m.Limit; r.KnownFail {
		r.AtMost = e.num(m.Limit / t.Blocking())
	}
	return r, true
}
