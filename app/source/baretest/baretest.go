// Package baretest reads wolfSSL's STM32_Bare_Test README
// (../shared/sources/wolfssl-stm32-bare-test-readme.md, GPL-3.0: the
// project commits only what this package derives, each figure with the
// README's address and line): wolfCrypt's benchmark on about 25 STM32
// boards in three build flavours (pure C, Thumb-2 assembly, STM32 units
// driven by direct register access), the post-quantum table, and the
// stack and heap each operation took.
//
// The cross-board tables state no clock. Each board's clock is inferred
// from what the README states elsewhere (the build size matrix, the BARE
// vs CubeMX table, the board sections) and checked where two figures
// allow it: identical figures in a table that states its clock, or a
// hardware unit's cycles per operation, which do not move with the
// clock. A board whose clock stays uncertain is taken at the highest
// clock the README gives it (its cycles are then an upper bound) and
// says so; it never donates. The package does no I/O.
package baretest

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// File is the restatement's name in the third-party sources folder.
const File = "wolfssl-stm32-bare-test-readme.md"

// Name is the source's name (data/measured/<Name>.json).
const Name = "baretest"

// Doc is the document the figures' positions point into, and URL its
// public address (plain, so that #L<line> reaches a README line).
const (
	Doc    = "STM32_Bare_Test/README.md"
	Commit = "10f60a3577e43fe7ee47c8990995dded90419339"
	URL    = "https://github.com/wolfSSL/wolfssl-examples-stm32/blob/" + Commit + "/STM32_Bare_Test/README.md?plain=1"
)

// Library is the library the README measures.
const Library = "wolfSSL"

// The three flavours, as build configurations. Caches are part of the
// conditions: BARE leaves them as reset leaves them (off on the
// Cortex-M7), so every flavour says so.
var configs = map[string]string{
	"bare": "Bare_Test bare: STM32 units by direct register access, no HAL; caches as reset leaves them",
	"asm":  "Bare_Test asm: Thumb-2 assembly, no STM32 units; caches as reset leaves them",
	"c":    "Bare_Test c: pure C, no STM32 units; caches as reset leaves them",
}

// RerunSuffix ends the configuration of the bare builds the BARE vs
// CubeMX table gives at another clock than the cross-board tables (a
// run of their own): the same build, another run and clock.
const RerunSuffix = "; BARE vs CubeMX run"

// Config is a flavour's build configuration ("bare", "asm", "c").
func Config(flavour string) string { return configs[flavour] }

// Kinds of the warnings this source raises (bench.Warning.Kind).
const (
	KindClockInferred  = bench.WarnClockInferred
	KindClockUncertain = bench.WarnClockUncertain
)

// Derived is what the project commits of the README.
type Derived struct {
	Measurements []bench.Measurement `json:"measurements"`
	Footprints   []bench.Footprint   `json:"footprints"`
	Missing      []bench.Missing     `json:"missing"`
	Skipped      []bench.Skipped     `json:"skipped"`
	Warnings     []bench.Warning     `json:"warnings"`
	Documents    []bench.Document    `json:"documents"`
	// Clocks says how each board's clock was found, for the notes.
	Clocks []Clock `json:"clocks"`
	// SameCode: the asm flavour's ECC is the c flavour's code (sameCode).
	SameCode []bench.SameCode `json:"same_code"`
}

// Clock is how one board's benchmark clock is known.
type Clock struct {
	Board   string `json:"board"`
	MCU     string `json:"mcu"`
	MHz     int64  `json:"mhz"`
	Stated  []int  `json:"stated_lines"` // README lines that state a clock for the board
	How     string `json:"how"`
	Certain bool   `json:"certain"`
}

