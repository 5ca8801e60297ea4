package ui

import (
	"cryptosizer/app/catalog"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
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
}

// dataset is the data ranked (nil while the page is pending: nothing is
// selected then, and Details needs none).
func (r *Results) dataset() *bench.Dataset {
	if ix := r.M.Index(); ix != nil {
		return ix.Dataset()
	}
	return nil
}

// grouped lays the visible candidates out in verdict order (pass,
// unknown, fail), each group in the chosen sort order, marking where each
// group starts. Unless unfolded, only the first of each group are laid
// out (model.Fold): the catalogue ranks hundreds of estimates, and a row
// that is not there costs no diff and no DOM; hidden counts the rest.
func grouped(res *model.Results) (rows []engine.Candidate, starts []bool, counts map[engine.Verdict]int, hidden int) {
	cs := res.Visible()
	counts = map[engine.Verdict]int{}
	for _, c := range cs {
		counts[c.Verdict]++
	}
	for _, g := range []engine.Verdict{engine.Pass, engine.Unknown, engine.Fail} {
		n := 0
		for _, c := range cs {
			if c.Verdict != g {
				continue
			}
			// The user's own candidates (imported, picked, compared) are
			// always laid out.
			own := c.Imported != "" || c.Key == res.Selected || contains(res.Compare, c.Key)
			if !res.ShowAllFails && n >= model.Fold[g] && !own {
				hidden++
				continue
			}
			rows = append(rows, c)
			starts = append(starts, n == 0)
			n++
		}
	}
	return rows, starts, counts, hidden
}

