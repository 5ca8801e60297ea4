package engine_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
)

// A bootloader's passes become the firmware terms, and its figures are
// its own crypto's on the part, whichever build the row ranks: on the
// STM32U585 every row of upstream MCUboot, TF-M's BL2 and wolfBoot takes
// a build that hashes in software, ST's OEMiRoT one that hashes with the
// HASH unit (one hash per image, no verification while the hash
// reference holds); TF-M counts two images validated twice; wolfBoot's
// figures are wolfSSL's, MCUboot's and OEMiRoT's another library's
// (TinyCrypt and Mbed TLS publish none on the Cortex-M33), said as a
// stand-in; the
// build's footprint leaves them out.
func TestBootloaderPassesAndPaths(t *testing.T) {
	ix := index(t)
	base := workload.Params{"fw-size": "256KiB", "fw-deadline": "500ms", "mcu": "U585"}
	for _, tc := range []struct {
		boot             string
		hashes, verifies float64
		hashUnit         bool // the build the figures are taken from uses the HASH unit
		standIn          bool
	}{
		{"mcuboot", 1, 1, false, true},
		{"st-oemirot", 2, 0, true, true}, // the unit driven by wolfSSL: ST's Mbed TLS has no U585 figure
		{"tfm-bl2", 4, 4, false, true},
		{"wolfboot", 1, 1, false, false},
	} {
		p := workload.Params{"bootloader": tc.boot}
		for k, v := range base {
			p[k] = v
		}
		res := rankParams(t, ix, p)
		builds := map[string]engine.Candidate{}
		for _, c := range res.Candidates {
			builds[strings.TrimSpace(c.Library+" "+c.LibraryVersion)+" · "+c.Config] = c
		}
		taken := map[string]bool{}
		for _, c := range res.Candidates {
			h, okH := term(c, "sha256")
			v, okV := term(c, "ecdsa-p256-verify")
			if !okH || h.Missing || h.From == nil || h.From.Build == "" {
				t.Errorf("%s: %s has no bootloader's hash figure: %+v", tc.boot, c.Key, h.From)
				continue
			}
			taken[h.From.Build] = true
			from, ok := builds[h.From.Build]
			if !ok {
				t.Errorf("%s: %s takes its hash from %q, not a build of the part", tc.boot, c.Key, h.From.Build)
			} else if slices.Contains(from.Acceleration, bench.AccelHASH) != tc.hashUnit {
				t.Errorf("%s: %s hashes with %q (units %v), want the HASH unit %v", tc.boot, c.Key, h.From.Build, from.Acceleration, tc.hashUnit)
			}
			if h.Count != tc.hashes || okV != (tc.verifies > 0) || okV && v.Count != tc.verifies || h.From.StandIn != tc.standIn {
				t.Errorf("%s: %s hashes %v×, verifies %v× (stand-in %v); want %v×, %v×, %v", tc.boot, c.Key, h.Count, v.Count, h.From.StandIn, tc.hashes, tc.verifies, tc.standIn)
			}
			if tc.standIn && h.Basis != bench.Estimated {
				t.Errorf("%s: %s's stand-in hash reads %s, want estimated", tc.boot, c.Key, h.Basis)
			}
			// The bootloader's image is not the build's: its footprint
			// leaves the bootloader's operations out.
			if f := c.Footprint; f != nil && (slices.Contains(f.Ops, "sha256") || slices.Contains(f.Ops, "ecdsa-p256-verify")) {
				t.Errorf("%s: %s's footprint counts the bootloader's operations: %v", tc.boot, c.Key, f.Ops)
			}
		}
		if len(res.Candidates) == 0 || len(taken) != 1 {
			t.Errorf("%s: %d U585 rows take their hash from %d builds, want one for the whole group: %v", tc.boot, len(res.Candidates), len(taken), taken)
		}
	}
}

