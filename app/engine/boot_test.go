package engine_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
)

// A bootloader's passes become the firmware terms, along its crypto
// path: on the STM32U585, upstream MCUboot is answered only by builds
// that hash in software, ST's OEMiRoT only by builds that hash with the
// HASH unit (one hash per image, no verification while the hash
// reference holds), and TF-M's BL2 counts two images validated twice.
func TestBootloaderPassesAndPaths(t *testing.T) {
	ix := index(t)
	base := workload.Params{"fw-size": "256KiB", "fw-deadline": "500ms", "mcu": "U585"}
	for _, tc := range []struct {
		boot             string
		hashes, verifies float64
		hashUnit         bool // the builds that answer use the HASH unit
	}{
		{"mcuboot", 1, 1, false},
		{"st-oemirot", 2, 0, true},
		{"tfm-bl2", 4, 4, false},
		{"wolfboot", 1, 1, false},
	} {
		p := workload.Params{"bootloader": tc.boot}
		for k, v := range base {
			p[k] = v
		}
		answered, offPath := 0, 0
		for _, c := range rankParams(t, ix, p).Candidates {
			usesHash := slices.Contains(c.Acceleration, bench.AccelHASH)
			if slices.Contains(c.Missing, engine.GapBootHashPath) {
				offPath++
				if usesHash == tc.hashUnit {
					t.Errorf("%s: %s is off the bootloader's path, yet hashes as it does", tc.boot, c.Key)
				}
				continue
			}
			h, okH := term(c, "sha256")
			v, okV := term(c, "ecdsa-p256-verify")
			if !okH || h.Missing {
				continue
			}
			answered++
			if usesHash != tc.hashUnit || h.Count != tc.hashes || okV != (tc.verifies > 0) || okV && v.Count != tc.verifies {
				t.Errorf("%s: %s hashes %v× (HASH unit %v), verifies %v×; want %v×, unit %v, %v×", tc.boot, c.Key, h.Count, usesHash, v.Count, tc.hashes, tc.hashUnit, tc.verifies)
			}
		}
		if answered == 0 || offPath == 0 {
			t.Errorf("%s: %d U585 rows answered, %d off the path: want some of each", tc.boot, answered, offPath)
		}
	}
}

// No bootloader is today's model exactly (the whole-data golden holds
// the rankings); a signature the bootloader does not verify is refused
// naming those it does; wolfBoot verifies ML-DSA; an update counts the
// new image's passes and decryption, and says flash time is unknown.
func TestBootloaderInputs(t *testing.T) {
	_, errs := workload.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "bootloader": "mcuboot"})
	if e := errs.ByField("bootloader"); e == nil || !strings.Contains(e.Msg, "ecdsa-p256, ecdsa-p384, ed25519, rsa-2048, rsa-3072") {
		t.Errorf("MCUboot with ML-DSA-65: %v, want a refusal naming what it supports", errs)
	}
	if _, errs := workload.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "bootloader": "wolfboot"}); len(errs) > 0 {
		t.Errorf("wolfBoot with ML-DSA-65: %v", errs)
	}
	w, errs := workload.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "boot-images": "2", "boot-update": "true"})
	if l, ok := w.Load(engine.KindFirmware); len(errs) > 0 || !ok || l.(*engine.Firmware).Images != 2 || !l.(*engine.Firmware).Update {
		t.Errorf("two images and an update without a bootloader named: %v, %+v", errs, l)
	}
	if _, errs := workload.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "bootloader": "x-cube-sbsfu", "boot-update": "true"}); errs.ByField("boot-update") == nil {
		t.Error("an update of X-CUBE-SBSFU, whose update path the source does not give, is accepted")
	}
	res := rankParams(t, index(t), workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "bootloader": "st-oemirot", "boot-update": "true", "mcu": "U585"})
	counted := 0
	for _, c := range res.Candidates {
		h, _ := term(c, "sha256")
		d, ok := term(c, "aes-128-ctr-dec")
		if !ok || d.Count != 2 || h.Count != 3 { // the other image's 1, the new image's 2
			t.Errorf("%s: an OEMiRoT update hashes %v× and decrypts %v×, want 3 and 2", c.Key, h.Count, d.Count)
		}
		counted++
	}
	if counted == 0 {
		t.Error("no U585 row for an OEMiRoT update")
	}
}

