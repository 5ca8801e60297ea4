// Package parts embeds the part catalogue derived from ST's part
// database (STM32_open_pin_data; see parts.json's "source" for the
// commit and the license, BSD-3-Clause, which travels with it).
// Regenerate it with `./build.sh data` where ../shared/sources is
// present; a test fails when it is stale. Only the CLI embeds it: the
// web app's download does not carry it.
package parts

import (
	_ "embed"

	"cryptosizer/app/source/stparts"
)

//go:embed parts.json
var raw []byte

// Catalogue reads the embedded catalogue.
func Catalogue() (stparts.Catalogue, error) { return stparts.Decode(raw) }