// notRanked lists what the ranking leaves out, and why: the groups
// without a build (unless the empty ranking's explanation says so
// already) and the builds without a figure for the workload. It is one
// HTML text (as the table is): a keystroke re-renders the results, and
// go-app compares one text instead of a node per entry; and the first
// view prepared at build time holds the same text.
func notRanked(res engine.Result, explained bool) string {
	var b strings.Builder
	b.WriteString(`<div class="not-ranked">`)
	list := func(id, summary string, lines []string) {
		n := 0
		for _, l := range lines {
			n += len(l) + 1
		}
		b.Grow(n + n/16 + 256) // the lines, a few escapes, the markup
		b.WriteString(`<details id="` + id + `" class="no-figure"><summary>` + esc(summary) + `</summary><p class="lines">`)
		for i, l := range lines { // escaped line by line into the text: no joined copy
			if i > 0 {
				b.WriteByte('\n')
			}
			_, _ = escaper.WriteString(&b, l)
		}
		b.WriteString(`</p></details>`)
	}
	if len(res.Unbuilt) > 0 && !explained {
		list("unbuilt", fmt.Sprintf("Not ranked: %d part numbers have no build", res.Counts.Unbuilt), explain.Unbuilt(res))
	}
	if len(res.NoFigure) > 0 {
		nf := explain.NoFigure(res)
		list("no-figure", fmt.Sprintf("Not ranked: %s publish no figure for an operation of this workload", explain.Builds(len(nf))), nf)
	}
	b.WriteString(`</div>`)
	return b.String()
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
	if hidden > 0 {
		s += fmt.Sprintf(" (%d shown: %s)", n-hidden, folded(counts))
	}
	if nf := len(res.Res.NoFigure); nf > 0 {
		s += fmt.Sprintf(" · %s publish no figure for an operation of this workload", explain.Builds(nf))
	}
	if n := res.Res.Counts.Unbuilt; n > 0 {
		s += fmt.Sprintf(" · %d part numbers have no build", n)
	}
	if res.Res.Workload.Objective == engine.ObjectiveSmallest {
		s += " · passes ordered by the smallest part: slowest clock, then least flash"
	} else {
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
	NotRanked  string // the not-ranked lists' HTML
	Rows       int
	Hidden     int
	DataLine   string
}

// view is the results' view of the ranking on screen (the prepared one
// while the page is pending), calling pause (unless nil) between its
// parts (the check that a first visit showed the live answer is paced:
// going live).
func (r *Results) view(pause func()) resultsView {
	if r.First != nil && r.M.Pending() {
		return r.First.View
	}
	if pause == nil {
		pause = func() {}
	}
	res := &r.M.Results
	rows, starts, counts, hidden := grouped(res)
	pause()
	v := resultsView{Workload: explain.Workload(res.Res.Workload), Count: len(res.Res.Candidates), Status: status(res, counts, hidden),
		Empty: explain.Empty(res.Res), Rows: len(rows), Hidden: hidden, DataLine: dataLine(r.M.Index().Dataset())}
	if counts[engine.Unknown] > 0 {
		why := explain.UnknownReasons(res.Res)
		v.UnknownWhy = "Unknown, by what is missing: " + strings.Join(why[:min(3, len(why))], "; ") + more(len(why)-3) + "."
	}
	pause()
	tableCls := "rank"
	if res.Stale {
		tableCls += " stale"
	}
	v.Table = tableHTML(res, tableCls, rows, starts)
	pause()
	v.NotRanked = notRanked(res.Res, len(v.Empty) > 0)
	return v
}

// Render draws the results.
func (r *Results) Render() app.UI {
	res := &r.M.Results
	v := r.view(nil)
	problems := r.M.Problems()
	return app.Section().ID("results").Class("results").Attr("data-renders", r.Rev).Attr("data-client", r.Client).
		Attr("data-count", v.Count).Attr("data-stale", res.Stale).Aria("labelledby", "results-title").Body(
		app.H2().ID("results-title").Class("visually-hidden").Text("Results"),
		app.P().Class("summary").Body(app.Strong().Text("Ranked: "), app.Text(v.Workload),
			app.A().Class("edit-link").Href("#workload").Text(" Edit the workload")),
		app.If(!r.Client, func() app.UI {
			return app.P().ID("link-pending").Class("link-pending").Role("status").Text(
				"Ranking the workload of your link… The ranking this page was saved with is an example for the default workload, not your link's answer.")
		}),
		app.If(!r.Client, func() app.UI {
			return app.NoScript().Body(app.P().Class("noscript").Text(
				"Scripting is off: cryptosizer ranks in your browser (WebAssembly), so nothing here answers a link's own workload. " +
					"The ranking below is the example for the default workload: " + v.Workload + "."))
		}),
		app.If(len(problems) > 0, func() app.UI {
			return app.Ul().ID("problems").Class("problems").Role("alert").Body(
				app.Range(problems).Slice(func(i int) app.UI { return app.Li().Text(problems[i]) }),
			)
		}),
		app.P().ID("status").Class("status").Role("status").Aria("live", "polite").Text(v.Status),
		app.If(v.UnknownWhy != "", func() app.UI {
			return app.P().ID("unknown-why").Class("unknown-why").Text(v.UnknownWhy)
		}),
		app.If(len(v.Empty) > 0, func() app.UI {
			return app.Ul().ID("empty").Class("empty").Body(
				app.Range(v.Empty).Slice(func(i int) app.UI { return app.Li().Text(v.Empty[i]) }),
			)
		}),
		// An empty ranking hides its table and charts (kept mounted, so
		// that typing does not rebuild them) behind the explanation.
		&TableView{HTML: v.Table, Hidden: len(v.Empty) > 0},
		app.Raw(v.NotRanked),
		app.If(v.Hidden > 0, func() app.UI {
			return app.Button().Type("button").ID("show-all-fails").Text(fmt.Sprintf("Show all %d candidates (%d more)", v.Rows+v.Hidden, v.Hidden)).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionUnfold) })
		}),
		app.Div().Class("tools").Body(
			&Control{ID: "filter", Name: "filter", Label: "Filter results", Kind: "search", Value: res.Filter,
				Placeholder: "e.g. H7, PKA, cmox", Action: actionFilter},
			exportButton("print", "print", "Print"),
			exportButton("export-csv", "csv", "Download CSV"),
			exportButton("export-json", "json", "Download JSON"),
			exportButton("copy-link", "link", "Copy link"),
		),
		app.If(r.Link != "", func() app.UI {
			return app.Div().Class("share").Body(
				app.Input().Type("text").ID("share-link").ReadOnly(true).Value(r.Link).Aria("label", "Link to this result"),
			)
		}),
		// Each of these re-renders only when what it shows may have
		// changed: nothing compared or picked shows a hint that a
		// keystroke does not change, and the charts change once typing
		// pauses (their list is then a new one).
		&Compare{M: res, Rev: revIf(len(res.Compare) > 0, r.Rev)},
		&Details{M: res, Rev: revIf(res.Selected != "", r.Rev), DS: r.dataset(), Validated: r.validated()},
		&ChartList{Charts: res.Charts, Wanted: res.ChartsWanted, Hidden: len(v.Empty) > 0},
		app.Footer().Body(
			app.P().Text("Model: per-handshake operation counts from RFC 5246 §7.4, RFC 8422 §5.4, RFC 8446 §4.4, draft-ietf-tls-ecdhe-mlkem and FIPS 203/204; firmware verify = size ÷ hash rate + one signature verification. "+
				v.DataLine),
		),
	)
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
	Charts model.Charts
	Wanted bool
	Hidden bool
}

