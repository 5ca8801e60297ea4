package engine

import (
	"bytes"
	"encoding/json"

	"cryptosizer/app/boot"
)

// KindName names a requirement kind ("tls", "firmware", …).
type KindName string

// Kind is one kind of requirement a product can have. Each kind is one
// file: its fields, its rules, how it reads its load and how a load
// judges a candidate, as data; words are package explain's and charts
// package ui/charts'. Adding a kind is its file plus a line in Kinds.
type Kind interface {
	Name() KindName
	// Title heads the kind's group of fields in the form.
	Title() string
	Fields() []Field
	// Read builds the kind's load from checked parameters, adding any
	// error that involves several of its fields; nil when the load is off.
	Read(v *Values) Load
	// Aggregate kinds judge the other requirements together (the CPU
	// budget): their missing figures are the others'.
	Aggregate() bool
	// Rules are the kind's rules, with their references.
	Rules() []Rule
}

// Load is one requirement of a workload, with its parameters.
type Load interface {
	Kind() KindName
	// Terms are the operations the load needs on a candidate, asked of
	// its figures (nil for an aggregate, which judges the others). They
	// may depend only on what the load's shape keeps (not its rate or
	// deadline: memo.go): the engine keeps them across rankings of the
	// same shape. A load never keeps anything itself.
	Terms(f Figures) []Term
	// Evaluate judges a candidate from the terms Terms gave; false when
	// the load sets no requirement for this workload. (By value: a
	// ranking judges hundreds of candidates, and a pointer escaped to the
	// heap for each.)
	Evaluate(e *Eval, ts []Term) (Requirement, bool)
}

// Figures answers a load's questions about one candidate: an operation's
// figure at the candidate's clock, as a term of count operations (or of
// count passes over bytes bytes, for a bulk operation) under a rule. A
// term without a figure is Missing. Eval is the engine's; a test may
// give a fake.
type Figures interface {
	Term(op string, count float64, rule RuleID, bytes int64) Term
	// Along is the term of the first of ops with a figure (the first op's,
	// missing, when none has one): the build's own (r nil), or a bootloader's
	// crypto's along route r on the candidate's part (catalog.Answer.Along).
	Along(ops []string, count float64, rule RuleID, bytes int64, r *boot.Route) Term
}

// Kinds are the requirement kinds, in the order loads are evaluated and
// shown. Aggregates come after the loads they judge.
var Kinds = []Kind{tlsKind{}, firmwareKind{}, aesKind{}, cpuKind{}, maxOpKind{}, energyKind{}, freeRAMKind{}}

// KindOf returns a kind by name (a kind that names nothing for unknown
// names, so a requirement read from elsewhere cannot crash a caller).
func KindOf(name KindName) Kind {
	for _, k := range Kinds {
		if k.Name() == name {
			return k
		}
	}
	return unknownKind(name)
}

// Workload is what the product must do: its loads in kind order, the
// clock the figures are taken at, the ranking objective and filters.
type Workload struct {
	Loads     []Load
	Clock     ClockMode
	ClockMHz  float64
	Objective Objective
	Library   string
	MCU       string
	Accel     []string // required acceleration
	// Part filters: series, cores, low-power series only, and the least
	// flash and RAM the part must have.
	Series   []string
	Cores    []string
	LowPower bool
	MinFlash int64
	MinRAM   int64
	// Part-selector filters, on ST's facts of a part group's members (a
	// group stays when a member qualifies): a package name or its start,
	// the least pin count, the least maximum temperature, the highest
	// minimum supply, the least maximum clock, TrustZone, crypto units.
	Package    string
	MinPins    int
	MinTempC   float64
	MaxSupplyV float64
	MinClockHz int64
	TrustZone  bool
	Units      []string
	// Basis keeps only "measured" candidates (measured or clock-scaled)
	// or only "estimated" ones; empty keeps both.
	Basis string
	// EstimateMargin replaces the spread from the data: an estimate's
	// slow end is its central value × (1 + margin). Nil: the data's.
	EstimateMargin *float64
	// PQCFrom lends post-quantum figures from the cycle-count sources
	// Lend allows to builds without their own ("lent", the default) or
	// does not ("none").
	PQCFrom string
	// SupplyV is V_DD for the energy figures (0: SupplyDefaultV).
	SupplyV float64
	// Lend names the cycle-count sources that may lend figures (nil:
	// every one; empty: none).
	Lend []string
	// Query is the workload's parameters as a URL query, in field order
	// (set by Schema.Read): what reproduces it in the page, the URL and
	// the CLI. Its JSON carries it.
	Query string
}

