package wolfcrypt

import (
	"os"
	"strings"
	"testing"
)

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const seedPath = "../../../seeds/wolfssl-stm32-benchmarks.md"

type want struct {
	section, label, op string
	bps, spo           float64
}

func check(t *testing.T, p *Page, tests []want) {
	t.Helper()
	for _, w := range tests {
		found := false
		for _, s := range p.Sections {
			for _, c := range s.Configs {
				for _, r := range c.Runs {
					for _, x := range r.Results {
						if s.MCU == w.section && c.Label == w.label && x.Op == w.op {
							found = true
							if x.BytesPerSecond != w.bps || x.SecondsPerOp != w.spo {
								t.Errorf("%s %q %s: got %v B/s, %v s/op; want %v, %v", w.section, w.label, w.op, x.BytesPerSecond, x.SecondsPerOp, w.bps, w.spo)
							}
						}
					}
				}
			}
		}
		if !found {
			t.Errorf("%s %q %s: not found", w.section, w.label, w.op)
		}
	}
}

func TestSeed(t *testing.T) {
	p, errs := Parse("seed", read(t, seedPath))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	check(t, p, []want{
		{"STM32F777", "STM AES-CBC/Hash Acceleration, -Os, SP-ASM Cortex-M", "aes-128-cbc-enc", 8755609.6, 0},
		{"STM32H753ZI", "-O2, Thumb2 ARM ASM, SP-ASM Cortex M small", "ed25519-verify", 0, 0.00116},
		{"STM32H753ZI", "-O2, Thumb2 ARM ASM, SP-ASM Cortex M small", "aes-128-cbc-enc", 17.261 * 1048576, 0},
		{"STM32H563ZI", "No STM HW Crypto, SP Math ASM Cortex M", "ecc-p256-keygen", 0, 0.004902},
		{"STM32H563ZI", "No STM HW Crypto, SP Math ASM Cortex M", "ecdh-p256-agree", 0, 0.010713},
		{"STM32H563ZI", "No STM HW Crypto, SP Math ASM Cortex M", "ecdsa-p256-sign", 0, 0.007441},
		{"STM32WB55", "No HW Crypto, -Os, FastMath", "sha256", 984.252 * 1024, 0},
	})
	var n, configs int
	for _, s := range p.Sections {
		configs += len(s.Configs)
		for _, c := range s.Configs {
			for _, r := range c.Runs {
				n += len(r.Results)
			}
		}
	}
	if n != 601 || len(p.Sections) != 10 || configs != 23 {
		t.Errorf("got %d results, %d sections, %d configs; want 601, 10, 23", n, len(p.Sections), configs)
	}
	wl := p.Sections[2]
	if wl.MCU != "STM32WL55" || wl.ClockHz != 64e6 || wl.Board != "NUCLEO-WL55JC1 (MB1389-HIGHBAND-E02)" || wl.Supports != "RNG, ECC P-256 and AES-CBC" {
		t.Errorf("WL55 section: %+v", wl)
	}
	g0 := p.Sections[9].Configs[0]
	if len(g0.Runs) != 2 || g0.Runs[1].Version != "5.6.0" || !strings.Contains(g0.Runs[1].Caption, "Without `WOLFSSL_SP_SMALL`") || len(g0.Runs[1].Results) != 2 {
		t.Errorf("G071 fragment: %+v", g0.Runs)
	}
}

