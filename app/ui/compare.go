package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// Compare shows the candidates ticked for comparison side by side: the
// verdict, each requirement and its terms, the part's facts, the
// footprint, the notes and warnings; a row whose values differ is marked.
type Compare struct {
	app.Compo
	M   *model.Results
	Rev int
}

// uncompare takes the candidate its button names out of the comparison
// (read from the button: see browser.EventData).
func uncompare(ctx app.Context, e app.Event) {
	if k := browser.EventData(ctx, "key"); k != "" {
		ctx.NewActionWithValue(actionCompare, k)
	}
}

// Render draws the comparison, or nothing while fewer than two are picked.
func (c *Compare) Render() app.UI {
	cs := c.M.Compared()
	if len(cs) < 2 {
		if len(c.M.Compare) == 1 {
			return app.P().ID("compare").Class("hint").Text("Tick Compare on one or two more rows to see them side by side.")
		}
		return app.Div().ID("compare")
	}
	rows := compareRows(cs)
	// Focusable, so that the link by the table moves the focus here.
	return app.Elem("section").ID("compare").Class("compare").TabIndex(-1).Aria("labelledby", "compare-title").Body(
		app.Elem("h2").ID("compare-title").Text("Side by side"),
		app.Div().Class("table-wrap").Body(app.Elem("table").Class("compare").Body(
			app.Elem("caption").Class("visually-hidden").Text("Candidates side by side; rows whose values differ are marked"),
			app.Elem("thead").Body(app.Elem("tr").Body(
				app.Elem("th").Attr("scope", "col").Text("Candidate"),
				app.Range(cs).Slice(func(i int) app.UI {
					return app.Elem("th").Attr("scope", "col").Body(
						app.Text(cs[i].MCU+" · "+cs[i].Library+" "+cs[i].LibraryVersion), app.ElemSelfClosing("br"), app.Elem("small").Text(cs[i].Config),
						app.Elem("button").Attr("type", "button").Class("uncompare").Aria("label", "Take "+cs[i].MCU+" "+cs[i].Config+" out of the comparison").Text("✕").
							DataSet("key", cs[i].Key).OnClick(uncompare),
					)
				}),
			)),
			sideBySide(rows),
		)),
	)
}

// sideBySide is the body of a side-by-side table: a row per fact, its
// label heading it, a row whose values differ marked (also for screen
// readers). The candidates' compare and the parts view share it.
func sideBySide(rows []model.CompareRow) app.UI {
	return app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI {
		r := rows[i]
		cls := ""
		if r.Differs() {
			cls = "differs"
		}
		return app.Elem("tr").Class(cls).Body(
			app.Elem("th").Attr("scope", "row").Body(app.Text(r.Label), app.If(cls != "", func() app.UI { return app.Elem("span").Class("visually-hidden").Text(" (differs)") })),
			app.Range(r.Values).Slice(func(j int) app.UI { return app.Elem("td").Text(r.Values[j]) }),
		)
	}))
}

// compareRows lays the candidates out row by row: the same requirement
// kinds and operations line up across candidates.
func compareRows(cs []engine.Candidate) []model.CompareRow {
	var rows []model.CompareRow
	add := func(label string, f func(c engine.Candidate) string) {
		r := model.CompareRow{Label: label}
		for _, c := range cs {
			r.Values = append(r.Values, f(c))
		}
		rows = append(rows, r)
	}
	add("Verdict", func(c engine.Candidate) string { return string(c.Verdict) })
	add("Bottleneck", func(c engine.Candidate) string { return explain.Bottleneck(c) })
	add("Clock", explain.Clock)
	add("Evidence", func(c engine.Candidate) string { return explain.Basis(c.Basis) })
	for _, f := range explain.Figures {
		add(f.Label, func(c engine.Candidate) string { return figureText(f, c) })
	}
	var kinds []engine.KindName
	ops := map[engine.KindName][]string{}
	for _, c := range cs {
		for _, r := range c.Requirements {
			if !contains(kindStrings(kinds), string(r.Kind)) {
				kinds = append(kinds, r.Kind)
			}
			for _, t := range r.Terms {
				if !contains(ops[r.Kind], t.Op) {
					ops[r.Kind] = append(ops[r.Kind], t.Op)
				}
			}
		}
	}
	for _, k := range kinds {
		add(string(k), func(c engine.Candidate) string {
			for _, r := range c.Requirements {
				if r.Kind == k {
					return string(r.Verdict) + ", headroom " + explain.RequirementHeadroom(r)
				}
			}
			return "—"
		})
		for _, op := range ops[k] {
			add("  "+op, func(c engine.Candidate) string {
				for _, r := range c.Requirements {
					for _, t := range r.Terms {
						if r.Kind == k && t.Op == op {
							if t.Missing {
								return "no measurement"
							}
							return explain.Number(t.Count) + " × " + explain.Duration(t.Each) + " = " + explain.Duration(t.Total)
						}
					}
				}
				return "—"
			})
		}
	}
	add("Crypto hardware", hardware)
	add("Part", partLine)
	add("Library footprint", footprintText)
	add("Notes and warnings", func(c engine.Candidate) string {
		return strings.Join(append(append(explain.Why(c), explain.Notes(c)...), c.Warnings...), " ")
	})
	return rows
}

func kindStrings(ks []engine.KindName) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// figureText is a figure with its basis where that is not a plain
// measurement.
func figureText(f explain.Figure, c engine.Candidate) string {
	t := f.Text(c)
	if b := f.Basis(c); b != "" && b != bench.Measured && t != "—" {
		t += " (" + explain.Basis(b) + ")"
	}
	return t
}
