// Package stcryptolib reads ST's performance documents for its STM32
// Cryptographic Library V3 (X-CUBE-CRYPTOLIB, firmware only, IAR EWARM
// 7.40), restated in ../shared/sources/st-cryptolib-v3-performance.md:
// clock cycles per call on an STM32F051 (Cortex-M0), STM32L053
// (Cortex-M0+), STM32F103 (Cortex-M3), STM32F401 and STM32L476
// (Cortex-M4), in a "High speed" and a "High size" build, with code and
// constant-data sizes. The documents publish no RAM or stack figure.
//
// What a figure becomes follows the documents' formula, "Init + Append ×
// blocks + Finish": a bulk rate is the Append's block over its cycles
// (for the hashes the block is FIPS 180-4's, an assumption the
// restatement states); a public-key figure is one operation. A row the
// restatement flags as doubtful (a typo, a copied cell, two tables that
// look swapped) is kept as skipped with its flag, never used. Ed25519's
// "Verification" and "Signature" columns look swapped in some tables and
// the documents do not tell which: both operations carry the interval
// of the two columns.
//
// The F103 and L476 documents state an 84 MHz test clock, above those
// parts' maxima: the cycles stand, and are shown at the part's maximum
// clock with that doubt. It is a measured source (data/measured/
// stcryptolib.json). The package does no I/O.
package stcryptolib

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the restatement's name in the third-party sources folder.
const File = "st-cryptolib-v3-performance.md"

// Name is the source's name (data/measured/<Name>.json).
const Name = "stcryptolib"

// Commit is the commit of the public copy of ST's package the figures
// are cited at.
const Commit = "e5efcb19b31c2ed2ccec0edd78dac796f8ad1d9a"

// Library is ST's library as the dataset names it.
var Library = bench.Library{Name: "ST cryptographic library v3", Flag: "st-cryptolib", Methods: []string{"benchmark"}}

// part is what the package knows of each document: the part it names,
// the part number the figures are put on, the core's library file and
// the clock.
type part struct {
	line, mcu, core string
	clockHz         int64
	// stated is the document's own clock where it is not the one used
	// (above the part's maximum); statedAt its lines.
	stated   int64
	statedAt string
	// example names the board ST's example projects for the series
	// target (the documents name none).
	example string
}

var parts = map[string]part{
	"F0": {line: "STM32F051", mcu: "STM32F051R8", core: "CM0", clockHz: 24e6, example: "NUCLEO-F072RB, another part"},
	"L0": {line: "STM32L053", mcu: "STM32L053R8", core: "CM0PLUS", clockHz: 32e6, example: "NUCLEO-L053R8"},
	"F1": {line: "STM32F103", mcu: "STM32F103RB", core: "CM3", clockHz: 72e6, stated: 84e6, statedAt: "688-690", example: "NUCLEO-F103RB"},
	"F4": {line: "STM32F401", mcu: "STM32F401RE", core: "CM4", clockHz: 84e6, example: "NUCLEO-F401RE"},
	"L4": {line: "STM32L476", mcu: "STM32L476RG", core: "CM4", clockHz: 80e6, stated: 84e6, statedAt: "698-700", example: "NUCLEO-L476RG"},
}

// docPath is a document's path in the repository.
func docPath(key string) string {
	return "Fw_Crypto/STM32" + key + "/Documentation/STM32" + key + " Cryptographic firmware library performance and memory requirements for EWARM.html"
}

// DocName is how positions name a document.
func DocName(key string) string { return "x-cube-cryptolib/STM32" + key + " performance (EWARM).html" }

// config is a build's configuration. The documents do not name the
// library file: the pairing of the "speed" tables with the _otnsc library
// and the "size" tables with the plain one is the restatement's reading
// of the release notes' matching words (its lines 74-77), and the label
// says so.
func config(key, build string) string {
	p := parts[key]
	if build == "speed" {
		return "High speed build (IAR EWARM 7.40; library file, by our reading of the release notes: STM32CryptographicV3.0.0_" + p.core + "_IAR_otnsc.a)"
	}
	return "High size build (IAR EWARM 7.40; library file, by our reading of the release notes: STM32CryptographicV3.0.0_" + p.core + "_IAR.a)"
}

