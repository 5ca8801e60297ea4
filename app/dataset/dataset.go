// Package dataset assembles the normalized, validated dataset the engine
// ranks from source documents, each read by its registered source
// (app/dataset/registry): measurements in exact units, the entries a source leaves
// missing (with the reason), data-quality warnings checked against
// curated facts about each part, and each library's treatment by the
// engine. It also reads a user's pasted benchmark text the same way, and
// encodes and decodes the bundled JSON. It does no file I/O.
package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// Input is one source document.
type Input struct {
	Name string // file name, used in positions and source references
	Text string
}

// Report summarizes what one source document contributed.
type Report struct {
	Name         string `json:"name"`
	Source       string `json:"source"`
	Measurements int    `json:"measurements"`
	Footprints   int    `json:"footprints"`
	Missing      int    `json:"missing"`
	Warnings     int    `json:"warnings"`
	Skipped      int    `json:"skipped"`
	// Same lists the builds an earlier document already published with
	// the same figures (merged); Differ those it published differently
	// (kept apart).
	Same, Differ []string        `json:"-"`
	Errors       bench.ErrorList `json:"-"`
}

// Build reads every input with the registry's source whose seed it is
// and assembles the dataset. Reports come back in input order; any
// report with errors means the dataset is not trustworthy.
func (reg Registry) Build(facts bench.Facts, inputs []Input) (*bench.Dataset, []Report) {
	ds := &bench.Dataset{MCUs: facts}
	for _, s := range reg {
		ds.Libraries = append(ds.Libraries, s.Library())
	}
	var reports []Report
	for _, in := range inputs {
		rep := Report{Name: in.Name}
		src, ok := reg.SourceFor(in.Name)
		if !ok {
			rep.Errors.Add(bench.Pos{File: in.Name}, in.Name, "no source reads this file (see app/dataset/registry)")
			reports = append(reports, rep)
			continue
		}
		r := src.Read(source.Doc{Name: in.Name, Text: in.Text, Facts: facts})
		rep.Source, rep.Errors = src.Name(), append(r.Errors, r.Unnamed...)
		rep.Measurements, rep.Footprints, rep.Missing, rep.Warnings, rep.Skipped = len(r.Data.Measurements), len(r.Data.Footprints), len(r.Data.Missing), len(r.Data.Warnings), len(r.Data.Skipped)
		m := mergeInto(ds, r.Data, in.Name)
		rep.Same, rep.Differ = m.same, m.differ
		reports = append(reports, rep)
	}
	return ds, reports
}

// add appends a source's records to the dataset.
func add(ds *bench.Dataset, d bench.Dataset) {
	ds.Measurements = append(ds.Measurements, d.Measurements...)
	ds.Footprints = append(ds.Footprints, d.Footprints...)
	ds.Missing = append(ds.Missing, d.Missing...)
	ds.Skipped = append(ds.Skipped, d.Skipped...)
	ds.Warnings = append(ds.Warnings, d.Warnings...)
	ds.Sessions = append(ds.Sessions, d.Sessions...)
}

// ---- encoding ----

// Encode writes the dataset as JSON with one record per line, so that a
// regenerated dataset diffs line by line.
func Encode(ds *bench.Dataset) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("{")
	var err error
	section := func(name string, n int, item func(i int) any) {
		if err != nil {
			return
		}
		if buf.Len() > 1 {
			buf.WriteString(",")
		}
		fmt.Fprintf(&buf, "\n%q: [", name)
		for i := 0; i < n; i++ {
			var b []byte
			if b, err = Marshal(item(i)); err != nil {
				return
			}
			if i > 0 {
				buf.WriteString(",")
			}
			buf.WriteString("\n ")
			buf.Write(b)
		}
		buf.WriteString("\n]")
	}
	section("documents", len(ds.Documents), func(i int) any { return ds.Documents[i] })
	section("libraries", len(ds.Libraries), func(i int) any { return ds.Libraries[i] })
	section("mcus", len(ds.MCUs), func(i int) any { return ds.MCUs[i] })
	section("measurements", len(ds.Measurements), func(i int) any { return ds.Measurements[i] })
	section("footprints", len(ds.Footprints), func(i int) any { return ds.Footprints[i] })
	section("missing", len(ds.Missing), func(i int) any { return ds.Missing[i] })
	section("skipped", len(ds.Skipped), func(i int) any { return ds.Skipped[i] })
	section("warnings", len(ds.Warnings), func(i int) any { return ds.Warnings[i] })
	section("groups", len(ds.Groups), func(i int) any { return ds.Groups[i] })
	section("cycle_counts", len(ds.Cycles), func(i int) any { return ds.Cycles[i] })
	section("lending", len(ds.Lending), func(i int) any { return ds.Lending[i] })
	section("same_code", len(ds.SameCode), func(i int) any { return ds.SameCode[i] })
	buf.WriteString("\n}\n")
	return buf.Bytes(), err
}

// Marshal is v as one line of JSON with "<", ">" and "&" left as they
// are (a dataset's texts quote them), without the trailing newline.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Decode reads a dataset written by Encode.
func Decode(b []byte) (*bench.Dataset, error) {
	var ds bench.Dataset
	if err := json.Unmarshal(b, &ds); err != nil {
		return nil, fmt.Errorf("decoding dataset: %w", err)
	}
	return &ds, nil
}
