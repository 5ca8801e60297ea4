package baretest

import (
	"strconv"
	"strings"
)

// row is one table row: its cells (trimmed, backquotes dropped) and its
// README line.
type row struct {
	cells []string
	cols  []int // each cell's 1-based byte column in its line
	line  int
}

// table is a markdown table found by its header: the header's cells and
// the rows below it, up to the first line that is not a table row.
type table struct {
	header []string
	line   int // the header's README line
	rows   []row
}

// readme is the README as lines, with what README line the first of
// them is (the restatement puts a header above it).
type readme struct {
	lines  []string
	offset int // file line = README line + offset
}

// newReadme splits the restatement's text. The header comment ends with
// "-->" on its own line; README line 1 is the line after it. Without the
// comment (a test's own README) README line 1 is the first line.
func newReadme(text string) readme {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "-->" {
			return readme{lines: lines, offset: i + 1}
		}
		if i > 200 {
			break
		}
	}
	return readme{lines: lines}
}

// readmeLine is the README line of a file index (0-based).
func (r readme) readmeLine(i int) int { return i + 1 - r.offset }

// cells splits a table line; ok is false for a line that is not one.
func cells(l string) ([]string, bool) {
	c, _, ok := cellsAt(l)
	return c, ok
}

// cellsAt splits a table line and gives each cell's 1-based byte column
// (its first non-blank byte).
func cellsAt(line string) ([]string, []int, bool) {
	l := strings.TrimRight(line, " \t\r")
	lead := len(line) - len(strings.TrimLeft(line, " \t"))
	l = l[lead:]
	if !strings.HasPrefix(l, "|") || !strings.HasSuffix(l, "|") || len(l) < 2 {
		return nil, nil, false
	}
	var out []string
	var cols []int
	start := lead + 1
	for _, p := range strings.Split(l[1:len(l)-1], "|") {
		blank := len(p) - len(strings.TrimLeft(p, " "))
		out = append(out, strings.TrimSpace(strings.ReplaceAll(p, "`", "")))
		cols = append(cols, start+blank+1)
		start += len(p) + 1
	}
	return out, cols, true
}

// find returns the first table whose header's first cells are want
// (case-sensitive, after trimming), at or after the README line from.
func (r readme) find(from int, want ...string) (table, bool) {
	for i := max(0, from-1+r.offset); i < len(r.lines); i++ {
		h, ok := cells(r.lines[i])
		if !ok || len(h) < len(want) {
			continue
		}
		match := true
		for j, w := range want {
			if h[j] != w {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		t := table{header: h, line: r.readmeLine(i)}
		for k := i + 1; k < len(r.lines); k++ {
			c, cols, ok := cellsAt(r.lines[k])
			if !ok {
				break
			}
			if strings.HasPrefix(strings.ReplaceAll(c[0], " ", ""), "---") || strings.Trim(c[0], "-: ") == "" && strings.Contains(c[0], "-") {
				continue // the separator row
			}
			t.rows = append(t.rows, row{cells: c, cols: cols, line: r.readmeLine(k)})
		}
		return t, true
	}
	return table{}, false
}

// number reads a cell's figure: "11.45", "**11.401 MiB/s**", "1,315 ms",
// " 9.5". ok is false for "-", "skipped" and other words.
func number(cell string) (float64, bool) {
	c := strings.Trim(cell, "* ")
	c = strings.ReplaceAll(c, ",", "")
	if f := strings.Fields(c); len(f) > 0 {
		c = f[0]
	}
	v, err := strconv.ParseFloat(c, 64)
	if err != nil || v <= 0 {
		return 0, false
	}
	return v, true
}

// mhz reads "480 MHz" or "480".
func mhz(cell string) (int64, bool) {
	v, ok := number(strings.TrimSuffix(strings.TrimSpace(cell), "MHz"))
	if !ok || v != float64(int64(v)) {
		return 0, false
	}
	return int64(v), true
}
