package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page is split into small components whose fields are plain strings,
// so that go-app re-renders only the fields and rows whose text changed:
// typing in one field no longer rebuilds the whole form.

// Actions the parts send to the page.
const (
	actionParam  = "cryptosizer/param"  // value: param
	actionSelect = "cryptosizer/select" // value: candidate key
)

type param struct{ Name, Value string }

// FieldInput is one labelled workload input with its message.
type FieldInput struct {
	app.Compo
	Name, Label, Kind, Value, Placeholder, Msg string
	Invalid                                    bool
	Options                                    string // choices joined by "\n"; "" is "any"
}

// OnUpdate keeps the control showing Value. Attributes alone do not: a
// <select> rendered before the URL was read ignores later "selected"
// attributes, and an input's value property parts from its attribute once
// typed into.
func (f *FieldInput) OnUpdate(ctx app.Context) {
	ctx.Defer(func(app.Context) {
		el := app.Window().GetElementByID("f-" + f.Name)
		if !el.Truthy() {
			return
		}
		if f.Kind == "checkbox" {
			if want := f.Value == "true"; el.Get("checked").Bool() != want {
				el.Set("checked", want)
			}
			return
		}
		if el.Get("value").String() != f.Value {
			el.Set("value", f.Value)
		}
	})
}

// Render draws the field.
func (f *FieldInput) Render() app.UI {
	id := "f-" + f.Name
	send := func(ctx app.Context, e app.Event) {
		v := ctx.JSSrc().Get("value").String()
		if f.Kind == "checkbox" {
			v = "false"
			if ctx.JSSrc().Get("checked").Bool() {
				v = "true"
			}
		}
		ctx.NewActionWithValue(actionParam, param{f.Name, v})
	}
	var input app.UI
	switch f.Kind {
	case "checkbox":
		input = app.Input().Type("checkbox").ID(id).Name(f.Name).Checked(f.Value == "true").OnChange(send)
	case "select":
		opts := strings.Split(f.Options, "\n")
		input = app.Select().ID(id).Name(f.Name).OnChange(send).Body(
			app.Range(opts).Slice(func(i int) app.UI {
				label := opts[i]
				if label == "" {
					label = "any"
				}
				return app.Option().Value(opts[i]).Text(label).Selected(f.Value == opts[i])
			}),
		)
	default:
		input = app.Input().Type("text").ID(id).Name(f.Name).Value(f.Value).Placeholder(f.Placeholder).
			Aria("invalid", f.Invalid).Aria("describedby", id+"-msg").Attr("autocomplete", "off").OnInput(send)
	}
	cls := "hint"
	if f.Invalid {
		cls = "error"
	}
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(f.Label),
		input,
		app.Small().ID(id+"-msg").Class(cls).Text(f.Msg),
	)
}

// Row is one candidate in a results table.
type Row struct {
	app.Compo
	Key, Rank, Verdict, Board, MCU, Imported, Library, Config, Accel, Clock, Headroom, CPU, Bottleneck string
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
		if e.Get("type").String() == "keydown" {
			if k := e.Get("key").String(); k != "Enter" && k != " " {
				return
			}
			e.PreventDefault()
		}
		ctx.NewActionWithValue(actionSelect, r.Key)
	}
	return app.Tr().Class(cls).Hidden(r.Hidden).TabIndex(0).Aria("selected", r.Selected).Attr("data-key", r.Key).OnClick(pick).OnKeyDown(pick).Body(
		app.Td().Text(r.Rank),
		app.Td().Body(app.Span().Class("badge "+r.Verdict).Text(r.Verdict)),
		app.Td().Text(r.Board),
		app.Td().Body(app.Text(r.MCU), app.If(r.Imported != "", func() app.UI { return app.Span().Class("badge imported").Title(r.Imported).Text("imported") })),
		app.Td().Text(r.Library),
		app.Td().Class("config").Text(r.Config),
		app.Td().Text(r.Accel),
		app.Td().Text(r.Clock),
		app.Td().Class("num").Text(r.Headroom),
		app.Td().Class("num").Text(r.CPU),
		app.Td().Text(r.Bottleneck),
	)
}