// flagged: the restatement's words for a row it doubts, in any case ("see
// there" sends a row to another's doubt: the F0 size build's Ed25519 row
// is "identical to the F0 speed-build row: see there", which is
// "probably a copy"). Its other notes (which column a figure stands in,
// a label's spelling) carry no doubt.
var flagged = regexp.MustCompile(`(?i)doubtful|typo|copy error|swapped|inconsistent|probably|possibly|see the|see there|as the|empty|wrong row`)

// row is one table row: its cells, where it stands, and the table.
type row struct {
	table string
	c     []string
	pos   bench.Pos // the restatement's line (errors)
}

// cite reads a "`F0:775,778,781`" cell: the document and its lines.
func cite(cell string) (string, []int, bool) {
	key, lines, ok := strings.Cut(strings.Trim(cell, "`"), ":")
	if _, known := parts[key]; !ok || !known {
		return "", nil, false
	}
	var out []int
	for _, l := range strings.Split(lines, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(l))
		if err != nil {
			return "", nil, false
		}
		out = append(out, n)
	}
	return key, out, true
}

// Parse reads the restatement's figure tables.
func Parse(name, text string) (bench.Dataset, bench.ErrorList) {
	p := parser{name: name}
	table := ""
	for i, l := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(l, "### "); ok {
			table = h
			continue
		}
		if strings.HasPrefix(l, "## ") {
			table = ""
			continue
		}
		c := source.Cells(l)
		if table == "" || c == nil || c[0] == "part" || strings.HasPrefix(c[0], "-") {
			continue
		}
		p.row(row{table: table, c: c, pos: bench.Pos{File: name, Line: i + 1}})
	}
	p.footprints()
	if len(p.d.Measurements) == 0 {
		p.errs.Add(bench.Pos{File: name}, "", "no figure of ST's cryptographic library read")
	}
	p.d.Warnings, p.d.Libraries, p.d.Documents = warnings(), []bench.Library{Library}, documents()
	return p.d, p.errs
}

type parser struct {
	name string
	d    bench.Dataset
	errs bench.ErrorList
	code []row // the code-size rows, read once every figure is known
}

func (p *parser) row(r row) {
	c := r.c
	if _, ok := parts[c[0]]; !ok {
		p.errs.Add(r.pos, strings.Join(c, " | "), "unknown document %q: want F0, L0, F1, F4 or L4", c[0])
		return
	}
	note := c[len(c)-1]
	switch {
	case strings.HasPrefix(r.table, "Code size"):
		p.code = append(p.code, r)
	case flagged.MatchString(note):
		p.skip(r, c[1]+" "+strings.Join(c[2:len(c)-2], " "), "flagged in the restatement: "+note)
	case strings.HasPrefix(r.table, "SHA-1"):
		p.hash(r)
	case strings.HasPrefix(r.table, "AES-ECB"), strings.HasPrefix(r.table, "AES-GCM"):
		p.aes(r)
	case r.table == "ChaCha20":
		p.chacha(r)
	case r.table == "ChaCha20-Poly1305":
		p.skip(r, c[1]+" "+c[2], "the Append column is headed 64 bytes while the documents' formula counts 16-byte blocks: no rate is derived")
	case strings.HasPrefix(r.table, "ECC P-256"):
		p.ecc(r)
	case strings.HasPrefix(r.table, "Curve25519"):
		p.curve(r)
	case r.table == "RSA":
		p.rsa(r)
	}
}

// build is the identity of a row's build; its ConfigNote says where the
// build comes from when the F4 caption disagrees.
func identity(key, build string) bench.Identity {
	pt := parts[key]
	return bench.Identity{MCU: pt.mcu, Part: pt.mcu, Library: Library.Name, Config: config(key, strings.TrimSuffix(build, "*")), Acceleration: []string{}, ClockHz: pt.clockHz,
		Board: "not stated (the document names the " + pt.line + "; ST's example projects for the series target the " + pt.example + ")"}
}

