package engine

import (
	"strconv"

	"cryptosizer/app/bench"
	"cryptosizer/app/tlsdef"
	"cryptosizer/app/tlsram"
)

// KindTLS is the TLS handshake load.
const KindTLS KindName = "tls"

// TLS is the handshake load: so many handshakes per second, per side.
// The key exchange (Kex) and the authentication (Sig) are separate
// choices; Suite names the pair when it is one of the classic suites.
type TLS struct {
	Rate       float64 `json:"rate"` // handshakes per second
	Role       string  `json:"role"` // client or server
	Version    string  `json:"version"`
	Suite      string  `json:"suite,omitempty"`
	Kex        string  `json:"kex"`
	Sig        string  `json:"sig"`
	Chain      int     `json:"chain"`
	Mutual     bool    `json:"mutual"`
	Resume     float64 `json:"resume"`      // share of resumed handshakes, 0..1
	ResumeKind string  `json:"resume_kind"` // psk or psk-dhe
	// Limit is the record size the receiver negotiates (0: none).
	Limit int `json:"record_limit,omitempty"`
	// SessionRAM is the user's measured session RAM (0: the bound).
	SessionRAM int64 `json:"session_ram_bytes,omitempty"`
	// derived follows from the fields above, counted once when read (nil
	// without Read): a pointer, which the memo shape drops (shape).
	derived *tlsDerived
}

// tlsDerived is what a TLS load works out once: what one full and one
// resumed handshake hash (Hashed), and the session's RAM under each TLS
// stack (tlsram).
type tlsDerived struct {
	full, resumed Parts
	session       *tlsram.Bounds
}

// DefaultTLS holds the values an empty TLS field takes.
var DefaultTLS = TLS{Role: "server", Version: "1.3", Kex: "p256", Sig: "ecdsa-p256", Chain: 2, ResumeKind: "psk"}

// kexNamed and sigNamed are the load's group and signature (tlsdef's
// tables; zero for a name they lack, which Read refuses).
func kexNamed(name string) tlsdef.Group { g, _ := tlsdef.GroupNamed(name); return g }
func sigNamed(name string) tlsdef.Sig   { s, _ := tlsdef.SigNamed(name); return s }

// The TLS kind's rules.
const (
	RuleTLSCapacity           RuleID = "tls-capacity"
	RuleTLSKeygen             RuleID = "tls-keygen"
	RuleTLSAgree              RuleID = "tls-agree"
	RuleTLSKEMKeygen          RuleID = "tls-kem-keygen"
	RuleTLSKEMDecap           RuleID = "tls-kem-decap"
	RuleTLSKEMEncap           RuleID = "tls-kem-encap"
	RuleTLSServerSign         RuleID = "tls-server-sign"
	RuleTLSClientVerify       RuleID = "tls-client-verify"
	RuleTLSMutualClientSign   RuleID = "tls-mutual-client-sign"
	RuleTLSMutualServerVerify RuleID = "tls-mutual-server-verify"
	RuleTLSResumePSK          RuleID = "tls-resume-psk"
	RuleTLSResumePSKDHE       RuleID = "tls-resume-psk-dhe"
	RuleTLSHash               RuleID = "tls-hash"
)

// tlsCount is one line of the TLS table (DESIGN.md): which operation of
// the key exchange or signature, on which side, how many per full
// handshake (PerChain × N + Plus, N the chain signatures checked), and
// how many per resumed psk_dhe_ke handshake.
type tlsCount struct {
	Rule           RuleID
	Slot           string // keygen, agree, kem-keygen, kem-decap, kem-encap, sign or verify
	Side           string // server, client, or "" for both
	Mutual         bool   // only with mutual authentication
	PerChain, Plus float64
	PSKDHE         float64
}

