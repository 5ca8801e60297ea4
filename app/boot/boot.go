// Package boot says what real bootloaders do between reset and the
// application, as ../shared/sources/secure-boot-policies.md restates it
// from their code and documents (each fact with that file's line): how
// many times each image is hashed and its signature verified on a
// normal boot and on an update, how many images a reference
// configuration boots, whether the bootloader hashes and verifies in
// software or with the part's HASH unit and PKA, which signatures it
// supports, and the flash operations an update's swap strategy takes per
// sector. The package is data: no I/O, no figures (the catalogue has
// those).
package boot

import (
	"slices"
	"strings"
)

// File is the restatement the lines point into.
const File = "secure-boot-policies.md"

// None is today's model: one hash of the image and one verification,
// whatever bootloader runs them.
const None = "none"

// Path is how a bootloader runs one kind of operation.
type Path string

// Paths.
const (
	Software Path = "software" // the CPU, whatever units the part has
	Unit     Path = "unit"     // the part's unit (HASH or PKA) where it has one, else software
	Any      Path = ""         // not constrained (bootloader none)
	UnitOn   Path = "unit-on"  // the unit on the series VerifyUnitSeries lists, else software
)

// Cite is a fact and the line of File that states it.
type Cite struct {
	What string `json:"what"`
	Line int    `json:"line"`
}

// Bootloader is one bootloader's reference configuration.
type Bootloader struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Hashes and Verifies are per image on a normal boot (no update).
	Hashes   float64 `json:"hashes_per_image"`
	Verifies float64 `json:"verifies_per_image"`
	// Images is how many images the reference configuration boots.
	Images int `json:"images"`
	// Library is the bootloader's own crypto library; Hash and Verify its
	// paths (VerifyUnitSeries: the series whose port verifies with the
	// PKA, where Verify is Unit only there).
	Library string `json:"library"`
	// Libs are the libraries of the catalogue whose software figures
	// stand for its own, the first that publishes one deciding
	// (catalog.Answer.Along); LibsRSA, where set, for an RSA signature
	// (MCUboot's RSA back-end is Mbed TLS, its ECDSA one TinyCrypt).
	Libs    []string `json:"libraries,omitempty"`
	LibsRSA []string `json:"libraries_rsa,omitempty"`
	// Series are the part series its reference configuration ships for
	// (nil: any part), with the line saying so.
	Series           []string `json:"series,omitempty"`
	SeriesLine       int      `json:"series_line,omitempty"`
	Hash, Verify     Path     `json:"-"`
	VerifyUnitSeries []string `json:"verify_unit_series,omitempty"`
	// Decrypt is an update's AES-CTR path (UnitOn: on VerifyUnitSeries,
	// where ST's fork drives the AES through the HAL as it does the PKA).
	Decrypt Path `json:"-"`
	// Sigs and HashAlgs are the signatures (fw-sig names) and hashes it
	// supports.
	Sigs     []string `json:"-"`
	HashAlgs []string `json:"-"`
	// An update boot: the new image's hashes and verifications, the
	// passes of AES-CTR decryption over it (0: images are not encrypted
	// by default), and the flash operations per image sector of the
	// default swap strategy. UpdateKnown is false where the source has
	// not extracted the update path.
	UpdateKnown    bool    `json:"update_known"`
	UpdateHashes   float64 `json:"update_hashes_per_image"`
	UpdateVerifies float64 `json:"update_verifies_per_image"`
	Decrypts       float64 `json:"update_decrypt_passes"`
	Strategy       string  `json:"swap_strategy,omitempty"`
	Erases         int     `json:"erases_per_sector"`
	Programs       int     `json:"programs_per_sector"`
	Cites          []Cite  `json:"cites"`
}

// Generic is no bootloader named: each image hashed and verified once per
// boot, and an update's new image validated before it is installed and
// again at the next boot, as every bootloader here whose update path is
// known does (2 + 2); no decryption, and no swap strategy to count.
var Generic = Bootloader{Name: None, Title: "no bootloader named", Hashes: 1, Verifies: 1, Images: 1,
	UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Cites: []Cite{{"an update boot validates the new image twice (MCUboot, ST's fork, wolfBoot)", 72}}}

