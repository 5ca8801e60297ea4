package engine

import (
	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
	"cryptosizer/app/tlsdef"
)

// KindFirmware is the boot-time image verification.
const KindFirmware KindName = "firmware"

// Firmware is a signed image verified before a boot deadline.
// Boot names the bootloader whose passes the terms count (boot.None:
// one hash and one verification), Images how many images it boots (each
// of SizeBytes), Update an update boot (the new image's validation and
// decryption; boot.Bootloader says the flash operations).
type Firmware struct {
	SizeBytes int64   `json:"size_bytes"`
	Sig       string  `json:"sig"`
	Hash      string  `json:"hash"`
	Deadline  float64 `json:"deadline_s"`
	Boot      string  `json:"bootloader,omitempty"`
	Images    int     `json:"boot_images,omitempty"`
	Update    bool    `json:"boot_update,omitempty"`
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
	RuleFWDecrypt  RuleID = "fw-decrypt"
)

type firmwareKind struct{}

func (firmwareKind) Rules() []Rule {
	return []Rule{
		{RuleFWDeadline, "the image is hashed and its signature verified before the boot deadline",
			"MCUboot / SBSFU / wolfBoot image verification"},
		{RuleFWHash, "the whole image is hashed: size ÷ hash rate, once per pass the bootloader makes over each image (once without a bootloader)",
			"MCUboot / SBSFU / wolfBoot image verification (hash, then verify the signature over the digest)"},
		{RuleFWVerify, "one signature verification over the digest per verification the bootloader makes (once without one; ML-DSA included: the image is hashed, then verified)",
			"MCUboot / SBSFU / wolfBoot; FIPS 186-5 (ECDSA, EdDSA); RFC 8017 (RSA); FIPS 204 (ML-DSA); CNSA 2.0 (ML-DSA for firmware signing)"},
		{RuleFWDecrypt, "an encrypted update is decrypted with AES-CTR over the image, while its hash is checked and again while it is copied",
			"secure-boot-policies.md line 102 (MCUboot encrypted images)"},
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
		{Name: "bootloader", Label: "Bootloader (its passes per boot and its crypto path)", Default: boot.None, Choices: boot.Names()},
		{Name: "boot-images", Label: "Images booted, each of the image size", Accepted: "an integer from 1 to 4 (empty: the bootloader's reference configuration)", Parse: bench.Integer(1, 4)},
		{Name: "boot-update", Label: "An update boot (the new image validated, decrypted where encrypted)", Accepted: "true or false", Default: "false", Bool: true},
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
		return f.readBoot(v)
	}
	return nil
}

// readBoot completes f with its bootloader, or refuses what the
// bootloader cannot do (nil then).
func (f *Firmware) readBoot(v *Values) Load {
	f.Images, f.Update = v.Int("boot-images", 0), v.Bool("boot-update", false)
	b, ok := boot.Of(v.String("bootloader", boot.None))
	if !ok {
		return f
	}
	if field, msg := b.Refuses(f.Sig, f.Hash, f.Update); field != "" {
		v.Fail(field, msg)
		return nil
	}
	if f.Boot = b.Name; f.Images == 0 {
		f.Images = b.Images
	}
	return f
}

func (firmwareKind) Aggregate() bool { return false }

func (f *Firmware) Kind() KindName { return KindFirmware }

// Terms hash the whole image and verify the signature over the digest
// as often as the bootloader does (once each without one), and decrypt
// an encrypted update: none depends on the deadline. A named
// bootloader's terms are its own crypto's on the part (Figures.Along),
// whichever build the row ranks.
func (f *Firmware) Terms(e Figures) []Term {
	hashes, verifies, decrypts := boot.For(f.Boot).Passes(max(f.Images, 1), f.Update)
	b := boot.Named(f.Boot)
	ts := make([]Term, 0, 3)
	if hashes > 0 {
		ts = append(ts, e.Along([]string{f.Hash}, hashes, RuleFWHash, f.SizeBytes, b.Route(boot.RoleHash, f.Sig)))
	}
	if verifies > 0 {
		ts = append(ts, e.Along(fwSigOps(f.Sig), verifies, RuleFWVerify, 0, b.Route(boot.RoleVerify, f.Sig)))
	}
	if decrypts > 0 {
		ts = append(ts, e.Along([]string{"aes-128-ctr-dec"}, decrypts, RuleFWDecrypt, f.SizeBytes, b.Route(boot.RoleDecrypt, f.Sig)))
	}
	return ts
}

// Evaluate holds the terms' time against the deadline: unknown where the
// bootloader does not ship for the part (boot.GapPart) or a term of its
// crypto has no figure on it (boot.GapFigure).
func (f *Firmware) Evaluate(e *Eval, ts []Term) (Requirement, bool) {
	r := NewRequirement(KindFirmware, RuleFWDeadline, f.Deadline, "s", 0)
	r.Terms = ts
	total := e.Finish(&r)
	if b := boot.Named(f.Boot); b != nil && !b.Ships(e.a.Series()) {
		r.Missing, total = append(r.Missing, GapBootPart), 0 // nothing of it runs there
	} else if b != nil && len(r.Missing) > 0 {
		r.Missing = append(r.Missing, GapBootFigure)
	}
	if len(r.Missing) == 0 && total > 0 {
		h := f.Deadline / total
		r.Achieved, r.Headroom = e.num(total), e.num(h)
	}
	if r.KnownFail = len(r.Missing) > 0 && total > f.Deadline; r.KnownFail {
		r.AtMost = e.num(f.Deadline / total)
	}
	return r, true
}
