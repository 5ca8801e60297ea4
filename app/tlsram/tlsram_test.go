package tlsram_test

import (
	"errors"
	"strings"
	"testing"

	"cryptosizer/app/tlsdef"
	"cryptosizer/app/tlsram"
)

// The source's worked examples (tls-session-ram.md §6.3): a TLS 1.3
// client, a 2-certificate chain, (a) ECDHE-P256 + ECDSA-P256 and (b)
// X25519MLKEM768 + ML-DSA-65, without and with a record limit.
func TestWorkedExamples(t *testing.T) {
	for _, tc := range []struct {
		kex, sig string
		limit    int
		want     int64
	}{
		{"p256", "ecdsa-p256", 0, 16964},
		{"x25519mlkem768", "ml-dsa-65", 0, 24047},
		{"p256", "ecdsa-p256", 4096, 4675},
		{"x25519mlkem768", "ml-dsa-65", 4096, 11758},
		{"p256", "ecdsa-p256", 2048, 2627},
		{"x25519mlkem768", "ml-dsa-65", 2048, 9710},
		{"p256", "ecdsa-p256", 1024, 1603},
		{"x25519mlkem768", "ml-dsa-65", 1024, 8686},
		{"p256", "ecdsa-p256", 512, 1091},
		{"x25519mlkem768", "ml-dsa-65", 512, 8174},
		{"p256", "ecdsa-p256", 64, 643},
		{"x25519mlkem768", "ml-dsa-65", 64, 7726},
	} {
		b, err := tlsram.For(tlsram.Spec{Client: true, Kex: tc.kex, Sig: tc.sig, Chain: 2, Limit: tc.limit})
		if err != nil || b.Bytes != tc.want {
			t.Errorf("%s + %s, limit %d: %d B, the source works out %d", tc.kex, tc.sig, tc.limit, b.Bytes, tc.want)
		}
		var sum int64
		for _, term := range b.Terms {
			sum += term.Bytes
			if !strings.Contains(term.Cite, tlsram.Doc) {
				t.Errorf("%s: term %q cites %q", tc.kex, term.Name, term.Cite)
			}
		}
		if sum != b.Bytes || b.NotCounted == "" {
			t.Errorf("%s: terms add up to %d, bound %d", tc.kex, sum, b.Bytes)
		}
	}
}

// The libraries' floors (§6.5): Mbed TLS's input buffer holds the whole
// Certificate message whatever the record limit; wolfSSL rebuilds a
// message spanning records on the heap, and negotiates no RFC 8449 limit.
func TestLibraryFloors(t *testing.T) {
	pq := tlsram.Spec{Client: true, Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 2, Limit: 1024}
	std, _ := tlsram.For(pq)
	pq.Stack = tlsram.MbedTLS
	mbed, _ := tlsram.For(pq)
	// 13 + 16 + 16 + Certificate message 10,540, + T 104 + K 124 + C 7,413.
	if mbed.Bytes != 45+10540+104+124+7413 || mbed.Bytes <= std.Bytes {
		t.Errorf("Mbed TLS with 1 KiB records: %d B (standards: %d)", mbed.Bytes, std.Bytes)
	}
	pq.Stack = tlsram.WolfSSL
	wolf, _ := tlsram.For(pq)
	// §6.5: "the Certificate message plus the current record": record
	// 5 + 1,024 + 16, T 104, K 124, the message 10,540 and SHAKE256's
	// 200 B state; the certificates are verified inside the message, so
	// the standards' held certificate data (7,413 B) is not counted again.
	if wolf.Bytes != 1045+104+124+10540+200 || wolf.Limit != 1024 {
		t.Errorf("wolfSSL with max_fragment_length 2^10: %d B, want 12,013 (standards %d)", wolf.Bytes, std.Bytes)
	}
	// The worked figures, chain 2: 15,085 B at a 4,096 limit and
	// 11,501 B at 512 (they were 22,298 and 18,714 with the certificate
	// data counted twice).
	for limit, want := range map[int]int64{4096: 15085, 512: 11501} {
		pq.Limit = limit
		if b, _ := tlsram.For(pq); b.Bytes != want {
			t.Errorf("wolfSSL, X25519MLKEM768 + ML-DSA-65, limit %d: %d B, want %d", limit, b.Bytes, want)
		}
	}
	pq.Limit = 1024
	// A server without mutual auth receives no certificate, but Mbed
	// TLS's input buffer is its own: 13 + 16 + 16 + 16,384.
	if srv, _ := tlsram.For(tlsram.Spec{Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Stack: tlsram.MbedTLS}); srv.Bytes != 16429+104+124 {
		t.Errorf("Mbed TLS server: %d B, want its input buffer 16,429 + 104 + 124", srv.Bytes)
	}
	pq.Limit = 1000
	odd, _ := tlsram.For(pq)
	if ok, why := tlsram.Supports(tlsram.WolfSSL, 1000); ok || odd.Limit != 0 || odd.LimitNote != why || !strings.Contains(why, "RFC 8449") {
		t.Errorf("wolfSSL with a 1000-byte limit: applied %d, note %q", odd.Limit, odd.LimitNote)
	}
}

