package baretest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// The NUCLEO-G071RB's runs at 64 MHz (CLK=64), apart from the
// cross-board tables' 16 MHz: its board section's table (PQC=0, README
// "### NUCLEO-G071RB -- STM32G071RB (Cortex-M0+, 64 MHz via PLL)") and
// the ML-DSA memory variants ("#### PQC=mldsa* (ML-DSA memory
// variants, g071 Cortex-M0+)"), each variant an image, so a build, of
// its own. Both state their clock and their make line (CONFIG=c,
// CLK=64); the README says c and bare are one build on this part, which
// has no crypto unit.

// ClockRunSuffix ends the configuration of a run at a clock its own
// section states (the G071's CLK=64 runs): like RerunSuffix, the
// cross-board tables' clock warning does not hold for it.
const ClockRunSuffix = "; CLK=64 run"

// ownRun reports whether a configuration is a run at its own stated clock.
func ownRun(config string) bool {
	return strings.HasSuffix(config, RerunSuffix) || strings.HasSuffix(config, ClockRunSuffix)
}

// g071Ops are the operations of the board section's table a workload
// uses; its other rows are recorded as skipped.
var g071Ops = map[string]string{
	"AES-128-CBC enc": "aes-128-cbc-enc", "AES-128-CBC dec": "aes-128-cbc-dec",
	"SHA-256": "sha256", "RNG SHA-256 DRBG": "rng",
}

// g071 reads the G071's CLK=64 runs, when the README has them (a test's
// own README may not; the real one is held to them by a test).
func (p *parser) g071() {
	b := p.boards["g071"]
	head, ok := p.heading("#### PQC=mldsa*")
	if b == nil || !ok {
		return
	}
	sym, okSym := p.r.find(1, "Algorithm", "C / BARE @ 64 MHz")
	vfy, ok1 := p.r.find(head, "Variant", "Set", "Time", "Key object", "Heap", "Key + heap")
	sign, ok2 := p.r.find(head, "Variant", "Set", "Key gen", "Key gen heap", "Sign", "Sign heap", "Verify", "Verify heap")
	code, ok3 := p.r.find(head, "Variant", "wc_mldsa.o, one set")
	if !okSym || !ok1 || !ok2 || !ok3 {
		p.errs.Add(p.pos(head), "", "the G071's CLK=64 section or an ML-DSA variant table (time, key generation and signing, code size) is missing")
		return
	}
	section, _ := p.heading("### NUCLEO-G071RB")
	g := g071Run{p: p, b: b, base: configs["c"] + ClockRunSuffix, codes: map[string]row{}, sha3: p.sha3Bytes(head), stack: p.mldsaStack(head)}
	sha, shaOK := g.symmetric(sym, section)
	for _, r := range code.rows {
		g.codes[variantName(r.cells[0])] = r
	}
	for _, r := range vfy.rows {
		g.verifyOnly(r, sha, shaOK)
	}
	for _, r := range sign.rows {
		g.signing(r, sha, shaOK)
	}
	same, ok := p.heading("- `CONFIG=bare` produces an identical image size")
	if !ok {
		same = section
	}
	g.stackRows(same)
}

// stackRows gives the CLK=64 builds the stack table's SHA-256 and AES
// rows of the g071 (CONFIG=bare STACK=1, read by memory): the README
// says c and bare are one build on this part, and the stack does not
// move with the clock.
func (g *g071Run) stackRows(same int) {
	var ids []bench.Identity
	seen := map[string]bool{}
	for _, m := range g.p.d.Measurements {
		if m.MCU == g.b.chip && ownRun(m.Config) && !seen[m.Config] {
			seen[m.Config] = true
			ids = append(ids, m.Identity)
		}
	}
	n := len(g.p.d.Footprints)
	for _, f := range g.p.d.Footprints[:n] {
		if f.MCU != g.b.chip || ownRun(f.Config) || f.Config != configs["bare"] {
			continue
		}
		for _, id := range ids {
			c := f
			c.Identity = id
			c.Source += fmt.Sprintf("; the 16 MHz bare image's run: the README says c and bare are one build on this part (line %d)", same)
			g.p.d.Footprints = append(g.p.d.Footprints, c)
		}
	}
}