// chartsMargin is how far from the view the charts start being made: a
// screen of scrolling either way, so that they are drawn when reached.
const chartsMargin = "100% 0px 100% 0px"

// Render draws a box per chart.
func (l *ChartList) Render() app.UI {
	return hideIf(app.Div().Class("charts").ID("charts"), l.Hidden).Body(
		app.Range(l.Charts).Slice(func(i int) app.UI { c := l.Charts[i]; return chartBox(c.ID, c.Label, c.Note, c.Option) }),
	)
}

// OnMount asks for the charts once their place nears the view.
func (l *ChartList) OnMount(ctx app.Context) {
	keepRendered(ctx)
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
	return app.Button().Type("button").ID(id).Text(label).OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionExport, kind) })
}

func th(s string) app.UI { return app.Th().Scope("col").Text(s) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hardware says which of the part's crypto peripherals the build uses.
func hardware(c engine.Candidate) string {
	if c.Facts == nil {
		acc := strings.Join(c.Acceleration, "+")
		if acc == "" {
			return "uses none (part facts unknown)"
		}
		return "uses " + acc + " (part facts unknown)"
	}
	if len(c.Facts.Accelerators) == 0 {
		return "none on the part"
	}
	used := strings.Join(c.Acceleration, "+")
	s := "uses " + used + " of " + strings.Join(c.Facts.Accelerators, ", ")
	if used == "" {
		s = "uses none of " + strings.Join(c.Facts.Accelerators, ", ")
	}
	if len(c.ClaimedAcceleration) > 0 {
		s += "; its label also claims " + strings.Join(c.ClaimedAcceleration, "+") + ", which the part lacks"
	}
	return s
}

// partLine is the part's facts in a few words: core, flash and RAM; for
// a part group, its members' range.
func partLine(c engine.Candidate) string {
	f := c.Facts
	if f == nil {
		return "no curated facts"
	}
	if g := c.Group; g != nil {
		members := fmt.Sprintf("×%d", g.Members)
		if c.Qualifying != nil {
			members = fmt.Sprintf("%d of ×%d qualify", len(c.Qualifying), g.Members)
		}
		return fmt.Sprintf("%s · %s: %s flash, %s RAM · %s", strings.TrimPrefix(f.Core, "Cortex-"), members,
			span(g.Flash), span(g.RAM), strings.Join(g.Packages[:min(3, len(g.Packages))], ", ")+more(len(g.Packages)-3))
	}
	flash := explain.Size(f.FlashBytes) + " flash"
	if f.FlashBytes == 0 {
		flash = "no internal flash"
	}
	s := strings.TrimPrefix(f.Core, "Cortex-") + " · " + flash + " · " + explain.Size(f.RAMBytes) + " RAM"
	if f.TrustZone {
		s += " · TrustZone"
	}
	return s
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

// Details is the picked candidate's part, arithmetic and notes, with the
// rule and the source behind every term (linked to the original page).
type Details struct {
	app.Compo
	M   *model.Results
	Rev int
	DS  *bench.Dataset
	// Validated is how close estimates on the selected estimate's core
	// come (nil for a measured row, or where none could be checked).
	Validated *catalog.Validated
}

// Render draws the details.
func (d *Details) Render() app.UI {
	c := d.M.SelectedCandidate()
	if c == nil {
		return app.P().ID("details").Class("hint").TabIndex(-1).Text("Select a row (click, or Tab then Enter) to see its part, arithmetic and sources; tick Compare on two or three rows to see them side by side.")
	}
	why, notes := explain.Why(*c), explain.Notes(*c)
	budget := explain.EnergyLines(*c)
	if m := explain.MemoryLine(*c); m != "" {
		budget = append(budget, m)
	}
	if w := explain.Wire(d.M.Res.Workload); w != "" {
		budget = append(budget, w)
	}
	return app.Section().ID("details").Class("details").TabIndex(-1).Aria("labelledby", "details-title").Body(
		app.H2().ID("details-title").Text(c.MCU+" · "+c.Library+" "+c.LibraryVersion+" · "+c.Config),
		app.P().Text("Verdict "+string(c.Verdict)+", headroom "+explain.Headroom(c.Headroom)+", clock "+explain.Clock(*c)+" (measured at "+explain.MHz(c.MeasuredClockHz)+"), evidence "+explain.Basis(c.Basis)+" (the weakest of its figures)"),
		app.If(c.Group != nil, func() app.UI { return groupDetails(*c, d.Validated) }),
		app.Range(why).Slice(func(i int) app.UI { return app.P().Class("why").Text(why[i]) }),
		app.Ul().Class("figures").Body(app.Range(explain.Figures).Slice(func(i int) app.UI {
			f := explain.Figures[i]
			return app.Li().Text(f.Label + ": " + figureText(f, *c))
		})),
		factsTable(*c),
		app.Range(budget).Slice(func(i int) app.UI { return app.P().Class("budget").Text(budget[i]) }),
		app.If(c.LongestOpS != nil, func() app.UI {
			return app.P().Class("longest").Text("Longest single operation: " + c.LongestOp + ", " + explain.Duration(*c.LongestOpS) +
				" — it runs to completion, so the CPU is blocked that long (watchdogs, real-time tasks).")
		}),
		app.Range(notes).Slice(func(i int) app.UI { return app.P().Class("note").Text(notes[i]) }),
		app.Range(c.Warnings).Slice(func(i int) app.UI {
			return app.P().Class("warning").Role("note").Text("Data-quality warning: " + c.Warnings[i])
		}),
		app.Range(c.Requirements).Slice(func(i int) app.UI { return d.requirement(c.Requirements[i]) }),
	)
}

func (d *Details) requirement(r engine.Requirement) app.UI {
	steps := explain.Steps(r)
	return app.Div().Class("req").Body(
		app.H3().Body(app.Span().Class("badge "+string(r.Verdict)).Text(string(r.Verdict)), app.Text(" "+string(r.Kind)+" — headroom "+explain.Headroom(r.Headroom))),
		app.Ol().Body(app.Range(steps).Slice(func(j int) app.UI { return app.Li().Text(steps[j]) })),
		app.Ul().Class("sources").Body(app.Range(r.Terms).Slice(func(j int) app.UI {
			t := r.Terms[j]
			rule, _ := engine.RuleOf(t.Rule)
			if t.Missing {
				return app.Li().Body(app.Code().Text(t.Op), app.Text(" — no measurement in the dataset (rule "+string(t.Rule)+": "+rule.Ref+")"))
			}
			link := d.DS.Link(t.Pos)
			return app.Li().Body(app.Code().Text(t.Op), app.Text(" — "+explain.From(t)+" — "+t.Source+" "),
				app.If(link != "", func() app.UI {
					return app.A().Href(link).Attr("rel", "noopener noreferrer").Attr("target", "_blank").Text("original page, line " + strconv.Itoa(t.Pos.Line))
				}),
				app.Text(" (rule "+string(t.Rule)+": "+rule.Ref+")"))
		})),
	)
}

// factsTable is the part's facts and the library's footprint.
func factsTable(c engine.Candidate) app.UI {
	rows := [][2]string{{"Crypto hardware", hardware(c)}}
	if f := c.Facts; f != nil {
		flash := explain.Size(f.FlashBytes)
		if f.FlashBytes == 0 {
			flash = "none internal (external memory)"
		}
		rows = append(rows, [2]string{"Part", f.Part + " (" + f.Series + " series, " + f.Core + ", up to " + explain.MHz(f.MaxClockHz) + ")"},
			[2]string{"Flash / RAM", flash + " / " + explain.Size(f.RAMBytes)},
			[2]string{"TrustZone", yesNo(f.TrustZone)}, [2]string{"Low-power series", yesNo(f.LowPower)},
			[2]string{"Crypto peripherals", f.Hardware})
	}
	rows = append(rows, [2]string{"Library footprint", footprintText(c)})
	if c.PQCStackBytes != nil {
		rows = append(rows, [2]string{"Stack of lent operations", explain.Size(*c.PQCStackBytes) + " at most, for " + strings.Join(c.PQCFrom, ", ") + " (each source's figure for each operation, where it publishes one)"})
	}
	for _, t := range c.PQCCompared {
		rows = append(rows, [2]string{t.From.Source + " on this part", fmt.Sprintf("%s: %s %s would take %s (%s; slow end %s) — for comparison; this build's own figure is used", t.Op,
			t.From.Source, t.From.Implementation, explain.Duration(t.Each), explain.Basis(t.Basis), explain.Duration(t.Slow))})
	}
	return app.Table().Class("facts").Body(
		app.Caption().Text("The part and the library's memory"),
		app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
			return app.Tr().Body(app.Th().Scope("row").Text(rows[i][0]), app.Td().Text(rows[i][1]))
		})),
	)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// footprintText says what the library publishes of its memory for the
