package wolfcrypt

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// dump writes a parsed page as text, one line per section, build and
// run, and the operations each run read, for golden files a reviewer can
// read.
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
				// Each figure, converted, with its place, is data/dataset.json's
				// (checked against the seeds): here, which operations a run
				// read, in order.
				ops := make([]string, len(r.Results))
				for i, x := range r.Results {
					ops[i] = x.Op
				}
				fmt.Fprintf(&b, "      %d results: %s\n", len(ops), strings.Join(ops, " "))
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
