package engine

import (
	"slices"

	"cryptosizer/app/catalog"
)

// What choosing a part needs beside the verdict: the part's facts, the
// library's published memory footprint for the operations the workload
// uses, and notes where the data may surprise.

// Footprint is the memory a library publishes for the operations a
// workload uses (catalog.Answer.Footprint).
type Footprint = catalog.Footprint

// used are the operations of the requirements' terms with what the
// catalogue handed out for them, for what it publishes besides time: in
// the ranking's one buffer, valid until the next call (the catalogue
// keeps none of them). A named bootloader's are not the build's (its
// image and its crypto are its own): its footprint leaves them out.
func (e *Eval) used(reqs []Requirement) []catalog.Used {
	e.usedBuf = e.usedBuf[:0]
	for _, r := range reqs {
		if r.Kind == KindFirmware && booted(e.w) {
			continue
		}
		for _, t := range r.Terms {
			e.usedBuf = append(e.usedBuf, catalog.Used{Op: t.Op, Counted: t.Count > 0 || t.Bytes > 0, Missing: t.Missing,
				Config: t.Config, Method: t.Method, From: t.From, Stack: t.Stack, Basis: t.Basis})
		}
	}
	return e.usedBuf
}

// slower notes the operations where this build's accelerator is slower
// than the same part's build without it, from the same document: one
// note per accelerator and comparison build.
func slower(a catalog.Answer, used []catalog.Used) []Note {
	var out []Note
	for _, s := range a.Slower(used) {
		out = append(out, Note{Code: WhyAccelSlower, Accel: s.Accel, Ops: s.Ops,
			Compared: &Sibling{Library: s.Library, Version: s.Version, Config: s.Config, Acceleration: s.Acceleration}})
	}
	return out
}

// siblings notes, for candidates on the same board with other library
// versions, how those rank: the version and its configuration often
// matter more than the accelerators.
func (ix *Index) siblings(cs []Candidate, ar *arena) {
	if len(ar.groups) != ix.nsiblings {
		ar.groups = make([][]int, ix.nsiblings)
	}
	groups := ar.groups
	for g := range groups {
		groups[g] = groups[g][:0]
	}
	for i := range cs {
		if g := ix.sibling[ar.from[i]]; g >= 0 {
			groups[g] = append(groups[g], i)
		}
	}
	for _, idx := range groups {
		if !slices.ContainsFunc(idx, func(i int) bool { return cs[i].LibraryVersion != cs[idx[0]].LibraryVersion }) {
			continue // one version left (a filter took the others)
		}
		for _, i := range idx {
			n := Note{Code: WhySameBoard}
			for _, j := range idx {
				if j == i || cs[j].LibraryVersion == cs[i].LibraryVersion {
					continue
				}
				n.Others = append(n.Others, Sibling{Library: cs[j].Library, Version: cs[j].LibraryVersion, Config: cs[j].Config,
					Acceleration: cs[j].Acceleration, Rank: cs[j].Rank, Headroom: cs[j].Headroom})
			}
			cs[i].Why = append(cs[i].Why, n)
		}
	}
}
