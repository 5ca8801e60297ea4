package explain

import (
	"bytes"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/engine"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/tlsram"
)

func f(v float64) *float64 { return &v }

func TestFormats(t *testing.T) {
	tests := []struct{ got, want string }{
		{Headroom(nil), "—"}, {Headroom(f(2.104)), "2.10×"}, {Headroom(f(1e9)), "≫1000×"},
		{Percent(0), "0%"}, {Percent(0.0004), "<0.1%"}, {Percent(0.477), "47.7%"},
		{Duration(2.5), "2.5 s"}, {Duration(0.023056), "23.056 ms"}, {Duration(0.000874), "874 µs"},
		{Rate(8755609.6), "8.35 MiB/s"}, {Rate(2048), "2.0 KiB/s"}, {Rate(100), "100 B/s"},
		{Size(262144), "256 KiB"}, {Size(1 << 20), "1 MiB"}, {Size(300000), "300000 B"},
		{Number(3), "3"}, {Number(0.5), "0.5"}, {Number(2.0999999), "2.1"}, {Number(1.0 / 3), "0.3333"},
	}
	for i, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%d: got %q, want %q", i, tc.got, tc.want)
		}
	}
}

func TestStepsAndBottleneck(t *testing.T) {
	u := 20 * 0.023842
	r := engine.Requirement{Kind: "tls", Required: 20, Achieved: f(1 / 0.023842), Utilization: &u, Terms: []engine.Term{
		{Op: "ecc-p256-keygen", Count: 1, Each: 0.004902, Total: 0.004902, Rule: "tls-keygen"},
		{Op: "sha256", Count: 1, Bytes: 4096, Rate: 5214000, Each: 0.000786, Total: 0.000786, Rule: "tls-hash"},
		{Op: "ecdsa-p256-sign", Count: 1, Missing: true, Rule: "tls-server-sign"},
	}}
	got := strings.Join(Steps(r), "\n")
	for _, want := range []string{
		"ecc-p256-keygen: 1 × 4.902 ms = 4.902 ms — one ephemeral key pair per full handshake",
		"sha256: 4 KiB ÷ 4.97 MiB/s = 786 µs",
		"ecdsa-p256-sign × 1: no measurement",
		"per handshake 23.842 ms → 41.9 handshakes/s within the budget; 20/s needs 47.7% of the CPU",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("steps lack %q:\n%s", want, got)
		}
	}
	c := engine.Candidate{Verdict: engine.Unknown, Missing: []string{"a", "b", "c", "d", "e"}}
	if b := Bottleneck(c); b != "missing: a, b, c and 2 more" {
		t.Errorf("bottleneck %q", b)
	}
	tls, aes := 0.3, 0.1
	c = engine.Candidate{Verdict: engine.Fail, Bottleneck: "cpu", Requirements: []engine.Requirement{{Kind: "tls", Utilization: &tls, Continuous: true}, {Kind: "aes", Utilization: &aes, Continuous: true}, {Kind: "cpu"}}}
	if b := Bottleneck(c); b != "cpu (TLS 30.0% + AES 10.0%)" {
		t.Errorf("bottleneck %q", b)
	}
}

func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	h := 2.1
	// No clock: an empty cell, never 0.
	err := CSV(&buf, engine.Result{Candidates: []engine.Candidate{{Rank: 1, Verdict: "pass", Identity: bench.Identity{MCU: "STM32H563ZI", Config: `a "quoted", label`}, Basis: bench.Measured, Headroom: &h, Utilization: f(0)}}})
	if err != nil || !strings.Contains(buf.String(), `1,pass,STM32H563ZI,,,,"a ""quoted"", label",,,false,measured,2.1,measured,0,,,,`) {
		t.Errorf("%v %q", err, buf.String())
	}
}

