package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// pqcLabels names the borrowed operations of a candidate by scheme and
// lender: "ML-KEM-768 from pqm4 m4fspeed", "X25519 from Lenngren
// X25519-Cortex-M4" (an implementation that names its source stands
// alone).
func pqcLabels(reqs []Requirement, lib bench.Library) []string {
	var out []string
	for _, r := range reqs {
		for _, t := range r.Terms {
			f := t.From
			if f == nil || f.Source == "" {
				continue
			}
			s := catalog.Scheme(t.Op)
			from := f.Source + " " + f.Implementation
			if strings.Contains(strings.ToLower(f.Implementation), strings.ToLower(f.Source)) {
				from = f.Implementation
			}
			label := strings.ToUpper(s[:min(6, len(s))]) + s[min(6, len(s)):] + " from " + from
			for _, l := range lib.Lacks {
				if strings.HasPrefix(t.Op, l.Prefix) {
					label += "; " + l.Note
				}
			}
			out = appendUnique(out, label)
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
	if !e.b.OwnPQC || !e.b.HasFact || e.q.NoPQC {
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
