package catalog

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// Estimates for parts nobody measured (DESIGN.md, "Evidence"): a measured
// build is carried to a group of parts (ST's part database) when the core
// is the same, every unit the build uses exists on the group with the
// same name and IP version, and the donor's clock is credible. Times
// travel as cycles (t = t_donor × f_donor ÷ f_target) to the group's
// maximum clock, or the workload's clock below it. How wrong that can be
// comes from our own data: the same build measured on two parts with the
// same core (Spread); an estimate's slow end is its central value × its
// core's spread, and verdicts and headroom use the slow end.

// Spread is how far cycles per operation move between two parts with
// the same core, from every pair of identical software builds measured on
// both (the largest ratio of any operation); a core without a pair takes
// the largest spread of any core (Borrowed says from which).
type Spread struct {
	Core     string       `json:"core"`
	Factor   float64      `json:"factor"`
	Pairs    []SpreadPair `json:"pairs,omitempty"`
	Borrowed string       `json:"borrowed_from,omitempty"`
}

// SpreadPair is one build measured on two parts: the ratio of cycles per
// operation, smallest, median and largest, over Ops operations.
type SpreadPair struct {
	Library string  `json:"library"`
	Version string  `json:"version"`
	Config  string  `json:"config"`
	A       string  `json:"a"` // part @ clock
	B       string  `json:"b"`
	Ops     int     `json:"ops"`
	Min     float64 `json:"min"`
	Median  float64 `json:"median"`
	Max     float64 `json:"max"`
}

// credible reports whether a build can donate: a known part, measured at
// a clock within its maximum.
func (b *Build) credible() bool {
	return b.hasFact && b.id.ClockHz > 0 && b.id.ClockHz <= b.fact.MaxClockHz && b.donor == nil
}

// donor reports whether a build may donate: a credible bundled build. A
// user's import is ranked as itself only (its part, its clock).
func (b *Build) mayDonate() bool { return b.credible() && b.id.Imported == "" && !b.doubt }

// cycles per operation (or per byte) of a measurement at its clock.
func cycles(m *bench.Measurement) float64 {
	return seconds(m) * float64(m.ClockHz)
}

// spreadClocks is how far apart in clock the two runs of a spread pair
// may be: further apart, the pair measures flash wait states as much as
// the parts (ClockModel's evidence, not the spread's).
const spreadClocks = 3

// spreads computes the spread per core from every pair of builds with
// the same library, version and configuration and no accelerator,
// measured on two parts with the same core and memory class at credible
// clocks at most spreadClocks apart.
func spreads(builds []*Build) map[string]Spread { return spreadsWith(builds, true) }

// spreadsWith is spreads, with the memory rules (one class, spreadClocks)
// or without them (what the validation compares against).
func spreadsWith(builds []*Build, memory bool) map[string]Spread {
	out := map[string]Spread{}
	for i, a := range builds {
		for _, b := range builds[i+1:] {
			if !a.credible() || !b.credible() || len(a.id.Acceleration) > 0 || len(b.id.Acceleration) > 0 || a.fact.Core != b.fact.Core ||
				a.id.MCU == b.id.MCU || a.id.Library != b.id.Library || a.id.LibraryVersion != b.id.LibraryVersion || a.id.Config != b.id.Config ||
				a.doubt || b.doubt {
				continue
			}
			if memory && (External(a.group) != External(b.group) ||
				float64(max(a.id.ClockHz, b.id.ClockHz)) > spreadClocks*float64(min(a.id.ClockHz, b.id.ClockHz))) {
				continue
			}
			var ratios []float64
			for op, ms := range a.ops {
				ma, okA := lookup(a, op)
				mb, okB := lookup(b, op)
				if !okA || !okB || len(ms) == 0 || cycles(ma) <= 0 || cycles(mb) <= 0 {
					continue
				}
				r := cycles(ma) / cycles(mb)
				ratios = append(ratios, math.Max(r, 1/r))
			}
			if len(ratios) == 0 {
				continue
			}
			slices.Sort(ratios)
			p := SpreadPair{Library: a.id.Library, Version: a.id.LibraryVersion, Config: a.id.Config, A: at(a), B: at(b),
				Ops: len(ratios), Min: ratios[0], Median: median(ratios), Max: ratios[len(ratios)-1]}
			s := out[a.fact.Core]
			s.Core, s.Factor, s.Pairs = a.fact.Core, math.Max(s.Factor, p.Max), append(s.Pairs, p)
			out[a.fact.Core] = s
		}
	}
	return out
}

