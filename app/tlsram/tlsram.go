// Package tlsram works out the least RAM a TLS 1.3 handshake must hold at
// its peak, from the standards' sizes and, for the two TLS libraries in
// the data, from how they buffer records and handshake messages: the
// lower bound of ../shared/sources/tls-session-ram.md §6, generalised to
// the workload's group, signature, chain, role and record limit.
//
// It counts the encrypted-record receive buffer, the key and certificate
// data that must survive until used, the transcript hash state and the
// key-schedule secrets, at the larger of two phases (the ServerHello;
// the peer's encrypted flight). It does not count the crypto operations'
// own working memory (the ranking's per-operation figures add it), the
// send buffer, the library's structures and parsed certificates, trust
// anchors, the TCP/IP stack, the application or fragmentation: it is a
// lower bound, never an estimate of the whole. The package does no I/O.
package tlsram

import (
	"fmt"
	"slices"
	"strings"

	"cryptosizer/app/tlsdef"
)

// Doc is the source every term cites (its sections are named per term).
const Doc = "tls-session-ram.md"

// Spec is the handshake the bound is for.
type Spec struct {
	Client bool // the side that receives the server's certificate flight
	// Kex and Sig name the group and the certificate signature as the
	// workload does (p256, x25519mlkem768; ecdsa-p256, ml-dsa-65).
	Kex, Sig string
	Chain    int  // certificates whose signatures are checked (N)
	Mutual   bool // a server then receives the client's chain
	SHA384   bool // the suite's hash (TLS_AES_256_GCM_SHA384)
	// Limit is the record size the receiver negotiated (RFC 8449's
	// record_size_limit or RFC 6066's max_fragment_length), 0 for none.
	Limit int
	Stack Stack // whose buffering: a TLS library's, or the standards' alone
}

// Stack is a TLS stack whose buffering the bound knows: a build of a TLS
// library (wolfSSL, Mbed TLS) runs under its own; a crypto library
// without a TLS stack (CMOX, p256-m) under whichever the product uses,
// so only the standards' bound holds for it (Standard).
type Stack uint8

// The stacks, in Bounds' order.
const (
	Standard Stack = iota
	WolfSSL
	MbedTLS
	nStacks
)

// stackLibraries are the catalogue's library names (bench.Library.Name)
// whose own TLS stack the bound knows.
var stackLibraries = [nStacks]string{WolfSSL: "wolfSSL", MbedTLS: "Mbed TLS"}

// StackOf is the stack a build of the catalogue's library runs under:
// its own when the bound knows it, else Standard.
func StackOf(library string) Stack {
	for st, name := range stackLibraries {
		if name != "" && name == library {
			return Stack(st)
		}
	}
	return Standard
}

// String names the stack as the catalogue names its library ("" for
// Standard).
func (st Stack) String() string { return stackLibraries[st] }

// Term is one part of the bound.
type Term struct {
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
	Cite  string `json:"cite"`
}

// Bound is the least RAM the handshake holds at its peak.
type Bound struct {
	Bytes int64 `json:"bytes"`
	// Phase is the phase that peaks; Terms add up to Bytes.
	Phase string `json:"phase"`
	Terms []Term `json:"terms"`
	// Limit is the record limit the bound uses (0: none); LimitNote says
	// why a limit asked for does not apply to this library.
	Limit     int    `json:"record_limit,omitempty"`
	LimitNote string `json:"record_limit_note,omitempty"`
	// NotCounted says what the bound leaves out.
	NotCounted string `json:"not_counted"`
	// Measured: the user's own measured session RAM, not a bound.
	Measured bool `json:"measured,omitempty"`
	// Hello and Flight are the two phases' session terms (Bytes is the
	// larger): the key exchange's operations run at the hello, the
	// certificates' signatures in the flight, and each phase's peak adds
	// its operations' working memory (Peak).
	Hello  int64 `json:"hello_bytes,omitempty"`
	Flight int64 `json:"flight_bytes,omitempty"`
	// Deployed is what whole clients of the same library measured, where
	// a source gives it: context beside the floor, never a bound.
	Deployed *Deployed `json:"deployed,omitempty"`
}

// Deployed is the range of whole-handshake RAM measured for clients of
// one library (heap and stack together, as the sources give them).
type Deployed struct {
	Low  int64  `json:"low_bytes"`
	High int64  `json:"high_bytes"`
	What string `json:"what"`
	Cite string `json:"cite"`
}