// No bootloader is today's model exactly (the whole-data golden holds
// the rankings); a signature the bootloader does not verify is refused
// naming those it does; wolfBoot verifies ML-DSA; an update counts the
// new image's passes and decryption, and says flash time is unknown.
func TestBootloaderInputs(t *testing.T) {
	_, errs := settingtest.Schema.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "bootloader": "mcuboot"})
	if e := errs.ByField("bootloader"); e == nil || !strings.Contains(e.Msg, "ecdsa-p256, ecdsa-p384, ed25519, rsa-2048, rsa-3072") {
		t.Errorf("MCUboot with ML-DSA-65: %v, want a refusal naming what it supports", errs)
	}
	if _, errs := settingtest.Schema.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "fw-sig": "ml-dsa-65", "bootloader": "wolfboot"}); len(errs) > 0 {
		t.Errorf("wolfBoot with ML-DSA-65: %v", errs)
	}
	w, errs := settingtest.Schema.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "boot-images": "2", "boot-update": "true"})
	if l, ok := w.Load(engine.KindFirmware); len(errs) > 0 || !ok || l.(*engine.Firmware).Images != 2 || !l.(*engine.Firmware).Update {
		t.Errorf("two images and an update without a bootloader named: %v, %+v", errs, l)
	}
	if _, errs := settingtest.Schema.Parse(workload.Params{"fw-size": "256KiB", "fw-deadline": "1s", "bootloader": "x-cube-sbsfu", "boot-update": "true"}); errs.ByField("boot-update") == nil {
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

// On a fake catalogue (issue 59): one STM32U5 part with a HASH unit, two
// builds of a toy library, one hashing on the unit, one in software, and
// a TinyCrypt build in software. At 80 ms for a 256 KiB ECDSA-signed
// image, ST's OEMiRoT (two images, each hashed on the unit, the
// verification skipped while the hash reference matches) passes, while
// upstream MCUboot (software SHA-256, one hash and one verification)
// fails. A bootloader's verdict is the part's, whichever build the row
// ranks: its crypto is its own (Answer.Along) — MCUboot's TinyCrypt's,
// OEMiRoT's the unit's.
func TestFakeHashUnitOEMiRoTPassesWhereMCUbootFails(t *testing.T) {
	ds := &bench.Dataset{Libraries: []bench.Library{{Name: "toy", Flag: "toy"}, {Name: "TinyCrypt", Flag: "tinycrypt"}},
		MCUs: bench.Facts{{Part: "STM32U5TOY", Core: "Cortex-M33", MaxClockHz: 160e6, FlashBytes: 2 << 20, RAMBytes: 768 << 10, CryptoHardware: []string{bench.AccelHASH}}},
		Groups: []bench.PartGroup{{Key: "u5toy", Name: "STM32U5TOY", Family: "STM32U5", Cores: []string{"Cortex-M33"}, MaxClockHz: 160e6,
			Units: []bench.CryptoUnit{{Name: bench.AccelHASH}}, Members: []bench.PartMember{{Part: "STM32U5TOY", FlashBytes: 2 << 20, RAMBytes: 768 << 10}}}}}
	for _, b := range []struct {
		lib, config string
		accel       []string
		rate        float64 // SHA-256, bytes/s
	}{{"toy", "hash unit", []string{bench.AccelHASH}, 100e6}, {"toy", "software", []string{}, 2e6}, {"TinyCrypt", "tinycrypt", []string{}, 1e6}} {
		id := bench.Identity{MCU: "STM32U5TOY", Part: "STM32U5TOY", Board: "toy", Library: b.lib, Config: b.config, Acceleration: b.accel, ClockHz: 160e6}
		ds.Measurements = append(ds.Measurements,
			bench.Measurement{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(b.rate), Method: "benchmark", Printed: "toy", Source: "toy"},
			bench.Measurement{Identity: id, Op: "ecdsa-p256-verify", SecondsPerOp: bench.F64(10e-3), Method: "benchmark", Printed: "10 ms", Source: "toy"})
	}
	ix := engine.NewIndex(ds)
	verdicts := func(bootloader, wantFrom string, standIn bool) map[string]engine.Verdict {
		out := map[string]engine.Verdict{}
		for _, c := range rankParams(t, ix, workload.Params{"fw-size": "256KiB", "fw-deadline": "80ms", "fw-sig": "ecdsa-p256", "bootloader": bootloader}).Candidates {
			out[c.Config] = c.Verdict
			if h, _ := term(c, "sha256"); wantFrom != "" && (h.From == nil || !strings.HasPrefix(h.From.Build, wantFrom) || h.From.StandIn != standIn) {
				t.Errorf("%s: %s hashes with %+v, want %s's (stand-in %v)", bootloader, c.Config, h.From, wantFrom, standIn)
			}
		}
		return out
	}
	for _, tc := range []struct {
		bootloader, from string
		standIn          bool // the toy library drives the unit, not ST's Mbed TLS
		want             map[string]engine.Verdict
	}{
		{"st-oemirot", "toy · hash unit", true, map[string]engine.Verdict{"hash unit": engine.Pass, "software": engine.Pass, "tinycrypt": engine.Pass}},
		{"mcuboot", "TinyCrypt", false, map[string]engine.Verdict{"hash unit": engine.Fail, "software": engine.Fail, "tinycrypt": engine.Fail}},
		{"none", "", false, map[string]engine.Verdict{"hash unit": engine.Pass, "software": engine.Fail, "tinycrypt": engine.Fail}},
	} {
		if got := verdicts(tc.bootloader, tc.from, tc.standIn); !maps.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.bootloader, got, tc.want)
		}
	}
}
