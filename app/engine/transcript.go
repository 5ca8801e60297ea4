package engine

// How many bytes one TLS handshake hashes, per side, from the sizes of
// its group and signature (kind_tls.go gives them with their
// references). The transcript hash runs over every handshake message
// (RFC 8446 §4.4.1; RFC 5246 §7.4.9), so large ML-KEM shares and ML-DSA
// certificates make it several times longer than a classic one.

// Modelling constants, for the parts whose size depends on the
// implementation rather than the algorithms.
const (
	// HelloBytes is what the hellos (random, session id, suites and
	// extensions without the key shares), EncryptedExtensions, the two
	// Finished messages and the message headers take together.
	HelloBytes = 512
	// CertOverheadBytes is a certificate beyond its public key and
	// signature: names, validity, extensions and DER framing.
	CertOverheadBytes = 400
	// HMACBytes is what one HMAC of a short input hashes: four 64-byte
	// blocks (inner and outer, each a key block and a message block).
	HMACBytes = 256
	// KeyScheduleHMACs13 counts the TLS 1.3 key schedule's HMACs: 11
	// HKDF-Extract/Derive-Secret steps, 8 traffic key and IV expansions
	// and 4 for the Finished keys and MACs (RFC 8446 §7.1, §7.3, §4.4.4).
	KeyScheduleHMACs13 = 23
	// KeyScheduleHMACs12 counts TLS 1.2's PRF HMACs: the master secret
	// (4), the key block (8) and the two Finished (4) (RFC 5246 §5).
	KeyScheduleHMACs12 = 16
)

// Part is one share of a term's bytes, named by a stable code that
// explain turns into words: "hellos", "key-shares", "certificates",
// "handshake-signatures", "verified-certificates", "key-schedule".
type Part struct {
	Part  string `json:"part"`
	Count int64  `json:"count"`
	Each  int64  `json:"each_bytes"`
}

// Parts are a term's bytes, part by part.
type Parts []Part

// Bytes is their sum.
func (ps Parts) Bytes() int64 {
	var n int64
	for _, p := range ps {
		n += p.Count * p.Each
	}
	return n
}

// Hashed is what one full (or resumed) handshake hashes on the TLS
// load's side. The peer sends max(N, 1) certificates: N chain signatures
// are checked (the trusted root's is not), and even a pinned leaf is
// sent. Every certificate is signed with the chosen signature.
func (t *TLS) Hashed(resumed bool) Parts {
	k, s := kexNamed(t.Kex), sigNamed(t.Sig)
	hmacs := int64(KeyScheduleHMACs13)
	if t.Version == "1.2" {
		hmacs = KeyScheduleHMACs12
	}
	ps := Parts{{Part: "hellos", Count: 1, Each: HelloBytes}}
	if resumed {
		// psk_ke resumes without a key exchange; psk_dhe_ke sends the
		// shares again. Neither sends a certificate.
		if t.ResumeKind == "psk-dhe" {
			ps = append(ps, Part{Part: "key-shares", Count: 1, Each: k.ClientShare + k.ServerShare})
		}
		return append(ps, Part{Part: "key-schedule", Count: hmacs, Each: HMACBytes})
	}
	certs := int64(max(t.Chain, 1))
	cert := CertOverheadBytes + s.SPKI + s.DER
	sent, signed := certs, int64(1) // certificates and handshake signatures in the transcript
	if t.Mutual {
		sent, signed = 2*certs, 2
	}
	ps = append(ps,
		Part{Part: "key-shares", Count: 1, Each: k.ClientShare + k.ServerShare},
		Part{Part: "certificates", Count: sent, Each: cert},
		Part{Part: "handshake-signatures", Count: signed, Each: s.DER})
	// The side that checks a chain with ECDSA or RSA hashes each
	// certificate's body first: the client always, the server with
	// mutual authentication.
	if !s.Pure && t.Chain > 0 && (t.Role == "client" || t.Mutual) {
		ps = append(ps, Part{Part: "verified-certificates", Count: int64(t.Chain), Each: CertOverheadBytes + s.SPKI})
	}
	return append(ps, Part{Part: "key-schedule", Count: hmacs, Each: HMACBytes})
}

// OnTheWire is what one full handshake sends, from the same sizes: the
// hellos and Finished, the key shares, the certificates and the handshake
// signatures of both sides (TLS record, TCP and IP framing not counted).
func (t *TLS) OnTheWire() Parts {
	var out Parts
	for _, p := range t.Hashed(false) {
		switch p.Part {
		case "hellos", "key-shares", "certificates", "handshake-signatures":
			out = append(out, p)
		}
	}
	return out
}
