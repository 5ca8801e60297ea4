package bench

import (
	"sort"
	"strings"
	"sync"
)

// Canonical operation names. This file is the one place they are defined;
// parsers map their sources' names onto these and the engine asks for them.
//
// Bulk operations (figure: bytes per second):
//
//	aes-{128,192,256}-{cbc,gcm,ctr,ecb,ccm,cfb,ofb,xts}-{enc,dec}
//	aes-{128,192,256}-gcm-{enc,dec}-no-aad   GCM without additional data
//	gmac-small, gmac-table4                  GHASH implementations
//	chacha20, chacha20-poly1305, poly1305, 3des-cbc, rng
//	md5, sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256
//	sha3-{224,256,384,512}, shake128, shake256
//	hmac-{md5,sha1,sha224,sha256,sha384,sha512}
//
// Per-operation figures (seconds per operation):
//
//	ecc-{p256,p384,p521}-keygen      ECC key generation
//	ecdh-{p256,p384,p521}-agree      ECDH(E) shared secret
//	ecdsa-{p256,p384,p521}-{sign,verify}
//	x25519-keygen, x25519-agree
//	ed25519-keygen, ed25519-sign, ed25519-verify
//	rsa-{1024,2048,3072,4096}-public   raw public-key op (verify/encrypt)
//	rsa-{1024,2048,3072,4096}-private  raw private-key op (sign/decrypt)
//	rsa-3072-sign, rsa-3072-verify     CMOX PKCS#1 v2.2 sign/verify incl. hashing
//	ml-kem-{512,768,1024}-{keygen,encap,decap}   FIPS 203 ML-KEM
//	ml-dsa-{44,65,87}-{keygen,sign,verify}       FIPS 204 ML-DSA
//	dh-{2048,3072}-keygen, dh-{2048,3072}-agree
//	sha256-final, sha384-final         CMOX cmox_hash_generateTag alone
//
// Footprint-only names: aes-cbc-enc, aes-cbc-dec (CMOX publishes one
// footprint for all key sizes).
//
// The table is made on first use, not in the package's init: a browser
// runs every init before the page starts (~19 ms on a 4× throttled
// phone for this one), and the page's start needs no operation's words.
var opDoc = sync.OnceValue(func() map[string]string {
	doc := map[string]string{
		"rng":               "DRBG random bytes",
		"chacha20":          "ChaCha20 stream cipher",
		"chacha20-poly1305": "ChaCha20-Poly1305 AEAD",
		"poly1305":          "Poly1305 MAC",
		"3des-cbc":          "Triple-DES CBC",
		"gmac-small":        "GMAC, small-table GHASH",
		"gmac-table4":       "GMAC, 4-bit table GHASH",
		"md5":               "MD5 digest",
		"sha1":              "SHA-1 digest",
		"sha224":            "SHA-224 digest",
		"sha256":            "SHA-256 digest",
		"sha384":            "SHA-384 digest",
		"sha512":            "SHA-512 digest",
		"sha512-224":        "SHA-512/224 digest",
		"sha512-256":        "SHA-512/256 digest",
		"sha256-final":      "SHA-256 final tag generation (CMOX)",
		"shake128":          "SHAKE128 extendable-output function",
		"shake256":          "SHAKE256 extendable-output function",
		"sha384-final":      "SHA-384 final tag generation (CMOX)",
		"x25519-keygen":     "X25519 key generation",
		"x25519-agree":      "X25519 shared secret",
		"ed25519-keygen":    "Ed25519 key generation",
		"ed25519-sign":      "Ed25519 signature",
		"ed25519-verify":    "Ed25519 verification",
		"rsa-3072-sign":     "RSA-3072 PKCS#1 v2.2 signature (CMOX)",
		"rsa-3072-verify":   "RSA-3072 PKCS#1 v2.2 verification (CMOX)",
		"aes-cbc-enc":       "AES-CBC encryption, any key size (CMOX footprints only)",
		"aes-cbc-dec":       "AES-CBC decryption, any key size (CMOX footprints only)",
	}
	dirs := map[string]string{"enc": "encryption", "dec": "decryption"}
	for _, k := range []string{"128", "192", "256"} {
		for _, m := range []string{"cbc", "gcm", "ctr", "ecb", "ccm", "cfb", "ofb", "xts"} {
			for _, d := range []string{"enc", "dec"} {
				dir := dirs[d]
				doc["aes-"+k+"-"+m+"-"+d] = "AES-" + k + "-" + strings.ToUpper(m) + " " + dir
			}
		}
		for _, d := range []string{"enc", "dec"} {
			doc["aes-"+k+"-gcm-"+d+"-no-aad"] = "AES-" + k + "-GCM " + d + " without AAD"
		}
	}
	for _, b := range []string{"224", "256", "384", "512"} {
		doc["sha3-"+b] = "SHA3-" + b + " digest"
	}
	for _, h := range []string{"md5", "sha1", "sha224", "sha256", "sha384", "sha512"} {
		doc["hmac-"+h] = "HMAC-" + strings.ToUpper(h)
	}
	for _, c := range []string{"p256", "p384", "p521"} {
		C := "P-" + c[1:]
		doc["ecc-"+c+"-keygen"] = "ECC " + C + " key generation"
		doc["ecdh-"+c+"-agree"] = "ECDH " + C + " shared secret"
		doc["ecdsa-"+c+"-sign"] = "ECDSA " + C + " signature"
		doc["ecdsa-"+c+"-verify"] = "ECDSA " + C + " verification"
	}
	for _, n := range []string{"1024", "2048", "3072", "4096"} {
		doc["rsa-"+n+"-public"] = "RSA-" + n + " public-key operation"
		doc["rsa-"+n+"-private"] = "RSA-" + n + " private-key operation"
	}
	for _, n := range []string{"2048", "3072"} {
		doc["dh-"+n+"-keygen"] = "DH-" + n + " key generation"
		doc["dh-"+n+"-agree"] = "DH-" + n + " shared secret"
	}
	for _, n := range []string{"512", "768", "1024"} {
		doc["ml-kem-"+n+"-keygen"] = "ML-KEM-" + n + " key generation (FIPS 203)"
		doc["ml-kem-"+n+"-encap"] = "ML-KEM-" + n + " encapsulation (FIPS 203)"
		doc["ml-kem-"+n+"-decap"] = "ML-KEM-" + n + " decapsulation (FIPS 203)"
	}
	for _, n := range []string{"44", "65", "87"} {
		doc["ml-dsa-"+n+"-keygen"] = "ML-DSA-" + n + " key generation (FIPS 204)"
		doc["ml-dsa-"+n+"-sign"] = "ML-DSA-" + n + " signature (FIPS 204)"
		doc["ml-dsa-"+n+"-verify"] = "ML-DSA-" + n + " verification (FIPS 204)"
	}
	return doc
})

// KnownOp reports whether op is a canonical operation name.
func KnownOp(op string) bool { _, ok := opDoc()[op]; return ok }

// OpDoc describes a canonical operation in a few words.
func OpDoc(op string) string { return opDoc()[op] }

// Ops lists every canonical operation name, sorted.
func Ops() []string {
	doc := opDoc()
	out := make([]string, 0, len(doc))
	for k := range doc {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// IsBulk reports whether an op's natural figure is bytes per second.
func IsBulk(op string) bool {
	switch {
	case strings.HasPrefix(op, "aes-"), strings.HasPrefix(op, "sha"),
		strings.HasPrefix(op, "hmac-"), strings.HasPrefix(op, "gmac-"):
		return !strings.HasSuffix(op, "-final")
	}
	switch op {
	case "rng", "chacha20", "chacha20-poly1305", "poly1305", "3des-cbc", "md5":
		return true
	}
	return false
}
