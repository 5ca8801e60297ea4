package engine_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// ECDHE estimated from the same build's ECDSA (wolfssl-ecc-ram.md §2–2b):
// every STM32_Bare_Test build that signs in software has ECDHE terms,
// estimated, with the ECDSA operation as the slow end; no fast-math,
// generic sp_int.c or PKA-ECC build has one; and the bound held on every
// build the rule is made from.
func TestECDHEFromTheSameBuildsECDSA(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range catalog.New(ds).ECDHERules() {
		if r.Builds < 10 || r.Held != r.Builds || r.Median >= 1 || r.LOOLow <= 0 {
			t.Errorf("%s from %s: %+v — want at least 10 builds, the bound held on each, a median below 1", r.Op, r.Bound, r)
		}
	}
	res := rankParams(t, index(t), workload.Params{"tls-rate": "1", "library": "wolfssl"})
	never := regexp.MustCompile(`(?i)fast ?math|sp_int\.c|sp math all|wolf_conf_math=6`)
	bare, estimated := 0, 0
	for _, c := range res.Candidates {
		agree, _ := term(c, "ecdh-p256-agree")
		sign, _ := term(c, "ecdsa-p256-sign")
		derived := !agree.Missing && agree.From != nil && agree.From.Bounded != ""
		if derived {
			estimated++
			if never.MatchString(c.Config) || slices.Contains(c.Acceleration, bench.AccelPKA) {
				t.Errorf("%s: ECDHE estimated from ECDSA on a build the rule excludes", c.Key)
			}
			if agree.Basis != bench.Estimated || agree.Slow < agree.Each || agree.From.Bounded != "ecdsa-p256-verify" {
				t.Errorf("%s: %+v, want an estimate whose slow end is the verification", c.Key, agree)
			}
		}
		if strings.HasPrefix(c.Config, "Bare_Test c") && !sign.Missing {
			bare++
			if !derived {
				t.Errorf("%s: a Bare_Test c build that signs has no ECDHE estimate (%+v)", c.Key, agree)
			}
		}
	}
	if bare == 0 || estimated == 0 {
		t.Errorf("%d Bare_Test c builds that sign, %d ECDHE estimates", bare, estimated)
	}
}

// A row measured in one version says how far the library's other
// measured versions on the same part and path went (issue 58): on the
// H753 and the U585, from the bundled data; each range holds the row's
// own figure, spans at least two versions, and never makes a verdict.
func TestVersionSpreadOnThePart(t *testing.T) {
	ix := index(t)
	for _, mcu := range []string{"H753", "U585"} {
		with := 0
		for _, c := range rankParams(t, ix, workload.Params{"tls-rate": "1", "mcu": mcu}).Candidates {
			for _, r := range c.Versions {
				with++
				own, ok := term(c, r.Op)
				if len(r.Versions) < 2 || r.Low > r.High || c.Donor != nil {
					t.Errorf("%s: %+v", c.Key, r)
				}
				if ok && !own.Missing && own.From != nil && own.From.Bounded == "" && own.From.TimeFactor == 0 && (own.Each < r.Low*(1-1e-9) || own.Each > r.High*(1+1e-9)) {
					t.Errorf("%s %s: its own %v s outside its versions' %v–%v", c.Key, r.Op, own.Each, r.Low, r.High)
				}
			}
		}
		if with == 0 {
			t.Errorf("%s: no version spread", mcu)
		}
	}
}
