package ui

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// PartsView lists every STM32 MCU part number of ST's data, without a
// workload: a searchable, sortable table, a page of rows at a time, and
// the facts of two or three picked parts side by side. It keeps its own
// state and builds its rows the first time it opens, so that the first
// page and every re-rank pay nothing for it.
type PartsView struct {
	app.Compo
	// Total is how many part numbers groups gives; groups reads them
	// (the bundled data may not be read yet when the view is closed).
	// Unexported: go-app compares a component's exported fields, and two
	// funcs are never equal (the view rendered again on every keystroke:
	// TestComponentsHaveNoFuncFields).
	Total  int
	groups func() []bench.PartGroup

	m model.Parts
	// query is what the search box shows when it is made (the view
	// opened): the box is never written again while it is there, so
	// that what is typed is never overwritten (as Control: go-app writes
	// an input's value whenever its rendered value changes, and a render
	// of an earlier keystroke's query lost the characters typed since).
	query string
}

// partCount is how many part numbers the groups have.
func partCount(groups []bench.PartGroup) int {
	n := 0
	for _, g := range groups {
		n += len(g.Members)
	}
	return n
}

// Render draws the closed button, or the view.
func (v *PartsView) Render() app.UI {
	if !v.m.Open {
		// strconv, not fmt: the button is drawn in the mount, where
		// fmt's integer printer would be compiled first (V8 compiles a
		// wasm function on its first call: ~7 ms at 1× in a trace).
		return app.Elem("section").ID("parts").Class("parts").Body(
			app.Elem("button").Attr("type", "button").ID("parts-open").Text("Browse all " + strconv.Itoa(v.Total) + " STM32 part numbers (ST's data)").
				OnClick(func(ctx app.Context, e app.Event) {
					v.query = v.m.Query
					v.m.OpenParts(v.groups())
					// The button goes away: the focus goes to the search
					// box that takes its place, not to the page's body
					// (through the page: a Defer of the button's own
					// context would not run, the button being gone).
					ctx.NewActionWithValue(actionFocus, "parts-query")
				}),
		)
	}
	rows, matching := v.m.Rows()
	return app.Elem("section").ID("parts").Class("parts").Aria("labelledby", "parts-title").Body(
		app.Elem("h2").ID("parts-title").Text("STM32 part numbers"),
		app.P().Class("hint").Text("ST's part database (STM32_open_pin_data), without a workload. Parts of one group run the same code at the same speed per cycle; they differ in flash, RAM, package and temperature. A clock marked inferred is stated by another of ST's part files of the same die and clock tree. Tick Compare on two or three to see them side by side."),
		app.Elem("label").Attr("for", "parts-query").Text("Search (part number, package, core, series or unit, e.g. U5 LQFP PKA)"),
		app.ElemSelfClosing("input").Attr("type", "search").ID("parts-query").Attr("maxlength", model.MaxQuery).Attr("value", v.query).
			OnInput(func(ctx app.Context, e app.Event) { v.m.SetQuery(browser.EventValue(ctx)) }),
		app.P().ID("parts-count").Role("status").Text(fmt.Sprintf("%d of %d part numbers match; %d shown.", matching, v.m.Total(), len(rows))),
		v.compare(),
		app.Div().Class("table-wrap").Body(app.Elem("table").Class("parts-table").Body(
			app.Elem("caption").Class("visually-hidden").Text("STM32 part numbers with ST's facts"),
			app.Elem("thead").Body(app.Elem("tr").Body(
				app.Range(model.PartColumns).Slice(func(i int) app.UI {
					c := model.PartColumns[i]
					state := "none"
					switch v.m.SortBy {
					case c.Key:
						state = "ascending"
					case "-" + c.Key:
						state = "descending"
					}
					return app.Elem("th").Attr("scope", "col").Aria("sort", state).Body(
						app.Elem("button").Attr("type", "button").Class("sort").ID("parts-sort-" + c.Key).Text(c.Label).
							OnClick(func(ctx app.Context, e app.Event) { v.m.Sort(c.Key) }),
					)
				}),
				th("Compare"),
			)),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI {
				r := rows[i]
				cells := r.Cells()
				return app.Elem("tr").Class("part").DataSet("part", r.Part).Body(
					app.Range(cells).Slice(func(j int) app.UI { return app.Elem("td").Text(cells[j]) }),
					// The part is read from the box, not captured: a row
					// shows other parts as the search and order change
					// (see browser.EventData).
					app.Elem("td").Body(app.ElemSelfClosing("input").Attr("type", "checkbox").Class("pick").ID("pick-"+r.Part).Aria("label", "Compare "+r.Part).
						Attr("checked", slices.Contains(v.m.Picked, r.Part)).DataSet("part", r.Part).
						OnChange(func(ctx app.Context, e app.Event) {
							part := browser.EventData(ctx, "part")
							if part != "" && !v.m.Pick(part) {
								_ = browser.SetControl("pick-"+part, "false")
								ctx.NewActionWithValue(actionError, "At most "+strconv.Itoa(model.MaxPicked)+" parts side by side: untick one first.")
							}
						})),
				)
			})),
		)),
		app.If(len(rows) < matching, func() app.UI {
			return app.Elem("button").Attr("type", "button").ID("parts-more").Text(fmt.Sprintf("Show %d more", min(model.PartsPage, matching-len(rows)))).
				OnClick(func(ctx app.Context, e app.Event) { v.m.More() })
		}),
	)
}

// compare shows the picked parts side by side; a fact that differs is
// marked.
func (v *PartsView) compare() app.UI {
	parts, rows := v.m.Compared()
	if rows == nil {
		if len(parts) == 1 {
			return app.P().ID("parts-compare").Class("hint").Text("Tick one or two more parts to compare them with " + parts[0] + ".")
		}
		return app.Div().ID("parts-compare")
	}
	return app.Div().ID("parts-compare").Class("table-wrap").Body(app.Elem("table").Class("compare").Body(
		app.Elem("caption").Class("visually-hidden").Text("Parts side by side; rows whose values differ are marked"),
		app.Elem("thead").Body(app.Elem("tr").Body(
			th("Fact"),
			app.Range(parts).Slice(func(i int) app.UI {
				p := parts[i]
				return app.Elem("th").Attr("scope", "col").Body(app.Text(p+" "),
					app.Elem("button").Attr("type", "button").Class("uncompare").Aria("label", "Take "+p+" out of the comparison").Text("✕").
						DataSet("part", p).OnClick(func(ctx app.Context, e app.Event) {
						if part := browser.EventData(ctx, "part"); part != "" {
							v.m.Pick(part)
						}
					}))
			}),
		)),
		sideBySide(rows),
	))
}
