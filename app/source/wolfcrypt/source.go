package wolfcrypt

import (
	"fmt"
	"math"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// Source is the registration of wolfSSL's benchmark page and plain
// wolfCrypt benchmark output.
type Source struct{}

// Library is wolfSSL as the dataset names it.
const Library = "wolfSSL"

// Name implements source.Source.
func (Source) Name() string { return "wolfssl" }

// Library implements source.Source: every configuration is a build.
func (Source) Library() bench.Library {
	return bench.Library{Name: Library, Flag: "wolfssl", Methods: []string{"benchmark"}}
}

// Seed implements source.Source: seeds/wolfssl-*.md, line-broken or not.
func (Source) Seed(file string) bool {
	return strings.HasPrefix(file, "wolfssl-") && strings.HasSuffix(file, ".md")
}

// Sniff implements source.Source: benchmark records say "took".
func (Source) Sniff(text string) bool { return strings.Contains(text, " took ") }

// Paste implements source.Source.
func (Source) Paste() string {
	return "wolfCrypt benchmark output (lines with \"took\"; any version, bare or in the markdown page, one or many builds)"
}

// Read implements source.Source.
func (Source) Read(doc source.Doc) source.Read {
	var r source.Read
	page, errs := Parse(doc.Name, doc.Text)
	r.Errors = errs
	if doc.Import {
		r.Found, r.Builds = found(page)
		r.Unnamed = name(page, doc.Names, r.Builds)
	}
	r.Data = data(doc.Facts, page)
	return r
}

// found is what the text names, from its first build, and how many
// builds it holds.
func found(p *Page) (source.Names, int) {
	var f source.Names
	n := 0
	for _, s := range p.Sections {
		for _, c := range s.Configs {
			n += len(c.Runs)
			if n > 0 && f.MCU == "" && f.Config == "" {
				f = source.Names{MCU: s.MCU, Board: s.Board, Config: c.Label, ClockHz: s.ClockHz}
				if len(c.Runs) > 0 {
					f.Version = c.Runs[0].Version
				}
			}
		}
	}
	return f, n
}

// name applies the user's names: with one build they replace what the
// text says (the user corrected it), with several they only fill what a
// build leaves out. What is still unnamed is an error.
func name(p *Page, user source.Names, builds int) bench.ErrorList {
	var errs bench.ErrorList
	fill := user
	if builds > 1 {
		fill = source.Names{}
	}
	for si := range p.Sections {
		s := &p.Sections[si]
		if fill.MCU != "" || s.MCU == "" {
			s.MCU = first(fill.MCU, user.MCU, s.MCU)
		}
		if fill.Board != "" || s.Board == "" {
			s.Board = first(fill.Board, user.Board, s.Board)
		}
		if fill.ClockHz > 0 || s.ClockHz == 0 {
			if c := firstPositive(fill.ClockHz, user.ClockHz, s.ClockHz); c != s.ClockHz {
				s.ClockHz = c
				s.Clock = fmt.Sprintf("%g MHz", float64(c)/1e6)
			}
		}
		for ci := range s.Configs {
			c := &s.Configs[ci]
			if fill.Config != "" || c.Label == "" {
				c.Label = first(fill.Config, user.Config, c.Label, "imported build")
			}
			for ri := range c.Runs {
				if fill.Version != "" || c.Runs[ri].Version == "" {
					c.Runs[ri].Version = first(fill.Version, user.Version, c.Runs[ri].Version)
					c.Runs[ri].settleUnits()
				}
			}
		}
		if s.MCU == "" {
			errs.Add(s.Pos, "", "the text does not name the MCU: give it (for example STM32H563ZI)")
		}
		if s.ClockHz <= 0 {
			errs.Add(s.Pos, "", "the text does not state the CPU clock: give it in MHz")
		}
	}
	return errs
}

func first(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func firstPositive(v ...int64) int64 {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}

// data is what a page adds to the dataset: each build's measurements in
// exact units, and warnings where the page contradicts the silicon (a
// clock above the part's maximum, a claimed accelerator the part lacks)
// or leaves something to inference.
func data(facts bench.Facts, p *Page) bench.Dataset {
	var ds bench.Dataset
	for _, s := range p.Sections {
		fact, known := facts.Fact(s.MCU)
		sectionWarnings(&ds, s, fact, known)
		for _, c := range s.Configs {
			for ri, run := range c.Runs {
				id := bench.Identity{MCU: s.MCU, Part: fact.Part, Board: s.Board, Library: Library,
					LibraryVersion: run.Version, Config: c.Label, Acceleration: ImpliedAcceleration(c.Label), ClockHz: s.ClockHz, Commit: s.Commit}
				if ri > 0 {
					// A further run under the same heading is a variant
					// build the caption describes (the G071 fragment).
					// The caption is markdown prose: its code marks
					// (`WOLFSSL_SP_SMALL`) are not part of a label.
					id.Config = c.Label + "; " + strings.ReplaceAll(strings.TrimSuffix(run.Caption, ":"), "`", "")
					if len(run.Results) > 0 && !strings.Contains(run.Caption, "wolfSSL version") {
						ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "inferred",
							Text: fmt.Sprintf("this output fragment prints no wolfSSL version; %s is taken from the block before it", run.Version), Source: run.Pos.String()})
					}
				}
				if impls := run.Impls(); len(impls) > 0 {
					// Older releases print which implementation ran each
					// line: it is part of what the build is.
					id.Config += "; implementation column " + strings.Join(impls, "/")
				}
				if known {
					for _, a := range id.Acceleration {
						if !fact.Has(a) {
							ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "claimed-accel-absent",
								Text: fmt.Sprintf("the label claims %s acceleration, but the %s has no %s peripheral (%s)%s", a, fact.Part, a, fact.HardwareNote,
									sameFigures(s, c, a)), Source: c.Pos.String()})
						}
					}
				}
				buildWarnings(&ds, id, s, c, run)
				if run.Base == 1000 || run.BaseDoubt {
					kind := "inferred"
					if run.BaseDoubt {
						kind = "unit-base"
					}
					ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: kind, Text: run.BaseWhy, Source: run.Pos.String()})
				}
				for _, res := range run.Results {
					addResult(&ds, id, s, run.BlockBytes, res)
				}
				for _, res := range run.Skipped {
					ds.Skipped = append(ds.Skipped, bench.Skipped{Identity: id, Name: res.Name, Printed: res.Printed, Reason: res.Note,
						Source: fmt.Sprintf("%s § %s (%s): %s", res.Pos, s.MCU, id.Config, res.Text), Pos: res.Pos})
				}
			}
		}
	}
	return ds
}

