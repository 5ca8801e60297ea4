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
	strs     slab.Of[string] // lists of names: a candidate's missing operations, its qualifying parts
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
	a.strs.Reset()
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
