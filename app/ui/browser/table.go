package browser

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The ranking table is drawn as HTML text (app/ui/table.go): its
// clicks, keys and focus are read from the DOM here.

// TableHit is what a click in the ranking table hit: "sort" and the
// column, "compare" and the row's key (its Compare box), "select" and
// the row's key, or "" (a Compare box's cell around the box, nothing).
func TableHit(e app.Event) (kind, value string) {
	_ = Try("reading a click in the table", func() {
		t := e.Get("target")
		if !t.Truthy() || !t.Get("closest").Truthy() {
			return
		}
		if s := t.Call("closest", "button.sort"); s.Truthy() {
			kind, value = "sort", s.Get("dataset").Get("sort").String()
			return
		}
		row := t.Call("closest", "tr.row")
		if !row.Truthy() {
			return
		}
		key := rowKey(row)
		switch {
		case t.Call("closest", "input.compare").Truthy():
			kind, value = "compare", key
		case t.Call("closest", "td.center").Truthy():
		default:
			kind, value = "select", key
		}
	})
	return kind, value
}

// RowTarget is the key of the row a keyboard event is on, when the row
// itself has the focus ("" for its Compare box or anything else).
func RowTarget(e app.Event) string {
	var key string
	_ = Try("reading a key in the table", func() {
		t := e.Get("target")
		if t.Truthy() && t.Get("matches").Truthy() && t.Call("matches", "tr.row").Bool() {
			key = rowKey(t)
		}
	})
	return key
}

// TableFocus says what has the focus in the ranking table: "sort:ID",
// "compare:KEY" or "row:KEY"; "" when the focus is elsewhere.
func TableFocus() string {
	var f string
	_ = Try("reading the focus", func() {
		a := win().Get("document").Get("activeElement")
		if !a.Truthy() || !a.Get("closest").Truthy() || !a.Call("closest", "table.rank").Truthy() {
			return
		}
		row := a.Call("closest", "tr.row")
		switch {
		case a.Call("matches", "button.sort").Bool():
			f = "sort:" + a.Get("id").String()
		case row.Truthy() && a.Call("matches", "input.compare").Bool():
			f = "compare:" + rowKey(row)
		case row.Truthy():
			f = "row:" + rowKey(row)
		}
	})
	return f
}

