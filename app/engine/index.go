package engine

import (
	"cmp"
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
	"cryptosizer/app/catalog"
)

// The catalogue's types the engine's results carry (package catalog
// says what each is).
type (
	From         = catalog.From
	PartFacts    = catalog.PartFacts
	GroupSummary = catalog.GroupSummary
	Donor        = catalog.Donor
	Spread       = catalog.Spread
	SpreadPair   = catalog.SpreadPair
	ClockMode    = catalog.ClockMode
)

// Clock modes (catalog.ClockMode).
const (
	ClockMeasured = catalog.ClockMeasured
	ClockMax      = catalog.ClockMax
	ClockMHz      = catalog.ClockMHz
)

// Whether post-quantum figures may be lent (pqc-from).
const (
	PQCFromLent = "lent"
	PQCFromNone = "none"
)

// Index is a dataset's catalogue made ready for ranking, with the terms
// of the last rankings (memo.go).
type Index struct {
	cat    *catalog.Catalog
	builds []*catalog.Build
	// slots are each build's place in the memo (memo.go): its own, or,
	// for an estimate, the one it shares with the estimates of the same
	// donor at the same maximum clock.
	slots  []int
	nslots int
	// keyRank is each build's place among the builds in the order of
	// their keys (equal keys in build order): order's last tie-break,
	// compared as integers (comparing the keys' text was a third of
	// the order's time in the browser). sibling is each build's group
	// of builds of one MCU, board and library in several versions
	// (siblings; -1 for none), nsiblings how many there are.
	keyRank   []int32
	sibling   []int32
	nsiblings int
	memos     memos
}

// NewIndex prepares a dataset for ranking: Over its catalogue.
func NewIndex(ds *bench.Dataset) *Index { return Over(catalog.New(ds)) }

// Over prepares a catalogue for ranking (one made by a catalog.Maker
// that pauses, in the browser).
func Over(cat *catalog.Catalog) *Index {
	ix := &Index{cat: cat, builds: cat.Builds, slots: make([]int, len(cat.Builds))}
	type shared struct {
		donor  *catalog.Build
		clock  int64
		limits *bench.PartGroup
	}
	slotOf := map[shared]int{}
	for i, b := range cat.Builds {
		if !b.Estimated() {
			ix.slots[i], ix.nslots = ix.nslots, ix.nslots+1
			continue
		}
		var k shared
		k.donor, k.clock, k.limits = b.SameFigures()
		s, ok := slotOf[k]
		if !ok {
			s, ix.nslots = ix.nslots, ix.nslots+1
			slotOf[k] = s
		}
		ix.slots[i] = s
	}
	ix.keyRank = keyRanks(cat.Builds)
	ix.sibling, ix.nsiblings = siblingGroups(cat.Builds)
	return ix
}

// keyRanks are the builds' places in the order of their keys, equal
// keys in the builds' order (Index.keyRank).
func keyRanks(bs []*catalog.Build) []int32 {
	byKey := make([]int, len(bs))
	for i := range byKey {
		byKey[i] = i
	}
	slices.SortFunc(byKey, func(i, j int) int {
		return cmp.Or(strings.Compare(bs[i].Shown().Key, bs[j].Shown().Key), cmp.Compare(i, j))
	})
	rank := make([]int32, len(bs))
	for r, i := range byKey {
		rank[i] = int32(r)
	}
	return rank
}

// siblingGroups numbers the groups of builds on a board (of one MCU and
// library) in more than one library version, and gives each build its
// group (-1: none): the builds siblings may name.
func siblingGroups(bs []*catalog.Build) (group []int32, n int) {
	keys := make([]string, len(bs)) // MCU, board and library ("" without a board)
	first := map[string]string{}    // a board's first version
	several := map[string]bool{}    // and whether it has another
	for i, b := range bs {
		if id := b.Shown().ID; id.Board != "" {
			keys[i] = id.MCU + "\x00" + id.Board + "\x00" + id.Library
			if v, ok := first[keys[i]]; !ok {
				first[keys[i]] = id.LibraryVersion
			} else if v != id.LibraryVersion {
				several[keys[i]] = true
			}
		}
	}
	number := map[string]int32{}
	group = make([]int32, len(bs))
	for i, k := range keys {
		group[i] = -1
		if several[k] {
			g, ok := number[k]
			if !ok {
				g = int32(len(number))
				number[k] = g
			}
			group[i] = g
		}
	}
	return group, len(number)
}

// Dataset is the data the index ranks.
func (ix *Index) Dataset() *bench.Dataset { return ix.cat.Dataset() }

// Spreads lists the spread per core, for the documentation and the page.
func (ix *Index) Spreads() []Spread { return ix.cat.Spreads() }

// Validation is the leave-one-part-out validation of the estimates,
// per core and term class (made on first use).
func (ix *Index) Validation() []catalog.Validated { return ix.cat.Validation() }

// ValidationFor is a core's validation over both term classes (nil: no
// check was possible there).
func (ix *Index) ValidationFor(core string) *catalog.Validated { return ix.cat.ValidationFor(core) }

// question is what the workload asks of every figure.
func question(w *Workload) catalog.Question {
	q := catalog.Question{Clock: w.Clock, ClockMHz: w.ClockMHz, Smallest: w.Objective == ObjectiveSmallest, NoPQC: w.PQCFrom == PQCFromNone}
	if w.EstimateMargin != nil {
		q.Margin, q.OwnMargin = *w.EstimateMargin, true
	}
	if w.Lend != nil {
		q.Lenders = catalog.OnlyLenders(w.Lend)
	}
	return q
}

// Term asks the catalogue for op's figure on the candidate at its clock:
// count operations (or, for a bulk op, count passes over bytes bytes)
// under rule. A term whose figure is missing has no figures.
func (e *Eval) Term(op string, count float64, rule RuleID, bytes int64) Term {
	return term(e.a.Figure(op), op, count, rule, bytes)
}

// Along asks the catalogue for the bootloader's figure, or the build's
// own (Figures.Along).
func (e *Eval) Along(ops []string, count float64, rule RuleID, bytes int64, r *boot.Route) Term {
	if r != nil {
		op, f := e.a.Along(ops, *r)
		return term(f, op, count, rule, bytes)
	}
	t := e.Term(ops[0], count, rule, bytes)
	for i := 1; i < len(ops) && t.Missing; i++ {
		if alt := e.Term(ops[i], count, rule, bytes); !alt.Missing {
			t = alt
		}
	}
	return t
}

// term is a figure as a term: an estimate's or a lent figure's decides
// by its slow end (Slow; Total and Rate follow it).
func term(f catalog.Figure, op string, count float64, rule RuleID, bytes int64) Term {
	t := Term{Op: op, Count: count, Rule: rule, Bytes: bytes, Missing: f.Missing, NoCode: f.NoCode}
	if f.Missing {
		return t
	}
	if bytes > 0 {
		t.Rate = f.Rate
		t.Each = float64(bytes) / t.Rate
	} else {
		t.Each = f.Each
	}
	t.Total = t.Each * count
	if f.Spread > 0 {
		t.Slow = t.Each * f.Spread
		t.Total = t.Slow * count
		if bytes > 0 {
			t.SlowRate = t.Rate / f.Spread
		}
	}
	t.Worst, t.Stack, t.Work = f.Worst, f.Stack, f.Work
	t.Source, t.Pos, t.Method, t.Config = f.Source, f.Pos, f.Method, f.Config
	t.Basis, t.From = f.Basis, f.From
	return t
}
