package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// The ranking table is written as HTML text and drawn with one DOM
// operation (TableView: one innerHTML, or, for a keystroke, the table its
// handler had the browser parse, moved in by the frame:
// browser.PrepareTable): a keystroke changes most of its rows (a new
// rate moves candidates between verdicts), and go-app patched them node
// by node, a few calls into JavaScript per cell (~0.4 ms a row, most of
// a keystroke's render; the first mount of ~400 elements likewise).
// Writing only the cells and rows that changed was tried (issue 42):
// each DOM write costs ~0.1 ms of the frame whatever its size, so a
// keystroke's ~20 writes cost what the one innerHTML does. Every value
// is escaped. Clicks and keys are handled once, on the table's box
// (tableClick, tableKeyDown), from the element hit; focus in the table
// survives a redraw (TableView.draw).

// tableHTML is the ranking table. Its columns fit a laptop; a phone hides
// the ones marked "wide". The caption names the table; the counts are
// the status line's alone, so that a screen reader says them once.
func tableHTML(res *model.Results, cls string, rows []engine.Candidate, starts []bool) string {
	var b strings.Builder
	b.Grow(1024 + 1600*len(rows)) // ~1.5 KB a row: grown by append, it was copied whole
	energy := res.Res.Workload.Objective == engine.ObjectiveEnergy
	b.WriteString(`<table class="` + esc(cls) + `" aria-describedby="status"><caption class="visually-hidden">Candidates, ranked</caption><colgroup>`)
	for _, c := range []string{"c-rank", "c-verdict", "c-headroom", "c-energy", "c-part", "c-lib wide", "c-hw wide", "c-clock wide", "c-cpu wide", "c-ram wide", "c-bottleneck wide", "c-compare"} {
		if c != "c-energy" || energy {
			b.WriteString(`<col class="` + c + `">`)
		}
	}
	b.WriteString(`</colgroup><thead><tr>`)
	sortThHTML(&b, res.SortBy, "rank", "#", "")
	thHTML(&b, "", "Verdict")
	sortThHTML(&b, res.SortBy, "headroom", "Headroom", "")
	if energy {
		// Ranking by energy shows what it ranks by.
		thHTML(&b, "", "Energy")
	}
	sortThHTML(&b, res.SortBy, "mcu", "Part and board", "")
	thHTML(&b, "wide", "Library and configuration")
	thHTML(&b, "wide", "Crypto hardware")
	sortThHTML(&b, res.SortBy, "clock", "Clock", "wide")
	sortThHTML(&b, res.SortBy, "cpu", "CPU", "wide")
	sortThHTML(&b, res.SortBy, "ram", "RAM left", "wide")
	thHTML(&b, "wide", "Bottleneck")
	thHTML(&b, "", "Compare")
	b.WriteString(`</tr></thead><tbody>`)
	for i, c := range rows {
		rowHTML(&b, c, c.Key == res.Selected, starts[i], contains(res.Compare, c.Key), energy)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

// esc escapes text for HTML text and quoted attributes, as
// html.EscapeString does (the html package would bring its table of
// ~2,000 entities into the wasm for its unescaping), and writes it in
// ASCII: each character outside ASCII as a numeric character reference
// (× as &#215;), which the browser reads as the same text. A string all
// ASCII crosses from Go's memory to JavaScript ~40 times faster
// (TextDecoder's ASCII path: 0.006 against 0.23 ms for a ~30 KB table
// in Chromium 148) and parses faster (a one-byte string: 2.0 against
// 2.3 ms): the table is a keystroke's largest string. Bytes that are not
// UTF-8 become U+FFFD, as the decoder would have made them.
func esc(s string) string {
	i := 0
	for i < len(s) && !escaped[s[i]] {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	putEsc(&b, s)
	return b.String()
}

// escaped are the bytes esc replaces: HTML's five and every byte of a
// character outside ASCII.
var escaped = func() (t [256]bool) {
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true
	}
	for _, c := range `&<>"'` {
		t[c] = true
	}
	return t
}()

func thHTML(b *strings.Builder, cls, text string) {
	b.WriteString(`<th scope="col"`)
	if cls != "" {
		b.WriteString(` class="` + cls + `"`)
	}
	b.WriteString(`>` + esc(text) + `</th>`)
}

// sortThHTML is a sortable column header: a button that toggles ascending and
// descending order, with aria-sort saying which is in force.
func sortThHTML(b *strings.Builder, sortBy, key, label, cls string) {
	state := "none"
	switch sortBy {
	case key:
		state = "ascending"
	case "-" + key:
		state = "descending"
	}
	b.WriteString(`<th scope="col"`)
	if cls != "" {
		b.WriteString(` class="` + cls + `"`)
	}
	b.WriteString(` aria-sort="` + state + `"><button type="button" class="sort" id="sort-` + key + `" data-sort="` + key + `">` + esc(label) + `</button></th>`)
}

// rowHTML is one candidate: click, Enter or Space selects it. How sure
// the row is, is on every row: an estimate never looks like a
// measurement. A cell's lines are blocks (CSS), not <br>.
func rowHTML(b *strings.Builder, c engine.Candidate, selected, groupStart, compared, energy bool) {
	lib := strings.TrimSpace(c.Library + " " + c.LibraryVersion)
	if c.LibraryVersion == "" {
		lib = c.Library + " (version unpublished)"
	}
	if len(c.LentFrom) > 0 {
		// Operations another source's code runs: said as such, so that
		// no one reads them as the library's own.
		lib += " · not " + c.Library + "'s code: " + strings.Join(c.LentFrom, "; ")
	}
	verdict := esc(string(c.Verdict))
	cls := "row " + verdict
	if selected {
		cls += " selected"
	}
	if groupStart {
		cls += " group-start"
	}
	clockCls := "wide"
	if c.ClockAboveMax {
		clockCls = "wide warn"
	}
	// Written piece by piece, values escaped as they are written: joined
	// with + first, each line was a string of its own (a keystroke draws
	// ~15 rows).
	put(b, `<tr class="`, cls, `" tabindex="0" aria-selected="`, strconv.FormatBool(selected), `" data-key="`)
	putEsc(b, c.Key)
	put(b, `"><td>`, strconv.Itoa(c.Rank), `</td><td><span class="badge `, verdict, `">`, verdict, `</span><small class="basis `)
	putEsc(b, string(c.Basis))
	b.WriteString(`" title="how the figures were obtained">`)
	putEsc(b, explain.Basis(bench.Basis(c.Basis)))
	b.WriteString(`</small></td><td class="num">`)
	putEsc(b, explain.CandidateHeadroom(c))
	b.WriteString(`</td>`)
	if energy {
		b.WriteString(`<td class="num">`)
		putEsc(b, explain.ObjectiveEnergy(c))
		b.WriteString(`</td>`)
	}
	partCellHTML(b, c, lib)
	b.WriteString(`<td class="wide">`)
	putEsc(b, lib)
	b.WriteString(`<small class="config">`)
	putEsc(b, c.Config)
	b.WriteString(`</small></td><td class="wide">`)
	putEsc(b, hardware(c))
	put(b, `</td><td class="`, clockCls, `">`)
	putEsc(b, explain.Clock(c))
	b.WriteString(`</td><td class="num wide">`)
	putEsc(b, explain.Share(c.Utilization))
	b.WriteString(`</td><td class="num wide">`)
	putEsc(b, explain.RAMLeft(c))
	b.WriteString(`</td><td class="wide">`)
	putEsc(b, explain.Bottleneck(c))
	b.WriteString(`</td><td class="center"><input type="checkbox" class="compare" aria-label="Compare `)
	putEsc(b, c.MCU)
	b.WriteByte(' ')
	putEsc(b, lib)
	b.WriteByte(' ')
	putEsc(b, c.Config)
	b.WriteByte('"')
	if compared {
		b.WriteString(` checked`)
	}
	b.WriteString(`></td></tr>`)
}

// partCellHTML is a row's part cell: the part's name, whether it is
// imported, the board (or, for an estimate, where to try it), the part's
// facts, and on a narrow screen the library and, for an unknown, what it
// misses.
func partCellHTML(b *strings.Builder, c engine.Candidate, lib string) {
	board := orDash(c.Board)
	if g := c.Group; g != nil && c.Donor != nil {
		board = "not measured; no ST board"
		if len(g.Boards) > 0 {
			board = "not measured; try " + g.Boards[0]
		}
	}
	// A part name breaks after a slash or a space, never inside a part
	// number (CSS: overflow-wrap normal on it).
	put(b, `<td class="part"><strong class="part-name">`, strings.ReplaceAll(esc(explain.PartName(c)), "/", "/<wbr>"), `</strong>`)
	if c.Imported != "" {
		b.WriteString(`<span class="badge imported" title="`)
		putEsc(b, c.Imported)
		b.WriteString(`">imported</span>`)
	}
	b.WriteString(`<small>`)
	putEsc(b, board)
	b.WriteString(`</small><small class="facts">`)
	putEsc(b, partLine(c))
	// A narrow screen hides the library, configuration, RAM and
	// bottleneck columns: the part cell says them, so that two builds
	// never read the same and a FAIL or UNKNOWN says why.
	b.WriteString(`</small><small class="narrow">`)
	putEsc(b, lib)
	b.WriteString(`</small><small class="narrow config">`)
	putEsc(b, c.Config)
	b.WriteString(`</small>`)
	if ram := explain.RAMLeft(c); ram != "—" {
		b.WriteString(`<small class="narrow ram">RAM left `)
		putEsc(b, ram)
		b.WriteString(`</small>`)
	}
	if c.Verdict != engine.Pass {
		b.WriteString(`<small class="narrow why">`)
		putEsc(b, explain.Bottleneck(c))
		b.WriteString(`</small>`)
	}
	b.WriteString(`</td>`)
}

// put writes parts to b as they are (the arguments' slice stays on the
// stack).
func put(b *strings.Builder, parts ...string) {
	for _, p := range parts {
		b.WriteString(p)
	}
}

// putEsc writes s to b escaped for HTML text and attribute values, in
// ASCII (esc).
func putEsc(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if !escaped[c] {
			i++
			continue
		}
		b.WriteString(s[last:i])
		n := 1
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			var num [8]byte
			b.WriteString("&#")
			b.Write(strconv.AppendInt(num[:0], int64(r), 10))
			b.WriteByte(';')
		}
		i += n
		last = i
	}
	b.WriteString(s[last:])
}