// RestoreTableFocus gives the focus back to the element TableFocus
// described, in the table drawn since, when the redraw took it away.
func RestoreTableFocus(f string) {
	_ = Try("moving the focus", func() {
		doc := win().Get("document")
		if a := doc.Get("activeElement"); a.Truthy() && a.Get("isConnected").Bool() && !a.Equal(doc.Get("body")) {
			return // the focus is somewhere: leave it
		}
		el := app.Null()
		kind, v, _ := strings.Cut(f, ":")
		switch kind {
		case "sort":
			el = doc.Call("getElementById", v)
		case "row":
			el = rowByKey(v)
		case "compare":
			if r := rowByKey(v); r.Truthy() {
				el = r.Call("querySelector", "input.compare")
			}
		}
		if el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// rowByKey is the ranking table's row of that key (null when none).
// Keys hold any text, so they are compared, not put in a selector.
func rowByKey(key string) app.Value {
	rows := win().Get("document").Call("querySelectorAll", "table.rank tr.row")
	for i := range rows.Length() {
		if r := rows.Index(i); rowKey(r) == key {
			return r
		}
	}
	return app.Null()
}

func rowKey(row app.Value) string { return row.Get("dataset").Get("key").String() }

// SetRowCompare sets the Compare box of the row with that key: a tick
// the page refused (too many compared) leaves the table's text as it
// was, so the redraw would not undo the browser's own tick.
func SetRowCompare(key string, on bool) {
	_ = Try("updating the table", func() {
		if r := rowByKey(key); r.Truthy() {
			if b := r.Call("querySelector", "input.compare"); b.Truthy() {
				b.Set("checked", on)
			}
		}
	})
}

// A keystroke's table is parsed ahead of its frame: the handler that
// ranked has the browser parse it into a <template> (PrepareTable), and
// the frame moves the parsed table in with one call (SetTable), or the
// handler does when the frame follows in its task (ui's drawAhead). The
// frame comes on go-app's timer, 1/120 s after the event's dispatch,
// and the ranking is most often done before it, so the parse costs the
// keystroke nothing. In a V8 profile of typing, the frame's innerHTML
// of the ~18 KB table took 2.3 ms a keystroke, the move 1.1 ms (most of
// it taking out the table drawn, whose layout objects go with it).
var ahead struct {
	html  string    // the table parsed in tpl ("" when none)
	drawn string    // the table last drawn
	tpl   app.Value // a <template> element
	moved int       // tables moved in from tpl, for the e2e test
}

// PrepareTable parses html for the table's next drawing, unless that
// table is the one drawn or already parsed.
func PrepareTable(html string) {
	if !app.IsClient || html == "" || html == ahead.html || html == ahead.drawn {
		return
	}
	ahead.html = ""
	_ = Try("preparing the table", func() {
		if ahead.tpl == nil {
			ahead.tpl = win().Get("document").Call("createElement", "template")
		}
		ahead.tpl.Set("innerHTML", html)
		ahead.html = html
	})
}

// SetTable replaces the content of el (the table's box) with html,
// which the caller has escaped: moved in from the template when
// PrepareTable parsed the same text, else parsed here.
func SetTable(el app.Value, html string) error {
	moved, err := setTable(el, html)
	if moved {
		ahead.moved++
		Record("table-moved", float64(ahead.moved), true)
	}
	return err
}

// setTable draws html into el and reports whether it moved the table
// PrepareTable parsed.
func setTable(el app.Value, html string) (moved bool, err error) {
	if html != "" && html == ahead.html {
		ahead.html = ""
		err := Try("drawing the table", func() { el.Call("replaceChildren", ahead.tpl.Get("content")) })
		if err == nil {
			ahead.drawn = html
			return true, nil
		}
	}
	err = Try("drawing the table", func() { el.Set("innerHTML", html) })
	if err == nil {
		ahead.drawn = html
	}
	return false, err
}

// WarmTable runs what a keystroke's table runs (PrepareTable, and the
// move into the table's box) on a one-row table in a box of its own,
// never in the page, so that the first keystroke does not wait for the
// browser to compile that code (it compiles a wasm function on its first
// call). What the page had parsed and drawn is as it was.
func WarmTable() {
	if !app.IsClient {
		return
	}
	const row = `<table><tbody><tr><td></td></tr></tbody></table>`
	saved := ahead
	var box app.Value
	if Try("warming the table", func() { box = win().Get("document").Call("createElement", "div") }) == nil {
		PrepareTable(row)
		_, _ = setTable(box, row)
	}
	ahead.html, ahead.drawn = saved.html, saved.drawn
	if saved.html != "" { // the template held the page's next table: parse it again
		ahead.html = ""
		PrepareTable(saved.html)
	}
}

// FocusRow moves the focus to the ranking table's row of that key (when
// it is still there) and scrolls it into view.
func FocusRow(key string) {
	_ = Try("moving the focus", func() {
		if r := rowByKey(key); r.Truthy() {
			r.Call("focus", map[string]any{"preventScroll": true})
			r.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
	})
}

// SummaryOf reports whether a click hit the summary of the <details>
// with that id (the not-ranked list is drawn as HTML text: its toggle
// is read here).
func SummaryOf(e app.Event, id string) bool {
	hit := false
	_ = Try("reading a click", func() {
		t := e.Get("target")
		if !t.Truthy() || !t.Get("closest").Truthy() {
			return
		}
		if s := t.Call("closest", "summary"); s.Truthy() {
			p := s.Get("parentElement")
			hit = p.Truthy() && p.Get("id").String() == id
		}
	})
	return hit
}