// deployedFor is what clients of s's library measured (nil for a
// server, whose source figure is not comparable, or no source): the
// totals of tls-session-ram.md §6.4's table, the smallest reading of "KB"
// (1,000 B) for the low end.
func deployedFor(s Spec) *Deployed {
	switch {
	case !s.Client:
		return nil
	case s.Stack == WolfSSL:
		return &Deployed{Low: 19000 + 2200, High: 41760, Cite: Doc + " §4.1, §2.2, §6.4",
			What: "wolfSSL clients used about 21 KB (ESP-IDF: ~19 KB heap + ~2.2 KB stack) to 41,760 B of heap alone (the manual's TLS 1.3 host client)"}
	case s.Stack == MbedTLS:
		return &Deployed{Low: 37000 + 3600, High: 60000, Cite: Doc + " §4.1, §3.4, §6.4",
			What: "Mbed TLS clients used about 41 KB (ESP-IDF: ~37 KB heap + ~3.6 KB stack) to 60 KB of heap (Zephyr's PR #69243)"}
	}
	return nil
}

// NotCounted is what no bound counts.
const NotCounted = "the crypto operations' own working memory (the per-operation figures), the send buffer, the library's structures and parsed certificates, trust anchors, the TCP/IP stack, the application, the TLS code's call stack and heap fragmentation"

// MinLimit and MaxLimit bound a record limit: RFC 8449 §4's minimum of
// 64 and TLS 1.3's 2^14 + 1.
const MinLimit, MaxLimit = 64, 1<<14 + 1

// fragment lengths RFC 6066 §4 allows (max_fragment_length).
var fragmentLengths = []int{512, 1024, 2048, 4096}

// Supports reports whether a library can negotiate a record limit, and
// why not. wolfSSL has max_fragment_length only (no RFC 8449); Mbed TLS
// has both (record_size_limit off by default). A crypto library without
// a TLS stack runs under whichever stack the product uses: the
// standards' bound holds.
func Supports(st Stack, limit int) (bool, string) {
	switch {
	case limit == 0:
		return true, ""
	case st == WolfSSL && !slices.Contains(fragmentLengths, limit):
		return false, fmt.Sprintf("wolfSSL has no record_size_limit (RFC 8449), only max_fragment_length, whose sizes are 512, 1024, 2048 and 4096 (RFC 6066 §4): a limit of %d is not negotiated, so the bound takes full-size records (%s §2.1, §1)", limit, Doc)
	}
	return true, ""
}

// UnknownError is a group or signature tlsdef does not declare: the
// bound is never silently absent.
type UnknownError struct{ Kex, Sig string }

func (e *UnknownError) Error() string {
	return fmt.Sprintf("tlsram: no bound for group %q with signature %q: tlsdef declares neither pair member", e.Kex, e.Sig)
}

