// Package slab hands out values from chunks, and takes the chunks back
// for reuse. A ranking makes a few small objects per candidate (a
// headroom, a CPU share, an energy, the requirements), hundreds in all;
// in the browser every allocation costs (it was half of a ranking's time
// in WebAssembly, and the collector is a keystroke's slowest moments),
// and chunks make one allocation of many. A value keeps its chunk alive
// until Reset hands the chunk out again.
package slab

// Chunk is how many values a chunk holds, unless Slice asks for more.
const Chunk = 64

// Of hands out Ts. Its zero value is ready to use.
type Of[T any] struct {
	chunk []T
	// used are the chunks handed out since the last Reset; spare those
	// Reset took back, cleared and handed out again before new ones.
	used, spare [][]T
}

// New is a pointer to a zero T.
func (s *Of[T]) New() *T {
	if len(s.chunk) == cap(s.chunk) {
		s.grow(1)
	}
	s.chunk = s.chunk[:len(s.chunk)+1]
	return &s.chunk[len(s.chunk)-1]
}

// Slice is an empty slice with room for n Ts: appending past n copies it
// instead of writing into its neighbour's. It is never nil (it is
// written out as a list).
func (s *Of[T]) Slice(n int) []T {
	if n == 0 {
		return []T{}
	}
	if cap(s.chunk)-len(s.chunk) < n {
		s.grow(n)
	}
	k := len(s.chunk)
	s.chunk = s.chunk[:k+n]
	return s.chunk[k : k : k+n]
}

// grow starts a chunk with room for n: a spare one, cleared, if one is
// large enough, else a new one.
func (s *Of[T]) grow(n int) {
	for len(s.spare) > 0 { // in the order they were first handed out
		c := s.spare[0]
		s.spare = s.spare[1:]
		if cap(c) >= n {
			clear(c[:cap(c)])
			s.chunk = c[:0]
			s.used = append(s.used, s.chunk)
			return
		}
	}
	s.chunk = make([]T, 0, max(Chunk, n))
	s.used = append(s.used, s.chunk)
}

// Reset takes back every value handed out, for New and Slice to hand out
// again: the caller must not read or keep any of them after it.
func (s *Of[T]) Reset() {
	s.spare = append(s.spare, s.used...)
	s.used, s.chunk = s.used[:0], nil
}
