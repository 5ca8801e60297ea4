package ui

import (
	"encoding/json"
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"cryptosizer/app/engine"
)

// maxBars bounds how many candidates a chart shows: the top of the
// ranking is what the user compares.
const maxBars = 12

func label(c engine.Candidate) string {
	s := c.MCU + " " + c.Library
	if c.LibraryVersion != "" {
		s += " " + c.LibraryVersion
	}
	return s + " #" + itoa(c.Rank)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func optionJSON(c interface{ JSON() map[string]interface{} }) string {
	b, err := json.Marshal(c.JSON())
	if err != nil {
		return "{}"
	}
	return string(b)
}

func round(v float64, places int) float64 {
	p := math.Pow10(places)
	return math.Round(v*p) / p
}

func baseBar(title, yName string) *charts.Bar {
	bar := charts.NewBar()
	bar.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: title, TitleStyle: &opts.TextStyle{FontSize: 14}}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "24"}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "16", Bottom: "8", Top: "64", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(opts.XAxis{AxisLabel: &opts.AxisLabel{Rotate: 30, Interval: "0", FontSize: 10}}),
		charts.WithYAxisOpts(opts.YAxis{Name: yName}),
		charts.WithAnimation(false),
	)
	return bar
}

// HeadroomChart is headroom per candidate against the line at 1× (the
// budget, or the deadline: where the tightest requirement is just met).
func HeadroomChart(cs []engine.Candidate) string {
	bar := baseBar("Headroom of the tightest requirement (1× = just meets it)", "×")
	var names []string
	var data []opts.BarData
	for _, c := range cs {
		if c.Headroom == nil || len(names) == maxBars {
			continue
		}
		color := "#1a7f37"
		if c.Verdict == engine.Fail {
			color = "#cf222e"
		}
		names = append(names, label(c))
		data = append(data, opts.BarData{Name: label(c), Value: round(math.Min(*c.Headroom, 1e6), 3), ItemStyle: &opts.ItemStyle{Color: color}})
	}
	bar.SetXAxis(names).AddSeries("headroom", data,
		charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: "budget / deadline", YAxis: 1}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"}, Label: &opts.Label{Show: opts.Bool(true), Formatter: "1× budget"}}))
	bar.Validate()
	return optionJSON(bar)
}

// FirmwareChart splits the verify time into hashing and signature, in
// milliseconds, against the deadline.
func FirmwareChart(cs []engine.Candidate, deadline float64) string {
	bar := baseBar("Firmware verify time: hash + signature vs deadline", "ms")
	var names []string
	var hash, sig []opts.BarData
	for _, c := range cs {
		if len(names) == maxBars {
			break
		}
		for _, r := range c.Requirements {
			if r.Kind != "firmware" || len(r.Missing) > 0 {
				continue
			}
			names = append(names, label(c))
			hash = append(hash, opts.BarData{Value: round(r.Terms[0].Total*1e3, 3)})
			sig = append(sig, opts.BarData{Value: round(r.Terms[1].Total*1e3, 3)})
		}
	}
	bar.SetXAxis(names).
		AddSeries("hash", hash, charts.WithBarChartOpts(opts.BarChart{Stack: "fw"})).
		AddSeries("signature", sig, charts.WithBarChartOpts(opts.BarChart{Stack: "fw"}),
			charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: "deadline", YAxis: round(deadline*1e3, 3)}),
			charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"}, Label: &opts.Label{Show: opts.Bool(true), Formatter: "deadline"}}))
	bar.Validate()
	return optionJSON(bar)
}

// HandshakeChart splits one handshake's time by operation, in ms.
func HandshakeChart(cs []engine.Candidate) string {
	bar := baseBar("Handshake time by operation", "ms per handshake")
	var names []string
	series := map[string][]opts.BarData{}
	var order []string
	var shown []engine.Candidate
	for _, c := range cs {
		if len(shown) == maxBars {
			break
		}
		for _, r := range c.Requirements {
			if r.Kind == "tls" && len(r.Missing) == 0 {
				shown = append(shown, c)
				for _, t := range r.Terms {
					if _, ok := series[t.Op]; !ok {
						series[t.Op] = nil
						order = append(order, t.Op)
					}
				}
			}
		}
	}
	for _, c := range shown {
		names = append(names, label(c))
		for _, r := range c.Requirements {
			if r.Kind != "tls" {
				continue
			}
			got := map[string]float64{}
			for _, t := range r.Terms {
				got[t.Op] += t.Total
			}
			for _, op := range order {
				series[op] = append(series[op], opts.BarData{Value: round(got[op]*1e3, 4)})
			}
		}
	}
	bar.SetXAxis(names)
	for _, op := range order {
		bar.AddSeries(op, series[op], charts.WithBarChartOpts(opts.BarChart{Stack: "hs"}))
	}
	bar.Validate()
	return optionJSON(bar)
}
