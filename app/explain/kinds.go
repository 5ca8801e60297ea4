package explain

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/engine"
	"cryptosizer/app/tlsram"
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
		unit := "handshakes/s"
		if l.Rate == 1 {
			unit = "handshake/s"
		}
		s := fmt.Sprintf("TLS %s %s %s, %s %s, chain %d", l.Version, l.Role, pair, Number(l.Rate), unit, l.Chain)
		if l.Mutual {
			s += ", mutual auth"
		}
		if l.Resume > 0 {
			s += fmt.Sprintf(", %s%% resumed (%s)", Number(l.Resume*100), l.ResumeKind)
		}
		return s
	case *engine.Firmware:
		return fmt.Sprintf("firmware %s %s/%s within %s", Size(l.SizeBytes), l.Sig, l.Hash, Duration(l.Deadline)) + Boot(l)
	case *engine.AES:
		return fmt.Sprintf("AES-%d-%s %s at %s", l.Key, strings.ToUpper(l.Mode), l.Dir, Rate(l.Rate))
	case *engine.MaxOp:
		return "no operation longer than " + Duration(l.Limit)
	case *engine.CPU:
		return "" // the summary states the budget itself
	case *engine.EnergyBudget:
		return "energy at most " + Joules(l.Joules) + " per " + l.Per
	case *engine.FreeRAM:
		return "at least " + Size(l.Bytes) + " of RAM left for the application"
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
	case engine.KindEnergy:
		per := strings.TrimPrefix(r.Unit, "J/")
		if r.Achieved == nil {
			return "energy per " + per + " unknown: " + strings.Join(r.Missing, ", ")
		}
		return fmt.Sprintf("energy per %s at the high end (calibrated run current, slow-end times) %s against %s", per, Joules(*r.Achieved), Joules(r.Required))
	case engine.KindFreeRAM:
		if r.Achieved == nil {
			return "RAM left unknown: the crypto's RAM is not published"
		}
		return fmt.Sprintf("%s of RAM left for the application against %s needed", Size(int64(*r.Achieved)), Size(int64(r.Required)))
	}
	return ""
}

// bottleneck names what limits a candidate: its tightest requirement's
// kind and the operation that weighs most in it; for the CPU budget, the
// shares that add up to it.
// requirementWords name the requirements whose kind name is a field's
// (min-free-ram) rather than a word a reader knows.
var requirementWords = map[engine.KindName]string{
	engine.KindFreeRAM: "RAM left", engine.KindMaxOp: "longest operation", engine.KindEnergy: "energy",
}

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
	if ram := ramBottleneck(c); ram != "" {
		return ram
	}
	name := string(c.Bottleneck)
	if w, ok := requirementWords[c.Bottleneck]; ok {
		name = w
	}
	if c.BottleneckOp != "" {
		name += " (" + c.BottleneckOp + ")"
	}
	if c.AtMost {
		for _, r := range c.Requirements {
			if r.Kind == c.Bottleneck && r.KnownFail && len(r.Missing) > 0 {
				var m []string
				for _, x := range r.Missing {
					m = append(m, Missing(x))
				}
				return name + ": fails on its known figures alone (no figure for " + strings.Join(m, ", ") + ")"
			}
		}
	}
	return name
}

// ShortOfSession says which named part numbers a group's row does not
// stand for, because they cannot hold the TLS session's RAM ("" for
// none): the row is judged on the rest.
func ShortOfSession(c engine.Candidate) string {
	if len(c.Short) == 0 {
		return ""
	}
	need := int64(0)
	for _, r := range c.Requirements {
		if r.Session != nil {
			need = r.PeakBytes // at least the session's bound (tlsram.Bound.Peak)
		}
	}
	names := c.Short[:min(4, len(c.Short))]
	more := ""
	if n := len(c.Short) - len(names); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	return fmt.Sprintf("fails on %s%s: less RAM than the TLS handshake holds at its peak (at least %s); judged on the %d that hold it",
		strings.Join(names, ", "), more, Size(need), len(c.Qualifying))
}

// ramBottleneck names the TLS session's RAM when it is what fails the
// TLS load (the requirement's headroom is then the part's RAM over the
// session's); "" otherwise.
func ramBottleneck(c engine.Candidate) string {
	if c.Bottleneck != engine.KindTLS || c.Memory == nil {
		return ""
	}
	for _, r := range c.Requirements {
		s := r.Session
		if r.Kind != engine.KindTLS || s == nil || c.Memory.PartRAMBytes <= 0 || c.Memory.PartRAMBytes >= s.Bytes {
			continue
		}
		h := r.Headroom
		if h == nil {
			h = r.AtMost // on its known figures
		}
		need := r.PeakBytes // at least s.Bytes (tlsram.Bound.Peak)
		if ratio := float64(c.Memory.PartRAMBytes) / float64(need); h == nil || math.Abs(*h-ratio) < 1e-9 {
			at := "≥ "
			if s.Measured {
				at = "(yours) "
			}
			if need > s.Bytes {
				return "tls (RAM at the handshake's peak " + at + Size(need) + ": session " + Size(s.Bytes) + " + the working memory of the operations then, the part has " + Size(c.Memory.PartRAMBytes) + ")"
			}
			return "tls (session RAM " + at + Size(s.Bytes) + ", the part has " + Size(c.Memory.PartRAMBytes) + ")"
		}
	}
	return ""
}

