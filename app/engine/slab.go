package engine

import (
	"cryptosizer/app/catalog"
	"cryptosizer/app/internal/slab"
)

// arena is a ranking's memory: its candidates and the small values they
// point to, kept by its Result for the next ranking into it (Ranking).
type arena struct {
	all      []Candidate
	nums     slab.Of[float64]
	strs     []string // names' room, strsUsed of it handed out in the last ranking
	reqs     slab.Of[Requirement]
	energies slab.Of[energyCell]
	memories slab.Of[catalog.MemoryCell]
	idx      []int      // order's
	keys     []orderKey // order's
	// from is each candidate's build (its index in Index.builds), in
	// the candidates' order once order has sorted them; spare is
	// order's room to move it, groups siblings'.
	from, spare []int32
	groups      [][]int
	strsUsed    int
}

// names is room for n names (len 0, cap n) from the ranking's memory:
// a candidate's missing operations merged from its requirements'. (A
// slab of strings was 3 KB more code in the wasm.)
func (a *arena) names(n int) []string {
	a.strsUsed += n
	if cap(a.strs)-len(a.strs) < n {
		a.strs = make([]string, 0, max(256, n, 2*cap(a.strs))) // the full one stays with the candidates holding it
	}
	k := len(a.strs)
	a.strs = a.strs[:k+n]
	return a.strs[k : k : k+n]
}

// reuse is a's memory for a ranking of n builds, its earlier ranking's
// values handed out again, cleared (a new arena for nil or too small).
func (a *arena) reuse(n int) *arena {
	if a == nil || cap(a.all) < n {
		return &arena{all: make([]Candidate, n), from: make([]int32, n), spare: make([]int32, n)}
	}
	a.all = a.all[:n] // each slot is written whole before it is read (rank)
	a.from, a.spare = a.from[:n], a.spare[:n]
	a.nums.Reset()
	if cap(a.strs) < a.strsUsed {
		a.strs = make([]string, 0, a.strsUsed) // one buffer for what the last ranking needed
	} else {
		clear(a.strs[:cap(a.strs)])
		a.strs = a.strs[:0]
	}
	a.strsUsed = 0
	a.reqs.Reset()
	a.energies.Reset()
	a.memories.Reset()
	return a
}

// num is a pointer to v, from the ranking's slab of figures.
func (e *Eval) num(v float64) *float64 {
	p := e.nums.New()
	*p = v
	return p
}
