package engine_test

import (
	"maps"
	"slices"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// The TLS session's RAM on a catalogue of two made-up parts, alike but
// for their RAM (16 and 64 KiB), each with every operation of a hybrid
// post-quantum client measured: the 16 KiB part cannot hold the 24,047 B
// the standards ask (tls-session-ram.md §6.3) and fails its TLS load,
// with the RAM ratio as its headroom; the 64 KiB part passes; with 1 KiB
// records (8,686 B) both pass; the user's own figure replaces the bound.
func TestSessionRAMOnAFakeCatalogue(t *testing.T) {
	ix := engine.NewIndex(hybridClientParts(map[string]int64{"STM32TOY16": 16 << 10, "STM32TOY64": 64 << 10}, 0))
	for _, tc := range []struct {
		extra          workload.Params
		bound          int64
		small, big     engine.Verdict
		measuredBySelf bool
	}{
		{nil, 24047, engine.Fail, engine.Pass, false},
		{workload.Params{"record-limit": "1024"}, 8686, engine.Pass, engine.Pass, false},
		{workload.Params{"tls-session-ram": "20KiB"}, 20 << 10, engine.Fail, engine.Pass, true},
	} {
		p := workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65"}
		for k, v := range tc.extra {
			p[k] = v
		}
		w, errs := settingtest.Schema.Parse(p)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		res := ix.Rank(w)
		if len(res.Candidates) != 2 {
			t.Fatalf("%v: %d candidates, %d listed apart", tc.extra, len(res.Candidates), len(res.NoFigure))
		}
		for _, c := range res.Candidates {
			r := c.Requirements[0]
			want := tc.big
			if c.MCU == "STM32TOY16" {
				want = tc.small
			}
			if r.Kind != engine.KindTLS || r.Session == nil || r.Session.Bytes != tc.bound || r.Session.Measured != tc.measuredBySelf || r.Verdict != want {
				t.Errorf("%v: %s: %s, session %+v, want %s and %d B", tc.extra, c.MCU, r.Verdict, r.Session, want, tc.bound)
				continue
			}
			if want == engine.Fail && (r.Headroom == nil || *r.Headroom != float64(16<<10)/float64(tc.bound)) {
				t.Errorf("%v: %s fails on RAM with headroom %v, want the RAM ratio", tc.extra, c.MCU, r.Headroom)
			}
		}
	}
}

// A RAM failure does not depend on the clock: a part whose source states
// a clock above its maximum (its figures cannot be taken to clock=max)
// is still a FAIL when it cannot hold the session, not an UNKNOWN.
func TestSessionRAMFailsWhateverTheClock(t *testing.T) {
	id := bench.Identity{MCU: "STM32TOY16", Part: "STM32TOY16", Board: "toy", Library: "toy", Config: "toy", Acceleration: []string{}, ClockHz: 200e6}
	ds := &bench.Dataset{Libraries: []bench.Library{{Name: "toy", Flag: "toy"}},
		MCUs: bench.Facts{{Part: "STM32TOY16", Core: "Cortex-M33", MaxClockHz: 100e6, FlashBytes: 1 << 20, RAMBytes: 16 << 10}}}
	for _, op := range []string{"ecc-p256-keygen", "ecdh-p256-agree", "ecdsa-p256-sign"} {
		ds.Measurements = append(ds.Measurements, bench.Measurement{Identity: id, Op: op, SecondsPerOp: bench.F64(1e-3), Method: "benchmark", Printed: "1 ms", Source: "toy"})
	}
	ds.Measurements = append(ds.Measurements, bench.Measurement{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(1e6), Method: "benchmark", Printed: "1 MB/s", Source: "toy"})
	w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": "1", "clock": "max"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := engine.NewIndex(ds).Rank(w)
	if len(res.Candidates) != 1 {
		t.Fatalf("%d candidates, %d listed apart", len(res.Candidates), len(res.NoFigure))
	}
	c := res.Candidates[0]
	if r := c.Requirements[0]; c.Verdict != engine.Fail || r.Verdict != engine.Fail || len(r.Missing) == 0 || r.Session == nil || r.Session.Bytes != 16634 {
		t.Errorf("a 16 KiB server part, clock not credible: %s (TLS %s, missing %v, session %+v)", c.Verdict, r.Verdict, r.Missing, r.Session)
	}
}

// The handshake's RAM peak adds the working memory of the operations a
// phase runs to the session's terms of that phase: a part that holds the
// session's bound but not the bound plus the certificate verification's
// published stack fails its TLS load on RAM; one that holds both passes
// (issue 57, on a fake catalogue: ML-DSA-65 verify publishing 9,888 B).
func TestSessionPeakAddsTheStack(t *testing.T) {
	const stack = 9888
	ds := hybridClientParts(map[string]int64{"STM32TOY25": 25 << 10, "STM32TOY64": 64 << 10}, stack)
	w, errs := settingtest.Schema.Parse(workload.Params{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := engine.NewIndex(ds).Rank(w)
	if len(res.Candidates) != 2 {
		t.Fatalf("%d candidates, %d listed apart", len(res.Candidates), len(res.NoFigure))
	}
	for _, c := range res.Candidates {
		r := c.Requirements[0]
		// The encrypted flight holds the session's largest phase and runs
		// the verification: 24,047 + 9,888 = 33,935 B (the figures).
		if r.Session == nil || r.Session.Bytes != 24047 || r.PeakBytes != 24047+stack {
			t.Fatalf("%s: session %+v, peak %d B; want 24,047 B and %d B", c.MCU, r.Session, r.PeakBytes, 24047+stack)
		}
		want := engine.Pass
		if c.MCU == "STM32TOY25" {
			want = engine.Fail // holds the session's bound, not the peak
		}
		if r.Verdict != want {
			t.Errorf("%s (%d B RAM): %s with a session of %d B and a peak of %d B, want %s", c.MCU, c.Facts.RAMBytes, r.Verdict, r.Session.Bytes, r.PeakBytes, want)
		}
	}
}

// hybridClientParts is a catalogue of made-up Cortex-M33 parts (name →
// RAM), alike but for their RAM, each with every operation of a hybrid
// post-quantum client measured at 1 ms (SHA-256 at 1 MB/s), and the
// ML-DSA-65 verification's published stack where verifyStack > 0.
func hybridClientParts(parts map[string]int64, verifyStack int64) *bench.Dataset {
	ds := &bench.Dataset{Libraries: []bench.Library{{Name: "toy", Flag: "toy"}}}
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		ds.MCUs = append(ds.MCUs, bench.MCUFact{Part: name, Core: "Cortex-M33", MaxClockHz: 100e6, FlashBytes: 1 << 20, RAMBytes: parts[name]})
		id := bench.Identity{MCU: name, Part: name, Board: "toy", Library: "toy", Config: "toy", Acceleration: []string{}, ClockHz: 100e6}
		for _, op := range []string{"x25519-keygen", "x25519-agree", "ml-kem-768-keygen", "ml-kem-768-decap", "ml-dsa-65-verify"} {
			ds.Measurements = append(ds.Measurements, bench.Measurement{Identity: id, Op: op, SecondsPerOp: bench.F64(1e-3), Method: "benchmark", Printed: "1 ms", Source: "toy"})
		}
		ds.Measurements = append(ds.Measurements, bench.Measurement{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(1e6), Method: "benchmark", Printed: "1 MB/s", Source: "toy"})
		if verifyStack > 0 {
			zero := int64(0)
			ds.Footprints = append(ds.Footprints, bench.Footprint{Identity: id, Op: "ml-dsa-65-verify", Method: "benchmark", GlobalBytes: &zero, StackBytes: &verifyStack, Source: "toy"})
		}
	}
	return ds
}