// Load returns the workload's load of a kind, if it has one.
func (w Workload) Load(kind KindName) (Load, bool) {
	for _, l := range w.Loads {
		if l.Kind() == kind {
			return l, true
		}
	}
	return nil, false
}

// budgeter is a load that sets the CPU share crypto may use.
type budgeter interface{ Budget() float64 }

// Budget is the CPU share crypto may use: 1 unless a load sets it.
func (w Workload) Budget() float64 {
	for _, l := range w.Loads {
		if b, ok := l.(budgeter); ok {
			return b.Budget()
		}
	}
	return 1
}

// MarshalJSON writes each load under its kind's name, then the settings
// that are not at their defaults, in field order (each field's Put),
// then the query that reproduces the workload.
func (w Workload) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	field := func(k string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		buf.WriteString(`"` + k + `":`)
		buf.Write(b)
		return nil
	}
	for _, l := range w.Loads {
		if err := field(string(l.Kind()), l); err != nil {
			return nil, err
		}
	}
	var err error
	put := func(k string, v any) {
		if err == nil {
			err = field(k, v)
		}
	}
	w.putSettings(put)
	if w.Query != "" {
		put("query", w.Query)
	}
	if err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// putSettings writes the settings into the workload's JSON, in the
// form's order, each left out at its default but the clock and the
// objective. A setting added to the schema (package workload) needs its
// line here: the CLI's TestEverySettingRoundTrips fails without it.
func (w *Workload) putSettings(put func(string, any)) {
	opt := func(key string, v any, ok bool) {
		if ok {
			put(key, v)
		}
	}
	put("clock", w.Clock)
	opt("clock_mhz", w.ClockMHz, w.Clock == ClockMHz)
	put("objective", w.Objective)
	opt("library", w.Library, w.Library != "")
	opt("mcu", w.MCU, w.MCU != "")
	opt("accel", w.Accel, len(w.Accel) > 0)
	opt("series", w.Series, len(w.Series) > 0)
	opt("core", w.Cores, len(w.Cores) > 0)
	opt("low_power", w.LowPower, w.LowPower)
	opt("min_flash_bytes", w.MinFlash, w.MinFlash > 0)
	opt("min_ram_bytes", w.MinRAM, w.MinRAM > 0)
	opt("package", w.Package, w.Package != "")
	opt("min_pins", w.MinPins, w.MinPins > 0)
	opt("min_temp_c", w.MinTempC, w.MinTempC > 0)
	opt("max_supply_v", w.MaxSupplyV, w.MaxSupplyV > 0)
	opt("min_clock_hz", w.MinClockHz, w.MinClockHz > 0)
	opt("trustzone", w.TrustZone, w.TrustZone)
	opt("units", w.Units, len(w.Units) > 0)
	opt("basis", w.Basis, w.Basis != "")
	if w.EstimateMargin != nil {
		put("estimate_margin", *w.EstimateMargin)
	}
	opt("lend", w.Lend, w.Lend != nil)
	opt("pqc_from", w.PQCFrom, w.PQCFrom != "" && w.PQCFrom != PQCFromLent)
	opt("supply_v", w.SupplyV, w.SupplyV > 0 && w.SupplyV != SupplyDefaultV)
}

// unknownKind stands for a kind name no kind has.
type unknownKind KindName

func (k unknownKind) Name() KindName  { return KindName(k) }
func (unknownKind) Title() string     { return "" }
func (unknownKind) Fields() []Field   { return nil }
func (unknownKind) Read(*Values) Load { return nil }
func (unknownKind) Aggregate() bool   { return false }
func (unknownKind) Rules() []Rule     { return nil }
