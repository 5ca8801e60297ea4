package bench

// CycleFigure is a figure a cycle-count source publishes: cycles per
// operation for a core, not a time on a part (pqm4's post-quantum
// benchmarks on the Cortex-M4). An implementation is the source's
// configuration (pqm4's clean, m4fspeed, m4f, m4fstack).
type CycleFigure struct {
	Source         string `json:"source"` // the source's name ("pqm4")
	Core           string `json:"core"`   // the core measured (Cortex-M4)
	Op             string `json:"op"`     // canonical name (ops.go)
	Implementation string `json:"implementation"`
	// Cycles is the average of the runs; MinCycles and MaxCycles the
	// fastest and slowest run (ML-DSA signing varies several-fold).
	Cycles    float64 `json:"cycles"`
	MinCycles float64 `json:"min_cycles"`
	MaxCycles float64 `json:"max_cycles"`
	// Runs is how many executions the figures are of.
	Runs int `json:"runs"`
	// StackBytes is the operation's stack use; CodeBytes the scheme
	// implementation's code size (shared by its operations; common code
	// such as hashing excluded). 0 where the source publishes none, and
	// then absent from the JSON: unknown, never a size of 0 (Pornin's
	// X25519 README gives neither).
	StackBytes int64 `json:"stack_bytes,omitempty"`
	CodeBytes  int64 `json:"code_bytes,omitempty"`
	// HashShare is the share of the cycles spent hashing (0 to 1).
	HashShare float64 `json:"hash_share"`
	// ClockHz is the clock the counts were taken at (pqm4: 24 MHz, no
	// flash wait states); Board the board (not recorded per row).
	ClockHz int64  `json:"clock_hz"`
	Board   string `json:"board"`
	// Printed is the speed cell as published; Pos its row in the source
	// document (Documents gives the document's address).
	Printed string `json:"printed"`
	Pos     Pos    `json:"pos"`
}

// Lending is one core a cycle-count source's figures may be lent to: the
// source declares it (its package), the engine reads it. Basis is
// CycleCount on the core the counts were taken on and Estimated on a
// core that runs the same code but was not counted; Widest asks for the
// largest spread of any core as the slow end (the code was not counted
// there), else the counted core's spread applies.
type Lending struct {
	Source string `json:"source"`
	Core   string `json:"core"`
	// From is the core whose counts are lent (a source may count on
	// several: X25519 on the Cortex-M4 and the Cortex-M0+).
	From   string `json:"from"`
	Basis  Basis  `json:"basis"`
	Widest bool   `json:"widest_spread,omitempty"`
}
