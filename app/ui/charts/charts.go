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
	s := "#" + strconv.Itoa(c.Rank) + " " + c.MCU + " " + c.Library
	if c.LibraryVersion != "" {
		s += " " + c.LibraryVersion
	}
	return s
}

// option is the top level of an ECharts option. The parts are go-echarts'
// typed option model (package opts); the assembly is ours because
// go-echarts' charts package links its HTML renderer (html/template and
// templates), 400 KB of WebAssembly the browser never uses. Bars are
// horizontal: candidates on the y axis, where their names have room.
type option struct {
	Tooltip   opts.Tooltip `json:"tooltip"`
	Legend    opts.Legend  `json:"legend"`
	Grid      opts.Grid    `json:"grid"`
	XAxis     []axis       `json:"xAxis"`
	YAxis     []axis       `json:"yAxis"`
	Series    []series     `json:"series"`
	Animation bool         `json:"animation"`
}

// axis is an ECharts axis: the value axis, or the category axis with
// the candidates' names.
type axis struct {
	Type         string          `json:"type"`
	Name         string          `json:"name,omitempty"`
	NameLocation string          `json:"nameLocation,omitempty"`
	NameGap      int             `json:"nameGap,omitempty"`
	SplitNumber  int             `json:"splitNumber,omitempty"`
	Inverse      bool            `json:"inverse,omitempty"`
	LogBase      int             `json:"logBase,omitempty"` // with Type "log"
	Min          float64         `json:"min,omitempty"`
	Data         []string        `json:"data,omitempty"`
	AxisLabel    *opts.AxisLabel `json:"axisLabel,omitempty"`
}

type series struct {
	Name     string          `json:"name"`
	Type     string          `json:"type"`
	Stack    string          `json:"stack,omitempty"`
	Data     []opts.BarData  `json:"data"`
	MarkLine *opts.MarkLines `json:"markLine,omitempty"`
	// BarWidth and BarGap draw one series' bars inside another's (a
	// bullet: "-100%" overlaps them).
	BarWidth  string          `json:"barWidth,omitempty"`
	BarGap    string          `json:"barGap,omitempty"`
	ItemStyle *opts.ItemStyle `json:"itemStyle,omitempty"`
}

