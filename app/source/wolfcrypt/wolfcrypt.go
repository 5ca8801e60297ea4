// Package wolfcrypt parses wolfSSL's STM32 benchmark page and plain
// wolfCrypt benchmark output.
//
// The page is markdown: "## MCU" sections with a "Supports … acceleration"
// line, board and CPU, then one "### MCU (configuration label)" heading per
// build, optional build-option code blocks and a fenced block of wolfCrypt
// benchmark output. The seed copy lost its line breaks, so nothing here
// relies on them: headings, fences and benchmark records are found by
// their shape, and positions are byte columns when the input is one line.
//
// Parse and ParseOutput are pure functions: text in, plain data and
// positioned errors out.
package wolfcrypt

import (
	"cmp"
	"cryptosizer/app/internal/lazyre"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Page is a parsed benchmark page.
type Page struct {
	Sections []Section
}

// Section is one "## MCU" part of the page.
type Section struct {
	MCU      string // as written in the heading
	Supports string // the "Supports … acceleration" claim, verbatim
	Board    string
	Core     string // e.g. "Cortex-M7"
	ClockHz  int64
	Clock    string // the clock as written, e.g. "480 MHz" or "up to 64MHz"
	IDE      string
	RTOS     string
	Prose    string // the section's text before its first configuration
	// Commit is the wolfSSL commit a section says it was tested on,
	// where it gives no version.
	Commit  string
	Pos     bench.Pos
	Configs []Config
}

// Config is one build: a "###" heading and its benchmark output.
type Config struct {
	Label        string // verbatim, without the enclosing parentheses
	Heading      string // the whole heading text
	BuildOptions []string
	Notes        string // prose under the heading
	Runs         []Run
	Pos          bench.Pos
}

// Run is one block of wolfCrypt benchmark output.
type Run struct {
	Version    string // "wolfSSL version X"; empty when the block has none
	BlockBytes int64  // from "block bytes N"; 0 when not printed
	Caption    string // prose right before the block (e.g. the G071 fragment)
	Results    []Result
	// Skipped are the results of algorithms the model does not use
	// (Result.Op is empty, Result.Note says why).
	Skipped []Result
	Pos     bench.Pos
	// Base is what KB, MB and GB mean in this run (1000 or 1024; 0 when
	// it prints none of them), decided by settleUnits from the version
	// and the arithmetic of the run's own lines; BaseWhy says how, and
	// BaseDoubt is set when the evidence disagrees or decides nothing.
	Base      int
	BaseWhy   string
	BaseDoubt bool
}

// Result is one "took" line.
type Result struct {
	Name    string // as printed, whitespace collapsed
	Op      string // canonical op name
	Count   float64
	Unit    string // KB, MiB, ops, ...
	Seconds float64
	// BytesPerSecond is set for bulk results, SecondsPerOp for per-op ones.
	BytesPerSecond float64
	SecondsPerOp   float64
	OpsPerSecond   float64
	Printed        string // the figure as printed, e.g. "8.350 MB/s" or "avg 1.160 ms"
	Text           string
	Pos            bench.Pos
	Note           string // why a skipped result is not used
	// Impl is the implementation column older releases and ports print
	// between the name and the count ("SW", "HW"); empty when absent.
	Impl string
	// rate and secs are the rate and the seconds as printed, for the
	// arithmetic that decides a run's base.
	rate, rateUnit, secs string
}

const num = `(\d+(?:\.\d+)?)`

var (
	// recordRe matches the figures of one result, after its name.
	recordRe = lazyre.New(`(?:^|\s)` + num + `\s+(B|bytes|KB|MB|GB|KiB|MiB|GiB|kB|mB|gB|ops)\s+took\s+` + num +
		`\s+(?:seconds|sec)\s*,\s*(?:avg\s+` + num + `\s+ms\s*,\s*)?` + num + `\s+(B/s|bytes/s|KB/s|MB/s|GB/s|KiB/s|MiB/s|GiB/s|kB/s|mB/s|gB/s|ops/sec)` +
		`(?:\s*,?\s*Cycles per (?:byte|op)\s*=\s*` + num + `)?`)
	// noiseRe matches the banner lines around the results.
	noiseRe   = lazyre.New(`-{10,}|wolfSSL version\s+(\d+\.\d+\.\d+\S*)|(?:Running )?wolfCrypt Benchmarks?\.\.\.|wolfCrypt Benchmark \(block bytes (\d+), min ` + num + ` sec each\)|Benchmark complete|Benchmark Test: Return code -?\d+|(?:Math|math):\s+[^\n]*?(?:\n|$)`)
	headingRe = lazyre.New(`(?:^|\s)(#{1,6})\s+(\S+)`)
	fenceRe   = lazyre.New("```")
	supportRe = lazyre.New(`Supports\s+(.+?)\s+acceleration\.`)
	boardRe   = lazyre.New(`Board:\s+(.+?)(?:\s+(?:CPU|IDE|RTOS|Compiler):|\s*$)`)
	cpuRe     = lazyre.New(`(?:CPU:\s+)?(Cortex[- ]?M\d+\+?)\s+at\s+((?:up to\s+)?` + num + `\s*MHz)`)
	ideRe     = lazyre.New(`IDE:\s+(.+?)(?:\s+(?:RTOS|Compiler):|\s*$)`)
	rtosRe    = lazyre.New(`RTOS:\s+(\S+)`)
	commitRe  = lazyre.New(`Tested on commit:\s+([0-9a-f]{7,40})`)
	defineRe  = lazyre.New(`#define\s+(\w+(?:\s+[^#\s]+)?)|` + "`" + `(WOLF\w+)` + "`")
)

// collapse turns each run of ASCII white space (what the patterns call
// \s) into one space and trims the ends: a regexp replacement did the
// same at several times the cost in the browser.
func collapse(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\f', '\r':
			space = b.Len() > 0
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

// findLines is re.FindAllStringSubmatchIndex(s, -1) restricted to the
// lines that contain one of hints: each such line is searched with the
// line break before and after it, so that patterns that begin or end
// with white space or a line break match as in the whole text. None of
// the patterns spans lines (wolfCrypt prints a record, a banner line or
// a heading on one line). Searching the whole text at once cost seconds
// in the browser for a large paste.
func findLines(re *regexp.Regexp, s string, hints ...string) [][]int {
	var out [][]int
	last := 0
	for off := 0; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += off
		}
		line := s[off:end]
		if slices.ContainsFunc(hints, func(h string) bool { return strings.Contains(line, h) }) {
			from, to := max(off-1, 0), min(end+1, len(s))
			for _, m := range re.FindAllStringSubmatchIndex(s[from:to], -1) {
				for i := range m {
					if m[i] >= 0 {
						m[i] += from
					}
				}
				if m[0] >= last {
					out = append(out, m)
					last = m[1]
				}
			}
		}
		off = end + 1
	}
	return out
}

