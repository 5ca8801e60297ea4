// Package x25519 reads the published cycle counts of two X25519
// assembly implementations (../shared/sources/x25519-cycle-counts.md,
// restated from their READMEs): Emil Lenngren's X25519-Cortex-M4 and
// Thomas Pornin's x25519-cm0. It is a cycle-count source, like pqm4:
// cycles per scalar multiplication for a core, lent to builds that
// publish no X25519 figure of their own. A key share costs two scalar
// multiplications, key generation and agreement, both the same
// Montgomery ladder: each row gives both operations the same count. The
// package does no I/O.
package x25519

import (
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the restatement's name in the third-party sources folder.
const File = "x25519-cycle-counts.md"

// Name is the source's name, as figures, lendings and terms carry it.
const Name = "x25519"

// impl is what the parser knows of each implementation, matched by the
// table's implementation cell: the core it counts on, its document and
// how it names itself in a lent term.
type impl struct {
	match, core, name, doc, repo string
}

var impls = []impl{
	{"X25519-Cortex-M4", "Cortex-M4", "Lenngren X25519-Cortex-M4", "X25519-Cortex-M4/README.md", "github.com/Emill/X25519-Cortex-M4"},
	{"x25519-cm0", "Cortex-M0+", "Pornin x25519-cm0", "x25519-cm0/README.md", "github.com/pornin/x25519-cm0"},
}

// Parse reads the table's rows: per implementation, its cycles, code
// and stack (where stated), where it was measured and the commit its
// README was read at.
func Parse(name, text string) ([]bench.CycleFigure, []bench.Document, bench.ErrorList) {
	var figs []bench.CycleFigure
	var docs []bench.Document
	var errs bench.ErrorList
	for i, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "| Cortex-") {
			continue
		}
		pos := bench.Pos{File: name, Line: i + 1}
		cells := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
		if len(cells) != 8 {
			errs.Add(pos, l, "want 8 cells: core, implementation, cycles, code, stack, where, origin, licence")
			continue
		}
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		im, ok := implOf(cells[1])
		cycles, err := strconv.ParseFloat(strings.ReplaceAll(cells[2], ",", ""), 64)
		commit := commitOf(cells[6])
		if !ok || err != nil || cycles <= 0 || commit == "" {
			errs.Add(pos, l, "want a known implementation, a cycle count and an origin 'at <commit>'")
			continue
		}
		f := bench.CycleFigure{Source: Name, Core: im.core, Implementation: im.name, Cycles: cycles, MinCycles: cycles, MaxCycles: cycles,
			StackBytes: bytesOf(cells[4]), CodeBytes: bytesOf(cells[3]), ClockHz: clockOf(cells[5]), Board: board(cells[5]),
			Printed: cells[2] + " cycles per scalar multiplication", Pos: bench.Pos{File: im.doc}}
		for _, op := range []string{"x25519-keygen", "x25519-agree"} {
			f.Op = op
			figs = append(figs, f)
		}
		docs = append(docs, bench.Document{Name: im.doc, URL: "https://" + im.repo + "/blob/" + commit + "/README.md",
			Note: im.name + " (" + im.repo + " at " + commit + "), README: cycles per X25519 scalar multiplication on the " + im.core + "; " + cells[7]})
	}
	if len(figs) == 0 {
		errs.Add(bench.Pos{File: name}, "", "no X25519 rows")
	}
	return figs, docs, errs
}

func implOf(cell string) (impl, bool) {
	for _, im := range impls {
		if strings.Contains(cell, im.match) {
			return im, true
		}
	}
	return impl{}, false
}

// commitOf is the 40-hex commit after "at " in an origin cell.
func commitOf(cell string) string {
	_, after, ok := strings.Cut(cell, " at ")
	if !ok || len(after) < 40 {
		return ""
	}
	c := after[:40]
	if strings.Trim(c, "0123456789abcdef") != "" {
		return ""
	}
	return c
}

// bytesOf reads "1,892 B"; 0 for "not stated".
func bytesOf(cell string) int64 {
	n, err := strconv.ParseInt(strings.ReplaceAll(strings.TrimSuffix(cell, " B"), ",", ""), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// clockOf reads "… at 8 MHz …"; 0 where the clock is not stated.
func clockOf(cell string) int64 {
	i := strings.Index(cell, " MHz")
	if i < 0 || strings.HasPrefix(cell, "not stated") {
		return 0
	}
	f := strings.Fields(cell[:i])
	if len(f) == 0 {
		return 0
	}
	mhz, err := strconv.ParseFloat(f[len(f)-1], 64)
	if err != nil {
		return 0
	}
	return int64(mhz * 1e6)
}

// board is where the count was taken, as the table says.
func board(cell string) string {
	if strings.HasPrefix(cell, "not stated") {
		return "not stated"
	}
	b, _, _ := strings.Cut(cell, " at ")
	return b
}

// Cycles registers the source (app/dataset/derive).
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
	return source.DecodeCycles(b, "X25519")
}

// Lends: Lenngren's count is the Cortex-M4's (cycle-count); the
// Cortex-M33, M7 and M55 run its ARMv7E-M code, not counted there
// (estimated, the widest spread). Pornin's is the Cortex-M0+'s; the
// Cortex-M3 runs its ARMv6-M code (estimated, the widest spread) — we
// take Lenngren's to need the DSP extension's UMAAL, which the ARMv7-M
// Cortex-M3 lacks (not checked against the assembly here). The
// Cortex-M0 is not lent to: an estimate across cores needs a cited
// margin.
func (Cycles) Lends() []bench.Lending {
	const m4, m0p = "Cortex-M4", "Cortex-M0+"
	return []bench.Lending{
		{Source: Name, Core: m4, From: m4, Basis: bench.CycleCount},
		{Source: Name, Core: "Cortex-M33", From: m4, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M7", From: m4, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: "Cortex-M55", From: m4, Basis: bench.Estimated, Widest: true},
		{Source: Name, Core: m0p, From: m0p, Basis: bench.CycleCount},
		{Source: Name, Core: "Cortex-M3", From: m0p, Basis: bench.Estimated, Widest: true},
	}
}
