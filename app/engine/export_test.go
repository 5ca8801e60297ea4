package engine

import "cryptosizer/app/bench"

// NewIndexWithoutMemo is an index whose rankings keep no terms: each
// asks the catalogue afresh, as if the memo did not exist.
func NewIndexWithoutMemo(ds *bench.Dataset) *Index {
	ix := NewIndex(ds)
	ix.memos.off = true
	return ix
}
