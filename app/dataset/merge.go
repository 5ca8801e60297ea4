package dataset

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"cryptosizer/app/bench"
)

// Merging documents that publish the same builds (the wolfSSL page and its
// newer revision repeat most sections): a build with the same name —
// part, board, library, version, configuration — and the same figures
// appears once, each figure naming every place it is published (AlsoIn).
// A build whose figures differ stays twice, the later one marked with its
// document, and a warning says so.

// merged says what merging one document did.
type merged struct {
	same, differ []string // build keys
}

// mergeInto adds a document's records to the dataset, merging the builds
// it repeats.
func mergeInto(ds *bench.Dataset, d bench.Dataset, doc string) merged {
	var out merged
	have := map[string][]int{} // build key → measurement indices already in ds
	for i, m := range ds.Measurements {
		have[m.Key()] = append(have[m.Key()], i)
	}
	next := map[string][]int{}
	for i, m := range d.Measurements {
		next[m.Key()] = append(next[m.Key()], i)
	}
	keys := make([]string, 0, len(next))
	for k := range next {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	drop := map[string]bool{} // build keys whose records are already in ds
	rename := map[string]bool{}
	for _, k := range keys {
		old, ok := have[k]
		if !ok {
			continue
		}
		if sameFigures(ds.Measurements, old, d.Measurements, next[k]) {
			for _, i := range next[k] {
				n := d.Measurements[i]
				for _, j := range old {
					if o := &ds.Measurements[j]; o.Op == n.Op && o.Printed == n.Printed && o.Method == n.Method {
						o.AlsoIn = append(o.AlsoIn, n.Pos)
						break
					}
				}
			}
			drop[k] = true
			out.same = append(out.same, k)
			continue
		}
		rename[k] = true
		out.differ = append(out.differ, k)
		first := ds.Measurements[old[0]]
		ds.Warnings = append(ds.Warnings, bench.Warning{MCU: first.MCU, Config: first.Config, Kind: "differs-across-sources",
			Text: fmt.Sprintf("%s publishes other figures for this build than %s: both are kept, the later one marked with its document",
				doc, first.Pos.File), Source: d.Measurements[next[k][0]].Pos.String(), Documents: []string{first.Pos.File, doc}})
	}
	keep := func(id *bench.Identity) bool {
		k := id.Key()
		if rename[k] {
			id.Document = doc
		}
		return !drop[k]
	}
	for _, m := range d.Measurements {
		if keep(&m.Identity) {
			ds.Measurements = append(ds.Measurements, m)
		}
	}
	for _, m := range d.Missing {
		if keep(&m.Identity) {
			ds.Missing = append(ds.Missing, m)
		}
	}
	for _, m := range d.Skipped {
		if keep(&m.Identity) {
			ds.Skipped = append(ds.Skipped, m)
		}
	}
	ds.Footprints = append(ds.Footprints, d.Footprints...)
	mergeWarnings(ds, d.Warnings, doc)
	return out
}

// mergeWarnings adds a document's findings: the same finding in a
// repeated section is said once, naming every document that raises it.
func mergeWarnings(ds *bench.Dataset, ws []bench.Warning, doc string) {
	for _, w := range ws {
		i := slices.IndexFunc(ds.Warnings, func(x bench.Warning) bool {
			return x.MCU == w.MCU && x.Config == w.Config && x.Op == w.Op && x.Kind == w.Kind && x.Text == w.Text
		})
		if i < 0 {
			w.Documents = []string{doc}
			ds.Warnings = append(ds.Warnings, w)
		} else if !slices.Contains(ds.Warnings[i].Documents, doc) {
			ds.Warnings[i].Documents = append(ds.Warnings[i].Documents, doc)
		}
	}
}

// sameFigures reports whether two builds publish the same operations with
// the same printed figures.
func sameFigures(a []bench.Measurement, ai []int, b []bench.Measurement, bi []int) bool {
	sig := func(ms []bench.Measurement, idx []int) string {
		var s []string
		for _, i := range idx {
			s = append(s, ms[i].Op+"="+ms[i].Printed+"/"+ms[i].Method)
		}
		sort.Strings(s)
		return strings.Join(s, ";")
	}
	return sig(a, ai) == sig(b, bi)
}