// heading is the README line of the first line starting with prefix.
func (p *parser) heading(prefix string) (int, bool) {
	for i, l := range p.r.lines {
		if strings.HasPrefix(l, prefix) {
			return p.r.readmeLine(i), true
		}
	}
	return 0, false
}

// g071Run is what the G071's runs share while read.
type g071Run struct {
	p     *parser
	b     *board
	base  string         // the PQC=0 run's configuration
	codes map[string]row // code size rows by variant
	sha3  sized
	stack sized
	done  map[string]bool // variants whose SHA-256 is recorded
}

// sized is a byte count the README states, with where.
type sized struct {
	bytes int64
	line  int
	cell  string
}

// symmetric reads the PQC=0 table into the CLK=64 c build, and returns
// its SHA-256 row, which every ML-DSA variant's image shares.
func (g *g071Run) symmetric(t table, section int) (sha bench.Measurement, ok bool) {
	id := g.p.identity(g.b, "c", 64e6)
	id.Config = g.base
	for _, r := range t.rows {
		op, known := g071Ops[r.cells[0]]
		rate, unitOK := rateOf(r.cells[1])
		if !known || !unitOK {
			g.p.d.Skipped = append(g.p.d.Skipped, bench.Skipped{Identity: id, Name: r.cells[0], Printed: r.cells[1],
				Reason: "not an operation the workload model uses", Source: Name, Pos: g.p.pos(r.line)})
			continue
		}
		pos := g.p.at(r, 1)
		m := bench.Measurement{Identity: id, Op: op, Method: "benchmark", Pos: pos, BytesPerSecond: bench.F64(rate), Printed: r.cells[1],
			Source: fmt.Sprintf("%s § NUCLEO-G071RB at 64 MHz (CONFIG=c BUILD=bare PQC=0 CLK=64, section at line %d): %s = %s", pos, section, r.cells[0], r.cells[1])}
		g.p.d.Measurements = append(g.p.d.Measurements, m)
		if op == "sha256" {
			sha, ok = m, true
		}
	}
	return sha, ok
}

// rateOf reads "330.2 KiB/s", "1.313 MiB/s" or "62.4 bytes/s" as bytes
// per second.
func rateOf(cell string) (float64, bool) {
	v, ok := number(cell)
	f := strings.Fields(cell)
	if !ok || len(f) != 2 {
		return 0, false
	}
	mult, known := map[string]float64{"bytes/s": 1, "KiB/s": 1024, "MiB/s": 1024 * 1024}[f[1]]
	return v * mult, known
}

// variantName is a variant cell's name ("mldsa-vfy (VERIFY_SMALLEST_MEM)"
// is mldsa-vfy).
func variantName(cell string) string { return strings.Fields(cell + " ")[0] }

// identity is a variant's build: the CLK=64 c image with PQC=<variant>.
// The variant's flags are those its first row names in parentheses.
func (g *g071Run) identity(variant, what string) bench.Identity {
	id := g.p.identity(g.b, "c", 64e6)
	id.Config = fmt.Sprintf("Bare_Test c, PQC=%s (%s): pure C, no STM32 units; SHA-256 from the PQC=0 image; caches as reset leaves them", variant, what) + ClockRunSuffix
	return id
}

// flags names what a variant builds, from the README's build options
// (line 466's PQC row) as the tables' first row of each gives them.
var flags = map[string]string{
	"mldsa-vfy-pin":  "verify only, VERIFY_SMALLEST_MEM + VERIFY_NO_MALLOC",
	"mldsa-vfy":      "verify only, VERIFY_SMALLEST_MEM",
	"mldsa-vfy-fast": "verify only, VERIFY_SMALL_MEM",
	"mldsa":          "key generation, signing and verifying, SIGN_SMALL_MEM, MAKE_KEY_SMALL_MEM",
	"mldsa-smallest": "key generation, signing and verifying, SIGN_SMALLEST_MEM, MAKE_KEY_SMALL_MEM",
}

