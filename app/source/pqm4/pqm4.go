// Package pqm4 reads pqm4's post-quantum benchmarks (github.com/mupq/pqm4):
// cycles per operation of ML-KEM-512/768/1024 and ML-DSA-44/65/87 on the
// Cortex-M4, for each implementation (clean, m4fspeed or m4f, m4fstack),
// with the stack of each operation, the share of cycles spent hashing and
// the code size. It is a cycle-count source: its figures are cycles for a
// core, not times on a part (bench.CycleFigure); the engine lends them to
// builds that have no post-quantum figures of their own.
//
// The input is the extract in ../shared/sources/pqm4-ml-kem-ml-dsa.md:
// pqm4's benchmarks.md and benchmarks.csv rows byte for byte, each block
// after a comment naming its file and lines. Both forms are read and must
// agree. The package does no I/O.
package pqm4

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/lazyre"
)

// File is the extract's name in the third-party sources folder.
const File = "pqm4-ml-kem-ml-dsa.md"

// Name is the source's name, as figures and terms carry it.
const Name = "pqm4"

// Board is where pqm4 measures: its default board since round 4, not
// recorded per row.
const Board = "NUCLEO-L4R5ZI (pqm4's default board since round 4; not recorded per row)"

// Source is where the figures come from.
type Source struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	License    string `json:"license"`
	// Document is the address of benchmarks.md at the commit; a row's
	// line is its anchor.
	Document string `json:"document"`
}

// Derived is what cryptosizer commits (data/cycles/pqm4.json): the
// source and the figures, one per implementation and operation.
type Derived struct {
	Source  Source              `json:"source"`
	Figures []bench.CycleFigure `json:"figures"`
}

// DocName is the name positions use for benchmarks.md (the dataset's
// Documents give its address).
const DocName = "pqm4/benchmarks.md"

// The expressions compile on first use: the package is registered in
// the binaries, and the browser runs every init before the first render.
var (
	commitRe = lazyre.New(`github\.com/mupq/pqm4[^\n]*? at commit ([0-9a-f]{40})`)
	blockRe  = lazyre.New(`^<!-- (\S+) lines (\d+)-(\d+) -->$`)
	clockRe  = lazyre.New(`All cycle counts were obtained at (\d+)MHz`)
	schemeRe = lazyre.New(`^(ml-kem-(?:512|768|1024)|ml-dsa-(?:44|65|87))(?: \((\d+) executions\))?$`)
	speedRe  = lazyre.New(`^AVG: ([\d,]+) <br /> MIN: ([\d,]+) <br /> MAX: ([\d,]+)$`)
)

// opsOf are a scheme's three operations, in the tables' column order.
func opsOf(scheme string) [3]string {
	if strings.HasPrefix(scheme, "ml-kem-") {
		return [3]string{scheme + "-keygen", scheme + "-encap", scheme + "-decap"}
	}
	return [3]string{scheme + "-keygen", scheme + "-sign", scheme + "-verify"}
}

type key struct{ op, impl string }

// Parse reads the extract. Every row of the four evaluations (speed,
// memory, hashing, size) becomes part of the figure of its scheme,
// implementation and operation; the CSV rows must repeat the markdown's.
func Parse(name, text string) (Derived, bench.ErrorList) {
	p := parser{name: name, figs: map[key]*bench.CycleFigure{}, csvSpeed: map[key][3]float64{}, csvStack: map[key]int64{}}
	p.header(text)
	var file, section string
	line := 0 // the source file's line of the current row
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if m := blockRe().FindStringSubmatch(l); m != nil {
			file = m[1]
			start, _ := strconv.Atoi(m[2])
			line = start - 1
			continue
		}
		if strings.HasPrefix(l, "<!--") || file == "" {
			continue
		}
		line++
		switch {
		case strings.HasPrefix(l, "# "):
			section = strings.TrimPrefix(l, "# ")
		case strings.HasSuffix(l, "Evaluation,,,,,,,,,,"):
			section = strings.TrimSuffix(l, ",,,,,,,,,,")
		case file == "benchmarks.md" && strings.HasPrefix(l, "| ml-"):
			var cells []string
			for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
				cells = append(cells, strings.TrimSpace(c))
			}
			p.row(bench.Pos{File: name, Line: i + 1}, l, section, cells, false, line)
		case file == "benchmarks.csv" && strings.HasPrefix(l, "ml-"):
			p.row(bench.Pos{File: name, Line: i + 1}, l, section, strings.Split(strings.TrimRight(l, ","), ","), true, line)
		}
	}
	return p.finish()
}