// median is the middle of sorted values, or the mean of the two middle
// ones.
func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func at(b *Build) string {
	return b.id.MCU + " @ " + strconv.FormatFloat(float64(b.id.ClockHz)/1e6, 'f', -1, 64) + " MHz"
}

// spreadFor is a core's spread, or the largest of any core.
func (cat *Catalog) spreadFor(core string) Spread {
	if s, ok := cat.spreads[core]; ok {
		return s
	}
	var big Spread
	for _, s := range cat.spreads {
		if s.Factor > big.Factor || s.Factor == big.Factor && s.Core < big.Core {
			big = s
		}
	}
	return Spread{Core: core, Factor: big.Factor, Borrowed: big.Core}
}

// Spreads lists the spread per core, for the documentation and the page.
func (cat *Catalog) Spreads() []Spread {
	var out []Spread
	for _, s := range cat.spreads {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Core < out[j].Core })
	return out
}

// stGroup finds the ST group of a measured part.
func stGroup(groups []bench.PartGroup, part string) *bench.PartGroup {
	for i := range groups {
		if _, ok := groups[i].Member(part); ok {
			return &groups[i]
		}
	}
	return nil
}

// prefixLen is how much of a part number the group index keys on:
// "STM32F7", the shortest name PartNameMatches accepts.
const prefixLen = len("STM32X0")

// groupIndex finds the ST group of a measured part as stGroup does,
// looking only at the groups with a member whose part number starts as
// the name does (every group holds thousands of members between them:
// scanning them all for each part was a tenth of the catalogue's making).
type groupIndex struct {
	groups []bench.PartGroup
	byHead map[string][]int // upper-case prefix → groups with such a member, in order
}

func newGroupIndex(groups []bench.PartGroup) groupIndex {
	ix := groupIndex{groups: groups, byHead: map[string][]int{}}
	for i := range groups {
		for _, m := range groups[i].Members {
			if len(m.Part) < prefixLen {
				continue
			}
			h := strings.ToUpper(m.Part[:prefixLen])
			if l := ix.byHead[h]; len(l) == 0 || l[len(l)-1] != i {
				ix.byHead[h] = append(l, i)
			}
		}
	}
	return ix
}

func (ix groupIndex) find(part string) *bench.PartGroup {
	if len(part) < prefixLen || strings.ContainsRune(part[:prefixLen], 'x') {
		return stGroup(ix.groups, part) // a wildcard in the prefix: every group
	}
	for _, i := range ix.byHead[strings.ToUpper(part[:prefixLen])] {
		if _, ok := ix.groups[i].Member(part); ok {
			return &ix.groups[i]
		}
	}
	return nil
}

// donates reports whether a measured build may be carried to a group.
func donates(b *Build, g *bench.PartGroup) bool { return donatesClass(b, g, true) }

// donatesClass is donates, with or without the memory class rule.
func donatesClass(b *Build, g *bench.PartGroup, class bool) bool {
	if !b.mayDonate() || class && External(b.group) != External(g) {
		return false
	}
	return donatesUnits(b, g)
}

// donatesUnits reports whether a build's core is one of the group's and
// every unit its label uses (that its part has) is the group's too.
func donatesUnits(b *Build, g *bench.PartGroup) bool {
	if !slices.Contains(g.Cores, b.fact.Core) {
		return false
	}
	for _, a := range b.id.Acceleration {
		if b.flagged[a] {
			continue
		}
		if b.group == nil {
			return false // the units it uses cannot be checked
		}
		u, ok := unitFor(b.group, a)
		if !ok || !g.Has(u) || a == bench.AccelPKA && !samePKA(b.group, g) {
			return false
		}
	}
	return true
}

// pkaRevisions are ST's PKA revisions by line, which ST's part data
// does not tell apart (every PKA is pka32_v1_0_Cube there): v1a on the
// STM32H5, H7RS and WBA, v1b on the U3 and U5, v1c on the L4+, L5, WB and
// WL, whose PKA lacks protected exponentiation, complete point addition,
// the double-base ladder and projective-to-affine conversion
// (embassy-stm32's PKA documentation, restated in wolfssl-ecc-ram.md §5).
var pkaRevisions = []struct{ rev, family string }{
	{"v1a", "STM32H5"}, {"v1a", "STM32H7"}, {"v1a", "STM32WBA"}, // the H7's only PKA parts are the H7RS (H7R/H7S)
	{"v1b", "STM32U3"}, {"v1b", "STM32U5"},
	{"v1c", "STM32L4+"}, {"v1c", "STM32L5"}, {"v1c", "STM32WB"}, {"v1c", "STM32WL"},
}