func TestLineBrokenPage(t *testing.T) {
	p, errs := Parse("lb", read(t, "testdata/linebroken.md"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	check(t, p, []want{
		{"STM32H753ZI", "STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M", "rng", 858.685 * 1024, 0},
		{"STM32H753ZI", "STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M", "rsa-2048-public", 0, 0.012427},
		{"STM32H753ZI", "STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M", "ecc-p256-keygen", 0, 0.008264},
		{"STM32U585", "No STM HW Crypto, SP Math C32", "aes-256-gcm-dec-no-aad", 7.153 * 1048576, 0},
		{"STM32U585", "No STM HW Crypto, SP Math C32", "sha384", 494.071 * 1024, 0},
		{"STM32U585", "No STM HW Crypto, SP Math C32", "ecc-p256-keygen", 0, 0.001018},
		{"STM32U585", "No STM HW Crypto, SP Math C32", "ecdsa-p384-verify", 0, 0.075643},
		{"STM32U585", "No STM HW Crypto, SP Math C32", "x25519-agree", 0, 0.000874},
	})
	s := p.Sections[0]
	if s.Board != "NUCLEO-H753ZI" || s.ClockHz != 480e6 || s.Core != "Cortex-M7" || s.RTOS != "FreeRTOS" {
		t.Errorf("section: %+v", s)
	}
	if opts := p.Sections[1].Configs[0].BuildOptions; len(opts) != 2 || opts[0] != "WOLFSSL_SP_MATH_ALL" {
		t.Errorf("build options %v", opts)
	}
	if p.Sections[1].Configs[0].Runs[0].Pos.Line != 48 {
		t.Errorf("run starts on line %d, want 48", p.Sections[1].Configs[0].Runs[0].Pos.Line)
	}
}

func TestBareOutput(t *testing.T) {
	for _, parse := range []func(string) []Result{
		func(s string) []Result {
			r, errs := ParseOutput("bare", s)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			return r.Results
		},
		func(s string) []Result {
			p, errs := Parse("bare", s)
			if len(errs) > 0 || len(p.Sections) != 1 {
				t.Fatal(errs, len(p.Sections))
			}
			return p.Sections[0].Configs[0].Runs[0].Results
		},
	} {
		res := parse(read(t, "testdata/bare-5.7.txt"))
		got := map[string]Result{}
		for _, r := range res {
			got[r.Op] = r
		}
		if len(res) != 8 {
			t.Errorf("got %d results, want 8", len(res))
		}
		for op, bps := range map[string]float64{"rng": 2.043 * 1048576, "sha256": 793651, "hmac-sha256": 1.5e6, "aes-128-cbc-dec": 4.135 * 1048576} {
			if d := got[op].BytesPerSecond - bps; d > 1e-6 || d < -1e-6 {
				t.Errorf("%s: %v B/s, want %v", op, got[op].BytesPerSecond, bps)
			}
		}
		if got["ed25519-verify"].SecondsPerOp != 0.036571 || got["ecdh-p256-agree"].Pos.Line != 12 {
			t.Errorf("per-op results: %+v", got["ed25519-verify"])
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"unknown algorithm", "FROBNICATE 5 MB took 1.000 seconds, 5.000 MB/s\n", `bare:1:1: unknown wolfCrypt algorithm name "FROBNICATE"`},
		{"junk line", "SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\nhello world\nSHA-384 1 MB took 1.000 seconds, 1.000 MB/s\n", `bare:2:1: unrecognized text in benchmark output: "hello world"`},
		{"trailing junk", "SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\nnot a benchmark\n", `bare:2:1: unrecognized text`},
		{"bulk as per-op", "SHA-256 5 ops took 1.000 sec, avg 200.000 ms, 5.000 ops/sec\n", "SHA-256 is a bulk algorithm"},
		{"per-op as bulk", "RSA 2048 public 5 MB took 1.000 seconds, 5.000 MB/s\n", "measured per operation"},
		{"unclosed fence", "## STM32F777\n### STM32F777 (x)\n```\nSHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n", "bare:3:1: code fence is never closed"},
	}
	for _, tc := range tests {
		_, errs := Parse("bare", tc.text)
		if len(errs) == 0 || !strings.Contains(errs.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, errs, tc.want)
		}
	}
}

// Every name wolfCrypt 5.7/5.8 prints is a canonical operation or a
// figure the model does not use, never an error.
func TestNewerNames(t *testing.T) {
	ops := map[string]string{
		"ML-KEM 768 192 decap": "ml-kem-768-decap", "ML-KEM 512 128 key gen": "ml-kem-512-keygen", "ML-KEM 1024 256 encap": "ml-kem-1024-encap",
		"ML-DSA 65 verify": "ml-dsa-65-verify", "ML-DSA 44 key gen": "ml-dsa-44-keygen", "ML-DSA 87 sign": "ml-dsa-87-sign",
		"SHA3-256": "sha3-256", "SHAKE128": "shake128", "AES-128-CFB": "aes-128-cfb-enc", "AES-256-CTR": "aes-256-ctr-enc",
		"ECC [ SECP521R1] 521 key gen": "ecc-p521-keygen", "RSA 3072 public": "rsa-3072-public", "DH 3072 agree": "dh-3072-agree",
	}
	for name, want := range ops {
		if got, ok := OpName(name); !ok || got != want {
			t.Errorf("OpName(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"PBKDF2", "SRTP-KDF", "SipHash-8", "SipHash-16", "AES-128-SIV-enc", "AES-EAX-enc", "AES-CMAC", "CMAC",
		"GMAC Default", "HMAC-SHA3-256", "ED 448 key gen", "ED 448 sign", "CURVE 448 agree", "X448 key gen", "RSA 2048 key gen",
		"ECC [ SECP256K1] 256 key gen", "LMS/HSS L1_H5_W1 sign", "XMSS SHA256_10_256 verify", "KYBER512 128 key gen", "DILITHIUM 2 sign",
		"AES-XTS-enc", "AES-128-ECB-enc"} {
		if _, ok := OpName(name); ok {
			continue
		}
		if note, ok := NotModelled(name); !ok || !strings.HasPrefix(note, "not used by the model") {
			t.Errorf("%q is neither an operation nor a figure the model does not use", name)
		}
	}
	// A skipped result keeps its figure and note; it is no error.
	p, errs := Parse("bare", "PBKDF2 640 bytes took 1.000 seconds, 640.000 bytes/s\nSHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n")
	run := p.Sections[0].Configs[0].Runs[0]
	if len(errs) > 0 || len(run.Results) != 1 || len(run.Skipped) != 1 || run.Skipped[0].Printed != "640.000 bytes/s" {
		t.Errorf("%v %+v", errs, run)
	}
}

func TestImpliedAcceleration(t *testing.T) {
	tests := map[string]string{
		"STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M":              "AES HASH",
		"-O2, Thumb2 ARM ASM, SP-ASM Cortex M small":                      "",
		"No HW Crypto, -Os, FastMath":                                     "",
		"STM PKA only, -Os, FastMath":                                     "PKA",
		"STM AES-CBC Acceleration and PKA ECC, -Os":                       "AES PKA",
		"STM PKA ECC/AES-CBC/Hash Acceleration, -Os, SP-ASM Cortex-M":     "AES HASH PKA",
		"STM Symmetric AES/SHA acceleration, STM PKA PKA w/Fast Math":     "AES HASH PKA",
		"No STM HW Crypto, SP Math C32":                                   "",
		"STM AES-CBC Acceleration, -Os, SP-ASM Cortex-M WOLF_CONF_MATH=4": "AES",
		// The newer page's labels.
		"-Os, HW Crypto (AES/HASH/PKA), WOLF_CONF_MATH=3 (sp_c32.c)":                "AES HASH PKA",
		"-O2, No HW Crypto, WOLF_CONF_ARMASM=1, WOLF_CONF_MATH=4 (sp_cortexm.c)":    "",
		"STM32 RNG and Hash, SP Math ASM Cortex M":                                  "HASH",
		"STM AES/Hash/PKA ECC Acceleration, -Os, SP-C32":                            "AES HASH PKA",
		"STM RNG/SHA1/SHA2/AES/PKA-ECC and SP Math Cortex-M Small for RSA/DH":       "AES HASH PKA",
		"No STM hardware crypto, ARM Thumb Assembly, SP Math Cortex-M ASM Small":    "",
		"Pure C - SP C32 / No ASM / No STM hardware":                                "",
		"(-Os) Using our software based ARM Assembly speedups (no hardware crypto)": "",
	}
	for label, want := range tests {
		if got := strings.Join(ImpliedAcceleration(label), " "); got != want {
			t.Errorf("%q: got %q, want %q", label, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(read(f, "testdata/linebroken.md"))
	f.Add(read(f, "testdata/bare-5.7.txt"))
	f.Add("## A\n### A (x (y)\n``` RSA 2048 public 1 ops took 1 sec, avg 1 ms, 1 ops/sec ```")
	f.Fuzz(func(t *testing.T, text string) {
		p, errs := Parse("fuzz", text)
		if p == nil {
			t.Fatal("nil page")
		}
		for _, e := range errs {
			if e.Pos.File != "fuzz" || e.Pos.Line < 1 || e.Pos.Col < 1 {
				t.Fatalf("error without position: %v", e)
			}
		}
		for _, s := range p.Sections {
			for _, c := range s.Configs {
				for _, r := range c.Runs {
					for _, x := range r.Results {
						if !(x.BytesPerSecond > 0) && !(x.SecondsPerOp > 0) {
							t.Fatalf("result without a figure: %+v", x)
						}
					}
				}
			}
		}
	})
}