var tlsTable = []tlsCount{
	{RuleTLSKeygen, "keygen", "", false, 0, 1, 1},
	{RuleTLSAgree, "agree", "", false, 0, 1, 1},
	{RuleTLSKEMKeygen, "kem-keygen", "client", false, 0, 1, 1},
	{RuleTLSKEMDecap, "kem-decap", "client", false, 0, 1, 1},
	{RuleTLSKEMEncap, "kem-encap", "server", false, 0, 1, 1},
	{RuleTLSServerSign, "sign", "server", false, 0, 1, 0},
	{RuleTLSMutualServerVerify, "verify", "server", true, 1, 1, 0},
	{RuleTLSClientVerify, "verify", "client", false, 1, 1, 0},
	{RuleTLSMutualClientSign, "sign", "client", true, 0, 1, 0},
}

type tlsKind struct{}

func (tlsKind) Rules() []Rule {
	return []Rule{
		{RuleTLSCapacity, "handshakes per second within the budget: the CPU budget ÷ the time one handshake takes",
			"cryptosizer workload model"},
		{RuleTLSKeygen, "one ephemeral key pair per full handshake, either side ((EC)DHE; for hybrid groups, the classic share)",
			"RFC 8446 §4.2.8 (key_share); RFC 8422 §5.4 and RFC 5246 §7.4.3 (ECDHE ServerKeyExchange); draft-ietf-tls-ecdhe-mlkem §3"},
		{RuleTLSAgree, "one (EC)DHE key agreement per full handshake, either side",
			"RFC 8446 §7.4.2; RFC 8422 §5.10; draft-ietf-tls-ecdhe-mlkem §3"},
		{RuleTLSKEMKeygen, "ML-KEM groups: the client generates an ML-KEM key pair for its key share",
			"draft-ietf-tls-ecdhe-mlkem §3; FIPS 203 (ML-KEM.KeyGen)"},
		{RuleTLSKEMDecap, "ML-KEM groups: the client decapsulates the server's ciphertext",
			"draft-ietf-tls-ecdhe-mlkem §3; FIPS 203 (ML-KEM.Decaps)"},
		{RuleTLSKEMEncap, "ML-KEM groups: the server encapsulates to the client's ML-KEM key",
			"draft-ietf-tls-ecdhe-mlkem §3; FIPS 203 (ML-KEM.Encaps)"},
		{RuleTLSServerSign, "the server signs once: TLS 1.3 CertificateVerify or TLS 1.2 ServerKeyExchange (ML-DSA counts like any signature)",
			"RFC 8446 §4.4.3; RFC 8422 §5.4; RFC 5246 §7.4.3; FIPS 204 (ML-DSA)"},
		{RuleTLSClientVerify, "the client verifies N chain signatures (the trusted root is not verified) plus the server's handshake signature: N+1",
			"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.2; RFC 5280 §6; FIPS 204 (ML-DSA)"},
		{RuleTLSMutualClientSign, "mutual auth: the client signs its CertificateVerify",
			"RFC 8446 §4.4.3; RFC 5246 §7.4.8"},
		{RuleTLSMutualServerVerify, "mutual auth: the server verifies the client's chain (N) and CertificateVerify: N+1",
			"RFC 8446 §4.4.2–4.4.3; RFC 5246 §7.4.8"},
		{RuleTLSResumePSK, "a resumed handshake without (EC)DHE (TLS 1.2 abbreviated, TLS 1.3 psk_ke) does no public-key work",
			"RFC 5246 §7.3 (abbreviated handshake); RFC 8446 §4.2.9 (psk_ke)"},
		{RuleTLSResumePSKDHE, "a resumed psk_dhe_ke handshake does the group's key exchange again (its (EC)DHE and ML-KEM parts), no signature",
			"RFC 8446 §4.2.9 (psk_dhe_ke)"},
		{RuleTLSHash, "the handshake's hashing, from the sizes of the chosen group and signature: the transcript (hellos and Finished, both key shares, the certificates and the handshake signatures), the certificate bodies the side verifies with ECDSA or RSA, and the key schedule's HMACs (SHA-384 for P-384 groups and signatures, else SHA-256)",
			"RFC 8446 §4.4.1 (transcript), §7.1 (key schedule), §4.2.8.2; RFC 5246 §5 and §7.4.9; FIPS 203 Table 3; FIPS 204 Table 2; RFC 5480, RFC 8017, RFC 8032 — with modelling constants for the fixed parts"},
	}
}

