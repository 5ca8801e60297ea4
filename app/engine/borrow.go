package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/catalog"
)

// pqcLabels names the borrowed operations of a candidate by scheme:
// "ML-KEM-768 from pqm4 m4fspeed".
func pqcLabels(reqs []Requirement) []string {
	var out []string
	for _, r := range reqs {
		for _, t := range r.Terms {
			if t.From == nil || t.From.Source == "" {
				continue
			}
			l := strings.ToUpper(catalog.Scheme(t.Op)[:6]) + catalog.Scheme(t.Op)[6:] + " from " + t.From.Source + " " + t.From.Implementation
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
	if !e.b.OwnPQC || !e.b.HasFact || e.w.PQCFrom == PQCFromNone {
		return nil
	}
	var out []Term
	for _, r := range reqs {
		for _, t := range r.Terms {
			if !catalog.IsPQC(t.Op) || t.Missing || slices.ContainsFunc(out, func(o Term) bool { return o.Op == t.Op }) {
				continue
			}
			if f, ok := e.ix.cat.Lent(e.b, t.Op, e.sc, e.q); ok {
				out = append(out, term(f, t.Op, t.Count, t.Rule, 0))
			}
		}
	}
	return out
}
