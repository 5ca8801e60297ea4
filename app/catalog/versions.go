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
// its peers (Build.peers: read per candidate and keystroke without a key
// to make).
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
		for _, b := range bs {
			b.peers = bs
		}
	}
}

// VersionSpreads is, for each operation ops gives (called only when the
// data holds several versions), how its figure varies across the
// library's measured versions on the same part and path (nil when the
// data holds one version only, or the build is an estimate).
func (a *Answer) VersionSpreads(ops func() []string) []VersionRange {
	if a.b.donor != nil || a.clock.ClockHz <= 0 {
		return nil
	}
	bs := a.b.peers
	if len(bs) == 0 {
		return nil
	}
	var out []VersionRange
	for _, op := range ops() {
		if bench.IsBulk(op) {
			continue
		}
		r := VersionRange{Op: op, Low: math.Inf(1)}
		for _, b := range bs {
			m, ok := lookup(b, op)
			if !ok || m.ClockHz <= 0 {
				continue
			}
			t := cycles(m) / float64(a.clock.ClockHz)
			r.Low, r.High = math.Min(r.Low, t), math.Max(r.High, t)
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
