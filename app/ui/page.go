// Package ui is the web app: go-app components that run the engine in
// WebAssembly on the bundled dataset. State lives in the URL query (the
// same names as the CLI flags); results re-rank on every input.
package ui

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"

	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// Defaults is the workload a first visit shows: a TLS server, a signed
// image and an AES stream, so every chart has something to say.
var Defaults = workload.Params{
	"tls-rate": "10", "tls-role": "server", "tls-version": "1.3", "tls-suite": "ecdhe-ecdsa-p256", "tls-chain": "2",
	"fw-size": "256 KiB", "fw-sig": "ecdsa-p256", "fw-hash": "sha256", "fw-deadline": "500ms",
	"aes-rate": "256 KiB/s", "aes-mode": "cbc", "aes-key": "128", "aes-dir": "encrypt",
	"cpu-budget": "70%", "clock": "measured", "objective": "headroom",
}

var index *engine.Index

var startURL *url.URL

// foldFails is how many failing candidates show before "show all".
const foldFails = 8

// SetStartURL records the URL the page was opened with, before go-app
// starts; the wasm main calls it.
func SetStartURL(u *url.URL) { startURL = u }

// dataErr is set when the bundled dataset cannot be read; the page says
// so instead of ranking (a panic would stop the whole wasm app).
var dataErr error

// Index returns the engine index over the bundled dataset, built once.
func Index() *engine.Index {
	if index == nil {
		ds, err := data.Dataset()
		if err != nil {
			dataErr = err
			ds = &bench.Dataset{}
		}
		index = engine.NewIndex(ds)
	}
	return index
}

// Page is the calculator.
type Page struct {
	app.Compo

	params    workload.Params
	errs      workload.Errors
	urlErrs   []string
	res       engine.Result
	selected  string
	filter    string
	sortBy    string
	embed     bool
	origin    string
	updateNow bool
	renders   int
	navigated bool
	// showAllFails unfolds the failing candidates beyond foldFails.
	showAllFails bool

	// Imports: the user's sets, their parse errors, the paste form, and
	// the index over bundled + imported data.
	imports    []ImportSet
	parsed     map[string]dataset.Imported // by ImportSet.ID
	importErrs map[string]string
	importNote string
	form       importForm
	ix         *engine.Index
	shareMsg   string
	sharedLink string
	// Chart options, rebuilt when the ranking or the view changes.
	chartKey                        string
	chartHeadroom, chartFW, chartHS string
}

// OnInit shows the default workload until the URL is read.
func (p *Page) OnInit() {
	p.params = workload.Params{}
	for k, v := range Defaults {
		p.params[k] = v
	}
	p.rank()
}

// OnNav restores the state from the URL, once: the state read at first
// is the page's state, later changes go into the URL, not out of it.
func (p *Page) OnNav(ctx app.Context) {
	if p.navigated {
		return
	}
	p.navigated = true
	u := ctx.Page().URL()
	if startURL != nil {
		u = startURL
	}
	q := u.Query()
	p.loadImports()
	p.importsFromFragment(u.Fragment)
	p.reindex()
	p.embed = q.Get("embed") == "1"
	p.origin = q.Get("origin")
	p.selected = q.Get("pick")
	p.params = workload.Params{}
	given := workload.FromQuery(q)
	if len(given) == 0 {
		for k, v := range Defaults {
			p.params[k] = v
		}
	} else {
		for k, v := range given {
			p.params[k] = v
		}
	}
	// An invalid parameter falls back to its default, with a message.
	_, errs := workload.Parse(p.params)
	p.urlErrs = nil
	for _, e := range errs {
		p.urlErrs = append(p.urlErrs, "URL parameter "+e.Error()+" — using the default instead")
		if d, ok := Defaults[e.Field]; ok && given[e.Field] != "" {
			p.params[e.Field] = d
		} else {
			delete(p.params, e.Field)
		}
	}
	p.rank()
}

// OnAppUpdate shows the new-version banner.
func (p *Page) OnAppUpdate(ctx app.Context) { p.updateNow = ctx.AppUpdateAvailable() }

func (p *Page) rank() {
	defer since("rank", now())
	w, errs := workload.Parse(p.params)
	p.errs = errs
	p.res = p.index().Rank(w)
	p.renders++
}

