// Package ui is the web app: go-app components that run the engine in
// WebAssembly on the bundled dataset. The page is made of parts (the
// workload form, the results with their details and charts, the import
// panel), each rendering its piece of the state in package model. Parts
// send actions; the page changes the state through model and carries out
// the side effects (address bar, storage, messages to an embedding page,
// downloads) through package browser, the one guarded boundary to
// JavaScript.
//
// Elements are go-app's generic ones, app.Elem("section") and
// app.ElemSelfClosing("input") with their attributes set by Attr, except
// the Div, P, H1 and Code that go-app's own runtime carries: each typed
// element go-app offers brings its whole method set into the wasm
// (about 5.5 KB of code), and the 36 the page used to name cost 28 KB
// brotli of the first download (TestElementsAreGeneric holds it).
package ui

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// Actions the parts send to the page.
const (
	actionParam        = "cryptosizer/param"         // param
	actionSelect       = "cryptosizer/select"        // candidate key
	actionDeselect     = "cryptosizer/deselect"      // close the details
	actionFocus        = "cryptosizer/focus"         // element id, once drawn
	actionFilter       = "cryptosizer/filter"        // text
	actionSort         = "cryptosizer/sort"          // column
	actionUnfold       = "cryptosizer/unfold"        // -
	actionFold         = "cryptosizer/fold"          // -
	actionNotRanked    = "cryptosizer/not-ranked"    // open or close the builds not ranked
	actionExport       = "cryptosizer/export"        // "csv", "json", "json-all", "link", "print"
	actionChartExport  = "cryptosizer/chart-export"  // chartExport
	actionChartsNear   = "cryptosizer/charts-near"   // -
	actionImportInput  = "cryptosizer/import-input"  // param
	actionImportAdd    = "cryptosizer/import-add"    // -
	actionImportEdit   = "cryptosizer/import-edit"   // set ID
	actionImportRemove = "cryptosizer/import-remove" // set ID
	actionImportKeep   = "cryptosizer/import-keep"   // set ID
	actionImportRead   = "cryptosizer/import-read"   // readAnswer
	actionCompare      = "cryptosizer/compare"       // candidate key
	actionLoad         = "cryptosizer/load"          // param: kind, "true"/"false"
	actionError        = "cryptosizer/error"         // message
	actionDismiss      = "cryptosizer/dismiss"       // message index
)

type param struct{ Name, Value string }

type chartExport struct{ ID, Kind string }

// readAnswer is the import reader's answer to a request: its reply
// (app/cmd/importer's JSON), or why there is none.
type readAnswer struct{ ID, Reply, Err string }

// previewPause is how long typing must pause before the import preview
// parses the text.
const previewPause = 300 * time.Millisecond

// Page is the calculator: it owns the state and its side effects.
type Page struct {
	app.Compo

	start     Start
	m         *model.Page
	pace      pacer // the page's long work's (live.go)
	updateNow bool
	// link is the last link made by "Copy link".
	link string
	// linkURL is the address a link's pending page loads once its data
	// are indexed (model.NewLinkPending); chartsWaiting: its charts' place
	// came near before it had an answer.
	linkURL       *url.URL
	chartsWaiting bool
	// typed counts keystrokes answered: only the last one's pause redraws
	// the charts.
	typed int
	// acted counts the actions handled; inputs the workload's inputs as
	// they come, before their action waits its turn (a step of going
	// live stops for them: live.go).
	acted  int
	inputs atomic.Int64
	// views keeps the results' view a keystroke's handler made, for the
	// frame's render (viewcache.go).
	views viewCache
	// mounted is the page's context from its OnMount (mountedOnce: it
	// has one); standing, the parts that stand in until they are live,
	// in the order they go live, the form first (standin.go).
	mounted     app.Context
	mountedOnce bool
	standing    []standing
}

// parts is how many part numbers the bundled data has (the prepared
// view's count while the data is not read).
func (p *Page) parts() int {
	if f := p.start.First; f != nil && p.m.Pending() {
		return f.Parts // a link's page too: the count is the data's, not the answer's
	}
	return partCount(p.groups())
}

// groups are the bundled data's part groups (read now if they were not).
func (p *Page) groups() []bench.PartGroup {
	ds, _ := p.start.dataset()
	return ds.Groups
}

