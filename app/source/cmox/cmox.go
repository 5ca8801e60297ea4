// Package cmox parses ST wiki pages that publish the performance and
// footprint of the STM32 cryptographic library (CMOX): the measurement
// set-up (MCU, board, library version, core clock) and every performance
// and footprint table on the page.
//
// Parse is a pure function: text in, rows and positioned errors out. It
// does not judge the figures beyond reading them; cross-checks that need
// facts about the part live in package dataset.
package cmox

import (
	"cryptosizer/app/internal/lazyre"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Page is what one wiki page says.
type Page struct {
	MCU     string // "STM32 MCU" line as written, e.g. STM32WBA52CGUx
	Board   string
	Version string // as written, e.g. 050000B2; empty when unpublished
	VerRaw  string // the raw version cell (may be a placeholder)
	ClockHz int64
	Clock   string // as written, e.g. "100 MHz"
	Rows    []Row
	Tables  []Table
}

// Table is one table header found on the page.
type Table struct {
	Kind   Kind
	Method string
	Pos    bench.Pos
	Rows   int
}

// Kind says what a table holds.
type Kind int

const (
	AESSole Kind = iota + 1
	AESFlow
	AESFootprint
	HashSole
	HashFlow
	HashTag
	HashFootprint
	ECDSA
	ECDSAFootprint
	EdDSA
	EdDSAFootprint
	RSA
	RSAFootprint
)

// Row is one table row. For performance rows Cycles and Printed are set
// (or Missing explains why not); for footprint rows Sizes is.
type Row struct {
	Kind      Kind
	Op        string
	Method    string // sole-buffer, data-flow, final-tag
	Config    string // the configuration cells, verbatim, joined by ", "
	ConfigRaw []string
	// ConfigPlaceholder is set when the configuration cells are wiki
	// placeholders: the page does not publish the configuration's name.
	ConfigPlaceholder bool
	ConfigColumns     string // what the configuration cells mean
	MessageBytes      int64  // 0 when not applicable or missing
	ChunkBytes        int64
	Cycles            int64
	Printed           float64 // time (in PrintedUnit) or rate (kbyte/s)
	PrintedUnit       string  // "µs", "ms", "kbyte/s"
	// Sizes are the footprint columns in page order: code, constant data,
	// global data, stack usage and (for asymmetric tables) working buffer.
	// -1 marks a placeholder.
	Sizes []int64
	// Missing lists what the row leaves unpublished, with the placeholder
	// text that stands in its place.
	Missing []string
	Pos     bench.Pos
	Text    string
}

// FootprintColumns names the footprint columns, in page order.
var FootprintColumns = []string{"code_bytes", "constant_bytes", "global_bytes", "stack_bytes", "working_buffer_bytes"}

var (
	placeholderRe = lazyre.New(`@cfg(\d+);[^@\s]*@`)
	mhzRe         = lazyre.New(`^(?i:system core clock frequency)\s+(\d+(?:\.\d+)?)\s*MHz$`)
)

type header struct {
	kind   Kind
	method string
	text   string
}

// Table headers, exactly as the wiki prints them (after whitespace is
// collapsed).
var headers = []header{
	{AESSole, "sole-buffer", "AES mode Key size Buffer size Cipher operation Configuration Cycles Time"},
	{AESFlow, "data-flow", "AES mode Key size Message size Chunk size Cipher operation Configuration Cycles Bit rate"},
	{AESFootprint, "", "Cipher operation Configuration Code Constant data Global data Stack usage"},
	{HashSole, "sole-buffer", "HASH mode Buffer size Cycles Time"},
	{HashFlow, "data-flow", "HASH mode Message size Chunk size Cycles Bit rate"},
	{HashTag, "final-tag", "HASH mode Cycles Time"},
	{HashFootprint, "", "HASH mode Code Constant data Global data Stack usage"},
	{ECDSA, "", "Curve Operation ECC mathematics configuration Curve definition Cycles Time"},
	{ECDSAFootprint, "", "Curve Operation ECC mathematics configuration Curve definition Code Constant data Global data Stack usage Working buffer"},
	{EdDSA, "", "Curve Message size Operation ECC mathematics configuration Curve definition Cycles Time"},
	{EdDSAFootprint, "", "Curve Message size Operation ECC mathematics configuration Curve definition Code Constant data Global data Stack usage Working buffer"},
	{RSA, "", "PKCS#1 Priv. key mod. exp. method Hash method Modulus size Operation RSA mathematics configuration Priv. key mod. exp. implementation Cycles Time"},
	{RSAFootprint, "", "PKCS#1 Priv. key mod. exp. method Hash method Modulus size Operation RSA mathematics configuration Priv. key mod. exp. implementation Code Constant data Global data Stack usage Working buffer"},
}

// Row grammars: the categorical cells, then the value tail.
var (
	aesSoleRe = lazyre.New(`^AES (CBC) (\d+) bits (\S+) bytes (Encryption|Decryption) (\S+) (.*?) ?(µs|us)$`)
	aesFlowRe = lazyre.New(`^AES (CBC) (\d+) bits (\S+) bytes (\S+) bytes (Encryption|Decryption) (\S+) (.*?) ?(kbyte/s|Kbytes/s|kbytes/s|Kbyte/s)$`)
	aesFpRe   = lazyre.New(`^(Encryption|Decryption) (\S+) (.*)$`)
	hashSole  = lazyre.New(`^(SHA256|SHA384) (\S+) bytes (.*?) ?(µs|us)$`)
	hashFlow  = lazyre.New(`^(SHA256|SHA384) (\S+) bytes (\S+) bytes (.*?) ?(kbyte/s|Kbytes/s|kbytes/s|Kbyte/s)$`)
	hashTag   = lazyre.New(`^(SHA256|SHA384) (.*?) ?(µs|us)$`)
	hashFp    = lazyre.New(`^(SHA256|SHA384) (.*)$`)
	ecdsaRe   = lazyre.New(`^(SECP256R1|SECP384R1|SECP521R1) (Signature|Verification) (\S+) (\S+) (.*?) ?(ms|µs)$`)
	ecdsaFpRe = lazyre.New(`^(SECP256R1|SECP384R1|SECP521R1) (Signature|Verification) (\S+) (\S+) (.*)$`)
	eddsaRe   = lazyre.New(`^(Ed25519) (\S+) bytes (Signature|Verification) (\S+) (\S+) (.*?) ?(ms|µs)$`)
	eddsaFpRe = lazyre.New(`^(Ed25519) (\S+) bytes (Signature|Verification) (\S+) (\S+) (.*)$`)
	rsaRe     = lazyre.New(`^(v\d\.\d) (CRT|No CRT|n/a) (SHA-256|SHA-384|SHA-1) (\d)K (Signature|Verification) (\S+) (\S+) (.*?) ?(ms|µs)$`)
	rsaFpRe   = lazyre.New(`^(v\d\.\d) (CRT|No CRT|n/a) (SHA-256|SHA-384|SHA-1) (\d)K (Signature|Verification) (\S+) (\S+) (.*)$`)
	// rowStartRe spots a table row that sits outside any table.
	rowStartRe = lazyre.New(`^(AES CBC|SHA256|SHA384|SECP\d+R1|Ed25519|v2\.2|Encryption|Decryption) .*\d`)
)

// Parse reads one CMOX wiki page. file names the page in positions.
func Parse(file, text string) (*Page, bench.ErrorList) {
	return ParseWith(file, text, Setup{})
}

// Setup is what a pasted table may need from the user because the text
// does not say it: the part and the core clock.
type Setup struct {
	MCU     string
	ClockHz int64
}

// ParseWith reads a page or a pasted table, taking the MCU and clock from
// setup where the text does not state them.
func ParseWith(file, text string, setup Setup) (*Page, bench.ErrorList) {
	var errs bench.ErrorList
	p := &Page{MCU: setup.MCU, ClockHz: setup.ClockHz}
	if setup.ClockHz > 0 {
		p.Clock = strconv.FormatFloat(float64(setup.ClockHz)/1e6, 'f', -1, 64) + " MHz"
	}
	var cur *header
	var lastPerf string
	for i, raw := range strings.Split(text, "\n") {
		line := strings.Join(strings.Fields(strings.ReplaceAll(raw, "\u00a0", " ")), " ")
		pos := bench.Pos{File: file, Line: i + 1, Col: 1}
		if line == "" {
			cur = nil
			continue
		}
		if h := findHeader(line); h != nil {
			cur = h
			m := h.method
			if m == "" {
				switch h.kind {
				case AESFootprint, HashFootprint:
					m = lastPerf
					if m == "final-tag" {
						m = "data-flow"
					}
				}
			} else {
				lastPerf = m
			}
			p.Tables = append(p.Tables, Table{Kind: h.kind, Method: m, Pos: pos})
			continue
		}
		if cur == nil {
			p.readSetup(line, pos, &errs)
			if rowStartRe().MatchString(line) {
				errs.Add(pos, line, "table row outside any table")
			}
			continue
		}
		if strings.HasSuffix(line, ".svg") || strings.HasPrefix(line, "File:") {
			continue
		}
		t := &p.Tables[len(p.Tables)-1]
		row, err := parseRow(cur.kind, t.Method, line, p.ClockHz)
		if err != "" {
			errs.Add(pos, line, "%s", err)
			continue
		}
		row.Pos, row.Text = pos, line
		p.Rows = append(p.Rows, row)
		t.Rows++
	}
	if p.MCU == "" {
		errs.Add(bench.Pos{File: file}, "", `no "STM32 MCU" line: not a CMOX performance page (name the MCU)`)
	}
	if p.ClockHz == 0 {
		errs.Add(bench.Pos{File: file}, "", `no "System Core Clock Frequency" line (give the core clock)`)
	}
	return p, errs
}

func findHeader(line string) *header {
	for i := range headers {
		if strings.EqualFold(line, headers[i].text) {
			return &headers[i]
		}
	}
	return nil
}

func (p *Page) readSetup(line string, pos bench.Pos, errs *bench.ErrorList) {
	switch {
	case strings.HasPrefix(line, "STM32 MCU "):
		p.MCU = strings.TrimPrefix(line, "STM32 MCU ")
	case strings.HasPrefix(line, "Board "):
		p.Board = strings.TrimPrefix(line, "Board ")
	case strings.HasPrefix(strings.ToLower(line), "cryptographic library version "):
		v := line[len("cryptographic library version "):]
		if i := strings.Index(v, "[ver"); i >= 0 {
			v = v[:i]
		}
		p.VerRaw = strings.TrimSpace(v)
		if !placeholderRe().MatchString(p.VerRaw) && !strings.Contains(p.VerRaw, "@") {
			p.Version = p.VerRaw
		}
	case strings.HasPrefix(strings.ToLower(line), "system core clock frequency"):
		m := mhzRe().FindStringSubmatch(line)
		if m == nil {
			errs.Add(pos, line, "core clock is not of the form \"N MHz\"")
			return
		}
		f, _ := strconv.ParseFloat(m[1], 64)
		p.ClockHz = int64(math.Round(f * 1e6))
		p.Clock = m[1] + " MHz"
	}
}

func opDir(s string) string {
	if s == "Encryption" {
		return "enc"
	}
	return "dec"
}

func curveOp(curve string) string {
	return map[string]string{"SECP256R1": "p256", "SECP384R1": "p384", "SECP521R1": "p521"}[curve]
}

func sigOp(s string) string {
	if s == "Signature" {
		return "sign"
	}
	return "verify"
}

// grammar is how one kind of table reads its rows: the row's pattern,
// and what its categorical cells say (the operation, sizes and
// configuration). read returns the value cells and their unit; a
// footprint table has footprint byte-count columns instead.
type grammar struct {
	re        func() *regexp.Regexp
	read      func(r *Row, m []string) (tail, unit string)
	footprint int
}

var grammars = map[Kind]grammar{
	AESSole: {aesSoleRe, func(r *Row, m []string) (string, string) {
		r.Op = "aes-" + m[2] + "-cbc-" + opDir(m[4])
		r.MessageBytes = sizeCell(m[3], r)
		r.setConfig("configuration", m[5])
		return m[6], "µs"
	}, 0},
	AESFlow: {aesFlowRe, func(r *Row, m []string) (string, string) {
		r.Op = "aes-" + m[2] + "-cbc-" + opDir(m[5])
		r.MessageBytes = sizeCell(m[3], r)
		r.ChunkBytes = sizeCell(m[4], r)
		r.setConfig("configuration", m[6])
		return m[7], "kbyte/s"
	}, 0},
	AESFootprint: {aesFpRe, func(r *Row, m []string) (string, string) {
		r.Op = "aes-cbc-" + opDir(m[1])
		r.setConfig("configuration", m[2])
		return m[3], ""
	}, 4},
	HashSole: {hashSole, func(r *Row, m []string) (string, string) {
		r.Op = strings.ToLower(m[1])
		r.MessageBytes = sizeCell(m[2], r)
		return m[3], "µs"
	}, 0},
	HashFlow: {hashFlow, func(r *Row, m []string) (string, string) {
		r.Op = strings.ToLower(m[1])
		r.MessageBytes = sizeCell(m[2], r)
		r.ChunkBytes = sizeCell(m[3], r)
		return m[4], "kbyte/s"
	}, 0},
	HashTag: {hashTag, func(r *Row, m []string) (string, string) {
		r.Op = strings.ToLower(m[1]) + "-final"
		return m[2], "µs"
	}, 0},
	HashFootprint: {hashFp, func(r *Row, m []string) (string, string) {
		r.Op = strings.ToLower(m[1])
		return m[2], ""
	}, 4},
	ECDSA:          {ecdsaRe, readECDSA, 0},
	ECDSAFootprint: {ecdsaFpRe, readECDSA, 5},
	EdDSA:          {eddsaRe, readEdDSA, 0},
	EdDSAFootprint: {eddsaFpRe, readEdDSA, 5},
	RSA:            {rsaRe, readRSA, 0},
	RSAFootprint:   {rsaFpRe, readRSA, 5},
}

// The asymmetric tables' performance and footprint rows share their
// categorical cells; a performance row ends with its unit (m[len-1]).
func readECDSA(r *Row, m []string) (string, string) {
	r.Op = "ecdsa-" + curveOp(m[1]) + "-" + sigOp(m[2])
	r.setConfig("ECC mathematics configuration, curve definition", m[3], m[4])
	return m[5], unitOf(m, 6)
}

func readEdDSA(r *Row, m []string) (string, string) {
	r.Op = "ed25519-" + sigOp(m[3])
	r.MessageBytes = sizeCell(m[2], r)
	r.setConfig("ECC mathematics configuration, curve definition", m[4], m[5])
	return m[6], unitOf(m, 7)
}

func readRSA(r *Row, m []string) (string, string) {
	bits := map[string]string{"1": "1024", "2": "2048", "3": "3072", "4": "4096"}[m[4]]
	r.Op = "rsa-" + bits + "-" + sigOp(m[5])
	r.setConfig("priv. key mod. exp. method, RSA mathematics configuration, priv. key mod. exp. implementation", m[2], m[6], m[7])
	return m[8], unitOf(m, 9)
}

func unitOf(m []string, i int) string {
	if i < len(m) {
		return m[i]
	}
	return ""
}

// parseRow reads one row of a table of the given kind. It returns a
// message (and no row) when the row does not fit the table's grammar.
func parseRow(kind Kind, method, line string, clockHz int64) (Row, string) {
	g, ok := grammars[kind]
	m := []string(nil)
	if ok {
		m = g.re().FindStringSubmatch(line)
	}
	if m == nil {
		return Row{}, "row does not match its table's columns"
	}
	r := Row{Kind: kind, Method: method}
	tail, unit := g.read(&r, m)
	footprint := g.footprint
	if footprint > 0 {
		sizes, msg := footprintCells(tail, footprint, &r)
		if msg != "" {
			return Row{}, msg
		}
		r.Sizes = sizes
		return r, ""
	}
	r.PrintedUnit = unit
	if ph := placeholderRe().FindAllString(tail, -1); len(ph) > 0 {
		r.Missing = append(r.Missing, "cycles and "+printedName(unit)+" not published: wiki placeholders "+strings.Join(ph, " "))
		return r, ""
	}
	if r.MessageBytes < 0 {
		// The message size is a placeholder: the rate cannot be checked,
		// and a rate without its message size is not a measurement.
		r.Missing = append(r.Missing, "message size not published")
		return r, ""
	}
	cyc, printed, msg := splitCyclesAndPrinted(tail, unit, r.MessageBytes, clockHz)
	if msg != "" {
		return Row{}, msg
	}
	r.Cycles, r.Printed = cyc, printed
	return r, ""
}

func printedName(unit string) string {
	if strings.HasSuffix(unit, "/s") {
		return "bit rate"
	}
	return "time"
}

// setConfig records the configuration cells. Placeholder cells (the WBA
// page) are replaced by their cfgN name; the page never says what cfgN is.
func (r *Row) setConfig(columns string, cells ...string) {
	r.ConfigColumns = columns
	r.ConfigRaw = cells
	var out []string
	for _, c := range cells {
		if m := placeholderRe().FindStringSubmatch(c); m != nil {
			r.ConfigPlaceholder = true
			name := "cfg" + m[1]
			if len(out) == 0 || out[len(out)-1] != name {
				out = append(out, name)
			}
			continue
		}
		out = append(out, c)
	}
	r.Config = strings.Join(out, ", ")
}

// sizeCell reads a "N bytes" cell's number. A placeholder gives -1 and
// records what is missing.
func sizeCell(s string, r *Row) int64 {
	if placeholderRe().MatchString(s) {
		r.Missing = append(r.Missing, "size not published: wiki placeholder "+s)
		return -1
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		r.Missing = append(r.Missing, "size cell "+strconv.Quote(s)+" is not a number")
		return -1
	}
	return v
}

// footprintCells reads n "N bytes" cells. The wiki sometimes drops the
// unit after a cell ("1502 280 bytes"), which leaves two numbers in one
// cell; digit grouping decides where they split.
func footprintCells(tail string, n int, r *Row) ([]int64, string) {
	var readings [][][]int64 // per cell, its possible readings
	for _, c := range strings.Split(tail, "bytes") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if placeholderRe().MatchString(c) {
			if strings.TrimSpace(placeholderRe().ReplaceAllString(c, "")) != "" {
				return nil, fmt.Sprintf("footprint cell %q mixes a placeholder and numbers", c)
			}
			readings = append(readings, [][]int64{{-1}})
			continue
		}
		toks := strings.Fields(c)
		for _, t := range toks {
			if !isDigits(t) {
				return nil, fmt.Sprintf("footprint cell %q is not a number of bytes", c)
			}
		}
		if len(toks) > maxGroups {
			// Readings grow exponentially with the groups in a cell.
			return nil, fmt.Sprintf("footprint cell %q has more than %d digit groups", c, maxGroups)
		}
		readings = append(readings, splits(toks))
	}
	out, ok := pick(readings, n)
	if !ok {
		return nil, fmt.Sprintf("footprint row does not read as %d byte counts", n)
	}
	for i, v := range out {
		if v < 0 {
			r.Missing = append(r.Missing, FootprintColumns[i]+" not published: wiki placeholder")
		}
	}
	return out, ""
}

