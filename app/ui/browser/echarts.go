package browser

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Chart is an ECharts instance on one element.
type Chart struct{ inst app.Value }

// ChartsLoaded reports whether the ECharts script has run.
func ChartsLoaded() bool {
	var ok bool
	_ = Try("looking for ECharts", func() { ok = win().Get("echarts").Truthy() })
	return ok
}

// chartsScript is the state of the one ECharts script element: the
// first chart that mounts adds it; the others wait for the same load.
var chartsScript struct {
	started bool
	waiting []func(error)
}

// LoadCharts loads the ECharts bundle (src) with an async script element,
// once, off the first ranking's path, and calls done when it has run or
// with an error naming the script when it could not load. done runs in
// the script's load or error event; the caller dispatches to its
// component from there.
func LoadCharts(src string, done func(error)) {
	if ChartsLoaded() {
		done(nil)
		return
	}
	chartsScript.waiting = append(chartsScript.waiting, done)
	if chartsScript.started {
		return
	}
	chartsScript.started = true
	finish := func(err error) {
		waiting := chartsScript.waiting
		chartsScript.waiting = nil
		if err != nil {
			chartsScript.started = false // a later chart tries again
		}
		for _, f := range waiting {
			f(err)
		}
	}
	var onload, onerror app.Func
	release := func() {
		onload.Release()
		onerror.Release()
	}
	onload = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		if !ChartsLoaded() {
			finish(fmt.Errorf("loading the charts: %s ran but defined no echarts", src))
			return nil
		}
		finish(nil)
		return nil
	})
	onerror = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		finish(fmt.Errorf("loading the charts: %s could not be loaded (offline before the first full visit?)", src))
		return nil
	})
	err := Try("loading the charts", func() {
		doc := win().Get("document")
		el := doc.Call("createElement", "script")
		el.Set("async", true)
		el.Set("onload", onload)
		el.Set("onerror", onerror)
		el.Set("src", src)
		doc.Get("head").Call("appendChild", el)
	})
	if err != nil {
		release()
		finish(err)
	}
}

// NewChart starts ECharts on the element the context's component renders,
// drawing SVG: crisp at any zoom, and text a test can measure.
func NewChart(ctx app.Context) (*Chart, error) {
	c := &Chart{}
	err := Try("starting a chart", func() {
		c.inst = win().Get("echarts").Call("init", ctx.JSSrc(), nil, map[string]any{"renderer": "svg"})
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// SetOption draws an option given as JSON (JSON, because app.ValueOf
// cannot take Go structs, and no JavaScript functions, so no eval). The
// option is merged into the one drawn, its series and axes replaced as
// a whole (replaceMerge: merged, an empty list of rows kept the last
// rows' names on the axis, drawn without bars): on a re-rank ECharts
// redraws what changed, not the chart. The drawing waits for the next
// animation frame (lazyUpdate), so typing is not held up by it.
func (c *Chart) SetOption(optionJSON string) error {
	return Try("drawing a chart", func() {
		c.inst.Call("setOption", win().Get("JSON").Call("parse", optionJSON), map[string]any{"replaceMerge": []any{"series", "xAxis", "yAxis"}, "lazyUpdate": true})
	})
}

// Resize follows the element's size.
func (c *Chart) Resize() error { return Try("resizing a chart", func() { c.inst.Call("resize") }) }

// Dispose frees the instance.
func (c *Chart) Dispose() error { return Try("removing a chart", func() { c.inst.Call("dispose") }) }

// PNG renders an option with ECharts' canvas renderer, off screen, as a
// PNG data: URL (the charts on the page draw SVG).
func PNG(optionJSON string, width, height int) (string, error) {
	var u string
	err := Try("rendering the chart as PNG", func() {
		w := win()
		doc := w.Get("document")
		div := doc.Call("createElement", "div")
		div.Get("style").Set("width", itoa(width)+"px")
		div.Get("style").Set("height", itoa(height)+"px")
		c := w.Get("echarts").Call("init", div, nil, map[string]any{"renderer": "canvas", "width": width, "height": height})
		defer c.Call("dispose")
		c.Call("setOption", w.Get("JSON").Call("parse", optionJSON))
		u = c.Call("getDataURL", map[string]any{"type": "png", "pixelRatio": 2, "backgroundColor": "#fff"}).String()
	})
	return u, err
}

func itoa(n int) string { return strconv.Itoa(n) }

// SVG renders an option again with ECharts' SVG renderer, off screen.
func SVG(optionJSON string, width, height int) (string, error) {
	var out string
	err := Try("rendering the chart as SVG", func() {
		w := win()
		svg := w.Get("echarts").Call("init", nil, nil, map[string]any{"renderer": "svg", "ssr": true, "width": width, "height": height})
		defer svg.Call("dispose")
		svg.Call("setOption", w.Get("JSON").Call("parse", optionJSON))
		out = svg.Call("renderToSVGString").String()
	})
	return out, err
}
