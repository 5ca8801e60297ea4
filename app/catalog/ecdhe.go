package catalog

import (
	"math"
	"slices"
	"strings"

	"cryptosizer/app/bench"
)

// ECDHE from the same build's ECDSA (../shared/sources/wolfssl-ecc-ram.md
// §2–2b): in wolfSSL's specialised SP code the P-256 shared secret runs
// the same point multiplication as ECDSA verification from a smaller
// frame, and key generation the same base-point multiplication as
// signing (sp_c32.c at wolfssl-examples-stm32@aa1de500, lines 25162/25196
// against 26296/26347/26263, and 24949/24994 against 25806). So for a
// software SP build the shared secret takes at most a verification and
// key generation at most a signature: an upper bound from reading the
// code. The central figure is the median ratio over the bundled builds
// that publish all four operations in SP software; the bound is the slow
// end. Never for fast math, generic sp_int.c or ECC on the PKA, where
// the data shows the bound fails.

// ECDHEDoc is the restatement the rule cites.
const ECDHEDoc = "wolfssl-ecc-ram.md §2–2b"

// ecdhePartner is each ECDHE operation's ECDSA bound.
var ecdhePartner = map[string]string{"ecdh-p256-agree": "ecdsa-p256-verify", "ecc-p256-keygen": "ecdsa-p256-sign"}

// spLabel and notSP read a wolfSSL build's label, lower case: SP code
// (sp_c32.c, sp_cortexm.c, SP Math, SP-ASM, WOLF_CONF_MATH=4, ARM
// assembly speed-ups, STM32_Bare_Test's sp_c32.c), and not fast math or
// the generic sp_int.c ("SP Math All", WOLF_CONF_MATH=6), whose
// verification takes another path: the L4A6Z's sp_int.c build breaks the
// bound (§2b), so none is estimated, although two others keep it.
var (
	spLabel = []string{"sp-", "sp_", "sp math", " sp ", "sp c32", "wolf_conf_math=4", "assembly speedups", "bare_test"}
	notSP   = []string{"fastmath", "fast math", "sp_int.c", "tfm", "sp math all", "wolf_conf_math=6"}
)

// anyIn reports whether s holds one of words.
func anyIn(s string, words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return strings.Contains(s, w) })
}

// spSoftware reports whether a build's ECC runs in wolfSSL's SP code in
// software: the rule's builds.
func spSoftware(b *Build) bool {
	label := strings.ToLower(b.id.Config)
	return b.lib.Name == "wolfSSL" && !slices.Contains(b.id.Acceleration, bench.AccelPKA) &&
		anyIn(label, spLabel) && !anyIn(label, notSP)
}

// ECDHERule is the rule's evidence: per ECDHE operation, the ratio to
// its ECDSA bound over the builds that publish both (its median is the
// central figure), and how a leave-one-out of the median predicts each
// of them.
type ECDHERule struct {
	Op      string  `json:"op"`
	Bound   string  `json:"bound"`
	Builds  int     `json:"builds"`
	Median  float64 `json:"median_ratio"`
	Min     float64 `json:"min_ratio"`
	Max     float64 `json:"max_ratio"`
	Held    int     `json:"bound_held"`     // builds whose ratio is at most 1
	LOOLow  float64 `json:"loo_error_low"`  // predicted ÷ measured, leave-one-out, smallest
	LOOHigh float64 `json:"loo_error_high"` // and largest
}

// ecdheRules computes the rule from the measured builds (own figures
// only, never an estimate's).
func ecdheRules(builds []*Build) map[string]ECDHERule {
	out := map[string]ECDHERule{}
	for op, bound := range ecdhePartner {
		var ratios []float64
		for _, b := range builds {
			if b.donor != nil || b.id.Imported != "" || !spSoftware(b) {
				continue
			}
			m, okM := lookup(b, op)
			d, okD := lookup(b, bound)
			if okM && okD && *d.SecondsPerOp > 0 {
				ratios = append(ratios, *m.SecondsPerOp / *d.SecondsPerOp)
			}
		}
		if len(ratios) < 3 {
			continue
		}
		out[op] = ecdheRule(op, bound, ratios)
	}
	return out
}

// ecdheRule summarizes the ratios of one operation.
func ecdheRule(op, bound string, ratios []float64) ECDHERule {
	sorted := slices.Sorted(slices.Values(ratios))
	r := ECDHERule{Op: op, Bound: bound, Builds: len(ratios), Median: median(sorted), Min: sorted[0], Max: sorted[len(sorted)-1], LOOLow: math.Inf(1)}
	for i, x := range ratios {
		if x <= 1 {
			r.Held++
		}
		rest := slices.Sorted(slices.Values(slices.Delete(slices.Clone(ratios), i, i+1)))
		e := median(rest) / x
		r.LOOLow, r.LOOHigh = math.Min(r.LOOLow, e), math.Max(r.LOOHigh, e)
	}
	return r
}

// ECDHERules is the rule per operation, for the validation's report.
func (cat *Catalog) ECDHERules() []ECDHERule {
	var out []ECDHERule
	for _, op := range []string{"ecc-p256-keygen", "ecdh-p256-agree"} {
		if r, ok := cat.ecdhe[op]; ok {
			out = append(out, r)
		}
	}
	return out
}

// fromECDSA is op's figure for a software SP build that publishes its
// ECDSA bound but not op: the bound × the median ratio, the bound itself
// the slow end, labelled an estimate.
func (cat *Catalog) fromECDSA(b *Build, op string, s Clock, q Question) (Figure, bool) {
	r, ok := cat.ecdhe[op]
	if !ok || !spSoftware(b) {
		return Figure{}, false
	}
	m, same, ok := own(b, r.Bound)
	if !ok {
		return Figure{}, false
	}
	f := Figure{Each: *m.SecondsPerOp * s.Factor * r.Median, Spread: max(s.Spread, 1) / r.Median, Basis: bench.Estimated, Method: m.Method}
	f.From = s.from(m)
	f.From.Spread, f.From.Bounded, f.From.Ratio, f.From.Over = f.Spread, r.Bound, r.Median, r.Builds
	f.Source = m.Source // the bound's row; From.Bounded says what was done to it
	f.Pos = m.Pos
	if row := pickFootprint(b.footprints[footprintOp(r.Bound)], "", f.Method); row != nil {
		f.Work = rowWork(row) // at most the bound's (§2): an upper bound
	}
	if same != nil {
		sameCodeFrom(&f, same, s, q)
	}
	return f, true
}