// live makes a pending page live before an action's handler runs (and
// counts the actions).
func (p *Page) live(h app.ActionHandler) app.ActionHandler {
	return func(ctx app.Context, a app.Action) {
		if a.Name == actionChartsNear && p.m.LinkPending() {
			// A link's page has no answer, so its charts' place is on
			// screen at once: they are made once the answer is there
			// (goLiveInSteps), not now, unpaced.
			p.chartsWaiting = true
			keepRendered(ctx)
			return
		}
		p.acted++
		if p.m.Pending() {
			// What going live has left (reading, indexing, ranking: up to
			// ~1 s on a 4× throttled phone typing in its first second)
			// runs in slices of a person's wait (beginWaited): the
			// browser paints the typed character between them.
			p.pace.beginWaited()
			p.goLive()
			p.pace.end()
		}
		if p.chartsWaiting { // with this action's render
			p.chartsWaiting = false
			p.m.WantCharts()
		}
		h(ctx, a)
		p.sendReads(ctx)
	}
}

// OnMount takes the parts' actions.
func (p *Page) OnMount(ctx app.Context) {
	browser.Record("onmount", browser.Now(), false)
	keepRendered(ctx)
	for name, h := range map[string]app.ActionHandler{
		actionParam: p.onParam, actionSelect: p.onSelect, actionDeselect: p.onDeselect, actionFocus: p.onFocus, actionFilter: p.onFilter, actionSort: p.onSort,
		actionUnfold: p.onUnfold, actionFold: p.onFold, actionNotRanked: p.onNotRanked, actionExport: p.onExport, actionChartExport: p.onChartExport,
		actionChartsNear:  p.onChartsNear,
		actionImportInput: p.onImportInput, actionImportAdd: p.onImportAdd, actionImportEdit: p.onImportEdit,
		actionImportRemove: p.onImportRemove, actionImportKeep: p.onImportKeep, actionImportRead: p.onImportRead, actionError: p.onError, actionDismiss: p.onDismiss,
		actionCompare: p.onCompare, actionLoad: p.onLoad,
	} {
		ctx.Handle(name, p.live(h))
	}
	if !app.IsClient {
		return
	}
	browser.RemoveLoader() // the app has taken the page over (app.js leaves it to us)
	// The workload's text fields are listened for here (Control.Delegated):
	// a keystroke then re-renders what it changes, not the whole form.
	browser.ListenInput("workload", func(name, value string) {
		p.inputs.Add(1)
		ctx.NewActionWithValue(actionParam, param{name, value})
	})
	p.mounted, p.mountedOnce = ctx, true
	// The parts that stand in go live after every part's OnMount, in
	// tasks of their own (the browser paints the ranking first); then
	// the page's steps after its mount.
	ctx.After(time.Millisecond, p.nextLive)
}

// afterMount: once the page is on screen, the address says what it
// shows (and a failure to say so is shown), and a first visit goes live.
// It runs in a page's dispatch whose mark is taken back (nextLive), once
// the parts that stood in are live, after every part's OnMount: the
// address (~20 ms at the start, go-app rewriting its meta tags) and
// going live's first step no longer come before the ranking is drawn
// (go-app's next frame tick, which ran a Defer of the page's OnMount,
// came before the table's OnMount in some loads).
func (p *Page) afterMount(ctx app.Context) {
	rev := p.m.Msgs.Rev
	if !p.m.LinkPending() { // a link's page says its address once it answers it
		p.syncURL(ctx)
	}
	if p.m.Msgs.Rev != rev {
		ctx.Update()
	}
	// The start's last step: every render its mounts could cause has run
	// (render.go; the e2e tests wait for it).
	ctx.Defer(func(app.Context) { browser.Record("started", browser.Now(), false) })
	if p.m.Pending() {
		after := liveAfter
		if d, ok := browser.Delay("cryptosizerLiveAfter"); ok {
			after = d // a test acting on the pending page
		}
		p.goLiveInSteps(ctx, after)
		return
	}
	ctx.Defer(func(app.Context) { browser.StartOver() }) // live already: nothing to warm
}

// restore reads the state from the address and storage, once: later
// changes go into the address, not out of it.
func (p *Page) restore(u *url.URL) {
	browser.Record("onnav", browser.Now(), false)
	p.loadStore()
	p.m.Load(u)
	p.embedding()
}

