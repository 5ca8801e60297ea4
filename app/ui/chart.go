package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Chart renders an ECharts option (JSON built by go-echarts) with the
// page's local echarts.min.js. It inits on mount, applies the option on
// update, resizes with the window and disposes on dismount. The option
// is passed as JSON because app.ValueOf cannot take Go structs, and no
// JavaScript functions are used, so no eval is needed.
type Chart struct {
	app.Compo
	ID     string
	Label  string
	Option string

	inst    app.Value
	applied string
}

// Render draws the chart's container.
func (c *Chart) Render() app.UI {
	return app.Div().ID(c.ID).Class("chart").Attr("role", "img").Aria("label", c.Label)
}

// OnMount creates the ECharts instance once the element is in the DOM.
func (c *Chart) OnMount(ctx app.Context) {
	ctx.Defer(func(ctx app.Context) {
		ec := app.Window().Get("echarts")
		if !ec.Truthy() {
			return
		}
		c.inst = ec.Call("init", ctx.JSSrc())
		c.apply()
	})
}

// OnUpdate applies a new option.
func (c *Chart) OnUpdate(ctx app.Context) {
	ctx.Defer(func(app.Context) { c.apply() })
}

func (c *Chart) apply() {
	if c.inst == nil || c.Option == c.applied || c.Option == "" {
		return
	}
	// lazyUpdate: ECharts draws on the next animation frame, so typing
	// is not held up by chart drawing.
	c.inst.Call("setOption", app.Window().Get("JSON").Call("parse", c.Option), map[string]any{"notMerge": true, "lazyUpdate": true})
	c.applied = c.Option
}

// OnResize follows the window.
func (c *Chart) OnResize(ctx app.Context) {
	if c.inst != nil {
		c.inst.Call("resize")
	}
}

// OnDismount frees the instance.
func (c *Chart) OnDismount() {
	if c.inst != nil {
		c.inst.Call("dispose")
		c.inst = nil
	}
}