func upper(kinds []engine.KindName, sep string) string {
	var s []string
	for _, k := range kinds {
		s = append(s, strings.ToUpper(string(k)))
	}
	return strings.Join(s, sep)
}

// Wire says how many bytes the workload's full TLS handshake sends, part
// by part, so that a radio can be priced; "" without a TLS load.
func Wire(w engine.Workload) string {
	l, _ := w.Load(engine.KindTLS)
	t, ok := l.(*engine.TLS)
	if !ok {
		return ""
	}
	ps := t.OnTheWire()
	return fmt.Sprintf("On the wire: about %s per full handshake%s, from the FIPS 203/204 and classic key and signature sizes and the chain; "+
		"TLS records, TCP and IP add their framing. For scale, wolfSSL's manual measured 5,455 B of TCP payload for a mutual-auth TLS 1.3 session with RSA-2048 + ECC SECP256R1, "+
		"7,337 B with ML-KEM-768 and 10,233 B with ML-DSA-65 + SECP256R1 (wolfSSL/documentation, wolfSSL/src/appendix09.md at c725cb71, on a host).",
		Size(ps.Bytes()), Parts(ps))
}

// EnergyLines explain a candidate's energy: the run current and supply it
// uses, how the range is made, or why it is unknown.
func EnergyLines(c engine.Candidate) []string {
	e := c.Energy
	switch {
	case e == nil:
		return nil
	case e.RunUAPerMHz == nil:
		return []string{"Energy unknown: ST's data gives no run current for this part (never taken as zero)."}
	}
	factor := fmt.Sprintf("× %s", Number(e.Factor))
	if e.FactorPQC > 0 {
		factor += fmt.Sprintf(" (classic and symmetric), × %s (ML-KEM/ML-DSA)", Number(e.FactorPQC))
	}
	run := "the part's run current " + Number(*e.RunUAPerMHz) + " µA/MHz"
	if e.RunLowUAPerMHz != nil {
		run = fmt.Sprintf("the run current of the part numbers this row stands for, %s–%s µA/MHz (the smallest for the low end, the largest for the high end)",
			Number(*e.RunLowUAPerMHz), Number(*e.RunUAPerMHz))
	}
	return []string{fmt.Sprintf("Energy (estimated): time × clock × run current × V_DD, with %s (ST's part database) at %s V. "+
		"Low end: the datasheet current and the central times; high end: the current %s, calibrated on pqps's measurements of a NUCLEO-F411RE (2.1× the datasheet on elliptic-curve code, 2.6–2.7× on lattice code), and the slow-end times. "+
		"Per handshake %s, per boot verify %s, per hour of the continuous loads %s.",
		run, Number(e.SupplyV), factor, EnergyRange(e.PerHandshake), EnergyRange(e.PerBoot), EnergyRange(e.PerHour))}
}

// ECCRAMBound cites the bound an ECDHE operation's RAM is counted at
// when its build publishes none (catalog's Answer.Footprint).
const ECCRAMBound = "wolfssl-ecc-ram.md §2: in wolfSSL 5.7.2's sp_c32.c the P-256 shared secret runs verification's point multiplication (lines 25162/25196 against 26296/26347/26263) and key generation signing's (24949/24994 against 25806), neither on the heap; an upper bound read from the code, not a measurement"