// buildWarnings flags what a build leaves unsaid: no version (kept
// empty, never guessed; the commit is kept where the page gives one),
// and no heading (the label then comes from the section's prose).
func buildWarnings(ds *bench.Dataset, id bench.Identity, s Section, c Config, run Run) {
	if len(run.Results) == 0 && len(run.Skipped) == 0 {
		return
	}
	if run.Version == "" {
		why := "the page prints no wolfSSL version for this build"
		if s.Commit != "" {
			why += "; it says it was tested on commit " + s.Commit
		}
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "version-unpublished", Text: why, Source: run.Pos.String()})
		ds.Missing = append(ds.Missing, bench.Missing{Identity: id, Field: "library_version", Reason: why, Source: run.Pos.String(), Pos: run.Pos})
	}
	if c.Heading == "" && c.Label != "" && s.Prose != "" {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Kind: "label-from-prose",
			Text: "the build has no heading of its own; its label is the section's description", Source: run.Pos.String()})
	}
}

func sectionWarnings(ds *bench.Dataset, s Section, fact bench.MCUFact, known bool) {
	if !known && s.MCU != "" {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: bench.WarnUnknownPart,
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
		for _, c := range supportsClaims(s.Supports) {
			if !fact.Has(c.accel) {
				ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Kind: "claimed-accel-absent",
					Text:   fmt.Sprintf("the page says the part supports %s acceleration, but the %s has no %s peripheral (%s)", c.what, fact.Part, c.accel, fact.HardwareNote),
					Source: s.Pos.String()})
			}
		}
	}
}

func addResult(ds *bench.Dataset, id bench.Identity, s Section, blockBytes int64, r Result) {
	m := bench.Measurement{Identity: id, Op: r.Op, Method: "benchmark", Printed: r.Printed,
		Source: fmt.Sprintf("%s § %s (%s): %s", r.Pos, s.MCU, id.Config, r.Text), Pos: r.Pos}
	if r.BytesPerSecond > 0 {
		m.BytesPerSecond = bench.F64(r.BytesPerSecond)
		if blockBytes > 0 {
			m.MessageBytes = bench.I64(blockBytes)
		}
		ds.Measurements = append(ds.Measurements, m)
		return
	}
	m.SecondsPerOp = bench.F64(r.SecondsPerOp)
	// count × avg should be the total time, within the printed precision
	// of both.
	if r.Count > 0 && math.Abs(r.Count*r.SecondsPerOp-r.Seconds) > 0.002+0.0005*r.Count {
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: s.MCU, Config: id.Config, Op: r.Op, Kind: "rounding",
			Text:   fmt.Sprintf("%g ops × avg %.3f ms = %.3f s, but the line says %.3f s", r.Count, r.SecondsPerOp*1000, r.Count*r.SecondsPerOp, r.Seconds),
			Source: m.Source})
	}
	ds.Measurements = append(ds.Measurements, m)
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
func sameFigures(s Section, c Config, accel string) string {
	if accel != bench.AccelHASH {
		return ""
	}
	find := func(cfg Config) string {
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
		if len(ImpliedAcceleration(o.Label)) == 0 && o.Label != c.Label {
			if sw := find(o); sw != "" && hw != "" {
				return fmt.Sprintf("; its SHA-256 is %s here and %s in the software-only build %q", hw, sw, o.Label)
			}
		}
	}
	return ""
}
