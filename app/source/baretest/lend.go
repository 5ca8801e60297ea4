package baretest

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// LendName is the G071's ML-DSA as a cycle-count source: the name its
// lent figures, lendings and terms carry.
const LendName = "wolfssl-g071"

// MLDSACycles lends the NUCLEO-G071RB's ML-DSA (wolfSSL in pure C at
// 64 MHz, CLK=64: the README's "#### PQC=mldsa*" tables) to the
// Cortex-M0+ builds that have no ML-DSA of their own — another library's
// on an M0+, or another wolfSSL configuration — as pqm4 lends to the
// Cortex-M4 (source.CycleSource). Its counts are the measured times ×
// 64 MHz, at the G071's flash wait states; the README publishes one time
// per operation, no slowest run, and heap but no stack per operation
// (the RAM of a lent figure stays unknown, never guessed).
type MLDSACycles struct{}

// Name is the source's name.
func (MLDSACycles) Name() string { return LendName }

// File is the shared restatement of the README.
func (MLDSACycles) File() string { return File }

// Derive reads the README's G071 ML-DSA runs into counts.
func (MLDSACycles) Derive(text string) ([]byte, int, error) {
	d, errs := Parse(text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	figs := mldsaCounts(d.Measurements)
	if len(figs) == 0 {
		return nil, 0, errors.New(File + ": no ML-DSA run at 64 MHz on the NUCLEO-G071RB")
	}
	return source.EncodeCycles(figs, d.Documents)
}

// Load reads what Derive wrote.
func (MLDSACycles) Load(b []byte) ([]bench.CycleFigure, []bench.Document, error) {
	return source.DecodeCycles(b, LendName)
}

// Lends: to the Cortex-M0+ only (the G071's core; another M0+ part runs
// the same code at its own wait states: estimated).
func (MLDSACycles) Lends() []bench.Lending {
	return []bench.Lending{{Source: LendName, Core: "Cortex-M0+", From: "Cortex-M0+", Basis: bench.Estimated}}
}

// mldsaCounts are the G071's ML-DSA runs at their own clock as counts,
// one implementation per memory variant ("PQC=mldsa-vfy-fast").
func mldsaCounts(ms []bench.Measurement) []bench.CycleFigure {
	var out []bench.CycleFigure
	for _, m := range ms {
		if !strings.HasPrefix(m.Op, "ml-dsa-") || m.MCU != "STM32G071RB" || !ownRun(m.Config) || m.SecondsPerOp == nil || m.ClockHz <= 0 {
			continue
		}
		variant, _, _ := strings.Cut(m.Config, " (")
		variant = strings.TrimPrefix(variant, "Bare_Test c, ")
		cycles := *m.SecondsPerOp * float64(m.ClockHz)
		out = append(out, bench.CycleFigure{Source: LendName, Core: "Cortex-M0+", Op: m.Op,
			Implementation: "wolfSSL pure C " + variant, Cycles: cycles, MinCycles: cycles,
			ClockHz: m.ClockHz, Board: "NUCLEO-G071RB (STM32G071RB) at 64 MHz (CLK=64)",
			Printed: m.Printed + " at " + strconv.FormatFloat(float64(m.ClockHz)/1e6, 'f', -1, 64) + " MHz = " + strconv.FormatFloat(math.Round(cycles), 'f', 0, 64) + " cycles",
			Pos:     m.Pos})
	}
	return out
}
