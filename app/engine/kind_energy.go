package engine

import (
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// KindEnergy limits what the workload may cost the battery: per hour of
// its continuous loads, per handshake or per boot verify (energy.go has
// the model). Judged on the high end of the energy range.
const KindEnergy KindName = "energy-budget"

// RuleEnergyBudget is the energy budget's rule.
const RuleEnergyBudget RuleID = "energy-budget"

// EnergyBudget is at most Joules per Per ("h", "handshake", "boot").
type EnergyBudget struct {
	Joules float64 `json:"joules"`
	Per    string  `json:"per"`
}

// Energy per what a budget may name.
const (
	PerHour      = "h"
	PerHandshake = "handshake"
	PerBoot      = "boot"
)

type energyKind struct{}

func (energyKind) Name() KindName { return KindEnergy }
func (energyKind) Title() string  { return "Budget and clock" }

func (energyKind) Rules() []Rule {
	return []Rule{{RuleEnergyBudget, "energy of an operation ≈ cycles × the part's run current (µA/MHz, ST's data) × V_DD, calibrated ×2.1 (classic) and ×2.7 (ML-KEM/ML-DSA) for the high end, which the budget is held against",
		"ST's part database <Current Run>; pqps (github.com/mjosaarinen/pqps, log/parsed_data.txt at a03d43c1), NUCLEO-F411RE at 96 MHz, 3.0 V, X-NUCLEO-LPM01A"}}
}

func (energyKind) Fields() []Field {
	return []Field{
		{Name: "energy-budget", Group: "budget", Label: "Energy budget",
			Accepted: "an energy per hour, handshake or boot, such as 10mJ/h, 50uJ/handshake or 2mJ/boot (J, mJ, uJ or µJ; empty: no limit)",
			Parse:    bench.Wrap(ParseEnergyBudget)},
		{Name: "supply", Group: "budget", Label: "Supply voltage (V_DD, V)", Default: "3.3",
			Accepted: "a voltage from 1.62 to 3.6 V, e.g. 3.3", Parse: bench.Number(SupplyMinV, SupplyMaxV),
			Set: func(v *Values, w *Workload) { w.SupplyV = v.Float("supply", SupplyDefaultV) }},
	}
}

// ParseEnergyBudget reads "10mJ/h", "50uJ/handshake", "2 mJ / boot".
func ParseEnergyBudget(s string) (EnergyBudget, bool) {
	amount, per, ok := strings.Cut(strings.ReplaceAll(s, " ", ""), "/")
	if !ok {
		return EnergyBudget{}, false
	}
	per = strings.ToLower(per)
	if per == "hour" {
		per = PerHour
	}
	if per != PerHour && per != PerHandshake && per != PerBoot {
		return EnergyBudget{}, false
	}
	scale := 0.0
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"mJ", 1e-3}, {"uJ", 1e-6}, {"µJ", 1e-6}, {"J", 1}} {
		if strings.HasSuffix(amount, u.suffix) {
			amount, scale = strings.TrimSuffix(amount, u.suffix), u.scale
			break
		}
	}
	if scale == 0 {
		return EnergyBudget{}, false // a unit is required
	}
	f, err := strconv.ParseFloat(amount, 64)
	if err != nil || !(f > 0) || f*scale > 1e6 {
		return EnergyBudget{}, false
	}
	return EnergyBudget{Joules: f * scale, Per: per}, true
}

// Read gives the budget when one is set.
func (energyKind) Read(v *Values) Load {
	b, ok := v.Any("energy-budget").(EnergyBudget)
	if !ok {
		return nil
	}
	return &b
}

// Aggregate: the energy is the other requirements'.
func (energyKind) Aggregate() bool { return true }

func (b *EnergyBudget) Kind() KindName { return KindEnergy }

// Terms: none of its own (an aggregate).
func (*EnergyBudget) Terms(Figures) []Term { return nil }

// Evaluate holds the high end of the workload's energy per hour,
// handshake or boot against the budget; unknown when that energy is
// (no run current, a missing figure, or no such load in the workload).
func (b *EnergyBudget) Evaluate(e *Eval, _ []Term) (Requirement, bool) {
	r := NewRequirement(KindEnergy, RuleEnergyBudget, b.Joules, "J/"+b.Per, 0)
	en := e.energy(e.Reqs)
	var got *[2]float64
	var load KindName
	switch b.Per {
	case PerHour:
		got = en.PerHour
	case PerHandshake:
		got, load = en.PerHandshake, KindTLS
	case PerBoot:
		got, load = en.PerBoot, KindFirmware
	}
	if load != "" {
		if _, ok := e.w.Load(load); !ok {
			r.Missing = append(r.Missing, GapLoad)
			return r, true
		}
	}
	if got == nil {
		r.Missing = energyGaps(e, load)
		return r, true
	}
	hi := got[1]
	h := b.Joules / hi
	r.Achieved, r.Headroom = e.num(hi), e.num(h)
	r.Basis = en.Basis
	return r, true
}

// energyGaps says why an energy is unknown: no run current, no clock,
// or the operations without a figure in the requirements it adds up
// (load's, or the continuous loads' for an energy per hour).
func energyGaps(e *Eval, load KindName) []string {
	switch {
	case !e.hasRunCurrent():
		return []string{GapRunCurrent}
	case e.a.Clock().ClockHz <= 0 || e.a.Clock().Untrusted:
		return []string{GapClock} // judge replaces it with the clock's own gap when untrusted
	}
	var gaps []string
	for _, q := range e.Reqs {
		if q.Kind == load || load == "" && q.Continuous {
			for _, m := range q.Missing {
				gaps = appendUnique(gaps, m)
			}
		}
	}
	if len(gaps) == 0 {
		gaps = append(gaps, GapLoad) // per hour, without a continuous load
	}
	return gaps
}

// Needs are the loads an energy budget needs one of: TLS per handshake,
// the firmware per boot, a continuous load (TLS or AES) per hour.
func (b *EnergyBudget) Needs() []KindName {
	switch b.Per {
	case PerHandshake:
		return []KindName{KindTLS}
	case PerBoot:
		return []KindName{KindFirmware}
	}
	return []KindName{KindTLS, KindAES}
}
