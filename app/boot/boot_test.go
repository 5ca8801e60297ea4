package boot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cryptosizer/app/boot"
	"cryptosizer/app/internal/thirdparty"
)

// Each bootloader's passes, images and paths, as secure-boot-policies.md
// states them: the table here is the reading, and each cited line of the
// shared file must say what the citation claims (its key words).
func TestBootloadersAgainstTheSource(t *testing.T) {
	for _, tc := range []struct {
		name             string
		hashes, verifies float64
		images           int
		hash, verifyOnU5 boot.Path
		line             int
		words            string
	}{
		{"mcuboot", 1, 1, 1, boot.Software, boot.Software, 39, "VALIDATE_PRIMARY_SLOT` | 1 per image | 1 per image"},
		{"mcuboot-bootstrap", 2, 2, 1, boot.Software, boot.Software, 41, "BOOTSTRAP` (upstream) | +1 per image | +1 per image"},
		{"mcuboot-once", 0, 0, 1, boot.Software, boot.Software, 42, "1 on first boot, then 0"},
		{"tfm-bl2", 2, 2, 2, boot.Software, boot.Software, 67, "validate each primary twice per boot"},
		{"st-oemirot", 1, 0, 2, boot.Unit, boot.Software, 43, "USE_HASH_REF` (ST default) | 1 per image | 0 when the hash equals"},
		{"st-sbsfu", 1, 0, 2, boot.Unit, boot.Unit, 129, "PKA (`ECDSA_VERIFY_ALT`"},
		{"x-cube-sbsfu", 1, 2, 1, boot.Software, boot.Software, 47, "| 1 | 2 header authentications"},
		{"wolfboot", 1, 1, 1, boot.Software, boot.Software, 49, "| wolfBoot | 1 | 1 |"},
	} {
		b, ok := boot.Of(tc.name)
		if !ok {
			t.Errorf("%s: not a bootloader", tc.name)
			continue
		}
		if b.Hashes != tc.hashes || b.Verifies != tc.verifies || b.Images != tc.images || b.Hash != tc.hash || path(b, "U5") != tc.verifyOnU5 {
			t.Errorf("%s: %v hashes, %v verifies, %d images, hash %q, verify on U5 %q; want %v, %v, %d, %q, %q",
				tc.name, b.Hashes, b.Verifies, b.Images, b.Hash, path(b, "U5"), tc.hashes, tc.verifies, tc.images, tc.hash, tc.verifyOnU5)
		}
		if !strings.Contains(line(t, tc.line), tc.words) {
			t.Errorf("%s: line %d of %s does not say %q", tc.name, tc.line, boot.File, tc.words)
		}
		if !cites(b, tc.line) {
			t.Errorf("%s: its facts do not cite line %d", tc.name, tc.line)
		}
	}
	if b, _ := boot.Of("st-oemirot"); path(b, "WBA") != boot.Unit || path(b, "H5") != boot.Software {
		t.Error("ST OEMiRoT verifies with the PKA on the WBA65 and H7RS and in software on the H5 (lines 127-128)")
	}
}

// path is how b verifies ECDSA on a part of series with a PKA.
func path(b boot.Bootloader, series string) boot.Path {
	if b.Route(boot.RoleVerify, "ecdsa-p256").Runs(series, true) {
		return boot.Unit
	}
	return boot.Software
}

// Every citation points at a line of the file that exists and is not
// blank, and every bootloader supports what its signature line names.
func TestEveryCitationIsALine(t *testing.T) {
	for _, b := range boot.Bootloaders {
		if len(b.Cites) == 0 || len(b.Sigs) == 0 || len(b.HashAlgs) == 0 {
			t.Errorf("%s: no citation, signature or hash", b.Name)
		}
		for _, c := range b.Cites {
			if strings.TrimSpace(line(t, c.Line)) == "" {
				t.Errorf("%s: %q cites line %d, which is blank", b.Name, c.What, c.Line)
			}
		}
	}
	if b, _ := boot.Of("wolfboot"); !b.Supports("ml-dsa-65") || !strings.Contains(line(t, 180), "ML-DSA-44/65/87") {
		t.Error("wolfBoot supports ML-DSA (line 180)")
	}
	if b, _ := boot.Of("mcuboot"); b.Supports("ml-dsa-65") || !strings.Contains(line(t, 173), "none merged") {
		t.Error("upstream MCUboot has no post-quantum signature merged (line 173)")
	}
}

