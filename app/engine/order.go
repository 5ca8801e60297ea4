package engine

import (
	"cmp"
	"math"
	"slices"
)

// flashOrder sorts a part without internal flash (or without facts)
// after every part with some: "smallest" means the least flash to buy.
func flashOrder(c *Candidate) int64 {
	if c.FlashBytes <= 0 {
		return math.MaxInt64
	}
	return c.FlashBytes
}

// VerdictOrder is a verdict's place in a ranking: pass 0, unknown 1, fail 2.
func VerdictOrder(v Verdict) int {
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
// came, then by key (its place among the builds' keys: keyRank, by
// build, ar.from giving each candidate's). It sorts indices, not the
// large structs, by keys taken once per candidate, and moves ar.from
// with the candidates.
func order(cs []Candidate, objective Objective, keyRank []int32, ar *arena) {
	idx, keys := slices.Grow(ar.idx[:0], len(cs))[:len(cs)], slices.Grow(ar.keys[:0], len(cs))[:len(cs)]
	ar.idx, ar.keys = idx, keys
	for i := range cs {
		idx[i], keys[i] = i, orderKeyOf(&cs[i], objective)
	}
	slices.SortFunc(idx, func(i, j int) int {
		a, b := &keys[i], &keys[j]
		for f := range a {
			if a[f] != b[f] && (a[f] == a[f] || b[f] == b[f]) { // two NaNs are equal (cmp.Compare)
				return cmp.Compare(a[f], b[f])
			}
		}
		return cmp.Compare(keyRank[ar.from[i]], keyRank[ar.from[j]])
	})
	for k, i := range idx {
		ar.spare[k] = ar.from[i]
	}
	ar.from, ar.spare = ar.spare, ar.from
	permute(cs, idx)
}

// orderKey is what order compares of a candidate, in that order: the
// verdict (3: a fail whose headroom is known only at most, 4: without
// one, how close it came not known);
// an unknown's missing measurements, or a pass's energy (+Inf when not
// known or not ranked by it) or clock (the smallest objective); a pass's
// flash (the smallest objective); the headroom negated (the larger first;
// -Inf without one: an empty workload's passes first).
type orderKey [4]float64

func orderKeyOf(c *Candidate, objective Objective) orderKey {
	k := orderKey{float64(VerdictOrder(c.Verdict)), math.Inf(1), 0, -headroomOrder(c)}
	switch {
	case c.Verdict == Unknown:
		k[1] = float64(len(c.Missing))
	case c.Verdict == Pass && objective == ObjectiveEnergy:
		if e, ok := WorkloadEnergy(c); ok {
			k[1] = e
		}
	case c.Verdict == Pass && objective == ObjectiveSmallest:
		k[1], k[2] = float64(c.ClockHz), float64(flashOrder(c))
	case c.Verdict == Fail && c.Headroom == nil:
		k[0] = 4
	case c.Verdict == Fail && c.AtMost:
		k[0] = 3 // after the failures whose headroom is known
	}
	return k
}

// headroomOrder is a candidate's headroom, infinite when it has none (an
// empty workload's passes come first) or it is not a number.
func headroomOrder(c *Candidate) float64 {
	if c.Headroom == nil || math.IsNaN(*c.Headroom) {
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
