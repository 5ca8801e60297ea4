package cmox

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"cryptosizer/app/internal/golden"
)

// dump writes a parsed page as text: its set-up, its tables and one line
// per row, for golden files a reviewer can read.
func dump(p *Page, errs []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "mcu=%q board=%q version=%q (cell %q) clock=%q (%d Hz)\n", p.MCU, p.Board, p.Version, p.VerRaw, p.Clock, p.ClockHz)
	for _, t := range p.Tables {
		fmt.Fprintf(&b, "table %s method=%q rows=%d @%s\n", tableName[t.Kind], t.Method, t.Rows, t.Pos)
	}
	for _, r := range p.Rows {
		fmt.Fprintf(&b, "%d: %s %s config=%q", r.Pos.Line, r.Op, r.Method, r.Config)
		if r.MessageBytes != 0 || r.ChunkBytes != 0 {
			fmt.Fprintf(&b, " message=%d chunk=%d", r.MessageBytes, r.ChunkBytes)
		}
		switch {
		case r.Sizes != nil:
			fmt.Fprintf(&b, " sizes=%v", r.Sizes)
		case len(r.Missing) > 0:
			fmt.Fprintf(&b, " missing=%q", r.Missing)
		default:
			fmt.Fprintf(&b, " cycles=%d printed=%g %s", r.Cycles, r.Printed, r.PrintedUnit)
		}
		b.WriteByte('\n')
	}
	for _, e := range errs {
		fmt.Fprintf(&b, "error %s\n", e)
	}
	return []byte(b.String())
}

// TestSeedGolden parses every CMOX seed and compares the result with
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
