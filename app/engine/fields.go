package engine

import (
	"math"
	"net/url"
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/field"
)

// Field is one named parameter of a workload: the CLI's flag (--name),
// the URL's query key and the form's control, with one label, one text
// of what it accepts (every message quotes it) and one default.
type Field struct {
	Name     string
	Group    string // the form group: a kind's name, "budget" or "filter"
	Label    string
	Accepted string
	Default  string // what an empty value means ("" for none)
	// Choices are the values of a field that takes one of a few, in
	// display order (nil for free-form fields).
	Choices []string
	// Bool marks a true/false field (a checkbox, a CLI switch).
	Bool bool
	// Parse reads a free-form value; false rejects it.
	Parse func(string) (any, bool) `json:"-"`
	// Multi lists the values of a field that takes several of a few,
	// comma-separated (the form shows a checkbox for each).
	Multi []string `json:"-"`
	// Switch marks the field that switches whole loads on and off (the
	// form shows it as a switch on each load's group).
	Switch bool `json:"-"`
	// Shorthand marks a field that stands for others (tls-suite for a
	// key exchange and a signature): the CLI and URL accept it, the form
	// shows the fields it stands for, which Expand gives for a value.
	Shorthand bool                           `json:"-"`
	Expand    func(string) map[string]string `json:"-"`
	// Set applies a setting's checked value to the workload, or its
	// default when it has none; Put writes the setting into the
	// workload's JSON (a key and value for each part that is not left
	// out at its default). Both are nil for a kind's field, which the
	// kind's Read and its load's JSON carry.
	Set func(v *Values, w *Workload)                   `json:"-"`
	Put func(w *Workload, put func(key string, v any)) `json:"-"`
}

// Schema is what a workload may say: every field of every kind and the
// settings, in groups, with the libraries the library filter accepts.
// It is built once from what the caller gives it (NewSchema) and never
// changes, so it is safe for concurrent use.
type Schema struct {
	groups []Group
	fields []Field
	index  map[string]Field
}

// NewSchema builds the schema; libraries are the flags of the
// registered sources' libraries ("wolfssl", "cmox"), lenders the names of
// the cycle-count sources ("pqm4", "x25519") the lend field may name.
func NewSchema(libraries []string, lenders ...string) *Schema {
	s := &Schema{groups: buildGroups(libraries, lenders), index: map[string]Field{}}
	for _, g := range s.groups {
		s.fields = append(s.fields, g.Fields...)
	}
	for _, f := range s.fields {
		s.index[f.Name] = f
	}
	return s
}

// Groups lists the form's groups of fields: one per kind, then the
// settings, each with its fields in display order. A kind whose fields
// belong to another group (the CPU budget with the clock) names it in
// its fields. Callers must not modify them.
func (s *Schema) Groups() []Group { return s.groups }

// Fields lists every field, in display order: the one table the CLI's
// flags, the URL's parameters, the form and the docs are made from.
// Callers must not modify them.
func (s *Schema) Fields() []Field { return s.fields }

// FieldByName returns a field's description.
func (s *Schema) FieldByName(name string) (Field, bool) {
	f, ok := s.index[name]
	return f, ok
}

// FieldError is a problem with one parameter; Values are a workload's
// parameters while read (package field).
type (
	FieldError = field.Error
	Values     = field.Values
)

// MaxValueLen bounds one parameter's text.
const MaxValueLen = field.MaxValueLen

// givenOf names the fields of fs given a valid value, comma-separated
// ("" also when the loads field switches kind k off).
func givenOf(v *Values, k KindName, fs []Field) string {
	if loads, switched := v.Any("loads").([]string); switched && !slices.Contains(loads, string(k)) {
		return ""
	}
	var out []string
	for _, f := range fs {
		if v.OK(f.Name) {
			out = append(out, f.Name)
		}
	}
	return strings.Join(out, ", ")
}

