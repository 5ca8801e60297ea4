package charts

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/engine"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

func ranked(t *testing.T, p workload.Params) engine.Result {
	ds, err := data.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	w, errs := settingtest.Schema.Parse(p)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return engine.NewIndex(ds).Rank(w)
}

func TestChartOptions(t *testing.T) {
	res := ranked(t, workload.Params{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "aes-rate": "256 KiB/s", "cpu-budget": "70%"})
	// Bars are horizontal: candidates on the y axis, the reference line
	// at an x value. Each option is decoded into a fresh value, so that
	// a chart cannot pass on the previous one's data.
	opt, note := Headroom(res.Candidates)
	h := decodeOption(t, opt)
	if len(h.YAxis[0].Data) != MaxBars || h.Series[0].MarkLine.Data[0].XAxis != 1 {
		t.Errorf("headroom chart: %d bars, line at %v", len(h.YAxis[0].Data), h.Series[0].MarkLine.Data)
	}
	if !strings.HasPrefix(note, "the first 12 of ") {
		t.Errorf("a folded chart says so: %q", note)
	}
	if got, want := h.Series[0].Data[0].Value, round(*res.Candidates[0].Headroom, 3); got != want {
		t.Errorf("first bar %v, want the first candidate's headroom %v", got, want)
	}
	opt, _ = Kind(specs[engine.KindFirmware], engine.KindFirmware, res.Candidates)
	h = decodeOption(t, opt)
	if len(h.Series) != 2 || h.Series[0].Stack != "fw" || h.Series[1].MarkLine.Data[0].XAxis != 500 {
		t.Errorf("firmware chart series: %+v", h.Series)
	}
	opt, _ = Kind(specs[engine.KindTLS], engine.KindTLS, res.Candidates)
	h = decodeOption(t, opt)
	if len(h.Series) != 4 || h.Series[0].Name != "ecc-p256-keygen" || h.Series[3].Name != "sha256" {
		t.Errorf("handshake chart series: %d", len(h.Series))
	}
	// The RAM chart: each part's RAM against the session's lower bound
	// (a TLS 1.3 server without mutual auth: 16,634 B, 16.2 KiB).
	opt, note = RAM(res.Candidates)
	h = decodeOption(t, opt)
	if len(h.YAxis[0].Data) != MaxBars || h.Series[0].MarkLine.Data[0].XAxis != 16.2 || !strings.Contains(note, "lower bound") {
		t.Errorf("RAM chart: %d bars, line at %v, note %q", len(h.YAxis[0].Data), h.Series[0].MarkLine.Data, note)
	}
	if got, want := h.Series[0].Data[0].Value, round(float64(res.Candidates[0].Memory.PartRAMBytes)/1024, 1); got != want {
		t.Errorf("first RAM bar %v, want the first candidate's part RAM %v KiB", got, want)
	}
	// Inside each bar, the RAM at its handshake's peak (issue 57): the
	// row's own, session and working memory; a group whose part numbers
	// differ in RAM says their range beside its bar (the estimated groups).
	est := ranked(t, workload.Params{"tls-rate": "1", "series": "WBA,G4", "basis": "estimated"})
	opt, _ = RAM(est.Candidates)
	h = decodeOption(t, opt)
	ranged := 0
	for i, c := range est.Candidates[:len(h.YAxis[0].Data)] {
		s, peak := session(c)
		if peak < s || h.Series[1].Data[i].Value != round(float64(peak)/1024, 1) {
			t.Errorf("%s: peak bar %v, want its peak %d B (session %d B)", c.Key, h.Series[1].Data[i].Value, peak, s)
		}
		if g := c.Group; g != nil && g.RAM[0] != g.RAM[1] {
			ranged++
			if want := "×" + strconv.Itoa(g.Members); !strings.Contains(h.Series[0].Data[i].Label.Formatter, want) {
				t.Errorf("%s: part RAM label %q lacks the group's range (%s)", c.Key, h.Series[0].Data[i].Label.Formatter, want)
			}
		}
	}
	if h.Series[1].BarGap != "-100%" || ranged == 0 {
		t.Errorf("the peak bars do not sit inside the part's (barGap %q), or no group with a RAM range was shown (%d)", h.Series[1].BarGap, ranged)
	}
	// On a log scale from a power of two under the line and every bar, so
	// that the 16 KiB line shows beside MiB parts (issue 60).
	if x := h.XAxis[0]; x.Type != "log" || x.LogBase != 2 || x.Min <= 0 || x.Min >= 16.2 || math.Log2(x.Min) != math.Floor(math.Log2(x.Min)) {
		t.Errorf("RAM chart's axis %+v: want a base-2 log scale from a power of two under 16.2 KiB", x)
	}
	// No data at all still gives a valid, empty chart.
	if s, _ := Headroom(nil); !strings.Contains(s, `"data":[]`) {
		t.Errorf("empty chart: %s", s)
	}
}

// echartsParts maps what an option uses to the ECharts part that draws
// it: a part the bundle does not import is silently not drawn by the
// minified ECharts, so every key an option uses must be known here and
// imported by web/src/echarts.js.
var echartsParts = map[string]string{
	"grid": "GridComponent", "legend": "LegendComponent", "tooltip": "TooltipComponent",
	"title": "TitleComponent", "series.markLine": "MarkLineComponent", "series.type=bar": "BarChart",
	// Plain option keys that need no part of their own.
	"series": "", "xAxis": "", "yAxis": "", "color": "", "animation": "", "textStyle": "", "backgroundColor": "",
	"series.name": "", "series.data": "", "series.stack": "", "series.label": "", "series.itemStyle": "",
	"series.barMaxWidth": "", "series.barWidth": "", "series.emphasis": "", "series.barGap": "", "series.barCategoryGap": "",
}

