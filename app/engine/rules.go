package engine

// The workload → operation-mix rules, declared in one place. Each rule
// names the operations one unit of work costs and cites where that count
// comes from; explanations show the rule behind every term.

// Rule is one row of the model.
type Rule struct {
	ID   string
	Text string // what the rule says, for explanations
	Ref  string // the reference it rests on
}

// Rules, by ID.
var Rules = map[string]Rule{
	"tls-keygen": {"tls-keygen", "one ephemeral key pair per full handshake, either side",
		"RFC 8446 §4.2.8 (key_share); RFC 8422 §5.4 and RFC 5246 §7.4.3 (ECDHE ServerKeyExchange)"},
	"tls-agree": {"tls-agree", "one key agreement per full handshake, either side",
		"RFC 8446 §7.4.2; RFC 8422 §5.10"},
	"tls-server-sign": {"tls-server-sign", "the server signs once: TLS 1.3 CertificateVerify or TLS 1.2 ServerKeyExchange",
		"RFC 8446 §4.4.3; RFC 8422 §5.4; RFC 5246 §7.4.3"},
	"tls-client-verify": {"tls-client-verify", "the client verifies N chain signatures (the trusted root is not verified) plus the server's handshake signature: N+1",
		"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.2; RFC 5280 §6"},
	"tls-mutual-client-sign": {"tls-mutual-client-sign", "mutual auth: the client signs its CertificateVerify",
		"RFC 8446 §4.4.3; RFC 5246 §7.4.8"},
	"tls-mutual-server-verify": {"tls-mutual-server-verify", "mutual auth: the server verifies the client's chain (N) and CertificateVerify: N+1",
		"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.8"},
	"tls-resume-psk": {"tls-resume-psk", "a resumed handshake without (EC)DHE (TLS 1.2 abbreviated, TLS 1.3 psk_ke) does no public-key work",
		"RFC 5246 §7.3 (abbreviated handshake); RFC 8446 §4.2.9 (psk_ke)"},
	"tls-resume-psk-dhe": {"tls-resume-psk-dhe", "a resumed psk_dhe_ke handshake does one keygen and one key agreement",
		"RFC 8446 §4.2.9 (psk_dhe_ke)"},
	"tls-hash": {"tls-hash", "transcript hash and key schedule: modelled as a constant 4 KiB of hashing per handshake (SHA-384 for P-384 suites, else SHA-256)",
		"RFC 8446 §4.4.1 and §7.1; RFC 5246 §5 (PRF) — a documented modelling constant"},
	"fw-hash": {"fw-hash", "the whole image is hashed once: size ÷ hash rate",
		"MCUboot / SBSFU / wolfBoot image verification (hash, then verify the signature over the digest)"},
	"fw-verify": {"fw-verify", "one signature verification over the digest",
		"MCUboot / SBSFU / wolfBoot; FIPS 186-5 (ECDSA, EdDSA); RFC 8017 (RSA)"},
	"aes-stream": {"aes-stream", "CPU share = required rate ÷ measured rate of that mode, key size and direction",
		"continuous load; measured bulk rate"},
	"cpu-budget": {"cpu-budget", "TLS and AES are continuous loads: their CPU shares add up and must fit the budget; the boot verify is a separate deadline",
		"cryptosizer workload model"},
}

// TLSHashBytes is the constant amount of hashing charged per handshake.
const TLSHashBytes = 4096

// suiteOps names the operations of a TLS suite.
type suiteOps struct {
	keygen, agree, sign, verify, hash string
}

var suites = map[string]suiteOps{
	"ecdhe-ecdsa-p256": {"ecc-p256-keygen", "ecdh-p256-agree", "ecdsa-p256-sign", "ecdsa-p256-verify", "sha256"},
	"ecdhe-ecdsa-p384": {"ecc-p384-keygen", "ecdh-p384-agree", "ecdsa-p384-sign", "ecdsa-p384-verify", "sha384"},
	// ECDHE over P-256 with an RSA-2048 certificate: the signature is an
	// RSA private-key operation, each verification a public-key one.
	"ecdhe-rsa-2048": {"ecc-p256-keygen", "ecdh-p256-agree", "rsa-2048-private", "rsa-2048-public", "sha256"},
	"x25519-ed25519": {"x25519-keygen", "x25519-agree", "ed25519-sign", "ed25519-verify", "sha256"},
}

// fwSigOps maps a firmware signature to the op that verifies it. RSA
// verification is the public-key operation; CMOX publishes RSA-3072
// verification as its own op.
var fwSigOps = map[string][]string{
	"ecdsa-p256": {"ecdsa-p256-verify"},
	"ecdsa-p384": {"ecdsa-p384-verify"},
	"ed25519":    {"ed25519-verify"},
	"rsa-2048":   {"rsa-2048-public"},
	"rsa-3072":   {"rsa-3072-public", "rsa-3072-verify"},
}

// tlsTerm is one line of the TLS table: an op role and its count per
// handshake as a function of the chain length.
type tlsTerm struct {
	role  string // keygen, agree, sign, verify
	count func(chain int) float64
	rule  string
}

// tlsTable is DESIGN.md's TLS table, per side.
func tlsTable(role string, mutual bool) []tlsTerm {
	one := func(int) float64 { return 1 }
	nPlus1 := func(n int) float64 { return float64(n + 1) }
	t := []tlsTerm{{"keygen", one, "tls-keygen"}, {"agree", one, "tls-agree"}}
	if role == "server" {
		t = append(t, tlsTerm{"sign", one, "tls-server-sign"})
		if mutual {
			t = append(t, tlsTerm{"verify", nPlus1, "tls-mutual-server-verify"})
		}
	} else {
		t = append(t, tlsTerm{"verify", nPlus1, "tls-client-verify"})
		if mutual {
			t = append(t, tlsTerm{"sign", one, "tls-mutual-client-sign"})
		}
	}
	return t
}
