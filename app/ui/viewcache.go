package ui

import (
	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
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
}

// viewKey is what Results.view reads of a live page: the revision of the
// results, and (should a change ever miss it) the fields themselves.
type viewKey struct {
	m                     *model.Page
	rev                   int
	first                 *engine.Candidate // the ranking's memory, and its length
	n, nf                 int
	stale, unfold, nrOpen bool
	selected, filter      string
	sortBy, compare       string
	ds                    *bench.Dataset
}

func keyOfView(m *model.Page) (viewKey, bool) {
	if m == nil || m.Pending() || m.LinkPending() {
		return viewKey{}, false // the prepared view, or the question alone: nothing to make
	}
	r := &m.Results
	k := viewKey{m: m, rev: r.Rev, n: len(r.Res.Candidates), nf: len(r.Res.NoFigure), stale: r.Stale, unfold: r.ShowAllFails,
		nrOpen: r.NotRankedOpen, selected: r.Selected, filter: r.Filter, sortBy: r.SortBy, ds: m.Index().Dataset()}
	if len(r.Res.Candidates) > 0 {
		k.first = &r.Res.Candidates[0]
	}
	for _, c := range r.Compare {
		k.compare += c + "\x00"
	}
	return k, true
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