// embedding reads whether the page is embedded from its referrer.
func (p *Page) embedding() {
	p.m.Embed.UseReferrer(browser.Referrer())
	if p.m.Embed.On && p.m.Embed.Why != "" && p.m.Embed.Origin != "" {
		p.m.Msgs.Add("Embedding: " + p.m.Embed.Why + "; selections are not sent.")
	}
}

// loadStore reads the stored sets. A store that cannot be read is kept
// aside under a new key (never over an earlier copy); when even that
// fails, storage is not written again during this visit, so the only
// copy is not lost.
func (p *Page) loadStore() {
	raw, ok, err := browser.StorageGet(model.StoreKey)
	if err != nil {
		p.m.Msgs.Add(err.Error())
		p.m.Imports.StoreBlocked = "this browser's storage could not be read."
		return
	}
	if !ok || p.m.LoadStored(raw) {
		return
	}
	existing := map[string]string{}
	keys, err := browser.StorageKeys(model.AsidePrefix)
	for _, k := range keys {
		if v, ok, e := browser.StorageGet(k); ok && e == nil {
			existing[k] = v
		}
	}
	if err != nil {
		p.m.Imports.StoreBlocked = "the unreadable stored imports could not be kept aside (" + err.Error() + ")."
		p.m.Msgs.Add("They are left in storage untouched; new imports stay for this visit only.")
		return
	}
	key, note := model.Aside(existing, raw, time.Now())
	if key == "" {
		p.m.Msgs.Add("The unreadable text was not copied again: " + note + ".")
		return
	}
	if err := browser.StorageSet(key, raw); err != nil {
		p.m.Imports.StoreBlocked = "the unreadable stored imports could not be kept aside (" + err.Error() + ")."
		p.m.Msgs.Add("The unreadable stored imports could not be kept aside (" + err.Error() + "): they are left in storage untouched, and new imports stay for this visit only.")
		return
	}
	p.m.Msgs.Add("The unreadable text was kept aside under " + key + ".")
}

// saveStore writes the stored sets; a refusal (storage full) keeps them
// for the visit and says so.
func (p *Page) saveStore() {
	text, ok := p.m.StoreText()
	if !ok {
		return
	}
	if err := browser.StorageSet(model.StoreKey, text); err != nil {
		p.m.StoreFailed(err)
	}
}

// OnAppUpdate shows the new-version banner.
func (p *Page) OnAppUpdate(ctx app.Context) { p.updateNow = ctx.AppUpdateAvailable() }

func (p *Page) syncURL(ctx app.Context) {
	u, err := browser.Location()
	if err != nil {
		p.m.Msgs.Add(err.Error())
		return
	}
	u.RawQuery = p.m.Query()
	u.Fragment = ""
	if err := browser.ReplaceURL(ctx, u); err != nil {
		p.m.Msgs.Add(err.Error())
	}
}

func (p *Page) onParam(ctx app.Context, a app.Action) {
	v, ok := a.Value.(param)
	if !ok {
		return
	}
	start := browser.Now()
	// After the frame's render and what it defers (the table's drawing,
	// TableView): a defer queued from a defer runs last.
	ctx.Defer(func(ctx app.Context) {
		ctx.Defer(func(app.Context) { browser.Record("rerank", browser.Now()-start, true) })
	})
	p.m.SetParam(v.Name, v.Value)
	browser.Record("rank", browser.Now()-start, true)
	p.views.prepare(p.m)
	if frameFollows(start, browser.Now()) {
		if err := p.views.drawAhead(); err != nil {
			ctx.NewActionWithValue(actionError, err.Error())
		}
	}
	p.afterTyping(ctx)
	followFrame(start)
}

// afterTyping has the address and the charts follow once typing pauses,
// off the keystrokes' frames (every link the page makes reads the model,
// not the address): in the form and in the results' filter box alike.
func (p *Page) afterTyping(ctx app.Context) {
	p.typed++
	n := p.typed
	ctx.After(typingPause, func(ctx app.Context) {
		keepRendered(ctx) // a render only when the charts or messages change
		if n != p.typed {
			return
		}
		rev := p.m.Msgs.Rev
		p.syncURL(ctx)
		if p.m.Typed() || p.m.Msgs.Rev != rev {
			ctx.Update()
		}
	})
}