// operations the workload uses, against the part's flash and RAM.
func footprintText(c engine.Candidate) string {
	fp := c.Footprint
	switch {
	case fp == nil:
		return "not published for this library build"
	case fp.RAMBytes == nil:
		s := "no total: not published for " + strings.Join(fp.Missing, ", ")
		if n := len(fp.Ops) - len(fp.Missing); n > 0 {
			s += fmt.Sprintf(" (published for the other %d of the %d operations used)", n, len(fp.Ops))
		}
		return s
	case fp.FlashBytes == nil:
		// RAM per operation, code only for a whole image (wolfSSL's
		// STM32_Bare_Test).
		what := "the largest stack and heap of one operation"
		if fp.HeapOnly {
			what = "the largest heap one operation holds; its stack is not published, so this is a lower bound"
		}
		s := fmt.Sprintf("%s of RAM (%s) for %s; code size is published for whole images only", explain.Size(*fp.RAMBytes), what, strings.Join(fp.Ops, ", "))
		if f := c.Facts; f != nil && f.RAMBytes > 0 {
			s += fmt.Sprintf(" — %s of the part's RAM", explain.Percent(float64(*fp.RAMBytes)/float64(f.RAMBytes)))
		}
		return s
	}
	s := fmt.Sprintf("%s of code and constants, %s of RAM (globals + the largest stack and buffer) for %s", explain.Size(*fp.FlashBytes), explain.Size(*fp.RAMBytes), strings.Join(fp.Ops, ", "))
	if f := c.Facts; f != nil && f.FlashBytes > 0 && f.RAMBytes > 0 {
		s += fmt.Sprintf(" — %s of the part's flash, %s of its RAM", explain.Percent(float64(*fp.FlashBytes)/float64(f.FlashBytes)), explain.Percent(float64(*fp.RAMBytes)/float64(f.RAMBytes)))
	}
	return s
}

