// Package derive registers the sources the generator derives data from
// at build time (cmd/gendata): the cycle-count sources and the measured
// sources of third-party documents, and how their committed forms join
// the dataset. The browser and the CLI read the dataset these made and
// the names in app/dataset (Lenders, MeasuredFlags), never these
// readers: nothing they link imports this package.
package derive

import (
	"slices"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
	"cryptosizer/app/source/baretest"
	"cryptosizer/app/source/cifra"
	"cryptosizer/app/source/mbedtlsf429"
	"cryptosizer/app/source/p256m"
	"cryptosizer/app/source/pqm3"
	"cryptosizer/app/source/pqm4"
	"cryptosizer/app/source/stcryptolib"
	"cryptosizer/app/source/x25519"
)

// CycleSources are the cycle-count sources: figures for a core, lent to
// builds without figures of their own. Adding one is its package, one
// line here and its name in dataset.Lenders (the form's choices, before
// the data are read; TestRuntimeListsAreTheRegistry).
var CycleSources = []source.CycleSource{
	pqm4.Cycles{},
	x25519.Cycles{},
	pqm3.Cycles{},
	baretest.MLDSACycles{},
}

// MeasuredSources are the third-party documents of measurements the
// project may not copy: it commits what it derives from them. Adding one
// is its package, one line here and its libraries' filter names in
// dataset.MeasuredFlags (TestRuntimeListsAreTheRegistry).
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
	ds.SameCode = append(ds.SameCode, d.SameCode...)
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