// lines maps byte offsets to line and column.
type lines struct {
	file   string
	starts []int
}

func newLines(file, text string) lines {
	l := lines{file: file, starts: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

func (l lines) pos(off int) bench.Pos {
	lo, hi := 0, len(l.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if l.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return bench.Pos{File: l.file, Line: lo + 1, Col: off - l.starts[lo] + 1}
}

// Parse reads a benchmark page in markdown, with or without its line
// breaks. Text that is plain wolfCrypt output without any markdown
// heading is parsed as one unnamed section with one unnamed configuration.
func Parse(file, text string) (*Page, bench.ErrorList) {
	rd := &reader{text: text, ln: newLines(file, text), page: &Page{}}
	rd.hs = findLines(headingRe(), text, "#")
	rd.fences = fenceRe().FindAllStringIndex(text, -1)
	if len(rd.fences)%2 == 1 {
		rd.errs.Add(rd.ln.pos(rd.fences[len(rd.fences)-1][0]), "```", "code fence is never closed")
		rd.fences = rd.fences[:len(rd.fences)-1]
	}
	evs := rd.events()
	for _, ev := range evs {
		if ev.off < rd.cursor {
			continue
		}
		rd.flushProse(ev.off)
		if ev.fence {
			rd.fence(ev.idx)
		} else {
			rd.heading(rd.hs[ev.idx])
		}
		rd.caption = ""
	}
	rd.flushProse(len(text))
	if len(rd.page.Sections) == 0 && len(evs) == 0 && strings.Contains(text, "took") {
		// Bare benchmark output.
		_, cfg := ensureConfig(rd.page, nil, rd.ln.pos(0))
		cfg.Runs = append(cfg.Runs, parseRun(text, 0, len(text), rd.ln, &rd.errs))
	}
	for i := range rd.page.Sections {
		rd.page.Sections[i].describe()
	}
	return rd.page, rd.errs
}

// reader walks a page's headings and fenced blocks in order.
type reader struct {
	text   string
	ln     lines
	page   *Page
	errs   bench.ErrorList
	hs     [][]int // headings: whole match, hashes, name
	fences [][]int // fence marks, opening and closing in turn
	sec    *Section
	cfg    *Config
	// caption is the prose right before a block (the G071 fragment's
	// description); cursor is where unread text starts.
	caption string
	cursor  int
}

// event is a heading or a fenced block, at its offset.
type event struct {
	off   int
	fence bool
	idx   int // into hs, or the opening mark's index into fences
}

// events lists the headings outside fences and the fenced blocks, in
// order.
func (rd *reader) events() []event {
	inFence := func(off int) bool {
		for i := 0; i+1 < len(rd.fences); i += 2 {
			if off >= rd.fences[i][0] && off < rd.fences[i+1][1] {
				return true
			}
		}
		return false
	}
	var evs []event
	for i, h := range rd.hs {
		if !inFence(h[2]) {
			evs = append(evs, event{h[2], false, i})
		}
	}
	for i := 0; i+1 < len(rd.fences); i += 2 {
		evs = append(evs, event{rd.fences[i][0], true, i})
	}
	slices.SortFunc(evs, func(a, b event) int { return cmp.Compare(a.off, b.off) })
	return evs
}

// flushProse files the text outside fences since the last event under
// the build or section it belongs to.
func (rd *reader) flushProse(end int) {
	if end <= rd.cursor {
		return
	}
	t := collapse(rd.text[rd.cursor:end])
	rd.cursor = end
	if t == "" {
		return
	}
	switch {
	case rd.cfg != nil:
		rd.cfg.Notes = strings.TrimSpace(rd.cfg.Notes + " " + t)
		rd.caption = t
	case rd.sec != nil:
		rd.sec.Prose = strings.TrimSpace(rd.sec.Prose + " " + t)
	}
}

// fence reads a fenced block: benchmark output (a run of the current
// build) or build options.
func (rd *reader) fence(i int) {
	open, close := rd.fences[i], rd.fences[i+1]
	body := rd.text[open[1]:close[0]]
	rd.cursor = close[1]
	if !strings.Contains(body, " took ") && !strings.Contains(body, "\ttook ") && !strings.Contains(body, "\ntook") {
		if rd.cfg != nil {
			for _, m := range defineRe().FindAllStringSubmatch(body, -1) {
				rd.cfg.BuildOptions = append(rd.cfg.BuildOptions, strings.TrimSpace(m[1]+m[2]))
			}
		}
		return
	}
	if rd.cfg == nil {
		rd.sec, rd.cfg = ensureConfig(rd.page, rd.sec, rd.ln.pos(open[0]))
	}
	run := parseRun(rd.text, open[1], close[0], rd.ln, &rd.errs)
	run.Caption = rd.caption
	if run.Version == "" && len(rd.cfg.Runs) > 0 {
		run.Version = rd.cfg.Runs[len(rd.cfg.Runs)-1].Version
		run.settleUnits()
	}
	rd.cfg.Runs = append(rd.cfg.Runs, run)
}

// heading reads a heading: "#" ends the page's sections, "##" starts an
// MCU's section, "###" and below a build with its (label).
func (rd *reader) heading(h []int) {
	level := h[3] - h[2]
	name := rd.text[h[4]:h[5]]
	pos := rd.ln.pos(h[2])
	rd.cursor = h[5]
	switch level {
	case 1:
		rd.sec, rd.cfg = nil, nil
		return
	case 2:
		rd.page.Sections = append(rd.page.Sections, Section{MCU: name, Pos: pos})
		rd.sec, rd.cfg = &rd.page.Sections[len(rd.page.Sections)-1], nil
		return
	}
	if rd.sec == nil {
		rd.page.Sections = append(rd.page.Sections, Section{MCU: name, Pos: pos})
		rd.sec = &rd.page.Sections[len(rd.page.Sections)-1]
	}
	label, end, ok := parenthesized(rd.text, h[5])
	c := Config{Label: label, Pos: pos}
	if !ok {
		rd.errs.Add(pos, lineAt(rd.text, h[2]), "configuration heading has no (label)")
		end = h[5]
	}
	c.Heading = collapse(rd.text[h[4]:end])
	rd.sec.Configs = append(rd.sec.Configs, c)
	rd.cfg = &rd.sec.Configs[len(rd.sec.Configs)-1]
	rd.cursor = end
}

// decimalTimes returns the decimal s × mul ÷ 10^shift with a single
// rounding: "8.350" × 1048576 is computed as 8350 × 1048576 / 1000, so the
// dataset shows 8755609.6 and not 8755609.600000001, and "avg 1.160 ms" is
// 1160 / 10^6 s = 0.00116 exactly as printed.
func decimalTimes(s string, mul int64, shift int) float64 {
	intPart, frac, _ := strings.Cut(s, ".")
	digits := intPart + frac
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > math.MaxInt64/max(mul, 1) {
		f, _ := strconv.ParseFloat(s, 64)
		return f * float64(mul) / math.Pow10(shift)
	}
	return float64(n*mul) / math.Pow10(len(frac)+shift)
}

// ParseOutput reads plain wolfCrypt benchmark output (no markdown).
func ParseOutput(file, text string) (Run, bench.ErrorList) {
	var errs bench.ErrorList
	r := parseRun(text, 0, len(text), newLines(file, text), &errs)
	return r, errs
}

func ensureConfig(page *Page, sec *Section, pos bench.Pos) (*Section, *Config) {
	if sec == nil {
		page.Sections = append(page.Sections, Section{Pos: pos})
		sec = &page.Sections[len(page.Sections)-1]
	}
	sec.Configs = append(sec.Configs, Config{Pos: pos})
	return sec, &sec.Configs[len(sec.Configs)-1]
}

// parenthesized returns the balanced "( … )" group that starts after
// optional words on the heading, and the offset after it. It stops at a
// line break: a heading is one line in line-broken markdown.
func parenthesized(text string, from int) (string, int, bool) {
	i := from
	for i < len(text) && text[i] != '(' {
		if text[i] == '\n' || text[i] == '#' || text[i] == '`' || i-from > 80 {
			return "", from, false
		}
		i++
	}
	if i >= len(text) {
		return "", from, false
	}
	depth := 0
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return collapse(text[i+1 : j]), j + 1, true
			}
		case '\n':
			return "", from, false
		}
	}
	return "", from, false
}