// hideIf hides a block: only with hidden set, since hidden="false" hides
// too.
func hideIf(d app.HTMLDiv, hide bool) app.HTMLDiv {
	if hide {
		return d.Hidden(true)
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

func span(r [2]int64) string {
	if r[0] == r[1] {
		return explain.Size(r[0])
	}
	return explain.Size(r[0]) + "–" + explain.Size(r[1])
}

func more(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" +%d", n)
}

// groupDetails says what a row standing for a part group stands for
// and, for an estimate, where its figures come from.
func groupDetails(c engine.Candidate, v *catalog.Validated) app.UI {
	g, d := c.Group, c.Donor
	if g == nil {
		return nil
	}
	if d == nil {
		return app.Div().Class("group").Body(
			app.P().Text(fmt.Sprintf("Measured on %s (%s, %s). The row stands for the %d part numbers of the same silicon — die, cores, clock and crypto units — which run the same code at the same speed per cycle (ST's part database, %s%s):",
				c.MCU, orDash(c.Board), explain.MHz(c.MeasuredClockHz), g.Members, g.File, clockFrom(g))),
			members(g.List, c.Qualifying),
		)
	}
	spread := fmt.Sprintf("%.2f× (the largest cycle ratio of the same build on two %s parts in our data", d.Spread.Factor, d.Spread.Core)
	if d.Spread.Borrowed != "" {
		spread = fmt.Sprintf("%.2f× (no %s pair in our data: the largest of any core, %s", d.Spread.Factor, d.Spread.Core, d.Spread.Borrowed)
	}
	boards := "none of ST's evaluation boards"
	if len(g.Boards) > 0 {
		boards = "try it on " + strings.Join(g.Boards, ", ")
	}
	return app.Div().Class("group").Body(
		app.P().Class("estimate").Text(fmt.Sprintf("Estimated: nobody measured these %d parts. The figures are %s's (%s, %s) taken as cycles to %s, and the verdict uses the slow end: × spread %s).",
			g.Members, d.MCU, orDash(d.Board), explain.MHz(d.ClockHz), explain.MHz(c.ClockHz), spread)),
		app.P().Class("validation").Text(explain.Validation(d.Spread.Core, v)),
		app.P().Text(fmt.Sprintf("%d part numbers, %s (ST's part database, %s)%s:", g.Members, boards, g.File, clockFrom(g))),
		members(g.List, c.Qualifying),
	)
}

// clockFrom says where a group's maximum clock is inferred from, if it is.
func clockFrom(g *engine.GroupSummary) string {
	if g.ClockFrom == "" {
		return ""
	}
	return "; its maximum clock is inferred: " + g.ClockFrom + ", of the same die and clock tree, states it"
}

// members is a group's part numbers with what differs between them; when
// a filter on part numbers is in force, the ones that pass it are
// marked and listed first.
func members(list []bench.PartMember, qualifying []string) app.UI {
	rows := make([]bench.PartMember, 0, len(list))
	if qualifying != nil {
		for _, m := range list {
			if slices.Contains(qualifying, m.Part) {
				rows = append(rows, m)
			}
		}
	}
	for _, m := range list {
		if qualifying == nil || !slices.Contains(qualifying, m.Part) {
			rows = append(rows, m)
		}
	}
	status := "Part number"
	if qualifying != nil {
		status = fmt.Sprintf("Part number (%d of %d pass the part filters)", len(qualifying), len(list))
	}
	return app.Table().Class("members").Body(
		app.THead().Body(app.Tr().Body(th(status), th("Flash"), th("RAM"), th("Package"), th("Up to"), th("Supply from"))),
		app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
			m := rows[i]
			q := qualifying != nil && slices.Contains(qualifying, m.Part)
			name, cls := m.Part, ""
			if q {
				name, cls = "✓ "+name, "qualifies"
			}
			return app.Tr().Class(cls).Body(
				app.Td().Text(name), app.Td().Text(explain.Size(m.FlashBytes)), app.Td().Text(explain.Size(m.RAMBytes)),
				app.Td().Text(m.Package), app.Td().Text(explain.Optional(m.TempMaxC, " °C")), app.Td().Text(explain.Optional(m.VoltageMinV, " V")),
			)
		})),
	)
}
