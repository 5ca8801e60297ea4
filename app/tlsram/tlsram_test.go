package tlsram_test

import (
	"strings"
	"testing"

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
		b, ok := tlsram.For(tlsram.Spec{Client: true, Kex: tc.kex, Sig: tc.sig, Chain: 2, Limit: tc.limit})
		if !ok || b.Bytes != tc.want {
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
	pq.Library = "Mbed TLS"
	mbed, _ := tlsram.For(pq)
	// 13 + 16 + 16 + Certificate message 10,540, + T 104 + K 124 + C 7,413.
	if mbed.Bytes != 45+10540+104+124+7413 || mbed.Bytes <= std.Bytes {
		t.Errorf("Mbed TLS with 1 KiB records: %d B (standards: %d)", mbed.Bytes, std.Bytes)
	}
	pq.Library = "wolfSSL"
	wolf, _ := tlsram.For(pq)
	if wolf.Bytes != std.Bytes+10540 || wolf.Limit != 1024 {
		t.Errorf("wolfSSL with max_fragment_length 2^10: %d B (standards %d + the message 10,540)", wolf.Bytes, std.Bytes)
	}
	// A server without mutual auth receives no certificate, but Mbed
	// TLS's input buffer is its own: 13 + 16 + 16 + 16,384.
	if srv, _ := tlsram.For(tlsram.Spec{Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Library: "Mbed TLS"}); srv.Bytes != 16429+104+124 {
		t.Errorf("Mbed TLS server: %d B, want its input buffer 16,429 + 104 + 124", srv.Bytes)
	}
	pq.Limit = 1000
	odd, _ := tlsram.For(pq)
	if ok, why := tlsram.Supports("wolfSSL", 1000); ok || odd.Limit != 0 || odd.LimitNote != why || !strings.Contains(why, "RFC 8449") {
		t.Errorf("wolfSSL with a 1000-byte limit: applied %d, note %q", odd.Limit, odd.LimitNote)
	}
}

// Every group and signature the workload offers has a bound, for both
// roles, and a server without mutual auth holds no certificate.
func TestEveryPairHasABound(t *testing.T) {
	kexes := []string{"p256", "p384", "x25519", "x25519mlkem768", "secp256r1mlkem768", "secp384r1mlkem1024", "mlkem768", "mlkem1024"}
	sigs := []string{"ecdsa-p256", "ecdsa-p384", "rsa-2048", "rsa-3072", "ed25519", "ml-dsa-44", "ml-dsa-65", "ml-dsa-87"}
	for _, k := range kexes {
		for _, s := range sigs {
			for _, client := range []bool{true, false} {
				b, ok := tlsram.For(tlsram.Spec{Client: client, Kex: k, Sig: s, Chain: 2})
				if !ok || b.Bytes < 16406 {
					t.Errorf("%s + %s (client %v): %d B, %v", k, s, client, b.Bytes, ok)
				}
			}
		}
	}
	if _, ok := tlsram.For(tlsram.Spec{Kex: "p521", Sig: "ecdsa-p256"}); ok {
		t.Error("an unknown group has a bound")
	}
}

// The user's own measured session RAM replaces the bound for every
// library, labelled as theirs.
func TestMeasuredWins(t *testing.T) {
	by := tlsram.ByLibrary(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2}, 48<<10)
	for _, lib := range tlsram.Libraries {
		if b := by.Of(lib); b == nil || b.Bytes != 48<<10 || !b.Measured {
			t.Errorf("%q: %+v", lib, b)
		}
	}
	if by := tlsram.ByLibrary(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2}, 0); by.Of("Mbed TLS") == nil || by.Of("Mbed TLS").Measured || by.Of("Mbed TLS").Bytes <= by.Of("").Bytes {
		t.Errorf("bounds: %+v", by)
	}
}

// Pick: the setting's figure holds for every build, then a build's own
// (its import set's), then its library's bound, then the standards'.
func TestPickPutsTheUsersFigureFirst(t *testing.T) {
	s := tlsram.Spec{Kex: "p256", Sig: "ecdsa-p256", Chain: 2}
	bounds, setting := tlsram.ByLibrary(s, 0), tlsram.ByLibrary(s, 50_000)
	for _, tc := range []struct {
		name   string
		bounds *tlsram.Bounds
		lib    string
		own    int64
		want   int64
		cite   string
	}{
		{"library's bound", bounds, "Mbed TLS", 0, bounds.Of("Mbed TLS").Bytes, ""},
		{"standards' bound for a crypto library", bounds, "CMOX", 0, bounds.Of("").Bytes, ""},
		{"the import's figure over the bound", bounds, "wolfSSL", 40_000, 40_000, "your import set set-1"},
		{"the setting's figure over the import's", setting, "wolfSSL", 40_000, 50_000, "the tls-session-ram setting"},
		{"the import's figure without a bound (TLS 1.2)", nil, "wolfSSL", 40_000, 40_000, "your import set set-1"},
		{"nothing without a bound or a figure", nil, "wolfSSL", 0, 0, ""},
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
