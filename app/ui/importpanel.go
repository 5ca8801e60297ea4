package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/explain"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// ImportPanel is where users paste their own benchmark output: a live
// preview (after a pause in typing) of what was recognized and of every
// line that was not, the names the text leaves out, and the sets added.
type ImportPanel struct {
	app.Compo
	M   *model.Imports
	Rev int

	// shown: the panel's fields are mounted. They are once it is first
	// opened, or while there is anything to show (sets, an edit, a
	// message): the start does not build what most visits leave closed.
	shown bool
}

// Render draws the panel.
func (ip *ImportPanel) Render() app.UI {
	im := ip.M
	f := &im.Form
	add := "Add to ranking"
	if f.Editing != "" {
		add = "Save changes"
	}
	control := func(fd model.ImportField) app.UI {
		c := &Control{ID: "import-" + fd.Name, Name: fd.Name, Label: fd.Label, Kind: "text", Value: f.Values[fd.Name],
			Rev: f.FieldRev(fd.Name), Placeholder: fd.Hint, Action: actionImportInput}
		if fd.Name == "text" {
			c.Kind = "textarea"
		}
		return c
	}
	shown := ip.shown || len(im.Sets) > 0 || f.Editing != "" || f.Msg != "" || f.Preview != nil
	return app.Elem("details").ID("import").Class("import").On("toggle", ip.onToggle).Body(
		app.Elem("summary").Text("Import your own measurements"+countSuffix(len(im.Sets))),
		app.If(shown, func() app.UI { return ip.body(control, add) }),
	)
}

func (ip *ImportPanel) onToggle(ctx app.Context, e app.Event) {
	if !ip.shown && browser.IsOpen(ctx) {
		ip.shown = true
		ctx.Update()
	}
}

// body is the panel's content under its summary.
func (ip *ImportPanel) body(control func(model.ImportField) app.UI, add string) app.UI {
	im := ip.M
	f := &im.Form
	busy := im.Busy()
	return app.Div().Class("import-body").Body(
		app.P().Class("hint").Text(fmt.Sprintf("Paste %s. Up to %d KiB. It stays in this browser.", dataset.Pastes, dataset.MaxImportBytes/1024)),
		control(model.ImportFields[0]),
		app.Div().Class("import-fields").Body(
			app.Range(model.ImportFields[1:]).Slice(func(i int) app.UI { return control(model.ImportFields[i+1]) }),
		),
		// Nothing to add until the preview recognizes a measurement (an
		// edit saves what it holds).
		app.Elem("button").Attr("type", "button").ID("import-add").Text(add).
			Attr("disabled", busy != "" || f.Editing == "" && (f.Preview == nil || len(f.Preview.Data.Measurements) == 0)).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionImportAdd) }),
		// A live region the page moves the focus to once Add answers.
		app.If(f.Msg != "" || busy != "", func() app.UI {
			return app.P().ID("import-msg").Role("status").Aria("live", "polite").TabIndex(-1).Text(strings.TrimSpace(busy + " " + f.Msg))
		}),
		app.If(f.Preview != nil, func() app.UI { return renderPreview(f.Preview) }),
		app.If(len(im.Sets) > 0, func() app.UI {
			return app.Elem("ul").ID("import-sets").Body(app.Range(im.Sets).Slice(func(i int) app.UI {
				s := im.Sets[i]
				label := s.ID + ": " + strings.TrimSpace(s.MCU+" "+s.Config)
				return app.Elem("li").Body(
					app.Text(label+" "),
					app.If(s.From == model.Link, func() app.UI { return app.Elem("span").Class("badge link").Text("from a link") }),
					app.If(s.From == model.Session, func() app.UI { return app.Elem("span").Class("badge link").Text("this visit only") }),
					app.If(im.Reading[s.ID], func() app.UI { return app.Elem("span").Class("badge").Text("reading its text…") }),
					app.If(im.Errs[s.ID] != "", func() app.UI { return app.Elem("span").Class("error").Text(" (not ranked: " + im.Errs[s.ID] + ") ") }),
					app.If(s.From != model.Stored, func() app.UI {
						return app.Elem("button").Attr("type", "button").Class("keep").Text("Keep").Aria("label", "Keep "+s.ID+" in this browser").DataSet("set", s.ID).OnClick(keepSet)
					}),
					app.Elem("button").Attr("type", "button").Text("Edit").Aria("label", "Edit "+s.ID).DataSet("set", s.ID).OnClick(editSet),
					app.Elem("button").Attr("type", "button").Text("Remove").Aria("label", "Remove "+s.ID).DataSet("set", s.ID).OnClick(removeSet),
				)
			}))
		}),
	)
}