// pkaRevision is a group's PKA revision ("" when none is known).
func pkaRevision(g *bench.PartGroup) string {
	for _, r := range pkaRevisions {
		if g != nil && g.Family == r.family {
			return r.rev
		}
	}
	return ""
}

// samePKA reports whether two groups' PKAs are one revision: a PKA figure
// is carried only between them (an unknown revision shares with none).
func samePKA(a, b *bench.PartGroup) bool {
	ra := pkaRevision(a)
	return ra != "" && ra == pkaRevision(b)
}

// unitFor is the unit of a group an accelerator of a build's label is.
func unitFor(g *bench.PartGroup, accel string) (bench.CryptoUnit, bool) {
	return bench.UnitFor(g.Units, accel)
}

// group finds the ST group of each measured build's part.
func (cat *making) group() {
	groupOf := map[string]*bench.PartGroup{} // by part name: a few parts, many builds
	ix := newGroupIndex(cat.ds.Groups)
	for _, b := range cat.Builds {
		if !b.hasFact {
			cat.memberFact(b)
			b.notAPart = !b.hasFact && b.id.Imported != ""
			continue
		}
		g, ok := groupOf[b.fact.Part]
		if !ok {
			g = ix.find(b.fact.Part)
			groupOf[b.fact.Part] = g
		}
		b.group = g
	}
}

// memberFact gives a build without curated facts (a user's import on a
// part nobody measured) its part's facts from ST's data, where its name
// is a member of one group (a part number, or a prefix of one group's):
// the member's flash and RAM, the group's core, maximum clock and units;
// a unit its label claims that the part lacks is flagged, and the
// source's "no curated facts" warning goes.
func (cat *making) memberFact(b *Build) {
	var g *bench.PartGroup
	for i := range cat.ds.Groups {
		if _, ok := cat.ds.Groups[i].Member(b.id.MCU); ok {
			if g != nil {
				return // a prefix of several groups: which part is not known
			}
			g = &cat.ds.Groups[i]
		}
	}
	if g == nil || len(g.Cores) == 0 {
		return
	}
	// A prefix names several part numbers: the least flash and RAM of
	// them holds for each.
	b.fact, b.hasFact, b.group = groupFact(g, g.Cores[0]), true, g
	b.fact.FlashBytes, b.fact.RAMBytes, b.fact.Part = 0, 0, b.id.MCU
	named := 0
	for _, m := range g.Members {
		if bench.PartNameMatches(b.id.MCU, m.Part) {
			if named == 0 || m.FlashBytes < b.fact.FlashBytes {
				b.fact.FlashBytes = m.FlashBytes
			}
			if named == 0 || m.RAMBytes < b.fact.RAMBytes {
				b.fact.RAMBytes = m.RAMBytes
			}
			named++
		}
	}
	for _, a := range b.id.Acceleration {
		b.flagged[a] = !b.fact.Has(a)
	}
	b.warnings = slices.DeleteFunc(b.warnings, func(text string) bool {
		return slices.ContainsFunc(cat.ds.Warnings, func(w bench.Warning) bool {
			return w.Kind == bench.WarnUnknownPart && w.MCU == b.id.MCU && w.Text == text
		})
	})
}

// estimates adds, for every group, one build per library, version and
// configuration that may donate to it and is not measured on it (a
// measured build stands for its whole group): the donor of the same
// series first, then the nearest maximum clock.
func (cat *making) estimates() {
	measured := map[string]map[string]bool{} // group key → the estimate keys measured on it
	var donors []donor
	for _, b := range cat.Builds {
		k := estimateKey(b)
		if g := b.group; g != nil {
			if measured[g.Key] == nil {
				measured[g.Key] = map[string]bool{}
			}
			measured[g.Key][k] = true
		}
		if b.mayDonate() {
			donors = append(donors, newDonor(b, k))
		}
	}
	for gi := range cat.ds.Groups {
		cat.tick()
		g := &cat.ds.Groups[gi]
		gm, ext, series := measured[g.Key], External(g), strings.TrimPrefix(g.Family, "STM32")
		best := map[string]*donor{}
		var keys []string
		for i := range donors {
			d := &donors[i]
			if gm[d.key] || d.external != ext || !donatesUnits(d.b, g) {
				continue // a build measured on the group stands for it
			}
			if o := best[d.key]; o == nil {
				keys = append(keys, d.key)
				best[d.key] = d
			} else if closer(d, o, g, series) {
				best[d.key] = d
			}
		}
		slices.Sort(keys)
		var sum *GroupSummary
		facts := map[string]bench.MCUFact{} // by the donor's core
		for _, k := range keys {
			if sum == nil {
				sum = summarize(g)
			}
			b := best[k].b
			f, ok := facts[b.fact.Core]
			if !ok {
				f = groupFact(g, b.fact.Core)
				facts[b.fact.Core] = f
			}
			nb := estimated(g, b, f, sum)
			nb.spread = cat.spreadFor(b.fact.Core)
			nb.clocks = &cat.clocks
			cat.Builds = append(cat.Builds, nb)
		}
	}
}

