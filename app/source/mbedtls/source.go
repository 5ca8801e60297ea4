package mbedtls

import (
	"fmt"
	"math"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/lazyre"
	"cryptosizer/app/source"
)

// Library is Mbed TLS as the dataset names it.
const Library = "Mbed TLS"

// Source is the registration of Mbed TLS benchmark output.
type Source struct{}

// Name implements source.Source.
func (Source) Name() string { return "mbedtls" }

// Library implements source.Source: every configuration is a build. Mbed
// TLS and TF-PSA-Crypto ship no ML-KEM, and their ML-DSA is incomplete
// (Mbed-TLS/mbedtls issue #10834; Mbed-TLS/TF-PSA-Crypto #633 and #637):
// a post-quantum figure on an Mbed TLS build is always lent, and says so.
func (Source) Library() bench.Library {
	return bench.Library{Name: Library, Flag: "mbedtls", Methods: []string{"benchmark"}, Lacks: []bench.Lack{
		{Prefix: "ml-kem-", Note: "Mbed TLS has no ML-KEM of its own (Mbed TLS issue #10834, TF-PSA-Crypto #633)"},
		{Prefix: "ml-dsa-", Note: "Mbed TLS's ML-DSA is incomplete (TF-PSA-Crypto #637)"},
	}}
}

// Seed implements source.Source: no seed is Mbed TLS output (the bundled
// STM32 run is a restated table, app/source/mbedtlsf429).
func (Source) Seed(string) bool { return false }

// Sniff implements source.Source: a line in one of the program's shapes.
func (Source) Sniff(text string) bool {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if lineRe().MatchString(strings.TrimRight(l, "\r")) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return n == 1 && strings.Count(strings.TrimSpace(text), "\n") < 2
}

// Paste implements source.Source.
func (Source) Paste() string {
	return "Mbed TLS benchmark output (\"SHA-256 : 1957 KiB/s\", \"ECDSA-secp256r1 : 7 sign/s\"; upstream 1.3–3.6, TF-PSA-Crypto, Mbed OS, Zephyr or NXP)"
}

var (
	aesRe   = lazyre.New(`^AES-(CBC|GCM|CCM|CTR|XTS|CFB128)-(128|192|256)$`)
	curveRe = lazyre.New(`^(ECDSA|ECDHE|ECDH)-(secp256r1|secp384r1|secp521r1|x25519|Curve25519)$`)
	dhRe    = lazyre.New(`^(DHE|DH)-(2048|3072)$`)
)

var hashes = map[string]string{"MD5": "md5", "SHA-1": "sha1", "SHA-256": "sha256", "SHA-512": "sha512", "SHA3-224": "sha3-224",
	"SHA3-256": "sha3-256", "SHA3-384": "sha3-384", "SHA3-512": "sha3-512", "ChaCha20": "chacha20", "ChaCha20-Poly1305": "chacha20-poly1305",
	"Poly1305": "poly1305", "3DES": "3des-cbc", "CTR_DRBG (NOPR)": "rng"}

// symmetricOp is a symmetric title's operation ("" when no workload
// uses it).
func symmetricOp(title string) string {
	if op, ok := hashes[title]; ok {
		return op
	}
	if m := aesRe().FindStringSubmatch(title); m != nil {
		mode := strings.ToLower(strings.TrimSuffix(m[1], "128"))
		op := "aes-" + m[2] + "-" + mode + "-enc"
		if mode == "gcm" {
			op += "-no-aad" // 12-byte nonce, no additional data (the reference, section 4)
		}
		return op
	}
	return ""
}

// curves are the curves the workload names.
var curves = map[string]string{"secp256r1": "p256", "secp384r1": "p384", "secp521r1": "p521"}

