package engine

import (
	"slices"
	"sync"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// The engine's one cache. Typing in the form changes one figure at a
// time, most often a rate or a deadline, and the terms of a load (which
// operations, how many, how long each takes at the clock used) do not
// depend on it: only the arithmetic after them does. A ranking keeps the
// terms it made, per load and slot, under its memoKey — the workload's
// loads without their rates and deadlines, and the catalogue's question
// itself (every figure depends on nothing else) —, and
// the next ranking of the same shape takes them instead of asking the
// catalogue again. A slot is a build's, or, for an estimate, its donor's
// at its group's maximum clock: estimates of one donor carried to groups
// of one clock have the same figures (Index.slots), and a ranking asks
// for them once. Terms are never changed once made, so sharing them
// across candidates and rankings is safe.

// shaped is a load whose terms do not depend on one of its fields: shape
// is the load without it, comparable and holding no pointer (equal
// exactly when the fields are: TestMemoShapes).
type shaped interface {
	shape() any
}

func (t *TLS) shape() any {
	s := *t
	s.Rate, s.derived = 0, nil // derived: made of the rest, anew per parse
	return s
}

func (f *Firmware) shape() any {
	s := *f
	s.Deadline = 0
	return s
}

func (a *AES) shape() any {
	s := *a
	s.Rate = 0
	return s
}

// Scaled is w with each load's demand k times as high (k > 0): a rate
// k times, a deadline k times shorter, the rest as it was — w's shape,
// whose memo serves both — and no Query (w's is not its own). A
// keystroke in a rate makes candidates fail that passed, and runs code
// a ranking of w alone did not: the page warms with both (model.Warm).
func (w Workload) Scaled(k float64) Workload {
	loads := make([]Load, len(w.Loads))
	for i, l := range w.Loads {
		switch l := l.(type) {
		case *TLS:
			c := *l
			c.Rate *= k
			loads[i] = &c
		case *AES:
			c := *l
			c.Rate *= k
			loads[i] = &c
		case *Firmware:
			c := *l
			c.Deadline /= k
			loads[i] = &c
		default:
			loads[i] = l
		}
	}
	w.Loads, w.Query = loads, ""
	return w
}

// booted reports whether w's firmware names a bootloader (its terms are
// the bootloader's crypto, not the build's: termMemo.own, Eval.used).
func booted(w *Workload) bool {
	return slices.ContainsFunc(w.Loads, func(l Load) bool { f, ok := l.(*Firmware); return ok && f.Boot != "" })
}

// termMemo holds the terms of one workload shape: per load (its index
// in Workload.Loads) and slot (Index.slots), or per build where own: a
// bootloader's terms are its crypto's on the candidate's part, taken
// from the builds of the part's group (Answer.Along), and the
// estimates of one slot are of several groups.
type termMemo struct {
	key   memoKey
	own   bool
	terms [][][]Term
	views []*termsView // per slot, once its loads' terms are all known
	// missing are the operations without a figure of a kept terms
	// slice, by its first term (Eval.missingOf).
	missing map[*Term][]string
	// lacks are the operations each build has no figure for (Index.lacks;
	// nil when it has them all), once asked.
	lacks map[*catalog.Build][]string
	// answers are what each build publishes for the key's question (by
	// its index in Index.builds; asked[i] once made): the clock is
	// worked out once per shape, not per keystroke (~8 % of a ranking
	// in the browser). A question's answer holds the question.
	answers []catalog.Answer
	asked   []bool
	// works are the largest operations' work of each kept terms slice
	// of a TLS load (Eval.works), per load and slot as the terms.
	works [][]worked
	// sums are what a requirement adds up of each kept terms slice
	// (Eval.sumsOf), per load and slot as the terms.
	sums [][]termSums
}

// termSums are a terms slice's totals, once known (Eval.sumsOf): its time
// (the terms with a figure), whether one with a count lacks its figure,
// its weakest basis and whether an operation is post-quantum (the
// energy's factor). Made per candidate, they walked every term of every
// candidate per keystroke (Finish, the judging and the energy: ~0.5 ms
// of a ~5 ms ranking in the browser, where taking them costs ~0.15).
type termSums struct {
	total        float64
	basis        bench.Basis
	missing, pqc bool
	known        bool
}

// worked is a terms slice's work (work), once known.
type worked struct {
	hello, flight int64
	known         bool
}

// maxMemos is how many workload shapes an index keeps terms for: the
// one being typed in and the one before (a toggle back and forth).
const maxMemos = 2

type memos struct {
	mu   sync.Mutex
	list []*termMemo
	off  bool // keep none (the tests' fresh rankings)
}

// memoKey is what a ranking's terms depend on, by construction: each
// load's shape at its index (nil for an aggregate) and the question
// itself, comparable values (TestMemoShapes): nothing is printed.
type memoKey struct {
	shapes [maxShapes]any
	q      catalog.Question
}

const maxShapes = 8 // the loads a memo key holds: one of each kind

// keyOf is w's memo key; ok is false when a load is not shaped, or there
// are more loads than a key holds: such a workload keeps no terms.
func keyOf(w *Workload) (memoKey, bool) {
	k := memoKey{q: question(w)}
	if len(w.Loads) > maxShapes {
		return memoKey{}, false
	}
	for i, l := range w.Loads {
		if KindOf(l.Kind()).Aggregate() {
			continue
		}
		s, ok := l.(shaped)
		if !ok {
			return memoKey{}, false
		}
		k.shapes[i] = s.shape()
	}
	return k, true
}

// take hands the ranking the memo of w's key, its own until put back
// (rankings run concurrently in the CLI's tests); nil when w keeps none.
func (ix *Index) takeMemo(w *Workload) *termMemo {
	key, ok := keyOf(w)
	if !ok || ix.memos.off {
		return nil
	}
	ix.memos.mu.Lock()
	defer ix.memos.mu.Unlock()
	for i, m := range ix.memos.list {
		if m.key == key {
			ix.memos.list = append(ix.memos.list[:i], ix.memos.list[i+1:]...)
			return m
		}
	}
	m := &termMemo{key: key, terms: make([][][]Term, len(w.Loads)), missing: map[*Term][]string{}}
	n := ix.nslots
	if m.own = booted(w); m.own {
		n = len(ix.builds)
	}
	for i := range m.terms {
		m.terms[i] = make([][]Term, n)
	}
	m.views = make([]*termsView, n)
	m.answers, m.asked = make([]catalog.Answer, len(ix.builds)), make([]bool, len(ix.builds))
	m.works, m.sums = make([][]worked, len(w.Loads)), make([][]termSums, len(w.Loads))
	return m
}

// works is the work of the handshake's largest operation outside the
// server's flight and in it (work), of the current load's terms ts: the
// memo's, made once per slot.
func (e *Eval) works(ts []Term) (hello, flight int64) {
	if e.memo == nil {
		return work(ts)
	}
	if e.memo.works[e.load] == nil {
		e.memo.works[e.load] = make([]worked, len(e.memo.views))
	}
	w := &e.memo.works[e.load][e.slot]
	if !w.known {
		w.hello, w.flight = work(ts)
		w.known = true
	}
	return w.hello, w.flight
}

// sumsOf are the totals of terms ts: the memo's when ts are the current
// load's kept terms (made once per slot), else made now.
func (e *Eval) sumsOf(ts []Term) termSums {
	var kept *termSums
	if e.memo != nil && len(ts) > 0 {
		if own := e.memo.terms[e.load][e.slot]; len(own) > 0 && &own[0] == &ts[0] {
			if e.memo.sums[e.load] == nil {
				e.memo.sums[e.load] = make([]termSums, len(e.memo.views))
			}
			if kept = &e.memo.sums[e.load][e.slot]; kept.known {
				return *kept
			}
		}
	}
	s := termSums{basis: basisOf(ts), known: true}
	for i := range ts { // in place: a term is ~240 B
		if t := &ts[i]; t.Missing {
			s.missing = s.missing || t.Count > 0 || t.Bytes > 0
		} else {
			s.total += t.Total
		}
		s.pqc = s.pqc || catalog.IsPQC(ts[i].Op)
	}
	if kept != nil {
		*kept = s
	}
	return s
}

// ask is what build i (b) publishes for the ranking's question: the
// memo's answer, or the catalogue's, kept for the next ranking of the
// same shape.
func (e *Eval) ask(i int, b *catalog.Build) catalog.Answer {
	if e.memo == nil {
		return e.ix.cat.Ask(b, e.q)
	}
	if !e.memo.asked[i] {
		e.memo.answers[i], e.memo.asked[i] = e.ix.cat.Ask(b, e.q), true
	}
	return e.memo.answers[i]
}

// putMemo keeps m, the most recent first.
func (ix *Index) putMemo(m *termMemo) {
	if m == nil {
		return
	}
	ix.memos.mu.Lock()
	defer ix.memos.mu.Unlock()
	ix.memos.list = append([]*termMemo{m}, ix.memos.list...)
	if len(ix.memos.list) > maxMemos {
		ix.memos.list = ix.memos.list[:maxMemos]
	}
}

// terms are the current build's terms for load l (the load at index
// e.load): its slot's from an earlier ranking (or candidate) of the same
// shape, or what l asks of the build's figures, kept for the next. Loads
// never keep terms themselves.
func (e *Eval) terms(l Load) []Term {
	if e.memo != nil {
		if ts := e.memo.terms[e.load][e.slot]; ts != nil {
			return ts
		}
	}
	ts := l.Terms(e)
	if e.memo != nil {
		if ts == nil {
			ts = []Term{}
		}
		e.memo.terms[e.load][e.slot] = ts
	}
	return ts
}

// termsView is what a candidate shows that follows from its loads' terms
// alone (aggregates add no operation of their own): the longest
// operation, the footprint, the post-quantum sources and the notes on
// slower acceleration. A ranking of a shape the memo knows takes it
// instead of walking the terms again (a third of a keystroke's
// evaluation). Shared read-only; the slices are clipped, so that adding
// to one copies it.
type termsView struct {
	longestOp   string
	longestS    *float64
	basis       [2]bench.Basis // the longest operation's, the lent stack's
	footprint   *Footprint
	lentFrom    []string
	lentStack   *int64
	pqcCompared []Term
	why         []Note
	noCode      bool // a cycle-count source counts an operation but lends it to no core like this one
	// versions are the library's measured versions' spread for the
	// operations used: a measured build's own (its slot is its alone),
	// none for an estimate (the builds of its slot are all estimates).
	versions []catalog.VersionRange
}

// usesOp reports whether a term of reqs counts op.
func usesOp(reqs []Requirement, op string) bool {
	for i := range reqs { // in place: a requirement is ~250 B, a term ~240 B
		for j := range reqs[i].Terms {
			if reqs[i].Terms[j].Op == op {
				return true
			}
		}
	}
	return false
}

// view is the terms view of the current build, whose loads' requirements
// are reqs (a slot's: the same for every build of the slot).
func (e *Eval) view(reqs []Requirement) *termsView {
	if e.memo != nil {
		if v := e.memo.views[e.slot]; v != nil {
			return v
		}
	}
	u := e.used(reqs)
	v := &termsView{footprint: e.a.Footprint(u)}
	if t, missing := Longest(reqs); len(missing) == 0 && t.Each > 0 && !e.a.Clock().Untrusted {
		each := t.Blocking()
		v.longestOp, v.longestS, v.basis[0] = t.Op, &each, t.Basis
	}
	if v.lentFrom = slices.Clip(e.a.LentLabels(u)); v.lentFrom != nil {
		v.lentStack, v.basis[1] = catalog.LentStack(u)
	}
	v.pqcCompared = slices.Clip(e.pqcCompared(reqs))
	v.why = slices.Clip(slower(e.a, u))
	v.versions = slices.Clip(e.a.VersionSpreads(func(op string) bool { return usesOp(reqs, op) }))
	for _, r := range reqs {
		v.noCode = v.noCode || slices.ContainsFunc(r.Terms, func(t Term) bool { return t.NoCode })
	}
	if e.memo != nil {
		e.memo.views[e.slot] = v
	}
	return v
}
