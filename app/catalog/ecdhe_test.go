package catalog

import (
	"math"
	"testing"

	"cryptosizer/app/bench"
)

// The rule's arithmetic: the median, the range, how many kept the bound,
// and each build predicted by the median of the others.
func TestECDHERuleArithmetic(t *testing.T) {
	r := ecdheRule("ecdh-p256-agree", "ecdsa-p256-verify", []float64{0.5, 0.6, 0.7, 1.2})
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	// Medians without each: 0.7, 0.7, 0.6, 0.6 → predicted ÷ measured
	// 1.4, 7/6, 6/7, 0.5.
	if !near(r.Median, 0.65) || r.Min != 0.5 || r.Max != 1.2 || r.Held != 3 || r.Builds != 4 || !near(r.LOOLow, 0.5) || !near(r.LOOHigh, 1.4) {
		t.Errorf("%+v", r)
	}
}

// Which labels the rule reads as wolfSSL's SP code in software.
func TestSPSoftwareLabels(t *testing.T) {
	for _, tc := range []struct {
		config string
		accel  []string
		want   bool
	}{
		{"Bare_Test c: pure C, no STM32 units; caches as reset leaves them", nil, true},
		{"Bare_Test bare: STM32 units by direct register access, no HAL", []string{"AES", "HASH"}, true},
		{"Bare_Test bare: STM32 units by direct register access, no HAL", []string{"AES", "HASH", "PKA"}, false},
		{"No STM HW Crypto, SP Math C32", nil, true},
		{"-O2, No HW Crypto, WOLF_CONF_ARMASM=1, WOLF_CONF_MATH=4 (sp_cortexm.c)", nil, true},
		{"(-Os) Using our software based ARM Assembly speedups (no hardware crypto)", nil, true},
		{"No HW Crypto, -Os, FastMath", nil, false},
		{"No HW Crypto, SP Math All (sp_int.c) NO ASM", nil, false},
		{"No HW Crypto, -Os, SP Math All (WOLF_CONF_MATH=6)", nil, false},
		{"-Os, HW Crypto (AES/HASH/PKA), WOLF_CONF_MATH=3 (sp_c32.c)", []string{"AES", "HASH", "PKA"}, false},
	} {
		b := &Build{lib: bench.Library{Name: "wolfSSL"}}
		b.id.Config, b.id.Acceleration = tc.config, tc.accel
		if got := spSoftware(b); got != tc.want {
			t.Errorf("%q %v: %v, want %v", tc.config, tc.accel, got, tc.want)
		}
	}
}