// verifyOnly reads a row of the verify-only table: the time, and the key
// object plus heap as the operation's working memory.
func (g *g071Run) verifyOnly(r row, sha bench.Measurement, shaOK bool) {
	v, set := variantName(r.cells[0]), r.cells[1]
	if flags[v] == "" || len(r.cells) < 6 {
		g.p.errs.Add(g.p.pos(r.line), strings.Join(r.cells, "|"), "want a variant of the PQC option (mldsa-vfy, mldsa-vfy-pin, mldsa-vfy-fast) and six cells")
		return
	}
	id := g.identity(v, flags[v])
	op := "ml-dsa-" + set + "-verify"
	if !g.time(id, r, 2, op, "verify only, 512-byte message", sha, shaOK) {
		return
	}
	work, ok := bytesOf(r.cells[5])
	if !ok {
		g.p.errs.Add(g.p.at(r, 5), r.cells[5], "want the key object plus heap in bytes")
		return
	}
	g.footprint(id, op, v, r, work, fmt.Sprintf("key object %s + heap %s = %s (the key object with this one set compiled in)", r.cells[3], r.cells[4], r.cells[5]))
}

// signing reads a row of the key generation, signing and verifying
// table: each operation's time and heap.
func (g *g071Run) signing(r row, sha bench.Measurement, shaOK bool) {
	v, set := variantName(r.cells[0]), r.cells[1]
	if flags[v] == "" || len(r.cells) < 8 {
		g.p.errs.Add(g.p.pos(r.line), strings.Join(r.cells, "|"), "want a variant of the PQC option (mldsa, mldsa-smallest) and eight cells")
		return
	}
	id := g.identity(v, flags[v])
	for i, op := range []string{"keygen", "sign", "verify"} {
		full := "ml-dsa-" + set + "-" + op
		if !g.time(id, r, 2+2*i, full, "key generation, signing and verifying", sha, shaOK) {
			continue
		}
		heap, ok := bytesOf(r.cells[3+2*i])
		if !ok {
			g.p.errs.Add(g.p.at(r, 3+2*i), r.cells[3+2*i], "want the operation's heap in bytes")
			continue
		}
		g.footprint(id, full, v, r, heap, fmt.Sprintf("heap %s (wolfCrypt's peak-allocation counter; the key object of a signing build is not published: not counted)", r.cells[3+2*i]))
	}
}

// time records an operation's time (ms/op) from cell i, or why it has
// none; with the first figure of a variant, the shared SHA-256.
func (g *g071Run) time(id bench.Identity, r row, i int, op, table string, sha bench.Measurement, shaOK bool) bool {
	if !bench.KnownOp(op) {
		g.p.errs.Add(g.p.at(r, 1), r.cells[1], "unknown ML-DSA set: want 44, 65 or 87")
		return false
	}
	ms, ok := number(strings.TrimSuffix(r.cells[i], " ms"))
	if !ok || !strings.HasSuffix(r.cells[i], " ms") {
		reason := "the run has no figure (" + r.cells[i] + ")"
		if r.cells[i] == "MEMORY_E" {
			reason = "the signer returns MEMORY_E (-125) on the 36 KB part: ML-DSA-87 signing needs SIGN_SMALLEST_MEM (the README's note below the tables)"
		} else if r.cells[i] == "--" {
			reason = "not run: the same image's ML-DSA-87 signing returns MEMORY_E"
		}
		g.p.d.Missing = append(g.p.d.Missing, bench.Missing{Identity: id, Op: op, Field: "seconds_per_op", Source: Name, Pos: g.p.at(r, i), Reason: reason})
		return false
	}
	pos := g.p.at(r, i)
	g.p.d.Measurements = append(g.p.d.Measurements, bench.Measurement{Identity: id, Op: op, Method: "benchmark", Pos: pos, SecondsPerOp: bench.F64(ms / 1000),
		Printed: r.cells[i], Source: fmt.Sprintf("%s § PQC=mldsa* (ML-DSA memory variants, g071 Cortex-M0+) at 64 MHz, %s: %s ML-DSA-%s %s = %s", pos, table, variantName(r.cells[0]), r.cells[1], strings.TrimPrefix(op, "ml-dsa-"+r.cells[1]+"-"), r.cells[i])})
	if g.done == nil {
		g.done = map[string]bool{}
	}
	if v := variantName(r.cells[0]); shaOK && !g.done[v] {
		g.done[v] = true
		s := sha
		s.Identity = id
		s.Source += "; the PQC=0 image's SHA-256, the same code in every variant's image"
		g.p.d.Measurements = append(g.p.d.Measurements, s)
	}
	return true
}

