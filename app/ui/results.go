package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// Results is the answer: the workload that was ranked, what is wrong with
// the form, the tools, the ranking table, the picked candidate's details
// and the charts.
type Results struct {
	app.Compo
	M      *model.Page
	Rev    int
	Client bool   // the browser app has taken over the pre-rendered page
	Link   string // the last link made by "Copy link"
}

// grouped lays the visible candidates out in verdict order (pass,
// unknown, fail), each group in the chosen sort order, marking where each
// group starts; failures beyond the closest FoldFails are hidden unless
// unfolded.
func grouped(res *model.Results) (rows []engine.Candidate, starts []bool, counts map[engine.Verdict]int, hidden int) {
	cs := res.Visible()
	counts = map[engine.Verdict]int{}
	for _, c := range cs {
		counts[c.Verdict]++
	}
	for _, g := range []engine.Verdict{engine.Pass, engine.Unknown, engine.Fail} {
		first := true
		for _, c := range cs {
			if c.Verdict == g {
				rows = append(rows, c)
				starts = append(starts, first)
				first = false
			}
		}
	}
	if !res.ShowAllFails && counts[engine.Fail] > model.FoldFails {
		hidden = counts[engine.Fail] - model.FoldFails
	}
	return rows, starts, counts, hidden
}

// Render draws the results.
func (r *Results) Render() app.UI {
	res := &r.M.Results
	rows, starts, counts, hidden := grouped(res)
	status := fmt.Sprintf("%d pass · %d unknown · %d fail", counts[engine.Pass], counts[engine.Unknown], counts[engine.Fail])
	if hidden > 0 {
		status += fmt.Sprintf(" (the closest %d failures shown)", model.FoldFails)
	}
	if res.Stale {
		status += " — for the last valid workload, not the form"
	}
	problems := r.M.Problems()
	tableCls := "rank"
	if res.Stale {
		tableCls += " stale"
	}
	w := res.Res.Workload
	return app.Section().ID("results").Class("results").Attr("data-renders", r.Rev).Attr("data-client", r.Client).
		Attr("data-count", len(res.Res.Candidates)).Attr("data-stale", res.Stale).Body(
		app.P().Class("summary").Body(app.Strong().Text("Ranked: "), app.Text(explain.Workload(w))),
		app.If(len(problems) > 0, func() app.UI {
			return app.Ul().ID("problems").Class("problems").Role("alert").Body(
				app.Range(problems).Slice(func(i int) app.UI { return app.Li().Text(problems[i]) }),
			)
		}),
		app.P().ID("status").Class("status").Role("status").Aria("live", "polite").Text(status),
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
		app.Div().Class("table-wrap").Body(table(res, tableCls, status, rows, starts, len(rows)-hidden)),
		app.If(hidden > 0, func() app.UI {
			return app.Button().Type("button").ID("show-all-fails").Text(fmt.Sprintf("Show all %d failing candidates", counts[engine.Fail])).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionUnfold) })
		}),
		&Details{M: res, Rev: r.Rev},
		app.Div().Class("charts").Body(
			app.Range(res.Charts).Slice(func(i int) app.UI { c := res.Charts[i]; return chartBox(c.ID, c.Label, c.Option) }),
		),
		app.Footer().Body(
			app.P().Text("Model: per-handshake operation counts from RFC 5246 §7.4, RFC 8422 §5.4 and RFC 8446 §4.4; firmware verify = size ÷ hash rate + one signature verification. "+
				"Data: ST wiki CMOX pages (STM32WBA52CG, STM32G071RB, STM32L152RE) and wolfSSL's STM32 benchmark page. Missing measurements make a verdict unknown, never a pass."),
		),
	)
}

// table is the ranking table. Its row count does not change while
// typing: rows update in place instead of being mounted and unmounted as
// candidates move between verdicts (the costly part of a re-rank), and
// folded failures are hidden, not removed.
func table(res *model.Results, cls, caption string, rows []engine.Candidate, starts []bool, shownUpTo int) app.UI {
	return app.Table().Class(cls).Body(
		app.Caption().Text(caption),
		app.THead().Body(app.Tr().Body(
			sortTh(res.SortBy, "rank", "#"), th("Verdict"), th("Board"), sortTh(res.SortBy, "mcu", "MCU"), th("Library"), th("Configuration"), th("Accel."),
			sortTh(res.SortBy, "clock", "Clock"), sortTh(res.SortBy, "headroom", "Headroom"), sortTh(res.SortBy, "cpu", "CPU"), th("Bottleneck"),
		)),
		app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI { return row(rows[i], res.Selected, starts[i], i >= shownUpTo) })),
	)
}

func exportButton(id, kind, label string) app.UI {
	return app.Button().Type("button").ID(id).Text(label).OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionExport, kind) })
}

func th(s string) app.UI { return app.Th().Scope("col").Text(s) }

// sortTh is a sortable column header: a button that toggles ascending and
// descending order, with aria-sort saying which is in force.
func sortTh(sortBy, key, label string) app.UI {
	state := "none"
	switch sortBy {
	case key:
		state = "ascending"
	case "-" + key:
		state = "descending"
	}
	return app.Th().Scope("col").Aria("sort", state).Body(
		app.Button().Type("button").Class("sort").ID("sort-" + key).Text(label).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSort, key) }),
	)
}

