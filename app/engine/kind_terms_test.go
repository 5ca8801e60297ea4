package engine_test

import (
	"fmt"
	"testing"

	"cryptosizer/app/boot"
	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
)

// fakeFigures is a ten-line catalogue: each operation takes its table's
// seconds (per byte for a bulk one); any other is missing.
type fakeFigures map[string]float64

func (f fakeFigures) Term(op string, count float64, rule engine.RuleID, bytes int64) engine.Term {
	t := engine.Term{Op: op, Count: count, Rule: rule, Bytes: bytes, Missing: true}
	if s, ok := f[op]; ok {
		t.Missing, t.Each = false, s*float64(max(bytes, 1))
		t.Total = t.Each * count
	}
	return t
}

// Along takes a route's unit as a figure of its own, named "op@unit"
// (the term says which it took).
func (f fakeFigures) Along(ops []string, count float64, rule engine.RuleID, bytes int64, r *boot.Route) engine.Term {
	for _, op := range ops {
		if r != nil && r.UseUnit {
			op += "@" + r.Unit
		}
		if _, ok := f[op]; ok {
			return f.Term(op, count, rule, bytes)
		}
	}
	return f.Term(ops[0], count, rule, bytes) // a unit's missing figure is named as the op's
}

// A kind asks a catalogue for figures and keeps nothing: its terms,
// from a fake catalogue, are the workload model's counts (DESIGN.md).
func TestKindTermsFromAFakeCatalogue(t *testing.T) {
	figs := fakeFigures{"ecc-p256-keygen": 1, "ecdh-p256-agree": 2, "ecdsa-p256-sign": 3, "ecdsa-p256-verify": 4, "sha256": 1e-6,
		"ml-kem-768-keygen": 5, "ml-kem-768-decap": 6, "x25519-keygen": 7, "x25519-agree": 8, "aes-128-gcm-enc": 1e-7,
		"sha256@HASH": 1e-8, "ecdsa-p256-verify@PKA": 0.5, "aes-128-ctr-dec": 1e-7, "aes-128-ctr-dec@AES": 1e-8}
	schema := workload.NewSchema(nil)
	for _, tc := range []struct {
		params map[string]string
		kind   engine.KindName
		want   string // op × count, the hashing left out; "!" marks a missing term
	}{
		{map[string]string{"tls-rate": "1"}, engine.KindTLS, "ecc-p256-keygen×1 ecdh-p256-agree×1 ecdsa-p256-sign×1"},
		{map[string]string{"tls-rate": "1", "tls-role": "client"}, engine.KindTLS, "ecc-p256-keygen×1 ecdh-p256-agree×1 ecdsa-p256-verify×3"},
		{map[string]string{"tls-rate": "1", "tls-mutual": "true", "tls-chain": "1"}, engine.KindTLS,
			"ecc-p256-keygen×1 ecdh-p256-agree×1 ecdsa-p256-sign×1 ecdsa-p256-verify×2"},
		{map[string]string{"tls-rate": "1", "tls-resume": "50%"}, engine.KindTLS, "ecc-p256-keygen×0.5 ecdh-p256-agree×0.5 ecdsa-p256-sign×0.5"},
		{map[string]string{"tls-rate": "1", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65"}, engine.KindTLS,
			"x25519-keygen×1 x25519-agree×1 ml-kem-768-keygen×1 ml-kem-768-decap×1 !ml-dsa-65-verify×3"},
		{map[string]string{"fw-size": "1MiB", "fw-deadline": "1s"}, engine.KindFirmware, "ecdsa-p256-verify×1"},
		{map[string]string{"fw-size": "1MiB", "fw-deadline": "1s", "bootloader": "tfm-bl2"}, engine.KindFirmware, "ecdsa-p256-verify×4"},
		{map[string]string{"fw-size": "1MiB", "fw-deadline": "1s", "bootloader": "mcuboot-bootstrap", "fw-sig": "rsa-3072"}, engine.KindFirmware, "!rsa-3072-public×2"},
		{map[string]string{"fw-size": "1MiB", "fw-deadline": "1s", "bootloader": "st-sbsfu", "boot-update": "true"}, engine.KindFirmware, "ecdsa-p256-verify@PKA×2"},
		{map[string]string{"aes-rate": "1MiB/s", "aes-mode": "gcm"}, engine.KindAES, ""},
	} {
		w, errs := schema.Parse(tc.params)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		l, ok := w.Load(tc.kind)
		if !ok {
			t.Fatalf("%v: no %s load", tc.params, tc.kind)
		}
		got, bulk := "", 0
		for _, tm := range l.Terms(figs) {
			if tm.Bytes > 0 {
				bulk++
				if tm.Missing {
					t.Errorf("%v: bulk term %s missing", tc.params, tm.Op)
				}
				continue
			}
			if got != "" {
				got += " "
			}
			if tm.Missing {
				got += "!"
			}
			got += fmt.Sprintf("%s×%g", tm.Op, tm.Count)
		}
		if got != tc.want || bulk == 0 {
			t.Errorf("%v: terms %q (%d bulk), want %q", tc.params, got, bulk, tc.want)
		}
	}
}