// tableClick acts on what a click in the table hit: a sort button, a
// row's Compare box (which does not also select the row, nor does its
// cell), or a row.
func tableClick(ctx app.Context, e app.Event) {
	switch kind, v := browser.TableHit(e); kind {
	case "sort":
		ctx.NewActionWithValue(actionSort, v)
	case "compare":
		ctx.NewActionWithValue(actionCompare, v)
	case "select":
		ctx.NewActionWithValue(actionSelect, v)
	}
}

// tableKeyDown selects the focused row on Enter or Space (a row is a
// focusable element, not a button; keys on its Compare box are the
// box's).
func tableKeyDown(ctx app.Context, e app.Event) {
	if k := browser.EventKey(e); k != "Enter" && k != " " {
		return
	}
	if key := browser.RowTarget(e); key != "" {
		browser.PreventDefault(e)
		ctx.NewActionWithValue(actionSelect, key)
	}
}

// TableView is the ranking table's box. In the browser its content is
// the table's HTML text, set with one innerHTML when it changes, or
// moved in already parsed (browser.SetTable); go-app's Raw parsed it in
// a detached element and swapped the table in (more calls, one more
// parse). The page's HTML carries it as go-app's Raw. Focus inside the
// table (a Compare box just ticked, a sort button just pressed) is found
// again after a redraw.
type TableView struct {
	app.Compo
	HTML   string
	Hidden bool

	drawn string
	// views is the page's view cache, which draws a keystroke's table
	// ahead of its frame (viewCache.drawAhead): the box registers there.
	views *viewCache
}

