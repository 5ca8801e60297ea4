package dataset

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
	"cryptosizer/app/source/baretest"
	"cryptosizer/app/source/cifra"
	"cryptosizer/app/source/cmox"
	"cryptosizer/app/source/mbedtls"
	"cryptosizer/app/source/mbedtlsf429"
	"cryptosizer/app/source/p256m"
	"cryptosizer/app/source/pqm3"
	"cryptosizer/app/source/pqm4"
	"cryptosizer/app/source/stcryptolib"
	"cryptosizer/app/source/wolfcrypt"
	"cryptosizer/app/source/x25519"
)

// Registry is a list of benchmark sources, in the order a pasted text is
// tried against them. Everything cryptosizer knows of a source comes from
// its entry: which seed files it reads (the generator), which pastes it
// recognizes and how to ask for them (the import path), the library
// filter of the CLI and the web app, and the engine's treatment of its
// library (bench.Library).
type Registry []source.Source

// Sources are the sources cryptosizer reads. Adding a source is its
// package and one line here.
var Sources = Registry{
	wolfcrypt.Source{},
	cmox.Source{},
	mbedtls.Source{},
}

// CycleSources are the cycle-count sources: figures for a core, lent to
// builds without figures of their own. Adding one is its package and one
// line here.
var CycleSources = []source.CycleSource{
	pqm4.Cycles{},
	x25519.Cycles{},
	pqm3.Cycles{},
}

// MeasuredSources are the third-party documents of measurements the
// project may not copy: it commits what it derives from them. Adding one
// is its package and one line here.
var MeasuredSources = []source.MeasuredSource{
	baretest.Source{},
	p256m.Source,
	mbedtlsf429.Source,
	cifra.Source,
	stcryptolib.Source,
}

// AddMeasured adds what a measured source derived (its committed form)
// to ds. A figure on a part ST's part database does not have is kept as
// skipped, with that reason: its facts are never invented.
func AddMeasured(ds *bench.Dataset, ms source.MeasuredSource, derived []byte) error {
	d, err := ms.Load(derived)
	if err != nil {
		return err
	}
	unknown := func(id bench.Identity) bool { _, ok := ds.Fact(id.MCU); return !ok }
	for _, m := range d.Measurements {
		if unknown(m.Identity) {
			ds.Skipped = append(ds.Skipped, bench.Skipped{Identity: m.Identity, Name: m.Op, Printed: m.Printed, Source: m.Source, Pos: m.Pos,
				Reason: m.MCU + " is not in ST's part database extract (STM32_open_pin_data, CubeMX 6.15.0) nor in the curated facts: its facts are unknown, so its figures are kept but not ranked"})
			continue
		}
		ds.Measurements = append(ds.Measurements, m)
	}
	keep := func(id bench.Identity) bool { return !unknown(id) }
	ds.Footprints = append(ds.Footprints, filter(d.Footprints, func(f bench.Footprint) bool { return keep(f.Identity) })...)
	ds.Missing = append(ds.Missing, filter(d.Missing, func(m bench.Missing) bool { return keep(m.Identity) })...)
	ds.Warnings = append(ds.Warnings, filter(d.Warnings, func(w bench.Warning) bool { _, ok := ds.Fact(w.MCU); return ok })...)
	ds.Skipped = append(ds.Skipped, d.Skipped...)
	ds.Documents = append(ds.Documents, d.Documents...)
	for _, l := range ms.Libraries() {
		if !slices.ContainsFunc(ds.Libraries, func(o bench.Library) bool { return o.Name == l.Name }) {
			ds.Libraries = append(ds.Libraries, l)
		}
	}
	return nil
}

func filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// AddCycles adds what a cycle-count source derived (its committed form)
// to ds: its figures, the document they point into and the cores it
// lends to.
func AddCycles(ds *bench.Dataset, cs source.CycleSource, derived []byte) error {
	figs, docs, err := cs.Load(derived)
	if err != nil {
		return err
	}
	ds.Cycles = append(ds.Cycles, figs...)
	ds.Documents = append(ds.Documents, docs...)
	ds.Lending = append(ds.Lending, cs.Lends()...)
	return nil
}

// SourceFor returns the source that reads a seed file, if any.
func (r Registry) SourceFor(file string) (source.Source, bool) {
	for _, s := range r {
		if s.Seed(file) {
			return s, true
		}
	}
	return nil, false
}

// LibraryFlags are the names the library filter accepts, one per source.
func (r Registry) LibraryFlags() []string {
	var out []string
	for _, s := range r {
		out = append(out, s.Library().Flag)
	}
	return out
}

// LibraryNames are the libraries the sources measure, as the dataset
// names them ("wolfSSL, CMOX").
func (r Registry) LibraryNames() []string {
	var out []string
	for _, s := range r {
		out = append(out, s.Library().Name)
	}
	return out
}

// Pastes says what a user may paste, from each source's own words
// ("wolfCrypt benchmark output … or a CMOX performance table …").
func (r Registry) Pastes() string {
	var out []string
	for _, s := range r {
		out = append(out, s.Paste())
	}
	return strings.Join(out, " or ")
}

// SourceFor returns the registered source that reads a seed file.
func SourceFor(file string) (source.Source, bool) { return Sources.SourceFor(file) }

// LibraryFlags are the registered libraries' filter names, then those
// only a measured source measures.
func LibraryFlags() []string {
	out := Sources.LibraryFlags()
	for _, ms := range MeasuredSources {
		for _, l := range ms.Libraries() {
			if !slices.Contains(out, l.Flag) {
				out = append(out, l.Flag)
			}
		}
	}
	return out
}
