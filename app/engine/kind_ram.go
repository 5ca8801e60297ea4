package engine

import "cryptosizer/app/bench"

// KindFreeRAM asks for RAM left for the application: the part's RAM
// less the RAM the workload's crypto takes where a source publishes it
// (CMOX's footprints, pqm4's stack). Unknown when it is not published.
const KindFreeRAM KindName = "min-free-ram"

// RuleFreeRAM is the free-RAM requirement's rule.
const RuleFreeRAM RuleID = "min-free-ram"

// FreeRAM is the least RAM, in bytes, the application needs.
type FreeRAM struct {
	Bytes int64 `json:"bytes"`
}

type freeRAMKind struct{}

func (freeRAMKind) Name() KindName { return KindFreeRAM }
func (freeRAMKind) Title() string  { return "Budget and clock" }

func (freeRAMKind) Rules() []Rule {
	return []Rule{{RuleFreeRAM, "RAM left for the application = the part's RAM − the crypto's published RAM (the library footprint's globals plus the largest stack and working buffer of the operations used, and the stack of operations taken from pqm4); unknown where a figure is not published",
		"ST's part database <Ram>; CMOX footprint tables; pqm4 benchmarks.md (memory evaluation)"}}
}

func (freeRAMKind) Fields() []Field {
	return []Field{{Name: "min-free-ram", Group: "budget", Label: "RAM left for the application",
		Accepted: "a size such as 64KiB (empty: no requirement)", Parse: bench.Wrap(bench.ReadSize)}}
}

// Read gives the requirement when it is set.
func (freeRAMKind) Read(v *Values) Load {
	n, ok := v.Any("min-free-ram").(int64)
	if !ok || n <= 0 {
		return nil
	}
	return &FreeRAM{Bytes: n}
}

// Aggregate: the RAM is the other requirements' operations'.
func (freeRAMKind) Aggregate() bool { return true }

func (f *FreeRAM) Kind() KindName { return KindFreeRAM }

// Terms: none of its own (an aggregate).
func (*FreeRAM) Terms(Figures) []Term { return nil }

// Evaluate holds the RAM left against the least needed.
func (f *FreeRAM) Evaluate(e *Eval, _ []Term) (Requirement, bool) {
	r := NewRequirement(KindFreeRAM, RuleFreeRAM, float64(f.Bytes), "B", 0)
	m := e.memory(e.Reqs)
	switch {
	case m == nil:
		r.Missing = append(r.Missing, GapPartFacts)
		return r, true
	case m.FreeRAMBytes == nil:
		r.Missing = append(r.Missing, m.Gap)
		return r, true
	}
	free, need, atMost := float64(*m.FreeRAMBytes), float64(f.Bytes), m.LowerBound
	if m.UpperBound && free < need {
		// At least this, not enough; at most the part less the session.
		free, atMost = float64(m.PartRAMBytes-m.SessionBytes), true
	}
	if atMost && free >= need {
		// At most this: enough or not depends on what nobody published.
		r.Missing = append(r.Missing, m.Gap)
		return r, true
	}
	h := free / float64(f.Bytes)
	r.Achieved, r.Headroom, r.Basis = e.num(free), e.num(h), m.Basis
	return r, true
}
