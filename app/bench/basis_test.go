package bench

import "testing"

func TestWeaker(t *testing.T) {
	tests := []struct{ a, b, want Basis }{
		{"", "", ""},
		{"", Measured, Measured},
		{Measured, "", Measured},
		{Measured, ClockScaled, ClockScaled},
		{ClockScaled, Measured, ClockScaled},
		{CycleCount, ClockScaled, CycleCount},
		{Estimated, CycleCount, Estimated},
		{Measured, "made-up", "made-up"},
	}
	for _, tc := range tests {
		t.Run(string(tc.a)+"+"+string(tc.b), func(t *testing.T) {
			if got := Weaker(tc.a, tc.b); got != tc.want {
				t.Errorf("Weaker(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
			}
		})
	}
}
