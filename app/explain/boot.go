package explain

import (
	"fmt"

	"cryptosizer/app/boot"
	"cryptosizer/app/engine"
)

// Boot says a firmware load's bootloader: its images, the passes each
// takes and, for an update boot, the new image's passes, its decryption
// and the flash operations per sector, each with the line of
// secure-boot-policies.md that states it ("" without a bootloader).
func Boot(f *engine.Firmware) string {
	b := boot.For(f.Boot)
	if b.Name == boot.None && f.Images <= 1 && !f.Update {
		return ""
	}
	s := fmt.Sprintf("; bootloader %s: %d image(s) of this size, each hashed %s× and verified %s× per boot",
		b.Title, max(f.Images, 1), Number(b.Hashes), Number(b.Verifies))
	if f.Update {
		s += fmt.Sprintf("; update boot: the new image hashed %s×, verified %s×", Number(b.UpdateHashes), Number(b.UpdateVerifies))
		if b.Decrypts > 0 {
			s += fmt.Sprintf(", decrypted %s× (AES-CTR)", Number(b.Decrypts))
		}
		if b.Strategy != "" {
			s += fmt.Sprintf("; flash per image sector (%s): %d erase(s) + %d program(s)", b.Strategy, b.Erases, b.Programs)
		}
		s += " — flash time unknown: no STM32 erase or program time is in the data (take it from the part's datasheet)"
	}
	if b.Library == "" {
		return s
	}
	return s + "; crypto: " + b.Library
}

// BootSources are the lines of secure-boot-policies.md the firmware
// load's bootloader rests on, one per fact ("line 39: 1 hash and 1
// verification per image …"); none without a bootloader.
func BootSources(f *engine.Firmware) []string {
	b, ok := boot.Of(f.Boot)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(b.Cites))
	for _, c := range b.Cites {
		out = append(out, fmt.Sprintf("secure-boot-policies.md line %d: %s", c.Line, c.What))
	}
	return out
}
