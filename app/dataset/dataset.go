// Package dataset turns parsed source documents into the normalized,
// validated dataset the engine ranks: measurements in exact units, the
// entries a source leaves missing (with the reason), and data-quality
// warnings checked against curated facts about each part. It also encodes
// and decodes the bundled JSON. It does no file I/O.
package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source/cmox"
	"cryptosizer/app/source/wolfcrypt"
)

// Source kinds.
const (
	KindCMOX    = "cmox"
	KindWolfSSL = "wolfssl"
)

// Input is one source document.
type Input struct {
	Name string // file name, used in positions and source references
	Kind string // KindCMOX or KindWolfSSL
	Text string
}

// Report summarizes what one source contributed.
type Report struct {
	Name         string          `json:"name"`
	Kind         string          `json:"kind"`
	Measurements int             `json:"measurements"`
	Footprints   int             `json:"footprints"`
	Missing      int             `json:"missing"`
	Warnings     int             `json:"warnings"`
	Errors       bench.ErrorList `json:"-"`
}

// Build parses every input and assembles the dataset. Reports come back in
// input order; any report with errors means the dataset is not trustworthy.
func Build(facts []bench.MCUFact, inputs []Input) (*bench.Dataset, []Report) {
	ds := &bench.Dataset{MCUs: facts}
	var reports []Report
	for _, in := range inputs {
		before := counts(ds)
		var errs bench.ErrorList
		switch in.Kind {
		case KindCMOX:
			page, e := cmox.Parse(in.Name, in.Text)
			errs = e
			addCMOX(ds, in.Name, page)
		case KindWolfSSL:
			page, e := wolfcrypt.Parse(in.Name, in.Text)
			errs = e
			addWolfSSL(ds, in.Name, page)
		default:
			errs.Add(bench.Pos{File: in.Name}, in.Kind, "unknown source kind (accepted: cmox, wolfssl)")
		}
		after := counts(ds)
		reports = append(reports, Report{Name: in.Name, Kind: in.Kind,
			Measurements: after[0] - before[0], Footprints: after[1] - before[1],
			Missing: after[2] - before[2], Warnings: after[3] - before[3], Errors: errs})
	}
	return ds, reports
}

func counts(ds *bench.Dataset) [4]int {
	return [4]int{len(ds.Measurements), len(ds.Footprints), len(ds.Missing), len(ds.Warnings)}
}

// ---- CMOX ----

var cmoxTable = map[cmox.Kind]string{
	cmox.AESSole: "AES-CBC sole buffer", cmox.AESFlow: "AES-CBC data flow", cmox.AESFootprint: "AES-CBC footprint",
	cmox.HashSole: "HASH sole buffer", cmox.HashFlow: "HASH data flow", cmox.HashTag: "HASH final tag",
	cmox.HashFootprint: "HASH footprint", cmox.ECDSA: "ECDSA", cmox.ECDSAFootprint: "ECDSA footprint",
	cmox.EdDSA: "EdDSA", cmox.EdDSAFootprint: "EdDSA footprint", cmox.RSA: "RSA", cmox.RSAFootprint: "RSA footprint",
}