// figure makes a measurement of a row: the cell at col, cited by the
// line at index at of the row's lines cell.
func (p *parser) figure(r row, build string, col, at int, op string) (bench.Measurement, int64, bool) {
	c := r.c
	key, lines, ok := cite(c[len(c)-2])
	v, err := strconv.ParseInt(strings.ReplaceAll(c[col], " ", ""), 10, 64)
	if !ok || at >= len(lines) || err != nil || v <= 0 {
		p.errs.Add(r.pos, strings.Join(c, " | "), "want positive cycles in column %d and a citation such as `F0:775,778,781`", col+1)
		return bench.Measurement{}, 0, false
	}
	m := bench.Measurement{Identity: identity(key, build), Op: op, Method: "benchmark", Pos: bench.Pos{File: DocName(key), Line: lines[at]}}
	if parts[key].stated > 0 {
		// The document's clock is impossible on the part: its cycles were
		// counted at an unknown clock and wait-state setting, a fast end
		// at the part's maximum (bench.MethodCycleCount), as pqm4's are.
		m.Method = bench.MethodCycleCount
	}
	if strings.HasSuffix(build, "*") {
		m.ConfigNote = "build from the section heading: the F4 document's captions of its two AES tables are swapped (the restatement's decision 1)"
	}
	return m, v, true
}

func (p *parser) skip(r row, what, why string) {
	key, lines, ok := cite(r.c[len(r.c)-2])
	pos := r.pos
	if ok && len(lines) > 0 {
		pos = bench.Pos{File: DocName(key), Line: lines[0]}
	}
	build := "size"
	for _, c := range r.c {
		if c == "speed" || c == "speed*" { // the build cell, wherever its table puts it
			build = "speed"
		}
	}
	p.d.Skipped = append(p.d.Skipped, bench.Skipped{Identity: identity(r.c[0], build), Name: what, Reason: why, Source: pos.String(), Pos: pos})
}

// Used are the operations a workload asks for (the engine's kinds): a
// figure of another operation is kept as skipped, so the bundled data
// carries only what can be ranked.
var Used = regexp.MustCompile(`^(sha256|sha384|aes-(128|192|256)-(cbc|gcm)-(enc|dec)|ecc-p256-keygen|ecdsa-p256-(sign|verify)|x25519-(keygen|agree)|ed25519-(sign|verify)|rsa-2048-(public|private))$`)

// unused records a figure of an operation no workload asks for.
func (p *parser) unused(r row, op string) bool {
	if Used.MatchString(op) {
		return false
	}
	p.skip(r, r.c[1]+" "+r.c[2], op+": no workload asks for it")
	return true
}

// rate adds a bulk figure: block bytes per Append.
func (p *parser) rate(r row, build string, col, at int, op string, block int, what string) {
	if p.unused(r, op) {
		return
	}
	m, cycles, ok := p.figure(r, build, col, at, op)
	if !ok {
		return
	}
	m.BytesPerSecond = bench.F64(float64(block) * float64(m.ClockHz) / float64(cycles))
	m.Printed = fmt.Sprintf("%d cycles per %d-byte block", cycles, block)
	m.Source = fmt.Sprintf("%s: %s, %s build, Append = %d cycles per %d-byte block%s; over a long message Init and Finish vanish (the documents' formula Init + Append × blocks + Finish)",
		m.Pos, r.c[1], strings.TrimSuffix(build, "*"), cycles, block, what)
	p.d.Measurements = append(p.d.Measurements, m)
}

// perOp adds a per-operation figure.
func (p *parser) perOp(r row, build string, col, at int, op, label string) {
	if p.unused(r, op) {
		return
	}
	m, cycles, ok := p.figure(r, build, col, at, op)
	if !ok {
		return
	}
	m.SecondsPerOp, m.Cycles = bench.F64(float64(cycles)/float64(m.ClockHz)), bench.I64(cycles)
	m.Printed = fmt.Sprintf("%d cycles", cycles)
	m.Source = fmt.Sprintf("%s: %s, %s build, %d cycles", m.Pos, label, strings.TrimSuffix(build, "*"), cycles)
	p.d.Measurements = append(p.d.Measurements, m)
}

