package engine

import "cryptosizer/app/bench"

// basisOf is the weakest basis of a requirement's terms that have a
// figure; "" when none has.
func basisOf(terms []Term) bench.Basis {
	var b bench.Basis
	for i := range terms { // in place: a term is ~240 B
		if t := &terms[i]; !t.Missing {
			b = bench.Weaker(b, t.Basis)
		}
	}
	return b
}
