package engine_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

func rankParams(t *testing.T, ix *engine.Index, p workload.Params) engine.Result {
	t.Helper()
	w, errs := workload.Parse(p)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return ix.Rank(w)
}

func term(c engine.Candidate, op string) (engine.Term, bool) {
	for _, r := range c.Requirements {
		for _, t := range r.Terms {
			if t.Op == op {
				return t, true
			}
		}
	}
	return engine.Term{}, false
}

// pqm4's ML-KEM-768 and ML-DSA-65 rows (benchmarks.md at cc2c1b99).
const (
	kemKeygenSpeed, kemDecapSpeed, kemEncapSpeed = 642096, 707827, 658754
	kemKeygenStack, kemDecapStack                = 644195, 714194
	dsaVerifyFast, dsaSignFast, dsaSignMax       = 2415944, 6193171, 26008621
)

func same(a, b float64) bool { return near(a, b, 1e-9) }

// A build with ML-KEM figures of its own (wolfSSL on STM32F439ZI) keeps
// them: a hybrid server's terms are those of pqc-from=none, nothing is
// borrowed, and the details compare them with pqm4's on the same part at
// the same clock (168 MHz).
func TestOwnPostQuantumFiguresAreNeverBorrowed(t *testing.T) {
	ix := index(t)
	p := workload.Params{"tls-rate": "1", "tls-role": "server", "tls-kex": "x25519mlkem768"}
	with := rankParams(t, ix, p)
	p["pqc-from"] = "none"
	without := rankParams(t, ix, p)
	n := 0
	for _, c := range with.Candidates {
		if !strings.HasPrefix(c.MCU, "STM32F439") {
			continue
		}
		own, ok := term(c, "ml-kem-768-encap")
		if !ok || own.Missing {
			continue
		}
		n++
		i := slices.IndexFunc(without.Candidates, func(o engine.Candidate) bool { return o.Key == c.Key })
		a, _ := json.Marshal(c.Requirements)
		b, _ := json.Marshal(without.Candidates[i].Requirements)
		if string(a) != string(b) || c.PQCFrom != nil || (own.From != nil && own.From.Source != "") {
			t.Errorf("%s: borrowing changed its own terms (borrowed %v)", c.Key, c.PQCFrom)
		}
		if len(c.PQCCompared) != 1 || c.ClockHz != 168e6 || !same(c.PQCCompared[0].Each, kemEncapSpeed/168e6) || c.PQCCompared[0].From.Implementation != "m4fspeed" {
			t.Errorf("%s: compared with pqm4: %+v at %d Hz", c.Key, c.PQCCompared, c.ClockHz)
		}
	}
	if n == 0 {
		t.Fatal("no STM32F439ZI build with its own ML-KEM-768 figure")
	}
}

// A Cortex-M4 build without post-quantum figures ranks an X25519MLKEM768
// client with pqm4's keygen and decapsulation: cycles ÷ its clock, the
// implementation by the objective (m4fspeed fastest, m4fstack smallest
// stack), labelled, the slow end (× the M4's spread) deciding. The same
// holds for an estimated group (STM32G474) at its maximum clock.
func TestBorrowedKEMOnACortexM4(t *testing.T) {
	ix := index(t)
	for _, tc := range []struct {
		objective, impl string
		keygen, decap   float64
		stack           int64
	}{
		{"headroom", "m4fspeed", kemKeygenSpeed, kemDecapSpeed, 6452},
		{"smallest", "m4fstack", kemKeygenStack, kemDecapStack, 2844},
	} {
		res := rankParams(t, ix, workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "objective": tc.objective})
		found := map[string]bool{}
		for _, c := range res.Candidates {
			part := c.MCU
			if c.Donor != nil {
				part = c.Group.Name
			}
			if part != "STM32L4A6Z" && !strings.Contains(part, "G474") {
				continue
			}
			kg, ok1 := term(c, "ml-kem-768-keygen")
			dc, ok2 := term(c, "ml-kem-768-decap")
			if !ok1 || !ok2 || kg.Missing || dc.Missing {
				t.Errorf("%s: ML-KEM terms missing", c.Key)
				continue
			}
			if kg.From.Source == "" {
				continue // an estimate from STM32F439ZI's wolfSSL has figures of its own
			}
			clock := float64(c.ClockHz)
			m4 := spreadOf(t, ix, "Cortex-M4")
			if !same(kg.Each, tc.keygen/clock) || !same(dc.Each, tc.decap/clock) || !same(kg.Slow, kg.Each*m4) || !same(kg.Total, kg.Slow) ||
				kg.Basis != bench.CycleCount || kg.From.Source != "pqm4" || kg.From.Implementation != tc.impl || kg.From.Cycles != tc.keygen {
				t.Errorf("%s (%s): keygen %+v (from %+v), decap each %g", c.Key, tc.objective, kg, kg.From, dc.Each)
			}
			if want := "ML-KEM-768 from pqm4 " + tc.impl; !slices.Contains(c.PQCFrom, want) || c.PQCStackBytes == nil || *c.PQCStackBytes != tc.stack {
				t.Errorf("%s: labelled %v, stack %v; want %q, %d B", c.Key, c.PQCFrom, c.PQCStackBytes, want, tc.stack)
			}
			if c.Verdict == engine.Unknown && !slices.ContainsFunc(c.Missing, func(m string) bool { return !strings.HasPrefix(m, "ml-") }) {
				t.Errorf("%s: unknown for %v", c.Key, c.Missing)
			}
			// The verdict is the slow end's: headroom = capacity at the
			// slow end ÷ the rate.
			r := c.Requirements[0]
			var total float64
			for _, x := range r.Terms {
				total += x.Total
			}
			if r.Headroom != nil && !same(*r.Headroom, 1/total) {
				t.Errorf("%s: headroom %g, want 1 ÷ %g s", c.Key, *r.Headroom, total)
			}
			found[map[bool]string{true: "estimated", false: "measured"}[c.Donor != nil]] = true
		}
		if !found["measured"] || !found["estimated"] {
			t.Errorf("%s: ranked %v (want the measured STM32L4A6Z and an estimated STM32G474)", tc.objective, found)
		}
	}
}