// pick chooses one reading per cell so that the values number exactly n,
// preferring the longest numbers first (the order splits lists them in).
func pick(readings [][][]int64, n int) ([]int64, bool) {
	if len(readings) == 0 {
		return nil, n == 0
	}
	for _, r := range readings[0] {
		if len(r) > n {
			continue
		}
		if rest, ok := pick(readings[1:], n-len(r)); ok {
			return append(append([]int64{}, r...), rest...), true
		}
	}
	return nil, false
}

// maxGroups bounds the digit groups read from one cell: two 4-group
// numbers is the most any CMOX table needs.
const maxGroups = 10

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// grouped reads tokens as one number written with spaces as thousands
// separators: the first group has 1 to 3 digits, every later one exactly
// 3. A single token may have any length ("1502").
func grouped(toks []string) (int64, bool) {
	if len(toks) == 0 {
		return 0, false
	}
	if len(toks) > 1 && len(toks[0]) > 3 {
		return 0, false
	}
	var v int64
	for i, t := range toks {
		if !isDigits(t) || (i > 0 && len(t) != 3) {
			return 0, false
		}
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return 0, false
		}
		for range len(t) {
			if v > math.MaxInt64/10 {
				return 0, false
			}
			v *= 10
		}
		v += n
	}
	return v, true
}

