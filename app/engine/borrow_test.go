package engine_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

func rankParams(t *testing.T, ix *engine.Index, p workload.Params) engine.Result {
	t.Helper()
	w, errs := settingtest.Schema.Parse(p)
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
		if !ok || own.Missing || own.From == nil || own.From.Source != "" {
			continue // not its own (the STM32_Bare_Test builds have none)
		}
		n++
		// Without a lender it may lack an operation (then it is listed,
		// not ranked): its terms are compared wherever it is.
		all := append(slices.Clone(without.Candidates), without.NoFigure...)
		i := slices.IndexFunc(all, func(o engine.Candidate) bool { return o.Key == c.Key })
		if i < 0 {
			t.Fatalf("%s: not in the ranking without lenders", c.Key)
		}
		a, _ := json.Marshal(c.Requirements)
		b, _ := json.Marshal(all[i].Requirements)
		if string(a) != string(b) || slices.ContainsFunc(c.LentFrom, func(l string) bool { return strings.HasPrefix(l, "ML-") }) || (own.From != nil && own.From.Source != "") {
			t.Errorf("%s: borrowing changed its own terms (borrowed %v)", c.Key, c.LentFrom)
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
			if !same(kg.Each, tc.keygen/clock) || !same(dc.Each, tc.decap/clock) || !same(kg.Slow, kg.Each*m4*widened(kg.From)) || !same(kg.Total, kg.Slow) ||
				kg.Basis != bench.CycleCount || kg.From.Source != "pqm4" || kg.From.Implementation != tc.impl || kg.From.Cycles != tc.keygen {
				t.Errorf("%s (%s): keygen %+v (from %+v), decap each %g", c.Key, tc.objective, kg, kg.From, dc.Each)
			}
			// A library that lacks ML-KEM says so after the label (Mbed TLS).
			if want := "ML-KEM-768 from pqm4 " + tc.impl; !slices.ContainsFunc(c.LentFrom, func(l string) bool { return l == want || strings.HasPrefix(l, want+"; ") }) ||
				c.LentStackBytes == nil || *c.LentStackBytes != tc.stack {
				t.Errorf("%s: labelled %v, stack %v; want %q, %d B", c.Key, c.LentFrom, c.LentStackBytes, want, tc.stack)
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
// spread of any core; on a Cortex-M0+ part wolfSSL's ML-DSA builds
// measured on the G071 have it (measured there, estimated with the
// core's spread elsewhere), and every other M0+ build whose clock is
// known borrows the G071's fastest verification as counts (lent by
// wolfssl-g071: the measured time × 64 MHz, estimated at the part's
// clock); none is left without ML-DSA.
func TestBorrowedMLDSAByCore(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s"})
	var largest float64
	var widest string
	for _, s := range ix.Spreads() {
		if s.Factor > largest {
			largest, widest = s.Factor, s.Core
		}
	}
	const g071Verify = 0.1551 * 64e6 // PQC=mldsa-vfy-fast, README line 658: 155.1 ms at 64 MHz
	m33, m0, own, lent := 0, 0, 0, 0
	for _, c := range res.Candidates {
		v, _ := term(c, "ml-dsa-65-verify")
		switch {
		case c.Facts == nil:
		case c.Facts.Core == "Cortex-M33" && c.LentFrom != nil:
			m33++
			if v.Basis != bench.Estimated || !same(v.Slow, v.Each*largest*widened(v.From)) || !same(v.Each, dsaVerifyFast/float64(c.ClockHz)) || v.From.SpreadFrom != widest {
				t.Errorf("%s: %+v", c.Key, v)
			}
		case c.Facts.Core == "Cortex-M0+" && !v.Missing && c.LentFrom == nil:
			own++
			measured := strings.HasPrefix(c.Key, "STM32G071RB|")
			if !strings.Contains(c.Key, "PQC=mldsa") || (v.Basis == bench.Measured) != measured ||
				!measured && !same(v.Slow, v.Each*largest) { // no M0+ pair: the largest spread, borrowed
				t.Errorf("%s: ML-DSA of its own on a Cortex-M0+ not from the G071's builds: %+v", c.Key, v)
			}
		case c.Facts.Core == "Cortex-M0+" && !v.Missing:
			lent++
			if strings.Contains(c.Key, "PQC=mldsa") || v.From == nil || v.From.Source != "wolfssl-g071" || v.Basis != bench.Estimated ||
				!same(v.Each, g071Verify/float64(c.ClockHz)) || v.Slow < v.Each || v.From.Line != 658 {
				t.Errorf("%s: ML-DSA lent on a Cortex-M0+ not the G071's fastest verification: %+v (lent %v)", c.Key, v, c.LentFrom)
			}
		case c.Facts.Core == "Cortex-M0+" && !slices.ContainsFunc(c.Notes, func(n engine.Note) bool {
			return n.Code == engine.NoteNoMaxClock || n.Code == engine.NoteSecondaryCore
		}):
			m0++
			t.Errorf("%s: a Cortex-M0+ build with a clock left without ML-DSA: %s, verify %+v, notes %v", c.Key, c.Verdict, v, c.Notes)
		}
	}
	if m33 == 0 || own == 0 || lent == 0 || m0 != 0 {
		t.Errorf("%d M33 candidates borrowed, %d M0+ with their own ML-DSA, %d lent the G071's, %d without", m33, own, lent, m0)
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
		if !same(s.Each, dsaSignFast/clock) || !same(s.Worst, dsaSignMax/clock*m4*widened(s.From)) || *c.LongestOpS < s.Worst {
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

// lend=none is the ranking of a dataset without cycle counts, and
// pqc-from=none (or lend=x25519) that of a dataset without the
// post-quantum ones (pqm4's and pqm3's).
func TestPQCFromNoneIsTodaysRanking(t *testing.T) {
	t.Parallel() // its own index: alongside the other long properties
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	bare, noPQM4 := *ds, *ds
	bare.Cycles, bare.Lending = nil, nil
	noPQM4.Cycles, noPQM4.Lending = nil, nil
	// Every post-quantum lender left out (pqm4, pqm3, the G071's ML-DSA):
	// X25519's counts are what pqc-from=none still lends.
	for _, f := range ds.Cycles {
		if f.Source == "x25519" {
			noPQM4.Cycles = append(noPQM4.Cycles, f)
		}
	}
	for _, l := range ds.Lending {
		if l.Source == "x25519" {
			noPQM4.Lending = append(noPQM4.Lending, l)
		}
	}
	for _, p := range []workload.Params{
		{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-44"},
		{"fw-size": "256KiB", "fw-sig": "ml-dsa-65", "fw-deadline": "1s", "tls-rate": "2", "tls-kex": "secp256r1mlkem768"},
	} {
		for _, tc := range []struct {
			key, value string
			ds         *bench.Dataset
		}{{"lend", "none", &bare}, {"pqc-from", "none", &noPQM4}, {"lend", "x25519", &noPQM4}} {
			p[tc.key] = tc.value
			a := rankParams(t, engine.NewIndex(ds), p).Candidates
			delete(p, tc.key)
			b := rankParams(t, engine.NewIndex(tc.ds), p).Candidates
			if !sameJSON(t, a, b) {
				t.Errorf("%v: %s=%s differs from the dataset without those counts", p, tc.key, tc.value)
			}
		}
	}
}

// X25519 is lent like ML-KEM: a build without its own figure takes the
// count of its core's lender — Lenngren's Cortex-M4 assembly (counted
// on the M4; estimated with the largest spread on the M33, M7 and M55),
// Pornin's Cortex-M0+ assembly (counted on the M0+; estimated on the
// M3) —; a build with its own figure never borrows, and lend=pqm4 lends
// none.
func TestX25519IsLentByCore(t *testing.T) {
	ix := index(t)
	var largest float64
	for _, s := range ix.Spreads() {
		largest = math.Max(largest, s.Factor)
	}
	p := workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768"}
	seen := map[string]int{}
	own := 0
	for _, c := range rankParams(t, ix, p).Candidates {
		kg, ok := term(c, "x25519-keygen")
		if !ok || kg.Missing || c.Facts == nil {
			continue
		}
		if kg.From.Source == "" {
			own++
			continue
		}
		want := map[string]struct {
			cycles float64
			basis  bench.Basis
			label  string
		}{
			"Cortex-M4":  {548873, bench.CycleCount, "X25519 from Lenngren X25519-Cortex-M4"},
			"Cortex-M33": {548873, bench.Estimated, "X25519 from Lenngren X25519-Cortex-M4"},
			"Cortex-M7":  {548873, bench.Estimated, "X25519 from Lenngren X25519-Cortex-M4"},
			"Cortex-M0+": {3229950, bench.CycleCount, "X25519 from Pornin x25519-cm0"},
			"Cortex-M3":  {3229950, bench.Estimated, "X25519 from Pornin x25519-cm0"},
		}[c.Facts.Core]
		if want.cycles == 0 {
			t.Errorf("%s: X25519 lent to a %s", c.Key, c.Facts.Core)
			continue
		}
		seen[c.Facts.Core]++
		// Lenngren states no clock: his count is widened as if taken at
		// the lowest clock a count states (issue 58's audit).
		if strings.Contains(want.label, "Lenngren") && (kg.From.ClockHz != 0 || kg.From.AssumedHz <= 0 ||
			c.ClockHz > kg.From.AssumedHz && kg.From.Widen <= 1) {
			t.Errorf("%s: Lenngren's count at %d Hz is not widened (%+v)", c.Key, c.ClockHz, kg.From)
		}
		slow := kg.Each * largest * widened(kg.From)
		if want.basis == bench.CycleCount && c.Facts.Core == "Cortex-M4" {
			slow = kg.Each * spreadOf(t, ix, "Cortex-M4") * widened(kg.From)
		}
		if want.basis == bench.CycleCount && c.Facts.Core == "Cortex-M0+" {
			slow = kg.Slow // no M0+ pair: the largest spread, said as borrowed
		}
		if kg.Basis != want.basis || !same(kg.Each, want.cycles/float64(c.ClockHz)) || !same(kg.Slow, slow) || !slices.Contains(c.LentFrom, want.label) {
			t.Errorf("%s (%s): keygen %+v, labels %v", c.Key, c.Facts.Core, kg, c.LentFrom)
		}
	}
	for _, core := range []string{"Cortex-M4", "Cortex-M33", "Cortex-M7", "Cortex-M0+", "Cortex-M3"} {
		if seen[core] == 0 {
			t.Errorf("no %s candidate borrowed X25519", core)
		}
	}
	if own == 0 {
		t.Error("no build with its own X25519 figure: the 'never borrows' case is untested")
	}
	p["lend"] = "pqm4"
	for _, c := range rankParams(t, ix, p).Candidates {
		if kg, ok := term(c, "x25519-keygen"); ok && !kg.Missing && kg.From.Source != "" {
			t.Errorf("lend=pqm4: %s borrowed X25519", c.Key)
		}
	}
}

// Cortex-M3 parts rank post-quantum workloads with pqm3's round-3 counts,
// labelled as such (never as ML-KEM or ML-DSA measurements).
func TestCortexM3BorrowsRound3FromPQM3(t *testing.T) {
	ix := index(t)
	res := rankParams(t, ix, workload.Params{"tls-rate": "1", "tls-kex": "x25519mlkem768", "fw-size": "256KiB", "fw-deadline": "2s", "fw-sig": "ml-dsa-65"})
	n := 0
	for _, c := range res.Candidates {
		if c.Facts == nil || c.Facts.Core != "Cortex-M3" || c.Verdict == engine.Unknown {
			continue
		}
		kem, _ := term(c, "ml-kem-768-encap")
		dsa, _ := term(c, "ml-dsa-65-verify")
		if kem.From == nil || kem.From.Source == "" {
			continue // its own figures (STM32_Bare_Test PQC=1 on the STM32F207ZG)
		}
		n++
		if kem.From.Source != "pqm3" || dsa.From == nil || dsa.From.Source != "pqm3" || kem.Basis != bench.CycleCount ||
			!slices.Contains(c.LentFrom, "ML-KEM-768 from pqm3 m3, Kyber768 (round 3)") || !slices.Contains(c.LentFrom, "ML-DSA-65 from pqm3 m3, Dilithium3 (round 3)") {
			t.Errorf("%s: %v, kem %+v", c.Key, c.LentFrom, kem.From)
		}
	}
	if n == 0 {
		t.Error("no Cortex-M3 candidate ranked with pqm3's counts")
	}
}

// Parts that run code from external memory or SRAM carry the caveat.
func TestExternalMemoryRowsSaySo(t *testing.T) {
	res := rankParams(t, index(t), workload.FirstVisit)
	n := 0
	for _, c := range append(slices.Clone(res.Candidates), res.NoFigure...) {
		noted := slices.ContainsFunc(c.Why, func(n engine.Note) bool { return n.Code == engine.WhyExternalMemory })
		ext := c.Group != nil && (strings.Contains(c.Group.Name, "H7S") || strings.Contains(c.Group.Name, "H7R") || strings.Contains(c.Group.Name, "N6"))
		if noted != ext {
			t.Errorf("%s (%s): external-memory note %v", c.Key, c.MCU, noted)
		}
		if noted {
			n++
		}
	}
	if n == 0 {
		t.Error("no external-memory row on the first visit")
	}
}

// widened is a lent figure's clock widening: the clock model's for a
// count taken up from its clock (pqm4's 24 MHz) to the part's, 1 when
// it is not taken up. It is the model's, checked against the clocks.
func widened(f *engine.From) float64 {
	if f.Widen == 0 {
		return 1
	}
	from := f.ClockHz
	if from <= 0 { // an unstated count's clock: widened from the one it is taken at
		from = f.AssumedHz
	}
	if from <= 0 || !same(f.Up, float64(f.ToClockHz)/float64(from)) {
		panic("a widened lent figure without its clocks")
	}
	return f.Widen
}

// RAM left counted with a lent operation's stack is no surer than the
// lending: a pqm4 or Lenngren stack on a Bare_Test build is not that
// build's measurement (it read "measured" before), and no memory is
// surer than the footprint it counts.
func TestRAMWithALentStackIsNoSurerThanTheLending(t *testing.T) {
	res := rankParams(t, index(t), workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65", "min-free-ram": "16KiB"})
	lent := 0
	for _, c := range res.Candidates {
		m, fp := c.Memory, c.Footprint
		if m == nil || fp == nil || m.CryptoRAMBytes == nil {
			continue
		}
		if bench.Weaker(fp.Basis, m.Basis) != m.Basis {
			t.Errorf("%s: RAM left %s, surer than its footprint (%s)", c.Key, m.Basis, fp.Basis)
		}
		if len(c.LentFrom) > 0 && fp.Basis != bench.Measured {
			lent++
			if m.Basis == bench.Measured {
				t.Errorf("%s: RAM left with a lent stack (%v) reads measured", c.Key, c.LentFrom)
			}
		}
	}
	if lent == 0 {
		t.Fatal("no candidate's RAM counts a lent stack: the test checked nothing")
	}
}