func (tlsKind) Name() KindName { return KindTLS }
func (tlsKind) Title() string  { return "TLS handshakes" }

func (tlsKind) Fields() []Field {
	d := DefaultTLS
	return []Field{
		{Name: "tls-rate", Label: "Handshakes per second", Accepted: "a number from 0.000001 to 1000000, e.g. 20 (empty: no TLS load)", Parse: bench.Number(1e-6, 1e6)},
		{Name: "tls-role", Label: "Role", Default: d.Role, Choices: []string{"server", "client"}},
		{Name: "tls-version", Label: "TLS version", Default: d.Version, Choices: []string{"1.3", "1.2"}},
		{Name: "tls-kex", Label: "Key exchange", Default: d.Kex, Choices: tlsdef.Names(tlsdef.Groups, func(g tlsdef.Group) string { return g.Name })},
		{Name: "tls-sig", Label: "Certificate signature", Default: d.Sig, Choices: tlsdef.Names(tlsdef.Sigs, func(s tlsdef.Sig) string { return s.Name })},
		{Name: "tls-suite", Label: "Suite (shorthand for a key exchange and a signature)", Shorthand: true,
			Choices: tlsdef.Names(tlsdef.Suites, func(s tlsdef.Suite) string { return s.Name }),
			Expand:  expandSuite},
		{Name: "tls-chain", Label: "Chain signatures checked (N)", Accepted: "an integer from 0 to 10", Default: strconv.Itoa(d.Chain), Parse: bench.Integer(0, 10)},
		{Name: "tls-mutual", Label: "Mutual authentication", Accepted: "true or false (also 1/0, yes/no, on/off)", Default: "false", Bool: true},
		{Name: "tls-resume", Label: "Resumed handshakes", Accepted: "a percentage from 0 to 100, e.g. 50%", Default: "0%", Parse: bench.Percent(0)},
		{Name: "tls-session-ram", Label: "Your measured TLS session RAM", Accepted: "a size such as 48KiB: the whole session measured on your own build, its crypto included (empty: the standards' lower bound)", Parse: bench.Wrap(bench.ReadSize)},
		{Name: "record-limit", Label: "Record size limit negotiated (B)", Accepted: "empty (none: full-size records) or a size from 64 to 16385: RFC 8449's record_size_limit, or 512, 1024, 2048 or 4096 (RFC 6066's max_fragment_length, the only sizes wolfSSL negotiates)", Parse: bench.Integer(tlsram.MinLimit, tlsram.MaxLimit)},
		{Name: "tls-resume-kind", Label: "Resumption kind", Accepted: "psk (no public-key work) or psk-dhe (the key exchange again; TLS 1.3 only)", Default: d.ResumeKind, Choices: []string{"psk", "psk-dhe"}},
	}
}