func lineAt(text string, off int) string {
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 || end > 120 {
		end = min(len(text)-off, 120)
	}
	return text[off : off+end]
}

// describe reads the section's prose: accelerators claimed, board, CPU
// and clock, IDE and RTOS.
func (s *Section) describe() {
	p := s.Prose
	if m := supportRe().FindStringSubmatch(p); m != nil {
		s.Supports = m[1]
	}
	if m := boardRe().FindStringSubmatch(p); m != nil {
		s.Board = m[1]
	}
	if m := cpuRe().FindStringSubmatch(p); m != nil {
		s.Core = strings.Replace(m[1], "Cortex M", "Cortex-M", 1)
		s.Clock = m[2]
		f, _ := strconv.ParseFloat(m[3], 64)
		s.ClockHz = int64(math.Round(f * 1e6))
	}
	if m := ideRe().FindStringSubmatch(p); m != nil {
		s.IDE = m[1]
	}
	if m := rtosRe().FindStringSubmatch(p); m != nil {
		s.RTOS = m[1]
	}
	if m := commitRe().FindStringSubmatch(p); m != nil {
		s.Commit = m[1]
	}
	// A build without a heading (the STM32F439ZI section) is labelled by
	// what the section says of it, once its set-up statements are gone.
	for i := range s.Configs {
		if c := &s.Configs[i]; c.Label == "" && c.Heading == "" && len(c.Runs) > 0 {
			c.Label = proseLabel(p)
		}
	}
}