// The same part and deadline: the STM32U585's HASH unit makes ST's
// OEMiRoT (one hash per image on the unit, no verification while the
// hash reference holds) pass a 256 KiB image in 80 ms, where upstream
// MCUboot, hashing and verifying in software, passes on no build.
func TestHashUnitMakesOEMiRoTPassWhereMCUbootFails(t *testing.T) {
	ix := index(t)
	passes := func(bootloader string) int {
		n := 0
		for _, c := range rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-deadline": "80ms", "mcu": "U585", "bootloader": bootloader}).Candidates {
			if c.Verdict == engine.Pass {
				n++
			}
		}
		return n
	}
	if o, m := passes("st-oemirot"), passes("mcuboot"); o == 0 || m != 0 {
		t.Errorf("80 ms on the U585: %d OEMiRoT rows pass, %d MCUboot rows pass; want some and none", o, m)
	}
}

// On a fake catalogue (issue 59): one STM32U5 part with a HASH unit and
// two builds of a toy library, one hashing on the unit, one in software.
// At 80 ms for a 256 KiB ECDSA-signed image, ST's OEMiRoT (two images,
// each hashed on the unit, the verification skipped while the hash
// reference matches) passes on the unit's build, while upstream MCUboot
// (software SHA-256, one hash and one verification) fails on the
// software build; each build off a bootloader's path is unknown, never
// judged on figures the bootloader does not run.
func TestFakeHashUnitOEMiRoTPassesWhereMCUbootFails(t *testing.T) {
	ds := &bench.Dataset{Libraries: []bench.Library{{Name: "toy", Flag: "toy"}},
		MCUs: bench.Facts{{Part: "STM32U5TOY", Core: "Cortex-M33", MaxClockHz: 160e6, FlashBytes: 2 << 20, RAMBytes: 768 << 10, CryptoHardware: []string{bench.AccelHASH}}}}
	for _, b := range []struct {
		config string
		accel  []string
		rate   float64 // SHA-256, bytes/s
	}{{"hash unit", []string{bench.AccelHASH}, 100e6}, {"software", []string{}, 2e6}} {
		id := bench.Identity{MCU: "STM32U5TOY", Part: "STM32U5TOY", Board: "toy", Library: "toy", Config: b.config, Acceleration: b.accel, ClockHz: 160e6}
		ds.Measurements = append(ds.Measurements,
			bench.Measurement{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(b.rate), Method: "benchmark", Printed: "toy", Source: "toy"},
			bench.Measurement{Identity: id, Op: "ecdsa-p256-verify", SecondsPerOp: bench.F64(10e-3), Method: "benchmark", Printed: "10 ms", Source: "toy"})
	}
	ix := engine.NewIndex(ds)
	verdicts := func(bootloader string) map[string]engine.Verdict {
		out := map[string]engine.Verdict{}
		for _, c := range rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-deadline": "80ms", "fw-sig": "ecdsa-p256", "bootloader": bootloader}).Candidates {
			out[c.Config] = c.Verdict
		}
		return out
	}
	for _, tc := range []struct {
		bootloader string
		want       map[string]engine.Verdict
	}{
		{"st-oemirot", map[string]engine.Verdict{"hash unit": engine.Pass, "software": engine.Unknown}},
		{"mcuboot", map[string]engine.Verdict{"hash unit": engine.Unknown, "software": engine.Fail}},
		{"none", map[string]engine.Verdict{"hash unit": engine.Pass, "software": engine.Fail}},
	} {
		if got := verdicts(tc.bootloader); !maps.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.bootloader, got, tc.want)
		}
	}
}