// splits lists every way to read toks as a sequence of grouped numbers,
// preferring fewer, longer numbers first.
func splits(toks []string) [][]int64 {
	if len(toks) == 0 {
		return [][]int64{{}}
	}
	var out [][]int64
	for k := len(toks); k >= 1; k-- {
		v, ok := grouped(toks[:k])
		if !ok {
			continue
		}
		for _, rest := range splits(toks[k:]) {
			out = append(out, append([]int64{v}, rest...))
		}
	}
	return out
}

// splitCyclesAndPrinted reads "cycles printed" where both numbers use
// space separators, so "1 206 640 424" can be read three ways. The
// reading whose printed figure agrees with cycles ÷ clock is the one the
// page means.
func splitCyclesAndPrinted(tail, unit string, msgBytes, clockHz int64) (int64, float64, string) {
	toks := strings.Fields(tail)
	for _, t := range toks {
		if !isDigits(t) {
			return 0, 0, fmt.Sprintf("cell %q is not a number", t)
		}
	}
	if len(toks) > maxGroups {
		return 0, 0, fmt.Sprintf("more than %d digit groups where cycles and %s belong", maxGroups, printedName(unit))
	}
	if clockHz <= 0 {
		return 0, 0, "table row before the page states its core clock"
	}
	best, bestErr := [2]int64{}, math.Inf(1)
	for k := 1; k < len(toks); k++ {
		c, ok1 := grouped(toks[:k])
		v, ok2 := grouped(toks[k:])
		if !ok1 || !ok2 || c == 0 {
			continue
		}
		want := Expected(c, unit, msgBytes, clockHz)
		if e := math.Abs(float64(v)-want) / want; e < bestErr {
			best, bestErr = [2]int64{c, v}, e
		}
	}
	if math.IsInf(bestErr, 1) {
		return 0, 0, "expected cycles then " + printedName(unit) + " in " + unit
	}
	return best[0], float64(best[1]), ""
}

// Expected is the printed figure that cycles at clockHz imply: a time in
// µs or ms, or a rate in kbyte/s (1 kbyte = 1000 bytes) for msgBytes.
func Expected(cycles int64, unit string, msgBytes, clockHz int64) float64 {
	sec := float64(cycles) / float64(clockHz)
	switch unit {
	case "µs", "us":
		return sec * 1e6
	case "ms":
		return sec * 1e3
	}
	return float64(msgBytes) / sec / 1000
}