// donor is a build that may donate, with what choosing among donors
// compares made once (each is compared for every group: they were a
// third of the catalogue's making).
type donor struct {
	b        *Build
	key      string // estimateKey
	id       string // ID.Key, the last tie-break
	series   string
	external bool
}

func newDonor(b *Build, key string) donor {
	return donor{b: b, key: key, id: b.id.Key(), series: b.fact.Series(), external: External(b.group)}
}

// estimateKey is what an estimate is one of per group: a library,
// version and configuration (and an import's name).
func estimateKey(b *Build) string {
	return b.id.Library + "|" + b.id.LibraryVersion + "|" + b.id.Config + "|" + b.id.Imported
}

// closer reports whether donor a suits the group better than b: the
// same series first (series: the group's), then the nearer maximum
// clock.
func closer(a, b *donor, g *bench.PartGroup, series string) bool {
	sa, sb := a.series == series, b.series == series
	if sa != sb {
		return sa
	}
	da, db := abs(a.b.fact.MaxClockHz-g.MaxClockHz), abs(b.b.fact.MaxClockHz-g.MaxClockHz)
	return cmp.Or(cmp.Compare(da, db), strings.Compare(a.id, b.id)) < 0
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// estimated is the build a donor gives a group: its measurements, at the
// group's clock, as an estimate (f: the group's facts, groupFact).
func estimated(g *bench.PartGroup, d *Build, f bench.MCUFact, sum *GroupSummary) *Build {
	id := d.id
	// No board: nobody measured one; the group's ST boards are
	// suggestions (Group.Boards), not where the figures come from.
	id.MCU, id.Part, id.Board, id.ClockHz = g.Name, g.Name, "", g.MaxClockHz
	id.Acceleration = []string{}
	for _, a := range d.id.Acceleration {
		if !d.flagged[a] {
			id.Acceleration = append(id.Acceleration, a)
		}
	}
	return &Build{id: id, lib: d.lib, ops: d.ops, fact: f, hasFact: true, warnings: []string{},
		flagged: map[string]bool{}, donor: d, group: g, footprints: d.footprints, sameRows: d.sameRows, summary: sum}
}

// groupFact is a group's facts as a part's: the core the donor ran on
// (and the maximum clock only when that is the group's main core),
// the largest flash and RAM of its members (filters keep a group when a
// member qualifies), its crypto units as the accelerators builds name.
func groupFact(g *bench.PartGroup, core string) bench.MCUFact {
	// ST's part files give the main core's maximum clock (an STM32H755's
	// Cortex-M7 at 480 MHz); a second core's (its Cortex-M4, slower) is
	// known only where ST's driver code is cited for it.
	hz, _ := g.CoreClock(core)
	f := bench.MCUFact{Part: g.Name, Core: core, MaxClockHz: hz, Boards: g.Boards, SourceNote: "ST's part database, " + g.File}
	for _, m := range g.Members {
		f.FlashBytes, f.RAMBytes = max(f.FlashBytes, m.FlashBytes), max(f.RAMBytes, m.RAMBytes)
	}
	f.CryptoHardware, f.HardwareNote = bench.HardwareOf(g.Units)
	return f
}

// GroupSummary names a part group compactly: how many members, their
// flash, RAM and packages, and ST's boards that carry one.
type GroupSummary struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Members int    `json:"members"`
	// List holds the members' facts (for the page; JSON gives the group
	// key, which `cryptosizer parts` lists by).
	List     []bench.PartMember `json:"-"`
	Flash    [2]int64           `json:"flash_bytes"` // smallest, largest
	RAM      [2]int64           `json:"ram_bytes"`
	Packages []string           `json:"packages"`
	Boards   []string           `json:"boards"`
	File     string             `json:"file"`
	// ClockFrom is the part file the group's maximum clock is inferred
	// from, where no member's file states it (bench.PartGroup).
	ClockFrom string `json:"clock_from,omitempty"`
	// Clocks are the maximum clocks ST's driver code states where its
	// part files give none (bench.PartGroup.Clocks).
	Clocks []bench.CitedClock `json:"cited_clocks,omitempty"`
	// Lines are the members' lines (STM32H750, STM32H753), in order.
	Lines []string `json:"-"`
	// Tell tells the group from another of the same lines (ST's data has
	// two STM32F100 groups): what differs, "16–32 KiB RAM"; "" when no
	// other group has its lines.
	Tell string `json:"tell,omitempty"`
}