// Bootloaders are the choices of the bootloader field after None, in the
// form's order.
var Bootloaders = []Bootloader{
	{Name: "mcuboot", Title: "MCUboot (upstream, VALIDATE_PRIMARY_SLOT)", Hashes: 1, Verifies: 1, Images: 1,
		Library: "TinyCrypt (ECDSA, Ed25519) or Mbed TLS (RSA)", Libs: []string{"TinyCrypt", "Mbed TLS"}, LibsRSA: []string{"Mbed TLS"}, Hash: Software, Verify: Software,
		Sigs: []string{"ecdsa-p256", "ecdsa-p384", "ed25519", "rsa-2048", "rsa-3072"}, HashAlgs: []string{"sha256", "sha384"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Strategy: "swap-using-scratch", Erases: 3, Programs: 3,
		Cites: []Cite{{"1 hash and 1 verification per image on every boot (VALIDATE_PRIMARY_SLOT, Zephyr's default)", 39}, {"Zephyr default BOOT_VALIDATE_SLOT0 = y", 64},
			{"hashes and verifies in software even on a part with a HASH unit (TinyCrypt, Mbed TLS)", 125},
			{"signatures: RSA-2048/3072, ECDSA P-256/P-384, Ed25519; no post-quantum merged", 173},
			{"update: the new image is validated before the copy and again after it (2 + 2)", 72},
			{"swap-using-scratch: 1 erase + 1 program per sector in primary, secondary and scratch", 87}}},
	{Name: "mcuboot-bootstrap", Title: "MCUboot (upstream) with MCUBOOT_BOOTSTRAP", Hashes: 2, Verifies: 2, Images: 1,
		Library: "TinyCrypt (ECDSA, Ed25519) or Mbed TLS (RSA)", Libs: []string{"TinyCrypt", "Mbed TLS"}, LibsRSA: []string{"Mbed TLS"}, Hash: Software, Verify: Software,
		Sigs: []string{"ecdsa-p256", "ecdsa-p384", "ed25519", "rsa-2048", "rsa-3072"}, HashAlgs: []string{"sha256", "sha384"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Strategy: "swap-using-scratch", Erases: 3, Programs: 3,
		Cites: []Cite{{"BOOTSTRAP validates the primary slot again in the no-swap path: +1 hash and +1 verification per image (mcuboot#2781; fix PR #2782 open)", 41},
			{"hashes and verifies in software", 125}, {"signatures", 173}, {"update: 2 + 2", 72}, {"swap-using-scratch", 87}}},
	{Name: "mcuboot-once", Title: "MCUboot (upstream) with VALIDATE_PRIMARY_SLOT_ONCE, after the first boot", Hashes: 0, Verifies: 0, Images: 1,
		Library: "TinyCrypt (ECDSA, Ed25519) or Mbed TLS (RSA)", Libs: []string{"TinyCrypt", "Mbed TLS"}, LibsRSA: []string{"Mbed TLS"}, Hash: Software, Verify: Software,
		Sigs: []string{"ecdsa-p256", "ecdsa-p384", "ed25519", "rsa-2048", "rsa-3072"}, HashAlgs: []string{"sha256", "sha384"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Strategy: "swap-using-scratch", Erases: 3, Programs: 3,
		Cites: []Cite{{"1 hash and 1 verification on the first boot, then none (the result is cached in the trailer); the design document says it reduces security", 42},
			{"only without BOOT_VALIDATE_SLOT0 and with a single application slot", 65}, {"signatures", 173}, {"update: 2 + 2", 72}}},
	{Name: "tfm-bl2", Title: "TF-M BL2 (upstream MCUboot, ST boards' configuration)", Hashes: 2, Verifies: 2, Images: 2,
		Library: "TF-PSA-Crypto built-in (software)", Libs: []string{"Mbed TLS", "p256-m"}, Hash: Software, Verify: Software,
		Series: []string{"U5", "H5"}, SeriesLine: 67,
		Sigs: []string{"rsa-2048", "rsa-3072", "ecdsa-p256", "ecdsa-p384"}, HashAlgs: []string{"sha256", "sha384"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Strategy: "swap-using-scratch", Erases: 3, Programs: 3,
		Cites: []Cite{{"two images (secure and non-secure), each hashed and verified", 52},
			{"VALIDATE_PRIMARY_SLOT always; BOOTSTRAP on for the b_u585i_iot02a and stm32h573i_dk boards: each primary validated twice per boot until PR #2782 lands (the source's inference)", 67},
			{"BL2 links no HASH or PKA driver (the source's inference from build files)", 126},
			{"signatures: RSA-2048/3072, EC-P256/P384", 175}, {"update: 2 + 2", 72}, {"ST boards set SWAP_USING_SCRATCH", 95}}},
	{Name: "st-oemirot", Title: "ST OEMiRoT (ST's MCUboot fork, hash reference on)", Hashes: 1, Verifies: 0, Images: 2,
		Library: "Mbed TLS with the HASH unit (H5); HAL HASH and PKA (WBA65, H7RS)", Libs: []string{"Mbed TLS"},
		Hash: Unit, Verify: UnitOn, Decrypt: UnitOn, VerifyUnitSeries: []string{"WBA", "H7R", "H7S"},
		Series: []string{"H5", "U5", "WBA", "H7R", "H7S"}, SeriesLine: 68,
		Sigs: []string{"ecdsa-p256"}, HashAlgs: []string{"sha256"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Decrypts: 2, Strategy: "overwrite (ST fork)", Erases: 1, Programs: 1,
		Cites: []Cite{{"1 hash per image every boot; the verification is skipped while the hash equals the stored reference (MCUBOOT_USE_HASH_REF, ST's default)", 43},
			{"ST disabled upstream BOOTSTRAP's extra validation (#if 0)", 44}, {"two images (secure and non-secure) by default on the H5", 52},
			{"H5: SHA-256 on the HASH unit, ECDSA-P256 in software (Mbed TLS)", 127}, {"WBA65 and H7RS: HASH and PKA through the HAL", 128},
			{"ECDSA-P256 only", 176}, {"update: the new image validated twice, the second verification runs as the reference no longer matches", 72},
			{"images encrypted by default (MCUBOOT_ENC_IMAGES): AES-CTR over the payload while hashing the new image and again while copying", 102},
			{"double signature verification re-compares a saved result: no second verification", 153},
			{"overwrite: 1 erase + 1 program per slot sector; the secondary erased after install", 85}}},
	{Name: "st-sbsfu", Title: "ST SBSFU on the STM32U5 (MCUboot-based, hash reference on)", Hashes: 1, Verifies: 0, Images: 2,
		Library: "Mbed TLS with HASH, PKA and AES (BL2_HW_ACCEL_ENABLE)", Libs: []string{"Mbed TLS"}, Hash: Unit, Verify: Unit, Decrypt: Unit,
		Series: []string{"U5"}, SeriesLine: 129,
		Sigs: []string{"ecdsa-p256"}, HashAlgs: []string{"sha256"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Decrypts: 2, Strategy: "overwrite (ST fork)", Erases: 1, Programs: 1,
		Cites: []Cite{{"U5 SBSFU has the hash reference too: 1 hash, no verification while it matches", 68},
			{"two images (secure and non-secure)", 52}, {"HASH, PKA and AES by default", 129}, {"ECDSA-P256 only", 176},
			{"update: 2 + 2, AES-CTR twice", 72}, {"overwrite (ST fork)", 85}}},
	{Name: "x-cube-sbsfu", Title: "X-CUBE-SBSFU 2.x (F4, L4, G4 …)", Hashes: 1, Verifies: 2, Images: 1,
		Library: "ST cryptographic library v3 (software)", Libs: []string{"ST cryptographic library v3"}, Hash: Software, Verify: Software,
		Sigs: []string{"ecdsa-p256"}, HashAlgs: []string{"sha256"},
		Cites: []Cite{{"1 hash and 2 header authentications (ECDSA, the source's inference) per boot; the slot's empty rest is scanned twice (not counted: it needs the slot size)", 47},
			{"ST: the repeated authentication \"was added to increase robustness to attack\"", 56},
			{"Cryptolib V3 in software", 131}, {"ECDSA-P256 header signature, SHA-256 image hash", 179},
			{"the update's swap path is not extracted (open doubt 8)", 93}}},
	{Name: "wolfboot", Title: "wolfBoot", Hashes: 1, Verifies: 1, Images: 1,
		Library: "wolfCrypt (SP math, ARM assembly)", Libs: []string{"wolfSSL"}, Hash: Software, Verify: Software,
		Sigs: []string{"ed25519", "ecdsa-p256", "ecdsa-p384", "rsa-2048", "rsa-3072", "ml-dsa-44", "ml-dsa-65", "ml-dsa-87"}, HashAlgs: []string{"sha256", "sha384"},
		UpdateKnown: true, UpdateHashes: 2, UpdateVerifies: 2, Strategy: "swap (wolfBoot default)", Erases: 3, Programs: 3,
		Cites: []Cite{{"1 hash and 1 verification per boot (unless WOLFBOOT_SKIP_BOOT_VERIFY)", 49},
			{"software wolfCrypt; no HASH unit (PKA only on the STM32WB with PKA=1, off by default)", 132},
			{"signatures: Ed25519, ECC256/384/521, RSA 2048-4096, ML-DSA-44/65/87, LMS, XMSS", 180},
			{"update: the UPDATE partition verified, copied, then BOOT verified again (2 + 2)", 76},
			{"encrypts only external partitions: internal images are not decrypted", 102},
			{"swap: 1 erase + 1 program per sector in boot, update and the swap sector", 90}}},
}

// Names are the bootloader field's choices: None, then each bootloader.
func Names() []string {
	out := []string{None}
	for _, b := range Bootloaders {
		out = append(out, b.Name)
	}
	return out
}

// Of returns a bootloader by name (false for None and unknown names).
func Of(name string) (Bootloader, bool) {
	if b := Named(name); b != nil {
		return *b, true
	}
	return Bootloader{}, false
}

// For is a bootloader by name, Generic for None and unknown names.
func For(name string) Bootloader {
	if b, ok := Of(name); ok {
		return b
	}
	return Generic
}

// Named is a bootloader by name, nil for None and unknown names: the
// table's own entry, shared (read, never changed), so that asking per
// candidate allocates nothing.
func Named(name string) *Bootloader {
	for i := range Bootloaders {
		if Bootloaders[i].Name == name {
			return &Bootloaders[i]
		}
	}
	return nil
}

// Supports reports whether the bootloader supports a signature.
func (b Bootloader) Supports(sig string) bool { return slices.Contains(b.Sigs, sig) }

// Passes are the hashes, verifications and AES-CTR decryptions over an
// image in a boot of images images: each image's on a normal boot; on an
// update, the other images' and the new image's.
func (b Bootloader) Passes(images int, update bool) (hashes, verifies, decrypts float64) {
	n := float64(images)
	if !update {
		return b.Hashes * n, b.Verifies * n, 0
	}
	return b.Hashes*(n-1) + b.UpdateHashes, b.Verifies*(n-1) + b.UpdateVerifies, b.Decrypts
}

// Refuses says which field a firmware load asks what the bootloader
// cannot do with, and why ("" when it can): a signature or hash it does
// not support, or an update whose path the source does not give.
func (b Bootloader) Refuses(sig, hash string, update bool) (field, msg string) {
	switch {
	case !b.Supports(sig):
		return "bootloader", b.Name + " does not verify " + sig + ": it supports " + strings.Join(b.Sigs, ", ")
	case !slices.Contains(b.HashAlgs, hash):
		return "bootloader", b.Name + " does not hash with " + hash + ": it supports " + strings.Join(b.HashAlgs, ", ")
	case update && !b.UpdateKnown:
		return "boot-update", "the update path of " + b.Name + " is not known (" + File + ", open doubt 8)"
	}
	return "", ""
}

// Gap codes: why a row's firmware figures are not the bootloader's.
const (
	GapFigure = "boot-figure" // no build of the part runs an operation as the bootloader does (Route)
	GapPart   = "boot-part"   // its reference configuration does not ship for the part's series
)

// Ships reports whether the bootloader's reference configuration ships
// for a part series (every series where it names none).
func (b Bootloader) Ships(series string) bool {
	return len(b.Series) == 0 || slices.ContainsFunc(b.Series, func(s string) bool { return strings.HasPrefix(series, s) })
}

// Role is what a bootloader does with an image.
type Role int

// Roles.
const (
	RoleHash Role = iota
	RoleVerify
	RoleDecrypt
)

// Route is how a bootloader runs one role on a part: with the part's
// Unit where UseUnit, the series is one On lists (nil: any) and the part
// has the unit — any library's figure then, the unit doing the work —;
// else in software (a build not using Unit) by its own libraries, Libs,
// the first that publishes a figure deciding. Unit is "" where no unit decides the path
// (ML-DSA runs in software everywhere).
type Route struct {
	Unit    string
	UseUnit bool
	On      []string
	Libs    []string
}

// Route is the route of a role for a signature (fw-sig's name); nil
// for no bootloader (the build's own figures).
func (b *Bootloader) Route(r Role, sig string) *Route {
	if b == nil {
		return nil
	}
	unit, path := [...]string{RoleHash: "HASH", RoleVerify: "PKA", RoleDecrypt: "AES"}[r], [...]Path{b.Hash, b.Verify, b.Decrypt}[r]
	rt := Route{Unit: unit, UseUnit: path == Unit || path == UnitOn, Libs: b.Libs}
	if strings.HasPrefix(sig, "rsa") && b.LibsRSA != nil {
		rt.Libs = b.LibsRSA
	}
	if path == UnitOn {
		rt.On = b.VerifyUnitSeries
	}
	if r == RoleVerify && strings.HasPrefix(sig, "ml-dsa") {
		rt.Unit, rt.UseUnit = "", false
	}
	return &rt
}

// Runs reports whether the route runs on the part's unit: it takes it,
// on the part's series, and the part has it.
func (r Route) Runs(series string, has bool) bool {
	return r.UseUnit && has && (r.On == nil || slices.ContainsFunc(r.On, func(s string) bool { return strings.HasPrefix(series, s) }))
}