// Read reads a workload from named text parameters. Every given field is
// checked, also those of a load that is off; the workload is meant to be
// ranked only when there are no errors (with errors it lacks what the
// invalid fields would have required).
func (sc *Schema) Read(params map[string]string) (Workload, []*FieldError) {
	v := field.New(func(name string) string { f, _ := sc.FieldByName(name); return f.Accepted })
	var unknown []*FieldError
	for k, s := range params {
		switch f, ok := sc.FieldByName(k); {
		case !ok:
			unknown = append(unknown, &FieldError{Field: k, Value: field.Clip(s), Msg: "unknown parameter"})
		case v.Give(k, s) && v.Given(k):
			parse(v, f)
		}
	}
	var w Workload
	loads, switched := v.Any("loads").([]string)
	for _, k := range Kinds {
		l := k.Read(v)
		if switched && !k.Aggregate() {
			switch on := slices.Contains(loads, string(k.Name())); {
			case !on:
				l = nil // its fields stay checked, its load is not ranked
			case l == nil && !failed(v, k):
				first := k.Fields()[0].Name
				v.Fail(first, "required: the "+string(k.Name())+" load is switched on")
			}
		}
		if l != nil {
			w.Loads = append(w.Loads, l)
		}
	}
	w.Loads = needed(v, w.Loads)
	readSettings(sc, v, &w)
	w.Query = query(v, sc.fields)
	fields := sc.fields
	order := func(e *FieldError) int {
		if i := slices.IndexFunc(fields, func(f Field) bool { return f.Name == e.Field }); i >= 0 {
			return i
		}
		return len(fields)
	}
	slices.SortStableFunc(v.Errs, func(a, b *FieldError) int { return order(a) - order(b) })
	return w, append(v.Errs, unknown...)
}

// needer is a load that only applies with one of some other loads (an
// energy budget per boot needs the firmware load).
type needer interface{ Needs() []KindName }

// needed refuses, as an error of its first field, each load that needs
// another load the workload does not have, and leaves it out.
func needed(v *Values, loads []Load) []Load {
	out := loads[:0:0]
	for _, l := range loads {
		n, ok := l.(needer)
		if !ok {
			out = append(out, l)
			continue
		}
		has := func(k KindName) bool {
			return slices.ContainsFunc(loads, func(o Load) bool { return o.Kind() == k })
		}
		needs := n.Needs()
		if slices.ContainsFunc(needs, has) {
			out = append(out, l)
			continue
		}
		var names []string
		for _, k := range needs {
			names = append(names, string(k))
		}
		f := KindOf(l.Kind()).Fields()[0].Name
		v.Fail(f, "needs the "+strings.Join(names, " or ")+" load, which is not set or is switched off")
		v.Drop(f)
	}
	return out
}

// query writes the valid given fields as a URL query, in field order.
func query(v *Values, fields []Field) string {
	var b strings.Builder
	for _, f := range fields {
		if v.OK(f.Name) {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(f.Name) + "=" + url.QueryEscape(v.Text(f.Name)))
		}
	}
	return b.String()
}

// failed reports whether a kind's fields already have an error.
func failed(v *Values, k Kind) bool {
	for _, f := range k.Fields() {
		if slices.ContainsFunc(v.Errs, func(e *FieldError) bool { return e.Field == f.Name }) {
			return true
		}
	}
	return false
}

// Switchable are the kinds whose loads the loads field switches: every
// kind but the aggregates, which judge the others.
func Switchable() []string {
	var out []string
	for _, k := range Kinds {
		if !k.Aggregate() {
			out = append(out, string(k.Name()))
		}
	}
	return out
}

// parse reads a given field's text into its value, or records why not.
func parse(v *Values, f Field) {
	s := v.Text(f.Name)
	switch {
	case f.Bool:
		if b, ok := bench.Boolean(s); ok {
			v.Set(f.Name, b)
			return
		}
	case f.Choices != nil:
		if i := slices.Index(f.Choices, strings.ToLower(s)); i >= 0 {
			v.Set(f.Name, f.Choices[i])
			return
		}
	case f.Parse != nil:
		if x, ok := f.Parse(s); ok {
			v.Set(f.Name, x)
			return
		}
	default:
		v.Set(f.Name, s)
		return
	}
	v.Fail(f.Name, "")
}

