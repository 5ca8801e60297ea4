package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/engine"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
	"cryptosizer/app/workload"
)

// Form is the workload form: one fieldset per group of parameters.
type Form struct {
	app.Compo
	M   *model.Form
	Rev int
}

// Render draws the form: the groups the requirement kinds and the
// settings declare (engine.Groups).
func (f *Form) Render() app.UI {
	groups := engine.Groups()
	return app.Form().Class("workload").Aria("label", "Workload").OnSubmit(func(ctx app.Context, e app.Event) { browser.PreventDefault(e) }).Body(
		app.Range(groups).Slice(func(i int) app.UI {
			g := groups[i]
			return app.FieldSet().Body(
				app.Legend().Text(g.Title),
				app.Range(g.Fields).Slice(func(j int) app.UI {
					if g.Fields[j].Shorthand {
						return nil // the form shows the fields it stands for
					}
					return f.field(g.Fields[j])
				}),
			)
		}),
	)
}

func (f *Form) field(fd workload.Field) app.UI {
	c := &Control{ID: "f-" + fd.Name, Name: fd.Name, Label: fd.Label, Kind: "text", Value: f.M.Value(fd), Rev: f.M.FieldRev(fd.Name),
		Placeholder: fd.Default, Msg: fd.Accepted, Action: actionParam}
	switch {
	case fd.Bool:
		c.Kind = "checkbox"
	case fd.Choices != nil:
		opts := fd.Choices
		if fd.Default == "" {
			opts = append([]string{""}, opts...) // optional: "any"
		}
		c.Kind, c.Options = "select", strings.Join(opts, "\n")
	}
	if err := f.M.Errs.ByField(fd.Name); err != nil {
		c.Msg, c.Invalid = err.Msg, true
	}
	return c
}

// Control is one labelled input (text, textarea, select or checkbox) with
// its message. It sends its value with Action on every input.
//
// Typing is never overwritten: the control shows Value when it is
// created and afterwards only when Rev changes, which the state does when
// the value is written from outside the control (the address at start,
// an import pre-fill, an edit). go-app writes an input's value property
// whenever its rendered value changes, so rendering each keystroke's
// state back into the control the user is typing in would lose the
// characters typed in the meantime.
type Control struct {
	app.Compo
	ID, Name, Label, Kind, Value, Placeholder, Msg, Action string
	Options                                                string // choices joined by "\n"; "" is "any"
	Invalid                                                bool
	Rev                                                    int

	shown string
	rev   int
}

// OnInit shows the first value.
func (c *Control) OnInit() { c.shown, c.rev = c.Value, c.Rev }

// OnUpdate writes a value that changed from outside into the control.
func (c *Control) OnUpdate(ctx app.Context) {
	if c.Rev == c.rev {
		return
	}
	c.rev, c.shown = c.Rev, c.Value
	id, v := c.ID, c.Value
	ctx.Defer(func(ctx app.Context) {
		if err := browser.SetControl(id, v); err != nil {
			ctx.NewActionWithValue(actionError, err.Error())
		}
	})
}

// Render draws the control.
func (c *Control) Render() app.UI {
	send := func(ctx app.Context, e app.Event) {
		ctx.NewActionWithValue(c.Action, param{c.Name, browser.EventValue(ctx)})
	}
	var input app.UI
	switch c.Kind {
	case "checkbox":
		in := app.Input().Type("checkbox").ID(c.ID).Name(c.Name).OnChange(send)
		if c.shown == "true" {
			in = in.Checked(true)
		}
		input = in
	case "select":
		opts := strings.Split(c.Options, "\n")
		input = app.Select().ID(c.ID).Name(c.Name).OnChange(send).Body(
			app.Range(opts).Slice(func(i int) app.UI {
				label := opts[i]
				if label == "" {
					label = "any"
				}
				o := app.Option().Value(opts[i]).Text(label)
				if c.shown == opts[i] {
					o = o.Selected(true)
				}
				return o
			}),
		)
	case "textarea":
		ta := app.Textarea().ID(c.ID).Name(c.Name).Rows(8).Text(c.shown).Attr("spellcheck", "false").OnInput(send)
		if c.Msg != "" {
			ta = ta.Aria("describedby", c.ID+"-msg")
		}
		input = ta
	default: // text, search
		typ := "text"
		if c.Kind == "search" {
			typ = "search"
		}
		in := app.Input().Type(typ).ID(c.ID).Name(c.Name).Value(c.shown).Placeholder(c.Placeholder).
			Aria("invalid", c.Invalid).Attr("autocomplete", "off").OnInput(send)
		if c.Msg != "" {
			in = in.Aria("describedby", c.ID+"-msg")
		}
		input = in
	}
	cls := "hint"
	if c.Invalid {
		cls = "error"
	}
	return app.Div().Class("field").Body(
		app.Label().For(c.ID).Text(c.Label),
		input,
		app.If(c.Msg != "", func() app.UI { return app.Small().ID(c.ID + "-msg").Class(cls).Text(c.Msg) }),
	)
}
