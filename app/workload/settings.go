package workload

import (
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
)

// MHzAccepted says what MHz accepts.
const MHzAccepted = "a frequency from 1 to 10000 MHz, such as 64 or 480"

// settingFields are the settings: each declared once, with how it is
// read and how it sets the workload. The workload's JSON writes them
// (engine's Workload.putSettings); TestEverySettingRoundTrips (the CLI's)
// fails for a setting it leaves out.
var settingFields = []Field{
	{Name: "clock", Group: "budget", Label: "Clock", Accepted: "measured, max, or " + MHzAccepted, Default: string(engine.ClockMeasured),
		Parse: func(s string) (any, bool) {
			if l := strings.ToLower(s); l == string(engine.ClockMeasured) || l == string(engine.ClockMax) {
				return l, true
			}
			f, ok := bench.ReadMHz(s)
			return f, ok
		},
		Set: func(v *values, w *engine.Workload) {
			switch c := v.Any("clock").(type) {
			case string:
				w.Clock = engine.ClockMode(c)
			case float64:
				w.Clock, w.ClockMHz = engine.ClockMHz, c
			default:
				w.Clock = engine.ClockMeasured
			}
		}},
	{Name: "objective", Group: "budget", Label: "Rank passing candidates by", Accepted: "headroom, smallest (slowest clock, then least flash) or energy (least energy per hour of the continuous loads, or per boot, at the high end)", Default: string(engine.ObjectiveHeadroom),
		Choices: []string{string(engine.ObjectiveHeadroom), string(engine.ObjectiveSmallest), string(engine.ObjectiveEnergy)},
		Set: func(v *values, w *engine.Workload) {
			w.Objective = engine.Objective(v.String("objective", string(engine.ObjectiveHeadroom)))
		}},
	{Name: "library", Group: "filter", Label: "Library", Accepted: "the library's name (empty: all)",
		Set: func(v *values, w *engine.Workload) { w.Library = v.String("library", "") }},
	{Name: "mcu", Group: "filter", Label: "MCU contains", Accepted: "part of a part name, e.g. H7 or STM32U585 (at most 64 characters)",
		Set: func(v *values, w *engine.Workload) { w.MCU = v.String("mcu", "") }},
	{Name: "accel", Group: "filter", Label: "Required acceleration", Accepted: "a comma-separated list of " + strings.Join(bench.Accelerators, ", "), Parse: bench.Accels, Multi: bench.Accelerators,
		Set: setList("accel", func(w *engine.Workload) *[]string { return &w.Accel })},
	{Name: "series", Group: "filter", Label: "Series", Accepted: "a comma-separated list of " + strings.Join(bench.Series, ", "), Parse: bench.List(bench.Series), Multi: bench.Series,
		Set: setList("series", func(w *engine.Workload) *[]string { return &w.Series })},
	{Name: "core", Group: "filter", Label: "Core", Accepted: "a comma-separated list of " + strings.Join(bench.Cores, ", "), Parse: bench.List(bench.Cores), Multi: bench.Cores,
		Set: setList("core", func(w *engine.Workload) *[]string { return &w.Cores })},
	{Name: "low-power", Group: "filter", Label: "Low-power series only (L, U, WB, WBA, WL)", Accepted: "true or false", Default: "false", Bool: true,
		Set: func(v *values, w *engine.Workload) { w.LowPower = v.Bool("low-power", false) }},
	{Name: "min-flash", Group: "filter", Label: "At least this much flash", Accepted: "a size such as 512KiB or 1MiB (parts without internal flash are left out)", Parse: bench.Wrap(bench.ReadSize),
		Set: func(v *values, w *engine.Workload) { w.MinFlash, _ = v.Any("min-flash").(int64) }},
	{Name: "min-ram", Group: "filter", Label: "At least this much RAM", Accepted: "a size such as 128KiB", Parse: bench.Wrap(bench.ReadSize),
		Set: func(v *values, w *engine.Workload) { w.MinRAM, _ = v.Any("min-ram").(int64) }},
	{Name: "package", Group: "filter", Label: "Package", Accepted: "a package name or its start, e.g. LQFP or UFBGA169 (letters and digits, at most 16)",
		Parse: func(s string) (any, bool) {
			s = strings.ToUpper(strings.TrimSpace(s))
			return s, len(s) <= 16 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == ""
		},
		Set: func(v *values, w *engine.Workload) { w.Package = v.String("package", "") }},
	{Name: "min-pins", Group: "filter", Label: "At least this many pins", Accepted: "an integer from 1 to 500", Parse: bench.Integer(1, 500),
		Set: func(v *values, w *engine.Workload) { w.MinPins = v.Int("min-pins", 0) }},
	{Name: "min-temp", Group: "filter", Label: "Runs up to at least (°C)", Accepted: "a temperature from 0 to 150 °C, e.g. 105", Parse: bench.Number(0, 150),
		Set: func(v *values, w *engine.Workload) { w.MinTempC = v.Float("min-temp", 0) }},
	{Name: "max-supply", Group: "filter", Label: "Runs from a supply down to (V)", Accepted: "a voltage from 1 to 3.6 V, e.g. 1.8", Parse: bench.Number(1, 3.6),
		Set: func(v *values, w *engine.Workload) { w.MaxSupplyV = v.Float("max-supply", 0) }},
	{Name: "min-clock", Group: "filter", Label: "Maximum clock at least (MHz)", Accepted: MHzAccepted, Parse: func(s string) (any, bool) { return bench.ReadMHz(s) },
		Set: func(v *values, w *engine.Workload) {
			w.MinClockHz = int64(math.Round(v.Float("min-clock", 0) * 1e6))
		}},
	{Name: "trustzone", Group: "filter", Label: "TrustZone", Accepted: "true or false", Default: "false", Bool: true,
		Set: func(v *values, w *engine.Workload) { w.TrustZone = v.Bool("trustzone", false) }},
	{Name: "units", Group: "filter", Label: "Crypto units on the part", Accepted: "a comma-separated list of " + strings.Join(engine.PartUnits, ", "),
		Parse: bench.List(engine.PartUnits), Multi: engine.PartUnits,
		Set: setList("units", func(w *engine.Workload) *[]string { return &w.Units })},
	{Name: "basis", Group: "filter", Label: "Evidence", Choices: []string{"", "measured", "estimated"},
		Accepted: "measured (measured or clock-scaled figures only), estimated (parts nobody measured only) or empty (both)",
		Set:      func(v *values, w *engine.Workload) { w.Basis = v.String("basis", "") }},
	{Name: "estimate-margin", Group: "filter", Label: "Estimate margin (replaces the spread from our data)",
		Accepted: "a percentage from 0% to 500%, e.g. 50% (an estimate's slow end is its central value × 1.5); empty: the spread our data shows per core",
		Parse: func(s string) (any, bool) {
			f, ok := bench.Decimal(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")))
			return f / 100, ok && f >= 0 && f <= 500
		},
		Set: func(v *values, w *engine.Workload) {
			if m, ok := v.Any("estimate-margin").(float64); ok {
				w.EstimateMargin = &m
			}
		}},
	{Name: "lend", Group: "filter", Label: "Figures lent by cycle-count sources to builds without their own",
		Accepted: "all or none", Parse: bench.ListOrNone([]string{"all"}), // buildGroups names the sources
		Set: func(v *values, w *engine.Workload) {
			if l, ok := v.Any("lend").([]string); ok && !slices.Contains(l, "all") {
				w.Lend = l
			}
		}},
	{Name: "pqc-from", Group: "filter", Label: "Post-quantum figures for builds without their own", Choices: []string{engine.PQCFromLent, engine.PQCFromNone},
		Default:  engine.PQCFromLent,
		Accepted: "lent (ML-KEM and ML-DSA from the cycle-count sources the lend field allows, on the same part, labelled) or none (unknown, as the build publishes none)",
		Set:      func(v *values, w *engine.Workload) { w.PQCFrom = v.String("pqc-from", engine.PQCFromLent) }},
	{Name: "loads", Group: "switch", Label: "Loads switched on", Switch: true,
		Accepted: "a comma-separated list of the loads to rank (tls, firmware, aes, or none); empty: every load whose fields are set",
		Parse:    func(s string) (any, bool) { return bench.ListOrNone(engine.Switchable())(s) }},
}

// readSettings applies every setting's value (or default) to w.
func readSettings(sc *Schema, v *values, w *engine.Workload) {
	for _, f := range sc.fields {
		if f.Set != nil {
			f.Set(v, w)
		}
	}
}

// setList makes a list setting's Set: the list when given, else nil.
func setList(name string, to func(*engine.Workload) *[]string) func(*values, *engine.Workload) {
	return func(v *values, w *engine.Workload) {
		if a, ok := v.Any(name).([]string); ok {
			*to(w) = a
		}
	}
}
