package dataset

import (
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// MaxImportBytes bounds one pasted or imported text: the largest real
// input, the newer wolfSSL page, is 88 KB.
const MaxImportBytes = 256 << 10

// Imported is what a user's text contributes, before and after naming.
type Imported struct {
	Kind string // the name of the source that read it
	// Found is what the text itself says (MCU, board, clock, label,
	// version), to pre-fill the form; Configs counts the builds found.
	Found   source.Names
	Configs int
	Data    bench.Dataset // measurements, missing and skipped entries, warnings
	// Errors says why the text cannot be ranked: too large, not a
	// benchmark, nothing measured, or something the user must still name.
	Errors bench.ErrorList
	// Unread lists every line that was not recognized, with its position.
	// It does not stop an import that has measurements.
	Unread bench.ErrorList
}

// ReadRequest asks the web app's import reader (app/cmd/importer) to
// read a text as Import does: ID names the request, Name the set; Facts
// are the parts' facts it is read against. The answer is the Imported
// as JSON.
type ReadRequest struct {
	ID    string       `json:"id"`
	Name  string       `json:"name"`
	Text  string       `json:"text"`
	Names source.Names `json:"names"`
	Facts bench.Facts  `json:"facts,omitempty"`
}

// Import reads a user's benchmark text with the first of the registry's
// sources that recognizes it. names are what the text does not say (see
// source.Doc); name labels the import set, and every measurement carries
// it in Identity.Imported.
func (reg Registry) Import(facts bench.Facts, name, text string, names source.Names) Imported {
	var out Imported
	pos := bench.Pos{File: name}
	if len(text) > MaxImportBytes {
		out.Errors.Add(pos, "", "the text is %d bytes; the limit is %d bytes (256 KiB)", len(text), MaxImportBytes)
		return out
	}
	if strings.TrimSpace(text) == "" {
		out.Errors.Add(pos, "", "nothing to import: paste %s", reg.Pastes())
		return out
	}
	var src source.Source
	for _, s := range reg {
		if s.Sniff(text) {
			src = s
			break
		}
	}
	if src == nil {
		out.Errors.Add(pos, firstLine(text), "not recognized: paste %s", reg.Pastes())
		return out
	}
	r := src.Read(source.Doc{Name: name, Text: text, Facts: facts, Names: names, Import: true})
	out.Kind, out.Found, out.Configs, out.Errors, out.Unread, out.Data = src.Name(), r.Found, r.Builds, r.Unnamed, r.Errors, r.Data
	out.Data.Libraries = []bench.Library{src.Library()}
	out.Data.Identities(func(id *bench.Identity) { id.Imported = name })
	for i := range out.Data.Warnings {
		out.Data.Warnings[i].Documents = []string{name}
	}
	if len(out.Data.Measurements) == 0 {
		out.Errors.Add(pos, "", "no measurement found in the text")
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.ToValidUTF8(s[:min(len(s), 80)], "")
}

// Merge returns a dataset with the bundled data and the imported sets
// (and the libraries the sets name that the bundled data lacks).
func Merge(base *bench.Dataset, sets ...bench.Dataset) *bench.Dataset {
	out := *base
	out.Libraries = append([]bench.Library{}, base.Libraries...)
	for _, s := range sets {
		for _, l := range s.Libraries {
			if !slices.ContainsFunc(out.Libraries, func(x bench.Library) bool { return x.Name == l.Name }) {
				out.Libraries = append(out.Libraries, l)
			}
		}
	}
	out.Measurements = append([]bench.Measurement{}, base.Measurements...)
	out.Footprints = append([]bench.Footprint{}, base.Footprints...)
	out.Missing = append([]bench.Missing{}, base.Missing...)
	out.Skipped = append([]bench.Skipped{}, base.Skipped...)
	out.Warnings = append([]bench.Warning{}, base.Warnings...)
	out.Sessions = append([]bench.SessionRAM{}, base.Sessions...)
	for _, s := range sets {
		add(&out, s)
	}
	return &out
}
