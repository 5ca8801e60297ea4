package engine

// The workload → operation-mix rules, declared once. Each rule says what
// it counts and cites where that count comes from; every term and every
// requirement carries the ID of the rule behind it, and the
// explanations quote the rule's text and reference. IDs are typed
// constants: a rule that is not in Rules fails a test.

// RuleID names a rule.
type RuleID string

// Rule IDs.
const (
	RuleTLSCapacity           RuleID = "tls-capacity"
	RuleTLSKeygen             RuleID = "tls-keygen"
	RuleTLSAgree              RuleID = "tls-agree"
	RuleTLSServerSign         RuleID = "tls-server-sign"
	RuleTLSClientVerify       RuleID = "tls-client-verify"
	RuleTLSMutualClientSign   RuleID = "tls-mutual-client-sign"
	RuleTLSMutualServerVerify RuleID = "tls-mutual-server-verify"
	RuleTLSResumePSK          RuleID = "tls-resume-psk"
	RuleTLSResumePSKDHE       RuleID = "tls-resume-psk-dhe"
	RuleTLSHash               RuleID = "tls-hash"
	RuleFWDeadline            RuleID = "fw-deadline"
	RuleFWHash                RuleID = "fw-hash"
	RuleFWVerify              RuleID = "fw-verify"
	RuleAESStream             RuleID = "aes-stream"
	RuleCPUBudget             RuleID = "cpu-budget"
)

// Rule is one rule of the model.
type Rule struct {
	ID   RuleID `json:"id"`
	Text string `json:"text"` // what the rule says, for explanations
	Ref  string `json:"ref"`  // the reference it rests on
}

// Rules are the model's rules, in the order the docs list them.
var Rules = []Rule{
	{RuleTLSCapacity, "handshakes per second within the budget: the CPU budget ÷ the time one handshake takes",
		"cryptosizer workload model"},
	{RuleTLSKeygen, "one ephemeral key pair per full handshake, either side",
		"RFC 8446 §4.2.8 (key_share); RFC 8422 §5.4 and RFC 5246 §7.4.3 (ECDHE ServerKeyExchange)"},
	{RuleTLSAgree, "one key agreement per full handshake, either side",
		"RFC 8446 §7.4.2; RFC 8422 §5.10"},
	{RuleTLSServerSign, "the server signs once: TLS 1.3 CertificateVerify or TLS 1.2 ServerKeyExchange",
		"RFC 8446 §4.4.3; RFC 8422 §5.4; RFC 5246 §7.4.3"},
	{RuleTLSClientVerify, "the client verifies N chain signatures (the trusted root is not verified) plus the server's handshake signature: N+1",
		"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.2; RFC 5280 §6"},
	{RuleTLSMutualClientSign, "mutual auth: the client signs its CertificateVerify",
		"RFC 8446 §4.4.3; RFC 5246 §7.4.8"},
	{RuleTLSMutualServerVerify, "mutual auth: the server verifies the client's chain (N) and CertificateVerify: N+1",
		"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.8"},
	{RuleTLSResumePSK, "a resumed handshake without (EC)DHE (TLS 1.2 abbreviated, TLS 1.3 psk_ke) does no public-key work",
		"RFC 5246 §7.3 (abbreviated handshake); RFC 8446 §4.2.9 (psk_ke)"},
	{RuleTLSResumePSKDHE, "a resumed psk_dhe_ke handshake does one keygen and one key agreement",
		"RFC 8446 §4.2.9 (psk_dhe_ke)"},
	{RuleTLSHash, "transcript hash and key schedule: modelled as a constant 4 KiB of hashing per handshake (SHA-384 for P-384 suites, else SHA-256)",
		"RFC 8446 §4.4.1 and §7.1; RFC 5246 §5 (PRF) — a documented modelling constant"},
	{RuleFWDeadline, "the image is hashed and its signature verified before the boot deadline",
		"MCUboot / SBSFU / wolfBoot image verification"},
	{RuleFWHash, "the whole image is hashed once: size ÷ hash rate",
		"MCUboot / SBSFU / wolfBoot image verification (hash, then verify the signature over the digest)"},
	{RuleFWVerify, "one signature verification over the digest",
		"MCUboot / SBSFU / wolfBoot; FIPS 186-5 (ECDSA, EdDSA); RFC 8017 (RSA)"},
	{RuleAESStream, "CPU share = required rate ÷ measured rate of that mode, key size and direction",
		"continuous load; measured bulk rate"},
	{RuleCPUBudget, "TLS and AES are continuous loads: their CPU shares add up and must fit the budget; the boot verify is a separate deadline",
		"cryptosizer workload model"},
}

// RuleOf returns a rule by ID; ok is false for an ID no rule has.
func RuleOf(id RuleID) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{ID: id, Text: "(no such rule)", Ref: "—"}, false
}
