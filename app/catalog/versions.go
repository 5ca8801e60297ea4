package catalog

import (
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// A library measured in several versions on one part and one path (the
// same units used) can differ several-fold between them (wolfSSL on the
// U585: 5.3.1 and the Bare_Test builds; on the H753: 4.4.1 and 5.6.6).
// A row shows its own version's figure; VersionRange says how far the
// other measured versions went, from the bundled data only. It never
// changes the row's verdict.

// VersionRange is one operation's spread across the measured versions of
// the row's library on its part and path: the fastest and slowest at the
// row's clock (cycles kept) and the versions ("" is unpublished).
type VersionRange struct {
	Op       string   `json:"op"`
	Versions []string `json:"versions"`
	Low      float64  `json:"low_s"`
	High     float64  `json:"high_s"`
}

// versionKey is a measured build's part, library and path: the part's
// group of ST's data where it has one (the Bare_Test's STM32U585AI and the
// benchmark pages' STM32U585 are one part), else its name.
func versionKey(b *Build) string {
	part := b.id.MCU
	if b.group != nil {
		part = b.group.Key
	}
	return part + "|" + b.id.Library + "|" + strings.Join(b.id.Acceleration, "+")
}

// versionIndex groups the bundled measured builds by part, library and
// path and gives each build of a group that holds more than one version
// its ranges over them (Build.ranges: read per candidate and keystroke
// with nothing to work out).
func versionIndex(builds []*Build) {
	all := map[string][]*Build{}
	for _, b := range builds {
		if b.donor == nil && b.id.Imported == "" {
			all[versionKey(b)] = append(all[versionKey(b)], b)
		}
	}
	for k, bs := range all {
		first := bs[0].id.LibraryVersion
		if !slices.ContainsFunc(bs, func(x *Build) bool { return x.id.LibraryVersion != first }) {
			delete(all, k)
			continue
		}
		ranges := cycleRanges(bs)
		for _, b := range bs {
			b.ranges = ranges
		}
	}
}

// VersionSpreads is, for each operation used reports, how its figure
// varies across the library's measured versions on the same part and
// path (nil when the data holds one version only, or the build is an
// estimate). The ranges are worked out once per catalogue (Build.ranges,
// in cycles); a ranking only scales the ones it uses to its clock.
func (a *Answer) VersionSpreads(used func(op string) bool) []VersionRange {
	if a.b.donor != nil || a.clock.ClockHz <= 0 || len(a.b.ranges) == 0 {
		return nil
	}
	var out []VersionRange
	hz := float64(a.clock.ClockHz)
	for _, r := range a.b.ranges {
		if used(r.Op) {
			r.Low, r.High = r.Low/hz, r.High/hz
			out = append(out, r)
		}
	}
	return out
}

// cycleRanges are a build's ranges over its peers, in cycles: per
// operation any peer publishes, where at least two versions publish it.
func cycleRanges(peers []*Build) []VersionRange {
	var ops []string
	for _, b := range peers {
		for op := range b.ops {
			if !bench.IsBulk(op) && !slices.Contains(ops, op) {
				ops = append(ops, op)
			}
		}
	}
	slices.Sort(ops)
	var out []VersionRange
	for _, op := range ops {
		r := VersionRange{Op: op, Low: math.Inf(1)}
		for _, b := range peers {
			m, ok := lookup(b, op)
			if !ok || m.ClockHz <= 0 {
				continue
			}
			r.Low, r.High = math.Min(r.Low, cycles(m)), math.Max(r.High, cycles(m))
			if !slices.Contains(r.Versions, b.id.LibraryVersion) {
				r.Versions = append(r.Versions, b.id.LibraryVersion)
			}
		}
		if len(r.Versions) > 1 {
			out = append(out, r)
		}
	}
	return out
}