// MemoryLine explains the RAM the crypto takes and what is left.
func MemoryLine(c engine.Candidate) string {
	m := c.Memory
	switch {
	case m == nil:
		return ""
	case m.SessionWhole && m.FreeRAMBytes != nil:
		return fmt.Sprintf("RAM left for the application: %s — the part's %s less your measured TLS session, %s, its crypto included.",
			leftWords("", *m.FreeRAMBytes), Size(m.PartRAMBytes), Size(m.SessionBytes))
	case m.FreeRAMBytes == nil:
		s := "RAM left for the application: unknown — " + m.NotPublished + " (never guessed)."
		if m.StackBytes != nil {
			s += " The largest published stack among the operations used is " + Size(*m.StackBytes) + "."
		}
		return s
	case m.CryptoRAMBytes == nil:
		// Only the TLS session's bound is known: at most the rest is left.
		return fmt.Sprintf("RAM left for the application: %s of %s — %s; the crypto's own RAM is unknown (%s).",
			leftWords("at most ", *m.FreeRAMBytes), Size(m.PartRAMBytes), sessionLong(c), m.NotPublished)
	}
	takes := "takes"
	if m.UpperBound {
		takes = "takes at most"
	}
	s := fmt.Sprintf("RAM left for the application: %s of %s — the crypto %s %s (the library's globals plus the largest stack and working buffer of the operations used", leftWords(boundWord(m), *m.FreeRAMBytes), Size(m.PartRAMBytes), takes, Size(*m.CryptoRAMBytes))
	if m.StackBytes != nil {
		s += ", " + Size(*m.StackBytes)
	}
	if fp := c.Footprint; m.UpperBound && fp != nil && len(fp.Bounded) > 0 {
		s += "; counted at their bound, as no stack of theirs is published: " + strings.Join(fp.Bounded, ", ") + " (" + ECCRAMBound + ")"
	}
	if fp := c.Footprint; fp != nil && fp.SameCode != nil {
		sc := fp.SameCode
		s += "; the stack and heap of " + strings.Join(fp.SameCodeOps, ", ") + " are the \"" + sc.Config + "\" build's on the same board, which runs the same code there (" +
			sc.Note + "; " + atLine(sc.Document, sc.Line) + "): estimated"
	}
	s += ")"
	if m.SessionBytes > 0 {
		s += " and " + sessionLong(c)
	}
	s += "."
	if g := c.Group; g != nil && g.RAM[0] != g.RAM[1] {
		s += " The part RAM is the smallest among the part numbers this row stands for (the group spans " + Size(g.RAM[0]) + "–" + Size(g.RAM[1]) + "; with part filters, among those they keep), so the figure holds for each of them."
	}
	if m.MeasuredFreeRAMBytes != nil {
		s += " On the part measured, " + m.MeasuredPart + ", " + Size(*m.MeasuredFreeRAMBytes) + " is left (its own RAM, " + Size(*m.MeasuredFreeRAMBytes+*m.CryptoRAMBytes+m.SessionBytes) + ")."
	}
	return s
}

// Session is a candidate's TLS session RAM bound (nil without a TLS 1.3
// load).
func Session(c engine.Candidate) *tlsram.Bound {
	for _, r := range c.Requirements {
		if r.Kind == engine.KindTLS && r.Session != nil {
			return r.Session
		}
	}
	return nil
}

// sessionShort and sessionLong say the TLS session's share of the RAM
// left: the user's measurement as theirs, the standards' bound as a
// lower bound.
func sessionShort(c engine.Candidate) string {
	if s := Session(c); s != nil && s.Measured {
		return "TLS session " + Size(s.Bytes) + " (yours)"
	}
	return "TLS session ≥ " + Size(c.Memory.SessionBytes)
}

func sessionLong(c engine.Candidate) string {
	if s := Session(c); s != nil && s.Measured {
		return "the TLS session holds " + Size(s.Bytes) + " (your measurement)"
	}
	return "the TLS session holds at least " + Size(c.Memory.SessionBytes) + " (the standards' lower bound, app/tlsram: the session may need more)"
}

// SessionLines explain the TLS session's RAM: the bound and its terms,
// whether the part holds it, what is not counted, and the measured
// totals elsewhere as context.
func SessionLines(c engine.Candidate) []string {
	s := Session(c)
	if s == nil {
		return nil
	}
	var terms []string
	for _, t := range s.Terms {
		terms = append(terms, fmt.Sprintf("%s %s (%s)", t.Name, Size(t.Bytes), t.Cite))
	}
	line := fmt.Sprintf("RAM for the TLS session: at least %s, a lower bound at %s: %s.", Size(s.Bytes), s.Phase, strings.Join(terms, " + "))
	if s.Measured {
		line = "RAM for the TLS session: " + Size(s.Bytes) + ", your own measurement (" + s.Terms[0].Cite + "), in place of the standards' lower bound."
	}
	if m := c.Memory; m != nil && m.PartRAMBytes > 0 {
		if m.PartRAMBytes < s.Bytes {
			line += fmt.Sprintf(" The part's %s cannot hold it: the TLS load fails.", Size(m.PartRAMBytes))
		} else if s.Measured {
			line += fmt.Sprintf(" The part's %s holds it.", Size(m.PartRAMBytes))
		} else {
			line += fmt.Sprintf(" The part's %s holds the bound; the whole session needs more.", Size(m.PartRAMBytes))
		}
	}
	out := []string{line}
	if d, m := s.Deployed, c.Memory; d != nil && m != nil && m.PartRAMBytes > 0 && m.PartRAMBytes < d.Low && !s.Measured {
		out = append(out, fmt.Sprintf("Warning: the part's %s fits the standards' floor, but measured %s (%s): below the smallest of them, check it on your build (the verdict stays the floor's).",
			Size(m.PartRAMBytes), d.What, d.Cite))
	}
	if s.LimitNote != "" {
		out = append(out, "Record limit: "+s.LimitNote+".")
	}
	if s.Measured {
		return out
	}
	out = append(out, "Not counted in the bound: "+s.NotCounted+".",
		"Measured whole-handshake totals elsewhere, as context (not this part's figure): ESP-IDF's client, ~19 KB heap + ~2.2 KB stack with wolfSSL, ~37 KB heap + ~3.6 KB stack with Mbed TLS (IN 16,384 / OUT 4,096 B) (tls-session-ram.md §4.1).")
	return out
}
