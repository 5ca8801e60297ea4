// Package explain turns the engine's results — which are data — into
// words and numbers for people: headroom and percentages, the workload in
// one line, a candidate's arithmetic step by step, and CSV.
package explain

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/engine"
)

// Headroom formats a headroom factor ("2.13×", "—" when there is none).
func Headroom(h *float64) string {
	if h == nil {
		return "—"
	}
	if math.IsInf(*h, 1) || *h > 1e6 {
		return "≫1000×"
	}
	return strconv.FormatFloat(*h, 'f', 2, 64) + "×"
}

// Share formats a CPU share that may be unknown.
func Share(f *float64) string {
	if f == nil {
		return "—"
	}
	return Percent(*f)
}

// Percent formats a fraction as a percentage.
func Percent(f float64) string {
	if f == 0 {
		return "0%"
	}
	if f < 0.001 {
		return "<0.1%"
	}
	return strconv.FormatFloat(f*100, 'f', 1, 64) + "%"
}

// Duration formats seconds with a readable unit.
func Duration(s float64) string {
	switch {
	case s >= 1:
		return strconv.FormatFloat(s, 'f', 3, 64) + " s"
	case s >= 1e-3:
		return strconv.FormatFloat(s*1e3, 'f', 3, 64) + " ms"
	default:
		return strconv.FormatFloat(s*1e6, 'f', 1, 64) + " µs"
	}
}

// Rate formats bytes per second with binary prefixes, as IEC says.
func Rate(bps float64) string {
	switch {
	case bps >= 1<<20:
		return strconv.FormatFloat(bps/(1<<20), 'f', 2, 64) + " MiB/s"
	case bps >= 1<<10:
		return strconv.FormatFloat(bps/(1<<10), 'f', 1, 64) + " KiB/s"
	}
	return strconv.FormatFloat(bps, 'f', 0, 64) + " B/s"
}

// MHz formats a clock exactly ("62.5 MHz", not a truncated "62 MHz").
func MHz(hz int64) string {
	return strconv.FormatFloat(float64(hz)/1e6, 'f', -1, 64) + " MHz"
}

// Size formats a byte count.
func Size(b int64) string {
	switch {
	case b >= 1<<20 && b%(1<<20) == 0:
		return strconv.FormatInt(b>>20, 10) + " MiB"
	case b >= 1<<10 && b%(1<<10) == 0:
		return strconv.FormatInt(b>>10, 10) + " KiB"
	}
	return strconv.FormatInt(b, 10) + " B"
}

// Clock is a candidate's clock as a table shows it: exact, marked when it
// is an estimate or when the source's stated clock is above the part's
// maximum.
func Clock(c engine.Candidate) string {
	s := MHz(c.ClockHz)
	if c.Estimate {
		s += " (est.)"
	}
	if c.ClockAboveMax {
		s += " (above the part's max!)"
	}
	return s
}

// Bottleneck names the tightest requirement, or what is missing.
func Bottleneck(c engine.Candidate) string {
	if c.Verdict == engine.Unknown {
		if len(c.Missing) > 3 {
			return fmt.Sprintf("missing: %s and %d more", strings.Join(c.Missing[:3], ", "), len(c.Missing)-3)
		}
		return "missing: " + strings.Join(c.Missing, ", ")
	}
	if c.Bottleneck == "" {
		return "—"
	}
	if c.Bottleneck == "cpu" {
		// Name the shares that add up to the budget.
		var parts []string
		for _, r := range c.Requirements {
			if (r.Kind == "tls" || r.Kind == "aes") && r.Utilization != nil {
				parts = append(parts, strings.ToUpper(r.Kind)+" "+Percent(*r.Utilization))
			}
		}
		return "cpu (" + strings.Join(parts, " + ") + ")"
	}
	for _, r := range c.Requirements {
		if r.Kind == c.Bottleneck && r.Kind == "tls" {
			// Name the heaviest operation of the handshake.
			var top engine.Term
			for _, t := range r.Terms {
				if t.Total > top.Total {
					top = t
				}
			}
			return "tls (" + top.Op + ")"
		}
	}
	return c.Bottleneck
}

