package engine

import (
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
)

// Energy (DESIGN.md, "Energy"; README, "Energy and memory"). A part
// running from flash draws about its run current per MHz × its clock
// (ST's <Current Run=…>, µA/MHz), so an operation of t seconds at f MHz
// costs t × f × Run × 10⁻⁶ × V_DD joules: per cycle, the same at any
// clock. Datasheet run current is measured with the CPU doing simple
// work; crypto draws more. The one measurement of energy per operation on
// an STM32 we found (pqps, a NUCLEO-F411RE at 96 MHz and 3.0 V, github.com/
// mjosaarinen/pqps log/parsed_data.txt at a03d43c1) drew 2.1× the
// datasheet figure on elliptic-curve code and 2.6–2.7× on lattice code.
// Each energy is therefore a range: the datasheet current and the
// central time at the low end, the calibrated current and the slow-end
// time at the high end.

// Calibration factors (pqps): measured power ÷ datasheet power.
const (
	// EnergyFactor: ECDSA P-256 verify 59.884 mW, ECDH P-256 keygen
	// 60.472 mW against 28.8 mW (100 µA/MHz × 96 MHz × 3.0 V): 2.08–2.10.
	EnergyFactor = 2.1
	// EnergyFactorPQC: Kyber768 keygen 75.776 mW: 2.63; the issue's
	// 2.6–2.7 range, its top.
	EnergyFactorPQC = 2.7
)

// Supply voltage range and default (V_DD).
const (
	SupplyMinV     = 1.62
	SupplyMaxV     = 3.6
	SupplyDefaultV = 3.3
)

// Energy is what the workload costs a candidate's battery: per handshake
// (its TLS terms), per boot verify (its firmware terms) and per hour of
// its continuous loads (TLS rate × 3,600 and the AES stream), each
// [low, high] in joules, nil when unknown (no run current in ST's data,
// no clock, or a figure missing).
type Energy struct {
	PerHandshake *[2]float64 `json:"per_handshake_j"`
	PerBoot      *[2]float64 `json:"per_boot_j"`
	PerHour      *[2]float64 `json:"per_hour_j"`
	// RunUAPerMHz is ST's run current, the largest of the part numbers
	// the candidate stands for (of those the part filters keep), for the
	// high end; RunLowUAPerMHz the smallest, for the low end, so that the
	// range holds for each of them. Nil: ST's data gives none.
	RunUAPerMHz    *float64 `json:"run_ua_per_mhz"`
	RunLowUAPerMHz *float64 `json:"run_low_ua_per_mhz,omitempty"`
	SupplyV        float64  `json:"supply_v"`
	// Factor is the calibration applied to classic public-key and
	// symmetric operations; FactorPQC to ML-KEM/ML-DSA (set when the
	// workload has some).
	Factor    float64 `json:"factor"`
	FactorPQC float64 `json:"factor_pqc,omitempty"`
	// Basis: the times' basis combined with the datasheet current's
	// (estimated).
	Basis bench.Basis `json:"basis"`
}

// TermEnergy is a term's energy range at clockHz, run µA/MHz and supply
// V: the central time at the datasheet current, the slow end at the
// calibrated one.
func TermEnergy(t Term, clockHz int64, run, v float64) (lo, hi float64) {
	return termEnergy(&t, clockHz, run, run, v)
}

// termEnergy is TermEnergy for parts whose run currents span low to high:
// the low end at the smallest, the high end at the largest.
func termEnergy(t *Term, clockHz int64, low, high, v float64) (lo, hi float64) {
	watts := func(run float64) float64 { return float64(clockHz) / 1e6 * run * 1e-6 * v } // at the datasheet current
	factor := EnergyFactor
	if catalog.IsPQC(t.Op) {
		factor = EnergyFactorPQC
	}
	return t.Each * t.Count * watts(low), t.Total * watts(high) * factor
}

// reqEnergy is a requirement's energy range (its terms, per unit of the
// load: a handshake, a boot, a byte), or nil when a term is missing.
func reqEnergy(r *Requirement, clockHz int64, low, high, v float64) (e [2]float64, ok bool) {
	if len(r.Missing) > 0 || len(r.Terms) == 0 {
		return e, false
	}
	for i := range r.Terms {
		if r.Terms[i].Missing {
			return e, false
		}
		lo, hi := termEnergy(&r.Terms[i], clockHz, low, high, v)
		e[0], e[1] = e[0]+lo, e[1]+hi
	}
	return e, true
}

// energyCell holds a candidate's energy and the ranges its pointers
// point to: one value per candidate, from the ranking's slab.
type energyCell struct {
	Energy
	hs, boot, hour [2]float64
}

