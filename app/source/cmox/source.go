package cmox

import (
	"cryptosizer/app/internal/lazyre"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// Source is the registration of ST's CMOX wiki pages.
type Source struct{}

// Library is ST's cryptographic library as the dataset names it.
const Library = "CMOX"

// Name implements source.Source.
func (Source) Name() string { return "cmox" }

// Library implements source.Source: one candidate per part and version,
// the fastest published configuration per operation, data-flow rows
// (whole messages in chunks) before sole-buffer rows for bulk figures.
func (Source) Library() bench.Library {
	return bench.Library{Name: Library, Flag: "cmox", ConfigPerOp: true, Methods: []string{"data-flow", "sole-buffer"}}
}

// Seed implements source.Source: seeds/cmox-*.txt.
func (Source) Seed(file string) bool {
	return strings.HasPrefix(file, "cmox-") && strings.HasSuffix(file, ".txt")
}

var hintRe = lazyre.New(`(?m)^\s*(STM32 MCU |AES mode Key size|HASH mode |Curve Operation ECC|Curve Message size Operation|PKCS#1 Priv\. key)`)

// Sniff implements source.Source: a page's set-up line or a table header.
func (Source) Sniff(text string) bool { return hintRe().MatchString(text) }

// Paste implements source.Source.
func (Source) Paste() string { return "a CMOX performance page or table with its header row" }

// Read implements source.Source. For a pasted table the user names the
// MCU and clock the text does not state, and may name board and version.
func (Source) Read(doc source.Doc) source.Read {
	var r source.Read
	page, errs := ParseWith(doc.Name, doc.Text, Setup{MCU: doc.Names.MCU, ClockHz: doc.Names.ClockHz})
	for _, e := range errs {
		if e.Pos.Line == 0 { // the page does not name its part or clock
			r.Unnamed = append(r.Unnamed, e)
		} else {
			r.Errors = append(r.Errors, e)
		}
	}
	r.Found = source.Names{MCU: page.MCU, Board: page.Board, Version: version(page.Version), ClockHz: page.ClockHz}
	r.Builds = 1
	if doc.Names.Board != "" {
		page.Board = doc.Names.Board
	}
	r.Data = data(doc.Facts, doc.Name, page)
	if v := doc.Names.Version; v != "" {
		r.Data.Identities(func(id *bench.Identity) { id.LibraryVersion = v })
	}
	return r
}

var tableName = map[Kind]string{
	AESSole: "AES-CBC sole buffer", AESFlow: "AES-CBC data flow", AESFootprint: "AES-CBC footprint",
	HashSole: "HASH sole buffer", HashFlow: "HASH data flow", HashTag: "HASH final tag",
	HashFootprint: "HASH footprint", ECDSA: "ECDSA", ECDSAFootprint: "ECDSA footprint",
	EdDSA: "EdDSA", EdDSAFootprint: "EdDSA footprint", RSA: "RSA", RSAFootprint: "RSA footprint",
}

// version turns the cmox_getInfos value "050000B2" into "5.0.0".
func version(raw string) string {
	if len(raw) < 6 {
		return raw
	}
	// strconv, not fmt.Sscanf: the scanner would be linked into the wasm.
	var parts [3]string
	for i := range parts {
		v, err := strconv.ParseUint(raw[2*i:2*i+2], 16, 8)
		if err != nil {
			return raw
		}
		parts[i] = strconv.FormatUint(v, 10)
	}
	return strings.Join(parts[:], ".")
}

// data is what a page adds to the dataset: measurements in exact units
// from cycles ÷ clock, footprints, missing entries for every placeholder,
// and warnings (unpublished version and configuration names, empty
// tables, printed figures that disagree with the cycles).
func data(facts bench.Facts, file string, p *Page) bench.Dataset {
	var ds bench.Dataset
	mcu := p.MCU
	if f, ok := facts.Fact(p.MCU); ok {
		mcu = f.Part
	} else if p.MCU != "" {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: p.MCU, Kind: bench.WarnUnknownPart,
			Text: "no curated facts for this part: clock scaling and hardware checks are unavailable", Source: file})
	}
	base := bench.Identity{MCU: mcu, Part: mcu, Board: p.Board, Library: Library, Acceleration: []string{}, ClockHz: p.ClockHz}
	if p.Version != "" {
		base.LibraryVersion = version(p.Version)
	} else {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Kind: "version-unpublished",
			Text: fmt.Sprintf("the page does not publish the CMOX version: its version cell is the wiki placeholder %s", p.VerRaw), Source: file})
	}
	for _, t := range p.Tables {
		if t.Rows == 0 {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Kind: "empty-table",
				Text: fmt.Sprintf("the %s table has a header but no rows", tableName[t.Kind]), Source: t.Pos.String()})
		}
	}
	unpublished := map[string]bool{}
	for _, r := range p.Rows {
		id := base
		id.Config = r.Config
		if r.ConfigPlaceholder {
			for _, n := range cfgNameRe().FindAllString(r.Config, -1) {
				unpublished[n] = true
			}
		}
		addRow(&ds, id, p, r)
	}
	var names []string
	for k := range unpublished {
		names = append(names, k)
	}
	sort.Strings(names)
	if len(names) > 0 {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Kind: "config-unpublished",
			Text: fmt.Sprintf("configuration names are wiki placeholders; kept as %s (the page does not say which math/curve settings they are)", strings.Join(names, ", ")), Source: file})
	}
	return ds
}