// OnMount takes the parts' actions.
func (p *Page) OnMount(ctx app.Context) {
	ctx.Handle(actionParam, p.handleParam)
	ctx.Handle(actionSelect, p.handleSelect)
}

func (p *Page) handleParam(ctx app.Context, a app.Action) {
	v, ok := a.Value.(param)
	if !ok {
		return
	}
	start := now()
	ctx.Defer(func(app.Context) { logRerank(start) })
	p.params[v.Name] = v.Value
	p.rank()
	p.syncURL(ctx)
	since("handler", start)
}

func (p *Page) syncURL(ctx app.Context) {
	u := *app.Window().URL()
	u.Fragment = "" // imports from a link are stored once read
	q := p.params.Query()
	extra := url.Values{}
	if p.embed {
		extra.Set("embed", "1")
	}
	if p.origin != "" {
		extra.Set("origin", p.origin)
	}
	if p.selected != "" {
		extra.Set("pick", p.selected)
	}
	if e := extra.Encode(); e != "" {
		if q != "" {
			q += "&"
		}
		q += e
	}
	u.RawQuery = q
	ctx.Page().ReplaceURL(&u)
}

func (p *Page) handleSelect(ctx app.Context, a app.Action) {
	key, ok := a.Value.(string)
	if !ok {
		return
	}
	p.selected = key
	p.syncURL(ctx)
	if !p.embed {
		return
	}
	for _, c := range p.res.Candidates {
		if c.Key == key {
			p.post(ctx, c)
		}
	}
}

// post tells the embedding page which candidate was picked. The target
// origin is the "origin" parameter or the referrer's origin, never "*".
func (p *Page) post(ctx app.Context, c engine.Candidate) {
	parent := app.Window().Get("parent")
	target := p.origin
	if target == "" {
		if ref := app.Window().Get("document").Get("referrer").String(); ref != "" {
			if u, err := url.Parse(ref); err == nil && u.Scheme != "" {
				target = u.Scheme + "://" + u.Host
			}
		}
	}
	if target == "" || target == "*" || !parent.Truthy() {
		return
	}
	msg := map[string]any{"type": "cryptosizer:select", "candidate": c, "url": ctx.Page().URL().String()}
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	parent.Call("postMessage", app.Window().Get("JSON").Call("parse", string(b)), target)
}

// Render draws the page.
func (p *Page) Render() app.UI {
	defer since("render", now())
	cls := "page"
	if p.embed {
		cls += " embed"
	}
	return app.Div().Class(cls).Body(
		app.If(p.updateNow, func() app.UI {
			return app.Div().Class("banner").Role("status").Body(
				app.Text("A new version of cryptosizer is available. "),
				app.Button().Text("Reload").OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
			)
		}),
		app.If(!p.embed, func() app.UI {
			return app.Header().Body(
				app.H1().Text("cryptosizer"),
				app.P().Text("Which STM32 board, crypto acceleration and library can carry your security workload — and by how much?"),
			)
		}),
		app.If(dataErr != nil, func() app.UI {
			return app.P().Class("url-error").Role("alert").Text("The bundled dataset could not be read: " + fmt.Sprint(dataErr))
		}),
		app.Range(p.urlErrs).Slice(func(i int) app.UI {
			return app.P().Class("url-error").Role("alert").Text(p.urlErrs[i])
		}),
		app.If(p.importNote != "", func() app.UI { return app.P().Class("note").Role("status").Text(p.importNote) }),
		app.Div().Class("layout").Body(
			app.Div().Class("side").Body(p.renderForm(), p.renderImport()),
			p.renderResults(),
		),
	)
}

func (p *Page) renderForm() app.UI {
	groups := []struct{ id, title string }{{"tls", "TLS handshakes"}, {"firmware", "Firmware image"}, {"aes", "AES stream"}, {"budget", "Budget and clock"}, {"filter", "Filters"}}
	return app.Form().Class("workload").Aria("label", "Workload").OnSubmit(func(ctx app.Context, e app.Event) { e.PreventDefault() }).Body(
		app.Range(groups).Slice(func(i int) app.UI {
			g := groups[i]
			var fields []workload.Field
			for _, f := range workload.Fields {
				if f.Group == g.id {
					fields = append(fields, f)
				}
			}
			return app.FieldSet().Body(
				app.Legend().Text(g.title),
				app.Range(fields).Slice(func(j int) app.UI { return p.renderField(fields[j]) }),
			)
		}),
	)
}

