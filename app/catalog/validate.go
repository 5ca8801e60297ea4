package catalog

import (
	"math"
	"slices"
	"sort"

	"cryptosizer/app/bench"
)

// Leave-one-part-out validation (DESIGN.md, "Evidence"): every measured
// build that another measured build could be carried to is estimated as
// if its part were unmeasured — the spreads and the clock model made
// without that part's builds — and the estimate is compared with the
// measurement. How close the estimates come, and how often the
// measurement falls inside the slow end, is the honest answer to "how
// good is an estimate?", per core and per term class.

// Check is one figure estimated as if unmeasured: the ratio of the
// estimated central time to the measured one, and whether the measured
// time falls inside the estimate's slow end.
type Check struct {
	Core  string `json:"core"`
	Class string `json:"class"` // TermSoftware or TermHardware
	Op    string `json:"op"`
	// Target and Donor name the measured build and the one it is
	// estimated from ("part @ clock").
	Target string  `json:"target"`
	Donor  string  `json:"donor"`
	Ratio  float64 `json:"ratio"`  // estimated ÷ measured time
	Slow   float64 `json:"slow"`   // the slow-end factor the estimate had
	Inside bool    `json:"inside"` // measured time ≤ estimate × slow
}

// Term classes: an operation a build runs on a hardware unit, or in
// software.
const (
	TermSoftware = "software"
	TermHardware = "hardware unit"
)

// Validated sums up the checks of one core and class (Class "" for all
// classes): how many, the median error (the ratio or its inverse,
// whichever is ≥ 1) and its 90th percentile, and the share inside the
// slow end.
type Validated struct {
	Core   string  `json:"core"`
	Class  string  `json:"class,omitempty"`
	Checks int     `json:"checks"`
	Median float64 `json:"median_error"`
	P90    float64 `json:"p90_error"`
	Inside float64 `json:"inside_slow_end"`
}

// Rules says which of the memory rules a validation applies (both, for
// the catalogue's own estimates; none, to show what they change).
type Rules struct {
	// Memory: donors and targets share a memory class, spread pairs are
	// within one class and spreadClocks in clock, and a donor taken up in
	// clock widens its slow end (ClockModel).
	Memory bool
}

// Validate estimates every measured build from every other that may
// donate to its group, under rules, and returns the checks.
func (cat *Catalog) Validate(rules Rules) []Check {
	var measured []*Build
	for _, b := range cat.Builds {
		if b.donor == nil && b.credible() && b.id.Imported == "" && b.group != nil {
			measured = append(measured, b)
		}
	}
	var out []Check
	byPart := map[string][]*Build{}
	var parts []string
	for _, b := range measured {
		if byPart[b.fact.Part] == nil {
			parts = append(parts, b.fact.Part)
		}
		byPart[b.fact.Part] = append(byPart[b.fact.Part], b)
	}
	for _, part := range parts {
		// The evidence without this part's builds.
		var others []*Build
		for _, b := range cat.Builds {
			if b.donor == nil && (!b.hasFact || b.fact.Part != part) {
				others = append(others, b)
			}
		}
		spreadsOf := spreadsUnder(others, rules)
		clocks := clockModel(others)
		for _, m := range byPart[part] {
			for _, d := range others {
				if estimateKey(d) != estimateKey(m) || d.group == m.group || !donatesUnder(d, m.group, rules) {
					continue
				}
				out = append(out, cat.check(m, d, spreadsOf, clocks, rules)...)
			}
		}
	}
	return out
}

