package catalog

import "cryptosizer/app/tlsram"

// Answer is what one build publishes for one question, asked once
// (Catalog.Ask): every figure it gives is at the same clock under the
// same question, so that a clock of one question cannot be paired with
// another. A value: a ranking asks once per build, and keeps nothing.
type Answer struct {
	cat   *Catalog
	b     *Build
	q     Question
	clock Clock
}

// Ask asks the catalogue what build b publishes for question q.
func (cat *Catalog) Ask(b *Build, q Question) Answer {
	return Answer{cat: cat, b: b, q: q, clock: clockFor(b, q)}
}

// Clock is the clock the figures are at, and how they follow from the
// measured ones (the answer's own: read, not changed).
func (a *Answer) Clock() *Clock { return &a.clock }

// Figure is op's figure: the build's own at the answer's clock, or one a
// cycle-count source lends where the question allows; Missing when there
// is none.
func (a *Answer) Figure(op string) Figure { return a.cat.figure(a.b, op, a.clock, a.q) }

// Compared is what the cycle counts give for op on the build's part,
// whether or not the build has a figure of its own (the details compare
// the two); ok is false when no source the question allows lends op to
// the build's core, or the clock is unknown.
func (a *Answer) Compared(op string) (Figure, bool) {
	return a.cat.lentFrom(a.b, op, a.clock, a.q, func(source string) bool { return a.q.Lends(source, op) })
}

// Publishes reports whether the build has a figure for op at some clock:
// its own, or one a cycle-count source the question allows counts. An
// operation it does not publish is what it lacks (Lacks), whatever the
// clock or the part's facts.
func (a *Answer) Publishes(op string) bool {
	if _, ok := lookup(a.b, op); ok {
		return true
	}
	return a.cat.hasLender(op, a.q)
}

// SessionRAM is the TLS session RAM the user measured on the build (its
// import set's, bench.SessionRAM) and the set's name; 0 and "" without.
func (a *Answer) SessionRAM() (int64, string) {
	if a.b.sessionRAM <= 0 {
		return 0, ""
	}
	return a.b.sessionRAM, a.b.id.Imported
}

// TLSStack is the TLS stack whose buffering the build's session holds
// (its library's own, or the standards' for a crypto library alone).
func (a *Answer) TLSStack() tlsram.Stack { return tlsram.StackOf(a.b.lib.Name) }

// Series is the build's part series ("" without ST's facts).
func (a *Answer) Series() string {
	if a.b.facts == nil {
		return ""
	}
	return a.b.facts.Series
}
