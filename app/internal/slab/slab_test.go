package slab

import "testing"

// Values handed out are zero, slices never overlap their neighbours, and
// after Reset the same memory is handed out again, cleared.
func TestResetReusesClearedChunks(t *testing.T) {
	var s Of[int]
	first := s.New()
	*first = 7
	a := s.Slice(3)
	a = append(a, 1, 2, 3)
	b := s.Slice(2)
	b = append(b, 9)
	if a[2] != 3 || len(b) != 1 || b[0] != 9 {
		t.Fatalf("neighbouring slices overlap: %v %v", a, b)
	}
	if got := append(a, 4); &got[0] == &a[0] {
		t.Error("appending past a slice's room wrote into its neighbour")
	}
	big := s.Slice(Chunk * 2)
	if cap(big) != Chunk*2 {
		t.Errorf("a slice larger than a chunk has room %d, want %d", cap(big), Chunk*2)
	}
	s.Reset()
	again := s.New()
	if again != first {
		t.Error("Reset did not hand the first chunk out again")
	}
	if *again != 0 {
		t.Errorf("a reused value is %d, want zero", *again)
	}
	for i, v := range s.Slice(3)[:3] {
		if v != 0 {
			t.Errorf("reused slice element %d is %d, want zero", i, v)
		}
	}
	if e := s.Slice(0); e == nil || len(e) != 0 {
		t.Errorf("Slice(0) = %v, want an empty non-nil slice", e)
	}
}