// Render draws the box (and, in the page's HTML, the table).
func (t *TableView) Render() app.UI {
	d := hideIf(app.Div().Class("table-wrap"), t.Hidden).OnClick(tableClick).OnKeyDown(tableKeyDown)
	if !app.IsClient {
		return d.Body(app.Raw(t.HTML))
	}
	return d
}

// OnMount draws the table.
func (t *TableView) OnMount(ctx app.Context) {
	keepRendered(ctx)
	if t.views != nil {
		t.views.table = t
	}
	t.draw(ctx)
}

// OnDismount leaves the view cache without a table to draw into.
func (t *TableView) OnDismount() {
	if t.views != nil && t.views.table == t {
		t.views.table = nil
	}
}

// OnUpdate draws the new table once go-app has updated the page.
func (t *TableView) OnUpdate(ctx app.Context) {
	ctx.Defer(func(app.Context) { t.draw(ctx) })
}

func (t *TableView) draw(ctx app.Context) {
	if err := t.drawHTML(t.HTML); err != nil {
		ctx.NewActionWithValue(actionError, err.Error())
	}
}

// drawHTML draws html into the box, unless it is the table drawn; focus
// inside the table stays where it was.
func (t *TableView) drawHTML(html string) error {
	if html == t.drawn || !t.Mounted() {
		return nil
	}
	f := browser.TableFocus()
	if err := browser.SetTable(t.JSValue(), html); err != nil {
		return err
	}
	t.drawn = html
	if f != "" {
		browser.RestoreTableFocus(f)
	}
	return nil
}
