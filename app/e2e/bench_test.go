package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

// Browser figures for the issue notes, never asserted:
//
//	go test -run '^$' -bench . -benchtime 3x ./app/e2e/
//
// ms-to-ranking is performance.now() when the first client-side ranking
// is in the DOM (time from navigation start); bytes is the sum of the
// transfer sizes the page reports.
const (
	readyAt     = `performance.now()`
	transferred = `String(performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || 0), 0))`
)

func f(t testing.TB, s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func BenchmarkColdLoad(b *testing.B) {
	var ms, bytes float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := browser(b)
		s := serveB(b)
		if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1)); err != nil {
			b.Fatal(err)
		}
		v, err := eval[float64](ctx, readyAt)
		if err != nil {
			b.Fatal(err)
		}
		n, err := eval[string](ctx, transferred)
		if err != nil {
			b.Fatal(err)
		}
		ms += v
		bytes += f(b, n)
		cancel()
		s.srv.Close()
	}
	b.ReportMetric(ms/float64(b.N), "ms-to-ranking")
	b.ReportMetric(bytes/float64(b.N), "bytes-transferred")
}

func BenchmarkOfflineLoad(b *testing.B) {
	var ms float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := browser(b)
		s := serveB(b)
		err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1),
			siteCached())
		if err != nil {
			b.Fatal(err)
		}
		goOffline(ctx, b, s)
		if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1)); err != nil {
			b.Fatal(err)
		}
		v, err := eval[float64](ctx, readyAt)
		if err != nil {
			b.Fatal(err)
		}
		ms += v
		cancel()
	}
	b.ReportMetric(ms/float64(b.N), "ms-to-ranking-offline")
}

// BenchmarkRerank types into the handshake-rate field and reads how long
// each input took to re-rank and re-render (window.cryptosizerTiming).
func BenchmarkRerank(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1)); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("f-tls-rate"), strconv.Itoa(i%10)), waitReady(i+2)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var t struct {
		Rerank                        []float64
		Rank, Handler, Render, Charts float64
	}
	raw, err := eval[string](ctx, `JSON.stringify(window.cryptosizerTiming)`)
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal([]byte(raw), &t); err != nil || len(t.Rerank) == 0 {
		b.Fatalf("timings %q: %v", raw, err)
	}
	var sum, max float64
	for _, v := range t.Rerank {
		sum += v
		max = math.Max(max, v)
	}
	sorted := append([]float64{}, t.Rerank...)
	sort.Float64s(sorted)
	b.ReportMetric(sorted[len(sorted)/2], "ms-rerank-median")
	b.ReportMetric(sum/float64(len(t.Rerank)), "ms-rerank-avg")
	b.ReportMetric(max, "ms-rerank-max")
	b.ReportMetric(t.Rank, "ms-rank-last")
	b.ReportMetric(t.Handler, "ms-handler-last")
	b.ReportMetric(t.Render, "ms-render-tree-last")
	b.ReportMetric(t.Charts, "ms-chart-options-last")
}

func serveB(b *testing.B) *server { return serve(b, "127.0.0.1", siteHandler()) }

// worstPastes are 256 KiB texts an import preview must survive: random
// characters, alternating junk and results (thousands of problems), and
// non-ASCII text with result lines in it.
func worstPastes() map[string]string {
	const size = 256 << 10
	rnd := uint32(1)
	next := func() uint32 { rnd = rnd*1664525 + 1013904223; return rnd >> 8 }
	var random strings.Builder
	for random.Len() < size-1 {
		c := byte(32 + next()%95)
		if next()%60 == 0 {
			c = '\n'
		}
		random.WriteByte(c)
	}
	var alt strings.Builder
	for i := 0; alt.Len() < size-200; i++ {
		fmt.Fprintf(&alt, "junk line %d here\nSHA-256 %d MiB took 1.000 seconds, 1.000 MiB/s\n", i, 1+i%9)
	}
	var uni strings.Builder
	words := []string{"Привет", "мир", "暗号", "測定", "🔐", "ключ", "took", "σήμα"}
	for uni.Len() < size-200 {
		uni.WriteString(words[next()%uint32(len(words))])
		if next()%9 == 0 {
			uni.WriteString("\nAES-128-CBC-enc 1 MiB took 1.000 seconds, 8.350 MiB/s\n")
		} else {
			uni.WriteByte(' ')
		}
	}
	return map[string]string{"random": random.String(), "junk-and-results": alt.String(), "non-ascii": uni.String()}
}

// BenchmarkImportPreview pastes each worst text and measures how long the
// preview takes to appear after the pause the panel waits for (300 ms),
// and the Go-side parse alone (window.cryptosizerTiming.preview).
func BenchmarkImportPreview(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1), poll(`(document.getElementById('import').open = true)`, 5*time.Second)); err != nil {
		b.Fatal(err)
	}
	for name, text := range worstPastes() {
		b.Run(name, func(b *testing.B) {
			var after, parse float64
			for i := 0; i < b.N; i++ {
				js, _ := json.Marshal(text)
				err := chromedp.Do(ctx,
					// Clear first, so the preview disappears.
					poll(`(e => { e.value = ''; e.dispatchEvent(new Event('input', {bubbles: true})); return true })(document.getElementById('import-text'))`, 5*time.Second),
					poll(`document.getElementById('import-preview') === null`, 10*time.Second),
					poll(`(e => { e.value = `+string(js)+`; window.pasteAt = performance.now(); e.dispatchEvent(new Event('input', {bubbles: true})); return true })(document.getElementById('import-text'))`, 5*time.Second),
					poll(`document.getElementById('import-preview') !== null && (window.previewAt = window.previewAt || performance.now())`, 60*time.Second),
				)
				if err != nil {
					b.Fatal(err)
				}
				v, err := eval[float64](ctx, `(() => { const d = window.previewAt - window.pasteAt; window.previewAt = 0; return d })()`)
				if err != nil {
					b.Fatal(err)
				}
				p, err := eval[float64](ctx, `window.cryptosizerTiming.preview`)
				if err != nil {
					b.Fatal(err)
				}
				after += v - 300
				parse += p
			}
			b.ReportMetric(after/float64(b.N), "ms-after-pause")
			b.ReportMetric(parse/float64(b.N), "ms-parse")
		})
	}
}
