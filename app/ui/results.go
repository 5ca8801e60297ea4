package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
	"cryptosizer/app/workload"
)

// Results is the answer: the workload that was ranked, what is wrong with
// the form, the tools, the ranking table, the side-by-side comparison,
// the picked candidate's details and the charts.
type Results struct {
	app.Compo
	M      *model.Page
	Rev    int
	Client bool   // the browser app has taken over the pre-rendered page
	Link   string // the last link made by "Copy link"
	// First is the first visit's prepared view, shown while the page is
	// pending (model.NewPending).
	First *FirstView
	// Views holds the view a handler made before the frame (viewcache.go;
	// nil: made by the render).
	Views *viewCache

	// page is the page whose first render its charts and what is under
	// the table stand in for (standin.go); nil outside one.
	page *Page
	// more is what comes under the table (the tools, the comparison, the
	// details and the not-ranked lines): on a first visit, pre-rendered
	// until the task after the form's, as the charts (standin.go).
	more    standIn
	moreSet bool
}

// dataset is the data ranked (nil while the page is pending: nothing is
// selected then, and Details needs none).
func (r *Results) dataset() *bench.Dataset {
	if ix := r.M.Index(); ix != nil {
		return ix.Dataset()
	}
	return nil
}

// notRanked is what the ranking leaves out, and why: the groups without
// a build (unless the empty ranking's explanation says so already), as
// the HTML of a closed list, and the builds without a figure for the
// workload: the summary's text, and the HTML of their lines, grouped by
// what they lack, only when the list is open (closed, it costs a
// keystroke nothing but its summary). The summary is a text node of the
// page, not HTML: a keystroke that changes the count changes one text
// (as HTML it was parsed and swapped in again, ~0.5 ms of a frame).
func notRanked(res engine.Result, explained, open bool) (unbuilt, noFigure, lines string) {
	var b strings.Builder
	list := func(id, summary string, ls []string) {
		n := 0
		for _, l := range ls {
			n += len(l) + 1
		}
		b.Grow(n + n/16 + 256) // the lines, a few escapes, the markup
		b.WriteString(`<details`)
		if id != "" {
			b.WriteString(` id="` + id + `"`)
		}
		b.WriteString(` class="no-figure"><summary>` + esc(summary) + `</summary><p class="lines">`)
		for i, l := range ls { // escaped line by line into the text: no joined copy
			if i > 0 {
				b.WriteByte('\n')
			}
			putEsc(&b, l)
		}
		b.WriteString(`</p></details>`)
	}
	if len(res.Unbuilt) > 0 && !explained {
		list("unbuilt", fmt.Sprintf("Not ranked: %d part numbers have no build", res.Counts.Unbuilt), explain.Unbuilt(res))
		unbuilt = b.String()
		b.Reset()
	}
	if len(res.NoFigure) == 0 {
		return unbuilt, "", ""
	}
	noFigure = "Not ranked: " + explain.BuildsPublishNone(len(res.NoFigure))
	if open {
		b.WriteString(`<div class="lacks">`) // one root: go-app's Raw
		for _, l := range explain.NoFigureByLack(res) {
			list("", fmt.Sprintf("%s lacking %s", explain.Builds(len(l.Lines)), l.Ops), l.Lines)
		}
		b.WriteString(`</div>`)
		lines = b.String()
	}
	return unbuilt, noFigure, lines
}