func (p *Page) renderField(f workload.Field) app.UI {
	fi := &FieldInput{Name: f.Name, Label: f.Label, Kind: "text", Value: p.params[f.Name], Placeholder: f.Default, Msg: f.Accepted}
	switch {
	case f.Name == "tls-mutual":
		fi.Kind = "checkbox"
	case workload.Choices(f.Name) != nil:
		opts := workload.Choices(f.Name)
		if f.Default == "" {
			opts = append([]string{""}, opts...) // optional: "any"
		}
		fi.Kind, fi.Value, fi.Options = "select", p.value(f), strings.Join(opts, "\n")
	}
	if err := p.errs.ByField(f.Name); err != nil {
		fi.Msg, fi.Invalid = err.Msg, true
	}
	return fi
}

// value is what a field's control shows: the parameter, or for a choice
// left empty its default.
func (p *Page) value(f workload.Field) string {
	if v, ok := p.params[f.Name]; ok {
		return v
	}
	if workload.Choices(f.Name) != nil {
		return f.Default
	}
	return ""
}

func (p *Page) visible() []engine.Candidate {
	var out []engine.Candidate
	q := strings.ToLower(strings.TrimSpace(p.filter))
	for _, c := range p.res.Candidates {
		hay := strings.ToLower(strings.Join([]string{c.MCU, c.Board, c.Library, c.LibraryVersion, c.Config, strings.Join(c.Acceleration, " "), c.Verdict}, " "))
		if q == "" || strings.Contains(hay, q) {
			out = append(out, c)
		}
	}
	if col, ok := sortColumns[strings.TrimPrefix(p.sortBy, "-")]; ok {
		desc := strings.HasPrefix(p.sortBy, "-")
		sort.SliceStable(out, func(i, j int) bool {
			if desc {
				return col.less(out[j], out[i])
			}
			return col.less(out[i], out[j])
		})
	}
	return out
}

// charts rebuilds the chart options only when what they show changed.
func (p *Page) charts(cs []engine.Candidate) {
	key := strconv.Itoa(p.renders) + "\x1f" + p.filter + "\x1f" + p.sortBy
	if key == p.chartKey {
		return
	}
	p.chartKey = key
	p.chartHeadroom = HeadroomChart(cs)
	if f := p.res.Workload.Firmware; f != nil {
		p.chartFW = FirmwareChart(cs, f.Deadline)
	}
	if p.res.Workload.TLS != nil {
		p.chartHS = HandshakeChart(cs)
	}
}