// For works out the bound; an *UnknownError for a group or signature
// tlsdef does not declare.
func For(s Spec) (Bound, error) {
	g, gok := tlsdef.GroupNamed(s.Kex)
	sg, sok := tlsdef.SigNamed(s.Sig)
	if !gok || !sok {
		return Bound{}, &UnknownError{s.Kex, s.Sig}
	}
	b := Bound{NotCounted: NotCounted}
	if ok, why := Supports(s.Stack, s.Limit); ok {
		b.Limit = s.Limit
	} else {
		b.LimitNote = why
	}
	hashLen, state, key := int64(32), int64(104), int64(16)
	suite := "SHA-256"
	if s.SHA384 {
		hashLen, state, key, suite = 48, 208, 32, "SHA-384"
	}
	transcript := Term{"transcript hash state (" + suite + ")", state, Doc + " §1 (hash states, FIPS 180-4 parameters), §6.2 T"}
	schedule := Term{"key schedule during the peer's encrypted flight: its handshake key and IV, two traffic secrets and the handshake secret",
		key + 12 + 3*hashLen, Doc + " §6.2 K (RFC 8446 §5.3, §7.1, §7.3; RFC 5116 §5.1)"}

	// Phase A: the ServerHello (plaintext, parsed as it arrives).
	var a []Term
	if s.Client {
		a = append(a, Term{"ephemeral secrets kept until the ServerHello (the ECDHE scalar; ML-KEM's 64-byte seed)", g.Secret + g.KEMSecret, Doc + " §6.2 E, §1 (ML-KEM seed)"},
			Term{"the server's key share", g.ServerShare, Doc + " §6.2 P, §1 (key share sizes)"})
	} else {
		a = append(a, Term{"the server's own ECDHE scalar", g.Secret, Doc + " §6.2 E"},
			Term{"the client's key share", g.ClientShare, Doc + " §1 (key share sizes)"})
	}
	a = append(a, transcript)

	// Phase B: the encrypted flight that carries certificates (the
	// server's to a client; the client's to a server with mutual auth).
	record := int64(1<<14 + 1)
	if b.Limit > 0 {
		record = int64(b.Limit)
	}
	rec := Term{fmt.Sprintf("receive buffer: one whole record (header 5 + %d + tag 16): a record is processed only once its tag verifies", record), 5 + record + 16,
		Doc + " §6.2 R (RFC 8446 §5.2, §5.4; RFC 8449 §4; RFC 6066 §4; RFC 5116 §2.2)"}
	bTerms := []Term{rec, transcript, schedule}
	certs := s.Client || s.Mutual
	msg := int64(0) // the Certificate message this side receives, if any
	if certs {
		msg = certificateMessage(s.Chain, sg)
	}
	reassembled := s.Stack == WolfSSL && certs && msg > record
	if certs && !reassembled {
		bTerms = append(bTerms, heldCertificates(s.Chain, sg))
	}
	switch {
	case s.Stack == MbedTLS:
		// The input buffer is allocated for the session and holds each
		// handshake message whole, whatever the record size; its content
		// length is 16,384 by default, or the limit it advertises.
		content := int64(1 << 14)
		if b.Limit > 0 {
			content = record
		}
		bTerms[0] = Term{fmt.Sprintf("Mbed TLS's input buffer: header 13 + IV 16 + tag 16 + max(content %d, Certificate message ≥ %d): it reassembles each handshake message inside it", content, msg),
			13 + 16 + 16 + max(content, msg), Doc + " §3.2 (library/ssl_misc.h, library/ssl_msg.c), §6.5"}
	case reassembled:
		// A message spanning records is rebuilt whole on the heap and its
		// certificates are verified in place: the held certificate data
		// lies inside it, and only the verifier's hash state is extra
		// (SHAKE256's 200 B for ML-DSA, FIPS 202; a SHA state otherwise).
		bTerms = append(bTerms, Term{fmt.Sprintf("wolfSSL's reassembly of the Certificate message (≥ %d B) spanning records, its certificates verified in place", msg), msg, Doc + " §2.1, §6.5 (the message plus the current record)"},
			Term{"the verifier's hash state while a certificate in the message is checked", verifierState(sg), Doc + " §1 (hash states: FIPS 180-4, FIPS 202)"})
	}
	b.Hello, b.Flight, b.Deployed = sum(a), sum(bTerms), deployedFor(s)
	if b.Hello > b.Flight {
		b.Bytes, b.Phase, b.Terms = b.Hello, "the ServerHello", a
		return b, nil
	}
	b.Bytes, b.Phase, b.Terms = b.Flight, "the encrypted flight with the certificates", bTerms
	if !certs {
		b.Phase = "the peer's encrypted flight"
	}
	return b, nil
}

// Peak is the least RAM the handshake holds at its peak: each phase's
// session terms plus the largest working memory (stack and buffers) of
// the operations that run in it, hello the key exchange's, flight the
// signatures' (0 where unpublished: the peak is then a lower bound). A
// user's measured figure already holds its crypto's.
func (b *Bound) Peak(hello, flight int64) int64 {
	if b.Measured {
		return b.Bytes
	}
	return max(b.Bytes, b.Hello+hello, b.Flight+flight)
}

// heldCertificates is the certificate data that must coexist at the
// peak: for a signature over a hash of the body (ECDSA, RSA), the leaf's
// key, body hash and signature and the issuer's key with the hash state
// of its body, each hash the signature's own (a P-384 group with P-256
// certificates hashes them with SHA-256); for a pure signature (ML-DSA,
// Ed25519), the leaf's whole body (at least its key) and signature until
// the issuer's key arrives — with a third certificate, the next one's
// too, while the leaf's key waits for CertificateVerify — and, checked
// against a trust anchor in flash, the leaf's key, signature and the
// 64 B message representative (ML-DSA's μ, Ed25519's SHA-512 digest) the
// streamed hash leaves. Sizes other than §6's worked ones (P-256,
// ML-DSA-65) are their standards' (sizeCite).
func heldCertificates(chain int, s tlsdef.Sig) Term {
	cite := Doc + " §6.3 C (RFC 8446 §4.4.2: leaf first, issuer after)" + sizeCite(s)
	h, state := certHash(s)
	switch {
	case chain <= 0:
		return Term{"the leaf's public key, kept for CertificateVerify", s.Pub, cite}
	case s.Pure && chain >= 3:
		return Term{"the leaf's key kept for CertificateVerify; the first issuer's body (at least its key) and signature, held until its own issuer's key arrives (pure signatures hash the issuer's key first); that key and its body's hash state",
			s.Pub + s.Pub + s.Raw + s.Pub + s.State, cite + "; §1 (pure ML-DSA in X.509)"}
	case s.Pure && chain == 2:
		return Term{"the leaf's body (at least its key) and signature, held until the issuer's key arrives (pure signatures hash the issuer's key first), the issuer's key and its body's hash state",
			s.Pub + s.Raw + s.Pub + s.State, cite + "; §1 (pure ML-DSA in X.509)"}
	case s.Pure:
		return Term{"the leaf's key and signature and the 64 B message representative its streamed body leaves (μ; issuer: a trust anchor in flash)", s.Pub + s.Raw + 64,
			cite + "; §6.3 (b)'s later steps (μ 64), §1 (μ = H(…, 64))"}
	case chain >= 2:
		return Term{"the leaf's key, body hash and signature, the issuer's key and the hash state of its body", s.Pub + h + s.Raw + s.Pub + state, cite}
	}
	return Term{"the leaf's key, body hash and signature (issuer: a trust anchor in flash)", s.Pub + h + s.Raw, cite}
}