// folded says which rows a folded table shows: of each verdict with
// more rows than its fold, the first few (only those it has).
func folded(counts map[engine.Verdict]int) string {
	var parts []string
	for _, f := range []struct {
		v     engine.Verdict
		words string
	}{{engine.Pass, "the first %d passes"}, {engine.Unknown, "%d unknown"}, {engine.Fail, "the closest %d failures"}} {
		if n := min(counts[f.v], model.Fold[f.v]); n > 0 {
			parts = append(parts, fmt.Sprintf(f.words, n))
		}
	}
	switch len(parts) {
	case 0:
		return "none"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// status is the line the screen reader announces: the counts, how passes
// are ordered, and whether the results answer the form.
func status(res *model.Results, counts map[engine.Verdict]int, hidden int) string {
	n := counts[engine.Pass] + counts[engine.Unknown] + counts[engine.Fail]
	s := fmt.Sprintf("%d pass · %d unknown · %d fail", counts[engine.Pass], counts[engine.Unknown], counts[engine.Fail])
	if f := strings.Join(model.FilterWords(res.Filter), " "); f != "" {
		all := res.Res.Counts
		s = fmt.Sprintf("Filter “%s”: %d of %d passes, %d of %d unknown, %d of %d fails match", f,
			counts[engine.Pass], all.Pass, counts[engine.Unknown], all.Unknown, counts[engine.Fail], all.Fail)
		if n == 0 {
			s = fmt.Sprintf("Filter “%s”: no row matches (words are matched against the part, board, core, series, package, library, configuration, units, verdict and evidence; all must match) — clear the filter to see all %d", f, all.Pass+all.Unknown+all.Fail)
		}
	}
	if hidden > 0 {
		s += fmt.Sprintf(" (%d shown: %s)", n-hidden, folded(counts))
	}
	if nf := len(res.Res.NoFigure); nf > 0 {
		s += " · " + explain.BuildsPublishNone(nf)
	}
	if n := res.Res.Counts.Unbuilt; n > 0 {
		s += fmt.Sprintf(" · %d part numbers have no build", n)
	}
	switch res.Res.Workload.Objective {
	case engine.ObjectiveSmallest:
		s += " · passes ordered by the smallest part: slowest clock, then least flash"
	case engine.ObjectiveEnergy:
		s += " · passes ordered by energy, least first by the high end of each range (the Energy column; unknown energy last)"
	default:
		s += " · passes ordered by headroom"
	}
	if res.Stale {
		s += " — for the last valid workload, not the form"
	}
	return s
}

// resultsView is what the results show of a ranking besides its tools:
// made from the ranking on screen, or read from the first visit's form
// prepared at build time (FirstView) while the page is pending.
type resultsView struct {
	Workload   string // what is ranked, in words
	Count      int    // candidates
	Status     string
	UnknownWhy string
	Empty      []string
	Table      string // the table's HTML
	Rows       int
	Hidden     int
	DataLine   string
	// What is not ranked (notRanked): the groups without a build (HTML),
	// the no-figure list's summary (text) and its lines (HTML, open only).
	Unbuilt, NoFigure, NoFigureLines string
}

// view is the results' view of the ranking on screen (the prepared one
// while the page is pending), calling pause (unless nil) between its
// parts (the check that a first visit showed the live answer is paced:
// going live).
func (r *Results) view(pause func()) resultsView {
	if r.First != nil && r.M.Pending() {
		return r.First.View
	}
	if r.M.LinkPending() {
		// Nothing is ranked yet, and the prepared answer is not this
		// question's: the question, and that its answer is coming.
		w := "your workload"
		if lw, errs := r.M.Form.Schema.Parse(r.M.Form.Params); len(errs) == 0 {
			w = explain.Workload(lw) + filtersLine(r.M.Form.Schema, r.M.Form.Params)
		}
		return resultsView{Workload: w + " (being ranked)", Status: "Ranking your workload on the bundled data…"}
	}
	if v, ok := r.Views.get(r.M); ok && pause == nil {
		return v
	}
	return r.make(pause)
}

// make is the view of the live ranking on screen.
func (r *Results) make(pause func()) resultsView {
	if pause == nil {
		pause = func() {}
	}
	res := &r.M.Results
	rows, starts, counts, hidden := res.Laid()
	pause()
	v := resultsView{Workload: explain.Workload(res.Res.Workload) + filtersLine(r.M.Form.Schema, res.Ranked) + rowFilterLine(res.Filter), Count: len(res.Res.Candidates), Status: status(res, counts, hidden),
		Empty: explain.Empty(res.Res), Rows: len(rows), Hidden: hidden, DataLine: r.Views.dataLine(r.M.Index().Dataset())}
	if counts[engine.Unknown] > 0 {
		why := explain.UnknownReasons(res.Res)
		v.UnknownWhy = "Unknown, by what is missing: " + strings.Join(why[:min(3, len(why))], "; ") + more(len(why)-3) + "."
		if do := explain.UnknownRemedies(res.Res); len(do) > 0 {
			v.UnknownWhy += " To answer them: " + strings.Join(do[:min(3, len(do))], "; ") + "."
		}
	}
	pause()
	tableCls := "rank"
	if res.Stale {
		tableCls += " stale"
	}
	v.Table = tableHTML(res, tableCls, rows, starts)
	pause()
	v.Unbuilt, v.NoFigure, v.NoFigureLines = notRanked(res.Res, len(v.Empty) > 0, res.NotRankedOpen)
	return v
}

// Render draws the results.
func (r *Results) Render() app.UI {
	res := &r.M.Results
	v := r.view(nil)
	problems := r.M.Problems()
	if !r.moreSet { // the first render: a first visit's stands in
		r.more, r.moreSet = standInFor(r.page, "div#results-more"), true
	}
	return app.Elem("section").ID("results").Class("results").Attr("data-renders", r.Rev).Attr("data-client", r.Client).
		Attr("data-count", v.Count).Attr("data-stale", res.Stale).Aria("labelledby", "results-title").Body(
		app.Elem("h2").ID("results-title").Class("visually-hidden").Text("Results"),
		app.P().Class("summary").Body(app.Elem("strong").Text("Ranked: "), app.Text(v.Workload),
			app.Elem("a").Class("edit-link").Attr("href", "#workload").Text(" Edit the workload")),
		// Every slot above the tools is always there, hidden when it has
		// nothing to say: go-app matches children by position, so a slot
		// that came and went would remount what follows it — the filter
		// box being typed in, with its focus and its keystrokes.
		hideIf(app.P().ID("link-pending").Class("link-pending").Role("status"), r.Client).Text(
			"Ranking the workload of your link… The ranking this page was saved with is an example for the default workload, not your link's answer."),
		app.If(!r.Client, func() app.UI {
			return app.Elem("noscript").Body(app.P().Class("noscript").Text(
				"Scripting is off: cryptosizer ranks in your browser (WebAssembly), so nothing here answers a link's own workload. " +
					"The ranking below is the example for the default workload: " + v.Workload + "."))
		}).Else(func() app.UI { return app.Elem("noscript") }),
		problemsBox(problems),
		app.P().ID("status").Class("status").Role("status").Aria("live", "polite").Text(v.Status),
		hideIf(app.Elem("ul").ID("empty").Class("empty"), len(v.Empty) == 0).Body(
			app.Range(v.Empty).Slice(func(i int) app.UI { return app.Elem("li").Text(v.Empty[i]) }),
		),
		// An empty ranking hides its table and charts (kept mounted, so
		// that typing does not rebuild them) behind the explanation.
		&TableView{HTML: v.Table, Hidden: len(v.Empty) > 0, views: r.Views},
		r.more.draw(func() app.UI { return r.under(v) }),
		&ChartList{Charts: res.Charts, Wanted: res.ChartsWanted, Hidden: len(v.Empty) > 0, standIn: standInFor(r.page, "div#charts")},
		app.Elem("footer").Body(
			app.P().Text("Model: per-handshake operation counts from RFC 5246 §7.4, RFC 8422 §5.4, RFC 8446 §4.4, draft-ietf-tls-ecdhe-mlkem and FIPS 203/204; firmware verify = size ÷ hash rate + one signature verification. "+
				v.DataLine),
		),
	)
}

// under is what the results show under the table, in one box (a part
// that stands in is one element: standin.go).
func (r *Results) under(v resultsView) app.UI {
	res := &r.M.Results
	return app.Div().ID("results-more").Body(
		compareStatus(len(res.Compare)),
		// Under the rows, not above: on a phone the first rows stay on
		// the first screen however many are unknown.
		hideIf(app.P().ID("unknown-why").Class("unknown-why"), v.UnknownWhy == "").Text(v.UnknownWhy),
		app.Div().ID("not-ranked-box").OnClick(func(ctx app.Context, e app.Event) {
			if browser.SummaryOf(e, "no-figure") {
				browser.PreventDefault(e) // the page opens it, with its lines
				ctx.NewAction(actionNotRanked)
			}
		}).Body(app.Div().Class("not-ranked").Body(
			// Each slot is always there (hidden when empty): what follows
			// a slot that came and went would be mounted again.
			hideIf(app.Div().ID("unbuilt-box"), v.Unbuilt == "").Body(
				app.If(v.Unbuilt != "", func() app.UI { return app.Raw(v.Unbuilt) }),
			),
			openIf(hideIf(app.Elem("details").ID("no-figure").Class("no-figure"), v.NoFigure == ""), res.NotRankedOpen && v.NoFigure != "").Body(
				app.Elem("summary").Text(v.NoFigure),
				app.If(v.NoFigureLines != "", func() app.UI { return app.Raw(v.NoFigureLines) }),
			),
		)),
		showAll(res.ShowAllFails, v),
		app.Div().Class("tools").Body(
			&Control{ID: "filter", Name: "filter", Label: "Filter results", Kind: "search", Value: res.Filter,
				Placeholder: "e.g. H7, PKA, cmox", Action: actionFilter},
			exportButton("print", "print", "Print"),
			exportButton("export-csv", "csv", "Download CSV"),
			exportButton("export-json", "json", "Download JSON (rows shown)"),
			exportButton("export-json-all", "json-all", "Download JSON (every candidate)"),
			exportButton("copy-link", "link", "Copy link"),
			// Ticking Compare draws the comparison below the table: say so
			// where the tick is, with a way there.
			hideIf(app.Elem("a").ID("compare-link").Class("compare-link").Attr("href", "#compare").OnClick(toCompare), len(res.Compare) == 0).
				Text(fmt.Sprintf("Comparing %d: see them side by side ↓", len(res.Compare))),
		),
		app.If(r.Link != "", func() app.UI {
			return app.Div().Class("share").Body(
				app.ElemSelfClosing("input").Attr("type", "text").ID("share-link").Attr("readonly", true).Attr("value", r.Link).Aria("label", "Link to this result"),
			)
		}),
		// Each of these re-renders only when what it shows may have
		// changed: nothing compared or picked shows a hint that a
		// keystroke does not change, and the charts change once typing
		// pauses (their list is then a new one).
		&Compare{M: res, Rev: revIf(len(res.Compare) > 0, r.Rev)},
		&Details{M: res, Rev: revIf(res.Selected != "", r.Rev), DS: r.dataset(), Validated: r.validated()},
	)
}

// OnMount puts what is under the table in the page's queue when it
// stands in (standin.go).
func (r *Results) OnMount(ctx app.Context) {
	keepRendered(ctx)
	r.more.mount(ctx, nil)
}

// showAll is the button that lays out every candidate, or, once they are
// all laid out, goes back to the first rows: always there (hidden when
// there is nothing to fold), so that what follows it is never remounted.
func showAll(unfolded bool, v resultsView) app.UI {
	if unfolded && v.Rows > model.Fold[engine.Pass]+model.Fold[engine.Unknown]+model.Fold[engine.Fail] {
		return app.Elem("button").Attr("type", "button").ID("show-all-fails").Text("Show the first rows only").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionFold) })
	}
	return hideIf(app.Elem("button").Attr("type", "button").ID("show-all-fails"), v.Hidden == 0).Text(fmt.Sprintf("Show all %d candidates (%d more)", v.Rows+v.Hidden, v.Hidden)).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionUnfold) })
}