func (p *Page) renderResults() app.UI {
	cs := p.visible()
	t0 := now()
	p.charts(cs)
	since("charts", t0)
	// Rows in verdict order (pass, unknown, fail), each group in the
	// chosen sort order; failures beyond the closest foldFails are hidden.
	counts := map[string]int{}
	for _, c := range cs {
		counts[c.Verdict]++
	}
	var rows []engine.Candidate
	var starts []bool
	for _, g := range []string{engine.Pass, engine.Unknown, engine.Fail} {
		first := true
		for _, c := range cs {
			if c.Verdict == g {
				rows = append(rows, c)
				starts = append(starts, first)
				first = false
			}
		}
	}
	shownUpTo, hidden := len(rows), 0
	if !p.showAllFails && counts[engine.Fail] > foldFails {
		hidden = counts[engine.Fail] - foldFails
		shownUpTo = len(rows) - hidden
	}
	caption := fmt.Sprintf("%d pass · %d unknown · %d fail", counts[engine.Pass], counts[engine.Unknown], counts[engine.Fail])
	if hidden > 0 {
		caption += fmt.Sprintf(" (the closest %d failures shown)", foldFails)
	}
	return app.Section().ID("results").Class("results").Attr("data-renders", p.renders).Attr("data-client", app.IsClient && p.navigated).Attr("data-count", len(p.res.Candidates)).Aria("live", "polite").Body(
		app.P().Class("summary").Text(explain.Workload(p.res.Workload)),
		app.Div().Class("tools").Body(
			app.Label().For("filter").Text("Filter results"),
			app.Input().Type("search").ID("filter").Value(p.filter).Placeholder("e.g. H7, PKA, cmox").OnInput(func(ctx app.Context, e app.Event) {
				p.filter = ctx.JSSrc().Get("value").String()
			}),
			app.Button().Type("button").Class("print").Text("Print").OnClick(func(ctx app.Context, e app.Event) { app.Window().Call("print") }),
			app.Button().Type("button").ID("export-csv").Text("Download CSV").OnClick(p.exportCSV),
			app.Button().Type("button").ID("export-json").Text("Download JSON").OnClick(p.exportJSON),
			app.Button().Type("button").ID("copy-link").Text("Copy link").OnClick(p.copyLink),
		),
		app.If(p.sharedLink != "" || p.shareMsg != "", func() app.UI {
			return app.Div().Class("share").Body(
				app.If(p.shareMsg != "", func() app.UI { return app.P().ID("share-msg").Role("status").Text(p.shareMsg) }),
				app.If(p.sharedLink != "", func() app.UI {
					return app.Input().Type("text").ID("share-link").ReadOnly(true).Value(p.sharedLink).Aria("label", "Link to this result")
				}),
			)
		}),
		app.Div().Class("table-wrap").Body(app.Table().Class("rank").Body(
			app.Caption().Text(caption),
			app.THead().Body(app.Tr().Body(
				p.th("rank", "#"), th("Verdict"), th("Board"), p.th("mcu", "MCU"), th("Library"), th("Configuration"), th("Accel."),
				p.th("clock", "Clock"), p.th("headroom", "Headroom"), p.th("cpu", "CPU"), th("Bottleneck"),
			)),
			// One table whose row count does not change while typing: rows
			// update in place instead of being mounted and unmounted as
			// candidates move between verdicts (the costly part of a
			// re-rank), and folded failures are hidden, not removed.
			app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI { return p.renderRow(rows[i], starts[i], i >= shownUpTo) })),
		)),
		app.If(hidden > 0, func() app.UI {
			return app.Button().Type("button").ID("show-all-fails").Text(fmt.Sprintf("Show all %d failing candidates", counts[engine.Fail])).
				OnClick(func(ctx app.Context, e app.Event) { p.showAllFails = true })
		}),
		p.renderDetails(),
		app.Div().Class("charts").Body(
			chartBox("chart-headroom", "Headroom per candidate against the 1× line", p.chartHeadroom),
			app.If(p.res.Workload.Firmware != nil, func() app.UI {
				return chartBox("chart-firmware", "Firmware verify time split into hashing and signature", p.chartFW)
			}),
			app.If(p.res.Workload.TLS != nil, func() app.UI {
				return chartBox("chart-handshake", "Handshake time split by operation", p.chartHS)
			}),
		),
		app.Footer().Body(
			app.P().Text("Model: per-handshake operation counts from RFC 5246 §7.4, RFC 8422 §5.4 and RFC 8446 §4.4; firmware verify = size ÷ hash rate + one signature verification. "+
				"Data: ST wiki CMOX pages (STM32WBA52CG, STM32G071RB, STM32L152RE) and wolfSSL's STM32 benchmark page. Missing measurements make a verdict unknown, never a pass."),
		),
	)
}

func th(s string) app.UI { return app.Th().Scope("col").Text(s) }

func chartBox(id, label, option string) app.UI {
	return app.Figure().Class("chart-box").Body(
		&Chart{ID: id, Label: label, Option: option},
		app.FigCaption().Body(
			app.Button().Type("button").ID(id+"-png").Text("PNG").Aria("label", "Download "+label+" as PNG").OnClick(exportChart(id, option, "png")),
			app.Button().Type("button").ID(id+"-svg").Text("SVG").Aria("label", "Download "+label+" as SVG").OnClick(exportChart(id, option, "svg")),
		),
	)
}

type sortColumn struct {
	less func(a, b engine.Candidate) bool
}

func headroomOf(c engine.Candidate) float64 {
	if c.Headroom == nil {
		return -1
	}
	return *c.Headroom
}

// shareOf sorts an unknown CPU share after every known one.
func shareOf(c engine.Candidate) float64 {
	if c.Utilization == nil {
		return math.Inf(1)
	}
	return *c.Utilization
}