// cmoxVersion turns the cmox_getInfos value "050000B2" into "5.0.0".
func cmoxVersion(raw string) string {
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

func addCMOX(ds *bench.Dataset, file string, p *cmox.Page) {
	mcu := p.MCU
	if f, ok := ds.Fact(p.MCU); ok {
		mcu = f.Part
	} else if p.MCU != "" {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: p.MCU, Kind: "unknown-part",
			Text: "no curated facts for this part: clock scaling and hardware checks are unavailable", Source: file})
	}
	base := bench.Identity{MCU: mcu, Part: mcu, Board: p.Board, Library: bench.CMOX,
		Acceleration: []string{}, ClockHz: p.ClockHz}
	if p.Version != "" {
		base.LibraryVersion = cmoxVersion(p.Version)
	} else {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Kind: "version-unpublished",
			Text: fmt.Sprintf("the page does not publish the CMOX version: its version cell is the wiki placeholder %s", p.VerRaw), Source: file})
	}
	unpublished := map[string]bool{}
	for _, t := range p.Tables {
		if t.Rows == 0 {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Kind: "empty-table",
				Text: fmt.Sprintf("the %s table has a header but no rows", cmoxTable[t.Kind]), Source: t.Pos.String()})
		}
	}
	for _, r := range p.Rows {
		id := base
		id.Config = r.Config
		src := fmt.Sprintf("%s § %s: %s", r.Pos, cmoxTable[r.Kind], r.Text)
		note := r.ConfigColumns
		if r.ConfigPlaceholder {
			note = "configuration name not published (wiki placeholder " + strings.Join(r.ConfigRaw, " ") + "); " + r.ConfigColumns
			for _, n := range cfgNameRe.FindAllString(r.Config, -1) {
				unpublished[n] = true
			}
		}
		if r.Sizes != nil {
			fp := bench.Footprint{Identity: id, Op: r.Op, Method: r.Method, Source: src, Pos: r.Pos}
			for i, v := range r.Sizes {
				var pv *int64
				if v >= 0 {
					pv = bench.I64(v)
				} else {
					ds.Missing = append(ds.Missing, bench.Missing{Identity: id, Op: r.Op, Field: cmox.FootprintColumns[i],
						Reason: "footprint value not published: wiki template placeholder", Source: src, Pos: r.Pos})
				}
				switch i {
				case 0:
					fp.CodeBytes = pv
				case 1:
					fp.ConstantBytes = pv
				case 2:
					fp.GlobalBytes = pv
				case 3:
					fp.StackBytes = pv
				case 4:
					fp.WorkingBufferBytes = pv
				}
			}
			ds.Footprints = append(ds.Footprints, fp)
			continue
		}
		if len(r.Missing) > 0 {
			ds.Missing = append(ds.Missing, bench.Missing{Identity: id, Op: r.Op, Field: "cycles",
				Reason: strings.Join(r.Missing, "; "), Source: src, Pos: r.Pos})
			continue
		}
		m := bench.Measurement{Identity: id, Op: r.Op, Cycles: bench.I64(r.Cycles), Method: r.Method,
			Printed: trimFloat(r.Printed) + " " + r.PrintedUnit, Source: src, Pos: r.Pos, ConfigNote: note}
		sec := float64(r.Cycles) / float64(p.ClockHz)
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
			m.SecondsPerOp = bench.F64(sec)
		}
		// The printed figure is rounded (often truncated) from cycles ÷
		// clock; more than one unit of difference means one of them is
		// wrong.
		want := cmox.Expected(r.Cycles, r.PrintedUnit, r.MessageBytes, p.ClockHz)
		if math.Abs(r.Printed-want) > 1 {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: mcu, Config: r.Config, Op: r.Op, Kind: "rounding",
				Text:   fmt.Sprintf("printed %s %s, but %d cycles at %s give %.3f %s", trimFloat(r.Printed), r.PrintedUnit, r.Cycles, p.Clock, want, r.PrintedUnit),
				Source: src})
		}
		ds.Measurements = append(ds.Measurements, m)
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
}

var cfgNameRe = regexp.MustCompile(`\bcfg\d+\b`)