// energy is the candidate's energy for its requirements.
func (e *Eval) energy(reqs []Requirement) *Energy {
	cell := e.energies.New()
	low, high := e.runCurrents()
	cell.Energy = Energy{RunUAPerMHz: high, SupplyV: e.w.Supply(), Factor: EnergyFactor, Basis: bench.Estimated}
	if low != nil && *low != *high {
		cell.Energy.RunLowUAPerMHz = low
	}
	en := &cell.Energy
	for ri := range reqs { // in place: a requirement is ~220 B, a term ~240 B
		if r := &reqs[ri]; r.summed.known {
			if r.summed.pqc { // Finish looked (sumsOf)
				en.FactorPQC = EnergyFactorPQC
			}
			continue
		}
		for i := range reqs[ri].Terms {
			if catalog.IsPQC(reqs[ri].Terms[i].Op) {
				en.FactorPQC = EnergyFactorPQC
			}
		}
	}
	if en.RunUAPerMHz == nil || e.a.Clock().ClockHz <= 0 || e.a.Clock().Untrusted {
		return en
	}
	v, clock := en.SupplyV, e.a.Clock().ClockHz
	hour := &cell.hour
	hourKnown, continuous := true, false
	for ri := range reqs {
		r := &reqs[ri]
		if KindOf(r.Kind).Aggregate() {
			continue
		}
		re, ok := reqEnergy(r, clock, *low, *high, v)
		switch {
		case !ok:
		case r.Kind == KindTLS:
			cell.hs = re
			en.PerHandshake = &cell.hs
		case r.Kind == KindFirmware:
			cell.boot = re
			en.PerBoot = &cell.boot
		}
		if r.Continuous {
			continuous = true
			if !ok {
				hourKnown = false
				continue
			}
			// Per unit of the load (a handshake, a byte) × its rate.
			hour[0] += re[0] * r.Required * 3600
			hour[1] += re[1] * r.Required * 3600
		}
	}
	if continuous && hourKnown {
		en.PerHour = hour
	}
	return en
}

// members is what keeps a candidate's part numbers for its run current
// and RAM: those the part filters and mcu= keep when they are in force
// (nil: all of them).
func (e *Eval) members() func(bench.PartMember) bool {
	if !e.named && e.minRAM == 0 {
		return nil
	}
	return e.isMember
}

// holds reports whether some part number the candidate stands for has
// e.minRAM of RAM: without part filters, whether its largest has (a
// walk of the group's members per candidate was a fifth of a TLS
// requirement's evaluation, natively).
func (e *Eval) holds() bool {
	if !e.named {
		return e.a.LargestPartRAM() >= e.minRAM
	}
	return e.a.PartRAM(e.members()) >= e.minRAM
}

// member says whether a part number is one the candidate stands for (made once per
// ranking: made per call, it was a quarter of a keystroke's allocations).
func (e *Eval) member() func(bench.PartMember) bool {
	q := strings.ToUpper(e.w.MCU)
	return func(m bench.PartMember) bool {
		return (!e.named || qualifies(m, e.w, -1) && strings.Contains(m.Part, q)) && m.RAMBytes >= e.minRAM
	}
}

// runCurrents are the smallest and largest run currents of the part
// numbers the candidate stands for (members); nil when ST's data gives
// none.
func (e *Eval) runCurrents() (low, high *float64) { return e.a.RunCurrents(e.members()) }

// hasRunCurrent reports whether ST's data gives a run current for any
// part number the candidate's group stands for.
func (e *Eval) hasRunCurrent() bool { _, high := e.a.RunCurrents(nil); return high != nil }

// Supply is the workload's V_DD (the default when unset).
func (w *Workload) Supply() float64 {
	if w.SupplyV <= 0 {
		return SupplyDefaultV
	}
	return w.SupplyV
}

// WorkloadEnergy is the energy the energy objective orders by: per hour
// of the continuous loads, or per boot when there are none; the high
// end. ok is false when unknown.
func WorkloadEnergy(c *Candidate) (float64, bool) {
	if c.Energy == nil {
		return 0, false
	}
	if c.Energy.PerHour != nil {
		return c.Energy.PerHour[1], true
	}
	for _, r := range c.Requirements {
		if r.Continuous {
			return 0, false // a continuous load whose energy is unknown
		}
	}
	if c.Energy.PerBoot != nil {
		return c.Energy.PerBoot[1], true
	}
	return 0, false
}

// Memory is what the workload's crypto takes of the part's RAM
// (catalog.Answer.Memory).
type Memory = catalog.Memory

// memory is the candidate's memory for the requirements so far.
func (e *Eval) memory(reqs []Requirement) *Memory {
	u := e.used(reqs)
	lent, _ := catalog.LentStack(u)
	return e.memoryOf(e.a.Footprint(u), lent, reqs)
}

// memoryOf composes a candidate's memory (the one place that does).
func (e *Eval) memoryOf(fp *Footprint, lent *int64, reqs []Requirement) *Memory {
	session, peak := sessionBytes(reqs)
	return e.a.Memory(fp, lent, e.a.PartRAM(e.members()), session, peak, e.memories.New())
}
