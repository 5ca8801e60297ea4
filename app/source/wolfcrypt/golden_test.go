package wolfcrypt

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// dump writes a parsed page as text, one line per section, build, run
// and result, for golden files a reviewer can read.
func dump(p *Page, errs []string) []byte {
	var b strings.Builder
	for _, s := range p.Sections {
		fmt.Fprintf(&b, "section %q board=%q core=%q clock=%q (%d Hz) supports=%q @%s\n", s.MCU, s.Board, s.Core, s.Clock, s.ClockHz, s.Supports, s.Pos)
		for _, c := range s.Configs {
			fmt.Fprintf(&b, "  build %q options=%q @%s\n", c.Label, c.BuildOptions, c.Pos)
			for _, r := range c.Runs {
				fmt.Fprintf(&b, "    run version=%q block=%d caption=%q @%s\n", r.Version, r.BlockBytes, r.Caption, r.Pos)
				switch {
				case r.Base == 1000 || r.BaseDoubt:
					fmt.Fprintf(&b, "    base %d doubt=%t: %s\n", r.Base, r.BaseDoubt, r.BaseWhy)
				case r.Base != 0:
					fmt.Fprintf(&b, "    base %d\n", r.Base) // the usual reading; units_test checks the words
				}
				for _, x := range r.Results {
					fig := strconv.FormatFloat(x.BytesPerSecond, 'f', -1, 64) + " B/s"
					if x.SecondsPerOp > 0 {
						fig = strconv.FormatFloat(x.SecondsPerOp, 'g', -1, 64) + " s/op"
					}
					fmt.Fprintf(&b, "      %s %-22s %s (%s) @%d:%d\n", x.Name, x.Op, fig, x.Printed, x.Pos.Line, x.Pos.Col)
				}
			}
		}
	}
	for _, e := range errs {
		fmt.Fprintf(&b, "error %s\n", e)
	}
	return []byte(b.String())
}

// TestSeedGolden parses every wolfSSL seed and compares the result with
// testdata/golden/<seed>.golden (go test ./... -update rewrites them).
func TestSeedGolden(t *testing.T) {
	for _, seed := range golden.Seeds(t, "../../../seeds", Source{}.Seed) {
		p, errs := Parse(seed.Name, seed.Text)
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		golden.Check(t, filepath.Join("testdata", "golden", seed.Name+".golden"), dump(p, msgs))
	}
}