// board is what the README says of one board.
type board struct {
	code, chip, name, core string
	line                   int
	matrix, sysclk         int64 // MHz: build size matrix, BARE vs CubeMX table
	matrixLine, sysLine    int
	section                int64 // MHz of a "### <BOARD> -- <chip> (<cpu>, N MHz" section
	sectionLine            int
	aes, hash, pka         string // hardware coverage: "-" when absent
	bvc                    map[string]float64
	bvcCell                map[string]string
	bvcPos                 map[string]bench.Pos
	bvcLine                int
}

// ops of the cross-board tables' columns (the flavour in parentheses).
var symOps = map[string]string{
	"AES-128-CBC enc": "aes-128-cbc-enc", "AES-128-CBC dec": "aes-128-cbc-dec",
	"AES-128-GCM enc": "aes-128-gcm-enc", "AES-128-GCM dec": "aes-128-gcm-dec",
	"SHA-256": "sha256", "RNG": "rng",
	"ECDSA P-256 sign": "ecdsa-p256-sign", "ECDSA P-256 verify": "ecdsa-p256-verify",
}

// Parse reads the README.
func Parse(text string) (Derived, bench.ErrorList) {
	p := parser{r: newReadme(text), boards: map[string]*board{}}
	p.boardsTable()
	p.matrix()
	p.coverage()
	p.bareVsCubeMX()
	p.sections()
	p.clocks()
	p.crossBoard()
	p.pqc()
	p.memory()
	p.g071()
	p.sameCode()
	p.sameStack()
	if len(p.d.Measurements) == 0 {
		p.errs.Add(bench.Pos{File: Doc}, "", "no benchmark figures: is this the STM32_Bare_Test README?")
	}
	p.d.Documents = []bench.Document{{Name: Doc, URL: URL, LineAnchors: true,
		Note: "wolfSSL's STM32_Bare_Test README (github.com/wolfSSL/wolfssl-examples-stm32 at " + Commit + "): wolfCrypt's benchmark on STM32 boards in the bare, asm and c flavours, with stack and heap per operation; GPL-3.0: the figures are facts derived from it"}}
	return p.d, p.errs
}

type parser struct {
	r      readme
	boards map[string]*board
	order  []string
	d      Derived
	errs   bench.ErrorList
	clock  map[string]int64 // board → the cross-board tables' clock, Hz
}

func (p *parser) pos(line int) bench.Pos { return bench.Pos{File: Doc, Line: line} }

// at is the position of a row's cell i.
func (p *parser) at(r row, i int) bench.Pos {
	return bench.Pos{File: Doc, Line: r.line, Col: r.cols[i]}
}

// boardsTable reads "## Boards wired up in this example": code, chip and
// the board's name (the first words of its notes).
func (p *parser) boardsTable() {
	t, ok := p.r.find(1, "BOARD", "Chip", "Status", "Notes")
	if !ok {
		p.errs.Add(p.pos(0), "", "no boards table (| BOARD | Chip | Status | Notes |)")
		return
	}
	for _, r := range t.rows {
		if len(r.cells) < 4 {
			p.errs.Add(p.pos(r.line), strings.Join(r.cells, "|"), "want 4 cells: board, chip, status, notes")
			continue
		}
		name, _, _ := strings.Cut(r.cells[3], ".")
		if !strings.Contains(name, "-") || strings.Contains(name, " ") {
			name = ""
		}
		b := &board{code: r.cells[0], chip: strings.TrimSuffix(r.cells[1], "Hx"), name: name, line: r.line}
		p.boards[b.code] = b
		p.order = append(p.order, b.code)
	}
}

// matrix reads the build size matrix: each board's core and MHz.
func (p *parser) matrix() {
	t, ok := p.r.find(1, "Board (BOARD=)", "Chip", "Core", "MHz")
	if !ok {
		p.errs.Add(p.pos(0), "", "no build size matrix (| Board (BOARD=) | Chip | Core | MHz |)")
		return
	}
	for _, r := range t.rows {
		b := p.boards[r.cells[0]]
		f, ok := mhz(r.cells[3])
		if b == nil || !ok {
			p.errs.Add(p.pos(r.line), strings.Join(r.cells, "|"), "want a board of the boards table and its MHz")
			continue
		}
		b.core, b.matrix, b.matrixLine = core(r.cells[2]), f, r.line
	}
}

