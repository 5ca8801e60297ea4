package explain

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/engine"
)

// The words for each requirement kind: the load in a few words, the
// line that closes a requirement's arithmetic, and the bottleneck. The
// engine decides (figures, the bottleneck and its heaviest operation);
// these only speak. A kind without words here is said by its name.

// Describe says a load in a few words ("" when it adds nothing to the
// workload's summary).
func Describe(l engine.Load) string {
	switch l := l.(type) {
	case *engine.TLS:
		pair := l.Suite
		if pair == "" {
			pair = l.Kex + " with " + l.Sig
		}
		s := fmt.Sprintf("TLS %s %s %s, %s handshakes/s, chain %d", l.Version, l.Role, pair, Number(l.Rate), l.Chain)
		if l.Mutual {
			s += ", mutual auth"
		}
		if l.Resume > 0 {
			s += fmt.Sprintf(", %s%% resumed (%s)", Number(l.Resume*100), l.ResumeKind)
		}
		return s
	case *engine.Firmware:
		return fmt.Sprintf("firmware %s %s/%s within %s", Size(l.SizeBytes), l.Sig, l.Hash, Duration(l.Deadline))
	case *engine.AES:
		return fmt.Sprintf("AES-%d-%s %s at %s", l.Key, strings.ToUpper(l.Mode), l.Dir, Rate(l.Rate))
	case *engine.MaxOp:
		return "no operation longer than " + Duration(l.Limit)
	case *engine.CPU:
		return "" // the summary states the budget itself
	}
	return string(l.Kind())
}

// closing is the line that closes a requirement's arithmetic ("" for
// none).
func closing(r engine.Requirement) string {
	switch r.Kind {
	case engine.KindTLS:
		if r.Achieved == nil || r.Utilization == nil {
			return ""
		}
		per := *r.Utilization / r.Required
		return fmt.Sprintf("per handshake %s → %s handshakes/s within the budget; %s/s needs %s of the CPU",
			Duration(per), strconv.FormatFloat(*r.Achieved, 'f', 1, 64), Number(r.Required), Percent(*r.Utilization))
	case engine.KindFirmware:
		if r.Achieved == nil {
			return ""
		}
		return fmt.Sprintf("verify takes %s against a %s deadline", Duration(*r.Achieved), Duration(r.Required))
	case engine.KindAES:
		if r.Achieved == nil || r.Utilization == nil {
			return ""
		}
		return fmt.Sprintf("%s ÷ %s = %s of the CPU", Rate(r.Required), Rate(*r.Achieved), Percent(*r.Utilization))
	case engine.KindCPU:
		rule, _ := engine.RuleOf(engine.RuleCPUBudget)
		if r.Achieved != nil {
			return fmt.Sprintf("%s use %s of a %s budget — %s", upper(r.Of, " + "), Percent(*r.Achieved), Percent(r.Required), rule.Text)
		}
		return upper(r.Of, " + ") + " share unknown: " + strings.Join(r.Missing, ", ")
	case engine.KindMaxOp:
		if r.Achieved == nil || len(r.Terms) == 0 {
			return ""
		}
		return fmt.Sprintf("the longest operation, %s, blocks the CPU for %s against a %s limit", r.Terms[0].Op, Duration(*r.Achieved), Duration(r.Required))
	}
	return ""
}

// bottleneck names what limits a candidate: its tightest requirement's
// kind and the operation that weighs most in it; for the CPU budget, the
// shares that add up to it.
func bottleneck(c engine.Candidate) string {
	if c.Bottleneck == engine.KindCPU {
		var parts []string
		for _, r := range c.Requirements {
			if r.Continuous && r.Utilization != nil {
				parts = append(parts, strings.ToUpper(string(r.Kind))+" "+Percent(*r.Utilization))
			}
		}
		return "cpu (" + strings.Join(parts, " + ") + ")"
	}
	if c.BottleneckOp == "" {
		return string(c.Bottleneck)
	}
	return string(c.Bottleneck) + " (" + c.BottleneckOp + ")"
}

func upper(kinds []engine.KindName, sep string) string {
	var s []string
	for _, k := range kinds {
		s = append(s, strings.ToUpper(string(k)))
	}
	return strings.Join(s, sep)
}