func (p *Page) onSelect(ctx app.Context, a app.Action) {
	key, ok := a.Value.(string)
	if !ok {
		return
	}
	here, err := browser.Location()
	if err != nil {
		here = &url.URL{}
	}
	msg, origin := p.m.Select(key, here.String())
	p.syncURL(ctx)
	if msg != "" {
		if err := browser.PostToParent(msg, origin); err != nil {
			p.m.Msgs.Add(err.Error())
		}
	}
	ctx.Defer(func(app.Context) {
		if err := browser.Focus("details"); err != nil {
			p.m.Msgs.Add(err.Error())
		}
	})
}

// onFocus moves the focus to an element once the update that draws it is
// done.
func (p *Page) onFocus(ctx app.Context, a app.Action) {
	if id, ok := a.Value.(string); ok {
		ctx.Defer(func(app.Context) {
			if err := browser.Focus(id); err != nil {
				p.m.Msgs.Add(err.Error())
			}
		})
	}
}

// onDeselect closes a row's details and gives the focus back to its row.
func (p *Page) onDeselect(ctx app.Context, a app.Action) {
	key := p.m.Results.Selected
	if key == "" {
		return
	}
	p.m.Select("", "")
	p.syncURL(ctx)
	ctx.Defer(func(app.Context) { browser.FocusRow(key) })
}

func (p *Page) onCompare(ctx app.Context, a app.Action) {
	if key, ok := a.Value.(string); ok {
		p.m.ToggleCompare(key)
		p.syncURL(ctx)
		on := slices.Contains(p.m.Results.Compare, key)
		ctx.Defer(func(app.Context) { browser.SetRowCompare(key, on) })
	}
}

func (p *Page) onLoad(ctx app.Context, a app.Action) {
	if v, ok := a.Value.(param); ok {
		p.m.SwitchLoad(v.Name, v.Value == "true")
		p.syncURL(ctx)
	}
}

func (p *Page) onFilter(ctx app.Context, a app.Action) {
	if v, ok := a.Value.(param); ok {
		p.m.SetFilter(v.Value)
		p.views.prepare(p.m)
		p.afterTyping(ctx)
	}
}

func (p *Page) onSort(ctx app.Context, a app.Action) {
	if s, ok := a.Value.(string); ok {
		p.m.ToggleSort(s)
	}
}

func (p *Page) onUnfold(ctx app.Context, a app.Action) { p.m.UnfoldFails() }

func (p *Page) onNotRanked(ctx app.Context, a app.Action) {
	p.m.ToggleNotRanked()
	ctx.Defer(func(app.Context) { _ = browser.FocusSelector("#no-figure > summary") })
}

func (p *Page) onFold(ctx app.Context, a app.Action) {
	p.m.FoldFails()
	ctx.Defer(func(app.Context) { _ = browser.Focus("show-all-fails") })
}

func (p *Page) onExport(ctx app.Context, a app.Action) {
	kind, _ := a.Value.(string)
	var err error
	switch kind {
	case "csv":
		var s string
		if s, err = p.m.CSV(); err == nil {
			err = browser.Download("cryptosizer-ranking.csv", "text/csv", s)
		}
	case "json", "json-all":
		var s string
		name := "cryptosizer-ranking-shown.json"
		if kind == "json-all" {
			name = "cryptosizer-ranking-all.json"
		}
		if s, err = p.m.JSON(kind == "json-all"); err == nil {
			err = browser.Download(name, "application/json", s)
		}
	case "print":
		err = browser.Print()
	case "link":
		var here *url.URL
		if here, err = browser.Location(); err != nil {
			break
		}
		var link, note string
		if link, note, err = p.m.ShareLink(here); err != nil {
			break
		}
		p.link = link
		if note != "" {
			p.m.Msgs.Add(note)
		}
		if err = browser.CopyText(link); err == nil && note == "" {
			p.m.Msgs.Add("Link copied.")
		}
	}
	if err != nil {
		p.m.Msgs.Add(err.Error())
	}
}