// core names a matrix's core cell as the part data does ("M4F" →
// "Cortex-M4").
func core(c string) string {
	return "Cortex-" + strings.TrimSuffix(c, "F")
}

// coverage reads the hardware accelerator coverage: what the bare
// flavour drives on each board.
func (p *parser) coverage() {
	t, ok := p.r.find(1, "Board", "AES", "HASH", "RNG", "PKA")
	if !ok {
		p.errs.Add(p.pos(0), "", "no hardware coverage table (| Board | AES | HASH | RNG | PKA |)")
		return
	}
	for _, r := range t.rows {
		if b := p.boards[r.cells[0]]; b != nil {
			b.aes, b.hash, b.pka = r.cells[1], r.cells[2], r.cells[4]
		}
	}
	for _, s := range coverageSlips {
		if b := p.boards[s.board]; b != nil && b.aes == "-" {
			b.aes = s.aes
		}
	}
}

// boardDoubts are boards the README pairs with a part ST's board files
// put another part on.
var boardDoubts = []struct{ chip, why string }{
	{"STM32F437II", "the README puts the f437 build (chip STM32F437IIHx) on an STM32439I-EVAL (lines 22, 121), a board ST's files fit with an STM32F439NIH: the figures stand for both (one die, the same units)"},
}

// coverageSlips are coverage-table cells the README contradicts
// elsewhere: the bare build drives the unit, and a warning says why.
var coverageSlips = []struct{ board, chip, aes, why string }{
	{"u545", "STM32U545RE", "TinyAES", "the coverage table (line 533) gives the u545 no AES unit; the README elsewhere (lines 18, 191) and ST's part file give it AES and SAES, and its bare AES-128-CBC, 11.18 MiB/s (line 829), is a hardware rate: taken as its AES unit's"},
}

// bareVsCubeMX reads the BARE vs CubeMX table: it states each board's
// SYSCLK, and the bare flavour's figures at it.
func (p *parser) bareVsCubeMX() {
	t, ok := p.r.find(1, "Board", "SYSCLK")
	if !ok {
		p.errs.Add(p.pos(0), "", "no BARE vs CubeMX table (| Board | SYSCLK |)")
		return
	}
	for _, r := range t.rows {
		b := p.boards[r.cells[0]]
		f, ok := mhz(r.cells[1])
		if b == nil || !ok || len(r.cells) != len(t.header) {
			p.errs.Add(p.pos(r.line), strings.Join(r.cells, "|"), "want a board, its SYSCLK and a figure per column")
			continue
		}
		b.sysclk, b.sysLine, b.bvcLine = f, r.line, r.line
		b.bvc, b.bvcCell, b.bvcPos = map[string]float64{}, map[string]string{}, map[string]bench.Pos{}
		for i, h := range t.header[2:] {
			name, ok := strings.CutSuffix(h, " bare")
			if v, num := number(r.cells[i+2]); ok && num {
				op := symOps[name]
				b.bvc[op], b.bvcCell[op], b.bvcPos[op] = v, r.cells[i+2], p.at(r, i+2)
			}
		}
	}
}

// sections reads the clock of each "### <BOARD> -- <chip> (<cpu>, N MHz"
// section.
func (p *parser) sections() {
	for i, l := range p.r.lines {
		rest, ok := strings.CutPrefix(l, "### ")
		if !ok || !strings.Contains(rest, " -- ") {
			continue
		}
		_, chipPart, _ := strings.Cut(rest, " -- ")
		chip, paren, _ := strings.Cut(chipPart, " (")
		_, clock, _ := strings.Cut(paren, ", ")
		f, ok := mhz(strings.Fields(clock + " x")[0])
		if !ok {
			continue
		}
		for _, b := range p.boards {
			if b.chip == strings.TrimSpace(chip) {
				b.section, b.sectionLine = f, p.r.readmeLine(i)
			}
		}
	}
}