func trimFloat(f float64) string {
	s := fmt.Sprintf("%.6f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// ---- wolfSSL ----

// Override names what a pasted benchmark does not say itself (see Import).
type Override struct {
	MCU, Board, Config, Version string
	ClockHz                     int64
}

func addWolfSSL(ds *bench.Dataset, file string, p *wolfcrypt.Page) {
	for _, s := range p.Sections {
		fact, known := ds.Fact(s.MCU)
		if !known && s.MCU != "" {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "unknown-part",
				Text: "no curated facts for this part: clock scaling and hardware checks are unavailable", Source: s.Pos.String()})
		}
		if known && s.ClockHz > fact.MaxClockHz {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "clock-above-max",
				Text: fmt.Sprintf("the page says the CPU runs at %s, but the %s's maximum is %d MHz (%s); figures are kept as published and never scaled from this clock",
					s.Clock, fact.Part, fact.MaxClockHz/1e6, fact.SourceNote), Source: s.Pos.String()})
		}
		if strings.HasPrefix(s.Clock, "up to") {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "inferred",
				Text: fmt.Sprintf("the page gives no test clock, only \"%s\"; the clock is taken to be that maximum", s.Clock), Source: s.Pos.String()})
		}
		if s.Board == "" {
			ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "board-unstated",
				Text: "the page does not name the board", Source: s.Pos.String()})
		}
		if known && s.Supports != "" {
			claims := supportsClaims(s.Supports)
			for _, c := range claims {
				if !fact.Has(c.accel) {
					ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "claimed-accel-absent",
						Text:   fmt.Sprintf("the page says the part supports %s acceleration, but the %s has no %s peripheral (%s)", c.what, fact.Part, c.accel, fact.HardwareNote),
						Source: s.Pos.String()})
				}
			}
		}
		for _, c := range s.Configs {
			for ri, run := range c.Runs {
				id := bench.Identity{MCU: s.MCU, Part: fact.Part, Board: s.Board, Library: bench.WolfSSL,
					LibraryVersion: run.Version, Config: c.Label, Acceleration: wolfcrypt.ImpliedAcceleration(c.Label), ClockHz: s.ClockHz}
				if ri > 0 {
					// A further run under the same heading is a variant
					// build the caption describes (the G071 fragment).
					id.Config = c.Label + "; " + strings.TrimSuffix(run.Caption, ":")
					if len(run.Results) > 0 && !strings.Contains(run.Caption, "wolfSSL version") {
						ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "inferred",
							Text: fmt.Sprintf("this output fragment prints no wolfSSL version; %s is taken from the block before it", run.Version), Source: run.Pos.String()})
					}
				}
				if known {
					for _, a := range id.Acceleration {
						if !fact.Has(a) {
							ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "claimed-accel-absent",
								Text: fmt.Sprintf("the label claims %s acceleration, but the %s has no %s peripheral (%s)%s", a, fact.Part, a, fact.HardwareNote,
									sameFigures(p, s, c, a)), Source: c.Pos.String()})
						}
					}
				}
				for _, r := range run.Results {
					m := bench.Measurement{Identity: id, Op: r.Op, Method: "benchmark", Printed: r.Printed,
						Source: fmt.Sprintf("%s § %s (%s): %s", r.Pos, s.MCU, id.Config, r.Text), Pos: r.Pos}
					if r.BytesPerSecond > 0 {
						m.BytesPerSecond = bench.F64(r.BytesPerSecond)
						if run.BlockBytes > 0 {
							m.MessageBytes = bench.I64(run.BlockBytes)
						}
					} else {
						m.SecondsPerOp = bench.F64(r.SecondsPerOp)
						// count × avg should be the total time, within the
						// printed precision of both.
						if r.Count > 0 && math.Abs(r.Count*r.SecondsPerOp-r.Seconds) > 0.002+0.0005*r.Count {
							ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Op: r.Op, Kind: "rounding",
								Text:   fmt.Sprintf("%g ops × avg %.3f ms = %.3f s, but the line says %.3f s", r.Count, r.SecondsPerOp*1000, r.Count*r.SecondsPerOp, r.Seconds),
								Source: m.Source})
						}
					}
					ds.Measurements = append(ds.Measurements, m)
				}
			}
		}
	}
}

type claim struct{ what, accel string }

// supportsClaims reads "RNG, ECC P-256, AES-CBC and SHA-256" into the
// peripherals each item needs.
func supportsClaims(s string) []claim {
	var out []claim
	for _, item := range strings.FieldsFunc(strings.ReplaceAll(s, " and ", ","), func(r rune) bool { return r == ',' }) {
		item = strings.TrimSpace(item)
		u := strings.ToUpper(item)
		switch {
		case strings.HasPrefix(u, "AES"):
			out = append(out, claim{item, bench.AccelAES})
		case strings.HasPrefix(u, "SHA"):
			out = append(out, claim{item, bench.AccelHASH})
		case strings.HasPrefix(u, "ECC"), strings.HasPrefix(u, "PKA"):
			out = append(out, claim{item, bench.AccelPKA})
		}
	}
	return out
}

// sameFigures backs a HASH claim with evidence: the SHA-256 figure of the
// "accelerated" build next to the software-only build of the same part.
func sameFigures(p *wolfcrypt.Page, s wolfcrypt.Section, c wolfcrypt.Config, accel string) string {
	if accel != bench.AccelHASH {
		return ""
	}
	find := func(cfg wolfcrypt.Config) string {
		for _, r := range cfg.Runs {
			for _, x := range r.Results {
				if x.Op == "sha256" {
					return x.Printed
				}
			}
		}
		return ""
	}
	hw := find(c)
	for _, o := range s.Configs {
		if len(wolfcrypt.ImpliedAcceleration(o.Label)) == 0 && o.Label != c.Label {
			if sw := find(o); sw != "" && hw != "" {
				return fmt.Sprintf("; its SHA-256 is %s here and %s in the software-only build %q", hw, sw, o.Label)
			}
		}
	}
	return ""
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
			if b, err = marshal(item(i)); err != nil {
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
	section("mcus", len(ds.MCUs), func(i int) any { return ds.MCUs[i] })
	section("measurements", len(ds.Measurements), func(i int) any { return ds.Measurements[i] })
	section("footprints", len(ds.Footprints), func(i int) any { return ds.Footprints[i] })
	section("missing", len(ds.Missing), func(i int) any { return ds.Missing[i] })
	section("warnings", len(ds.Warnings), func(i int) any { return ds.Warnings[i] })
	buf.WriteString("\n}\n")
	return buf.Bytes(), err
}

func marshal(v any) ([]byte, error) {
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
