package catalog

import (
	"slices"

	"cryptosizer/app/bench"
)

// A configuration that runs some operations with another configuration's
// code on the same board, where its source prints no figure of its own
// (bench.SameCode: STM32_Bare_Test's asm flavour runs its ECC in the c
// flavour's C SP math), takes that configuration's figure there,
// estimated, its slow end × the rule's spread.

// sameCodeBuild is a build's sibling under a rule: the build of the
// rule's other configuration on the same board, clock, library and
// version.
type sameCodeBuild struct {
	b    *Build
	rule *bench.SameCode
}

// linkSameCode links each build a rule covers to its sibling (measured
// builds only: an estimate takes its donor's link in complete).
func (cat *making) linkSameCode() {
	for i := range cat.ds.SameCode {
		r := &cat.ds.SameCode[i]
		if r.Memory {
			continue // fileFootprints carries its rows
		}
		from := cat.siblings(r)
		for _, b := range cat.Builds {
			if s := from[siblingKey(b.id)]; s != nil && ruled(b, r, r.Config) {
				b.same = &sameCodeBuild{b: s, rule: r}
			}
		}
	}
}

// siblings are the builds of rule r's other configuration (From), by
// what a build and its sibling share.
func (cat *making) siblings(r *bench.SameCode) map[string]*Build {
	out := map[string]*Build{}
	for _, b := range cat.Builds {
		if ruled(b, r, r.From) {
			out[siblingKey(b.id)] = b
		}
	}
	return out
}

// ruled reports whether b is a measured build of rule r's library in
// configuration config (imports are the user's: no rule of a source
// reaches them).
func ruled(b *Build, r *bench.SameCode, config string) bool {
	return b.id.Config == config && b.lib.Name == r.Library && b.id.Imported == ""
}

// siblingKey is what a build and its sibling share.
func siblingKey(id bench.Identity) string {
	id.Config, id.Acceleration = "", nil
	return id.Key()
}

// sameCode is the sibling's measurement of op where the build has none
// of its own and a rule covers op; nil otherwise.
func (b *Build) sameCode(op string) (*bench.Measurement, *bench.SameCode) {
	if b.same == nil || !slices.Contains(b.same.rule.Ops, op) {
		return nil, nil
	}
	if m, ok := lookup(b.same.b, op); ok {
		return m, b.same.rule
	}
	return nil, nil
}

// own is op's measurement for b: its own, else its sibling's under a
// rule (then the rule).
func own(b *Build, op string) (*bench.Measurement, *bench.SameCode, bool) {
	if m, ok := lookup(b, op); ok {
		return m, nil, true
	}
	m, r := b.sameCode(op)
	return m, r, m != nil
}

// sameCodeFrom marks a figure as its sibling's: estimated, its slow end
// widened by the rule's spread (or by the margin the user set, which
// replaces the data's spreads: already in an estimate's clock), and the
// rule cited.
func sameCodeFrom(f *Figure, r *bench.SameCode, s Clock, q Question) {
	switch {
	case !q.OwnMargin:
		f.Spread = max(f.Spread, 1) * r.Spread
	case s.Spread == 0: // a measured build: the margin, as on an estimate
		f.Spread = max(f.Spread, 1) * (1 + q.Margin)
	}
	f.Basis = bench.Estimated
	f.From.Spread = f.Spread
	f.From.SameCode = &SameCodeFrom{Config: r.From, Document: r.Pos.File, Line: r.Pos.Line, Spread: r.Spread, SpreadLine: r.SpreadPos.Line, Note: r.Note}
}

// SameCodeFrom says a figure is another configuration's of the same
// build on the same board, which runs the same code (bench.SameCode).
type SameCodeFrom struct {
	Config     string  `json:"config"`
	Document   string  `json:"document"`
	Line       int     `json:"line"`
	Spread     float64 `json:"spread"`
	SpreadLine int     `json:"spread_line"`
	Note       string  `json:"note"`
}

// fileSameStacks gives each build a memory rule covers (bench.SameCode
// Memory: STM32_Bare_Test's c and asm builds on a board without a PKA)
// its sibling's published rows for the rule's operations it has none
// of: copies under its own configuration, each marked as the sibling's
// (Build.sameRows) so that the footprint that counts one is estimated
// and says whose it is.
func (cat *making) fileSameStacks() {
	for i := range cat.ds.SameCode {
		r := &cat.ds.SameCode[i]
		if !r.Memory {
			continue
		}
		siblings := cat.siblings(r)
		from := &SameCodeFrom{Config: r.From, Document: r.Pos.File, Line: r.Pos.Line, Spread: r.Spread, SpreadLine: r.SpreadPos.Line, Note: r.Note}
		for _, b := range cat.Builds {
			s := siblings[siblingKey(b.id)]
			if s == nil || !ruled(b, r, r.Config) || !slices.Contains(r.MCUs, b.id.MCU) {
				continue
			}
			for _, op := range r.Ops {
				if len(b.footprints[op]) > 0 {
					continue
				}
				for _, row := range s.footprints[op] {
					c := *row
					c.Config, c.Acceleration = b.id.Config, b.id.Acceleration
					if b.footprints == nil {
						b.footprints = map[string][]*bench.Footprint{}
					}
					if b.sameRows == nil {
						b.sameRows = map[*bench.Footprint]*SameCodeFrom{}
					}
					b.footprints[op] = append(b.footprints[op], &c)
					b.sameRows[&c] = from
				}
			}
		}
	}
}

// sameRow marks fp when row, op's, is a sibling's under a memory rule:
// estimated, and whose it is.
func (a *Answer) sameRow(fp *Footprint, row *bench.Footprint, op string) {
	if from := a.b.sameRows[row]; from != nil {
		fp.Basis = bench.Estimated
		fp.SameCodeOps, fp.SameCode = append(fp.SameCodeOps, op), from
	}
}
