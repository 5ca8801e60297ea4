package dataset

import (
	"cryptosizer/app/source"
	"cryptosizer/app/source/cmox"
	"cryptosizer/app/source/wolfcrypt"
)

// Sources are the benchmark sources cryptosizer reads, in the order a
// pasted text is tried against them. Adding a source is its package and
// one line here: the generator (which seed files it reads), the import
// path (which pastes it recognizes), the library filter of the CLI and
// the web app, and the engine's treatment of its library all come from
// this list.
var Sources = []source.Source{
	wolfcrypt.Source{},
	cmox.Source{},
}

// SourceFor returns the source that reads a seed file, if any.
func SourceFor(file string) (source.Source, bool) {
	for _, s := range Sources {
		if s.Seed(file) {
			return s, true
		}
	}
	return nil, false
}

// LibraryFlags are the names the library filter accepts, one per source.
func LibraryFlags() []string {
	var out []string
	for _, s := range Sources {
		out = append(out, s.Library().Flag)
	}
	return out
}
