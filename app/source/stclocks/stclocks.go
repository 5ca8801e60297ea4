// Package stclocks reads the maximum CPU clocks that ST's part files
// leave out, each cited to the line of ST's own driver code that states
// it (../shared/sources/stm32-max-clocks.md, "Maximum CPU clock per
// line"), and gives them to the part numbers of those lines. A clock
// ST's part files state is never replaced. It does no I/O.
package stclocks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// File is the document's name in the third-party sources folder.
const File = "stm32-max-clocks.md"

// Clock is one row: the lines it covers (part-number prefixes such as
// STM32U545), the core it is for ("" for a single-core line, else the
// second core of a dual-core part), the clock and where ST states it.
type Clock struct {
	Lines []string `json:"lines"`
	Core  string   `json:"core,omitempty"`
	Hz    int64    `json:"hz"`
	Cite  Cite     `json:"cite"`
	// Disagree is what ST's other sources say, as the document puts it
	// ("none" when nothing disagrees).
	Disagree string    `json:"disagree"`
	Pos      bench.Pos `json:"pos"`
}

// Cite is the line of ST's code or text that states a clock.
type Cite struct {
	Repo   string `json:"repo"` // STMicroelectronics/stm32u5xx-hal-driver
	Commit string `json:"commit"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Says   string `json:"says"` // the quoted constant or sentence
}

// URL is the cited line's public address.
func (c Cite) URL() string {
	return "https://github.com/" + c.Repo + "/blob/" + c.Commit + "/" + c.File + "#L" + strconv.Itoa(c.Line)
}

// Label names the citation in a few words: "ST's driver
// stm32u5xx-hal-driver, Src/stm32u5xx_ll_utils.c line 44".
func (c Cite) Label() string {
	return "ST's driver " + c.Repo[strings.LastIndexByte(c.Repo, '/')+1:] + ", " + c.File + " line " + strconv.Itoa(c.Line)
}

var (
	citeRe  = regexp.MustCompile("([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@([0-9a-f]{40}) `([^`]+)` line (\\d+): (`[^`]+`|\"[^\"]+\")")
	clockRe = regexp.MustCompile(`^\*\*(\d+) MHz\*\*`)
	coreRe  = regexp.MustCompile(`the \*\*(Cortex-M\w+)\*\* core`)
)

// Parse reads the table "Maximum CPU clock per line" of the document
// (file names it in positions). Every row must give its lines, a clock
// and a citation with repository, commit, file and line.
func Parse(file, text string) ([]Clock, bench.ErrorList) {
	var out []Clock
	var errs bench.ErrorList
	in := false
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			in = strings.HasPrefix(line, "## Maximum CPU clock per line")
			continue
		case !in:
			continue
		}
		cells := source.Cells(line)
		if len(cells) != 5 || cells[0] == "lines" || strings.HasPrefix(cells[0], "---") {
			continue
		}
		pos := bench.Pos{File: file, Line: i + 1}
		c, err := row(cells, pos)
		if err != nil {
			err.Text = line
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	if len(out) == 0 && len(errs) == 0 {
		errs = append(errs, &bench.Error{Pos: bench.Pos{File: file}, Msg: "no row in the table \"Maximum CPU clock per line\""})
	}
	return out, errs
}

// row reads one table row.
func row(cells []string, pos bench.Pos) (Clock, *bench.Error) {
	fail := func(format string, a ...any) (Clock, *bench.Error) {
		return Clock{}, &bench.Error{Pos: pos, Msg: fmt.Sprintf(format, a...)}
	}
	c := Clock{Pos: pos, Disagree: cells[4]}
	head, _, _ := strings.Cut(cells[0], "(")
	head, _, _ = strings.Cut(head, ":")
	for _, name := range strings.Split(head, ",") {
		name = strings.TrimSpace(name)
		if !strings.HasPrefix(name, "STM32") {
			name = "STM32" + name
		}
		if len(name) < 8 {
			return fail("line %q is not a part-number prefix", name)
		}
		c.Lines = append(c.Lines, name)
	}
	if m := coreRe.FindStringSubmatch(cells[0]); m != nil {
		c.Core = m[1]
	}
	m := clockRe.FindStringSubmatch(cells[1])
	if m == nil {
		return fail("clock %q: want **N MHz**", cells[1])
	}
	mhz, err := strconv.Atoi(m[1])
	if err != nil || mhz <= 0 {
		return fail("clock %q", cells[1])
	}
	c.Hz = int64(mhz) * 1_000_000
	cm := citeRe.FindStringSubmatch(cells[2])
	if cm == nil {
		return fail("citation %q: want owner/repo@commit `file` line N: `text`", cells[2])
	}
	n, err := strconv.Atoi(cm[4])
	if err != nil {
		return fail("citation line %q", cm[4])
	}
	c.Cite = Cite{Repo: cm[1], Commit: cm[2], File: cm[3], Line: n, Says: strings.Trim(cm[5], "`\"")}
	return c, nil
}

