// Package pqm3 reads pqm3's round-3 Kyber and Dilithium cycle counts on
// an STM32F207ZG (Cortex-M3) at 30 MHz with zero flash wait states
// (../shared/sources/pqm3-kyber-dilithium-f207zg.md, restated from
// github.com/mupq/pqm3's benchmarks-nucleo-f207zg.md; the repository has
// no licence file, so only the facts are derived, each cited). It is a
// cycle-count source like pqm4, lending to the Cortex-M3, where pqm4's
// code (DSP extension) does not run.
//
// Round 3 is not FIPS 203/204: kyber768 is ML-KEM-768's predecessor,
// dilithium3 ML-DSA-65's. The arithmetic is the same, the hashing
// details are not, so a lent figure stands for the ML-KEM or ML-DSA
// operation of the workload and says everywhere that it is the round-3
// scheme's ("Kyber768 (round 3)"). The package does no I/O.
package pqm3

import (
	"fmt"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the restatement's name in the third-party sources folder.
const File = "pqm3-kyber-dilithium-f207zg.md"

// Name is the source's name, as figures, lendings and terms carry it.
const Name = "pqm3"

// DocName is the name positions use for pqm3's benchmarks file.
const DocName = "pqm3/benchmarks-nucleo-f207zg.md"

// Board is where pqm3 measured.
const Board = "NUCLEO-F207ZG (STM32F207ZG) at 30 MHz, zero wait states"

// schemes maps a round-3 scheme to the FIPS scheme whose operations it
// stands for, and how a figure names it.
var schemes = map[string]struct{ op, label string }{
	"kyber512":   {"ml-kem-512", "Kyber512 (round 3)"},
	"kyber768":   {"ml-kem-768", "Kyber768 (round 3)"},
	"kyber1024":  {"ml-kem-1024", "Kyber1024 (round 3)"},
	"dilithium2": {"ml-dsa-44", "Dilithium2 (round 3)"},
	"dilithium3": {"ml-dsa-65", "Dilithium3 (round 3)"},
}

var kemOps = map[string]string{"key generation": "keygen", "encapsulation": "encap", "decapsulation": "decap"}
var dsaOps = map[string]string{"key generation": "keygen", "sign": "sign", "verify": "verify"}

// Parse reads the speed table and the memory table.
func Parse(name, text string) ([]bench.CycleFigure, []bench.Document, bench.ErrorList) {
	var errs bench.ErrorList
	lines := strings.Split(text, "\n")
	commit := ""
	for _, l := range lines {
		if _, rest, ok := strings.Cut(l, "github.com/mupq/pqm3 at commit "); ok && len(rest) >= 40 {
			commit = rest[:40]
			break
		}
	}
	if commit == "" {
		errs.Add(bench.Pos{File: name}, "", "no origin 'github.com/mupq/pqm3 at commit <40 hex digits>'")
	}
	type memo struct {
		stack [3]int64
		code  int64
	}
	mem := map[string]memo{}
	var speed []int
	for i, l := range lines {
		c := source.Cells(l)
		switch {
		case len(c) == 6 && !isNumber(c[2]) && isNumber(c[3]):
			speed = append(speed, i)
		case len(c) == 6 && isNumber(c[2]):
			m := memo{}
			for j := range 3 {
				m.stack[j] = int64(num(c[2+j]))
			}
			m.code = int64(num(c[5]))
			mem[c[0]+"|"+c[1]] = m
		}
	}
	var figs []bench.CycleFigure
	for _, i := range speed {
		c := source.Cells(lines[i])
		pos := bench.Pos{File: name, Line: i + 1}
		s, ok := schemes[c[0]]
		ops := kemOps
		if strings.HasPrefix(c[0], "dilithium") {
			ops = dsaOps
		}
		suffix, known := ops[c[2]]
		m, hasMem := mem[c[0]+"|"+c[1]]
		avg, lo, hi := num(c[3]), num(c[4]), num(c[5])
		if !ok || !known || !hasMem || avg <= 0 || lo <= 0 || hi < avg || lo > avg {
			errs.Add(pos, lines[i], "want a Kyber or Dilithium scheme, an operation, its memory row and AVG/MIN/MAX cycles with MIN ≤ AVG ≤ MAX")
			continue
		}
		slot := map[string]int{"keygen": 0, "encap": 1, "sign": 1, "decap": 2, "verify": 2}[suffix]
		figs = append(figs, bench.CycleFigure{Source: Name, Core: "Cortex-M3", Op: s.op + "-" + suffix,
			Implementation: c[1] + ", " + s.label, Cycles: avg, MinCycles: lo, MaxCycles: hi, Runs: 100,
			StackBytes: m.stack[slot], CodeBytes: m.code, ClockHz: 30_000_000, Board: Board,
			Printed: fmt.Sprintf("%s %s %s: AVG %s cycles (MIN %s, MAX %s)", s.label, c[1], c[2], c[3], c[4], c[5]),
			Pos:     bench.Pos{File: DocName}})
	}
	if len(figs) == 0 {
		errs.Add(bench.Pos{File: name}, "", "no Kyber or Dilithium rows")
	}
	docs := []bench.Document{{Name: DocName, URL: "https://github.com/mupq/pqm3/blob/" + commit + "/benchmarks-nucleo-f207zg.md",
		Note: "pqm3 (github.com/mupq/pqm3 at " + commit + "), benchmarks-nucleo-f207zg.md: round-3 Kyber and Dilithium cycles on the STM32F207ZG (Cortex-M3) at 30 MHz with zero wait states (common/hal-opencm3.c lines 132-148); no licence file: facts only, each cited"}}
	return figs, docs, errs
}

func num(s string) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		return 0
	}
	return v
}

func isNumber(s string) bool { return num(s) > 0 }

// Cycles is pqm3 as a cycle-count source (source.CycleSource).
type Cycles struct{}

// Name is the source's name.
func (Cycles) Name() string { return Name }

// File is the restatement in the third-party sources folder.
func (Cycles) File() string { return File }

// Derive reads the restatement into what the project commits.
func (Cycles) Derive(text string) ([]byte, int, error) {
	figs, docs, errs := Parse(File, text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	return source.EncodeCycles(figs, docs)
}

// Load reads what Derive wrote.
func (Cycles) Load(b []byte) ([]bench.CycleFigure, []bench.Document, error) {
	return source.DecodeCycles(b, "pqm3")
}

// Lends: the counts are the Cortex-M3's (cycle-count). Its code is plain
// Thumb-2, so the Cortex-M4, M33, M7 and M55 run it too (estimated, the
// widest spread). Where pqm4 lends too, the catalogue's rule picks: a
// count taken on the core itself first (pqm4's on the Cortex-M4), then
// the fewer cycles (pqm4's faster code on the M33, M7 and M55), or the
// smaller stack for the smallest objective.
func (Cycles) Lends() []bench.Lending {
	const m3 = "Cortex-M3"
	return []bench.Lending{
		{Source: Name, Core: m3, From: m3, Basis: bench.CycleCount},
		{Source: Name, Core: "Cortex-M4", From: m3, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M33", From: m3, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M7", From: m3, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M55", From: m3, Basis: bench.Estimated, Widest: true},
	}
}