var hashes = map[string]struct {
	op    string
	block int
}{
	"SHA-1": {"sha1", 64}, "SHA-224": {"sha224", 64}, "SHA-256": {"sha256", 64}, "SHA384": {"sha384", 128}, "SHA512": {"sha512", 128},
	"HMAC-SHA-1": {"hmac-sha1", 64}, "HMAC-SHA-224": {"hmac-sha224", 64}, "HMAC-SHA-256": {"hmac-sha256", 64}, "HMAC-SHA-512": {"hmac-sha512", 128},
}

// hash: | part | algorithm | build | Init | Append | Finish | block | lines | note |
func (p *parser) hash(r row) {
	h, ok := hashes[r.c[1]]
	if len(r.c) != 9 || !ok {
		p.errs.Add(r.pos, strings.Join(r.c, " | "), "want a hash row of 9 cells naming SHA-1, SHA-224, SHA-256, SHA384, SHA512 or their HMAC")
		return
	}
	p.rate(r, r.c[2], 4, 1, h.op, h.block, " (the block size is FIPS 180-4's: the documents give none)")
}

var aesModes = regexp.MustCompile(`^AES-(128|192|256)-(CBC|ECB|CTR|CMAC|GCM|CCM)$`)

// aes: | part | mode | operation | build | Init | Append | [Header] | Finish | lines | note |
func (p *parser) aes(r row) {
	m := aesModes.FindStringSubmatch(r.c[1])
	dir := map[string]string{"Encryption": "enc", "Decryption": "dec"}[r.c[2]]
	if m == nil || dir == "" || len(r.c) != 9 && len(r.c) != 10 {
		p.errs.Add(r.pos, strings.Join(r.c, " | "), "want an AES row: AES-<key>-<mode>, Encryption or Decryption, a build and its cycles")
		return
	}
	if m[2] == "CMAC" {
		p.skip(r, r.c[1]+" "+r.c[2], "CMAC: no workload uses it")
		return
	}
	p.rate(r, r.c[3], 5, 1, "aes-"+m[1]+"-"+strings.ToLower(m[2])+"-"+dir, 16, "")
}

// chacha: | part | algorithm | operation | build | Init | Append (64 B) | Finish | lines | note |
func (p *parser) chacha(r row) {
	if r.c[2] == "Decryption" {
		p.skip(r, "ChaCha20 decryption", "the same keystream as encryption: the encryption row is the figure")
		return
	}
	p.rate(r, r.c[3], 5, 1, "chacha20", 64, "")
}

var eccOps = map[string]string{"Key Generation": "ecc-p256-keygen", "Signature": "ecdsa-p256-sign", "Signanture": "ecdsa-p256-sign", "Verification": "ecdsa-p256-verify"}

// ecc: | part | operation | build | cycles | lines | note |
func (p *parser) ecc(r row) {
	op, ok := eccOps[r.c[1]]
	if !ok || len(r.c) != 6 {
		p.errs.Add(r.pos, strings.Join(r.c, " | "), "want an ECC row: Key Generation, Signature or Verification")
		return
	}
	p.perOp(r, r.c[2], 3, 0, op, "ECC-256 "+r.c[1])
	if op == "ecc-p256-keygen" {
		key := r.c[0]
		p.d.Missing = append(p.d.Missing, bench.Missing{Identity: identity(key, r.c[2]), Op: "ecdh-p256-agree", Field: "seconds_per_op", Source: Name,
			Pos: bench.Pos{File: DocName(key)}, Reason: "the documents table ECC key generation, signature and verification only: no ECDH figure"})
	}
}