// setupRe matches the set-up statements of a section's prose.
var setupRe = lazyre.New(`Supports\s+.+?\s+acceleration\.|(?:CPU:\s+)?Cortex[- ]?M\d+\+?\s+at\s+(?:up to\s+)?\d+(?:\.\d+)?\s*MHz|Tested on commit:\s+[0-9a-f]{7,40}|(?:Board|IDE|RTOS|Compiler):\s+\S+`)

// proseLabel is a section's description without its set-up statements.
func proseLabel(prose string) string {
	return collapse(setupRe().ReplaceAllString(prose, " "))
}

// parseRun reads benchmark output in text[start:end]: banner lines and
// "took" records. Anything else is an error naming its position.
func parseRun(text string, start, end int, ln lines, errs *bench.ErrorList) Run {
	body := text[start:end]
	run := Run{Pos: ln.pos(start)}
	ms := run.maskBanner(body)
	prev := 0
	for _, m := range findLines(recordRe(), ms, "took") {
		nameStart, nameEnd := prev, m[0]
		rawName := ms[nameStart:nameEnd]
		// In line-broken output the name is on the record's own line.
		if i := strings.LastIndexByte(strings.TrimRight(rawName, " \t"), '\n'); i >= 0 {
			if junk := strings.TrimSpace(rawName[:i]); junk != "" {
				off := start + nameStart + strings.Index(rawName, junk)
				errs.Add(ln.pos(off), lineAt(text, off), "unrecognized text in benchmark output")
			}
			nameStart += i + 1
			rawName = ms[nameStart:nameEnd]
		}
		name, impl := implColumn(collapse(rawName))
		lead := len(rawName) - len(strings.TrimLeft(rawName, " \t\r\n"))
		prev = m[1]
		rec := collapse(body[nameStart+lead : m[1]])
		pos := ln.pos(start + nameStart + lead)
		if name == "" {
			errs.Add(pos, rec, "benchmark result without an algorithm name")
			continue
		}
		op, ok := OpName(name)
		note, known := "", ok
		if !ok {
			note, known = NotModelled(name)
		}
		if !known {
			errs.Add(pos, rec, "unknown wolfCrypt algorithm name %q", name)
			continue
		}
		g := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return ms[m[2*k]:m[2*k+1]]
		}
		r, msg := figures(name, op, g)
		r.Text, r.Pos, r.Note, r.Impl = rec, pos, note, impl
		switch {
		case note != "":
			run.Skipped = append(run.Skipped, r)
		case msg != "":
			errs.Add(pos, rec, "%s", msg)
		default:
			run.Results = append(run.Results, r)
		}
	}
	if rest := strings.TrimSpace(ms[prev:]); rest != "" {
		off := start + prev + strings.Index(ms[prev:], rest[:1])
		errs.Add(ln.pos(off), lineAt(text, off), "unrecognized text in benchmark output")
	}
	run.settleUnits()
	return run
}

