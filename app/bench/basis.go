package bench

// Basis says how a figure was obtained. From the surest to the least
// sure: a source row at its stated clock; a measured row taken to another
// clock of the same part (cycles kept); a source that publishes cycles
// for a core rather than times on a part; a figure taken from another
// part or another core.
type Basis string

// The bases, surest first.
const (
	Measured    Basis = "measured"
	ClockScaled Basis = "clock-scaled"
	CycleCount  Basis = "cycle-count"
	Estimated   Basis = "estimated"
)

// Bases lists them, surest first.
var Bases = []Basis{Measured, ClockScaled, CycleCount, Estimated}

// rank is a basis's place in Bases; an unknown basis is the least sure.
func (b Basis) rank() int {
	for i, x := range Bases {
		if x == b {
			return i
		}
	}
	return len(Bases)
}

// Weaker returns the less sure of two bases; the zero Basis counts as
// none, so Weaker("", b) is b.
func Weaker(a, b Basis) Basis {
	switch {
	case a == "" || a == b: // most often the same: no ranks to look up
		return b
	case b == "":
		return a
	case b.rank() > a.rank():
		return b
	}
	return a
}

// MethodCycleCount is the method of a measured row that is a count of
// cycles taken at an unknown clock and wait-state setting (ST's cryptolib
// v3 documents for the F103 and L476, whose stated clock the parts cannot
// run): shown at the part's clock it is a fast end, and the catalogue
// widens its slow end for the wait states, as for a cycle-count source.
const MethodCycleCount = "cycle-count"