// filtersLine names the part filters the ranking is under ("; filters:
// series U5, min-ram 256KiB"), "" with none: "Ranked:" says all of the
// question.
func filtersLine(sc *workload.Schema, ranked workload.Params) string {
	var set []string
	for _, f := range sc.Fields() {
		if v := strings.TrimSpace(ranked[f.Name]); f.Group == "filter" && v != "" && v != f.Default {
			set = append(set, f.Name+" "+v)
		}
	}
	if len(set) == 0 {
		return ""
	}
	return "; filters: " + strings.Join(set, ", ")
}

// revIf is rev while a part of the page depends on the ranking, else 0.
func revIf(depends bool, rev int) int {
	if depends {
		return rev
	}
	return 0
}

// ChartList holds the charts of the ranking. go-app compares its fields
// before rendering it: the same list (same backing array, kept while
// typing) is not drawn again. Until its place comes near the view
// (chartsMargin) it holds the charts' boxes without options: the charts,
// and ECharts, are made then, not on the start's path.
type ChartList struct {
	app.Compo
	Charts  model.Charts
	Wanted  bool
	Hidden  bool
	standIn // on a first visit, the pre-rendered boxes until the task after the form's (standin.go)
}

// chartsMargin is how far from the view the charts start being made: a
// screen of scrolling either way, so that they are drawn when reached.
const chartsMargin = "100% 0px 100% 0px"

