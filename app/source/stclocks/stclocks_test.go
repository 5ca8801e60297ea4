package stclocks

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
)

// A row of our own in the document's form (not ST's words): its lines,
// clock and citation are read; a row without a citation is an error
// naming its line.
func TestParseInline(t *testing.T) {
	text := "# title\n\n## Maximum CPU clock per line\n\n| lines | max CPU clock | citation (the figure) | coverage (the lines) | ST's sources that disagree |\n|---|---|---|---|---|\n" +
		"| STM32X100, X101 (Cortex-M0+) | **48 MHz** (range 1) | Acme/x-driver@" + strings.Repeat("a", 40) + " `Src/x.c` line 7: `MAX 48000000U` | notes | none |\n" +
		"| STM32X200, X201: the **Cortex-M4** core | **240 MHz** | Acme/y-driver@" + strings.Repeat("b", 40) + " `Src/y.c` line 9: \"HCLK is 240 MHz.\" | notes | a comment says 200 |\n" +
		"| STM32X300 (Cortex-M33) | **96 MHz** | no citation | notes | none |\n\n## Next\n| a | b | c | d | e |\n"
	clocks, errs := Parse("x.md", text)
	if len(errs) != 1 || errs[0].Pos.Line != 9 || !strings.Contains(errs[0].Msg, "citation") {
		t.Fatalf("errors %v, want the third row's citation (line 9)", errs)
	}
	if len(clocks) != 2 {
		t.Fatalf("%d rows, want 2", len(clocks))
	}
	a, b := clocks[0], clocks[1]
	if strings.Join(a.Lines, ",") != "STM32X100,STM32X101" || a.Core != "" || a.Hz != 48e6 || a.Cite.Line != 7 || a.Cite.File != "Src/x.c" || a.Cite.Says != "MAX 48000000U" || a.Pos.Line != 7 {
		t.Errorf("first row %+v", a)
	}
	if strings.Join(b.Lines, ",") != "STM32X200,STM32X201" || b.Core != "Cortex-M4" || b.Hz != 240e6 || b.Disagree != "a comment says 200" {
		t.Errorf("second row %+v", b)
	}
	if got := a.Cite.URL(); got != "https://github.com/Acme/x-driver/blob/"+strings.Repeat("a", 40)+"/Src/x.c#L7" {
		t.Errorf("URL %s", got)
	}
	if c, ok := For(clocks, "STM32X101C6Tx", ""); !ok || c.Hz != 48e6 {
		t.Errorf("For X101: %+v %v", c, ok)
	}
	if _, ok := For(clocks, "STM32X200BGTx", ""); ok {
		t.Error("a second core's clock given to the main core")
	}
}

// Every row of the real document reads, and each clock is the figure its
// cited text states (the constant in Hz or the sentence in MHz).
func TestEveryCuratedClockIsItsCitation(t *testing.T) {
	b, err := os.ReadFile(thirdparty.Path(t, File))
	if err != nil {
		t.Fatal(err)
	}
	clocks, errs := Parse(File, string(b))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(clocks) < 9 {
		t.Errorf("%d rows, the document has 9", len(clocks))
	}
	for _, c := range append(clocks, Curated...) {
		if c.Cite.Repo == "" || len(c.Cite.Commit) != 40 || c.Cite.File == "" || c.Cite.Line <= 0 || len(c.Lines) == 0 {
			t.Errorf("%s: incomplete citation %+v", c.Pos, c.Cite)
		}
		hz, mhz := strconv.FormatInt(c.Hz, 10), strconv.FormatInt(c.Hz/1_000_000, 10)
		if !strings.Contains(c.Cite.Says, hz) && !strings.Contains(c.Cite.Says, mhz+" MHz") && !strings.Contains(c.Cite.Says, mhz+"MHz") {
			t.Errorf("%s: %d Hz, but the cited text says %q", c.Pos, c.Hz, c.Cite.Says)
		}
	}
}

// The F4 CRYP table of the real document: GCM and CCM on F437, F439 and
// F479, not on F415 and F417, each row with a link to ST's header.
func TestF4CRYPModes(t *testing.T) {
	b, err := os.ReadFile(thirdparty.Path(t, File))
	if err != nil {
		t.Fatal(err)
	}
	modes, errs := ParseModes(File, string(b))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]bool{}
	for _, m := range modes {
		for _, l := range m.Lines {
			got[l] = m.GCMCCM
		}
		if !strings.HasPrefix(m.URL, "https://github.com/STMicroelectronics/cmsis-device-f4/blob/") {
			t.Errorf("%s: link %q", m.Pos, m.URL)
		}
	}
	want := map[string]bool{"STM32F437": true, "STM32F439": true, "STM32F479": true, "STM32F415": false, "STM32F417": false}
	for l, w := range want {
		if g, ok := got[l]; !ok || g != w {
			t.Errorf("%s: GCM/CCM %v (%v), want %v", l, g, ok, w)
		}
	}
}
