// Package bench is cryptosizer's domain vocabulary: microcontrollers,
// library builds, cryptographic operations, measurements of them and the
// positions in the source documents those measurements come from.
//
// It depends on the standard library only; every other package speaks in
// these types.
package bench

import (
	"fmt"
	"strings"
)

// Accelerator names: the crypto peripherals a build may use.
const (
	AccelAES  = "AES"
	AccelHASH = "HASH"
	AccelPKA  = "PKA"
)

// Accelerators lists them, in the order filters and facts show them.
var Accelerators = []string{AccelAES, AccelHASH, AccelPKA}

// Pos is a position in a source document. Line and Col are 1-based; Col
// counts bytes. The wolfSSL seed is a single line, so Col matters there.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	s := p.File
	if s == "" {
		s = "<input>"
	}
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// Error is a parse or validation error at a position, quoting the
// offending text.
type Error struct {
	Pos  Pos
	Text string
	Msg  string
}

func (e *Error) Error() string {
	t := e.Text
	if len(t) > 80 {
		t = t[:77] + "..."
	}
	if t == "" {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %q", e.Pos, e.Msg, t)
}

// ErrorList gathers every error of one parse, in input order.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos Pos, text, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Text: text, Msg: fmt.Sprintf(format, args...)})
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Identity names the build a measurement belongs to: which part, which
// board, which library and which configuration of it. Config keeps the
// source's own label verbatim.
type Identity struct {
	MCU            string   `json:"mcu"`
	Part           string   `json:"part"`
	Board          string   `json:"board"`
	Library        string   `json:"library"`
	LibraryVersion string   `json:"library_version"`
	Config         string   `json:"config"`
	Acceleration   []string `json:"acceleration"`
	ClockHz        int64    `json:"clock_hz"`
	// Commit is the library's source commit where the source gives one
	// instead of a version (the version then stays empty: never guessed).
	Commit string `json:"commit,omitempty"`
	// Document names the source document when two documents publish
	// different figures under the same build name: both builds are kept.
	Document string `json:"document,omitempty"`
	// Imported names the user's import set a measurement came from; it is
	// empty for the bundled dataset.
	Imported string `json:"imported,omitempty"`
}

// Key identifies one library build on one board: the import set, part,
// board, library, version and configuration. It is the one key of a
// build and of a ranked candidate (in the URL as pick=, in the JSON).
func (id Identity) Key() string {
	k := strings.Join([]string{id.MCU, id.Board, id.Library, id.LibraryVersion, id.Config}, "|")
	if id.Document != "" {
		k += "|" + id.Document
	}
	if id.Imported != "" {
		k = "imported:" + id.Imported + "|" + k
	}
	return k
}

// Measurement is one measured figure of one operation. Exactly one of
// BytesPerSecond (bulk operations) and SecondsPerOp (per-operation
// figures) is what the engine uses; CMOX rows carry both where both apply.
type Measurement struct {
	Identity
	Op             string   `json:"op"`
	BytesPerSecond *float64 `json:"bytes_per_second"`
	SecondsPerOp   *float64 `json:"seconds_per_op"`
	// SlowSecondsPerOp is the longest time per operation the printed
	// figure allows (its window and rounding: Mbed TLS prints public-key
	// rates as integers over 3 s), nil where the figure is exact enough;
	// verdicts use it, as they use an estimate's slow end.
	SlowSecondsPerOp *float64 `json:"slow_seconds_per_op,omitempty"`
	Cycles           *int64   `json:"cycles"`
	MessageBytes     *int64   `json:"message_bytes"`
	ChunkBytes       *int64   `json:"chunk_bytes"`
	// Method says how the figure was taken: "benchmark" (wolfCrypt),
	// "sole-buffer", "data-flow" or "final-tag" (CMOX).
	Method string `json:"method"`
	// Printed is the figure as the source printed it, with its unit.
	Printed string `json:"printed"`
	Source  string `json:"source"`
	Pos     Pos    `json:"pos"`
	// AlsoIn lists the same figure's places in other documents that
	// publish the same build with the same figures.
	AlsoIn []Pos `json:"also_in,omitempty"`
	// ConfigNote explains the config label where it needs explaining
	// (for example an unpublished configuration name).
	ConfigNote string `json:"config_note,omitempty"`
}

// Footprint is the memory a CMOX function needs, in bytes. A nil field was
// not published (see Missing).
type Footprint struct {
	Identity
	Op                 string `json:"op"`
	Method             string `json:"method"`
	CodeBytes          *int64 `json:"code_bytes"`
	ConstantBytes      *int64 `json:"constant_bytes"`
	GlobalBytes        *int64 `json:"global_bytes"`
	StackBytes         *int64 `json:"stack_bytes"`
	WorkingBufferBytes *int64 `json:"working_buffer_bytes"`
	Source             string `json:"source"`
	Pos                Pos    `json:"pos"`
}

// Missing records a figure the source should have carried but did not.
// It is never a zero and never silently dropped.
type Missing struct {
	Identity
	Op string `json:"op"`
	// Field is the column that is missing ("cycles", "stack_bytes", ...).
	Field  string `json:"field"`
	Reason string `json:"reason"`
	Source string `json:"source"`
	Pos    Pos    `json:"pos"`
}

// Skipped is a figure a source publishes that the model does not use
// (a key derivation, a cipher mode no workload needs): recorded, with the
// reason, so that every row of every source is accounted for.
type Skipped struct {
	Identity
	Name    string `json:"name"` // the algorithm as the source names it
	Printed string `json:"printed"`
	Reason  string `json:"reason"`
	Source  string `json:"source"`
	Pos     Pos    `json:"pos"`
}

// Warning is a data-quality finding that does not stop a measurement from
// being used, but must be shown wherever it applies.
type Warning struct {
	MCU    string `json:"mcu"`
	Config string `json:"config,omitempty"`
	Op     string `json:"op,omitempty"`
	// Kind is a stable code: "clock-above-max", "claimed-accel-absent",
	// "rounding", "version-unpublished", "config-unpublished", "inferred".
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Source string `json:"source"`
	// Documents names the documents that raise the finding: it applies
	// to the builds those documents publish, not to another library's
	// or another page's builds of the same part.
	Documents []string `json:"documents,omitempty"`
}

// Warning kinds the catalogue acts on.
const (
	// WarnClockInferred: the figure's table states no clock; it is
	// inferred from another statement of the source (and checked where
	// two figures allow).
	WarnClockInferred = "clock-inferred"
	// WarnClockUncertain: the source gives the board two clocks and no
	// figure decides between them: the build never donates.
	WarnClockUncertain = "clock-uncertain"
	// WarnUnknownPart: the source names a part without curated facts;
	// an import on a part ST's data knows takes the facts from there.
	WarnUnknownPart = "unknown-part"
)

// MCUFact is a curated row about one part.
type MCUFact struct {
	Part           string   `json:"part"`
	Aliases        []string `json:"aliases"`
	Core           string   `json:"core"`
	MaxClockHz     int64    `json:"max_clock_hz"`
	FlashBytes     int64    `json:"flash_bytes"`
	RAMBytes       int64    `json:"ram_bytes"`
	CryptoHardware []string `json:"crypto_hardware"`
	HardwareNote   string   `json:"hardware_note"`
	Boards         []string `json:"boards"`
	SourceNote     string   `json:"source_note"`
}

// Has reports whether the part has the named crypto peripheral.
func (f MCUFact) Has(accel string) bool {
	for _, h := range f.CryptoHardware {
		if h == accel {
			return true
		}
	}
	return false
}

// Matches reports whether name (as written in a source) denotes this part.
// Sources write the family ("STM32WB55"), the full order code
// ("STM32L152RET6") or an alias ("STM32L562E").
func (f MCUFact) Matches(name string) bool {
	n := strings.ToUpper(strings.TrimSpace(name))
	if n == "" {
		return false
	}
	p := strings.ToUpper(f.Part)
	if strings.HasPrefix(n, p) || strings.HasPrefix(p, n) {
		return true
	}
	for _, a := range f.Aliases {
		if strings.EqualFold(a, n) {
			return true
		}
	}
	return false
}

// Library says how the engine treats one library's measurements; each
// source registers the library it measures.
type Library struct {
	Name string `json:"name"` // as in Identity.Library
	// Flag is the name the CLI and the URL filter on ("cmox").
	Flag string `json:"flag"`
	// ConfigPerOp: a part and library version make one candidate, and
	// the engine takes, per operation, the fastest configuration the
	// source publishes (CMOX's wiki tables measure each function in
	// several configurations, not whole builds). Otherwise each
	// configuration is a build of its own.
	ConfigPerOp bool `json:"config_per_op"`
	// Methods ranks how a bulk figure was measured, most trusted first
	// ("data-flow" before "sole-buffer"); a method not listed comes last.
	Methods []string `json:"methods"`
	// Lacks are the operation families the library does not provide
	// (a cited fact), said beside any figure lent to its builds.
	Lacks []Lack `json:"lacks,omitempty"`
}

// Lack is an operation family a library does not provide: the
// operations it covers (their prefix, "ml-kem-"), and what to say, with
// its citation.
type Lack struct {
	Prefix string `json:"prefix"`
	Note   string `json:"note"`
}

// CandidateConfig is what a ConfigPerOp candidate's configuration says.
const CandidateConfig = "fastest published configuration per operation"

// Dataset is everything the engine knows.
type Dataset struct {
	Documents    []Document    `json:"documents"`
	Libraries    []Library     `json:"libraries"`
	MCUs         Facts         `json:"mcus"`
	Measurements []Measurement `json:"measurements"`
	Footprints   []Footprint   `json:"footprints"`
	Missing      []Missing     `json:"missing"`
	Skipped      []Skipped     `json:"skipped"`
	Warnings     []Warning     `json:"warnings"`
	// Groups are every STM32 microcontroller, grouped (ST's part
	// database): what estimates are made for.
	Groups []PartGroup `json:"groups"`
	// Cycles are the cycle-count sources' figures (pqm4): lent to a
	// build without post-quantum figures of its own.
	Cycles []CycleFigure `json:"cycle_counts"`
	// Lending says which cores each cycle-count source's figures may be
	// lent to, and how sure a lent figure is there.
	Lending []Lending `json:"lending"`
	// Sessions are the TLS session RAM a user measured on the builds of
	// an import set (none in the bundled data).
	Sessions []SessionRAM `json:"session_ram,omitempty"`
	// SameCode are the configurations that run some operations with
	// another configuration's code, where their source prints no figure.
	SameCode []SameCode `json:"same_code,omitempty"`
}

// SameCode says, as a source says it, that one of its build
// configurations runs some operations with the code of another of its
// configurations on the same board, where it prints no figure of its own
// for them: STM32_Bare_Test's asm flavour runs its ECC in the c flavour's
// SP math, and its ECC lines never printed. The other configuration's
// figure on the same board and clock stands for them, estimated, its
// slow end × Spread: how far the source's configurations that run the
// same code differ on one board.
type SameCode struct {
	Library string   `json:"library"`
	Config  string   `json:"config"` // the configuration without the figures
	From    string   `json:"from"`   // the configuration whose figures stand for them
	Ops     []string `json:"ops"`
	Spread  float64  `json:"spread"`
	// Pos is where the source says the code is the same; SpreadPos the
	// table the spread is taken from; Note what the source says, quoted
	// in our words.
	Pos       Pos    `json:"pos"`
	SpreadPos Pos    `json:"spread_pos"`
	Note      string `json:"note"`
	// Memory: the rule carries the other configuration's published
	// memory of Ops (its stack and heap rows), not its timings; MCUs are
	// the parts it holds on (a memory rule's source names them: the
	// boards whose other configuration runs the same code there).
	Memory bool     `json:"memory,omitempty"`
	MCUs   []string `json:"mcus,omitempty"`
}

// SessionRAM is a user's measured TLS session RAM for every build of one
// import set (Identity.Imported): it replaces the standards' lower bound
// for those builds.
type SessionRAM struct {
	Imported string `json:"imported"`
	Bytes    int64  `json:"bytes"`
}

// Facts are the curated part facts.
type Facts []MCUFact

// Fact returns the curated facts for a part name as written in a source.
func (fs Facts) Fact(name string) (MCUFact, bool) {
	for _, f := range fs {
		if f.Matches(name) {
			return f, true
		}
	}
	return MCUFact{}, false
}

// Fact returns the curated facts for a part name as written in a source.
func (d *Dataset) Fact(name string) (MCUFact, bool) { return d.MCUs.Fact(name) }

// Identities calls f with the identity of every measurement, footprint
// and missing entry, to name or rename them all at once.
func (d *Dataset) Identities(f func(*Identity)) {
	for i := range d.Measurements {
		f(&d.Measurements[i].Identity)
	}
	for i := range d.Footprints {
		f(&d.Footprints[i].Identity)
	}
	for i := range d.Missing {
		f(&d.Missing[i].Identity)
	}
	for i := range d.Skipped {
		f(&d.Skipped[i].Identity)
	}
}

// Library returns how the engine treats a library's measurements.
func (d *Dataset) Library(name string) Library {
	for _, l := range d.Libraries {
		if l.Name == name {
			return l
		}
	}
	return Library{Name: name, Flag: strings.ToLower(name)}
}

// F64 and I64 return pointers, for the optional fields above.
func F64(v float64) *float64 { return &v }

// I64 returns a pointer to v.
func I64(v int64) *int64 { return &v }