// check compares each operation both builds have.
func (cat *Catalog) check(m, d *Build, spreadsOf map[string]Spread, clocks ClockModel, rules Rules) []Check {
	spread := spreadOf(spreadsOf, d.fact.Core).Factor
	up := float64(m.id.ClockHz) / float64(d.id.ClockHz)
	if rules.Memory {
		spread *= clocks.Widen(up)
	}
	spread = math.Max(spread, 1)
	var out []Check
	ops := make([]string, 0, len(m.ops))
	for op := range m.ops {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	for _, op := range ops {
		mm, ok1 := lookup(m, op)
		dm, ok2 := lookup(d, op)
		if !ok1 || !ok2 || seconds(mm) <= 0 || seconds(dm) <= 0 {
			continue
		}
		est := seconds(dm) * float64(d.id.ClockHz) / float64(m.id.ClockHz)
		class := TermSoftware
		if a := accelFor(op); a != "" && slices.Contains(d.id.Acceleration, a) {
			class = TermHardware
		}
		r := est / seconds(mm)
		out = append(out, Check{Core: m.fact.Core, Class: class, Op: op, Target: at(m), Donor: at(d), Ratio: r, Slow: spread,
			Inside: seconds(mm) <= est*spread*(1+1e-9)})
	}
	return out
}

// spreadOf is a core's spread in a set, or the largest of any core.
func spreadOf(set map[string]Spread, core string) Spread {
	if s, ok := set[core]; ok {
		return s
	}
	var big Spread
	for _, s := range set {
		if s.Factor > big.Factor {
			big = s
		}
	}
	return big
}

// spreadsUnder is spreads, with or without the memory rules.
func spreadsUnder(builds []*Build, rules Rules) map[string]Spread {
	if rules.Memory {
		return spreads(builds)
	}
	return spreadsWith(builds, false)
}

// donatesUnder is donates, with or without the memory class rule.
func donatesUnder(b *Build, g *bench.PartGroup, rules Rules) bool {
	if rules.Memory {
		return donates(b, g)
	}
	return donatesClass(b, g, false)
}

// Summarize sums checks per core and class, then per core over both
// classes, then over every core ("all"), in that order.
func Summarize(checks []Check) []Validated {
	groups := map[[2]string][]Check{}
	var keys [][2]string
	add := func(k [2]string, c Check) {
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, c := range checks {
		add([2]string{c.Core, c.Class}, c)
		add([2]string{c.Core, ""}, c)
		add([2]string{"all", ""}, c)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if (a[0] == "all") != (b[0] == "all") {
			return b[0] == "all"
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		return a[1] != "" && (b[1] == "" || a[1] < b[1])
	})
	out := make([]Validated, 0, len(keys))
	for _, k := range keys {
		cs := groups[k]
		errs := make([]float64, len(cs))
		in := 0
		for i, c := range cs {
			errs[i] = math.Max(c.Ratio, 1/c.Ratio)
			if c.Inside {
				in++
			}
		}
		slices.Sort(errs)
		out = append(out, Validated{Core: k[0], Class: k[1], Checks: len(cs), Median: median(errs),
			P90: errs[min(len(errs)-1, int(math.Ceil(0.9*float64(len(errs))))-1)], Inside: float64(in) / float64(len(cs))})
	}
	return out
}

// Validation is the leave-one-part-out validation of the catalogue's own
// estimate rules, summed per core and class (Summarize).
func (cat *Catalog) Validation() []Validated { return cat.validated() }

// ValidationFor is the validation of a core's estimates over both term
// classes; nil when no check was possible on that core.
func (cat *Catalog) ValidationFor(core string) *Validated {
	for _, v := range cat.Validation() {
		if v.Core == core && v.Class == "" {
			return &v
		}
	}
	return nil
}

// Coverage is what one core has measured: the parts, the libraries and
// the builds, and the spread its estimates take (Spread.Borrowed set
// when no library is measured on two of its parts).
type Coverage struct {
	Core      string   `json:"core"`
	Parts     []string `json:"parts"`
	Libraries []string `json:"libraries"`
	Builds    int      `json:"builds"`
	Spread    Spread   `json:"spread"`
}

// Coverage lists every core with a measured build, by core.
func (cat *Catalog) Coverage() []Coverage {
	by := map[string]*Coverage{}
	for _, b := range cat.Builds {
		if b.donor != nil || b.id.Imported != "" || !b.hasFact {
			continue
		}
		c := by[b.fact.Core]
		if c == nil {
			c = &Coverage{Core: b.fact.Core, Spread: cat.spreadFor(b.fact.Core)}
			by[b.fact.Core] = c
		}
		c.Builds++
		if !slices.Contains(c.Parts, b.fact.Part) {
			c.Parts = append(c.Parts, b.fact.Part)
		}
		if !slices.Contains(c.Libraries, b.id.Library) {
			c.Libraries = append(c.Libraries, b.id.Library)
		}
	}
	out := make([]Coverage, 0, len(by))
	for _, c := range by {
		sort.Strings(c.Parts)
		sort.Strings(c.Libraries)
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Core < out[j].Core })
	return out
}
