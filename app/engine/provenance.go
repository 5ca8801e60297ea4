package engine

import "cryptosizer/app/bench"

// From is where a figure comes from: the source row (document, line,
// the part and clock it was measured at, the figure as printed, how it
// was measured) and the transformation that took it to the candidate.
type From struct {
	Document string `json:"document"`
	Line     int    `json:"line"`
	Col      int    `json:"col,omitempty"`
	// Part is the part the row was measured on.
	Part    string `json:"part"`
	ClockHz int64  `json:"clock_hz"`
	Printed string `json:"printed"`
	// ToClockHz and TimeFactor say how a clock-scaled figure was taken
	// to another clock of the same part: times multiply by TimeFactor =
	// ClockHz ÷ ToClockHz (cycles kept). Zero for a figure as measured.
	ToClockHz  int64   `json:"to_clock_hz,omitempty"`
	TimeFactor float64 `json:"time_factor,omitempty"`
	// Spread is an estimate's slow-end factor, from the pairs of
	// SpreadFrom's core ("" when the user set the margin).
	Spread     float64 `json:"spread,omitempty"`
	SpreadFrom string  `json:"spread_from,omitempty"`
	// Source, Implementation, Cycles and MaxCycles name a figure lent by
	// a cycle-count source ("pqm4", "m4fspeed", its average and slowest
	// run in cycles); empty for the build's own figures.
	Source         string  `json:"source,omitempty"`
	Implementation string  `json:"implementation,omitempty"`
	Cycles         float64 `json:"cycles,omitempty"`
	MaxCycles      float64 `json:"max_cycles,omitempty"`
	// CodeBytes is the lent implementation's code size (its scheme's).
	CodeBytes int64 `json:"code_bytes,omitempty"`
}

// basisOf is the weakest basis of a requirement's terms that have a
// figure; "" when none has.
func basisOf(terms []Term) bench.Basis {
	var b bench.Basis
	for _, t := range terms {
		if !t.Missing {
			b = bench.Weaker(b, t.Basis)
		}
	}
	return b
}