// keepSet, editSet and removeSet act on the set their button names. The
// set is read from the button, and each action has its own function: as
// sets are removed the list shifts, a set's buttons take the place of
// another's (a "Keep" element becomes an "Edit"), and go-app keeps an
// element's first handler while the handler's code stays the same (see
// browser.EventData).
func keepSet(ctx app.Context, e app.Event)   { setAction(ctx, actionImportKeep) }
func editSet(ctx app.Context, e app.Event)   { setAction(ctx, actionImportEdit) }
func removeSet(ctx app.Context, e app.Event) { setAction(ctx, actionImportRemove) }

func setAction(ctx app.Context, name string) {
	if id := browser.EventData(ctx, "set"); id != "" {
		ctx.NewActionWithValue(name, id)
	}
}

func countSuffix(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d imported)", n)
}

// renderPreview shows what was recognized, what still stops the import,
// the lines that were not read (at most model.MaxPreviewProblems, then
// how many more) and the figures the model does not use. All of it is
// text nodes: pasted HTML is shown, never interpreted.
func renderPreview(im *dataset.Imported) app.UI {
	ms := im.Data.Measurements
	errs := append(append(bench.ErrorList{}, im.Errors...), im.Unread...)
	more := 0
	if len(errs) > model.MaxPreviewProblems {
		more = len(errs) - model.MaxPreviewProblems
		errs = errs[:model.MaxPreviewProblems]
	}
	recognized := fmt.Sprintf("Recognized %d measurements (%s).", len(ms), orDash(im.Kind))
	if len(ms) == 0 {
		recognized = "Nothing recognized: nothing to add."
	}
	return app.Div().ID("import-preview").Body(
		app.P().Text(recognized),
		// A clock the text does not print, found another way, pre-fills
		// the Clock field: say how, so that it is checked.
		app.If(im.Found.ClockFrom != "" && im.Found.ClockHz > 0, func() app.UI {
			return app.P().Class("note").ID("import-clock-from").Text(fmt.Sprintf("Clock %s: %s. Correct it in Clock if your board ran at another.",
				explain.MHz(im.Found.ClockHz), im.Found.ClockFrom))
		}),
		app.If(len(im.Data.Skipped) > 0, func() app.UI {
			return app.P().Class("note").Text(fmt.Sprintf("%d figures not used by the model: %s.", len(im.Data.Skipped), skippedNames(im.Data.Skipped)))
		}),
		// A line read whose figure cannot be used (an ECDHE line without
		// its static ECDH line) is accounted for with its reason.
		app.If(len(im.Data.Missing) > 0, func() app.UI {
			miss := im.Data.Missing[:min(len(im.Data.Missing), model.MaxPreviewProblems)]
			return app.Elem("ul").Class("import-missing").Body(app.Range(miss).Slice(func(i int) app.UI {
				m := miss[i]
				return app.Elem("li").Class("note").Text(fmt.Sprintf("line %d read, but no %s figure: %s", m.Pos.Line, bench.OpDoc(m.Op), m.Reason))
			}))
		}),
		app.If(len(errs) > 0, func() app.UI {
			return app.Elem("ul").Class("import-errors").Body(app.Range(errs).Slice(func(i int) app.UI {
				e := errs[i]
				where := "line " + strconv.Itoa(e.Pos.Line)
				if e.Pos.Line == 0 {
					where = "input"
				}
				// The formats are named above the box: not again per line.
				msg := strings.Replace(e.Msg, dataset.Pastes, "one of the formats named above", 1)
				return app.Elem("li").Class("error").Text(where + ": " + msg + quoted(e.Text))
			}))
		}),
		app.If(more > 0, func() app.UI {
			return app.P().Class("error more").Text(fmt.Sprintf("… and %d more lines not recognized.", more))
		}),
		app.If(len(ms) > 0, func() app.UI {
			shown := ms
			if len(shown) > 60 {
				shown = shown[:60]
			}
			return scrollBox("Preview of the recognized measurements").Body(app.Elem("table").Class("preview").Body(
				app.Elem("thead").Body(app.Elem("tr").Body(th("Line"), th("MCU"), th("Configuration"), th("Operation"), th("Figure"))),
				app.Elem("tbody").Body(app.Range(shown).Slice(func(i int) app.UI {
					m := shown[i]
					return app.Elem("tr").Body(app.Elem("td").Text(strconv.Itoa(m.Pos.Line)), app.Elem("td").Text(m.MCU), app.Elem("td").Text(m.Config), app.Elem("td").Text(m.Op), app.Elem("td").Text(m.Printed))
				})),
			))
		}),
	)
}

// skippedNames lists the algorithms of skipped figures, each once.
func skippedNames(sk []bench.Skipped) string {
	var names []string
	for _, s := range sk {
		if !slices.Contains(names, s.Name) {
			names = append(names, s.Name)
		}
	}
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + fmt.Sprintf(" and %d more", len(names)-12)
	}
	return strings.Join(names, ", ")
}

func quoted(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > 100 {
		s = strings.ToValidUTF8(s[:97], "") + "..."
	}
	return ": " + strconv.Quote(s)
}
