package browser

import (
	"strings"
	"testing"
)

// A fetched body is bounded: the dataset's size passes, one over the
// bound is refused with the URL and both sizes.
func TestFetchSizeIsBounded(t *testing.T) {
	for _, tc := range []struct {
		n  int
		ok bool
	}{{0, true}, {802682, true}, {MaxFetchBytes, true}, {MaxFetchBytes + 1, false}} {
		err := fetchSize("/web/dataset.bin", tc.n)
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "/web/dataset.bin") {
			t.Errorf("%d bytes: %v", tc.n, err)
		}
	}
}