func row(c engine.Candidate, selected string, groupStart, hidden bool) app.UI {
	acc := strings.Join(c.Acceleration, "+")
	if acc == "" {
		acc = "none"
	}
	return &Row{Key: c.Key, Rank: strconv.Itoa(c.Rank), Verdict: string(c.Verdict), Board: orDash(c.Board), MCU: c.MCU, Imported: c.Imported,
		Library: strings.TrimSpace(c.Library + " " + c.LibraryVersion), Config: c.Config, Accel: acc, Clock: explain.Clock(c),
		ClockWarn: c.ClockAboveMax, Headroom: explain.Headroom(c.Headroom), CPU: explain.Share(c.Utilization), Bottleneck: explain.Bottleneck(c),
		Selected: c.Key == selected, GroupStart: groupStart, Hidden: hidden}
}

func orDash(s string) string {
	if s == "" {
		return "not stated"
	}
	return s
}

// Row is one candidate in the results table; its fields are plain
// strings, so go-app re-renders only the rows whose text changed.
type Row struct {
	app.Compo
	Key, Rank, Verdict, Board, MCU, Imported, Library, Config, Accel, Clock, Headroom, CPU, Bottleneck string
	ClockWarn                                                                                          bool
	Selected                                                                                           bool
	GroupStart                                                                                         bool // first row of its verdict
	Hidden                                                                                             bool // folded away
}

// Render draws the row; click, Enter or Space selects it.
func (r *Row) Render() app.UI {
	cls := "row " + r.Verdict
	if r.Selected {
		cls += " selected"
	}
	if r.GroupStart {
		cls += " group-start"
	}
	pick := func(ctx app.Context, e app.Event) {
		if k := browser.EventKey(e); k != "" {
			if k != "Enter" && k != " " {
				return
			}
			browser.PreventDefault(e)
		}
		ctx.NewActionWithValue(actionSelect, r.Key)
	}
	clock := app.Td().Text(r.Clock)
	if r.ClockWarn {
		clock = app.Td().Class("warn").Text(r.Clock)
	}
	tr := app.Tr()
	if r.Hidden {
		tr = tr.Hidden(true) // hidden="false" would hide the row too
	}
	return tr.Class(cls).TabIndex(0).Aria("selected", r.Selected).Attr("data-key", r.Key).OnClick(pick).OnKeyDown(pick).Body(
		app.Td().Text(r.Rank),
		app.Td().Body(app.Span().Class("badge "+r.Verdict).Text(r.Verdict)),
		app.Td().Text(r.Board),
		app.Td().Body(app.Text(r.MCU), app.If(r.Imported != "", func() app.UI { return app.Span().Class("badge imported").Title(r.Imported).Text("imported") })),
		app.Td().Text(r.Library),
		app.Td().Class("config").Text(r.Config),
		app.Td().Text(r.Accel),
		clock,
		app.Td().Class("num").Text(r.Headroom),
		app.Td().Class("num").Text(r.CPU),
		app.Td().Text(r.Bottleneck),
	)
}

// Details is the picked candidate's arithmetic, step by step, with the
// rule and the source row behind every term.
type Details struct {
	app.Compo
	M   *model.Results
	Rev int
}

// Render draws the details.
func (d *Details) Render() app.UI {
	c := d.M.SelectedCandidate()
	if c == nil {
		return app.P().ID("details").Class("hint").TabIndex(-1).Text("Select a row (click, or Tab then Enter) to see its arithmetic and sources.")
	}
	return app.Section().ID("details").Class("details").TabIndex(-1).Aria("label", "Candidate details").Body(
		app.H2().Text(c.MCU+" · "+c.Library+" "+c.LibraryVersion+" · "+c.Config),
		app.P().Text("Verdict "+string(c.Verdict)+", headroom "+explain.Headroom(c.Headroom)+", clock "+explain.Clock(*c)+" (measured at "+explain.MHz(c.MeasuredClockHz)+")"),
		app.If(c.LongestOpS != nil, func() app.UI {
			return app.P().Class("longest").Text("Longest single operation: " + c.LongestOp + ", " + explain.Duration(*c.LongestOpS) +
				" — it runs to completion, so the CPU is blocked that long (watchdogs, real-time tasks).")
		}),
		app.Range(c.Notes).Slice(func(i int) app.UI { return app.P().Class("note").Text(c.Notes[i]) }),
		app.Range(c.Warnings).Slice(func(i int) app.UI {
			return app.P().Class("warning").Role("note").Text("Data-quality warning: " + c.Warnings[i])
		}),
		app.Range(c.Requirements).Slice(func(i int) app.UI {
			r := c.Requirements[i]
			steps := explain.Steps(r)
			return app.Div().Class("req").Body(
				app.H3().Body(app.Span().Class("badge "+string(r.Verdict)).Text(string(r.Verdict)), app.Text(" "+string(r.Kind)+" — headroom "+explain.Headroom(r.Headroom))),
				app.Ol().Body(app.Range(steps).Slice(func(j int) app.UI { return app.Li().Text(steps[j]) })),
				app.Ul().Class("sources").Body(app.Range(r.Terms).Slice(func(j int) app.UI {
					t := r.Terms[j]
					src := t.Source
					if t.Missing {
						src = "no measurement in the dataset"
					}
					rule, _ := engine.RuleOf(t.Rule)
					return app.Li().Body(app.Code().Text(t.Op), app.Text(" — "+src+" (rule "+string(t.Rule)+": "+rule.Ref+")"))
				})),
			)
		}),
	)
}
