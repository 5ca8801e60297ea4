// Package explain turns the engine's results — which are data — into
// words and numbers for people: headroom and percentages, the workload in
// one line, a candidate's arithmetic step by step, and CSV.
package explain

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
	"cryptosizer/app/catalog"
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

// CandidateHeadroom is a candidate's headroom as shown: "≤ 0.84×" for a
// failure whose headroom is known only on its known figures.
func CandidateHeadroom(c engine.Candidate) string {
	if c.AtMost && c.Headroom != nil {
		return "≤ " + Headroom(c.Headroom)
	}
	return Headroom(c.Headroom)
}

// RequirementHeadroom is a requirement's headroom as shown, its headroom
// on known figures ("≤ 0.84×") when it fails on them.
func RequirementHeadroom(r engine.Requirement) string {
	if r.Headroom == nil && r.AtMost != nil {
		return "≤ " + Headroom(r.AtMost)
	}
	return Headroom(r.Headroom)
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
		return trimZeros(strconv.FormatFloat(s, 'f', 3, 64)) + " s"
	case s >= 1e-3:
		return trimZeros(strconv.FormatFloat(s*1e3, 'f', 3, 64)) + " ms"
	default:
		return trimZeros(strconv.FormatFloat(s*1e6, 'f', 1, 64)) + " µs"
	}
}

// trimZeros drops a fixed-point number's trailing zeros ("500.000" reads
// "500", "1.500" reads "1.5").
func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
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

// atClock is a measurement's clock in words: "a clock its source does
// not state" for none, never "0 MHz".
func atClock(hz int64) string {
	if hz <= 0 {
		return "a clock its source does not state"
	}
	return MHz(hz)
}

// Optional is an optional figure with its unit ("105 °C"), or
// "unknown" when the source gives none (never a zero).
func Optional(v *float64, unit string) string {
	if v == nil {
		return "unknown"
	}
	return strconv.FormatFloat(*v, 'f', -1, 64) + unit
}

// Joules formats an energy with a fitting prefix ("4.14 mJ").
func Joules(j float64) string {
	switch a := math.Abs(j); {
	case a >= 1:
		return strconv.FormatFloat(j, 'g', 4, 64) + " J"
	case a >= 1e-3:
		return strconv.FormatFloat(j*1e3, 'g', 4, 64) + " mJ"
	}
	return strconv.FormatFloat(j*1e6, 'g', 4, 64) + " µJ"
}

// EnergyRange is an energy range "1.99–4.18 mJ", or "unknown".
func EnergyRange(e *[2]float64) string {
	if e == nil {
		return "unknown"
	}
	return Joules(e[0]) + " – " + Joules(e[1])
}

// ObjectiveEnergy is the energy the energy objective ranks a candidate
// by, as its range: per hour of the continuous loads, else per boot;
// "unknown" when ST's data gives no run current or a time is missing.
func ObjectiveEnergy(c engine.Candidate) string {
	if _, ok := engine.WorkloadEnergy(&c); !ok {
		return "unknown"
	}
	if c.Energy.PerHour != nil {
		return EnergyRange(c.Energy.PerHour) + " per hour"
	}
	return EnergyRange(c.Energy.PerBoot) + " per boot"
}

