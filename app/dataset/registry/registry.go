// Package registry lists the benchmark sources cryptosizer reads: the
// generator builds the bundled dataset with them, the CLI and the import
// reader (app/cmd/importer, the web app's second module) read a user's
// text with them. The web app's first download does not link it: what
// the page needs of the sources before an import (their library flags
// and the words that ask for a paste) is in package dataset, held to
// this list by TestNamesAreTheRegistry.
package registry

import (
	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/source"
	"cryptosizer/app/source/cmox"
	"cryptosizer/app/source/mbedtls"
	"cryptosizer/app/source/wolfcrypt"
)

// Sources are the sources cryptosizer reads. Adding a source is its
// package, one line here and its names in package dataset.
var Sources = dataset.Registry{
	wolfcrypt.Source{},
	cmox.Source{},
	mbedtls.Source{},
}

// Build reads every input with the source whose seed it is and assembles
// the dataset (dataset.Registry.Build).
func Build(facts bench.Facts, inputs []dataset.Input) (*bench.Dataset, []dataset.Report) {
	return Sources.Build(facts, inputs)
}

// Import reads a user's benchmark text with the first source that
// recognizes it (dataset.Registry.Import).
func Import(facts bench.Facts, name, text string, names source.Names) dataset.Imported {
	return Sources.Import(facts, name, text, names)
}

// SourceFor returns the registered source that reads a seed file.
func SourceFor(file string) (source.Source, bool) { return Sources.SourceFor(file) }