// implColumn splits the implementation column that older wolfCrypt
// releases and asynchronous builds print after the algorithm ("ECDHE 256
// key gen SW 4 ops took …") off a result name.
func implColumn(name string) (string, string) {
	for _, impl := range []string{"SW", "HW"} {
		if n, ok := strings.CutSuffix(name, " "+impl); ok {
			return n, impl
		}
	}
	return name, ""
}

// Impls lists the implementation columns a run's lines print, sorted;
// nil when they print none.
func (run *Run) Impls() []string {
	var out []string
	for _, rs := range [][]Result{run.Results, run.Skipped} {
		for _, r := range rs {
			if r.Impl != "" && !slices.Contains(out, r.Impl) {
				out = append(out, r.Impl)
			}
		}
	}
	slices.Sort(out)
	return out
}

// maskBanner blanks out the banner lines around the results, so that
// only names and records remain, and reads the version and block size
// they state.
func (run *Run) maskBanner(body string) string {
	masked := []byte(body)
	for _, m := range findLines(noiseRe(), body, "-----", "wolfSSL", "wolfCrypt", "Benchmark", "ath:") {
		if m[2] >= 0 && run.Version == "" {
			run.Version = body[m[2]:m[3]]
		}
		if m[4] >= 0 {
			run.BlockBytes, _ = strconv.ParseInt(body[m[4]:m[5]], 10, 64)
		}
		for i := m[0]; i < m[1]; i++ {
			if masked[i] != '\n' {
				masked[i] = ' '
			}
		}
	}
	return string(masked)
}