var cfgNameRe = lazyre.New(`\bcfg\d+\b`)

// addRow adds one table row: a footprint, a missing entry, or a
// measurement (checked against its printed, rounded figure).
func addRow(ds *bench.Dataset, id bench.Identity, p *Page, r Row) {
	src := fmt.Sprintf("%s § %s: %s", r.Pos, tableName[r.Kind], r.Text)
	if r.Sizes != nil {
		ds.Footprints = append(ds.Footprints, footprint(ds, id, r, src))
		return
	}
	if len(r.Missing) > 0 {
		ds.Missing = append(ds.Missing, bench.Missing{Identity: id, Op: r.Op, Field: "cycles",
			Reason: strings.Join(r.Missing, "; "), Source: src, Pos: r.Pos})
		return
	}
	note := r.ConfigColumns
	if r.ConfigPlaceholder {
		note = "configuration name not published (wiki placeholder " + strings.Join(r.ConfigRaw, " ") + "); " + r.ConfigColumns
	}
	m := bench.Measurement{Identity: id, Op: r.Op, Cycles: bench.I64(r.Cycles), Method: r.Method,
		Printed: trimFloat(r.Printed) + " " + r.PrintedUnit, Source: src, Pos: r.Pos, ConfigNote: note}
	if r.MessageBytes > 0 {
		m.MessageBytes = bench.I64(r.MessageBytes)
	}
	if r.ChunkBytes > 0 {
		m.ChunkBytes = bench.I64(r.ChunkBytes)
	}
	if bench.IsBulk(r.Op) && r.MessageBytes > 0 {
		m.BytesPerSecond = bench.F64(float64(r.MessageBytes*p.ClockHz) / float64(r.Cycles))
	}
	if r.Method != "data-flow" {
		m.SecondsPerOp = bench.F64(float64(r.Cycles) / float64(p.ClockHz))
	}
	// The printed figure is rounded (often truncated) from cycles ÷
	// clock; more than one unit of difference means one of them is wrong.
	want := Expected(r.Cycles, r.PrintedUnit, r.MessageBytes, p.ClockHz)
	if math.Abs(r.Printed-want) > 1 {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: id.MCU, Config: r.Config, Op: r.Op, Kind: "rounding",
			Text:   fmt.Sprintf("printed %s %s, but %d cycles at %s give %.3f %s", trimFloat(r.Printed), r.PrintedUnit, r.Cycles, p.Clock, want, r.PrintedUnit),
			Source: src})
	}
	ds.Measurements = append(ds.Measurements, m)
}

// footprint reads a footprint row; each placeholder column is a missing
// entry, never a zero.
func footprint(ds *bench.Dataset, id bench.Identity, r Row, src string) bench.Footprint {
	fp := bench.Footprint{Identity: id, Op: r.Op, Method: r.Method, Source: src, Pos: r.Pos}
	fields := []**int64{&fp.CodeBytes, &fp.ConstantBytes, &fp.GlobalBytes, &fp.StackBytes, &fp.WorkingBufferBytes}
	for i, v := range r.Sizes {
		if v < 0 {
			ds.Missing = append(ds.Missing, bench.Missing{Identity: id, Op: r.Op, Field: FootprintColumns[i],
				Reason: "footprint value not published: wiki template placeholder", Source: src, Pos: r.Pos})
			continue
		}
		*fields[i] = bench.I64(v)
	}
	return fp
}

func trimFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', 6, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}