// onChartsNear makes the charts once their place nears the view. The
// action's dispatch marks the page for the render that draws them; an
// Update of its own was a second dispatch, and a second render when the
// first took longer than a frame (the action that made a first visit
// live: go-app renders between dispatches once a frame is due).
func (p *Page) onChartsNear(ctx app.Context, a app.Action) {
	if !p.m.WantCharts() {
		keepRendered(ctx) // wanted already: nothing to draw
	}
}

func (p *Page) onChartExport(ctx app.Context, a app.Action) {
	v, ok := a.Value.(chartExport)
	if !ok {
		return
	}
	option, ok := p.m.ChartOption(v.ID)
	if !ok {
		p.m.Msgs.Add("The chart " + v.ID + " is not on the page any more.")
		return
	}
	var err error
	switch v.Kind {
	case "png":
		var u string
		if u, err = browser.PNG(option, 900, 450); err == nil {
			err = browser.DownloadURL(v.ID+".png", u)
		}
	case "svg":
		var s string
		if s, err = browser.SVG(option, 900, 450); err == nil {
			err = browser.Download(v.ID+".svg", "image/svg+xml", s)
		}
	}
	if err != nil {
		p.m.Msgs.Add(err.Error())
	}
}

func (p *Page) onImportInput(ctx app.Context, a app.Action) {
	v, ok := a.Value.(param)
	if !ok {
		return
	}
	seq := p.m.ImportInput(v.Name, v.Value)
	// Parse after a pause in typing, not on every keystroke.
	ctx.After(previewPause, func(ctx app.Context) {
		t := browser.Now()
		p.m.PreviewImport(seq)
		p.sendReads(ctx)
		browser.Record("preview", browser.Now()-t, false)
	})
}

// sendReads sends the texts the page needs read to the import reader
// (a Worker running web/import.wasm, fetched on first use); each answer
// comes back as an action (onImportRead).
func (p *Page) sendReads(ctx app.Context) {
	qs, facts := p.m.Requests()
	for _, q := range qs {
		q.Facts = facts
		b, err := json.Marshal(q)
		if err != nil {
			p.m.AnswerFailed(q.ID, "the import reader could not be asked: "+err.Error())
			continue
		}
		browser.ReadImport(app.Getenv("GOAPP_STATIC_RESOURCES_URL")+"/import-worker.js", q.ID, string(b), func(id, reply, why string) {
			ctx.NewActionWithValue(actionImportRead, readAnswer{id, reply, why})
		})
	}
}

// onImportRead takes the import reader's answer: the preview it waited
// for, the set Add waited for, a stored or linked set ranked at last.
func (p *Page) onImportRead(ctx app.Context, a app.Action) {
	v, ok := a.Value.(readAnswer)
	if !ok {
		return
	}
	var r struct {
		Imported *dataset.Imported `json:"imported"`
		Error    string            `json:"error"`
	}
	switch err := json.Unmarshal([]byte(v.Reply), &r); {
	case v.Err != "":
		p.m.AnswerFailed(v.ID, v.Err)
		return
	case err != nil:
		p.m.AnswerFailed(v.ID, "the import reader's answer could not be read: "+err.Error())
		return
	case r.Imported == nil:
		p.m.AnswerFailed(v.ID, "the import reader refused the request: "+r.Error)
		return
	}
	adding := p.m.Imports.Adding() // a preview's answer leaves the focus where the user types
	p.pace.begin()
	stored := p.m.Answer(v.ID, *r.Imported)
	p.pace.end()
	if stored {
		p.saveStore()
	}
	p.syncURL(ctx)
	if adding && !p.m.Imports.Adding() {
		ctx.Defer(func(ctx app.Context) {
			if err := browser.Focus("import-msg"); err != nil {
				ctx.NewActionWithValue(actionError, err.Error())
			}
		})
	}
}

func (p *Page) onImportAdd(ctx app.Context, a app.Action) {
	p.pace.begin()
	stored := p.m.AddImport()
	p.pace.end()
	if stored {
		p.saveStore()
	}
	p.syncURL(ctx)
	// The answer is said where the focus is (the message's live region).
	ctx.Defer(func(ctx app.Context) {
		if err := browser.Focus("import-msg"); err != nil {
			ctx.NewActionWithValue(actionError, err.Error())
		}
	})
}

func (p *Page) onImportEdit(ctx app.Context, a app.Action) {
	if id, ok := a.Value.(string); ok {
		p.m.EditImport(id)
	}
}

