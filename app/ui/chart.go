package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/browser"
)

// chartBox is a chart with its title, what it leaves out, and its
// download buttons (enabled once it has an option).
func chartBox(id, label, note, option string) app.UI {
	return app.Elem("figure").Class("chart-box").Body(
		app.Elem("figcaption").Body(
			app.Elem("span").Class("chart-title").Text(label),
			app.If(note != "", func() app.UI { return app.Elem("span").Class("chart-note").Text(" — " + note) }),
		),
		&Chart{ID: id, Label: label, Option: option},
		// The buttons are there before the chart is made (disabled), so
		// that nothing below moves when it is.
		app.Div().Class("chart-tools").Body(
			app.Range(exportKinds).Slice(func(i int) app.UI {
				kind := strings.ToUpper(exportKinds[i])
				return app.Elem("button").Attr("type", "button").ID(id+"-"+exportKinds[i]).Text(kind).Aria("label", "Download "+label+" as "+kind).
					Attr("disabled", option == "").DataSet("chart", id).DataSet("kind", exportKinds[i]).OnClick(chartExportClick)
			}),
		),
	)
}

var exportKinds = []string{"png", "svg"}

// chartExportClick asks for the chart its button names. The button says
// which (browser.EventData): go-app keeps an element's first handler
// while its code stays the same, so a captured name would be the first
// chart's at that place in the list; and the page looks the chart's
// option up, so that it is the ranking's on screen.
func chartExportClick(ctx app.Context, e app.Event) {
	if id, kind := browser.EventData(ctx, "chart"), browser.EventData(ctx, "kind"); id != "" && kind != "" {
		ctx.NewActionWithValue(actionChartExport, chartExport{ID: id, Kind: kind})
	}
}

// Chart renders an ECharts option (JSON built by package charts) with the
// page's local ECharts. It starts ECharts on mount, applies the option on
// update, resizes with the window and frees it on dismount; every call
// goes through package browser, and a failure is shown, not fatal.
type Chart struct {
	app.Compo
	ID     string
	Label  string
	Option string

	inst    *browser.Chart
	applied string
}

// Render draws the chart's container.
func (c *Chart) Render() app.UI {
	return app.Div().ID(c.ID).Class("chart").Attr("role", "img").Aria("label", c.Label)
}

// OnMount starts ECharts once the element is in the DOM and the chart has
// an option (its box is on the page before: ChartList).
func (c *Chart) OnMount(ctx app.Context) {
	keepRendered(ctx)
	if c.Option != "" {
		c.load(ctx)
	}
}

// load loads ECharts (once for the page) and draws when it has.
func (c *Chart) load(ctx app.Context) {
	browser.LoadCharts(app.Getenv("GOAPP_STATIC_RESOURCES_URL")+"/echarts.min.js", func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			keepRendered(ctx) // drawing changes no render (the box is there)
			if err != nil {
				ctx.NewActionWithValue(actionError, err.Error())
				return
			}
			c.start(ctx)
			// After any render this could cause (e2e tests count them).
			ctx.Defer(func(app.Context) { browser.Record("chart-started", browser.Now(), true) })
		})
	})
}

// start begins drawing once ECharts is loaded and the element mounted.
func (c *Chart) start(ctx app.Context) {
	if c.inst != nil || !c.Mounted() {
		return
	}
	inst, err := browser.NewChart(ctx)
	if err != nil {
		ctx.NewActionWithValue(actionError, err.Error())
		return
	}
	c.inst = inst
	c.apply(ctx)
}

// OnUpdate applies a new option after the render that gave it (the page
// gives the charts a new option once typing pauses: render.go); the
// first option loads ECharts.
func (c *Chart) OnUpdate(ctx app.Context) {
	if c.inst == nil {
		if c.Option != "" {
			c.load(ctx)
		}
		return
	}
	ctx.Defer(func(ctx app.Context) {
		if c.Mounted() {
			c.apply(ctx)
		}
	})
}

func (c *Chart) apply(ctx app.Context) {
	if c.inst == nil || c.Option == c.applied || c.Option == "" {
		return
	}
	c.applied = c.Option
	if err := c.inst.SetOption(c.Option); err != nil {
		ctx.NewActionWithValue(actionError, err.Error())
		return
	}
	browser.Record("chart-drawn", browser.Now(), false) // when a chart last followed the answer (./build.sh bench)
}

// OnResize follows the window.
func (c *Chart) OnResize(ctx app.Context) {
	if c.inst != nil {
		if err := c.inst.Resize(); err != nil {
			ctx.NewActionWithValue(actionError, err.Error())
		}
	}
}

// OnDismount frees the instance.
func (c *Chart) OnDismount() {
	if c.inst != nil {
		_ = c.inst.Dispose()
		c.inst = nil
	}
}