// groupTells finds the groups whose members are of the same lines, and
// says for each what tells it from the others: RAM, else flash, else
// clock, else die.
func groupTells(groups []bench.PartGroup) map[string]string {
	byLines := map[string][]*bench.PartGroup{}
	var keys []string
	for i := range groups {
		g := &groups[i]
		var lines []string
		for _, m := range g.Members {
			if l := line(m.Part); !slices.Contains(lines, l) {
				lines = append(lines, l)
			}
		}
		k := strings.Join(lines, "/")
		if byLines[k] == nil {
			keys = append(keys, k)
		}
		byLines[k] = append(byLines[k], g)
	}
	out := map[string]string{}
	kib := func(b int64) string { return strconv.FormatInt(b>>10, 10) }
	span := func(lo, hi int64, unit string) string {
		if lo == hi {
			return kib(lo) + " KiB " + unit
		}
		return kib(lo) + "–" + kib(hi) + " KiB " + unit
	}
	for _, k := range keys {
		gs := byLines[k]
		if len(gs) < 2 {
			continue
		}
		for _, tell := range []func(g *bench.PartGroup) string{
			func(g *bench.PartGroup) string { s := summarize(g); return span(s.RAM[0], s.RAM[1], "RAM") },
			func(g *bench.PartGroup) string { s := summarize(g); return span(s.Flash[0], s.Flash[1], "flash") },
			func(g *bench.PartGroup) string { return strconv.FormatInt(g.MaxClockHz/1e6, 10) + " MHz" },
			func(g *bench.PartGroup) string { return "die " + g.Die },
		} {
			seen := map[string]bool{}
			for _, g := range gs {
				seen[tell(g)] = true
			}
			if len(seen) == len(gs) {
				for _, g := range gs {
					out[g.Key] = tell(g)
				}
				break
			}
		}
	}
	return out
}

// Donor is the measured build an estimate's figures come from.
type Donor struct {
	MCU     string `json:"mcu"`
	Part    string `json:"part"`
	Board   string `json:"board"`
	ClockHz int64  `json:"clock_hz"`
	Key     string `json:"key"`
	// Spread is the core's spread (its pairs: Catalog.Spreads).
	Spread Spread `json:"spread"`
}

// line is a part number's line: STM32H753 of STM32H753ZIT6, STM32WBA52 of
// STM32WBA52CGU6, STM32WB55 of STM32WB55RGV6 (the series' letters, then
// three characters after one letter or two after two or three).
func line(part string) string {
	rest := strings.TrimPrefix(part, "STM32")
	n := 0
	for n < len(rest) && rest[n] >= 'A' && rest[n] <= 'Z' {
		n++
	}
	n += 3
	if n > 4 {
		n = min(n-1, 5)
	}
	return part[:len(part)-len(rest)+min(n, len(rest))]
}

func summarize(g *bench.PartGroup) *GroupSummary {
	s := &GroupSummary{Key: g.Key, Name: g.Name, Members: len(g.Members), Boards: g.Boards, File: g.File, Packages: []string{}, List: g.Members,
		ClockFrom: g.ClockFrom, Clocks: g.Clocks}
	for i, m := range g.Members {
		if i == 0 || m.FlashBytes < s.Flash[0] {
			s.Flash[0] = m.FlashBytes
		}
		if i == 0 || m.RAMBytes < s.RAM[0] {
			s.RAM[0] = m.RAMBytes
		}
		s.Flash[1], s.RAM[1] = max(s.Flash[1], m.FlashBytes), max(s.RAM[1], m.RAMBytes)
		if !slices.Contains(s.Packages, m.Package) {
			s.Packages = append(s.Packages, m.Package)
		}
		if l := line(m.Part); !slices.Contains(s.Lines, l) {
			s.Lines = append(s.Lines, l)
		}
	}
	return s
}