// Workload describes a workload in one line.
func Workload(w engine.Workload) string {
	var parts []string
	if t := w.TLS; t != nil {
		s := fmt.Sprintf("TLS %s %s %s, %g handshakes/s, chain %d", t.Version, t.Role, t.Suite, t.Rate, t.Chain)
		if t.Mutual {
			s += ", mutual auth"
		}
		if t.Resume > 0 {
			s += fmt.Sprintf(", %g%% resumed (%s)", t.Resume*100, t.ResumeKind)
		}
		parts = append(parts, s)
	}
	if f := w.Firmware; f != nil {
		parts = append(parts, fmt.Sprintf("firmware %s %s/%s within %s", Size(f.SizeBytes), f.Sig, f.Hash, Duration(f.Deadline)))
	}
	if a := w.AES; a != nil {
		parts = append(parts, fmt.Sprintf("AES-%d-%s %s at %s", a.Key, strings.ToUpper(a.Mode), a.Dir, Rate(a.Rate)))
	}
	if len(parts) == 0 {
		parts = append(parts, "no requirements (every candidate passes)")
	}
	clock := w.Clock
	if clock == "mhz" {
		clock = strconv.FormatFloat(w.ClockMHz, 'f', -1, 64) + " MHz"
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; CPU budget %s; clock %s", Percent(w.CPUBudget), clock)
}

// Steps explains one requirement's arithmetic, one line per term and a
// total, naming the rule behind each term.
func Steps(r engine.Requirement) []string {
	var out []string
	for _, t := range r.Terms {
		rule := engine.Rules[t.Rule].Text
		if t.Missing {
			out = append(out, fmt.Sprintf("%s × %g: no measurement — %s", t.Op, t.Count, rule))
			continue
		}
		var s string
		if t.Bytes > 0 && r.Kind != "aes" {
			s = fmt.Sprintf("%s: %s ÷ %s = %s", t.Op, Size(t.Bytes), Rate(t.Rate), Duration(t.Total))
		} else if r.Kind == "aes" {
			s = fmt.Sprintf("%s measured at %s", t.Op, Rate(t.Rate))
		} else {
			s = fmt.Sprintf("%s: %s × %s = %s", t.Op, trim(t.Count), Duration(t.Each), Duration(t.Total))
		}
		if t.Config != "" {
			s += " [config " + t.Config + "]"
		}
		out = append(out, s+" — "+rule)
	}
	switch r.Kind {
	case "tls":
		if r.Achieved != nil && r.Utilization != nil {
			per := *r.Utilization / r.Required
			out = append(out, fmt.Sprintf("per handshake %s → %s handshakes/s within the budget; %g/s needs %s of the CPU",
				Duration(per), strconv.FormatFloat(*r.Achieved, 'f', 1, 64), r.Required, Percent(*r.Utilization)))
		}
	case "firmware":
		if r.Achieved != nil {
			out = append(out, fmt.Sprintf("verify takes %s against a %s deadline", Duration(*r.Achieved), Duration(r.Required)))
		}
	case "aes":
		if r.Achieved != nil && r.Utilization != nil {
			out = append(out, fmt.Sprintf("%s ÷ %s = %s of the CPU", Rate(r.Required), Rate(*r.Achieved), Percent(*r.Utilization)))
		}
	case "cpu":
		if r.Achieved != nil {
			out = append(out, fmt.Sprintf("TLS + AES use %s of a %s budget — %s", Percent(*r.Achieved), Percent(r.Required), engine.Rules["cpu-budget"].Text))
		} else {
			out = append(out, "TLS + AES share unknown: "+strings.Join(r.Missing, ", "))
		}
	}
	return out
}

func trim(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)[:min(len(strconv.FormatFloat(f, 'f', -1, 64)), 8)]
}

// CSV writes one row per candidate.
func CSV(w io.Writer, res engine.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"rank", "verdict", "mcu", "board", "library", "library_version", "config", "acceleration", "clock_hz", "estimate", "headroom", "utilization", "bottleneck", "missing", "clock_above_max"})
	// A figure that could not be computed is an empty cell, never 0.
	num := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'g', 6, 64)
	}
	for _, c := range res.Candidates {
		cw.Write([]string{strconv.Itoa(c.Rank), c.Verdict, c.MCU, c.Board, c.Library, c.LibraryVersion, c.Config,
			strings.Join(c.Acceleration, "+"), strconv.FormatInt(c.ClockHz, 10), strconv.FormatBool(c.Estimate), num(c.Headroom),
			num(c.Utilization), c.Bottleneck, strings.Join(c.Missing, " "), strconv.FormatBool(c.ClockAboveMax)})
	}
	cw.Flush()
	return cw.Error()
}
