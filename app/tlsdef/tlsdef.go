// Package tlsdef declares, once, the TLS key-exchange groups and
// certificate signatures the workload offers: the operations each costs,
// and the sizes each puts on the wire and holds in memory. The TLS load
// (engine), the session-RAM bound (tlsram) and the form's choices all
// read these two tables; a group or signature is added here and nowhere
// else. Standard library only.
package tlsdef

import "slices"

// Group is a key-exchange group: its (EC)DHE part and its ML-KEM part,
// either of which may be absent (draft-ietf-tls-ecdhe-mlkem hybrids have
// both).
type Group struct {
	Name string
	// Keygen and Agree are the (EC)DHE operations; KEMKeygen, Encap and
	// Decap the ML-KEM ones ("" when the group has no such part).
	Keygen, Agree           string
	KEMKeygen, Encap, Decap string
	PQC                     bool // an ML-KEM part
	P384                    bool // P-384 based: the suite hashes with SHA-384
	// ClientShare and ServerShare are the key_share bytes each side
	// sends: an uncompressed P-256/P-384 point is 65/97 bytes, an X25519
	// key 32 (RFC 8446 §4.2.8.2); an ML-KEM-768 encapsulation key 1,184
	// and ciphertext 1,088, ML-KEM-1024 1,568 and 1,568 (FIPS 203 Table
	// 3); a hybrid sends both, concatenated (draft-ietf-tls-ecdhe-mlkem
	// §3).
	ClientShare, ServerShare int64
	// Secret is the (EC)DHE scalar a side keeps until the peer's share
	// arrives; KEMSecret the ML-KEM key kept as its 64-byte seed (FIPS
	// 203 §7.1).
	Secret, KEMSecret int64
}

// Sig is a certificate signature: the operation that signs and those
// that verify, in order of preference (CMOX publishes RSA-3072 sign and
// verify as operations of their own).
type Sig struct {
	Name         string
	Sign, Verify []string
	PQC          bool // ML-DSA
	P384         bool // the suite hashes with SHA-384
	// SPKI and DER are the bytes of a public key in a certificate
	// (SubjectPublicKeyInfo; ML-DSA's raw key) and of an encoded
	// signature: ECDSA P-256/P-384 at most 72/104 bytes in DER (RFC
	// 5480), RSA the modulus size (RFC 8017), Ed25519 64 with a 44-byte
	// key (RFC 8032, RFC 8410), ML-DSA-44/65/87 keys of 1,312/1,952/
	// 2,592 bytes and signatures of 2,420/3,309/4,627 (FIPS 204 Table 2).
	SPKI, DER int64
	// Pub and Raw are the same key and signature as a verifier holds
	// them in memory: an uncompressed point, the modulus, r‖s.
	Pub, Raw int64
	// Pure: the message is hashed inside the operation, after the
	// signer's public key (Ed25519, pure ML-DSA), so a certificate's
	// body waits for its issuer's key and the operation's time already
	// holds the hashing; otherwise the verifier hashes the body first
	// (ECDSA, RSA). State is a pure verifier's hash state (SHA-512's
	// for Ed25519, FIPS 180-4; SHAKE256's for ML-DSA, FIPS 202).
	Pure  bool
	State int64
}

// Groups are the key-exchange groups, in the form's order.
var Groups = []Group{
	{Name: "p256", Keygen: "ecc-p256-keygen", Agree: "ecdh-p256-agree", ClientShare: 65, ServerShare: 65, Secret: 32},
	{Name: "p384", Keygen: "ecc-p384-keygen", Agree: "ecdh-p384-agree", P384: true, ClientShare: 97, ServerShare: 97, Secret: 48},
	{Name: "x25519", Keygen: "x25519-keygen", Agree: "x25519-agree", ClientShare: 32, ServerShare: 32, Secret: 32},
	{Name: "x25519mlkem768", Keygen: "x25519-keygen", Agree: "x25519-agree", KEMKeygen: "ml-kem-768-keygen", Encap: "ml-kem-768-encap", Decap: "ml-kem-768-decap", PQC: true,
		ClientShare: 1184 + 32, ServerShare: 1088 + 32, Secret: 32, KEMSecret: 64},
	{Name: "secp256r1mlkem768", Keygen: "ecc-p256-keygen", Agree: "ecdh-p256-agree", KEMKeygen: "ml-kem-768-keygen", Encap: "ml-kem-768-encap", Decap: "ml-kem-768-decap", PQC: true,
		ClientShare: 65 + 1184, ServerShare: 65 + 1088, Secret: 32, KEMSecret: 64},
	{Name: "secp384r1mlkem1024", Keygen: "ecc-p384-keygen", Agree: "ecdh-p384-agree", KEMKeygen: "ml-kem-1024-keygen", Encap: "ml-kem-1024-encap", Decap: "ml-kem-1024-decap", PQC: true, P384: true,
		ClientShare: 97 + 1568, ServerShare: 97 + 1568, Secret: 48, KEMSecret: 64},
	{Name: "mlkem768", KEMKeygen: "ml-kem-768-keygen", Encap: "ml-kem-768-encap", Decap: "ml-kem-768-decap", PQC: true, ClientShare: 1184, ServerShare: 1088, KEMSecret: 64},
	{Name: "mlkem1024", KEMKeygen: "ml-kem-1024-keygen", Encap: "ml-kem-1024-encap", Decap: "ml-kem-1024-decap", PQC: true, ClientShare: 1568, ServerShare: 1568, KEMSecret: 64},
}

