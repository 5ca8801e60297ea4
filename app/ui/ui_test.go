package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
)

func ranked(t *testing.T, p workload.Params) engine.Result {
	w, errs := workload.Parse(p)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return Index().Rank(w)
}

func TestChartOptions(t *testing.T) {
	res := ranked(t, Defaults)
	var h struct {
		XAxis  []struct{ Data []string } `json:"xAxis"`
		Series []struct {
			Name     string
			Stack    string
			Data     []struct{ Value float64 }
			MarkLine struct {
				Data []struct{ YAxis float64 }
			} `json:"markLine"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(HeadroomChart(res.Candidates)), &h); err != nil {
		t.Fatal(err)
	}
	if len(h.XAxis[0].Data) != maxBars || h.Series[0].MarkLine.Data[0].YAxis != 1 {
		t.Errorf("headroom chart: %d bars, line at %v", len(h.XAxis[0].Data), h.Series[0].MarkLine.Data)
	}
	if got, want := h.Series[0].Data[0].Value, round(*res.Candidates[0].Headroom, 3); got != want {
		t.Errorf("first bar %v, want the first candidate's headroom %v", got, want)
	}
	if err := json.Unmarshal([]byte(FirmwareChart(res.Candidates, 0.5)), &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Series) != 2 || h.Series[0].Stack != "fw" || h.Series[1].MarkLine.Data[0].YAxis != 500 {
		t.Errorf("firmware chart series: %+v", h.Series)
	}
	if err := json.Unmarshal([]byte(HandshakeChart(res.Candidates)), &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Series) != 4 || h.Series[0].Name != "ecc-p256-keygen" || h.Series[3].Name != "sha256" {
		t.Errorf("handshake chart series: %d", len(h.Series))
	}
	// No data at all still gives a valid, empty chart.
	if s := HeadroomChart(nil); !strings.Contains(s, `"data":[]`) {
		t.Errorf("empty chart: %s", s)
	}
}

func TestPageRendersDefaults(t *testing.T) {
	e := app.NewTestEngine()
	p := &Page{}
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := app.HTMLString(p)
	for _, want := range []string{`data-count="27"`, `class="badge pass"`, `id="f-tls-rate"`, `aria-sort="none"`, "Select a row"} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestLinkEncoding(t *testing.T) {
	sets := []ImportSet{{ID: "import-1", Text: "SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n", MCU: "STM32U585", ClockMHz: 160}}
	enc, err := encodeSets(sets)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeSets(enc)
	if err != nil || len(back) != 1 || back[0] != sets[0] {
		t.Fatalf("round trip: %v %+v", err, back)
	}
	for _, bad := range []string{"!!!", "AAAA", strings.Repeat("A", 5*maxLinkChars)} {
		if _, err := decodeSets(bad); err == nil {
			t.Errorf("decodeSets(%.20q) accepted", bad)
		}
	}
}

func TestImportFormClock(t *testing.T) {
	f := importForm{text: "x", clock: "fast"}
	if _, msg := f.set(); !strings.Contains(msg, `clock "fast": accepted: a frequency in MHz`) {
		t.Errorf("msg %q", msg)
	}
	f.clock = "250 MHz"
	if s, msg := f.set(); msg != "" || s.ClockMHz != 250 {
		t.Errorf("250 MHz: %v %q", s.ClockMHz, msg)
	}
}