func TestOptionsUseOnlyBundledECharts(t *testing.T) {
	entry, err := os.ReadFile("../../../web/src/echarts.js")
	if err != nil {
		t.Fatal(err)
	}
	res := ranked(t, workload.Params{"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "aes-rate": "256 KiB/s", "cpu-budget": "70%"})
	head, _ := Headroom(res.Candidates)
	options := []string{head}
	for _, k := range engine.Kinds {
		if spec, ok := SpecFor(k.Name()); ok {
			o, _ := Kind(spec, k.Name(), res.Candidates)
			options = append(options, o)
		}
	}
	used := map[string]bool{}
	for _, o := range options {
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(o), &top); err != nil {
			t.Fatal(err)
		}
		for key, raw := range top {
			used[key] = true
			if key != "series" {
				continue
			}
			var series []map[string]json.RawMessage
			if err := json.Unmarshal(raw, &series); err != nil {
				t.Fatal(err)
			}
			for _, s := range series {
				for k, v := range s {
					if k == "type" {
						used["series.type="+strings.Trim(string(v), `"`)] = true
					} else {
						used["series."+k] = true
					}
				}
			}
		}
	}
	for key := range used {
		part, known := echartsParts[key]
		switch {
		case !known:
			t.Errorf("the charts use %q: say in echartsParts which ECharts part draws it, and import that part in web/src/echarts.js", key)
		case part != "" && !strings.Contains(string(entry), part):
			t.Errorf("the charts use %q, drawn by %s, which web/src/echarts.js does not import", key, part)
		}
	}
	if !used["series.markLine"] || !used["series.type=bar"] {
		t.Errorf("the options were not read: %v", used)
	}
}

// decodedOption is the part of an ECharts option the tests read.
type decodedOption struct {
	XAxis []struct {
		Type    string
		LogBase int `json:"logBase"`
		Min     float64
	} `json:"xAxis"`
	YAxis  []struct{ Data []string } `json:"yAxis"`
	Series []struct {
		Name   string
		Stack  string
		BarGap string `json:"barGap"`
		Data   []struct {
			Value float64
			Label struct{ Formatter string }
		}
		MarkLine struct {
			Data []struct{ XAxis float64 }
		} `json:"markLine"`
	} `json:"series"`
}

func decodeOption(t *testing.T, s string) decodedOption {
	t.Helper()
	var o decodedOption
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Series) == 0 {
		t.Fatalf("an option without series: %s", s)
	}
	return o
}

// The energy chart spans each candidate's range: an invisible bar to the
// low end, a visible one from there to the high end, labelled with both.
func TestEnergyChartSpansTheRange(t *testing.T) {
	e := func(lo, hi float64) *engine.Energy {
		return &engine.Energy{PerHour: &[2]float64{lo, hi}}
	}
	cs := []engine.Candidate{{Rank: 1, Energy: e(2, 5)}, {Rank: 2}, {Rank: 3, Energy: e(1, 4)}}
	js, note, title, ok := Energy(cs)
	if !ok || note != "" || !strings.Contains(title, "per hour") {
		t.Fatalf("%v %q %q", ok, note, title)
	}
	var o struct {
		Series []struct {
			Data []struct {
				Value     float64
				ItemStyle struct{ Color string }
				Label     struct{ Formatter string }
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &o); err != nil || len(o.Series) != 2 || len(o.Series[0].Data) != 2 {
		t.Fatalf("%v: %s", err, js)
	}
	low, span := o.Series[0].Data, o.Series[1].Data
	if low[0].Value != 2 || span[0].Value != 3 || low[0].ItemStyle.Color != "transparent" || span[1].Label.Formatter != "1–4" {
		t.Errorf("bars %+v %+v", low, span)
	}
	if _, _, _, ok := Energy([]engine.Candidate{{Rank: 1}}); ok {
		t.Error("a chart without any energy")
	}
}

// An empty chart says why it is empty (issue 40: it was an empty box).
func TestEmptyChartSaysWhy(t *testing.T) {
	if n := KindNote(engine.KindTLS, nil); !strings.HasPrefix(n, "nothing to draw") {
		t.Errorf("handshake note without candidates: %q", n)
	}
	// A ranking whose candidates all lack a figure of the load (Cifra
	// has no P-256): the handshake chart has no bar, and says so.
	res := ranked(t, workload.Params{"tls-rate": "10", "library": "cifra"})
	if n := KindNote(engine.KindTLS, res.Candidates); !strings.HasPrefix(n, "nothing to draw") {
		t.Errorf("handshake note for Cifra's rows: %q", n)
	}
}

// A bootloader's passes name their stacks on the boot chart (issue 59):
// "hash × 4" for TF-M's two images hashed twice each.
func TestBootChartNamesThePasses(t *testing.T) {
	spec, ok := SpecFor(engine.KindFirmware)
	if !ok {
		t.Fatal("no firmware chart")
	}
	c := engine.Candidate{Rank: 1, Requirements: []engine.Requirement{{Kind: engine.KindFirmware, Required: 0.5,
		Terms: []engine.Term{{Op: "sha256", Count: 4, Total: 0.1, Rule: engine.RuleFWHash}, {Op: "ecdsa-p256-verify", Count: 4, Total: 0.2, Rule: engine.RuleFWVerify},
			{Op: "aes-128-ctr-dec", Count: 2, Total: 0.05, Rule: engine.RuleFWDecrypt}}}}}
	opt, _ := Kind(spec, engine.KindFirmware, []engine.Candidate{c})
	if !strings.Contains(opt, "hash × 4") || !strings.Contains(opt, "signature × 4") || !strings.Contains(opt, "decryption (AES-CTR) × 2") {
		t.Errorf("the boot chart's stacks do not name the passes: %.300s", opt)
	}
}
