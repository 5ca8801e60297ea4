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