func (o *option) JSON() string {
	if o.YAxis[0].Data == nil {
		o.YAxis[0].Data = []string{}
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

// baseBar is a horizontal bar chart: candidates down the y axis (first at
// the top), values along the x axis, the legend below.
func baseBar(xName string, legend bool) *option {
	return &option{
		Tooltip: opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"},
		Legend:  opts.Legend{Show: opts.Bool(legend), Bottom: "0", ItemWidth: 14, ItemHeight: 10, TextStyle: &opts.TextStyle{FontSize: 10}},
		Grid:    opts.Grid{Left: "8", Right: "24", Bottom: "44", Top: "24", ContainLabel: opts.Bool(true)},                                           // Top: room for a line's label above the bars
		XAxis:   []axis{{Type: "value", Name: xName, NameLocation: "middle", NameGap: 22, SplitNumber: 3, AxisLabel: &opts.AxisLabel{FontSize: 10}}}, // 3 ticks: more ran together on a phone
		YAxis:   []axis{{Type: "category", Inverse: true, AxisLabel: &opts.AxisLabel{Interval: "0", FontSize: 10}}},
	}
}

// markLine draws a vertical line at x, labelled inside the chart.
func markLine(name string, x float64) *opts.MarkLines {
	return &opts.MarkLines{
		Data: []interface{}{opts.MarkLineNameXAxisItem{Name: name, XAxis: x}},
		MarkLineStyle: opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label: &opts.Label{Show: opts.Bool(true), Formatter: name, Position: "start"}}, // the category axis is inverted: its start is above the plot, never on a bar
	}
}

// Folded says how many of the candidates a chart shows, when it cannot
// show them all.
func Folded(shown, total int) string {
	if shown >= total {
		return ""
	}
	return "the first " + strconv.Itoa(shown) + " of " + strconv.Itoa(total) + " candidates with figures"
}

// HeadroomNote, KindNote and EnergyNote are a chart's note (what it
// leaves out), which the chart carries too: the page shows the charts'
// boxes, with their captions final, before it makes them.
func HeadroomNote(cs []engine.Candidate) string {
	return foldedOf(cs, func(c engine.Candidate) bool { return c.Headroom != nil })
}

// KindNote is a kind's chart's note (HeadroomNote).
func KindNote(kind engine.KindName, cs []engine.Candidate) string {
	return foldedOf(cs, func(c engine.Candidate) bool { return kindReq(c, kind) >= 0 })
}

// EnergyNote is the energy chart's note (HeadroomNote).
func EnergyNote(cs []engine.Candidate) string {
	_, perHour, _ := EnergyTitle(cs)
	return foldedOf(cs, func(c engine.Candidate) bool { return energyOf(c, perHour) != nil })
}

// foldedOf is Folded for the candidates that have a bar: the charts draw
// the first MaxBars of them.
func foldedOf(cs []engine.Candidate, bar func(engine.Candidate) bool) string {
	n := 0
	for _, c := range cs {
		if bar(c) {
			n++
		}
	}
	if n == 0 {
		// An empty box says why it is empty.
		return "nothing to draw: no candidate on screen has every figure this chart needs"
	}
	return Folded(min(n, MaxBars), n)
}

// kindReq is the index of the candidate's requirement of a kind with
// every figure (-1: none, no bar).
func kindReq(c engine.Candidate, kind engine.KindName) int {
	return slices.IndexFunc(c.Requirements, func(r engine.Requirement) bool { return r.Kind == kind && len(r.Missing) == 0 })
}

// energyOf is the energy range the chart draws for a candidate (nil: no
// bar).
func energyOf(c engine.Candidate, perHour bool) *[2]float64 {
	switch {
	case c.Energy == nil:
		return nil
	case perHour:
		return c.Energy.PerHour
	}
	return c.Energy.PerBoot
}

// Headroom is headroom per candidate against the line at 1× (the
// budget, or the deadline: where the tightest requirement is just met),
// on a logarithmic axis (headroom spans 0.01× to 1000×). Passes are
// green, failures red; unknowns have no bar. It returns the option and
// the note on what is folded away.
func Headroom(cs []engine.Candidate) (string, string) {
	bar := baseBar("headroom (×, log scale)", false)
	bar.XAxis[0].Type = "log"
	var names []string
	var data []opts.BarData
	for _, c := range cs {
		if c.Headroom == nil {
			continue
		}
		if len(names) == MaxBars {
			break
		}
		color := "#1a7f37"
		if c.Verdict == engine.Fail {
			color = "#cf222e"
		}
		names = append(names, label(c))
		data = append(data, opts.BarData{Name: label(c), Value: round(math.Max(math.Min(*c.Headroom, 1e6), 1e-3), 3), ItemStyle: &opts.ItemStyle{Color: color}})
	}
	bar.YAxis[0].Data = names
	bar.Series = []series{{Name: "headroom", Type: "bar", Data: data, MarkLine: markLine("1×", 1)}}
	return bar.JSON(), HeadroomNote(cs)
}

// Kind draws a kind's chart (its Spec): per candidate, the
// kind's requirement split into stacked bars, by rule or by operation,
// with the requirement as a line when the spec asks for one. Candidates
// missing a figure of the requirement have no bar.
func Kind(spec Spec, kind engine.KindName, cs []engine.Candidate) (string, string) {
	bar := baseBar(spec.YName, true)
	var names []string
	var order []string
	stacks := map[string][]opts.BarData{}
	var line float64
	for _, c := range cs {
		i := kindReq(c, kind)
		if i < 0 {
			continue
		}
		if len(names) == MaxBars {
			break
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
			if kind == engine.KindFirmware && t.Count != 1 {
				// A bootloader's passes: the stack says how many it holds
				// (the same for every row: one workload).
				name += " × " + strconv.FormatFloat(t.Count, 'f', -1, 64)
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
	bar.YAxis[0].Data = names
	// The legend wraps below the chart: leave it room for two entries a
	// line on the narrowest screen.
	bar.Grid.Bottom = strconv.Itoa(40 + 16*((len(order)+1)/2))
	for i, name := range order {
		s := series{Name: name, Type: "bar", Stack: spec.Stack, Data: stacks[name]}
		if spec.Line != "" && i == len(order)-1 {
			s.MarkLine = markLine(spec.Line, round(line*spec.Scale, spec.Places))
		}
		bar.Series = append(bar.Series, s)
	}
	return bar.JSON(), KindNote(kind, cs)
}

// EnergyTitle is the energy chart's title, whether it is per hour of the
// continuous loads (else per boot verify), and whether a candidate has an
// energy to chart at all.
func EnergyTitle(cs []engine.Candidate) (title string, perHour, ok bool) {
	perHour = slices.ContainsFunc(cs, func(c engine.Candidate) bool { return c.Energy != nil && c.Energy.PerHour != nil })
	ok = perHour || slices.ContainsFunc(cs, func(c engine.Candidate) bool { return c.Energy != nil && c.Energy.PerBoot != nil })
	if perHour {
		return "Energy per hour of the continuous loads: from the datasheet's run current to 2.1–2.7× it, as measured on an STM32F411", true, ok
	}
	return "Energy per boot verify: from the datasheet's run current to 2.1–2.7× it, as measured on an STM32F411", false, ok
}

// Energy draws each candidate's energy range — per hour of the
// continuous loads, or per boot verify when there are none — as a bar
// from its low end (datasheet current, central times) to its high end
// (calibrated current, slow-end times): an invisible bar carries it to
// the low end, and the visible one spans the range. Candidates whose
// energy is unknown have no bar. ok is false when none has one.
func Energy(cs []engine.Candidate) (option string, note, title string, ok bool) {
	title, perHour, ok := EnergyTitle(cs)
	if !ok {
		return "", "", title, false
	}
	unit := "mJ per boot verify"
	if perHour {
		unit = "J per hour"
	}
	scale := 1e3
	if perHour {
		scale = 1
	}
	bar := baseBar(unit, false)
	var names []string
	var low, span []opts.BarData
	for _, c := range cs {
		e := energyOf(c, perHour)
		if e == nil {
			continue
		}
		if len(names) == MaxBars {
			break
		}
		names = append(names, label(c))
		lo, hi := round(e[0]*scale, 4), round(e[1]*scale, 4)
		low = append(low, opts.BarData{Value: lo, ItemStyle: &opts.ItemStyle{Color: "transparent"}})
		span = append(span, opts.BarData{Value: round(hi-lo, 4), ItemStyle: &opts.ItemStyle{Color: "#8250df", BorderColor: "#3e1f79", BorderWidth: 2},
			Label: &opts.Label{Show: opts.Bool(true), Position: "right", Formatter: strconv.FormatFloat(lo, 'g', 3, 64) + "–" + strconv.FormatFloat(hi, 'g', 3, 64)}})
	}
	bar.YAxis[0].Data = names
	bar.Tooltip.Show = opts.Bool(false) // the bar's label says the range
	bar.Grid.Right = "84"               // room for the longest bar's label
	bar.Series = []series{{Name: "low end", Type: "bar", Stack: "energy", Data: low}, {Name: "range", Type: "bar", Stack: "energy", Data: span}}
	return bar.JSON(), EnergyNote(cs), title, true
}

// session is a candidate's TLS session RAM bound and the RAM at its
// handshake's peak (the bound where no working memory is added), in
// bytes (0: none).
func session(c engine.Candidate) (bound, peak int64) {
	for _, r := range c.Requirements {
		if r.Session != nil {
			return r.Session.Bytes, max(r.PeakBytes, r.Session.Bytes)
		}
	}
	return 0, 0
}

// HasSession reports whether a candidate carries a TLS session RAM bound
// (a TLS 1.3 load): the RAM chart is drawn then.
func HasSession(cs []engine.Candidate) bool {
	return slices.ContainsFunc(cs, func(c engine.Candidate) bool { s, _ := session(c); return s > 0 })
}

// RAM draws each candidate's RAM against what its TLS handshake holds at
// its peak, as a bullet: the wide bar is the part's RAM as the RAM left
// counts it (for a group, its smallest part number that holds the
// peak), labelled with the group's range when its part numbers differ;
// the narrow bar inside it the RAM at the handshake's peak (the session's
// lower bound and the working memory of the operations then, where
// published: Requirement.PeakBytes); the line the standards' lower bound
// of the first candidate's session. A wide bar is red when its part
// cannot hold its own peak. Candidates without part facts have no bar.
func RAM(cs []engine.Candidate) (option, note string) {
	bar := baseBar("KiB of RAM", true)
	var names []string
	var have, need []opts.BarData
	var line int64
	for _, c := range cs {
		s, peak := session(c)
		if s == 0 || c.Memory == nil || c.Memory.PartRAMBytes <= 0 {
			continue
		}
		if len(names) == MaxBars {
			break
		}
		if line == 0 {
			line = s
		}
		color := "#1a7f37"
		if c.Memory.PartRAMBytes < peak {
			color = "#cf222e"
		}
		kib := round(float64(c.Memory.PartRAMBytes)/1024, 1)
		names = append(names, label(c))
		have = append(have, opts.BarData{Name: label(c), Value: kib, ItemStyle: &opts.ItemStyle{Color: color},
			Label: &opts.Label{Show: opts.Bool(true), Position: "right", FontSize: 10, Formatter: members(c, kib)}})
		need = append(need, opts.BarData{Name: label(c), Value: round(float64(peak)/1024, 1)})
	}
	bar.YAxis[0].Data = names
	// On a log scale (base 2, from a power of two under the smallest
	// figure, a fifth of the span below it at least): a 16 KiB bound
	// beside a 4 MiB part stays visible, on a phone's narrow plot too.
	low, high := float64(line)/1024, 0.0
	for _, d := range append(slices.Clone(have), need...) {
		low, high = math.Min(low, d.Value.(float64)), math.Max(high, d.Value.(float64))
	}
	if low > 0 {
		below := math.Max(1, math.Ceil(math.Log2(high/low)/4))
		bar.XAxis[0].Type, bar.XAxis[0].LogBase, bar.XAxis[0].Min = "log", 2, math.Exp2(math.Floor(math.Log2(low))-below)
		bar.XAxis[0].Name = "KiB of RAM (log scale)"
	}
	bar.Grid.Right = "72"                                                                                                 // room for a group's range ("128–256 ×22")
	bar.XAxis[0].AxisLabel.HideOverlap = opts.Bool(true)                                                                  // a phone's narrow plot: ticks never run together
	s := series{Name: "part RAM", Type: "bar", Data: have, BarWidth: "70%", ItemStyle: &opts.ItemStyle{Color: "#1a7f37"}} // the legend's colour; each bar has its own
	if line > 0 {
		s.MarkLine = markLine("TLS session ≥ "+strconv.FormatFloat(round(float64(line)/1024, 1), 'f', -1, 64)+" KiB", round(float64(line)/1024, 1))
	}
	bar.Series = []series{s, {Name: "RAM at the handshake's peak", Type: "bar", Data: need, BarWidth: "25%", BarGap: "-100%", ItemStyle: &opts.ItemStyle{Color: "#24292f"}}}
	return bar.JSON(), RAMNote(cs)
}

// members labels a part-RAM bar, in KiB as the axis: its figure, or for
// a group whose part numbers differ in RAM, their range and count
// ("128–256 ×5": the bar is the smallest that holds the peak).
func members(c engine.Candidate, kib float64) string {
	k := func(b int64) string { return strconv.FormatFloat(round(float64(b)/1024, 1), 'f', -1, 64) }
	g := c.Group
	if g == nil || g.RAM[0] == g.RAM[1] || g.RAM[0] <= 0 {
		return strconv.FormatFloat(kib, 'f', -1, 64)
	}
	return k(g.RAM[0]) + "–" + k(g.RAM[1]) + " ×" + strconv.Itoa(g.Members)
}

// RAMNote says what the RAM chart's line is.
func RAMNote(cs []engine.Candidate) string {
	n := "the wide bar is the part's RAM (a group: its smallest part number that holds the peak; the label gives the RAM range of its part numbers and their count), the narrow bar the RAM at the handshake's peak: the session's lower bound (tls-session-ram.md §6) and the working memory published for the operations then; a wide bar shorter than its narrow one fails its TLS load (red); the line is the first row's session bound; the whole session needs more"
	if f := foldedOf(cs, func(c engine.Candidate) bool {
		s, _ := session(c)
		return s > 0 && c.Memory != nil && c.Memory.PartRAMBytes > 0
	}); f != "" {
		n += "; " + f
	}
	return n
}
