package engine

import "cryptosizer/app/bench"

// basisOf is the weakest basis of a requirement's terms that have a
// figure; "" when none has.
func basisOf(terms []Term) bench.Basis {
	var b bench.Basis
	for _, t := range terms {
		if !t.Missing {
			b = bench.Weaker(b, t.Basis)
		}
	}
	return b
}