// Read implements source.Source.
func (Source) Read(doc source.Doc) source.Read {
	var out source.Read
	run := Parse(doc.Name, doc.Text)
	out.Errors = run.Errors
	b := newBuild(run, doc)
	out.Found = source.Names{Version: run.Version, ClockHz: b.textClock}
	if run.ClockHz == 0 && b.textClock > 0 {
		out.Found.ClockFrom = "the text prints no clock: inferred from its symmetric lines' KiB/s × 1024 × cycles/byte (their median, to 0.1 MHz)"
	}
	if len(run.Results) > 0 {
		out.Builds = 1
	}
	if doc.Import {
		out.Unnamed = b.unnamed(doc)
	}
	out.Data = b.data()
	return out
}

// build is what one output becomes: its identity, and its figures.
type build struct {
	run   Run
	id    bench.Identity
	clock int64
	// textClock is the clock the text gives: printed (fsys=) or implied
	// by its cycles/byte; 0 when neither.
	textClock int64
	facts     bench.Facts
	ds        bench.Dataset
	pos       bench.Pos
}

func newBuild(run Run, doc source.Doc) *build {
	b := &build{run: run, facts: doc.Facts, pos: bench.Pos{File: doc.Name, Line: 1}}
	version := first(doc.Names.Version, run.Version)
	config := first(doc.Names.Config, "benchmark program"+portWords(run))
	b.id = bench.Identity{MCU: doc.Names.MCU, Board: doc.Names.Board, Library: Library, LibraryVersion: version, Config: config, Acceleration: []string{}}
	if f, ok := doc.Facts.Fact(doc.Names.MCU); ok {
		b.id.Part = f.Part
	}
	b.clock = run.ClockHz
	implied := run.ImpliedClock()
	switch {
	case doc.Names.ClockHz > 0:
		b.clock = doc.Names.ClockHz
	case b.clock == 0 && implied > 0:
		b.clock = int64(math.Round(implied/1e5) * 1e5)
		b.warn("inferred", fmt.Sprintf("clock not printed: %s MHz inferred from the symmetric lines' KiB/s × 1024 × cycles/byte (median)", mhz(float64(b.clock))))
	}
	if implied > 0 && b.clock > 0 && math.Abs(implied/float64(b.clock)-1) > 0.10 {
		b.warn("clock-check", fmt.Sprintf("the cycles/byte imply %s MHz, but the clock is %s MHz: the counter is not the core's cycle counter, or the clock is wrong", mhz(implied), mhz(float64(b.clock))))
	}
	b.textClock = run.ClockHz
	if b.textClock == 0 && implied > 0 {
		b.textClock = int64(math.Round(implied/1e5) * 1e5)
	}
	b.id.ClockHz = b.clock
	return b
}

func portWords(run Run) string {
	s := ""
	if run.Port != "" {
		s = " (" + run.Port + ")"
	}
	if len(run.Engines) > 0 {
		s += "; " + strings.Join(run.Engines, "; ")
	}
	return s
}

func (b *build) warn(kind, text string) {
	b.ds.Warnings = append(b.ds.Warnings, bench.Warning{MCU: b.id.MCU, Config: b.id.Config, Kind: kind, Text: text, Source: b.pos.String()})
}

// unnamed is what an import must still name.
func (b *build) unnamed(doc source.Doc) bench.ErrorList {
	var errs bench.ErrorList
	if b.id.MCU == "" {
		errs.Add(b.pos, "", "Mbed TLS's benchmark prints no MCU: give it (for example STM32F429ZI)")
	}
	if b.clock <= 0 {
		errs.Add(b.pos, "", "the text states no CPU clock and prints no cycles/byte to infer it from: give it in MHz")
	}
	if f, ok := doc.Facts.Fact(b.id.MCU); ok && f.MaxClockHz > 0 && b.clock > 2*f.MaxClockHz {
		errs.Add(b.pos, "", "a clock of %s MHz is more than twice the %s's maximum (%s MHz): give the clock the board ran at",
			mhz(float64(b.clock)), f.Part, mhz(float64(f.MaxClockHz)))
	}
	return errs
}

func mhz(hz float64) string { return fmt.Sprintf("%g", math.Round(hz/1e5)/10) }

func first(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