// An estimate's arithmetic adds up on its slow end, which decides; the
// central value is said beside it.
func TestStepsOfAnEstimate(t *testing.T) {
	r := engine.Requirement{Kind: engine.KindTLS, Terms: []engine.Term{
		{Op: "ecdsa-p256-verify", Count: 3, Each: 0.001, Slow: 0.002, Total: 0.006, Rule: engine.RuleTLSClientVerify},
		{Op: "sha256", Count: 0.5, Bytes: 1000, Each: 0.001, Slow: 0.002, Rate: 500000, Total: 0.001, Rule: engine.RuleTLSHash},
	}}
	steps := Steps(r)
	for i, want := range []string{
		"ecdsa-p256-verify: 3 × 2 ms = 6 ms (slow end of an estimate; central 1 ms)",
		"sha256: 1000 B ÷ 488.3 KiB/s = 2 ms, × 0.5 = 1 ms (slow end of an estimate; central 1 ms)",
	} {
		if !strings.HasPrefix(steps[i], want) {
			t.Errorf("step %d %q, want it to start %q", i, steps[i], want)
		}
	}
}

// An ECDHE figure estimated from the build's own ECDSA says so: the
// operation it comes from, the ratio and over how many builds, and that
// the ECDSA figure is the slow end — with the rule's source.
func TestFromAnECDSABound(t *testing.T) {
	tm := engine.Term{Op: "ecdh-p256-agree", Each: 0.26, Slow: 0.41, Basis: bench.Estimated,
		From: &catalog.From{Document: "STM32_Bare_Test/README.md", Line: 599, Printed: "2.438 ops/sec", Part: "STM32U585AI", ClockHz: 96e6,
			Spread: 1 / 0.65, Bounded: "ecdsa-p256-verify", Ratio: 0.65, Over: 17}}
	got := From(tm)
	for _, want := range []string{"from this build's ecdsa-p256-verify", "line 599", "× 0.65", "17 wolfSSL builds", "slow end 410 ms", "at most the ecdsa-p256-verify itself", catalog.ECDHEDoc} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}

// The CSV carries the bootloader, the images and the passes each row's
// firmware terms count (issue 59).
func TestCSVBootColumns(t *testing.T) {
	for _, tc := range []struct {
		params map[string]string
		want   string
	}{
		{map[string]string{"fw-size": "256KiB", "fw-deadline": "1s"}, "none,1,1,1,0"},
		{map[string]string{"fw-size": "256KiB", "fw-deadline": "1s", "bootloader": "tfm-bl2"}, "tfm-bl2,2,4,4,0"},
		{map[string]string{"fw-size": "256KiB", "fw-deadline": "1s", "bootloader": "st-oemirot", "boot-update": "true"}, "st-oemirot,2,3,2,2"},
		{map[string]string{"tls-rate": "1"}, ",,,,"},
	} {
		w, errs := settingtest.Schema.Parse(tc.params)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		var buf bytes.Buffer
		if err := CSV(&buf, engine.Result{Workload: w, Candidates: []engine.Candidate{{Rank: 1}}}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		head, row := strings.Split(lines[0], ","), strings.Split(lines[1], ",")
		got := strings.Join(row[len(row)-5:], ",")
		if strings.Join(head[len(head)-5:], ",") != "bootloader,boot_images,boot_hash_passes,boot_verify_passes,boot_decrypt_passes" || got != tc.want {
			t.Errorf("%v: %s, want %s", tc.params, got, tc.want)
		}
	}
}

// A part that holds the standards' floor but not what clients of its
// library measured says so, cited, with the verdict unchanged (issue 57).
func TestDeployedWarning(t *testing.T) {
	b, err := tlsram.For(tlsram.Spec{Client: true, Kex: "p256", Sig: "ecdsa-p256", Chain: 2, Stack: tlsram.MbedTLS})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ram  int64
		want bool
	}{{32 << 10, true}, {64 << 10, false}} {
		c := engine.Candidate{Verdict: engine.Pass, Memory: &engine.Memory{PartRAMBytes: tc.ram},
			Requirements: []engine.Requirement{{Kind: engine.KindTLS, Session: &b}}}
		got := strings.Join(SessionLines(c), " ")
		if strings.Contains(got, "Warning: the part's") != tc.want || tc.want && !strings.Contains(got, "§4.1") {
			t.Errorf("%d B part: %q", tc.ram, got)
		}
	}
}