// Every group and signature tlsdef declares (the workload's choices)
// has a bound under every stack, for both roles; a pair it does not
// declare is an *UnknownError, never a silent absence.
func TestEveryPairHasABound(t *testing.T) {
	n := 0
	for _, g := range tlsdef.Groups {
		for _, s := range tlsdef.Sigs {
			for _, client := range []bool{true, false} {
				bs, err := tlsram.ByStack(tlsram.Spec{Client: client, Kex: g.Name, Sig: s.Name, Chain: 2}, 0)
				if err != nil {
					t.Fatalf("%s + %s: %v", g.Name, s.Name, err)
				}
				for st, b := range bs {
					if n++; b == nil || b.Bytes < 16406 {
						t.Errorf("%s + %s (client %v, stack %d): %+v", g.Name, s.Name, client, st, b)
					}
				}
			}
		}
	}
	if want := len(tlsdef.Groups) * len(tlsdef.Sigs) * 2 * 3; n != want {
		t.Errorf("checked %d bounds, want %d", n, want)
	}
	for _, tc := range []tlsram.Spec{{Kex: "p521", Sig: "ecdsa-p256"}, {Kex: "p256", Sig: "sphincs"}} {
		var unknown *tlsram.UnknownError
		if _, err := tlsram.ByStack(tc, 48<<10); !errors.As(err, &unknown) {
			t.Errorf("%s + %s: %v, want an *UnknownError", tc.Kex, tc.Sig, err)
		}
	}
}

// The user's own measured session RAM replaces the bound for every
// library, labelled as theirs.
func TestMeasuredWins(t *testing.T) {
	by, _ := tlsram.ByStack(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2}, 48<<10)
	for st, b := range by {
		if b == nil || b.Bytes != 48<<10 || !b.Measured {
			t.Errorf("stack %d: %+v", st, b)
		}
	}
	if by, _ := tlsram.ByStack(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2}, 0); by.Of(tlsram.MbedTLS) == nil || by.Of(tlsram.MbedTLS).Measured || by.Of(tlsram.MbedTLS).Bytes <= by.Of(tlsram.Standard).Bytes {
		t.Errorf("bounds: %+v", by)
	}
}

// Pick: the setting's figure holds for every build, then a build's own
// (its import set's), then its library's bound, then the standards'.
func TestPickPutsTheUsersFigureFirst(t *testing.T) {
	s := tlsram.Spec{Kex: "p256", Sig: "ecdsa-p256", Chain: 2}
	bounds, _ := tlsram.ByStack(s, 0)
	setting, _ := tlsram.ByStack(s, 50_000)
	for _, tc := range []struct {
		name   string
		bounds *tlsram.Bounds
		lib    tlsram.Stack
		own    int64
		want   int64
		cite   string
	}{
		{"library's bound", bounds, tlsram.MbedTLS, 0, bounds.Of(tlsram.MbedTLS).Bytes, ""},
		{"standards' bound for a crypto library", bounds, tlsram.StackOf("CMOX"), 0, bounds.Of(tlsram.Standard).Bytes, ""},
		{"the import's figure over the bound", bounds, tlsram.WolfSSL, 40_000, 40_000, "your import set set-1"},
		{"the setting's figure over the import's", setting, tlsram.WolfSSL, 40_000, 50_000, "the tls-session-ram setting"},
		{"the import's figure without a bound (TLS 1.2)", nil, tlsram.WolfSSL, 40_000, 40_000, "your import set set-1"},
		{"nothing without a bound or a figure", nil, tlsram.WolfSSL, 0, 0, ""},
	} {
		b := tlsram.Pick(tc.bounds, tc.lib, tc.own, "set-1")
		switch {
		case tc.want == 0 && b != nil:
			t.Errorf("%s: %+v, want none", tc.name, b)
		case tc.want == 0:
		case b == nil || b.Bytes != tc.want || (tc.cite != "" && (!b.Measured || b.Terms[0].Cite != tc.cite)):
			t.Errorf("%s: %+v, want %d B (%s)", tc.name, b, tc.want, tc.cite)
		}
	}
}