// Sigs are the certificate signatures, in the form's order. An RSA
// signature is a private-key operation, its verification a public-key
// one.
var Sigs = []Sig{
	{Name: "ecdsa-p256", Sign: []string{"ecdsa-p256-sign"}, Verify: []string{"ecdsa-p256-verify"}, SPKI: 91, DER: 72, Pub: 65, Raw: 64},
	{Name: "ecdsa-p384", Sign: []string{"ecdsa-p384-sign"}, Verify: []string{"ecdsa-p384-verify"}, P384: true, SPKI: 120, DER: 104, Pub: 97, Raw: 96},
	{Name: "rsa-2048", Sign: []string{"rsa-2048-private"}, Verify: []string{"rsa-2048-public"}, SPKI: 294, DER: 256, Pub: 256, Raw: 256},
	{Name: "rsa-3072", Sign: []string{"rsa-3072-private", "rsa-3072-sign"}, Verify: []string{"rsa-3072-public", "rsa-3072-verify"}, SPKI: 422, DER: 384, Pub: 384, Raw: 384},
	{Name: "ed25519", Sign: []string{"ed25519-sign"}, Verify: []string{"ed25519-verify"}, SPKI: 44, DER: 64, Pub: 32, Raw: 64, Pure: true, State: 208},
	{Name: "ml-dsa-44", Sign: []string{"ml-dsa-44-sign"}, Verify: []string{"ml-dsa-44-verify"}, PQC: true, SPKI: 1312, DER: 2420, Pub: 1312, Raw: 2420, Pure: true, State: 200},
	{Name: "ml-dsa-65", Sign: []string{"ml-dsa-65-sign"}, Verify: []string{"ml-dsa-65-verify"}, PQC: true, SPKI: 1952, DER: 3309, Pub: 1952, Raw: 3309, Pure: true, State: 200},
	{Name: "ml-dsa-87", Sign: []string{"ml-dsa-87-sign"}, Verify: []string{"ml-dsa-87-verify"}, PQC: true, SPKI: 2592, DER: 4627, Pub: 2592, Raw: 4627, Pure: true, State: 200},
}

// Suite is a classic suite that tls-suite still names: a group and a
// signature, so that old links and commands keep their meaning.
type Suite struct{ Name, Group, Sig string }

// Suites are the classic suites.
var Suites = []Suite{
	{"ecdhe-ecdsa-p256", "p256", "ecdsa-p256"},
	{"ecdhe-ecdsa-p384", "p384", "ecdsa-p384"},
	{"ecdhe-rsa-2048", "p256", "rsa-2048"},
	{"x25519-ed25519", "x25519", "ed25519"},
}

// GroupNamed is the group of that name; ok is false for none.
func GroupNamed(name string) (Group, bool) {
	return named(Groups, name, func(g Group) string { return g.Name })
}

// SigNamed is the signature of that name; ok is false for none.
func SigNamed(name string) (Sig, bool) {
	return named(Sigs, name, func(s Sig) string { return s.Name })
}

// SuiteOf names the classic suite of a pair, or "".
func SuiteOf(group, sig string) string {
	for _, s := range Suites {
		if s.Group == group && s.Sig == sig {
			return s.Name
		}
	}
	return ""
}

// Names lists the name of each item, for a field's choices.
func Names[T any](items []T, name func(T) string) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, name(it))
	}
	return out
}

func named[T any](items []T, name string, of func(T) string) (T, bool) {
	i := slices.IndexFunc(items, func(it T) bool { return of(it) == name })
	if i < 0 {
		var zero T
		return zero, false
	}
	return items[i], true
}