// ---- settings: the clock, the objective and the filters ----

// Objective orders the passing candidates.
type Objective string

// Objectives.
const (
	ObjectiveHeadroom Objective = "headroom" // most headroom first
	ObjectiveSmallest Objective = "smallest" // slowest clock, then least flash
	ObjectiveEnergy   Objective = "energy"   // least energy per hour (or per boot), high end
)

// MHzAccepted says what MHz accepts.
const MHzAccepted = "a frequency from 1 to 10000 MHz, such as 64 or 480"

// settingFields are the settings: each declared once, with how it is
// read, how it sets the workload and how the workload's JSON carries it.
var settingFields = []Field{
	{Name: "clock", Group: "budget", Label: "Clock", Accepted: "measured, max, or " + MHzAccepted, Default: string(ClockMeasured),
		Parse: func(s string) (any, bool) {
			if l := strings.ToLower(s); l == string(ClockMeasured) || l == string(ClockMax) {
				return l, true
			}
			f, ok := bench.ReadMHz(s)
			return f, ok
		},
		Set: func(v *Values, w *Workload) {
			switch c := v.Any("clock").(type) {
			case string:
				w.Clock = ClockMode(c)
			case float64:
				w.Clock, w.ClockMHz = ClockMHz, c
			default:
				w.Clock = ClockMeasured
			}
		},
		Put: func(w *Workload, put func(string, any)) {
			put("clock", w.Clock)
			if w.Clock == ClockMHz {
				put("clock_mhz", w.ClockMHz)
			}
		}},
	{Name: "objective", Group: "budget", Label: "Rank passing candidates by", Accepted: "headroom, smallest (slowest clock, then least flash) or energy (least energy per hour of the continuous loads, or per boot, at the high end)", Default: string(ObjectiveHeadroom),
		Choices: []string{string(ObjectiveHeadroom), string(ObjectiveSmallest), string(ObjectiveEnergy)},
		Set: func(v *Values, w *Workload) {
			w.Objective = Objective(v.String("objective", string(ObjectiveHeadroom)))
		},
		Put: func(w *Workload, put func(string, any)) { put("objective", w.Objective) }},
	{Name: "library", Group: "filter", Label: "Library", Accepted: "the library's name (empty: all)",
		Set: func(v *Values, w *Workload) { w.Library = v.String("library", "") },
		Put: putIf("library", func(w *Workload) (string, bool) { return w.Library, w.Library != "" })},
	{Name: "mcu", Group: "filter", Label: "MCU contains", Accepted: "part of a part name, e.g. H7 or STM32U585 (at most 64 characters)",
		Set: func(v *Values, w *Workload) { w.MCU = v.String("mcu", "") },
		Put: putIf("mcu", func(w *Workload) (string, bool) { return w.MCU, w.MCU != "" })},
	{Name: "accel", Group: "filter", Label: "Required acceleration", Accepted: "a comma-separated list of " + strings.Join(bench.Accelerators, ", "), Parse: bench.Accels, Multi: bench.Accelerators,
		Set: setList("accel", func(w *Workload) *[]string { return &w.Accel }),
		Put: putIf("accel", func(w *Workload) ([]string, bool) { return w.Accel, len(w.Accel) > 0 })},
	{Name: "series", Group: "filter", Label: "Series", Accepted: "a comma-separated list of " + strings.Join(bench.Series, ", "), Parse: bench.List(bench.Series), Multi: bench.Series,
		Set: setList("series", func(w *Workload) *[]string { return &w.Series }),
		Put: putIf("series", func(w *Workload) ([]string, bool) { return w.Series, len(w.Series) > 0 })},
	{Name: "core", Group: "filter", Label: "Core", Accepted: "a comma-separated list of " + strings.Join(bench.Cores, ", "), Parse: bench.List(bench.Cores), Multi: bench.Cores,
		Set: setList("core", func(w *Workload) *[]string { return &w.Cores }),
		Put: putIf("core", func(w *Workload) ([]string, bool) { return w.Cores, len(w.Cores) > 0 })},
	{Name: "low-power", Group: "filter", Label: "Low-power series only (L, U, WB, WBA, WL)", Accepted: "true or false", Default: "false", Bool: true,
		Set: func(v *Values, w *Workload) { w.LowPower = v.Bool("low-power", false) },
		Put: putIf("low_power", func(w *Workload) (bool, bool) { return w.LowPower, w.LowPower })},
	{Name: "min-flash", Group: "filter", Label: "At least this much flash", Accepted: "a size such as 512KiB or 1MiB (parts without internal flash are left out)", Parse: bench.Wrap(bench.ReadSize),
		Set: func(v *Values, w *Workload) { w.MinFlash, _ = v.Any("min-flash").(int64) },
		Put: putIf("min_flash_bytes", func(w *Workload) (int64, bool) { return w.MinFlash, w.MinFlash > 0 })},
	{Name: "min-ram", Group: "filter", Label: "At least this much RAM", Accepted: "a size such as 128KiB", Parse: bench.Wrap(bench.ReadSize),
		Set: func(v *Values, w *Workload) { w.MinRAM, _ = v.Any("min-ram").(int64) },
		Put: putIf("min_ram_bytes", func(w *Workload) (int64, bool) { return w.MinRAM, w.MinRAM > 0 })},
	{Name: "package", Group: "filter", Label: "Package", Accepted: "a package name or its start, e.g. LQFP or UFBGA169 (letters and digits, at most 16)",
		Parse: func(s string) (any, bool) {
			s = strings.ToUpper(strings.TrimSpace(s))
			return s, len(s) <= 16 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == ""
		},
		Set: func(v *Values, w *Workload) { w.Package = v.String("package", "") },
		Put: putIf("package", func(w *Workload) (string, bool) { return w.Package, w.Package != "" })},
	{Name: "min-pins", Group: "filter", Label: "At least this many pins", Accepted: "an integer from 1 to 500", Parse: bench.Integer(1, 500),
		Set: func(v *Values, w *Workload) { w.MinPins = v.Int("min-pins", 0) },
		Put: putIf("min_pins", func(w *Workload) (int, bool) { return w.MinPins, w.MinPins > 0 })},
	{Name: "min-temp", Group: "filter", Label: "Runs up to at least (°C)", Accepted: "a temperature from 0 to 150 °C, e.g. 105", Parse: bench.Number(0, 150),
		Set: func(v *Values, w *Workload) { w.MinTempC = v.Float("min-temp", 0) },
		Put: putIf("min_temp_c", func(w *Workload) (float64, bool) { return w.MinTempC, w.MinTempC > 0 })},
	{Name: "max-supply", Group: "filter", Label: "Runs from a supply down to (V)", Accepted: "a voltage from 1 to 3.6 V, e.g. 1.8", Parse: bench.Number(1, 3.6),
		Set: func(v *Values, w *Workload) { w.MaxSupplyV = v.Float("max-supply", 0) },
		Put: putIf("max_supply_v", func(w *Workload) (float64, bool) { return w.MaxSupplyV, w.MaxSupplyV > 0 })},
	{Name: "min-clock", Group: "filter", Label: "Maximum clock at least (MHz)", Accepted: MHzAccepted, Parse: func(s string) (any, bool) { return bench.ReadMHz(s) },
		Set: func(v *Values, w *Workload) { w.MinClockHz = int64(math.Round(v.Float("min-clock", 0) * 1e6)) },
		Put: putIf("min_clock_hz", func(w *Workload) (int64, bool) { return w.MinClockHz, w.MinClockHz > 0 })},
	{Name: "trustzone", Group: "filter", Label: "TrustZone", Accepted: "true or false", Default: "false", Bool: true,
		Set: func(v *Values, w *Workload) { w.TrustZone = v.Bool("trustzone", false) },
		Put: putIf("trustzone", func(w *Workload) (bool, bool) { return w.TrustZone, w.TrustZone })},
	{Name: "units", Group: "filter", Label: "Crypto units on the part", Accepted: "a comma-separated list of " + strings.Join(PartUnits, ", "),
		Parse: bench.List(PartUnits), Multi: PartUnits,
		Set: setList("units", func(w *Workload) *[]string { return &w.Units }),
		Put: putIf("units", func(w *Workload) ([]string, bool) { return w.Units, len(w.Units) > 0 })},
	{Name: "basis", Group: "filter", Label: "Evidence", Choices: []string{"", "measured", "estimated"},
		Accepted: "measured (measured or clock-scaled figures only), estimated (parts nobody measured only) or empty (both)",
		Set:      func(v *Values, w *Workload) { w.Basis = v.String("basis", "") },
		Put:      putIf("basis", func(w *Workload) (string, bool) { return w.Basis, w.Basis != "" })},
	{Name: "estimate-margin", Group: "filter", Label: "Estimate margin (replaces the spread from our data)",
		Accepted: "a percentage from 0% to 500%, e.g. 50% (an estimate's slow end is its central value × 1.5); empty: the spread our data shows per core",
		Parse: func(s string) (any, bool) {
			f, ok := bench.Decimal(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")))
			return f / 100, ok && f >= 0 && f <= 500
		},
		Set: func(v *Values, w *Workload) {
			if m, ok := v.Any("estimate-margin").(float64); ok {
				w.EstimateMargin = &m
			}
		},
		Put: func(w *Workload, put func(string, any)) {
			if w.EstimateMargin != nil {
				put("estimate_margin", *w.EstimateMargin)
			}
		}},
	{Name: "lend", Group: "filter", Label: "Figures lent by cycle-count sources to builds without their own",
		Accepted: "all or none", Parse: bench.ListOrNone([]string{"all"}), // buildGroups names the sources
		Set: func(v *Values, w *Workload) {
			if l, ok := v.Any("lend").([]string); ok && !slices.Contains(l, "all") {
				w.Lend = l
			}
		},
		Put: putIf("lend", func(w *Workload) ([]string, bool) { return w.Lend, w.Lend != nil })},
	{Name: "pqc-from", Group: "filter", Label: "Post-quantum figures for builds without their own", Choices: []string{PQCFromLent, PQCFromNone},
		Default:  PQCFromLent,
		Accepted: "lent (ML-KEM and ML-DSA from the cycle-count sources the lend field allows, on the same part, labelled) or none (unknown, as the build publishes none)",
		Set:      func(v *Values, w *Workload) { w.PQCFrom = v.String("pqc-from", PQCFromLent) },
		Put:      putIf("pqc_from", func(w *Workload) (string, bool) { return w.PQCFrom, w.PQCFrom != "" && w.PQCFrom != PQCFromLent })},
	{Name: "loads", Group: "switch", Label: "Loads switched on", Switch: true,
		Accepted: "a comma-separated list of the loads to rank (tls, firmware, aes, or none); empty: every load whose fields are set",
		Parse:    func(s string) (any, bool) { return bench.ListOrNone(Switchable())(s) }},
}

// readSettings applies every setting's value (or default) to w.
func readSettings(sc *Schema, v *Values, w *Workload) {
	for _, f := range sc.fields {
		if f.Set != nil {
			f.Set(v, w)
		}
	}
}

// putIf makes a setting's Put from its value and whether it is written.
func putIf[T any](key string, get func(*Workload) (T, bool)) func(*Workload, func(string, any)) {
	return func(w *Workload, put func(string, any)) {
		if x, ok := get(w); ok {
			put(key, x)
		}
	}
}

// setList makes a list setting's Set: the list when given, else nil.
func setList(name string, to func(*Workload) *[]string) func(*Values, *Workload) {
	return func(v *Values, w *Workload) {
		if a, ok := v.Any(name).([]string); ok {
			*to(w) = a
		}
	}
}