// The peak adds each phase's operations' working memory to that phase's
// session terms: a verification's stack to the certificate flight, the
// key exchange's to the hello; a user's measured figure already holds
// its crypto's.
func TestPeakAddsTheOperationsOfEachPhase(t *testing.T) {
	b, _ := tlsram.For(tlsram.Spec{Client: true, Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 2})
	if b.Flight != 24047 || b.Hello >= b.Flight {
		t.Fatalf("phases: hello %d, flight %d", b.Hello, b.Flight)
	}
	for _, tc := range []struct{ hello, flight, want int64 }{
		{0, 0, 24047},
		{0, 9888, 24047 + 9888}, // pqm4's ML-DSA-65 verify stack, in the flight
		{6452, 0, max(24047, b.Hello+6452)},
		{30000, 100, max(b.Hello+30000, 24047+100)},
	} {
		if got := b.Peak(tc.hello, tc.flight); got != tc.want {
			t.Errorf("Peak(%d, %d) = %d, want %d", tc.hello, tc.flight, got, tc.want)
		}
	}
	if y := tlsram.Yours(48<<10, "x"); y.Peak(1000, 1000) != 48<<10 {
		t.Errorf("a measured figure's peak: %d", y.Peak(1000, 1000))
	}
}

// The audit's three findings on the held certificate data (issue 58):
// against a trust anchor, a pure signature holds the 64 B μ its streamed
// body leaves, not the 200 B SHAKE state (5,325 B for ML-DSA-65, §6.3's
// later steps); a certificate body is hashed with its signature's hash,
// whatever the suite's (P-256 certificates under SHA-384: 330 B, §6.3
// (a)); a third pure certificate keeps the leaf's key while the first
// issuer waits for its own issuer's key (24,047 + 1,952 = 25,999 B).
func TestHeldCertificatesAsTheAuditFound(t *testing.T) {
	held := func(spec tlsram.Spec) int64 {
		t.Helper()
		b, err := tlsram.For(spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, term := range b.Terms {
			if strings.HasPrefix(term.Name, "the leaf's") {
				return term.Bytes
			}
		}
		t.Fatalf("%+v: no certificate term in %+v", spec, b.Terms)
		return 0
	}
	if got := held(tlsram.Spec{Client: true, Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 1}); got != 1952+3309+64 {
		t.Errorf("chain 1, ML-DSA-65: %d B held, want 5,325", got)
	}
	if got := held(tlsram.Spec{Client: true, Kex: "p384", Sig: "ecdsa-p256", Chain: 2, SHA384: true}); got != 330 {
		t.Errorf("P-256 certificates under SHA-384: %d B held, want 330", got)
	}
	if got := held(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p384", Chain: 2}); got != 97+48+96+97+208 {
		t.Errorf("P-384 certificates: %d B held, want %d", got, 97+48+96+97+208)
	}
	b, err := tlsram.For(tlsram.Spec{Client: true, Kex: "x25519mlkem768", Sig: "ml-dsa-65", Chain: 3})
	if err != nil || b.Bytes != 25999 {
		t.Errorf("chain 3, ML-DSA-65: %d B (%v), want 25,999", b.Bytes, err)
	}
}

// What clients of the same library measured comes with the floor, for a
// client of wolfSSL or Mbed TLS only (§6.4): never a bound.
func TestDeployedBesideTheFloor(t *testing.T) {
	for _, tc := range []struct {
		spec tlsram.Spec
		low  int64
	}{
		{tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Stack: tlsram.WolfSSL}, 21200},
		{tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Stack: tlsram.MbedTLS}, 40600},
		{tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2}, 0},
		{tlsram.Spec{Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Stack: tlsram.WolfSSL}, 0},
	} {
		b, err := tlsram.For(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		switch d := b.Deployed; {
		case tc.low == 0 && d != nil, tc.low > 0 && (d == nil || d.Low != tc.low || d.High <= d.Low || d.Low <= b.Bytes):
			t.Errorf("%+v: deployed %+v beside a floor of %d B", tc.spec, d, b.Bytes)
		}
	}
}