// Size formats a byte count.
func Size(b int64) string {
	switch {
	case b >= 1<<40 && b%(1<<40) == 0:
		return strconv.FormatInt(b>>40, 10) + " TiB"
	case b >= 1<<30 && b%(1<<30) == 0:
		return strconv.FormatInt(b>>30, 10) + " GiB"
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
	if c.ClockHz <= 0 {
		return "unknown"
	}
	s := MHz(c.ClockHz)
	switch {
	case slices.ContainsFunc(c.Notes, func(n engine.Note) bool { return n.Code == engine.NoteUserClock }):
		s += ", your clock"
	case c.Estimate:
		// The clock is the part's (or the one asked); the figures are
		// scaled to it.
		s += ", figures scaled"
	}
	if c.ClockAboveMax {
		s += " (above the part's max!)"
	}
	return s
}

// Bottleneck names the tightest requirement in the words its kind gives
// it, or what is missing.
func Bottleneck(c engine.Candidate) string {
	if c.Verdict == engine.Unknown {
		var m []string
		for _, x := range c.Missing {
			m = append(m, Missing(x))
		}
		if len(m) > 3 {
			return fmt.Sprintf("missing: %s and %d more", strings.Join(m[:3], ", "), len(m)-3)
		}
		return "missing: " + strings.Join(m, ", ")
	}
	if c.Bottleneck == "" {
		return "—"
	}
	return bottleneck(c)
}

// Workload describes a workload in one line: each load in its kind's
// words, then the budget and the clock.
func Workload(w engine.Workload) string {
	var parts []string
	for _, l := range w.Loads {
		if d := Describe(l); d != "" {
			parts = append(parts, d)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no requirements (every candidate passes)")
	}
	clock := string(w.Clock)
	if w.Clock == engine.ClockMHz {
		clock = strconv.FormatFloat(w.ClockMHz, 'f', -1, 64) + " MHz"
	}
	s := strings.Join(parts, "; ")
	if continuous(w) { // a budget is a share of the continuous loads' CPU
		s += "; CPU budget " + Percent(w.Budget())
	}
	s += "; clock " + clock
	switch w.Objective {
	case engine.ObjectiveEnergy:
		s += "; passes ranked by energy, least first by the high end of each range"
	case engine.ObjectiveSmallest:
		s += "; passes ranked by the smallest part"
	}
	return s
}

// bootColumns are the CSV's firmware boot columns: the bootloader, the
// images and the passes over each image the terms count (empty without a
// firmware load).
func bootColumns(w engine.Workload) []string {
	l, ok := w.Load(engine.KindFirmware)
	if !ok {
		return make([]string, 5)
	}
	f := l.(*engine.Firmware)
	b := boot.For(f.Boot)
	images := max(f.Images, 1)
	h, v, d := b.Passes(images, f.Update)
	return []string{b.Name, strconv.Itoa(images), Number(h), Number(v), Number(d)}
}

// continuous reports whether a workload has a continuous load (TLS
// handshakes, an AES stream), whose CPU share a budget bounds.
func continuous(w engine.Workload) bool {
	for _, l := range w.Loads {
		switch l.(type) {
		case *engine.TLS, *engine.AES:
			return true
		}
	}
	return false
}

// Steps explains one requirement's arithmetic, one line per term and the
// kind's closing line, naming the rule behind each term.
func Steps(r engine.Requirement) []string {
	var out []string
	for _, t := range r.Terms {
		rule, _ := engine.RuleOf(t.Rule)
		if t.Missing {
			out = append(out, fmt.Sprintf("%s × %s: no measurement — %s", t.Op, Number(t.Count), rule.Text))
			continue
		}
		// An estimate's arithmetic runs on its slow end (what decides);
		// the central value is said beside it.
		each, slow := t.Each, ""
		if t.Slow > 0 {
			each, slow = t.Slow, fmt.Sprintf(" (slow end of an estimate; central %s)", Duration(t.Each))
		}
		var s string
		switch {
		case r.Continuous && t.Bytes == 1: // a rate: the share is the closing line
			s = fmt.Sprintf("%s measured at %s", t.Op, Rate(t.Rate))
			if t.SlowRate > 0 {
				s = fmt.Sprintf("%s estimated at %s (slow end; central %s)", t.Op, Rate(t.SlowRate), Rate(t.Rate))
			}
		case t.Bytes > 0:
			s = fmt.Sprintf("%s: %s%s ÷ %s", t.Op, Size(t.Bytes), Parts(t.Parts), Rate(t.DecidingRate()))
			if t.Count != 1 {
				s += fmt.Sprintf(" = %s, × %s", Duration(each), Number(t.Count))
			}
			s += " = " + Duration(t.Total) + slow
		default:
			s = fmt.Sprintf("%s: %s × %s = %s%s", t.Op, Number(t.Count), Duration(each), Duration(t.Total), slow)
		}
		if t.From != nil && t.From.Source != "" {
			s += fmt.Sprintf(" [from %s %s: %s cycles ÷ %s", t.From.Source, t.From.Implementation, Number(t.From.Cycles), MHz(t.From.ToClockHz))
			if t.Worst > 0 {
				s += fmt.Sprintf("; slowest run %s", Duration(t.Worst))
			}
			if t.Stack > 0 {
				s += fmt.Sprintf("; stack %s", Size(t.Stack))
			}
			s += "]"
		} else if t.Config != "" {
			s += " [config " + t.Config + "]"
		}
		out = append(out, s+" — "+rule.Text)
	}
	if line := closing(r); line != "" {
		out = append(out, line)
	}
	return out
}

// partWords names the parts of a modelled byte count.
var partWords = map[string][2]string{
	"hellos":                {"hellos, EncryptedExtensions and Finished", "hellos, EncryptedExtensions and Finished"},
	"key-shares":            {"key shares", "key shares"},
	"certificates":          {"certificate", "certificates"},
	"handshake-signatures":  {"handshake signature", "handshake signatures"},
	"verified-certificates": {"certificate body hashed to verify it", "certificate bodies hashed to verify them"},
	"key-schedule":          {"key-schedule HMAC", "key-schedule HMACs"},
}

// Parts says how a modelled byte count is made up: " (512 B hellos … +
// 23 key-schedule HMACs × 256 B)", or "" when it is not modelled.
func Parts(ps engine.Parts) string {
	if len(ps) == 0 {
		return ""
	}
	var out []string
	for _, p := range ps {
		w := partWords[p.Part]
		if w[0] == "" {
			w = [2]string{p.Part, p.Part}
		}
		if p.Count == 1 {
			out = append(out, Size(p.Each)+" "+w[0])
		} else {
			out = append(out, fmt.Sprintf("%d %s × %s", p.Count, w[1], Size(p.Each)))
		}
	}
	return " (" + strings.Join(out, " + ") + ")"
}

// Number writes a count as people read it: rounded to six decimals, no
// trailing zeros (2.0999999 is 2.1, not a truncated 2.099999).
func Number(f float64) string {
	if math.Abs(f) >= 1000 {
		return strconv.FormatFloat(math.Round(f), 'f', -1, 64)
	}
	// Four significant digits: a factor of 1.359114 reads 1.359.
	v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 4, 64), 64)
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// CSV writes one row per candidate: who it is, its verdict, its
// figures (the Figures registry, each with its basis), the part's facts
// (empty without facts). A figure that could not be computed is an
// empty cell, never 0.
func CSV(w io.Writer, res engine.Result) error {
	cw := csv.NewWriter(w)
	head := []string{"rank", "verdict", "mcu", "board", "library", "library_version", "config", "acceleration", "clock_hz", "estimate", "basis"}
	for _, f := range Figures {
		if f.Low != nil { // a range: its low and high ends
			head = append(head, f.LowColumn())
		}
		head = append(head, f.Column(), f.Name+"_basis")
	}
	head = append(head, "bottleneck", "fails_on_known_figures", "missing", "clock_above_max", "longest_op",
		"core", "series", "max_clock_hz", "flash_bytes", "ram_bytes", "part_accelerators", "unused_accelerators", "trustzone", "low_power",
		"bootloader", "boot_images", "boot_hash_passes", "boot_verify_passes", "boot_decrypt_passes")
	cw.Write(head)
	bootCells := bootColumns(res.Workload)
	for _, c := range res.Candidates {
		row := []string{strconv.Itoa(c.Rank), string(c.Verdict), c.MCU, c.Board, c.Library, c.LibraryVersion, c.Config,
			strings.Join(c.Acceleration, "+"), clockCell(c.ClockHz), strconv.FormatBool(c.Estimate), string(c.Basis)}
		for _, f := range Figures {
			if f.Low != nil {
				row = append(row, cell(f.Low(c)))
			}
			row = append(row, f.CSVValue(c), string(f.Basis(c)))
		}
		row = append(row, string(c.Bottleneck), strconv.FormatBool(c.AtMost), strings.Join(c.Missing, " "), strconv.FormatBool(c.ClockAboveMax), c.LongestOp)
		facts := make([]string, 9)
		if f := c.Facts; f != nil {
			facts = []string{f.Core, f.Series, strconv.FormatInt(f.MaxClockHz, 10), strconv.FormatInt(f.FlashBytes, 10), strconv.FormatInt(f.RAMBytes, 10),
				strings.Join(f.Accelerators, "+"), strings.Join(f.Unused, "+"), strconv.FormatBool(f.TrustZone), strconv.FormatBool(f.LowPower)}
		}
		cw.Write(append(append(row, facts...), bootCells...))
	}
	cw.Flush()
	return cw.Error()
}

// filterValue is a filter's setting as the form and the URL write it.
func filterValue(w engine.Workload, field string) string {
	switch field {
	case "library":
		return w.Library
	case "mcu":
		return w.MCU
	case "accel":
		return strings.Join(w.Accel, ",")
	case "series":
		return strings.Join(w.Series, ",")
	case "core":
		return strings.Join(w.Cores, ",")
	case "min-flash":
		return Size(w.MinFlash)
	case "min-ram":
		return Size(w.MinRAM)
	case "package":
		return w.Package
	case "min-pins":
		return strconv.Itoa(w.MinPins)
	case "min-temp":
		return Number(w.MinTempC) + " °C"
	case "max-supply":
		return Number(w.MaxSupplyV) + " V"
	case "min-clock":
		return MHz(w.MinClockHz)
	case "units":
		return strings.Join(w.Units, ",")
	case "basis":
		return w.Basis
	}
	return ""
}

// Empty says why a ranking has no candidate: each filter in force, how
// many candidates it removes on its own, and how many the others would
// leave without it. Nil when the ranking is not empty.
func Empty(res engine.Result) []string {
	if len(res.Candidates) > 0 {
		return nil
	}
	if len(res.Unbuilt) > 0 && len(res.NoFigure) == 0 {
		return append([]string{"No candidate: the part groups the filters keep have no build to rank."}, Unbuilt(res)...)
	}
	if n := len(res.NoFigure); n > 0 {
		return []string{fmt.Sprintf("No candidate: no build publishes a figure for any operation this workload needs (%s); the %s without one are listed below.",
			strings.Join(res.NoFigure[0].Ops(), ", "), Builds(n))}
	}
	if len(res.Filters) == 0 {
		return []string{"No candidate: the data holds no library build to rank."}
	}
	out := []string{fmt.Sprintf("No candidate is left: the filters together remove all %d.", res.Filters[0].Of)}
	for _, f := range res.Filters {
		name := f.Field
		if v := filterValue(res.Workload, f.Field); v != "" {
			name += " = " + v
		}
		without := "none would be left without it either"
		switch {
		case f.Without == 1:
			without = "1 would be left without it"
		case f.Without > 1:
			without = fmt.Sprintf("%d would be left without it", f.Without)
		}
		out = append(out, fmt.Sprintf("%s removes %d of the %d on its own; %s.", name, f.Removes, f.Of, without))
	}
	return out
}

// UnknownReasons groups the unknown candidates by what they miss, most
// first: "73 × the parts' maximum clock (ST's data gives none)".
func UnknownReasons(res engine.Result) []string {
	order, count := tallyUnknown(res, func(missing []string) []string {
		var words []string
		for _, m := range missing {
			words = append(words, Missing(m))
		}
		return []string{strings.Join(words, ", ")}
	})
	if order == nil {
		return nil
	}
	out := make([]string, len(order))
	for i, k := range order {
		out[i] = fmt.Sprintf("%d × %s", count[k], k)
	}
	return out
}

// UnknownRemedies says what would answer the unknown candidates, each
// remedy once, the most common gap's first.
func UnknownRemedies(res engine.Result) []string {
	order, _ := tallyUnknown(res, func(missing []string) []string {
		var out []string
		for _, m := range missing {
			if r := Remedy(m); r != "" {
				out = append(out, r)
			}
		}
		return out
	})
	return order
}

// tallyUnknown counts what keys gives for each unknown candidate's
// missing figures, and orders the keys most counted first (ties in
// their first-seen order).
func tallyUnknown(res engine.Result, keys func(missing []string) []string) ([]string, map[string]int) {
	count := map[string]int{}
	var order []string
	for i := range res.Candidates {
		c := &res.Candidates[i] // in place: a keystroke tallies every candidate twice
		if c.Verdict != engine.Unknown {
			continue
		}
		for _, k := range keys(c.Missing) {
			if count[k] == 0 {
				order = append(order, k)
			}
			count[k]++
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return count[b] - count[a] })
	return order, count
}

// Unbuilt says which part groups have no build to rank, and why.
func Unbuilt(res engine.Result) []string {
	var out []string
	for _, u := range res.Unbuilt {
		why := u.Reason
		if why == engine.UnbuiltNoCoreBuild {
			why = "no build is measured on a " + u.Core + ", and none may be carried to it from another core (an estimate across cores would need a cited per-MHz comparison of the two)"
		}
		out = append(out, fmt.Sprintf("%s ×%d (%s): %s", GroupName(u.Group), u.Group.Members, u.Core, why))
	}
	return out
}

// Builds is "1 build" or "n builds".
func Builds(n int) string {
	if n == 1 {
		return "1 build"
	}
	return fmt.Sprintf("%d builds", n)
}

// BuildsPublishNone is "1 build publishes" or "n builds publish", no
// figure for any operation of the workload.
func BuildsPublishNone(n int) string {
	verb := "publish"
	if n == 1 {
		verb = "publishes"
	}
	return Builds(n) + " " + verb + " no figure for any operation of this workload"
}

// NoFigure says how many builds publish no figure for the workload, and
// names them: library, version, configuration and part.
func NoFigure(res engine.Result) []string {
	if len(res.NoFigure) == 0 {
		return nil
	}
	// Concatenated, not Sprintf: the list is made again on every
	// keystroke, and formatting was most of the results' view.
	out := make([]string, 0, len(res.NoFigure))
	for i := range res.NoFigure {
		c := &res.NoFigure[i]
		out = append(out, c.Library+" "+version(c.LibraryVersion)+", "+c.Config+" — "+PartName(*c)+": no figure for "+strings.Join(c.Lacks, ", "))
	}
	return out
}

// Lack is the builds that lack the same operations: what they lack, and
// one line per build.
type Lack struct {
	Ops   string
	Lines []string
}

// NoFigureByLack groups the builds without a figure by what they lack,
// the largest group first (then by what is lacked).
func NoFigureByLack(res engine.Result) []Lack {
	lines := NoFigure(res)
	var out []Lack
	at := map[string]int{}
	for i := range res.NoFigure {
		k := strings.Join(res.NoFigure[i].Lacks, ", ")
		j, ok := at[k]
		if !ok {
			j = len(out)
			at[k] = j
			out = append(out, Lack{Ops: k})
		}
		out[j].Lines = append(out[j].Lines, lines[i])
	}
	slices.SortStableFunc(out, func(a, b Lack) int {
		if len(a.Lines) != len(b.Lines) {
			return len(b.Lines) - len(a.Lines)
		}
		return strings.Compare(a.Ops, b.Ops)
	})
	return out
}

// Basis says in a word or two how sure a figure is.
func Basis(b bench.Basis) string {
	switch b {
	case bench.ClockScaled:
		return "clock-scaled"
	case bench.CycleCount:
		return "cycle count"
	case bench.Estimated:
		return "estimated"
	case "":
		return "—"
	}
	return string(b)
}

// atLine names a place in a document: its line where one is known.
func atLine(doc string, line int) string {
	if line <= 0 {
		return doc
	}
	return doc + " line " + strconv.Itoa(line)
}

// From is a term's chain of evidence: the row it comes from, the part
// and clock it was measured at, and what was done to it; a bootloader's
// figure first says which build of the part it is taken from.
func From(t engine.Term) string {
	f := t.From
	if f == nil {
		return "no figure"
	} else if f.Build == "" {
		return from(t)
	}
	why := "the bootloader's library"
	if f.StandIn {
		why = "another library: none of the bootloader's publishes it on this part; no spread between libraries is measured"
	}
	of := "the one build of it that runs it as the bootloader does, at this row's clock"
	if f.OfBuilds > 1 {
		of = fmt.Sprintf("the slowest of its %d builds that run it as the bootloader does, at this row's clock, so that a deadline met is met by each; the fastest, %s, takes ÷ %s",
			f.OfBuilds, f.FastestBuild, Number(f.TimesFastest))
	}
	return fmt.Sprintf("the bootloader's own crypto, not this build's: the %s build, %s (%s) — %s", f.Build, why, of, from(t))
}

func from(t engine.Term) string {
	f := t.From
	s := fmt.Sprintf("%s: %s (%s), %s at %s", Basis(t.Basis), atLine(f.Document, f.Line), f.Printed, f.Part, atClock(f.ClockHz))
	if f.Source != "" {
		// A figure lent by a cycle-count source: cycles, not a time.
		runs := "AVG of the runs; MAX " + Number(f.MaxCycles)
		if f.MaxCycles == 0 {
			runs = "a measured time × its clock; no slowest run published"
		}
		s = fmt.Sprintf("%s: %s %s, %s (%s cycles, %s), %s at %s; %s cycles ÷ %s = %s",
			Basis(t.Basis), f.Source, f.Implementation, atLine(f.Document, f.Line), Number(f.Cycles), runs, f.Part, atClock(f.ClockHz),
			Number(f.Cycles), MHz(f.ToClockHz), Duration(t.Each))
		if f.Spread > 0 {
			s += fmt.Sprintf("; slow end %s (× %s: %s) decides", Duration(t.Slow), Number(f.Spread), orMargin(f.SpreadFrom, f.SpreadBorrowed))
		}
		if f.Widen > 1 {
			at := "counted at " + atClock(f.ClockHz)
			if f.AssumedHz > 0 {
				at = "the count states no clock: taken as counted at " + MHz(f.AssumedHz) + ", the lowest any count states"
			}
			s += fmt.Sprintf("; %s, so %s× up in clock: its slow end includes × %s for the wait states (%s)", at, Number(f.Up), Number(f.Widen), ScaledUp)
		}
		return s
	}
	if f.ToClockHz > 0 {
		s += fmt.Sprintf(", taken to %s: the same cycles at that clock, so the time × %s (%s ÷ %s)", MHz(f.ToClockHz), Number(f.TimeFactor), MHz(f.ClockHz), MHz(f.ToClockHz))
		if f.ToClockHz < f.ClockHz {
			s += " — scaled down in clock, which is conservative (fewer flash wait states at the lower clock)"
		}
	}
	s += sameCodeWords(f.SameCode)
	if f.Bounded != "" {
		s = fmt.Sprintf("%s from this build's %s: %s (%s), %s at %s; central %s: the %s × %s, the median ratio over %d wolfSSL builds that publish both in SP software code; slow end %s: at most the %s itself, as the two run the same point multiplication in wolfSSL's SP code (%s)",
			Basis(t.Basis), f.Bounded, atLine(f.Document, f.Line), f.Printed, f.Part, atClock(f.ClockHz), Duration(t.Each), f.Bounded, Number(f.Ratio), f.Over, Duration(t.Slow), f.Bounded, catalog.ECDHEDoc)
		if f.SpreadFrom != "" {
			s += "; the build is itself an estimate: × " + Number(f.Spread*f.Ratio) + ", " + orMargin(f.SpreadFrom, f.SpreadBorrowed)
		}
		return s + sameCodeWords(f.SameCode)
	}
	if f.Bound > 0 && f.Spread == f.Bound {
		// A measured row whose printed figure is coarse.
		return s + fmt.Sprintf("; the printed figure bounds the time to %s – %s: the slow end decides", Duration(t.Each), Duration(t.Slow))
	}
	if f.Spread > 0 {
		from := "the margin you set"
		switch {
		case f.SpreadFrom != "" && f.SameCode != nil:
			from = orMargin(f.SpreadFrom, f.SpreadBorrowed) + " × " + Number(f.SameCode.Spread) + " for the same code in another build"
		case f.SpreadFrom != "":
			from = orMargin(f.SpreadFrom, f.SpreadBorrowed)
		case f.SameCode != nil:
			from = "the same code in another build"
		}
		if f.Bound > 0 {
			from += fmt.Sprintf(" × %s the printed figure allows", Number(f.Bound))
		}
		if f.Widen > 1 {
			from += fmt.Sprintf(" × %s for the clock", Number(f.Widen))
		}
		if f.Unit {
			from += "; this operation runs on a hardware unit, and no pair in our data measures how units differ between parts: the software pairs' spread stands in"
		}
		s += fmt.Sprintf("; central %s, slow end %s (× %s, %s) decides", Duration(t.Each), Duration(t.Slow), Number(f.Spread), from)
	}
	if f.Widen > 1 {
		s += fmt.Sprintf("; scaled up %s× in clock: flash wait states make the real time longer (slow end × %s, %s)", Number(f.Up), Number(f.Widen), ScaledUp)
	}
	return s
}

// sameCodeWords says a figure is another configuration's of the same
// build, on the same board, and why ("" for the build's own).
func sameCodeWords(sc *catalog.SameCodeFrom) string {
	if sc == nil {
		return ""
	}
	return fmt.Sprintf("; the figure of the %q build on the same board and clock, which runs the same code: %s (%s); slow end × %s, how far the source's builds that run the same code differ on one board (%s)",
		sc.Config, sc.Note, atLine(sc.Document, sc.Line), Number(sc.Spread), atLine(sc.Document, sc.SpreadLine))
}

// ScaledUp says where the clock widening comes from.
const ScaledUp = "from the same build run on one part at two clocks: cycles grow as clock^α, α the largest of our pairs"

func orMargin(core string, borrowed bool) string {
	switch {
	case core == "":
		return "the margin you set"
	case borrowed:
		return "how far the same code's cycles move between parts, borrowed from the " + core + ", the largest of any core: our data has no pair on this one"
	}
	return "how far the same code's cycles move between parts, measured in our data on the " + core
}

// clockCell is a clock for the CSV: empty when unknown, never 0.
func clockCell(hz int64) string {
	if hz <= 0 {
		return ""
	}
	return strconv.FormatInt(hz, 10)
}

// Validation says how close the estimates on a core came to the
// measurements, estimated as if unmeasured (catalog.Validate).
func Validation(core string, v *catalog.Validated) string {
	if v == nil || v.Checks == 0 {
		return "No measured build on the " + core + " could be estimated from another to check how close such estimates come: how good this estimate is, is not known."
	}
	return fmt.Sprintf("How good such an estimate is: estimated as if unmeasured, our measured builds on the %s came within ×%s of their measurement (median; 90 %% within ×%s), and %s of them fell inside the slow end (%d checks; cryptosizer validate lists them).",
		core, Number(v.Median), Number(v.P90), Percent(v.Inside), v.Checks)
}
