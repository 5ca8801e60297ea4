package engine

import (
	"fmt"
	"strconv"
)

// KindTLS is the TLS handshake load.
const KindTLS KindName = "tls"

// TLS is the handshake load: so many handshakes per second, per side.
type TLS struct {
	Rate       float64 `json:"rate"` // handshakes per second
	Role       string  `json:"role"` // client or server
	Version    string  `json:"version"`
	Suite      string  `json:"suite"`
	Chain      int     `json:"chain"`
	Mutual     bool    `json:"mutual"`
	Resume     float64 `json:"resume"`      // share of resumed handshakes, 0..1
	ResumeKind string  `json:"resume_kind"` // psk or psk-dhe
}

// DefaultTLS holds the values an empty TLS field takes.
var DefaultTLS = TLS{Role: "server", Version: "1.3", Suite: "ecdhe-ecdsa-p256", Chain: 2, ResumeKind: "psk"}

// TLSHashBytes is the constant amount of hashing charged per handshake.
const TLSHashBytes = 4096

// suite names the operations of a TLS suite, by slot.
type suite struct {
	name                              string
	keygen, agree, sign, verify, hash string
}

func (s suite) slot(name string) string {
	return map[string]string{"keygen": s.keygen, "agree": s.agree, "sign": s.sign, "verify": s.verify}[name]
}

// suites are the choices of tls-suite, in the form's order.
var suites = []suite{
	{"ecdhe-ecdsa-p256", "ecc-p256-keygen", "ecdh-p256-agree", "ecdsa-p256-sign", "ecdsa-p256-verify", "sha256"},
	{"ecdhe-ecdsa-p384", "ecc-p384-keygen", "ecdh-p384-agree", "ecdsa-p384-sign", "ecdsa-p384-verify", "sha384"},
	// ECDHE over P-256 with an RSA-2048 certificate: the signature is an
	// RSA private-key operation, each verification a public-key one.
	{"ecdhe-rsa-2048", "ecc-p256-keygen", "ecdh-p256-agree", "rsa-2048-private", "rsa-2048-public", "sha256"},
	{"x25519-ed25519", "x25519-keygen", "x25519-agree", "ed25519-sign", "ed25519-verify", "sha256"},
}

func suiteNamed(name string) suite {
	for _, s := range suites {
		if s.name == name {
			return s
		}
	}
	return suite{}
}

// names lists the name of each item, for a field's choices.
func names[T any](items []T, name func(T) string) []string {
	var out []string
	for _, it := range items {
		out = append(out, name(it))
	}
	return out
}

// tlsCount is one line of the TLS table (DESIGN.md): which operation of
// the suite, on which side, how many per full handshake (PerChain × N +
// Plus, N the chain signatures checked), and how many per resumed
// psk_dhe_ke handshake.
type tlsCount struct {
	Rule           RuleID
	Slot           string // keygen, agree, sign or verify
	Side           string // server, client, or "" for both
	Mutual         bool   // only with mutual authentication
	PerChain, Plus float64
	PSKDHE         float64
}

var tlsTable = []tlsCount{
	{RuleTLSKeygen, "keygen", "", false, 0, 1, 1},
	{RuleTLSAgree, "agree", "", false, 0, 1, 1},
	{RuleTLSServerSign, "sign", "server", false, 0, 1, 0},
	{RuleTLSMutualServerVerify, "verify", "server", true, 1, 1, 0},
	{RuleTLSClientVerify, "verify", "client", false, 1, 1, 0},
	{RuleTLSMutualClientSign, "sign", "client", true, 0, 1, 0},
}

// The TLS kind's rules.
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
)

type tlsKind struct{}

func (tlsKind) Rules() []Rule {
	return []Rule{
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
	}
}

func (tlsKind) Name() KindName { return KindTLS }
func (tlsKind) Title() string  { return "TLS handshakes" }

