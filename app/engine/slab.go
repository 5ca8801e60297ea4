package engine

// slab hands out values from chunks. A ranking makes a few small
// objects per candidate (a headroom, a CPU share, an energy, the
// requirements), hundreds in all; in the browser every allocation costs
// (it was half of a ranking's time in WebAssembly), and chunks make one
// allocation of many. A value keeps its chunk alive: all of them belong
// to one ranking's result.
type slab[T any] struct{ chunk []T }

const slabChunk = 64

// new is a pointer to a zero T.
func (s *slab[T]) new() *T {
	if len(s.chunk) == cap(s.chunk) {
		s.chunk = make([]T, 0, slabChunk)
	}
	s.chunk = s.chunk[:len(s.chunk)+1]
	return &s.chunk[len(s.chunk)-1]
}

// slice is an empty slice with room for n Ts: appending past n copies it
// instead of writing into its neighbour's.
func (s *slab[T]) slice(n int) []T {
	if n == 0 {
		return []T{} // never nil: it is written out as a list
	}
	if cap(s.chunk)-len(s.chunk) < n {
		s.chunk = make([]T, 0, max(slabChunk, n))
	}
	k := len(s.chunk)
	s.chunk = s.chunk[:k+n]
	return s.chunk[k : k : k+n]
}

// num is a pointer to v, from the ranking's slab of figures.
func (e *Eval) num(v float64) *float64 {
	p := e.nums.new()
	*p = v
	return p
}
