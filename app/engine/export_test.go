package engine

import "cryptosizer/app/bench"

// NewIndexWithoutMemo is an index whose rankings keep no terms: each
// asks the catalogue afresh, as if the memo did not exist.
func NewIndexWithoutMemo(ds *bench.Dataset) *Index {
	ix := NewIndex(ds)
	ix.memos.off = true
	return ix
}

// MemoKeyOf is w's memo key (ok false: w keeps no terms).
func MemoKeyOf(w *Workload) (key any, ok bool) { return keyOf(w) }

// ShapeOf is a load's memo shape (ok false: the load keeps no terms).
func ShapeOf(l Load) (shape any, ok bool) {
	s, ok := l.(shaped)
	if !ok {
		return nil, false
	}
	return s.shape(), true
}

// MaxShapes is how many loads a memo key holds.
const MaxShapes = maxShapes