// parser gathers the figures row by row.
type parser struct {
	name     string
	d        Derived
	errs     bench.ErrorList
	clock    int64
	figs     map[key]*bench.CycleFigure
	order    []key
	csvSpeed map[key][3]float64
	csvStack map[key]int64
}

// header reads the commit and the clock the counts were taken at.
func (p *parser) header(text string) {
	p.d.Source = Source{Repository: "github.com/mupq/pqm4", License: "Apache-2.0 / CC0 (pqm4 README, \"License\"): the figures are facts derived from it"}
	if m := commitRe().FindStringSubmatch(text); m != nil {
		p.d.Source.Commit = m[1]
		p.d.Source.Document = "https://github.com/mupq/pqm4/blob/" + m[1] + "/benchmarks.md"
	} else {
		p.errs.Add(bench.Pos{File: p.name, Line: 1}, "", "no 'github.com/mupq/pqm4 … at commit <40 hex digits>' in the header")
	}
	if m := clockRe().FindStringSubmatch(text); m != nil {
		mhz, _ := strconv.ParseInt(m[1], 10, 64)
		p.clock = mhz * 1_000_000
	} else {
		p.errs.Add(bench.Pos{File: p.name, Line: 1}, "", "no 'All cycle counts were obtained at <N>MHz' sentence")
	}
}

func (p *parser) fig(op, impl string) *bench.CycleFigure {
	k := key{op, impl}
	if f, ok := p.figs[k]; ok {
		return f
	}
	f := &bench.CycleFigure{Source: Name, Core: "Cortex-M4", Op: op, Implementation: impl, ClockHz: p.clock, Board: Board, Runs: 100}
	p.figs[k], p.order = f, append(p.order, k)
	return f
}

// row reads one table row of a section: line is its line in pqm4's file.
func (p *parser) row(pos bench.Pos, l, section string, cells []string, csv bool, line int) {
	m := schemeRe().FindStringSubmatch(cells[0])
	if m == nil || len(cells) < 5 {
		p.errs.Add(pos, l, "not a row of an ML-KEM or ML-DSA scheme with an implementation and three columns")
		return
	}
	ops, impl := opsOf(m[1]), cells[1]
	switch {
	case section == "Speed Evaluation" && !csv:
		for j, op := range ops {
			s := speedRe().FindStringSubmatch(cells[2+j])
			if s == nil {
				p.errs.Add(pos, cells[2+j], "want 'AVG: n <br /> MIN: n <br /> MAX: n'")
				continue
			}
			f := p.fig(op, impl)
			f.Cycles, f.MinCycles, f.MaxCycles = num(s[1]), num(s[2]), num(s[3])
			f.Printed, f.Pos = cells[2+j], bench.Pos{File: DocName, Line: line}
			if m[2] != "" {
				f.Runs, _ = strconv.Atoi(m[2])
			}
		}
	case section == "Speed Evaluation":
		if len(cells) != 11 {
			p.errs.Add(pos, l, "want scheme, implementation and nine figures")
			return
		}
		for j, op := range ops {
			p.csvSpeed[key{op, impl}] = [3]float64{num(cells[2+3*j]), num(cells[3+3*j]), num(cells[4+3*j])}
		}
	case section == "Memory Evaluation":
		for j, op := range ops {
			if csv {
				p.csvStack[key{op, impl}] = int64(num(cells[2+j]))
			} else {
				p.fig(op, impl).StackBytes = int64(num(cells[2+j]))
			}
		}
	case section == "Hashing Evaluation" && !csv:
		for j, op := range ops {
			v, err := strconv.ParseFloat(strings.TrimSuffix(cells[2+j], "%"), 64)
			if err != nil {
				p.errs.Add(pos, cells[2+j], "want a percentage")
			}
			p.fig(op, impl).HashShare = math.Round(v*10) / 1000 // 69.2 % → 0.692
		}
	case section == "Size Evaluation" && !csv:
		if len(cells) != 6 {
			p.errs.Add(pos, l, "want .text, .data, .bss and total")
			return
		}
		for _, op := range ops {
			p.fig(op, impl).CodeBytes = int64(num(cells[5]))
		}
	}
}