func spreadOf(t *testing.T, ix *engine.Index, core string) float64 {
	t.Helper()
	for _, s := range ix.Spreads() {
		if s.Core == core {
			return s.Factor
		}
	}
	t.Fatalf("no spread for %s", core)
	return 0
}

// ML-DSA-65 firmware on a Cortex-M33 part is estimated, with the largest
// spread of any core; on a Cortex-M0+ part it stays unknown and says why.
func TestBorrowedMLDSAByCore(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s"})
	var largest float64
	for _, s := range ix.Spreads() {
		largest = math.Max(largest, s.Factor)
	}
	m33, m0 := 0, 0
	for _, c := range res.Candidates {
		v, _ := term(c, "ml-dsa-65-verify")
		switch {
		case c.Facts == nil:
		case c.Facts.Core == "Cortex-M33" && c.PQCFrom != nil:
			m33++
			if v.Basis != bench.Estimated || !same(v.Slow, v.Each*largest) || !same(v.Each, dsaVerifyFast/float64(c.ClockHz)) || v.From.SpreadFrom != "Cortex-M7" {
				t.Errorf("%s: %+v", c.Key, v)
			}
		case c.Facts.Core == "Cortex-M0+" && !slices.ContainsFunc(c.Notes, func(n engine.Note) bool {
			return n.Code == engine.NoteNoMaxClock || n.Code == engine.NoteSecondaryCore
		}):
			m0++
			if c.Verdict != engine.Unknown || !v.Missing || !slices.ContainsFunc(c.Notes, func(n engine.Note) bool { return n.Code == engine.NotePQCNoCode }) {
				t.Errorf("%s: %s, verify %+v, notes %v", c.Key, c.Verdict, v, c.Notes)
			}
		}
	}
	if m33 == 0 || m0 == 0 {
		t.Errorf("%d M33 candidates borrowed, %d M0+ candidates", m33, m0)
	}
}

// The longest blocking operation is pqm4's slowest run: an ML-DSA-65
// server signs in 6.2 M cycles on average but up to 26 M.
func TestBorrowedSignBlocksForItsSlowestRun(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"tls-rate": "1", "tls-role": "server", "tls-kex": "x25519", "tls-sig": "ml-dsa-65", "max-op": "10s"})
	m4 := spreadOf(t, ix, "Cortex-M4")
	n, signs := 0, 0
	for _, c := range res.Candidates {
		s, ok := term(c, "ml-dsa-65-sign")
		if !ok || s.From == nil || s.From.Source != "pqm4" || c.Facts.Core != "Cortex-M4" || c.LongestOpS == nil {
			continue
		}
		n++
		clock := float64(c.ClockHz)
		if !same(s.Each, dsaSignFast/clock) || !same(s.Worst, dsaSignMax/clock*m4) || *c.LongestOpS < s.Worst {
			t.Errorf("%s: sign %+v, longest %s %v", c.Key, s, c.LongestOp, *c.LongestOpS)
		}
		if c.LongestOp == "ml-dsa-65-sign" {
			signs++
			if !same(*c.LongestOpS, s.Worst) {
				t.Errorf("%s: longest %v, want the slowest run's %v", c.Key, *c.LongestOpS, s.Worst)
			}
		}
	}
	if n == 0 || signs == 0 {
		t.Fatalf("%d Cortex-M4 candidates borrowed ML-DSA-65 signing, %d block longest on it", n, signs)
	}
}

// pqc-from=none is the ranking of a dataset without cycle counts.
func TestPQCFromNoneIsTodaysRanking(t *testing.T) {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	bare := *ds
	bare.Cycles = nil
	for _, p := range []workload.Params{
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-44"},
		{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s", "tls-rate": "2", "tls-kex": "secp256r1mlkem768"},
	} {
		p["pqc-from"] = "none"
		a, _ := json.Marshal(rankParams(t, engine.NewIndex(ds), p).Candidates)
		delete(p, "pqc-from")
		b, _ := json.Marshal(rankParams(t, engine.NewIndex(&bare), p).Candidates)
		if string(a) != string(b) {
			t.Errorf("%v: pqc-from=none differs from a dataset without cycle counts", p)
		}
	}
}