func (k tlsKind) Read(v *Values) Load {
	d := DefaultTLS
	t := &TLS{Role: v.String("tls-role", d.Role), Version: v.String("tls-version", d.Version),
		Kex: v.String("tls-kex", d.Kex), Sig: v.String("tls-sig", d.Sig),
		Chain: v.Int("tls-chain", d.Chain), Mutual: v.Bool("tls-mutual", false), Resume: v.Float("tls-resume", 0),
		ResumeKind: v.String("tls-resume-kind", d.ResumeKind), Limit: v.Int("record-limit", 0)}
	if s := v.String("tls-suite", ""); s != "" {
		pair := expandSuite(s)
		for name, val := range pair {
			if v.Given(name) && v.String(name, "") != val {
				v.Fail("tls-suite", "names "+pair["tls-kex"]+" with "+pair["tls-sig"]+", but "+name+" says "+v.Text(name)+": give the suite or the pair, not both")
			}
		}
		t.Kex, t.Sig = pair["tls-kex"], pair["tls-sig"]
	}
	t.Suite = tlsdef.SuiteOf(t.Kex, t.Sig)
	if t.Version == "1.2" {
		if t.ResumeKind == "psk-dhe" {
			v.Fail("tls-resume-kind", "TLS 1.2 has no psk_dhe_ke: its abbreviated handshake does no key exchange (RFC 5246 §7.3); choose psk, or TLS 1.3")
		}
		if kexNamed(t.Kex).PQC {
			v.Fail("tls-kex", "TLS 1.2 has no ML-KEM groups: they are defined for TLS 1.3 only (draft-ietf-tls-ecdhe-mlkem, draft-ietf-tls-mlkem); choose TLS 1.3 or a classic group")
		}
		if sigNamed(t.Sig).PQC {
			v.Fail("tls-sig", "TLS 1.2 has no ML-DSA signatures: they are defined for TLS 1.3 only (draft-ietf-tls-mldsa); choose TLS 1.3 or a classic signature")
		}
	}
	if !v.OK("tls-rate") {
		// Settings of a TLS load without its rate ask a question the
		// ranking cannot answer: never "every candidate passes".
		if given := givenOf(v, KindTLS, k.Fields()[1:]); !v.Given("tls-rate") && given != "" {
			v.Fail("tls-rate", "required: the TLS settings given ("+given+") need a rate in handshakes per second; leave them out for no TLS load")
		}
		return nil
	}
	t.Rate = v.Float("tls-rate", 0)
	// What a handshake hashes depends on the load only: counted once,
	// not for every candidate.
	t.derived = &tlsDerived{full: t.Hashed(false), resumed: t.Hashed(true)}
	// The bound is TLS 1.3's; the user's own figure holds for both.
	if t.SessionRAM, _ = v.Any("tls-session-ram").(int64); t.Version == "1.3" || t.SessionRAM > 0 {
		var err error
		t.derived.session, err = tlsram.ByStack(tlsram.Spec{Client: t.Role == "client", Kex: t.Kex, Sig: t.Sig, Chain: t.Chain, Mutual: t.Mutual, SHA384: t.hash() == "sha384", Limit: t.Limit}, t.SessionRAM)
		if err != nil {
			v.Fail("tls-kex", err.Error()) // the choices are tlsdef's: a table that lacks one
			return nil
		}
	}
	return t
}

func (tlsKind) Aggregate() bool { return false }

func (t *TLS) Kind() KindName { return KindTLS }

// slot is the operation (and its alternatives) of a table line.
func (t *TLS) slot(name string) []string {
	k, s := kexNamed(t.Kex), sigNamed(t.Sig)
	one := func(op string) []string {
		if op == "" {
			return nil
		}
		return []string{op}
	}
	switch name {
	case "keygen":
		return one(k.Keygen)
	case "agree":
		return one(k.Agree)
	case "kem-keygen":
		return one(k.KEMKeygen)
	case "kem-decap":
		return one(k.Decap)
	case "kem-encap":
		return one(k.Encap)
	case "sign":
		return s.Sign
	}
	return s.Verify
}

func (t *TLS) hash() string {
	if kexNamed(t.Kex).P384 || sigNamed(t.Sig).P384 {
		return "sha384"
	}
	return "sha256"
}

