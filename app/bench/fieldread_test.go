package bench

import (
	"slices"
	"testing"
)

// What each field reader accepts, and what it refuses.
func TestFieldReaders(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func(string) (any, bool)
		in   string
		want any // nil: refused
	}{
		{"number", Number(1e-6, 1e6), "20", 20.0},
		{"number", Number(1e-6, 1e6), ".5", 0.5},
		{"number", Number(1e-6, 1e6), "0", nil},
		{"number", Number(1e-6, 1e6), "1e3", 1000.0},
		{"number", Number(1e-6, 1e6), "2.5E-3", 0.0025},
		{"number", Number(1e-6, 1e6), "1e7", nil},
		{"number", Number(1e-6, 1e6), "1e", nil},
		{"number", Number(1e-6, 1e6), "e3", nil},
		{"number", Number(1e-6, 1e6), "-1", nil},
		{"number", Number(1e-6, 1e6), "NaN", nil},
		{"integer", Integer(0, 10), "3", 3},
		{"integer", Integer(0, 10), "11", nil},
		{"integer", Integer(0, 10), "2.5", nil},
		{"percent", Percent(0), "50%", 0.5},
		{"percent", Percent(0), " 70 ", 0.7},
		{"percent", Percent(0.0001), "0", nil},
		{"percent", Percent(0), "101", nil},
		{"list", List([]string{"H7", "U5"}), "u5, h7,U5", []string{"U5", "H7"}},
		{"list", List([]string{"H7", "U5"}), "F4", nil},
		{"list or none", ListOrNone([]string{"all", "pqm4"}), " None ", []string{}},
		{"list or none", ListOrNone([]string{"all", "pqm4"}), "PQM4", []string{"pqm4"}},
		{"list or none", ListOrNone([]string{"all", "pqm4"}), "none, pqm4", nil},
		{"accels", Accels, "pka, aes", []string{"PKA", "AES"}},
		{"accels", Accels, "none", []string(nil)},
		{"accels", Accels, "GPU", nil},
		{"boolean", Wrap(Boolean), "Yes", true},
		{"boolean", Wrap(Boolean), "off", false},
		{"boolean", Wrap(Boolean), "maybe", nil},
	} {
		got, ok := tc.read(tc.in)
		switch want := tc.want; {
		case want == nil && ok:
			t.Errorf("%s(%q) accepted %v", tc.name, tc.in, got)
		case want == nil:
		case !ok:
			t.Errorf("%s(%q) refused, want %v", tc.name, tc.in, want)
		default:
			if l, isList := want.([]string); isList {
				if g, _ := got.([]string); !slices.Equal(g, l) {
					t.Errorf("%s(%q) = %v, want %v", tc.name, tc.in, got, want)
				}
			} else if got != want {
				t.Errorf("%s(%q) = %v, want %v", tc.name, tc.in, got, want)
			}
		}
	}
	// "none" is a choice of nothing, not no choice: an empty list, not nil.
	if got, _ := ListOrNone(nil)("none"); got == nil || got.([]string) == nil {
		t.Errorf("ListOrNone(none) = %#v, want an empty list", got)
	}
}