// curve: Curve25519 | part | algorithm | build | Key Generation | Key Exchange | lines | note |
// and Ed25519 | part | algorithm | build | Key Generation | Verification | Signature | lines | note |
func (p *parser) curve(r row) {
	switch {
	case r.c[1] == "Curve25519" && len(r.c) == 7:
		p.perOp(r, r.c[2], 3, 0, "x25519-keygen", "Curve25519 Key Generation")
		p.perOp(r, r.c[2], 4, 1, "x25519-agree", "Curve25519 Key Exchange")
	case r.c[1] == "Ed25519" && len(r.c) == 8:
		p.perOp(r, r.c[2], 3, 0, "ed25519-keygen", "Ed25519 Key Generation")
		v, vc, ok1 := p.figure(r, r.c[2], 4, 1, "ed25519-verify")
		s, sc, ok2 := p.figure(r, r.c[2], 5, 2, "ed25519-sign")
		if !ok1 || !ok2 {
			return
		}
		lo, hi := min(vc, sc), max(vc, sc)
		for _, m := range []bench.Measurement{v, s} {
			m.SecondsPerOp, m.SlowSecondsPerOp, m.Cycles = bench.F64(float64(lo)/float64(m.ClockHz)), bench.F64(float64(hi)/float64(m.ClockHz)), bench.I64(hi)
			m.Printed = fmt.Sprintf("%d or %d cycles", lo, hi)
			m.Source = fmt.Sprintf("%s: Ed25519, %s build, Verification %d and Signature %d cycles; the tables disagree on which column is which (the restatement), so %s is taken as either: %d to %d cycles",
				m.Pos, r.c[2], vc, sc, m.Op, lo, hi)
			p.d.Measurements = append(p.d.Measurements, m)
		}
	default:
		p.errs.Add(r.pos, strings.Join(r.c, " | "), "want a Curve25519 or Ed25519 row")
	}
}

// rsa: | part | operation | key size | exponent | build | cycles | lines | note |
func (p *parser) rsa(r row) {
	if len(r.c) != 8 {
		p.errs.Add(r.pos, strings.Join(r.c, " | "), "want an RSA row of 8 cells")
		return
	}
	bits, op := r.c[2], ""
	switch {
	case r.c[1] == "Verification" && r.c[3] == "65537":
		op = "rsa-" + bits + "-public"
	case r.c[1] == "Signature" && r.c[3] == "Private Key":
		op = "rsa-" + bits + "-private"
	case r.c[1] == "Verification":
		p.skip(r, "RSA-"+bits+" verification, e = "+r.c[3], "public exponent "+r.c[3]+": the model's RSA keys use 65537")
		return
	default:
		p.skip(r, "RSA-"+bits+" "+strings.ToLower(r.c[1]), "the public and private operations are taken from the signature rows")
		return
	}
	p.perOp(r, r.c[4], 5, 0, op, "RSA-"+bits+" "+r.c[1]+" (exponent "+r.c[3]+")")
}

// codeOps: which operations a code-size row covers, by the row's label.
var codeOps = []struct{ label, prefix string }{
	{"AES(128,192,256) CBC", "aes-*-cbc-"}, {"AES(128,192,256) ECB", "aes-*-ecb-"}, {"AES(128,192,256) CTR", "aes-*-ctr-"},
	{"AES(128,192,256) GCM", "aes-*-gcm-"}, {"AES(128,192,256) CCM", "aes-*-ccm-"},
	{"SHA-1", "sha1"}, {"SHA-224, SHA-256", "sha224|sha256"}, {"SHA384 SHA512", "sha384|sha512"},
	{"HMAC-SHA-1", "hmac-sha1"}, {"HMAC-SHA-224, HMAC-SHA-256", "hmac-sha224|hmac-sha256"},
	{"CHACHA20", "chacha20"}, {"ECC-256", "ecc-p256-|ecdsa-p256-"}, {"Curve25519", "x25519-"}, {"ED25519", "ed25519-"},
	{"RSA Signature verification 1024", "rsa-1024-"}, {"RSA Signature verification 2048", "rsa-2048-"},
}

// covers reports whether a code-size row's pattern covers op.
func covers(pattern, op string) bool {
	for _, alt := range strings.Split(pattern, "|") {
		if before, after, star := strings.Cut(alt, "*"); star {
			if strings.HasPrefix(op, before) && strings.Contains(op[len(before):], after) {
				return true
			}
		} else if strings.HasPrefix(op, alt) && (strings.HasSuffix(alt, "-") || op == alt) {
			return true
		}
	}
	return false
}