// figures reads a record's numbers (g is its submatches: count, unit,
// seconds, avg ms, rate, rate unit) into a result, exactly as printed;
// a message says why a record is refused.
func figures(name, op string, g func(int) string) (Result, string) {
	count, _ := strconv.ParseFloat(g(1), 64)
	secs, _ := strconv.ParseFloat(g(3), 64)
	rate, _ := strconv.ParseFloat(g(5), 64)
	r := Result{Name: name, Op: op, Count: count, Unit: g(2), Seconds: secs}
	if g(2) == "ops" {
		if g(6) != "ops/sec" || g(4) == "" {
			return r, "per-operation result without \"avg N ms\" and ops/sec"
		}
		if avg, _ := strconv.ParseFloat(g(4), 64); avg <= 0 {
			return r, "average time per operation is zero"
		}
		r.SecondsPerOp = decimalTimes(g(4), 1, 3)
		r.OpsPerSecond = rate
		r.Printed = "avg " + g(4) + " ms"
		if op != "" && bench.IsBulk(op) {
			return r, name + " is a bulk algorithm but the result is per operation"
		}
		return r, ""
	}
	if _, ok := bench.WolfCryptBytes(strings.TrimSuffix(g(6), "/s")); !ok || g(6) == "ops/sec" {
		return r, fmt.Sprintf("rate unit %q is not a byte rate", g(6))
	}
	if rate <= 0 {
		return r, "rate is zero"
	}
	// The bytes per second wait for the run's base (settleUnits).
	r.rate, r.rateUnit, r.secs = g(5), strings.TrimSuffix(g(6), "/s"), g(3)
	r.Printed = g(5) + " " + g(6)
	if op != "" && !bench.IsBulk(op) {
		return r, name + " is measured per operation but the result is a byte rate"
	}
	return r, ""
}

var (
	asymRe = lazyre.New(`^(ECC|ECDHE|ECDSA)(?: \[ ?(SECP\d+R1|SECP\d+K1|BRAINPOOLP\d+R1) ?\])? (\d+) (key gen|agree|sign|verify)$`)
	rsaRe  = lazyre.New(`^RSA (\d+) (public|private|key gen)$`)
	dhRe   = lazyre.New(`^DH (\d+) (key gen|agree)$`)
	aesRe  = lazyre.New(`^AES-(\d+)-(CBC|GCM|CTR|ECB|CCM|CFB|OFB|XTS)(?:-(enc|dec))?(-no_AAD)?$`)
	sha3Re = lazyre.New(`^SHA3-(\d+)$`)
	// FIPS 203/204 as wolfCrypt 5.8 prints them: "ML-KEM 768 192 encap"
	// (parameter set, then security bits), "ML-DSA 65 sign".
	mlkemRe = lazyre.New(`^ML-KEM (512|768|1024)(?: \d+)? (key gen|encap|decap)$`)
	mldsaRe = lazyre.New(`^ML-DSA (44|65|87) (key gen|sign|verify)$`)
)