func (p *Page) onImportRemove(ctx app.Context, a app.Action) {
	if id, ok := a.Value.(string); ok {
		p.pace.begin()
		p.m.Remove(id)
		p.pace.end()
		p.saveStore()
	}
}

func (p *Page) onImportKeep(ctx app.Context, a app.Action) {
	if id, ok := a.Value.(string); ok {
		p.m.Keep(id)
		p.saveStore()
	}
}

func (p *Page) onError(ctx app.Context, a app.Action) {
	if s, ok := a.Value.(string); ok {
		p.m.Msgs.Add(s)
	}
}

func (p *Page) onDismiss(ctx app.Context, a app.Action) {
	if i, ok := a.Value.(int); ok {
		p.m.Msgs.Dismiss(i)
	}
}

// Render draws the page.
func (p *Page) Render() app.UI {
	t := browser.Now()
	// Each render's duration: the start-up timeline, and the count a test
	// reads (TestStartRendersThePageOnce).
	defer func() { browser.Record("render", browser.Now()-t, true) }()
	m := p.m
	cls := "page"
	if m.Embed.On {
		cls += " embed"
	}
	return app.Div().Class(cls).Body(
		app.Elem("a").Class("skip").Attr("href", "#results").Text("Skip to the results"),
		app.If(p.updateNow, func() app.UI {
			return app.Div().Class("banner").Role("status").Body(
				app.Text("A new version of cryptosizer is available. "),
				app.Elem("button").Text("Reload").OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
			)
		}),
		app.If(!m.Embed.On, func() app.UI {
			return app.Elem("header").Body(
				app.H1().Text("cryptosizer"),
				app.P().Text("Which STM32 board, crypto acceleration and library can carry your security workload — and by how much?"),
			)
		}).Else(func() app.UI {
			// Embedded, the heading is for assistive technology only: the
			// portal's page has its own.
			return app.Elem("header").Body(app.H1().Class("visually-hidden").Text("cryptosizer: STM32 parts for your crypto workload"))
		}),
		app.If(m.DataErr != nil, func() app.UI {
			return app.P().Class("url-error").Role("alert").Text("The bundled dataset could not be read: " + fmt.Sprint(m.DataErr))
		}),
		app.Div().Class("layout").Body(
			// The form comes first in the document, so that the keyboard
			// reaches it first; on a phone and in an embedding page the
			// results are what the first screen shows (CSS places them),
			// and a line at the form's head says what an edit gave.
			side().Body(
				&FormStatus{Status: formStatus(m), Rev: m.Results.Rev},
				&Form{M: &m.Form, Rev: m.Form.Rev, standIn: standInPieces(p, "form#workload", formPieces(m.Form.Schema))},
				&ImportPanel{M: &m.Imports, Rev: m.Imports.Rev + m.Imports.Form.Rev},
			),
			app.Elem("main").Class("main").Body(
				&MessageList{M: &m.Msgs, Rev: m.Msgs.Rev},
				&Results{M: m, Rev: m.Results.Rev, Client: app.IsClient, Link: p.link, First: p.pending(), Views: &p.views, page: p},
				app.If(!m.Embed.On, func() app.UI { return &PartsView{Total: p.parts(), groups: p.groups} }),
			),
		),
	)
}

// side holds the form and the imports. The pre-rendered page shows
// them inert (greyed, not focusable): the app's first render replaces
// the page, and what was typed before it would be lost.
func side() app.HTMLElem {
	a := app.Elem("aside").Class("side").Aria("label", "Workload and imports")
	if !app.IsClient {
		a = a.Attr("inert", true)
	}
	return a
}

// MessageList shows the page's messages, each dismissable.
type MessageList struct {
	app.Compo
	M   *model.Messages
	Rev int
}

// Render draws the messages.
func (l *MessageList) Render() app.UI {
	return app.Div().ID("messages").Role("alert").Body(
		app.Range(l.M.List).Slice(func(i int) app.UI {
			return app.P().Class("message").Body(
				app.Text(l.M.List[i]+" "),
				app.Elem("button").Attr("type", "button").Class("dismiss").Text("Dismiss").Aria("label", "Dismiss this message").
					OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionDismiss, i) }),
			)
		}),
	)
}