// clocks decides the cross-board tables' clock of every board they
// list. The symmetric table's bare AES-CBC figure is the same run as the
// BARE vs CubeMX table's when the two agree; otherwise every clock the
// README states for the board is a candidate, and a hardware unit's
// cycles per signature (the PKA's, which the clock does not change)
// decide between two.
func (p *parser) clocks() {
	p.clock = map[string]int64{}
	sym, ok := p.r.find(1, "Board", "AES-128-CBC enc (bare)")
	if !ok {
		p.errs.Add(p.pos(0), "", "no symmetric table (| Board | AES-128-CBC enc (bare) |)")
		return
	}
	asym, _ := p.r.find(1, "Board", "ECDSA P-256 sign (bare)")
	cross := map[string]map[string]float64{}
	for _, t := range []table{sym, asym} {
		for _, r := range t.rows {
			if cross[r.cells[0]] == nil {
				cross[r.cells[0]] = map[string]float64{}
			}
			if v, ok := number(r.cells[1]); ok {
				cross[r.cells[0]][strings.TrimSuffix(t.header[1], " (bare)")] = v
			}
		}
	}
	for _, code := range p.order {
		b := p.boards[code]
		x, listed := cross[code]
		if !listed {
			continue
		}
		c := Clock{Board: code, MCU: b.chip}
		for _, s := range []struct {
			mhz  int64
			line int
		}{{b.matrix, b.matrixLine}, {b.sysclk, b.sysLine}, {b.section, b.sectionLine}} {
			if s.mhz > 0 {
				c.Stated = append(c.Stated, s.line)
			}
		}
		stated := distinct(b.matrix, b.sysclk, b.section)
		cbc, bvcCBC := x["AES-128-CBC enc"], b.bvc["aes-128-cbc-enc"]
		switch {
		case b.sysclk > 0 && cbc > 0 && math.Abs(cbc/bvcCBC-1) < 0.005:
			c.MHz, c.Certain = b.sysclk, true
			c.How = fmt.Sprintf("the BARE vs CubeMX table (line %d) prints the same bare figures at SYSCLK %d MHz", b.sysLine, b.sysclk)
		case len(stated) == 1:
			c.MHz, c.Certain = stated[0], true
			c.How = fmt.Sprintf("the README states %d MHz for the board (line %d) and no other clock", stated[0], c.Stated[0])
		case len(stated) > 1:
			c.MHz, c.Certain, c.How = p.decide(b, x, stated)
		default:
			p.errs.Add(p.pos(b.line), code, "the README states no clock for the board")
			continue
		}
		p.clock[code] = c.MHz * 1e6
		p.d.Clocks = append(p.d.Clocks, c)
	}
}

// decide picks between the clocks the README states for a board: the
// one at which the PKA's cycles per signature in the cross-board table
// match those of the BARE vs CubeMX table at its SYSCLK (within 10 %).
// Otherwise the highest, uncertain.
func (p *parser) decide(b *board, cross map[string]float64, stated []int64) (int64, bool, string) {
	sign, ref := cross["ECDSA P-256 sign"], b.bvc["ecdsa-p256-sign"]
	if b.pka != "-" && b.pka != "" && sign > 0 && ref > 0 {
		want := float64(b.sysclk) * 1e6 / ref
		for _, f := range stated {
			got := float64(f) * 1e6 / sign
			if math.Abs(got/want-1) < 0.10 {
				return f, true, fmt.Sprintf("the README states %s MHz; at %d MHz the PKA's cycles per ECDSA P-256 signature (%.0f) match the BARE vs CubeMX table's at %d MHz (%.0f, line %d)",
					join(stated), f, got, b.sysclk, want, b.sysLine)
			}
		}
	}
	if line := p.matrixRun(); line > 0 && b.matrix > 0 {
		// The cross-board tables are bench_matrix.sh's, which passes no
		// CLK option: the board runs at its default clock, the build
		// matrix's (a section at another clock is a run of its own).
		return b.matrix, true, fmt.Sprintf("the README states %s MHz; the cross-board tables are captured by bench_matrix.sh (line %d), which passes no CLK option, so the board runs at its default clock, the build matrix's %d MHz (line %d)",
			join(stated), line, b.matrix, b.matrixLine)
	}
	hi := slices.Max(stated)
	return hi, false, fmt.Sprintf("the README states %s MHz for the board and no figure decides: taken at %d MHz, the highest, so its cycles per operation are an upper bound", join(stated), hi)
}