var fixedNames = map[string]string{
	"RNG": "rng", "CHACHA": "chacha20", "CHA-POLY": "chacha20-poly1305", "POLY1305": "poly1305",
	"3DES": "3des-cbc", "GMAC Small": "gmac-small", "GMAC Table 4-bit": "gmac-table4",
	"MD5": "md5", "SHA": "sha1", "SHA-1": "sha1", "SHA-224": "sha224", "SHA-256": "sha256",
	"SHA-384": "sha384", "SHA-512": "sha512", "SHA-512/224": "sha512-224", "SHA-512/256": "sha512-256",
	"HMAC-MD5": "hmac-md5", "HMAC-SHA": "hmac-sha1", "HMAC-SHA1": "hmac-sha1", "HMAC-SHA224": "hmac-sha224",
	"HMAC-SHA256": "hmac-sha256", "HMAC-SHA384": "hmac-sha384", "HMAC-SHA512": "hmac-sha512",
	"CURVE 25519 key gen": "x25519-keygen", "CURVE 25519 agree": "x25519-agree",
	"ED 25519 key gen": "ed25519-keygen", "ED 25519 sign": "ed25519-sign", "ED 25519 verify": "ed25519-verify",
	"SHAKE128": "shake128", "SHAKE256": "shake256",
}

// OpName maps a wolfCrypt result name (whitespace collapsed) to its
// canonical op.
func OpName(name string) (string, bool) {
	if op, ok := fixedNames[name]; ok {
		return op, true
	}
	if m := aesRe().FindStringSubmatch(name); m != nil {
		// Modes printed without a direction (CTR, CFB, OFB) are measured
		// encrypting (wolfCrypt's bench_aesctr, bench_aescfb, bench_aesofb).
		dir := m[3]
		if dir == "" {
			dir = "enc"
		}
		op := fmt.Sprintf("aes-%s-%s-%s", m[1], strings.ToLower(m[2]), dir)
		if m[4] != "" {
			op += "-no-aad"
		}
		return op, bench.KnownOp(op)
	}
	if m := asymRe().FindStringSubmatch(name); m != nil {
		curve := "p" + m[3]
		if m[2] != "" && !strings.HasPrefix(m[2], "SECP"+m[3]+"R1") {
			return "", false
		}
		var op string
		switch m[1] + " " + m[4] {
		case "ECC key gen", "ECDHE key gen": // older releases print ECDHE
			op = "ecc-" + curve + "-keygen"
		case "ECDHE agree":
			op = "ecdh-" + curve + "-agree"
		case "ECDSA sign":
			op = "ecdsa-" + curve + "-sign"
		case "ECDSA verify":
			op = "ecdsa-" + curve + "-verify"
		default:
			return "", false
		}
		return op, bench.KnownOp(op)
	}
	if m := rsaRe().FindStringSubmatch(name); m != nil && m[2] != "key gen" {
		op := "rsa-" + m[1] + "-" + m[2]
		return op, bench.KnownOp(op)
	}
	if m := dhRe().FindStringSubmatch(name); m != nil {
		op := "dh-" + m[1] + "-" + map[string]string{"key gen": "keygen", "agree": "agree"}[m[2]]
		return op, bench.KnownOp(op)
	}
	if m := sha3Re().FindStringSubmatch(name); m != nil {
		op := "sha3-" + m[1]
		return op, bench.KnownOp(op)
	}
	if m := mlkemRe().FindStringSubmatch(name); m != nil {
		return "ml-kem-" + m[1] + "-" + map[string]string{"key gen": "keygen", "encap": "encap", "decap": "decap"}[m[2]], true
	}
	if m := mldsaRe().FindStringSubmatch(name); m != nil {
		return "ml-dsa-" + m[1] + "-" + map[string]string{"key gen": "keygen", "sign": "sign", "verify": "verify"}[m[2]], true
	}
	return "", false
}

