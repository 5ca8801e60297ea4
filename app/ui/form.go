package ui

import (
	"fmt"
	"slices"
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
	M       *model.Form
	Rev     int
	standIn // on a first visit, the pre-rendered groups until the ranking is live: the first, then the rest (standin.go)

	// filtersShown: the filters' fields are mounted (filters).
	filtersShown bool
}

// Render draws the form: the groups the requirement kinds and the
// settings declare (engine.Groups). A load's group has a switch in its
// legend that turns the whole load on or off.
func (f *Form) Render() app.UI { return f.draw(f.live) }

// OnMount queues the form to go live when it stands in; the time it
// was all live is recorded (live-form: ./build.sh bench reports it).
func (f *Form) OnMount(ctx app.Context) {
	keepRendered(ctx)
	f.mount(ctx, func(app.Context) { browser.Record("live-form", browser.Now(), false) })
}

// formPieces is how many elements the form holds: a fieldset per group
// but the switches' (Form.live).
func formPieces(s *workload.Schema) int {
	n := 0
	for _, g := range s.Groups() {
		if g.ID != "switch" {
			n++
		}
	}
	return n
}

// live draws the form, and the pre-rendered groups that still stand in.
func (f *Form) live() app.UI {
	groups := f.M.Schema.Groups()
	switchable := engine.Switchable()
	piece := -1 // the group's element's place in the form (Range calls Slice's function in order)
	return app.Elem("form").ID("workload").Class("workload").Aria("label", "Workload").OnSubmit(func(ctx app.Context, e app.Event) { browser.PreventDefault(e) }).Body(
		app.Range(groups).Slice(func(i int) app.UI {
			g := groups[i]
			if g.ID == "switch" {
				return nil // shown as the switches in the loads' legends
			}
			piece++
			if pre, ok := f.piece(piece); ok {
				return app.Raw(pre)
			}
			if g.ID == "filter" {
				return f.filters(g)
			}
			on, isLoad := f.M.LoadOn(g.ID), contains(switchable, g.ID)
			cls := ""
			if isLoad && !on {
				cls = "off"
			}
			return app.Elem("fieldset").Class(cls).Body(
				app.Elem("legend").Body(
					app.If(isLoad, func() app.UI { return loadSwitch(g.ID, g.Title, on) }),
					app.If(!isLoad, func() app.UI { return app.Text(g.Title) }),
				),
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

// filters is the filters' group behind a disclosure that says how many
// are set. Its fields (half the form's elements) are mounted when it is
// first opened, or at once when a filter is set (a link's, a restored
// state's): the start does not build what most visits leave closed.
func (f *Form) filters(g workload.Group) app.UI {
	set := f.M.FiltersSet()
	if set > 0 {
		f.filtersShown = true
	}
	summary := "Part, library and estimate filters — none set"
	if set > 0 {
		summary = fmt.Sprintf("Part, library and estimate filters — %d set", set)
	}
	details := app.Elem("details").ID("filters").On("toggle", f.onFiltersToggle)
	if f.filtersShown || app.IsClient { // the page's HTML has no open="false": it would open
		details = details.Attr("open", f.filtersShown)
	}
	return app.Elem("fieldset").Class("filters").Body(
		app.Elem("legend").Text(g.Title),
		details.Body(
			app.Elem("summary").Text(summary),
			app.If(f.filtersShown, func() app.UI {
				return app.Range(g.Fields).Slice(func(j int) app.UI {
					if g.Fields[j].Shorthand {
						return nil
					}
					return f.field(g.Fields[j])
				})
			}),
		),
	)
}

func (f *Form) onFiltersToggle(ctx app.Context, e app.Event) {
	if !f.filtersShown && browser.IsOpen(ctx) {
		f.filtersShown = true
		ctx.Update()
	}
}

// loadSwitch turns a whole load on or off; its fields keep their values.
func loadSwitch(kind, title string, on bool) app.UI {
	id := "load-" + kind
	box := app.ElemSelfClosing("input").Attr("type", "checkbox").ID(id).Class("switch").OnChange(func(ctx app.Context, e app.Event) {
		ctx.NewActionWithValue(actionLoad, param{kind, browser.EventValue(ctx)})
	})
	box = checked(box, on)
	state := "on"
	if !on {
		state = "off: not ranked"
	}
	return app.Elem("label").Attr("for", id).Body(box, app.Text(" "+title+" "), app.Elem("span").Class("state").Text("("+state+")"))
}

func (f *Form) field(fd workload.Field) app.UI {
	c := &Control{ID: "f-" + fd.Name, Name: fd.Name, Label: fd.Label, Kind: "text", Value: f.M.Value(fd), Rev: f.M.FieldRev(fd.Name),
		Placeholder: fd.Default, Msg: fd.Accepted, Action: actionParam, Delegated: true}
	switch {
	case fd.Bool:
		// A checkbox needs no note on how a link spells true and false.
		c.Kind, c.Msg = "checkbox", ""
	case fd.Multi != nil:
		// Written for a person: the boxes are the list (the URL's comma
		// syntax is the CLI's and the link's business).
		c.Kind, c.Options, c.Msg = "multi", strings.Join(fd.Multi, "\n"), "None ticked: any."
	case fd.Choices != nil:
		opts := fd.Choices
		if fd.Default == "" && !slices.Contains(opts, "") {
			opts = append([]string{""}, opts...) // optional: "any"
		}
		c.Kind, c.Options = "select", strings.Join(opts, "\n")
		listed := strings.Join(slices.DeleteFunc(slices.Clone(fd.Choices), func(o string) bool { return o == "" }), ", ")
		if !strings.Contains(c.Msg, "(") || strings.HasPrefix(c.Msg, listed) {
			// The options are the list: a note that only repeats them
			// is dropped; one that explains them stays, in the select's
			// own word for the blank option.
			c.Msg = ""
		}
		c.Msg = strings.ReplaceAll(c.Msg, "or empty (", "or any (")
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
	// Delegated: the page listens for a text field's input (the
	// workload's fields, browser.ListenInput), not go-app, whose event
	// handling re-renders every component above the field (the whole
	// form, on every keystroke).
	Delegated bool

	shown string
	rev   int
	// cur is a multi control's current choice (the boxes are its state).
	cur string
}

// OnInit shows the first value.
func (c *Control) OnInit() { c.shown, c.rev, c.cur = c.Value, c.Rev, c.Value }

// OnUpdate writes a value that changed from outside into the control.
func (c *Control) OnUpdate(ctx app.Context) {
	if c.Rev == c.rev {
		return
	}
	c.rev, c.shown, c.cur = c.Rev, c.Value, c.Value
	if c.Kind == "multi" {
		return // its boxes render from shown; none is being typed in
	}
	id, v := c.ID, c.Value
	ctx.Defer(func(ctx app.Context) {
		if err := browser.SetControl(id, v); err != nil {
			ctx.NewActionWithValue(actionError, err.Error())
		}
	})
}

// multi is a group of checkboxes, one per choice; the value is the
// chosen ones, comma-separated, in the choices' order.
func (c *Control) multi() app.UI {
	opts := strings.Split(c.Options, "\n")
	chosen := strings.Split(strings.ToUpper(strings.ReplaceAll(c.shown, " ", "")), ",")
	cls := "hint"
	if c.Invalid {
		cls = "error"
	}
	return app.Elem("fieldset").Class("field multi").Aria("describedby", c.ID+"-msg").Body(
		app.Elem("legend").Text(c.Label),
		app.Range(opts).Slice(func(i int) app.UI {
			o := opts[i]
			box := app.ElemSelfClosing("input").Attr("type", "checkbox").ID(c.ID+"-"+o).Attr("value", o).OnChange(func(ctx app.Context, e app.Event) {
				c.cur = toggle(c.cur, o, opts)
				ctx.NewActionWithValue(c.Action, param{c.Name, c.cur})
			})
			box = checked(box, contains(chosen, strings.ToUpper(o)))
			return app.Elem("label").Class("check").Attr("for", c.ID+"-"+o).Body(box, app.Text(" "+o))
		}),
		app.Elem("small").ID(c.ID+"-msg").Class(cls).Text(c.Msg),
	)
}

// toggle adds or removes one choice of a comma-separated list, keeping
// the choices' order.
func toggle(list, o string, order []string) string {
	set := map[string]bool{}
	for _, y := range strings.Split(list, ",") {
		set[strings.ToUpper(strings.TrimSpace(y))] = true
	}
	set[strings.ToUpper(o)] = !set[strings.ToUpper(o)]
	var out []string
	for _, x := range order {
		if set[strings.ToUpper(x)] {
			out = append(out, x)
		}
	}
	return strings.Join(out, ",")
}

// Render draws the control.
func (c *Control) Render() app.UI {
	send := func(ctx app.Context, e app.Event) {
		ctx.NewActionWithValue(c.Action, param{c.Name, browser.EventValue(ctx)})
	}
	var input app.UI
	switch c.Kind {
	case "multi":
		return c.multi()
	case "checkbox":
		input = checked(app.ElemSelfClosing("input").Attr("type", "checkbox").ID(c.ID).Attr("name", c.Name).OnChange(send), c.shown == "true")
	case "select":
		opts := strings.Split(c.Options, "\n")
		input = app.Elem("select").ID(c.ID).Attr("name", c.Name).OnChange(send).Body(
			app.Range(opts).Slice(func(i int) app.UI {
				label := opts[i]
				if label == "" {
					label = "any"
				}
				o := app.Elem("option").Attr("value", opts[i]).Text(label)
				if c.shown == opts[i] {
					o = o.Attr("selected", true)
				}
				return o
			}),
		)
	case "textarea":
		ta := app.Elem("textarea").ID(c.ID).Attr("name", c.Name).Attr("rows", 8).Text(c.shown).Attr("spellcheck", "false").OnInput(send)
		if c.Msg != "" {
			ta = ta.Aria("describedby", c.ID+"-msg")
		}
		input = ta
	default: // text, search
		typ := "text"
		if c.Kind == "search" {
			typ = "search"
		}
		in := app.ElemSelfClosing("input").Attr("type", typ).ID(c.ID).Attr("name", c.Name).Attr("value", c.shown).Attr("placeholder", c.Placeholder).
			Aria("invalid", c.Invalid).Attr("autocomplete", "off")
		if !c.Delegated {
			in = in.OnInput(send)
		}
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
		app.Elem("label").Attr("for", c.ID).Text(c.Label),
		input,
		app.If(c.Msg != "", func() app.UI { return app.Elem("small").ID(c.ID + "-msg").Class(cls).Text(c.Msg) }),
	)
}

// checked sets a checkbox's state. go-app sets checked as the element's
// property but, when the attribute goes, only removes the attribute: a box
// the state turns off would stay ticked. So the client always sets it,
// true or false; the pre-rendered page writes it only when on (an
// attribute checked="false" would tick the box too).
func checked(in app.HTMLElemSelfClosing, on bool) app.HTMLElemSelfClosing {
	if on || app.IsClient {
		return in.Attr("checked", on)
	}
	return in
}

// FormStatus is a line at the head of the form saying what the last edit
// gave, with a link to the results: on a phone the results are a screen
// or more away from the form (on a wide screen they stand beside it, and
// the line is not shown). It re-renders alone when its text changes.
type FormStatus struct {
	app.Compo
	Status string
	Rev    int
}

// Render draws the line.
func (f *FormStatus) Render() app.UI {
	return app.P().ID("form-status").Class("form-status").Role("status").Body(
		app.Text(f.Status+" "),
		app.Elem("a").Attr("href", "#results").Text("See the results"),
	)
}

// formStatus is the form's line: the counts of the ranking on screen
// (the prepared one while the page is pending).
func formStatus(m *model.Page) string {
	if m.LinkPending() {
		return "Ranking your workload…"
	}
	if m.Pending() {
		return "Ranked: the first visit's workload."
	}
	c := m.Results.Res.Counts
	s := fmt.Sprintf("Ranked: %d pass, %d unknown, %d fail", c.Pass, c.Unknown, c.Fail)
	if m.Results.Stale {
		s += " — for the last valid workload, not the form"
	}
	return s + "."
}