func (tlsKind) Fields() []Field {
	d := DefaultTLS
	return []Field{
		{Name: "tls-rate", Label: "Handshakes per second", Accepted: "a number from 0.000001 to 1000000, e.g. 20 (empty: no TLS load)", Parse: number(1e-6, 1e6)},
		{Name: "tls-role", Label: "Role", Default: d.Role, Choices: []string{"server", "client"}},
		{Name: "tls-version", Label: "TLS version", Default: d.Version, Choices: []string{"1.3", "1.2"}},
		{Name: "tls-suite", Label: "Suite", Default: d.Suite, Choices: names(suites, func(s suite) string { return s.name })},
		{Name: "tls-chain", Label: "Chain signatures checked (N)", Accepted: "an integer from 0 to 10", Default: strconv.Itoa(d.Chain), Parse: integer(0, 10)},
		{Name: "tls-mutual", Label: "Mutual authentication", Accepted: "true or false (also 1/0, yes/no, on/off)", Default: "false", Bool: true},
		{Name: "tls-resume", Label: "Resumed handshakes", Accepted: "a percentage from 0 to 100, e.g. 50%", Default: "0%", Parse: percent(0)},
		{Name: "tls-resume-kind", Label: "Resumption kind", Accepted: "psk (no public-key work) or psk-dhe (one keygen + one agreement; TLS 1.3 only)", Default: d.ResumeKind, Choices: []string{"psk", "psk-dhe"}},
	}
}

func (k tlsKind) Read(v *Values) Load {
	d := DefaultTLS
	t := &TLS{Role: v.String("tls-role", d.Role), Version: v.String("tls-version", d.Version), Suite: v.String("tls-suite", d.Suite),
		Chain: v.Int("tls-chain", d.Chain), Mutual: v.Bool("tls-mutual", false), Resume: v.Float("tls-resume", 0),
		ResumeKind: v.String("tls-resume-kind", d.ResumeKind)}
	if t.Version == "1.2" && t.ResumeKind == "psk-dhe" {
		v.Fail("tls-resume-kind", "TLS 1.2 has no psk_dhe_ke: its abbreviated handshake does no key exchange (RFC 5246 §7.3); choose psk, or TLS 1.3")
	}
	if !v.OK("tls-rate") {
		return nil
	}
	t.Rate = v.Float("tls-rate", 0)
	return t
}

func (tlsKind) Aggregate() bool { return false }

func (tlsKind) Explain(r Requirement, f Format) string {
	if r.Achieved == nil || r.Utilization == nil {
		return ""
	}
	per := *r.Utilization / r.Required
	return fmt.Sprintf("per handshake %s → %s handshakes/s within the budget; %s/s needs %s of the CPU",
		f.Duration(per), strconv.FormatFloat(*r.Achieved, 'f', 1, 64), f.Number(r.Required), f.Percent(*r.Utilization))
}

// Bottleneck names the heaviest operation of the handshake.
func (tlsKind) Bottleneck(r Requirement, _ []Requirement, _ Format) string {
	var top Term
	for _, t := range r.Terms {
		if t.Total > top.Total {
			top = t
		}
	}
	return "tls (" + top.Op + ")"
}

func (tlsKind) Chart() *ChartSpec {
	return &ChartSpec{ID: "chart-handshake", Title: "Handshake time by operation", Label: "Handshake time split by operation",
		YName: "ms per handshake", Scale: 1e3, Places: 4, Stack: "hs"}
}

func (t *TLS) Kind() KindName { return KindTLS }

// Evaluate counts each operation per handshake from the TLS table and
// the resumption share, plus the handshake's hashing; the requirement is
// met when the budget carries Rate handshakes per second.
func (t *TLS) Evaluate(e *Eval) *Requirement {
	r := NewRequirement(KindTLS, RuleTLSCapacity, t.Rate, "handshakes/s")
	r.Continuous = true
	ops := suiteNamed(t.Suite)
	full := 1 - t.Resume
	for _, c := range tlsTable {
		if c.Side != "" && c.Side != t.Role || c.Mutual && !t.Mutual {
			continue
		}
		n := (c.PerChain*float64(t.Chain) + c.Plus) * full
		if t.ResumeKind == "psk-dhe" {
			n += c.PSKDHE * t.Resume
		}
		r.Terms = append(r.Terms, e.Term(ops.slot(c.Slot), n, c.Rule, 0))
	}
	r.Terms = append(r.Terms, e.Term(ops.hash, 1, RuleTLSHash, TLSHashBytes))
	perHS := Finish(&r)
	if len(r.Missing) == 0 && perHS > 0 {
		capacity, u := e.Budget()/perHS, t.Rate*perHS
		h := capacity / t.Rate
		r.Achieved, r.Utilization, r.Headroom = &capacity, &u, &h
	}
	return &r
}

func (t *TLS) Describe(f Format) string {
	s := fmt.Sprintf("TLS %s %s %s, %s handshakes/s, chain %d", t.Version, t.Role, t.Suite, f.Number(t.Rate), t.Chain)
	if t.Mutual {
		s += ", mutual auth"
	}
	if t.Resume > 0 {
		s += fmt.Sprintf(", %s%% resumed (%s)", f.Number(t.Resume*100), t.ResumeKind)
	}
	return s
}
