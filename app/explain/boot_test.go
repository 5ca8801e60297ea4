package explain

import (
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/boot"
	"cryptosizer/app/engine"
)

// A bootloader's details name every fact it rests on with its line of
// secure-boot-policies.md; no bootloader, no such line.
func TestBootSourcesCiteEveryFact(t *testing.T) {
	for _, b := range boot.Bootloaders {
		got := BootSources(&engine.Firmware{Boot: b.Name})
		if len(got) != len(b.Cites) || len(got) == 0 {
			t.Fatalf("%s: %d lines for %d facts", b.Name, len(got), len(b.Cites))
		}
		for i, c := range b.Cites {
			if want := "secure-boot-policies.md line " + strconv.Itoa(c.Line) + ": " + c.What; got[i] != want {
				t.Errorf("%s: %q, want %q", b.Name, got[i], want)
			}
		}
	}
	if got := BootSources(&engine.Firmware{Boot: boot.None}); got != nil {
		t.Errorf("no bootloader: %q", got)
	}
	if !strings.Contains(strings.Join(BootSources(&engine.Firmware{Boot: "st-oemirot"}), "\n"), "MCUBOOT_USE_HASH_REF") {
		t.Error("OEMiRoT's hash reference is not cited")
	}
}

// A bootloader's figure says whose it is: the build of the part it is
// taken from, and, for a stand-in, that none of the bootloader's own
// libraries publishes it; the build's own figure says neither.
func TestBootFigureSaysWhoseItIs(t *testing.T) {
	at := engine.From{Document: "STM32_Bare_Test/README.md", Line: 575, Part: "STM32U585AI", ClockHz: 96e6, Printed: "1.247 MiB/s"}
	own, theirs, standIn := at, at, at
	theirs.Build = "wolfSSL · Bare_Test c"
	standIn.Build, standIn.StandIn = "wolfSSL · Bare_Test c", true
	standIn.OfBuilds, standIn.FastestBuild, standIn.TimesFastest = 3, "wolfSSL · Bare_Test asm", 10.56
	for _, tc := range []struct {
		from     engine.From
		want     []string
		wantNone []string
	}{
		{own, []string{"STM32_Bare_Test/README.md"}, []string{"bootloader", "stand"}},
		{theirs, []string{"the bootloader's own crypto, not this build's: the wolfSSL · Bare_Test c build, the bootloader's library", "the one build of it", "README.md"}, []string{"another library", "slowest"}},
		{standIn, []string{"the wolfSSL · Bare_Test c build, another library: none of the bootloader's publishes it on this part",
			"the slowest of its 3 builds", "the fastest, wolfSSL · Bare_Test asm, takes ÷ 10.56"}, nil},
	} {
		got := From(engine.Term{Op: "sha256", Basis: "estimated", From: &tc.from})
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%+v: %q lacks %q", tc.from, got, w)
			}
		}
		for _, w := range tc.wantNone {
			if strings.Contains(got, w) {
				t.Errorf("%+v: %q says %q", tc.from, got, w)
			}
		}
	}
}
