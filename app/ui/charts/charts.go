// Package charts builds the ECharts options the web app draws, as JSON,
// from go-echarts' typed option model. It is free of go-app and
// JavaScript: the page hands the JSON to ECharts through package browser.
package charts

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/opts"

	"cryptosizer/app/engine"
)

// MaxBars bounds how many candidates a chart shows: the top of the
// ranking is what the user compares.
const MaxBars = 12

func label(c engine.Candidate) string {
	s := c.MCU + " " + c.Library
	if c.LibraryVersion != "" {
		s += " " + c.LibraryVersion
	}
	return s + " #" + strconv.Itoa(c.Rank)
}

// option is the top level of an ECharts option. The parts are go-echarts'
// typed option model (package opts); the assembly is ours because
// go-echarts' charts package links its HTML renderer (html/template and
// templates), 400 KB of WebAssembly the browser never uses.
type option struct {
	Title     opts.Title   `json:"title"`
	Tooltip   opts.Tooltip `json:"tooltip"`
	Legend    opts.Legend  `json:"legend"`
	Grid      opts.Grid    `json:"grid"`
	XAxis     []xAxis      `json:"xAxis"`
	YAxis     []opts.YAxis `json:"yAxis"`
	Series    []series     `json:"series"`
	Animation bool         `json:"animation"`
}

// xAxis adds the category data that opts.XAxis leaves to the chart type.
type xAxis struct {
	opts.XAxis
	Type string   `json:"type"`
	Data []string `json:"data"`
}

type series struct {
	Name     string          `json:"name"`
	Type     string          `json:"type"`
	Stack    string          `json:"stack,omitempty"`
	Data     []opts.BarData  `json:"data"`
	MarkLine *opts.MarkLines `json:"markLine,omitempty"`
}

func (o *option) JSON() string {
	if o.XAxis[0].Data == nil {
		o.XAxis[0].Data = []string{}
	}
	for i := range o.Series {
		if o.Series[i].Data == nil {
			o.Series[i].Data = []opts.BarData{}
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "{}"
	}
	return string(b)
}

func round(v float64, places int) float64 {
	p := math.Pow10(places)
	return math.Round(v*p) / p
}

func baseBar(title, yName string) *option {
	return &option{
		Title:   opts.Title{Title: title, TitleStyle: &opts.TextStyle{FontSize: 14}},
		Tooltip: opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"},
		Legend:  opts.Legend{Show: opts.Bool(true), Top: "24"},
		Grid:    opts.Grid{Left: "8", Right: "16", Bottom: "8", Top: "64", ContainLabel: opts.Bool(true)},
		XAxis:   []xAxis{{XAxis: opts.XAxis{AxisLabel: &opts.AxisLabel{Rotate: 30, Interval: "0", FontSize: 10}}, Type: "category"}},
		YAxis:   []opts.YAxis{{Name: yName, Type: "value"}},
	}
}

// markLine draws a horizontal line at y with a label.
func markLine(name string, y float64) *opts.MarkLines {
	return &opts.MarkLines{
		Data:          []interface{}{opts.MarkLineNameYAxisItem{Name: name, YAxis: y}},
		MarkLineStyle: opts.MarkLineStyle{Symbol: []string{"none", "none"}, Label: &opts.Label{Show: opts.Bool(true), Formatter: name}},
	}
}

// Headroom is headroom per candidate against the line at 1× (the
// budget, or the deadline: where the tightest requirement is just met).
func Headroom(cs []engine.Candidate) string {
	bar := baseBar("Headroom of the tightest requirement (1× = just meets it)", "×")
	var names []string
	var data []opts.BarData
	for _, c := range cs {
		if c.Headroom == nil || len(names) == MaxBars {
			continue
		}
		color := "#1a7f37"
		if c.Verdict == engine.Fail {
			color = "#cf222e"
		}
		names = append(names, label(c))
		data = append(data, opts.BarData{Name: label(c), Value: round(math.Min(*c.Headroom, 1e6), 3), ItemStyle: &opts.ItemStyle{Color: color}})
	}
	bar.XAxis[0].Data = names
	bar.Series = []series{{Name: "headroom", Type: "bar", Data: data, MarkLine: markLine("1× = just meets it", 1)}}
	return bar.JSON()
}

// Kind draws a kind's chart (its engine.ChartSpec): per candidate, the
// kind's requirement split into stacked bars, by rule or by operation,
// with the requirement as a line when the spec asks for one. Candidates
// missing a figure of the requirement have no bar.
func Kind(spec *engine.ChartSpec, kind engine.KindName, cs []engine.Candidate) string {
	bar := baseBar(spec.Title, spec.YName)
	var names []string
	var order []string
	stacks := map[string][]opts.BarData{}
	var line float64
	for _, c := range cs {
		if len(names) == MaxBars {
			break
		}
		i := slices.IndexFunc(c.Requirements, func(r engine.Requirement) bool { return r.Kind == kind && len(r.Missing) == 0 })
		if i < 0 {
			continue
		}
		r := c.Requirements[i]
		line = r.Required
		got := map[string]float64{}
		if spec.Share && r.Utilization != nil {
			// One bar: the share, scaled to percent by the spec.
			r.Terms = []engine.Term{{Op: spec.YName, Total: *r.Utilization}}
		}
		for _, t := range r.Terms {
			name := t.Op
			if spec.ByRule != nil {
				name = spec.ByRule[t.Rule]
			}
			if _, ok := stacks[name]; !ok {
				order = append(order, name)
				// A stack that starts late has no bar for earlier candidates.
				stacks[name] = make([]opts.BarData, len(names))
			}
			got[name] += t.Total
		}
		names = append(names, label(c))
		for _, name := range order {
			stacks[name] = append(stacks[name], opts.BarData{Value: round(got[name]*spec.Scale, spec.Places)})
		}
	}
	bar.XAxis[0].Data = names
	for i, name := range order {
		s := series{Name: name, Type: "bar", Stack: spec.Stack, Data: stacks[name]}
		if spec.Line != "" && i == len(order)-1 {
			s.MarkLine = markLine(spec.Line, round(line*spec.Scale, spec.Places))
		}
		bar.Series = append(bar.Series, s)
	}
	return bar.JSON()
}
