package dataset

import (
	"math"
	"testing"
)

// A part number's optional floats read back exactly, short decimals and
// others alike; a bad tag is an error, not a panic.
func TestFloatqRoundTrip(t *testing.T) {
	for _, v := range []float64{0, 1.71, 1.62, 26, 105, -40, 0.001, math.Pi, 1e20, -2.5} {
		var w packer
		w.floatq(&v)
		r := unpacker{b: w.body}
		if got := r.floatq(); got == nil || *got != v || r.err != nil {
			t.Errorf("%v → %v (%v)", v, got, r.err)
		}
	}
	var w packer
	w.floatq(nil)
	if r := (unpacker{b: w.body}); r.floatq() != nil || r.err != nil {
		t.Error("nil does not read back as nil")
	}
	if bad := (unpacker{b: []byte{7}}); bad.floatq() != nil || bad.err == nil {
		t.Error("a bad tag read without an error")
	}
}
