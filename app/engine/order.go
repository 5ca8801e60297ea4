package engine

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// flashOrder sorts a part without internal flash (or without facts)
// after every part with some: "smallest" means the least flash to buy.
func flashOrder(c *Candidate) int64 {
	if c.FlashBytes <= 0 {
		return math.MaxInt64
	}
	return c.FlashBytes
}

func verdictRank(v Verdict) int {
	switch v {
	case Pass:
		return 0
	case Unknown:
		return 1
	}
	return 2
}

// order sorts candidates: passes (by the objective), then unknown (fewest
// missing measurements first, then by key), then fail by how close they
// came. It sorts indices, not the large structs.
func order(cs []Candidate, objective Objective) {
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return compare(&cs[i], &cs[j], objective) })
	permute(cs, idx)
}

// compare orders two candidates for order.
func compare(a, b *Candidate, objective Objective) int {
	if va, vb := verdictRank(a.Verdict), verdictRank(b.Verdict); va != vb {
		return cmp.Compare(va, vb)
	}
	if a.Verdict == Unknown && len(a.Missing) != len(b.Missing) {
		return cmp.Compare(len(a.Missing), len(b.Missing))
	}
	if a.Verdict == Pass && objective == ObjectiveEnergy {
		ea, oka := WorkloadEnergy(a)
		eb, okb := WorkloadEnergy(b)
		if oka != okb { // a known energy first
			if oka {
				return -1
			}
			return 1
		}
		if oka && ea != eb {
			return cmp.Compare(ea, eb)
		}
	}
	if a.Verdict == Pass && objective == ObjectiveSmallest {
		if a.ClockHz != b.ClockHz {
			return cmp.Compare(a.ClockHz, b.ClockHz)
		}
		if fa, fb := flashOrder(a), flashOrder(b); fa != fb {
			return cmp.Compare(fa, fb)
		}
	}
	if a.Verdict == Fail && (a.Headroom == nil) != (b.Headroom == nil) {
		return cmp.Compare(headroomOrder(a), headroomOrder(b)) // known on part of its figures: how close it came is not known, so last
	}
	if ha, hb := headroomOrder(a), headroomOrder(b); ha != hb {
		return -cmp.Compare(ha, hb)
	}
	return strings.Compare(a.Key, b.Key)
}

// headroomOrder is a candidate's headroom, infinite when it has none (an
// empty workload's passes come first).
func headroomOrder(c *Candidate) float64 {
	if c.Headroom == nil {
		return math.Inf(1)
	}
	return *c.Headroom
}

// permute puts cs in the order idx gives, in place, cycle by cycle:
// position k takes cs[idx[k]]. idx is spent.
func permute(cs []Candidate, idx []int) {
	for k := range idx {
		if idx[k] < 0 {
			continue
		}
		tmp, j := cs[k], k
		for {
			next := idx[j]
			idx[j] = -1
			if next == k {
				cs[j] = tmp
				break
			}
			cs[j], j = cs[next], next
		}
	}
}
