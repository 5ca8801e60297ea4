// Package source says what a benchmark source is to cryptosizer: a
// document format (a CMOX wiki page, wolfCrypt benchmark output, …) that
// one package reads into measurements, and one registration (in
// app/dataset/registry; a cycle-count or measured source in
// app/dataset/derive, the generator's alone) wires into the generator,
// the import path, the CLI and the engine.
//
// A source package parses text into plain data with positioned errors,
// checks what it read against the curated part facts, and says what it
// adds to the dataset. It does no I/O.
package source

import (
	"encoding/json"
	"fmt"
	"strings"

	"cryptosizer/app/bench"
)

// Names are what a text may leave out: the user names them for an import
// (the CLI's --import-* flags, the web form). Zero values are unknown.
type Names struct {
	MCU, Board, Config, Version string
	ClockHz                     int64
	// ClockFrom says how a text's clock was found when the text does not
	// print it ("" when it does, or for the user's names): an import's
	// pre-filled clock is then explained.
	ClockFrom string `json:",omitempty"`
}

// Doc is one document to read.
type Doc struct {
	Name  string // file or set name, used in positions and source references
	Text  string
	Facts bench.Facts
	// Names are the user's (imports only): with a single build they
	// replace what the text says, with several they fill what it leaves
	// out.
	Names Names
	// Import marks a user's text: what it does not name is an error to
	// fix, not a seed defect.
	Import bool
}

// Read is what one document adds to the dataset.
type Read struct {
	// Data holds measurements, footprints, missing entries and warnings.
	Data bench.Dataset
	// Found is what the text itself names, to pre-fill an import form.
	Found Names
	// Builds counts the library builds found.
	Builds int
	// Errors lists every line that was not recognized, with its position.
	// A seed must have none; an import is accepted with them (they are
	// listed) as long as it has a measurement.
	Errors bench.ErrorList
	// Unnamed lists what an import must still name (MCU, clock) before
	// it can be ranked.
	Unnamed bench.ErrorList
}

// Source is one benchmark source.
type Source interface {
	// Name is the source's short name ("cmox", "wolfssl").
	Name() string
	// Library is the library it measures and how the engine treats it.
	Library() bench.Library
	// Seed reports whether a file in seeds/ is a document of this source.
	Seed(file string) bool
	// Sniff reports whether a pasted text looks like this source.
	Sniff(text string) bool
	// Paste says in a few words what a user may paste of this source
	// ("a CMOX performance table with its header row").
	Paste() string
	// Read parses a document and checks it against the facts.
	Read(doc Doc) Read
}

// CycleSource is a source of cycle counts for a core rather than times on
// a part (pqm4's post-quantum benchmarks). Its document stays in the
// third-party sources folder (../shared/sources); the generator derives
// what the project commits (data/cycles/<name>.json) and loads that into
// the dataset, where the engine lends the figures to builds without
// figures of their own.
type CycleSource interface {
	Name() string
	// File is the document's name in the third-party sources folder.
	File() string
	// Derive reads the document into the committed form and says how
	// many figures it holds.
	Derive(text string) ([]byte, int, error)
	// Load reads the committed form: the figures, and the document their
	// positions point into (with its public address).
	Load(derived []byte) ([]bench.CycleFigure, []bench.Document, error)
	// Lends says which cores the figures may be lent to, and how sure a
	// lent figure is on each: the engine lends to no other core.
	Lends() []bench.Lending
}

// MeasuredSource is a third-party document of measurements on parts
// (wolfSSL's STM32_Bare_Test README) that the project may not copy: like
// a cycle-count source, it stays in the third-party sources folder, and
// the generator commits what it derives (data/measured/<name>.json),
// which the dataset loads like a seed's measurements.
type MeasuredSource interface {
	Name() string
	File() string
	// Libraries are the libraries it measures that no registered
	// source does (the library filter offers them).
	Libraries() []bench.Library
	Derive(text string) ([]byte, int, error)
	// Load reads the committed form: measurements, footprints, missing
	// and skipped figures, warnings and the documents they point into.
	Load(derived []byte) (bench.Dataset, error)
}

// Cells splits a markdown table row ("| a | b |") into its trimmed cells;
// nil for a line that is not one.
func Cells(line string) []string {
	l := strings.TrimSpace(line)
	if !strings.HasPrefix(l, "|") || !strings.HasSuffix(l, "|") || len(l) < 2 {
		return nil
	}
	c := strings.Split(l[1:len(l)-1], "|")
	for i := range c {
		c[i] = strings.TrimSpace(c[i])
	}
	return c
}

// EncodeDerived is the committed form of what a measured source derives
// (indented JSON, one trailing newline), and the number of figures.
func EncodeDerived(d bench.Dataset) ([]byte, int, error) {
	b, err := json.MarshalIndent(d, "", " ")
	return append(b, '\n'), len(d.Measurements), err
}

// EncodeCycles is the committed form of what a cycle-count source
// derives from a restatement (its figures and documents; indented JSON,
// one trailing newline), and the number of figures.
func EncodeCycles(figs []bench.CycleFigure, docs []bench.Document) ([]byte, int, error) {
	b, err := json.MarshalIndent(derivedCycles{figs, docs}, "", " ")
	return append(b, '\n'), len(figs), err
}

// DecodeCycles reads what EncodeCycles wrote; what names the source in
// the error.
func DecodeCycles(b []byte, what string) ([]bench.CycleFigure, []bench.Document, error) {
	var d derivedCycles
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, nil, fmt.Errorf("decoding the %s counts: %w", what, err)
	}
	return d.Figures, d.Documents, nil
}

type derivedCycles struct {
	Figures   []bench.CycleFigure `json:"figures"`
	Documents []bench.Document    `json:"documents"`
}

// DecodeDerived reads what EncodeDerived wrote; what names the source
// in the error.
func DecodeDerived(b []byte, what string) (bench.Dataset, error) {
	var d bench.Dataset
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("decoding the %s figures: %w", what, err)
	}
	return d, nil
}

// Table is a measured source whose committed form is the dataset its
// Parse reads from one restatement (p256-m, Cifra, ST's library, the
// F429ZI Mbed TLS run): everything a MeasuredSource does but the parsing.
type Table struct {
	// SourceName and FileName: the source's name and its file in the
	// third-party sources folder.
	SourceName, FileName string
	// Libs are the libraries it measures that no registered source does.
	Libs []bench.Library
	// What names its figures in a decoding error.
	What  string
	Parse func(name, text string) (bench.Dataset, bench.ErrorList)
}

// Name is the source's name.
func (t Table) Name() string { return t.SourceName }

// File is the restatement's name in the third-party sources folder.
func (t Table) File() string { return t.FileName }

// Libraries are the libraries it measures.
func (t Table) Libraries() []bench.Library { return t.Libs }

// Derive reads the restatement into what the project commits.
func (t Table) Derive(text string) ([]byte, int, error) {
	d, errs := t.Parse(t.FileName, text)
	if len(errs) > 0 {
		return nil, 0, errs
	}
	return EncodeDerived(d)
}

// Load reads what Derive wrote.
func (t Table) Load(b []byte) (bench.Dataset, error) { return DecodeDerived(b, t.What) }