// For is the curated clock of a part number for its core ("" for its
// main core); ok is false when no row covers it.
func For(clocks []Clock, part, core string) (Clock, bool) {
	for _, c := range clocks {
		if c.Core != core {
			continue
		}
		for _, l := range c.Lines {
			if strings.HasPrefix(part, l) {
				return c, true
			}
		}
	}
	return Clock{}, false
}

// Modes is a row of the table "What the F4 CRYP unit can do, per line":
// whether the CRYP unit of those lines does AES-GCM (and GMAC) and
// AES-CCM, and where ST's headers say so.
type Modes struct {
	Lines  []string  `json:"lines"`
	GCMCCM bool      `json:"gcm_ccm"`
	Cite   string    `json:"cite"` // the citation cell, as the document words it
	URL    string    `json:"url"`  // its first cited file and line
	Pos    bench.Pos `json:"pos"`
}

var (
	repoRe = regexp.MustCompile(`([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@([0-9a-f]{40})`)
	fileRe = regexp.MustCompile("`([^`]+\\.h)`")
	lineRe = regexp.MustCompile(`\blines? (\d+)`)
)

// ParseModes reads the table "What the F4 CRYP unit can do, per line":
// the rows that name lines (the driver's own row is a note, skipped).
func ParseModes(file, text string) ([]Modes, bench.ErrorList) {
	var out []Modes
	var errs bench.ErrorList
	in := false
	repo := ""
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## What the F4 CRYP unit can do")
			continue
		}
		cells := source.Cells(line)
		if !in || len(cells) != 3 || !strings.HasPrefix(cells[0], "STM32") {
			continue
		}
		m := Modes{Pos: bench.Pos{File: file, Line: i + 1}, Cite: cells[2]}
		for _, name := range strings.Split(cells[0], ",") {
			name = strings.TrimSpace(name)
			if !strings.HasPrefix(name, "STM32") {
				name = "STM32" + name
			}
			m.Lines = append(m.Lines, name)
		}
		switch {
		case strings.HasPrefix(cells[1], "yes"):
			m.GCMCCM = true
		case strings.HasPrefix(cells[1], "no"):
		default:
			errs = append(errs, &bench.Error{Pos: m.Pos, Text: line, Msg: "want yes or no"})
			continue
		}
		// A row may cite "the same repository's" header by its name:
		// the repository and folder of the row before.
		if r := repoRe.FindStringSubmatch(cells[2]); r != nil {
			repo = r[1] + "/blob/" + r[2] + "/"
		}
		if f, n := fileRe.FindStringSubmatch(cells[2]), lineRe.FindStringSubmatch(cells[2]); repo != "" && f != nil && n != nil {
			path := f[1]
			if !strings.Contains(path, "/") {
				path = "Include/" + path
			}
			m.URL = "https://github.com/" + repo + path + "#L" + n[1]
		}
		out = append(out, m)
	}
	if len(out) == 0 && len(errs) == 0 {
		errs = append(errs, &bench.Error{Pos: bench.Pos{File: file}, Msg: "no row in the table \"What the F4 CRYP unit can do, per line\""})
	}
	return out, errs
}
