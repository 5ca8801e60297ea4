package engine

import (
	"slices"

	"cryptosizer/app/catalog"
)

// pqcCompared are, for a build with post-quantum figures of its own, the
// terms the cycle counts would give for the same operations on the same
// part: shown beside its own, never counted.
func (e *Eval) pqcCompared(reqs []Requirement) []Term {
	if !e.a.OwnPQC() || !e.a.HasFacts() || e.q.NoPQC {
		return nil
	}
	var out []Term
	for _, r := range reqs {
		for _, t := range r.Terms {
			if !catalog.IsPQC(t.Op) || t.Missing || slices.ContainsFunc(out, func(o Term) bool { return o.Op == t.Op }) {
				continue
			}
			if f, ok := e.a.Compared(t.Op); ok {
				out = append(out, term(f, t.Op, t.Count, t.Rule, 0))
			}
		}
	}
	return out
}