var sortColumns = map[string]sortColumn{
	"rank":     {func(a, b engine.Candidate) bool { return a.Rank < b.Rank }},
	"mcu":      {func(a, b engine.Candidate) bool { return a.MCU < b.MCU }},
	"clock":    {func(a, b engine.Candidate) bool { return a.ClockHz < b.ClockHz }},
	"headroom": {func(a, b engine.Candidate) bool { return headroomOf(a) < headroomOf(b) }},
	"cpu":      {func(a, b engine.Candidate) bool { return shareOf(a) < shareOf(b) }},
}

// th is a sortable column header: a button that toggles ascending and
// descending order, with aria-sort saying which is in force.
func (p *Page) th(key, label string) app.UI {
	state := "none"
	next := key
	switch p.sortBy {
	case key:
		state, next = "ascending", "-"+key
	case "-" + key:
		state, next = "descending", key
	}
	return app.Th().Scope("col").Aria("sort", state).Body(
		app.Button().Type("button").Class("sort").ID("sort-" + key).Text(label).
			OnClick(func(ctx app.Context, e app.Event) { p.sortBy = next }),
	)
}

func (p *Page) renderRow(c engine.Candidate, groupStart, hidden bool) app.UI {
	clock := explain.MHz(c.ClockHz)
	if c.Estimate {
		clock += " (est.)"
	}
	acc := strings.Join(c.Acceleration, "+")
	if acc == "" {
		acc = "none"
	}
	return &Row{Key: c.Key, Rank: strconv.Itoa(c.Rank), Verdict: c.Verdict, Board: orDash(c.Board), MCU: c.MCU, Imported: c.Imported,
		Library: strings.TrimSpace(c.Library + " " + c.LibraryVersion), Config: c.Config, Accel: acc, Clock: clock,
		Headroom: explain.Headroom(c.Headroom), CPU: explain.Share(c.Utilization), Bottleneck: explain.Bottleneck(c), Selected: c.Key == p.selected,
		GroupStart: groupStart, Hidden: hidden}
}

func orDash(s string) string {
	if s == "" {
		return "not stated"
	}
	return s
}

func (p *Page) renderDetails() app.UI {
	var c *engine.Candidate
	for i := range p.res.Candidates {
		if p.res.Candidates[i].Key == p.selected {
			c = &p.res.Candidates[i]
		}
	}
	if c == nil {
		return app.P().Class("hint").Text("Select a row (click, or Tab then Enter) to see its arithmetic and sources.")
	}
	return app.Section().ID("details").Class("details").Aria("label", "Candidate details").Body(
		app.H2().Text(c.MCU+" · "+c.Library+" "+c.LibraryVersion+" · "+c.Config),
		app.P().Text("Verdict "+c.Verdict+", headroom "+explain.Headroom(c.Headroom)+", clock "+explain.MHz(c.ClockHz)+" (measured at "+explain.MHz(c.MeasuredClockHz)+")"),
		app.Range(c.Notes).Slice(func(i int) app.UI { return app.P().Class("note").Text(c.Notes[i]) }),
		app.Range(c.Warnings).Slice(func(i int) app.UI {
			return app.P().Class("warning").Role("note").Text("Data-quality warning: " + c.Warnings[i])
		}),
		app.Range(c.Requirements).Slice(func(i int) app.UI {
			r := c.Requirements[i]
			steps := explain.Steps(r)
			return app.Div().Class("req").Body(
				app.H3().Body(app.Span().Class("badge "+r.Verdict).Text(r.Verdict), app.Text(" "+r.Kind+" — headroom "+explain.Headroom(r.Headroom))),
				app.Ol().Body(app.Range(steps).Slice(func(j int) app.UI { return app.Li().Text(steps[j]) })),
				app.Ul().Class("sources").Body(app.Range(r.Terms).Slice(func(j int) app.UI {
					t := r.Terms[j]
					src := t.Source
					if t.Missing {
						src = "no measurement in the dataset"
					}
					return app.Li().Body(app.Code().Text(t.Op), app.Text(" — "+src+" (rule "+t.Rule+": "+engine.Rules[t.Rule].Ref+")"))
				})),
			)
		}),
	)
}