// matrixRun is the README line that says how the cross-board tables
// were captured, when it names bench_matrix.sh without a CLK option (0:
// it does not).
func (p *parser) matrixRun() int {
	for i, l := range p.r.lines {
		if strings.HasPrefix(l, "Captured by `bench_matrix.sh`") && !strings.Contains(l, "CLK=") {
			return p.r.readmeLine(i)
		}
	}
	return 0
}

func distinct(vs ...int64) []int64 {
	var out []int64
	for _, v := range vs {
		if v > 0 && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

func join(vs []int64) string {
	var s []string
	for _, v := range vs {
		s = append(s, strconv.FormatInt(v, 10))
	}
	return strings.Join(s, " and ")
}

// identity is a board's build of a flavour at a clock.
func (p *parser) identity(b *board, flavour string, clockHz int64) bench.Identity {
	id := bench.Identity{MCU: b.chip, Part: b.chip, Board: b.name, Library: Library, Config: configs[flavour], Acceleration: []string{}, ClockHz: clockHz}
	if flavour == "bare" {
		if b.aes != "-" && b.aes != "" {
			id.Acceleration = append(id.Acceleration, bench.AccelAES)
		}
		if b.hash == "HW" {
			id.Acceleration = append(id.Acceleration, bench.AccelHASH)
		}
		if strings.HasPrefix(b.pka, "V") {
			id.Acceleration = append(id.Acceleration, bench.AccelPKA)
		}
	}
	return id
}

// add records one figure: MiB/s for a bulk operation, operations per
// second otherwise.
// The figure is printed as the README's cell.
func (p *parser) add(id bench.Identity, op, cell string, v float64, unit string, pos bench.Pos, what string) {
	m := bench.Measurement{Identity: id, Op: op, Method: "benchmark", Pos: pos,
		Source: fmt.Sprintf("%s § %s", pos, what), Printed: strings.Trim(cell, "* ") + " " + unit}
	switch unit {
	case "MiB/s":
		m.BytesPerSecond = bench.F64(v * 1024 * 1024)
	case "ops/sec":
		m.SecondsPerOp = bench.F64(1 / v)
	}
	p.d.Measurements = append(p.d.Measurements, m)
}

// flavourOf reads a column header "AES-128-CBC enc (bare)".
func flavourOf(h string) (op, flavour string, ok bool) {
	name, rest, ok := strings.Cut(h, " (")
	flavour = strings.TrimSuffix(rest, ")")
	op, known := symOps[name]
	return op, flavour, ok && known && configs[flavour] != ""
}

// crossBoard reads the symmetric (MiB/s) and asymmetric (ops/sec)
// tables, at each board's inferred clock.
func (p *parser) crossBoard() {
	for _, spec := range []struct{ first, unit, title string }{
		{"AES-128-CBC enc (bare)", "MiB/s", "Cross-board summary, Symmetric (MiB/s)"},
		{"ECDSA P-256 sign (bare)", "ops/sec", "Cross-board summary, Asymmetric (ops/sec)"},
	} {
		t, ok := p.r.find(1, "Board", spec.first)
		if !ok {
			p.errs.Add(p.pos(0), "", "no table with the column %q", spec.first)
			continue
		}
		for _, r := range t.rows {
			b := p.boards[r.cells[0]]
			clock := p.clock[r.cells[0]]
			if b == nil || clock == 0 || len(r.cells) != len(t.header) {
				p.errs.Add(p.pos(r.line), strings.Join(r.cells, "|"), "want a board of the boards table with a known clock and a cell per column")
				continue
			}
			for i, h := range t.header[1:] {
				op, flavour, ok := flavourOf(h)
				if !ok {
					p.errs.Add(p.pos(t.line), h, "unknown column: want an operation and (bare), (asm) or (c)")
					continue
				}
				v, ok := number(r.cells[i+1])
				if !ok {
					continue // "-": log absent, run skipped or timed out (the table's note)
				}
				p.add(p.identity(b, flavour, clock), op, r.cells[i+1], v, spec.unit, p.at(r, i+1), fmt.Sprintf("%s: %s, %s = %s", spec.title, r.cells[0], h, r.cells[i+1]))
			}
		}
	}
	// The BARE vs CubeMX table's bare figures at a clock the cross-board
	// tables do not have (another run): a build of their own.
	t, _ := p.r.find(1, "Board", "SYSCLK")
	for _, code := range p.order {
		b := p.boards[code]
		if b.bvc == nil {
			continue
		}
		if c, ok := p.clock[code]; ok && c == b.sysclk*1e6 {
			p.d.Skipped = append(p.d.Skipped, bench.Skipped{Identity: p.identity(b, "bare", b.sysclk*1e6), Name: "BARE vs CubeMX, bare columns",
				Printed: fmt.Sprintf("%s at %d MHz", code, b.sysclk), Reason: "the cross-board tables give the same build at the same clock (those figures are used)", Source: Name, Pos: p.pos(b.bvcLine)})
			continue
		}
		id := p.identity(b, "bare", b.sysclk*1e6)
		id.Config += RerunSuffix
		for _, h := range t.header[2:] {
			name, ok := strings.CutSuffix(h, " bare")
			v, has := b.bvc[symOps[name]]
			if !ok || !has {
				continue
			}
			unit := "MiB/s"
			if !bench.IsBulk(symOps[name]) {
				unit = "ops/sec"
			}
			p.add(id, symOps[name], b.bvcCell[symOps[name]], v, unit, b.bvcPos[symOps[name]], fmt.Sprintf("BARE vs CubeMX HAL comparison: %s at SYSCLK %d MHz, %s", code, b.sysclk, h))
		}
	}
}

// pqc reads the PQC=1 table (CONFIG=bare with ML-KEM and ML-DSA in
// their small-memory variants): its columns state board and clock.
func (p *parser) pqc() {
	t, ok := p.r.find(1, "Operation")
	if !ok || len(t.header) < 2 || !strings.Contains(t.header[1], "MHz") {
		p.errs.Add(p.pos(0), "", "no PQC=1 table (| Operation | H753 @ 480 MHz (M7F) |)")
		return
	}
	type col struct {
		b     *board
		clock int64
	}
	var cols []col
	for _, h := range t.header[1:] {
		name, rest, _ := strings.Cut(h, " @ ")
		f, ok := mhz(strings.Fields(rest + " x")[0])
		var found *board
		for _, code := range p.order {
			if strings.HasPrefix(p.boards[code].chip, "STM32"+name) {
				found = p.boards[code]
				break
			}
		}
		if found == nil || !ok {
			p.errs.Add(p.pos(t.line), h, "want a chip of the boards table and its clock")
		}
		cols = append(cols, col{found, f * 1e6})
	}
	for _, r := range t.rows {
		op, ok := pqcOp(r.cells[0])
		if !ok {
			p.errs.Add(p.pos(r.line), r.cells[0], "unknown operation: want ML-KEM 512/768/1024 or ML-DSA 44/65/87 with keygen, encap, decap, sign or verify")
			continue
		}
		for i, c := range cols {
			if c.b == nil || i+1 >= len(r.cells) {
				continue
			}
			id := p.identity(c.b, "bare", c.clock)
			if cross, ok := p.clock[c.b.code]; ok && cross != c.clock {
				p.errs.Add(p.pos(t.line), t.header[i+1], "the PQC=1 column's clock differs from the board's benchmark clock (%d Hz)", cross)
			}
			v, ok := number(r.cells[i+1])
			if !ok {
				p.d.Missing = append(p.d.Missing, bench.Missing{Identity: id, Op: op, Field: "seconds_per_op", Source: Name, Pos: p.pos(r.line),
					Reason: "skipped: the part's RAM cannot hold the larger ML-DSA contexts even in the small-memory variant (the README's note below the PQC=1 table)"})
				continue
			}
			p.add(id, op, r.cells[i+1], v, "ops/sec", p.at(r, i+1), fmt.Sprintf("PQC=1 (ML-KEM + ML-DSA, small-memory variants, CONFIG=bare): %s, %s = %s ops/sec", r.cells[0], t.header[i+1], r.cells[i+1]))
		}
	}
}

// pqcOp reads "ML-KEM 768  encap" or "ML-DSA 65   sign".
func pqcOp(cell string) (string, bool) {
	f := strings.Fields(cell)
	if len(f) != 3 {
		return "", false
	}
	op := strings.ToLower(f[0]) + "-" + f[1] + "-" + f[2]
	return op, bench.KnownOp(op)
}

// memory reads the stack per algorithm and the whole bench's peak heap
// (CONFIG=bare, STACK=1) into footprints of the bare builds: the stack
// of one operation, the peak concurrent heap as its working memory (an
// upper bound: per operation the heap is 0, and RNG set-up's one
// allocation is in the peak). Code size is the whole image's, not an
// operation's: not published per operation.
func (p *parser) memory() {
	st, ok := p.r.find(1, "Board", "Arch", "HW PKA", "CBC enc")
	peak, ok2 := p.r.find(1, "Board", "Arch", "Peak")
	if !ok || !ok2 {
		p.errs.Add(p.pos(0), "", "no stack table (| Board | Arch | HW PKA | CBC enc |) or peak heap table (| Board | Arch | Peak |)")
		return
	}
	heap := map[string]row{}
	for _, r := range peak.rows {
		heap[r.cells[0]] = r
	}
	ops := map[string]string{"CBC enc": "aes-cbc-enc", "GCM enc": "aes-gcm-enc", "SHA-256": "sha256", "ECDSA sign": "ecdsa-p256-sign", "ECDSA verify": "ecdsa-p256-verify"}
	for _, r := range st.rows {
		b, hr := p.boards[r.cells[0]], heap[r.cells[0]]
		hv, ok := 0.0, false
		if len(hr.cells) > 2 {
			hv, ok = number(hr.cells[2])
		}
		clock := p.clock[r.cells[0]]
		if b == nil || !ok || len(r.cells) != len(st.header) {
			p.errs.Add(p.pos(r.line), strings.Join(r.cells, "|"), "want a board with a peak heap and a stack figure per column")
			continue
		}
		if clock == 0 {
			clock = b.matrix * 1e6
		}
		for i, h := range st.header[3:] {
			op := ops[h]
			v, num := number(strings.TrimSuffix(r.cells[i+3], " (HW)"))
			if op == "" || !num {
				continue
			}
			s, w := int64(v), int64(hv)
			p.d.Footprints = append(p.d.Footprints, bench.Footprint{Identity: p.identity(b, "bare", clock), Op: op, Method: "benchmark",
				GlobalBytes: bench.I64(0), StackBytes: &s, WorkingBufferBytes: &w, Source: fmt.Sprintf("%s:%d § stack per algorithm: %s, %s = %s B; %s:%d § peak concurrent heap, whole bench: %s B (static RAM is the benchmark's buffers: not counted)",
					Doc, r.line, r.cells[0], h, r.cells[i+3], Doc, hr.line, hr.cells[2]), Pos: p.pos(r.line)})
		}
	}
}

// Derive reads the README into what the project commits.
func Derive(text string) ([]byte, int, error) {
	d, errs := Parse(text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	d.Warnings = warnings(d)
	b, err := json.MarshalIndent(d, "", " ")
	return append(b, '\n'), len(d.Measurements), err
}

// warnings are the findings every build of the README carries: its
// version, and how its clock is known. One of each per part (a warning
// without a configuration holds for every build of the part the
// README publishes), except where the BARE vs CubeMX table gives the
// part another run at its own stated clock: there the clock warning
// names the configurations it holds for.
func warnings(d Derived) []bench.Warning {
	var out []bench.Warning
	measured := func(chip string) bool {
		return slices.ContainsFunc(d.Measurements, func(m bench.Measurement) bool { return m.MCU == chip })
	}
	for _, s := range coverageSlips {
		if measured(s.chip) {
			out = append(out, bench.Warning{MCU: s.chip, Config: configs["bare"], Kind: "coverage-slip", Text: s.why, Source: Name, Documents: []string{Doc}})
		}
	}
	for _, b := range boardDoubts {
		if measured(b.chip) {
			out = append(out, bench.Warning{MCU: b.chip, Kind: "board-part", Text: b.why, Source: Name, Documents: []string{Doc}})
		}
	}
	seen := map[string]bool{}
	rerun := map[string]bool{}
	for _, m := range d.Measurements {
		rerun[m.MCU] = rerun[m.MCU] || ownRun(m.Config)
	}
	for _, m := range d.Measurements {
		if !seen[m.MCU] {
			out = append(out, bench.Warning{MCU: m.MCU, Kind: "version-unpublished", Source: Name, Documents: []string{Doc},
				Text: "the README publishes no wolfSSL version: the builds are of wolfSSL's master branch of May–June 2026 (\"refreshed 2026-05-18 after recent wolfssl master growth\")"})
		}
		config := ""
		if rerun[m.MCU] {
			config = m.Config
		}
		k := m.MCU + "|" + config
		if seen[k] || ownRun(m.Config) {
			seen[m.MCU] = true
			continue
		}
		seen[k], seen[m.MCU] = true, true
		for _, c := range d.Clocks {
			if c.MCU != m.MCU {
				continue
			}
			kind := KindClockInferred
			text := fmt.Sprintf("clock inferred (%d MHz): the cross-board tables state none; %s", c.MHz, c.How)
			if !c.Certain {
				kind, text = KindClockUncertain, fmt.Sprintf("clock uncertain: %s; it is not carried to other parts", c.How)
			}
			out = append(out, bench.Warning{MCU: m.MCU, Config: config, Kind: kind, Text: text, Source: Name, Documents: []string{Doc}})
		}
	}
	return out
}

// Load reads what Derive wrote.
func Load(b []byte) (Derived, error) {
	var d Derived
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("decoding the STM32_Bare_Test figures: %w", err)
	}
	return d, nil
}

// Source is the README as a measured source (source.MeasuredSource).
type Source struct{}

// Name is the source's name.
func (Source) Name() string { return Name }

// File is the restatement in the third-party sources folder.
func (Source) File() string { return File }

// Libraries: none of its own (wolfSSL is wolfcrypt's).
func (Source) Libraries() []bench.Library { return nil }

// Derive reads the README into what the project commits.
func (Source) Derive(text string) ([]byte, int, error) { return Derive(text) }

// Load reads the committed form into a dataset's lists.
func (Source) Load(b []byte) (bench.Dataset, error) {
	d, err := Load(b)
	return bench.Dataset{Measurements: d.Measurements, Footprints: d.Footprints, Missing: d.Missing, Skipped: d.Skipped,
		Warnings: d.Warnings, Documents: d.Documents, SameCode: d.SameCode}, err
}
