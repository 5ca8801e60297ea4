package tlsdef_test

import (
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/tlsdef"
)

// Each group names operations the benchmarks know, has a key share on
// each side, and keeps a secret for each part it has.
func TestGroupsAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range tlsdef.Groups {
		if seen[g.Name] {
			t.Errorf("%s: declared twice", g.Name)
		}
		seen[g.Name] = true
		ecdhe, kem := g.Keygen != "", g.KEMKeygen != ""
		for _, op := range []string{g.Keygen, g.Agree, g.KEMKeygen, g.Encap, g.Decap} {
			if op != "" && !bench.KnownOp(op) {
				t.Errorf("%s: operation %q is not one the benchmarks know", g.Name, op)
			}
		}
		switch {
		case !ecdhe && !kem:
			t.Errorf("%s: neither an (EC)DHE nor an ML-KEM part", g.Name)
		case ecdhe != (g.Agree != "" && g.Secret > 0):
			t.Errorf("%s: an (EC)DHE part needs its agreement and its secret's size", g.Name)
		case kem != (g.Encap != "" && g.Decap != "" && g.KEMSecret > 0) || kem != g.PQC:
			t.Errorf("%s: an ML-KEM part needs encapsulation, decapsulation and the seed's size, and is post-quantum", g.Name)
		case g.ClientShare <= 0 || g.ServerShare <= 0:
			t.Errorf("%s: key shares of %d and %d B", g.Name, g.ClientShare, g.ServerShare)
		}
	}
	if len(seen) < 8 {
		t.Errorf("%d groups", len(seen))
	}
}

// Each signature signs and verifies with known operations, has its sizes
// on the wire and in memory, and a pure one its hash state.
func TestSigsAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range tlsdef.Sigs {
		if seen[s.Name] {
			t.Errorf("%s: declared twice", s.Name)
		}
		seen[s.Name] = true
		if len(s.Sign) == 0 || len(s.Verify) == 0 {
			t.Errorf("%s: sign %v, verify %v", s.Name, s.Sign, s.Verify)
		}
		for _, op := range append(append([]string{}, s.Sign...), s.Verify...) {
			if !bench.KnownOp(op) {
				t.Errorf("%s: operation %q is not one the benchmarks know", s.Name, op)
			}
		}
		if s.SPKI < s.Pub || s.DER < s.Raw || s.Pub <= 0 || s.Raw <= 0 || s.Pure != (s.State > 0) {
			t.Errorf("%s: sizes %+v", s.Name, s)
		}
	}
	for _, su := range tlsdef.Suites {
		if _, ok := tlsdef.GroupNamed(su.Group); !ok {
			t.Errorf("suite %s: group %q undeclared", su.Name, su.Group)
		}
		if _, ok := tlsdef.SigNamed(su.Sig); !ok {
			t.Errorf("suite %s: signature %q undeclared", su.Name, su.Sig)
		}
		if tlsdef.SuiteOf(su.Group, su.Sig) != su.Name {
			t.Errorf("suite %s: SuiteOf gives %q", su.Name, tlsdef.SuiteOf(su.Group, su.Sig))
		}
	}
}
