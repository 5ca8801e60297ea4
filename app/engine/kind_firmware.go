package engine

import (
	"cryptosizer/app/bench"
	"cryptosizer/app/tlsdef"
)

// KindFirmware is the boot-time image verification.
const KindFirmware KindName = "firmware"

// Firmware is a signed image verified before a boot deadline.
type Firmware struct {
	SizeBytes int64   `json:"size_bytes"`
	Sig       string  `json:"sig"`
	Hash      string  `json:"hash"`
	Deadline  float64 `json:"deadline_s"`
}

// DefaultFirmware holds the values an empty firmware field takes.
var DefaultFirmware = Firmware{Sig: "ecdsa-p256", Hash: "sha256"}

// fwSig is a firmware signature and the ops that verify it, in order of
// preference. RSA verification is the public-key operation; CMOX
// publishes RSA-3072 verification as its own op.
type fwSig struct {
	name string
	ops  []string
}

// fwSigs are the choices of fw-sig, in the form's order.
var fwSigs = []fwSig{
	{"ecdsa-p256", []string{"ecdsa-p256-verify"}},
	{"ecdsa-p384", []string{"ecdsa-p384-verify"}},
	{"ed25519", []string{"ed25519-verify"}},
	{"rsa-2048", []string{"rsa-2048-public"}},
	{"rsa-3072", []string{"rsa-3072-public", "rsa-3072-verify"}},
	{"ml-dsa-44", []string{"ml-dsa-44-verify"}},
	{"ml-dsa-65", []string{"ml-dsa-65-verify"}},
	{"ml-dsa-87", []string{"ml-dsa-87-verify"}},
}

func fwSigOps(name string) []string {
	for _, s := range fwSigs {
		if s.name == name {
			return s.ops
		}
	}
	return []string{name}
}

// The firmware kind's rules.
const (
	RuleFWDeadline RuleID = "fw-deadline"
	RuleFWHash     RuleID = "fw-hash"
	RuleFWVerify   RuleID = "fw-verify"
)

type firmwareKind struct{}

func (firmwareKind) Rules() []Rule {
	return []Rule{
		{RuleFWDeadline, "the image is hashed and its signature verified before the boot deadline",
			"MCUboot / SBSFU / wolfBoot image verification"},
		{RuleFWHash, "the whole image is hashed once: size ÷ hash rate",
			"MCUboot / SBSFU / wolfBoot image verification (hash, then verify the signature over the digest)"},
		{RuleFWVerify, "one signature verification over the digest (ML-DSA included: the image is hashed, then one ML-DSA verification)",
			"MCUboot / SBSFU / wolfBoot; FIPS 186-5 (ECDSA, EdDSA); RFC 8017 (RSA); FIPS 204 (ML-DSA); CNSA 2.0 (ML-DSA for firmware signing)"},
	}
}

func (firmwareKind) Name() KindName { return KindFirmware }
func (firmwareKind) Title() string  { return "Firmware image" }

func (firmwareKind) Fields() []Field {
	d := DefaultFirmware
	return []Field{
		{Name: "fw-size", Label: "Image size", Accepted: "a size from 1 B to 1 TiB such as 256KiB, 1MB or 300000 (kB = 1000 B, KiB = 1024 B; empty: no firmware check)", Parse: bench.Wrap(bench.ReadSize)},
		{Name: "fw-sig", Label: "Signature", Default: d.Sig, Choices: tlsdef.Names(fwSigs, func(s fwSig) string { return s.name })},
		{Name: "fw-hash", Label: "Hash", Default: d.Hash, Choices: []string{"sha256", "sha384"}},
		{Name: "fw-deadline", Label: "Boot deadline", Accepted: "a duration from 1µs to 1h such as 110ms, 2s or 1.5s", Parse: bench.Wrap(bench.ReadDuration)},
	}
}

func (firmwareKind) Read(v *Values) Load {
	d := DefaultFirmware
	f := &Firmware{Sig: v.String("fw-sig", d.Sig), Hash: v.String("fw-hash", d.Hash)}
	switch {
	case v.Given("fw-size") && !v.Given("fw-deadline"):
		v.Fail("fw-deadline", "required when fw-size is set")
	case v.Given("fw-deadline") && !v.Given("fw-size"):
		v.Fail("fw-size", "required when fw-deadline is set")
	case v.OK("fw-size") && v.OK("fw-deadline"):
		f.SizeBytes, _ = v.Any("fw-size").(int64)
		f.Deadline = v.Float("fw-deadline", 0)
		return f
	}
	return nil
}

func (firmwareKind) Aggregate() bool { return false }

func (f *Firmware) Kind() KindName { return KindFirmware }

// Terms hash the whole image once and verify one signature over the
// digest: neither depends on the deadline.
func (f *Firmware) Terms(e Figures) []Term {
	return append(make([]Term, 0, 2), e.Term(f.Hash, 1, RuleFWHash, f.SizeBytes), e.FirstMeasured(fwSigOps(f.Sig), 1, RuleFWVerify))
}

// Evaluate holds the terms' time against the deadline.
func (f *Firmware) Evaluate(e *Eval, ts []Term) (Requirement, bool) {
	r := NewRequirement(KindFirmware, RuleFWDeadline, f.Deadline, "s", 0)
	r.Terms = ts
	total := e.Finish(&r)
	if len(r.Missing) == 0 && total > 0 {
		h := f.Deadline / total
		r.Achieved, r.Headroom = e.num(total), e.num(h)
	}
	if r.KnownFail = len(r.Missing) > 0 && total > f.Deadline; r.KnownFail {
		r.AtMost = e.num(f.Deadline / total)
	}
	return r, true
}
