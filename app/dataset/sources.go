package dataset

import (
	"slices"
	"strings"

	"cryptosizer/app/source"
)

// Registry is a list of benchmark sources, in the order a pasted text is
// tried against them. Everything cryptosizer knows of a source comes from
// its entry: which seed files it reads (the generator), which pastes it
// recognizes and how to ask for them (the import path), the library
// filter of the CLI and the web app, and the engine's treatment of its
// library (bench.Library).
type Registry []source.Source

// SourceFlags and Pastes are what the registered sources
// (app/dataset/registry) say of themselves: their library filter names
// and the words that ask for a paste. The web app's first download needs
// these words, not the sources' readers (~350 KB of code and Go's
// regular expressions): those are in the import reader, a module of its
// own (app/cmd/importer). registry's TestNamesAreTheRegistry holds these
// to the registry.
var SourceFlags = []string{"wolfssl", "cmox", "mbedtls"}

// Pastes says what a user may paste (see SourceFlags).
const Pastes = "wolfCrypt benchmark output (lines with \"took\"; any version, bare or in the markdown page, one or many builds)" +
	" or a CMOX performance page or table with its header row" +
	" or Mbed TLS benchmark output (\"SHA-256 : 1957 KiB/s\", \"ECDSA-secp256r1 : 7 sign/s\"; upstream 1.3–3.6, TF-PSA-Crypto, Mbed OS, Zephyr or NXP)"

// Lenders are the cycle-count sources' names and MeasuredFlags the
// library filter's names of the libraries only a measured source
// measures, in their registry's order (app/dataset/derive, which
// TestRuntimeListsAreTheRegistry holds to these lists). The browser
// needs these names before the data are read (the form), not the
// sources' readers of third-party documents: registered here, the
// readers were ~170 KB of the wasm's code.
var (
	Lenders       = []string{"pqm4", "x25519", "pqm3", "wolfssl-g071"}
	MeasuredFlags = []string{"p256-m", "tinycrypt", "cifra", "st-cryptolib"}
)

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

// LibraryFlags are the registered libraries' filter names, then those
// only a measured source measures.
func LibraryFlags() []string {
	out := slices.Clone(SourceFlags)
	for _, f := range MeasuredFlags {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
