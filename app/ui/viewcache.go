package ui

import (
	"cryptosizer/app/bench"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// A keystroke's frame comes on go-app's frame timer (1/120 s after the
// event's dispatch), not when its handler ends: a handler that ranks in
// less (~5–8 ms in the browser) waits for it. The handler also makes
// the results' view (the table's HTML and the lines above it, ~1 ms),
// and has the browser parse the table, so that the frame, which the
// user waits for, only compares and draws (onParam, onFilter). The view
// made then is kept under what it was made from, and a render takes it
// only while all of that is the same.

// viewCache is the results' view of one state of the model.
type viewCache struct {
	key viewKey
	v   resultsView
	ok  bool
	// data is the footer's line on the dataset it names (dataLine),
	// which changes with the imports alone.
	data struct {
		ds   *bench.Dataset
		line string
	}
	// table is the page's table box, once mounted (TableView.OnMount).
	table *TableView
}

// viewKey is what Results.view reads of a live page, by construction:
// the page and its results' revision, which every change to anything the
// view reads moves (model.Results.Rev; TestEveryResultsChangeMovesRev).
type viewKey struct {
	m   *model.Page
	rev int
}

func keyOfView(m *model.Page) (viewKey, bool) {
	if m == nil || m.Pending() || m.LinkPending() {
		return viewKey{}, false // the prepared view, or the question alone: nothing to make
	}
	return viewKey{m: m, rev: m.Results.Rev}, true
}

// prepare makes the view of m's state now, and has the browser parse
// its table for the frame (browser.PrepareTable).
func (c *viewCache) prepare(m *model.Page) {
	k, ok := keyOfView(m)
	if !ok {
		c.ok = false
		return
	}
	c.key, c.v, c.ok = k, (&Results{M: m, Views: c}).make(nil), true
	browser.PrepareTable(c.v.Table)
}

// drawAhead draws the table prepared for the frame now (viewCache.prepare),
// in a handler whose frame is sure to run in the same task
// (frameFollows): the move (~0.8 ms of the frame, most of it taking the
// drawn table out) then fills the wait for go-app's frame timer, and no
// paint comes between the new table and the lines above it, which the
// frame draws. A handler that ends earlier leaves it to the frame: the
// browser may paint in between.
func (c *viewCache) drawAhead() error {
	if !c.ok || c.table == nil || len(c.v.Empty) > 0 {
		return nil
	}
	return c.table.drawHTML(c.v.Table)
}

// dataLine is dataLine(ds), made once per dataset (a nil cache makes it
// every time).
func (c *viewCache) dataLine(ds *bench.Dataset) string {
	if c == nil {
		return dataLine(ds)
	}
	if c.data.ds != ds || c.data.line == "" {
		c.data.ds, c.data.line = ds, dataLine(ds)
	}
	return c.data.line
}

// get is the view kept for m's state, if it is m's state now (none on a
// nil cache: a Results made outside the page, FirstView's).
func (c *viewCache) get(m *model.Page) (resultsView, bool) {
	if c == nil || !c.ok {
		return resultsView{}, false
	}
	k, ok := keyOfView(m)
	if !ok || k != c.key {
		return resultsView{}, false
	}
	return c.v, true
}