// certHash is the digest and hash state a certificate signature hashes
// its body with: SHA-384's for P-384, SHA-256's otherwise (FIPS 180-4).
func certHash(s tlsdef.Sig) (digest, state int64) {
	if s.P384 {
		return 48, 208
	}
	return 32, 104
}

// sizeCite says where a signature's key and signature sizes come from
// when §6 does not work them out (it works out P-256 and ML-DSA-65).
func sizeCite(s tlsdef.Sig) string {
	switch {
	case strings.HasPrefix(s.Name, "ml-dsa") && s.Name != "ml-dsa-65":
		return "; sizes: FIPS 204 Table 2"
	case s.Name == "ed25519":
		return "; sizes: RFC 8032 §5.1.5–5.1.6 (32 B key, 64 B signature)"
	case s.Name == "ecdsa-p384":
		return "; sizes: SEC 1 §2.3.3 (97 B point), r‖s 96 B; SHA-384 state FIPS 180-4"
	case strings.HasPrefix(s.Name, "rsa"):
		return "; sizes: RFC 8017 (modulus-sized key and signature)"
	}
	return ""
}

// verifierState is the hash state a certificate's verifier holds: a pure
// signature's own (SHAKE256's for ML-DSA, SHA-512's for Ed25519), else
// the signature's hash over the body (certHash).
func verifierState(s tlsdef.Sig) int64 {
	if s.Pure {
		return s.State
	}
	_, state := certHash(s)
	return state
}

// certificateMessage is the least size of the Certificate message: 18 B
// of framing for two certificates (8 + 5 per certificate) and each one's
// key and signature, no other field.
func certificateMessage(chain int, s tlsdef.Sig) int64 {
	n := int64(max(chain, 1))
	return 8 + n*(5+s.Pub+s.Raw)
}

func sum(ts []Term) int64 {
	var n int64
	for _, t := range ts {
		n += t.Bytes
	}
	return n
}

// Bounds is the bound under each Stack, in that order (nil without a
// bound: TLS 1.2, whose bound is not modelled). A ranking picks one for
// every build: an array, read without hashing a library's name.
type Bounds [nStacks]*Bound

// Of is the bound under st: nil when bs is nil.
func (bs *Bounds) Of(st Stack) *Bound {
	if bs == nil {
		return nil
	}
	return bs[st]
}

// Yours is the user's own measured session RAM in place of the bound,
// cite saying where they gave it (a setting, an import set).
func Yours(measured int64, cite string) *Bound {
	return &Bound{Bytes: measured, Phase: "your measurement", Measured: true,
		Terms: []Term{{Name: "your measured session RAM", Bytes: measured, Cite: cite}}}
}

// Pick is the session RAM of a build under stack st, from ByStack's
// bounds: the user's figure wins (the setting's for every build, then
// own, measured on the build's import set), then the stack's bound.
func Pick(bounds *Bounds, st Stack, own int64, set string) *Bound {
	std := bounds.Of(Standard)
	if own > 0 && (std == nil || !std.Measured) {
		return Yours(own, "your import set "+set)
	}
	return bounds.Of(st)
}

// ByStack is the bound under each Stack; an *UnknownError for a group or
// signature tlsdef does not declare. measured, when positive, is the
// user's own measured session RAM: it replaces the bound everywhere,
// labelled as theirs.
func ByStack(s Spec, measured int64) (*Bounds, error) {
	out := &Bounds{}
	for st := range out {
		s.Stack = Stack(st)
		b, err := For(s)
		if err != nil {
			return nil, err
		}
		if measured > 0 {
			b = *Yours(measured, "the tls-session-ram setting")
		}
		out[st] = &b
	}
	return out, nil
}