// Render draws a box per chart.
func (l *ChartList) Render() app.UI {
	return l.draw(func() app.UI {
		return hideIf(app.Div().Class("charts").ID("charts"), l.Hidden).Body(
			app.Range(l.Charts).Slice(func(i int) app.UI { c := l.Charts[i]; return chartBox(c.ID, c.Label, c.Note, c.Option) }),
		)
	})
}

// OnMount asks for the charts once their place nears the view (standing
// in: once they are live).
func (l *ChartList) OnMount(ctx app.Context) {
	keepRendered(ctx)
	if l.standing() {
		l.mount(ctx, l.watch)
		return
	}
	l.watch(ctx)
}

// watch asks for the charts once their place nears the view.
func (l *ChartList) watch(ctx app.Context) {
	if l.Wanted || !app.IsClient {
		return
	}
	browser.WhenNear(ctx, chartsMargin, func() {
		ctx.Dispatch(func(ctx app.Context) {
			keepRendered(ctx) // the action's handler renders when it makes the charts
			ctx.NewAction(actionChartsNear)
		})
	})
}

func exportButton(id, kind, label string) app.UI {
	return app.Elem("button").Attr("type", "button").ID(id).Text(label).OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionExport, kind) })
}

func th(s string) app.UI { return app.Elem("th").Attr("scope", "col").Text(s) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func orDash(s string) string {
	if s == "" {
		return "board not stated"
	}
	return s
}

// validated is the validation of the selected candidate's core when it
// is an estimate (made on the first such selection).
func (r *Results) validated() *catalog.Validated {
	c := r.M.Results.SelectedCandidate()
	if c == nil || c.Donor == nil {
		return nil
	}
	return r.M.Validation(c.Donor.Spread.Core)
}

// hideIf hides a block: only with hidden set, since hidden="false" hides
// too.
func hideIf[E interface{ Hidden(bool) E }](e E, hide bool) E {
	if hide {
		return e.Hidden(true)
	}
	return e
}

// openIf opens a details element when open holds (go-app writes
// Open(false) into the page's HTML as open="false", which opens it).
func openIf(d app.HTMLElem, open bool) app.HTMLElem {
	if open {
		return d.Attr("open", true)
	}
	return d
}

// dataLine says where the bundled figures come from, from the dataset
// itself: its libraries and its documents.
func dataLine(ds *bench.Dataset) string {
	var libs, docs []string
	for _, l := range ds.Libraries {
		libs = append(libs, l.Name)
	}
	for _, d := range ds.Documents {
		docs = append(docs, d.Name)
	}
	return fmt.Sprintf("Data: %s, from %d source documents (%s); every figure links to its source. Missing measurements make a verdict unknown, never a pass.",
		strings.Join(libs, ", "), len(docs), strings.Join(docs, ", "))
}

// problemsBox lists the form's problems. The alert is the box, the list
// inside it: a list with the alert role loses its items' list semantics
// (axe's listitem rule).
func problemsBox(problems []string) app.UI {
	return hideIf(app.Div().ID("problems").Role("alert"), len(problems) == 0).Body(
		app.Elem("ul").Class("problems").Body(
			app.Range(problems).Slice(func(i int) app.UI { return app.Elem("li").Text(problems[i]) }),
		),
	)
}

// compareStatus says, by the table, how many rows are ticked to compare,
// links to the comparison (the link moves the focus there) and says the
// limit once it is reached.
func compareStatus(n int) app.UI {
	return hideIf(app.P().ID("compare-status").Class("compare-status").Role("status"), n == 0).Body(
		app.Text(fmt.Sprintf("%d of at most %d rows ticked to compare. ", n, model.MaxCompare)),
		app.If(n >= 2, func() app.UI {
			return app.Elem("a").Attr("href", "#compare").OnClick(toCompare).Text("See them side by side")
		}),
		app.If(n >= model.MaxCompare, func() app.UI { return app.Text(" — the most: untick one to compare another.") }),
	)
}

// toCompare moves the focus to the comparison (go-app takes over a
// link's click, so the fragment alone would not move it).
func toCompare(ctx app.Context, e app.Event) {
	browser.PreventDefault(e)
	if err := browser.Focus("compare"); err != nil {
		ctx.NewActionWithValue(actionError, err.Error())
	}
}

// rowFilterLine names the results filter in the "Ranked:" line: the rows
// shown are those it matches ("" without one).
func rowFilterLine(filter string) string {
	if w := model.FilterWords(filter); len(w) > 0 {
		return "; showing the rows that match “" + strings.Join(w, " ") + "”"
	}
	return ""
}