func cites(b boot.Bootloader, n int) bool {
	for _, c := range b.Cites {
		if c.Line == n {
			return true
		}
	}
	return false
}

var lines []string

func line(t *testing.T, n int) string {
	t.Helper()
	if lines == nil {
		b, err := os.ReadFile(filepath.Clean(thirdparty.Path(t, boot.File)))
		if err != nil {
			t.Fatal(err)
		}
		lines = strings.Split(string(b), "\n")
	}
	if n < 1 || n > len(lines) {
		t.Fatalf("line %d is outside %s (%d lines)", n, boot.File, len(lines))
	}
	return lines[n-1]
}

// A bootloader that ships for some series only answers there alone;
// MCUboot and wolfBoot ship for any. A route runs on the part's unit
// only where the bootloader takes it, on a series it takes it on, and
// the part has it; ML-DSA runs in software on any part; each route's
// libraries are the bootloader's own (secure-boot-policies.md §3).
func TestShipsAndRoutes(t *testing.T) {
	for _, tc := range []struct {
		boot, series string
		ships        bool
	}{
		{"st-oemirot", "F4", false}, {"st-oemirot", "U5", true}, {"st-sbsfu", "H5", false},
		{"tfm-bl2", "F4", false}, {"mcuboot", "F4", true}, {"wolfboot", "G0", true},
	} {
		if b, _ := boot.Of(tc.boot); b.Ships(tc.series) != tc.ships {
			t.Errorf("%s ships for %s: %v, want %v", tc.boot, tc.series, !tc.ships, tc.ships)
		}
	}
	for _, tc := range []struct {
		boot   string
		role   boot.Role
		sig    string
		series string
		has    bool
		unit   bool
		lib    string
	}{
		{"st-oemirot", boot.RoleHash, "ecdsa-p256", "U5", true, true, "Mbed TLS"},
		{"st-oemirot", boot.RoleHash, "ecdsa-p256", "U5", false, false, "Mbed TLS"}, // a part without the unit: software
		{"st-oemirot", boot.RoleDecrypt, "ecdsa-p256", "H5", true, false, "Mbed TLS"},
		{"st-oemirot", boot.RoleDecrypt, "ecdsa-p256", "WBA", true, true, "Mbed TLS"},
		{"st-sbsfu", boot.RoleVerify, "ecdsa-p256", "U5", true, true, "Mbed TLS"},
		{"mcuboot", boot.RoleHash, "ecdsa-p256", "U5", true, false, "TinyCrypt"},
		{"x-cube-sbsfu", boot.RoleVerify, "ecdsa-p256", "F4", false, false, "ST cryptographic library v3"},
		{"wolfboot", boot.RoleVerify, "ml-dsa-65", "U5", true, false, "wolfSSL"},
		{"mcuboot", boot.RoleVerify, "rsa-2048", "F4", false, false, "Mbed TLS"}, // line 125: RSA on Mbed TLS
	} {
		b, _ := boot.Of(tc.boot)
		r := b.Route(tc.role, tc.sig)
		if r.Runs(tc.series, tc.has) != tc.unit || len(r.Libs) == 0 || r.Libs[0] != tc.lib {
			t.Errorf("%s role %d on %s (unit %v): on the unit %v, libraries %v; want %v, %s first", tc.boot, tc.role, tc.series, tc.has, !tc.unit, r.Libs, tc.unit, tc.lib)
		}
	}
	if boot.Named(boot.None).Route(boot.RoleHash, "ecdsa-p256") != nil {
		t.Error("no bootloader has a route: the build's own figures answer")
	}
	if b, _ := boot.Of("st-oemirot"); !strings.Contains(line(t, b.SeriesLine), "H5 OEMiROT") {
		t.Errorf("st-oemirot's series line %d does not name the H5", b.SeriesLine)
	}
}