// families are the algorithm families wolfCrypt's benchmark prints (5.x
// up to 5.8), by the start of their names. A name of one of them that is
// not a canonical operation is a figure the model does not use; any
// other name is an error.
var families = []struct{ prefix, what string }{
	{"PBKDF2", "password-based key derivation"}, {"SRTP-KDF", "SRTP key derivation"}, {"SRTCP-KDF", "SRTCP key derivation"},
	{"HKDF", "key derivation"}, {"TLS13-KDF", "key derivation"}, {"PRF", "key derivation"}, {"SCRYPT", "key derivation"},
	{"SIPHASH", "SipHash"}, {"CMAC", "CMAC"}, {"GMAC", "GMAC"}, {"HMAC", "an HMAC"},
	{"AES", "an AES mode or key size"}, {"CHACHA", "ChaCha"}, {"CHA-POLY", "ChaCha20-Poly1305"}, {"POLY1305", "Poly1305"},
	{"SHA", "a hash"}, {"MD5", "MD5"}, {"RIPEMD", "RIPEMD"}, {"BLAKE2", "BLAKE2"}, {"ASCON", "Ascon"}, {"SM2", "SM2"}, {"SM3", "SM3"},
	{"SM4", "SM4"}, {"CAMELLIA", "Camellia"}, {"ARC4", "RC4"}, {"3DES", "3DES"}, {"DES", "DES"}, {"RNG", "random numbers"},
	{"RSA", "an RSA operation or size"}, {"DH", "a Diffie-Hellman size"}, {"ECC", "an elliptic curve"}, {"ECDHE", "an elliptic curve"},
	{"ECDSA", "an elliptic curve"}, {"ECCSI", "ECCSI"}, {"SAKKE", "SAKKE"}, {"CURVE", "Curve25519/448"}, {"X25519", "X25519"},
	{"X448", "X448"}, {"ED", "Ed25519/Ed448"}, {"ML-KEM", "an ML-KEM variant"}, {"ML-DSA", "an ML-DSA variant"},
	{"KYBER", "Kyber (the pre-standard ML-KEM, not FIPS 203)"}, {"DILITHIUM", "Dilithium (the pre-standard ML-DSA, not FIPS 204)"},
	{"FALCON", "Falcon"}, {"SLH-DSA", "SLH-DSA"}, {"SPHINCS", "SPHINCS+"}, {"LMS", "LMS/HSS hash-based signatures"},
	{"XMSS", "XMSS hash-based signatures"}, {"FRODO", "FrodoKEM"},
}

// NotModelled reports whether a result name is one of wolfCrypt's that
// the model does not use, and says what it is.
func NotModelled(name string) (string, bool) {
	u := strings.ToUpper(name)
	for _, f := range families {
		if strings.HasPrefix(u, f.prefix) {
			return "not used by the model: " + f.what + " (" + name + ")", true
		}
	}
	return "", false
}

// ImpliedAcceleration reads a configuration label for the accelerators it
// says the build uses. Only ST peripherals count ("STM …"); software
// speed-ups such as ARM ASM are not acceleration.
func ImpliedAcceleration(label string) []string {
	l := strings.ToLower(label)
	for _, no := range []string{"no hw crypto", "no stm hw crypto", "no stm hardware", "no hardware crypto"} {
		if strings.Contains(l, no) {
			return []string{}
		}
	}
	// ST's peripherals are named "STM …", "STM32 …" or "HW Crypto (…)".
	if !strings.Contains(l, "stm ") && !strings.HasPrefix(l, "stm") && !strings.Contains(l, "hw crypto") {
		return []string{}
	}
	var out []string
	if strings.Contains(l, "aes") || strings.Contains(l, "crypto/") || strings.Contains(l, "symmetric") {
		out = append(out, bench.AccelAES)
	}
	if strings.Contains(l, "hash") || strings.Contains(l, "sha") {
		out = append(out, bench.AccelHASH)
	}
	if strings.Contains(l, "pka") {
		out = append(out, bench.AccelPKA)
	}
	return out
}
