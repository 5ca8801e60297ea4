package stcryptolib

import "testing"

// The restatement's doubts, in whatever case and wherever they point: a
// row "identical to … : see there" shares the other row's doubt (the F0
// size build's Ed25519, audit finding), a "possibly copied" figure is
// doubted; a note on a column or a spelling is not.
func TestFlaggedNotes(t *testing.T) {
	for note, want := range map[string]bool{
		"Identical to the F0 speed-build row: see there.":                                                       true,
		"Identical to the F0 size-build row although the code sizes differ: one of the two is probably a copy.": true,
		"Identical to the speed build (190947992): possibly copied.":                                            true,
		"See the L0 size build.": true,
		"\"Verification\" 18559784 repeats the L0 Curve25519 speed-build key generation figure: doubtful.": true,
		"The figure is in the \"Signature\" column.":                                                       false,
		"": false,
	} {
		if got := flagged.MatchString(note); got != want {
			t.Errorf("flagged(%q) = %v, want %v", note, got, want)
		}
	}
}