// footprint records an operation's memory: its working memory as given,
// the README's stack budget for ML-DSA on this core, and the variant's
// code (wc_mldsa.o with one set, the larger end of its range, plus
// sha3.c).
func (g *g071Run) footprint(id bench.Identity, op, variant string, r row, work int64, what string) {
	f := bench.Footprint{Identity: id, Op: op, Method: "benchmark", Pos: g.p.pos(r.line), GlobalBytes: bench.I64(0), WorkingBufferBytes: &work}
	src := []string{fmt.Sprintf("%s:%d § ML-DSA on the g071 at 64 MHz, %s: %s", Doc, r.line, variant, what)}
	if g.stack.bytes > 0 {
		f.StackBytes = bench.I64(g.stack.bytes)
		src = append(src, fmt.Sprintf("stack %d B: %s:%d \"Budget about 3.4 KB of stack for ML-DSA on this core\" (the bench's per-row stack is a running high-water mark, so per operation none is published)", g.stack.bytes, Doc, g.stack.line))
	}
	if c, ok := g.codes[variant]; ok && g.sha3.bytes > 0 {
		if hi, ok := upper(c.cells[1]); ok {
			f.CodeBytes = bench.I64(hi + g.sha3.bytes)
			src = append(src, fmt.Sprintf("code %s + %d B: %s:%d wc_mldsa.o with one set, text + rodata, the larger end (%s), and %s:%d sha3.c %s, \"not optional\"", strconv.FormatInt(hi, 10), g.sha3.bytes, Doc, c.line, c.cells[1], Doc, g.sha3.line, g.sha3.cell))
		}
	}
	src = append(src, "globals 0 B: wolfCrypt's ML-DSA keeps its state in the key object and heap counted above (the image's static RAM is the benchmark's)")
	f.Source = strings.Join(src, "; ")
	g.p.d.Footprints = append(g.p.d.Footprints, f)
}

// bytesOf reads "7,408 B" or "0".
func bytesOf(cell string) (int64, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(cell), " B")
	if c == "0" {
		return 0, true
	}
	v, ok := number(c)
	return int64(v), ok && v == float64(int64(v))
}

// upper reads the larger end of "4,843 - 4,879 B".
func upper(cell string) (int64, bool) {
	_, hi, ok := strings.Cut(cell, " - ")
	if !ok {
		hi = cell
	}
	return bytesOf(hi)
}

// sha3Bytes is the size the README gives sha3.c below the code table
// ("`sha3.c` is 5,476 B in every variant and is not optional": every
// ML-DSA build's code counts it).
func (p *parser) sha3Bytes(from int) sized {
	return p.findBytes(from, "`sha3.c` is ", " B in every variant", 1)
}

// mldsaStack is the README's stack budget for ML-DSA on the G071, "Budget
// about 3.4 KB of stack" (3,400 B; the same note's arithmetic, 3,320 B
// left beside the peak heap and static RAM, is what the run shows fits).
func (p *parser) mldsaStack(from int) sized {
	return p.findBytes(from, "Budget about ", " KB of stack for ML-DSA", 1000)
}

// findBytes finds, at or after README line from, the number between
// before and after on one line, times unit bytes.
func (p *parser) findBytes(from int, before, after string, unit float64) sized {
	for i := max(0, from-1+p.r.offset); i < len(p.r.lines); i++ {
		_, rest, ok := strings.Cut(p.r.lines[i], before)
		n, _, ok2 := strings.Cut(rest, after)
		if !ok || !ok2 {
			continue
		}
		v, num := number(n)
		if !num {
			continue
		}
		return sized{bytes: int64(math.Round(v * unit)), line: p.r.readmeLine(i), cell: n + map[bool]string{true: " B", false: " KB"}[unit == 1]}
	}
	return sized{}
}