// finish checks every figure is whole and that the CSV agrees.
func (p *parser) finish() (Derived, bench.ErrorList) {
	for _, k := range p.order {
		f := p.figs[k]
		if f.Cycles <= 0 || f.StackBytes <= 0 || f.CodeBytes <= 0 {
			p.errs.Add(bench.Pos{File: p.name}, k.op+" "+k.impl, "incomplete: cycles %v, stack %d, code %d bytes", f.Cycles, f.StackBytes, f.CodeBytes)
		}
		if c, ok := p.csvSpeed[k]; !ok || c != [3]float64{f.Cycles, f.MinCycles, f.MaxCycles} {
			p.errs.Add(bench.Pos{File: p.name}, k.op+" "+k.impl, "the CSV's cycles %v differ from the markdown's %v", c, [3]float64{f.Cycles, f.MinCycles, f.MaxCycles})
		}
		if s, ok := p.csvStack[k]; !ok || s != f.StackBytes {
			p.errs.Add(bench.Pos{File: p.name}, k.op+" "+k.impl, "the CSV's stack %d B differs from the markdown's %d B", s, f.StackBytes)
		}
		p.d.Figures = append(p.d.Figures, *f)
	}
	if len(p.d.Figures) == 0 {
		p.errs.Add(bench.Pos{File: p.name}, "", "no ML-KEM or ML-DSA rows")
	}
	return p.d, p.errs
}

// num reads "642,096" or "642096".
func num(s string) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		return -1
	}
	return v
}

// URL is the address of a figure's row.
func (s Source) URL(p bench.Pos) string {
	return fmt.Sprintf("%s#L%d", s.Document, p.Line)
}

// Encode writes the derived figures as JSON, one figure per line.
func Encode(d Derived) ([]byte, error) {
	var b strings.Builder
	src, err := json.Marshal(d.Source)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "{\"source\": %s,\n\"figures\": [", src)
	for i, f := range d.Figures {
		j, err := json.Marshal(f)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n ")
		b.Write(j)
	}
	b.WriteString("\n]}\n")
	return []byte(b.String()), nil
}

// Decode reads what Encode wrote.
func Decode(b []byte) (Derived, error) {
	var d Derived
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("decoding the pqm4 figures: %w", err)
	}
	return d, nil
}

// Cycles registers pqm4 as a cycle-count source (app/dataset/derive).
type Cycles struct{}

// Name is the source's name.
func (Cycles) Name() string { return Name }

// File is the extract in the third-party sources folder.
func (Cycles) File() string { return File }

// Lends: pqm4 counts on the Cortex-M4 (at 24 MHz without flash wait
// states: the count is the fast end, and the M4's spread gives the slow
// end). The Cortex-M33, M7 and M55 run the same Armv7E-M/Armv8-M DSP
// code, not counted there: estimated, with the largest spread of any
// core. The Cortex-M0, M0+ and M3 lack the DSP instructions the code
// uses: not lent.
func (Cycles) Lends() []bench.Lending {
	return []bench.Lending{
		{Source: Name, Core: "Cortex-M4", From: "Cortex-M4", Basis: bench.CycleCount},
		{Source: Name, Core: "Cortex-M33", From: "Cortex-M4", Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M7", From: "Cortex-M4", Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M55", From: "Cortex-M4", Basis: bench.Estimated, Widest: true},
	}
}

// Derive reads the extract into what the project commits.
func (Cycles) Derive(text string) ([]byte, int, error) {
	d, errs := Parse(File, text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	b, err := Encode(d)
	return b, len(d.Figures), err
}

// Load reads what Derive wrote: the figures and the document their
// positions point into.
func (Cycles) Load(b []byte) ([]bench.CycleFigure, []bench.Document, error) {
	d, err := Decode(b)
	if err != nil {
		return nil, nil, err
	}
	return d.Figures, []bench.Document{{Name: DocName, URL: d.Source.Document, LineAnchors: true,
		Note: "pqm4 (" + d.Source.Repository + " at " + d.Source.Commit + "), benchmarks.md: cycles, stack, hashing share and code size of ML-KEM and ML-DSA on the Cortex-M4; " + d.Source.License}}, nil
}
