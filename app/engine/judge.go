package engine

import (
	"slices"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// judge gives each requirement and the candidate a verdict: unknown
// while a figure is missing, fail below 1× headroom, else pass. The
// candidate's headroom is its tightest requirement's.
func judge(c *Candidate, sc *catalog.Clock, e *Eval) {
	c.Verdict = Pass
	c.Basis = sc.Basis()
	util, utilKnown, continuous := 0.0, true, false // no continuous load: no CPU share
	for i := range c.Requirements {
		r := &c.Requirements[i]
		judgeRequirement(r, c.Requirements[:i], sc)
		c.Basis = bench.Weaker(c.Basis, r.Basis)
		if continuous = continuous || r.Continuous; r.Continuous {
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
				if slices.Contains(c.Missing, m) {
					continue
				}
				if len(c.Missing) == cap(c.Missing) { // shared, or full: a list of its own, in the ranking's memory
					c.Missing = append(e.names(len(c.Missing)+len(r.Missing)), c.Missing...)
				}
				c.Missing = append(c.Missing, m)
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
	if c.Verdict == Fail {
		failing(c, e)
	}
	if utilKnown && continuous {
		c.Utilization = e.num(util)
	}
	if c.Verdict == Unknown {
		// No candidate-level figure stands in for a verdict that is not
		// known: the headroom of the requirements that are known is not
		// the candidate's.
		c.Headroom, c.Utilization, c.Bottleneck, c.BottleneckOp = nil, nil, "", ""
	}
}

// failing makes a FAIL's headroom and bottleneck its failing
// requirements': the least headroom among them, else the least on known
// figures alone (AtMost), else none (the first failing one named).
func failing(c *Candidate, e *Eval) {
	var at *Requirement
	c.Headroom, c.AtMost = nil, false
	for i := range c.Requirements {
		r := &c.Requirements[i]
		if r.Verdict != Fail {
			continue
		}
		h, most := r.Headroom, false
		if h == nil {
			h, most = r.AtMost, r.AtMost != nil
		}
		better := h != nil && (c.Headroom == nil || c.AtMost && !most || c.AtMost == most && *h < *c.Headroom)
		if better || at == nil && c.Headroom == nil {
			at = r
			if h != nil {
				c.Headroom, c.AtMost = e.num(*h), most
			}
		}
	}
	c.Bottleneck, c.BottleneckOp = at.Kind, heaviest(at.Terms)
}

// judgeRequirement gives a requirement its basis (its terms', or the
// weakest of the requirements before it that it adds up) and its
// verdict; a clock the figures cannot be scaled to leaves it unknown.
func judgeRequirement(r *Requirement, before []Requirement, sc *catalog.Clock) {
	b := r.summed.basis
	if !r.summed.known {
		b = basisOf(r.Terms)
	}
	if b != "" || r.Basis == "" { // an aggregate may set its own
		r.Basis = b
	}
	for _, k := range r.Of {
		for i := range before {
			if o := &before[i]; o.Kind == k {
				r.Basis = bench.Weaker(r.Basis, o.Basis)
			}
		}
	}
	if sc.Untrusted {
		r.Missing = missingUntrusted
		if NoteCode(sc.Note) == NoteNoMaxClock || NoteCode(sc.Note) == NoteSecondaryCore {
			r.Missing = missingMaxClock
		}
		r.Achieved, r.Headroom, r.Utilization = nil, nil, nil
	}
	switch {
	case r.KnownFail && (!sc.Untrusted || r.ramShort):
		r.Verdict = Fail // what is missing cannot make it pass
	case len(r.Missing) > 0:
		r.Verdict = Unknown
	case r.Headroom != nil && *r.Headroom >= 1:
		r.Verdict = Pass
	default:
		r.Verdict = Fail
	}
}

// noFigure reports whether a candidate has terms and a figure for none of
// them: it publishes nothing the workload needs.
func noFigure(c *Candidate) bool {
	terms := false
	for ri := range c.Requirements {
		for i := range c.Requirements[ri].Terms {
			if !c.Requirements[ri].Terms[i].Missing {
				return false
			}
			terms = true
		}
	}
	return terms
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
func anyFigure(a *catalog.Answer, c *Candidate) bool {
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
	top := &Term{}
	for i := range ts {
		if ts[i].Total > top.Total {
			top = &ts[i]
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