// footprints: code and constant data of the functions each figure uses
// (no RAM or stack figure is published).
func (p *parser) footprints() {
	for _, r := range p.code {
		c := r.c
		if len(c) != 7 {
			p.errs.Add(r.pos, strings.Join(c, " | "), "want a code-size row of 7 cells")
			continue
		}
		pattern := ""
		for _, co := range codeOps {
			if co.label == c[1] {
				pattern = co.prefix
			}
		}
		note := c[len(c)-1]
		if pattern == "" || flagged.MatchString(note) {
			continue // a mode no figure uses (CMAC, RSA encryption), or a doubtful row
		}
		key, lines, ok := cite(c[5])
		code, err1 := strconv.ParseInt(strings.ReplaceAll(c[3], " ", ""), 10, 64)
		cons, err2 := strconv.ParseInt(strings.ReplaceAll(c[4], " ", ""), 10, 64)
		if !ok || len(lines) != 2 || err1 != nil || err2 != nil {
			p.errs.Add(r.pos, strings.Join(c, " | "), "want code and constant bytes and their two lines")
			continue
		}
		id := identity(key, c[2])
		pos := bench.Pos{File: DocName(key), Line: lines[0]}
		for _, m := range p.d.Measurements {
			if m.MCU != id.MCU || m.Config != id.Config || !covers(pattern, m.Op) {
				continue
			}
			p.d.Footprints = append(p.d.Footprints, bench.Footprint{Identity: m.Identity, Op: m.Op, Method: "benchmark", CodeBytes: bench.I64(code), ConstantBytes: bench.I64(cons),
				Source: fmt.Sprintf("%s: %s, %s build, %d B of code and %d B of constant data (line %d); the documents publish no RAM or stack figure", pos, c[1], c[2], code, cons, lines[1]), Pos: pos})
		}
	}
}

// warnings: what the documents leave open, per part.
func warnings() []bench.Warning {
	var out []bench.Warning
	for _, key := range []string{"F0", "L0", "F1", "F4", "L4"} {
		pt := parts[key]
		docs := []string{DocName(key)}
		out = append(out, bench.Warning{MCU: pt.mcu, Kind: "board-unstated", Source: Name, Documents: docs,
			Text: "the document names the " + pt.line + " only; shown on the " + pt.mcu + " (ST's examples for the series: " + pt.example + ")"})
		if pt.stated > 0 {
			out = append(out, bench.Warning{MCU: pt.mcu, Kind: bench.WarnClockInferred, Source: Name, Documents: docs,
				Text: fmt.Sprintf("clock unknown: the document states %d MHz (lines %s), above the part's %d MHz maximum; the cycles are shown at %d MHz, their wait states unknown",
					pt.stated/1e6, pt.statedAt, pt.clockHz/1e6, pt.clockHz/1e6)})
		}
		out = append(out, bench.Warning{MCU: pt.mcu, Kind: "column-doubt", Source: Name, Documents: docs,
			Text: "Ed25519: the tables disagree on which column is verification and which signature; both take the interval of the two"})
	}
	return out
}

func documents() []bench.Document {
	var out []bench.Document
	for _, key := range []string{"F0", "L0", "F1", "F4", "L4"} {
		pt := parts[key]
		out = append(out, bench.Document{Name: DocName(key), LineAnchors: true,
			URL:  "https://github.com/nickfox-taterli/x-cube-cryptolib/blob/" + Commit + "/" + strings.ReplaceAll(docPath(key), " ", "%20"),
			Note: "ST's performance document for the STM32 Cryptographic Library V3 on the " + pt.line + " (IAR EWARM 7.40), in a third-party copy of X-CUBE-CRYPTOLIB (github.com/nickfox-taterli/x-cube-cryptolib at " + Commit[:8] + "); MCD-ST Liberty SW License Agreement V2: facts only"})
	}
	return out
}

// Source is the restatement as a measured source.
var Source = source.Table{SourceName: Name, FileName: File, Libs: []bench.Library{Library}, What: "ST cryptographic library", Parse: Parse}