// Terms counts each operation per handshake from the TLS table and the
// resumption share, plus the handshake's hashing: none depends on Rate.
func (t *TLS) Terms(e Figures) []Term {
	out := make([]Term, 0, 6) // a side's lines and the hashing, mostly
	share := 1 - t.Resume
	for _, c := range tlsTable {
		ops := t.slot(c.Slot)
		if c.Side != "" && c.Side != t.Role || c.Mutual && !t.Mutual || len(ops) == 0 {
			continue
		}
		n := (c.PerChain*float64(t.Chain) + c.Plus) * share
		if t.ResumeKind == "psk-dhe" {
			n += c.PSKDHE * t.Resume
		}
		out = append(out, e.Along(ops, n, c.Rule, 0, nil))
	}
	var full, resumed Parts
	if d := t.derived; d != nil {
		full, resumed = d.full, d.resumed
	} else { // a TLS load made without Read (tests)
		full, resumed = t.Hashed(false), t.Hashed(true)
	}
	hash := e.Term(t.hash(), 1-t.Resume, RuleTLSHash, full.Bytes())
	hash.Parts = full
	out = append(out, hash)
	if t.Resume > 0 {
		rh := e.Term(t.hash(), t.Resume, RuleTLSHash, resumed.Bytes())
		rh.Parts = resumed
		out = append(out, rh)
	}
	return out
}

// work is the largest working memory published for the handshake's
// operations of each phase, as their terms carry it (Term.Work): the key
// exchange's (hello) and the signatures' (flight).
func work(ts []Term) (hello, flight int64) {
	for i := range ts {
		switch t := &ts[i]; {
		case t.Rule == RuleTLSHash || t.Count <= 0:
		case t.Rule == RuleTLSServerSign || t.Rule == RuleTLSClientVerify || t.Rule == RuleTLSMutualClientSign || t.Rule == RuleTLSMutualServerVerify:
			flight = max(flight, t.Work)
		default:
			hello = max(hello, t.Work)
		}
	}
	return hello, flight
}

// Evaluate meets the requirement when the budget carries Rate
// handshakes per second of the handshake's terms.
func (t *TLS) Evaluate(e *Eval, ts []Term) (Requirement, bool) {
	r := NewRequirement(KindTLS, RuleTLSCapacity, t.Rate, "handshakes/s", 0)
	r.Continuous = true
	r.Terms = ts
	perHS := e.Finish(&r)
	if len(r.Missing) == 0 && perHS > 0 {
		capacity, u := e.Budget()/perHS, t.Rate*perHS
		h := capacity / t.Rate
		r.Achieved, r.Utilization, r.Headroom = e.num(capacity), e.num(u), e.num(h)
	}
	// The known terms of a handshake alone may already take more than
	// the budget allows at this rate.
	if r.KnownFail = len(r.Missing) > 0 && perHS > 0 && t.Rate*perHS > e.Budget(); r.KnownFail {
		r.AtMost = e.num(e.Budget() / perHS / t.Rate)
	}
	// A part that cannot hold the session's RAM fails, whatever the clock.
	own, set := e.a.SessionRAM()
	var bounds *tlsram.Bounds
	if t.derived != nil {
		bounds = t.derived.session
	}
	if r.Session = tlsram.Pick(bounds, e.a.TLSStack(), own, set); r.Session != nil {
		hello, flight := e.works(ts)
		r.PeakBytes = r.Session.Peak(hello, flight)
	}
	if ram := e.a.PartRAM(e.members()); r.Session != nil && ram > 0 && ram < r.PeakBytes {
		// A group answers per part number: judged on the members that
		// hold the peak, when some do (the others are named short).
		if e.minRAM = r.PeakBytes; e.holds() {
			return r, true
		}
		e.minRAM = 0
		h := float64(ram) / float64(r.PeakBytes)
		if r.KnownFail, r.ramShort = true, true; len(r.Missing) == 0 && (r.Headroom == nil || h < *r.Headroom) {
			r.Headroom = e.num(h)
		} else if len(r.Missing) > 0 && (r.AtMost == nil || h < *r.AtMost) {
			r.AtMost = e.num(h)
		}
	}
	return r, true
}

// expandSuite is the pair a suite stands for (nil for none).
func expandSuite(v string) map[string]string {
	for _, s := range tlsdef.Suites {
		if s.Name == v {
			return map[string]string{"tls-kex": s.Group, "tls-sig": s.Sig}
		}
	}
	return nil
}
