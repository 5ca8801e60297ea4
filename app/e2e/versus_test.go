package e2e

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cryptosizer/app/site"
)

// BenchmarkVersusMinimal is the first-visit benchmark of issue 12: one run
// alternates cryptosizer with a minimal go-app app built by the same
// script (./build.sh bench builds both and runs it) and reports ratios —
// the machine's speed cancels out. Never asserted: a shared machine is
// noisy; the figures go in the notes.
//
//	./build.sh bench            (N=15 visits per app by default, alternating)
//
// Per visit, in a fresh browser profile: the time from navigation to the
// first client-side render (cryptosizer: the first ranking with its rows;
// the minimal app: its H1 rendered by the client), DOMContentLoaded, and
// the bodies the server sent until the service worker holds the site
// (brotli on the wire; gzip worked out from the .gz copies of the same
// files). Then, every round too, keydown → re-rendered latency, 30 keys
// typed in a visit of its own, against a minimal app that echoes an input
// into a text node: medians over N visits of each.
func BenchmarkVersusMinimal(b *testing.B) {
	dir := os.Getenv("CRYPTOSIZER_MINIMAL")
	if dir == "" {
		b.Skip("CRYPTOSIZER_MINIMAL unset: run ./build.sh bench")
	}
	apps := []struct {
		name, dir, ready string
	}{
		{"app", siteDir(), `(() => { const r = document.querySelector('#results[data-client="true"]'); return !!r && r.querySelectorAll('tr.row').length > 0 })()`},
		{"minimal", filepath.Join(dir, "hello"), `!!document.querySelector('h1[data-client="true"]')`},
		{"echo", filepath.Join(dir, "echo"), `!!document.querySelector('div[data-client="true"]')`},
	}
	for _, a := range apps {
		compressedFresh(b, a.dir)
	}
	var mainAt, dataMs, rankMs, mountAt, formAt, partsAt []float64 // cryptosizer's own timeline
	var liveTasks, liveLongest, liveSum []float64                  // a first visit's going live: its tasks
	var warmTasks, warmLongest, warmSum []float64                  // then its warming's ranking slices
	ready := map[string][]float64{}
	wasm := map[string][]float64{}
	slow := map[string][]float64{} // ready, 4× CPU-throttled
	dcl := map[string][]float64{}
	fcp := map[string][]float64{} // the first paint (1×): the app fetches its wasm once it is reported, the minimal apps at once
	br := map[string][]float64{}
	paint := map[string][]float64{} // largest ÷ first paint, every load (1× and 4×)
	paints := func(name string, v visitFigures) visitFigures {
		if v.fcpMs > 0 && v.lcpMs > 0 {
			paint[name] = append(paint[name], v.lcpMs/v.fcpMs)
		}
		return v
	}
	gz := map[string][]float64{}
	var appKeys, echoKeys typed // every round's keystrokes
	for i := 0; i < b.N; i++ {
		// Alternate the apps, and which goes first.
		order := append(slices.Clone(apps[i%len(apps):]), apps[:i%len(apps)]...)
		for _, a := range order {
			v := paints(a.name, visit(b, a.dir, a.ready, 1))
			ready[a.name] = append(ready[a.name], v.readyMs)
			wasm[a.name] = append(wasm[a.name], v.wasmMs)
			dcl[a.name] = append(dcl[a.name], v.dclMs)
			fcp[a.name] = append(fcp[a.name], v.fcpMs)
			br[a.name] = append(br[a.name], float64(v.br))
			gz[a.name] = append(gz[a.name], float64(v.gz))
			if i == 0 {
				b.Logf("%s, first visit, bodies served:\n%s", a.name, v.bodies)
			}
			if a.name == "app" {
				mainAt = append(mainAt, v.mainMs)
				dataMs = append(dataMs, v.datasetMs)
				rankMs = append(rankMs, v.rankMs)
				mountAt = append(mountAt, v.mountMs)
				formAt, partsAt = append(formAt, v.formMs), append(partsAt, v.partsMs)
				if len(v.liveSteps) > 0 {
					liveTasks = append(liveTasks, float64(len(v.liveSteps)))
					liveLongest = append(liveLongest, highest(v.liveSteps))
					liveSum = append(liveSum, sum(v.liveSteps))
				}
				if len(v.warmSteps) > 0 {
					warmTasks = append(warmTasks, float64(len(v.warmSteps)))
					warmLongest = append(warmLongest, highest(v.warmSteps))
					warmSum = append(warmSum, sum(v.warmSteps))
				}
			}
		}
		if i%3 == 0 {
			// The phone: a 4× throttled visit of each, every third round.
			for _, a := range order {
				slow[a.name] = append(slow[a.name], paints(a.name, visit(b, a.dir, a.ready, 4)).readyMs)
			}
		}
		// 30 keys typed in a visit of the app and one of the echo app,
		// every round, which goes first alternating: a visit's keystrokes
		// vary with what the browser has compiled by then and with the
		// machine (one visit of each gave ×1.39–×1.80 the echo app's
		// median in five runs of the same code).
		for k := range 2 {
			if (i+k)%2 == 0 {
				appKeys.add(keydowns(b, siteDir(), apps[0].ready, "f-tls-rate", "#results"))
			} else {
				echoKeys.add(keydowns(b, filepath.Join(dir, "echo"), apps[2].ready, "in", "#out"))
			}
		}
	}
	for _, a := range apps {
		b.Logf("%s: ready min/median/max %.0f/%.0f/%.0f ms; first paint median %.0f ms; wasm arrived median %.0f ms; DOMContentLoaded median %.0f ms; 4× throttled ready median %.0f ms (n=%d); first visit %0.f B brotli, %0.f B gzip",
			a.name, lowest(ready[a.name]), median(ready[a.name]), highest(ready[a.name]), median(fcp[a.name]), median(wasm[a.name]), median(dcl[a.name]),
			median(slow[a.name]), len(slow[a.name]), median(br[a.name]), median(gz[a.name]))
	}
	// The largest paint against the first, per load as the browser
	// reported them (not Lighthouse's simulation): 1.00 when the
	// pre-rendered paint is the largest.
	for _, a := range apps {
		b.Logf("largest paint ÷ first paint, %s: max ×%.3f, median ×%.3f over %d loads (1× and 4×)", a.name, highest(paint[a.name]), median(paint[a.name]), len(paint[a.name]))
	}
	b.ReportMetric(highest(paint["app"]), "app-lcp-over-fcp-max")
	// The split of a cold load (medians, ms): fetch until the wasm has
	// arrived; compile, Go runtime start and package inits until main();
	// the bundled data (a first visit: the prepared answer); the first
	// page state; the mount; the first ranking on screen; then, after
	// the start, the time going live took.
	b.Logf("split, app: wasm arrived %.0f | main() %.0f (+%.0f compile, runtime, inits) | bundled data %.1f | first page state and go-app's start %.1f | mounted %.0f | ready %.0f | the live form %.0f, every part live %.0f (they stand in pre-rendered, inert, until then); then going live (read, index, rank, check) in %.0f tasks, the longest %.1f ms, %.0f ms of work in all; warming a keystroke's ranking in %.0f slices, the longest %.1f ms, %.0f ms in all",
		median(wasm["app"]), median(mainAt), median(mainAt)-median(wasm["app"]), median(dataMs), median(rankMs), median(mountAt), median(ready["app"]), median(formAt), median(partsAt), median(liveTasks), median(liveLongest), median(liveSum),
		median(warmTasks), median(warmLongest), median(warmSum))
	b.Logf("split, minimal: wasm arrived %.0f | ready %.0f (+%.0f compile, runtime, render)",
		median(wasm["minimal"]), median(ready["minimal"]), median(ready["minimal"])-median(wasm["minimal"]))
	b.ReportMetric(median(dataMs), "app-ms-dataset")
	b.ReportMetric(median(ready["app"]), "app-ms-ready")
	b.ReportMetric(median(formAt), "app-ms-form-live")
	b.ReportMetric(median(partsAt), "app-ms-all-live")
	b.ReportMetric(median(ready["minimal"]), "minimal-ms-ready")
	b.ReportMetric(median(ready["app"])/median(ready["minimal"]), "x-cold-load")
	b.ReportMetric(median(wasm["app"])/median(wasm["minimal"]), "x-wasm-arrived")
	b.ReportMetric((median(ready["app"])-median(wasm["app"]))/(median(ready["minimal"])-median(wasm["minimal"])), "x-after-wasm")
	b.ReportMetric(median(slow["app"])/median(slow["minimal"]), "x-cold-load-4x")
	b.ReportMetric(median(dcl["app"])/median(dcl["minimal"]), "x-domcontentloaded")
	b.ReportMetric(median(br["app"])/median(br["minimal"]), "x-first-visit-br")
	b.ReportMetric(median(gz["app"])/median(gz["minimal"]), "x-first-visit-gz")
	// The other baseline: the echo app (an input echoed into a text node).
	b.ReportMetric(median(ready["app"])/median(ready["echo"]), "x-cold-load-vs-echo")
	b.ReportMetric(median(slow["app"])/median(slow["echo"]), "x-cold-load-4x-vs-echo")
	b.ReportMetric(float64(size(b, filepath.Join(siteDir(), "web/app.wasm.br")))/float64(size(b, filepath.Join(dir, "echo/web/app.wasm.br"))), "x-wasm.br-vs-echo")
	b.Logf("cold load, app against each baseline (medians): ×%.2f the H1 app, ×%.2f the echo app; 4× throttled ×%.2f and ×%.2f",
		median(ready["app"])/median(ready["minimal"]), median(ready["app"])/median(ready["echo"]),
		median(slow["app"])/median(slow["minimal"]), median(slow["app"])/median(slow["echo"]))
	for _, ext := range []string{"", ".gz", ".br"} {
		name := "x-wasm" + ext
		if ext == "" {
			name = "x-wasm-raw"
		}
		b.ReportMetric(float64(size(b, filepath.Join(siteDir(), "web/app.wasm"+ext)))/float64(size(b, filepath.Join(dir, "hello/web/app.wasm"+ext))), name)
	}
	appKeys.logSplit(b, b.N)
	b.Logf("keydown → re-rendered: app median %.1f ms (p95 %.1f, n=%d); echo median %.1f ms (p95 %.1f, n=%d); %d visits each",
		median(appKeys.lat), percentile(appKeys.lat, 0.95), len(appKeys.lat), median(echoKeys.lat), percentile(echoKeys.lat, 0.95), len(echoKeys.lat), b.N)
	// What the user waits for: the DOM change, then the browser's style,
	// layout and paint of it (the table's ~330 elements; the echo app's
	// one text).
	b.Logf("keydown → painted: app median %.1f ms (p95 %.1f); echo median %.1f ms (p95 %.1f)",
		median(appKeys.painted), percentile(appKeys.painted, 0.95), median(echoKeys.painted), percentile(echoKeys.painted, 0.95))
	b.ReportMetric(median(appKeys.painted)/median(echoKeys.painted), "x-keydown-painted")
	// A visit's first keystroke, the user's first interaction: the page
	// warms what a keystroke runs once it is live (ui/live.go); without
	// that it ran its code for the first time (~50 ms). One sample a
	// visit: the median of the visits'.
	b.Logf("a visit's first keystroke → re-rendered: app median %.1f ms (max %.1f); echo median %.1f ms (max %.1f); %d visits each",
		median(appKeys.first), highest(appKeys.first), median(echoKeys.first), highest(echoKeys.first), b.N)
	b.ReportMetric(median(appKeys.first), "app-ms-first-keydown")
	b.ReportMetric(median(appKeys.first)/median(echoKeys.first), "x-first-keydown")
	follows := chartFollows(b, siteDir(), apps[0].ready)
	b.Logf("a chart follows the last keystroke of a burst (the charts on screen): median %.0f ms, max %.0f ms (n=%d; target ≤ 350: the charts wait for typing to pause first, ui's typingPause)",
		median(follows), highest(follows), len(follows))
	b.ReportMetric(highest(follows), "app-ms-chart-follows-max")
	b.ReportMetric(median(appKeys.lat), "app-ms-keydown")
	b.ReportMetric(median(echoKeys.lat), "echo-ms-keydown")
	b.ReportMetric(median(appKeys.lat)/median(echoKeys.lat), "x-keydown")
	b.ReportMetric(percentile(appKeys.lat, 0.95)/percentile(echoKeys.lat, 0.95), "x-keydown-p95")
}

// slowest names the n keystrokes with the longest latency, in the order
// typed (1-based), with the app's own split of each where it has one: is
// it the first keystroke (code run for the first time), or the collector?
func slowest(lat, rank, rerank []float64, n int) string {
	idx := make([]int, len(lat))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return lat[idx[a]] > lat[idx[b]] })
	idx = idx[:min(n, len(idx))]
	sort.Ints(idx)
	at := func(s []float64, i int) float64 {
		if i < len(s) {
			return s[i]
		}
		return math.NaN()
	}
	var parts []string
	for _, i := range idx {
		parts = append(parts, fmt.Sprintf("#%d: %.1f, %.1f, %.1f", i+1, lat[i], at(rank, i), at(rerank, i)))
	}
	return strings.Join(parts, "; ")
}

type visitFigures struct {
	readyMs, dclMs float64
	// wasmMs: when the wasm had arrived (its fetch's responseEnd).
	wasmMs float64
	// cryptosizer's own timings (window.cryptosizerTiming); 0 elsewhere:
	// main() began, the bundled data's duration (the prepared answer on a
	// first visit), and when go-app mounted the page; rankMs is from the
	// data's end to go-app's OnInit (the first page state: pending, or
	// indexed and ranked; then go-app's start).
	mainMs, datasetMs, rankMs, mountMs float64
	// formMs, partsMs: when the live form, and the last of the parts
	// that stand in pre-rendered until after the ranking (ui/standin.go:
	// the charts), had been drawn (0 in a build without them).
	formMs, partsMs float64
	// liveSteps: the length of each task in which a first visit went
	// live after its start (reading, indexing, ranking the prepared
	// answer's data, and checking it, each in slices).
	liveSteps []float64
	// warmSteps: the length of each slice of the warming's rankings
	// after going live (ui/live.go's warm; its views' tasks are not
	// recorded).
	warmSteps []float64
	br, gz    int64
	// fcpMs is the first contentful paint and lcpMs the last largest
	// paint candidate the browser reported (PerformanceObserver): equal
	// when the pre-rendered paint is the page's largest.
	fcpMs, lcpMs float64
	bodies       string
}

// lcpProbe records every largest-paint candidate's time the browser
// reports (window.__lcp), from before the page's scripts run.
const lcpProbe = `window.__lcp = [];
new PerformanceObserver(l => l.getEntries().forEach(e => window.__lcp.push(e.startTime))).observe({type: 'largest-contentful-paint', buffered: true});`

// readyProbe records, before any of the page's scripts run, the moment a
// condition first holds (window.__readyAt), checked on every DOM change.
func readyProbe(cond string) string {
	return fmt.Sprintf(`(() => {
  const ready = () => { try { return %s } catch (e) { return false } };
  const mo = new MutationObserver(() => {
    if (window.__readyAt === undefined && ready()) { window.__readyAt = performance.now(); mo.disconnect(); }
  });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`, cond)
}

func addProbe(b testing.TB, ctx context.Context, src string) {
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		b.Fatal(err)
	}
}

func visit(b *testing.B, dir, cond string, throttle float64) visitFigures {
	ctx, cancel := browser(b)
	defer cancel()
	c := newCounter(site.Handler(dir), false)
	s := serve(b, "127.0.0.1", c)
	defer s.srv.Close()
	addProbe(b, ctx, readyProbe(cond)+";"+lcpProbe)
	if throttle > 1 {
		// A phone: every CPU millisecond is throttle of them.
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
			b.Fatal(err)
		}
	}
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(`window.__readyAt !== undefined`, 60*time.Second),
		poll(`navigator.serviceWorker.ready.then(() => true)`, 60*time.Second), siteCached())
	if err != nil {
		b.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a late worker fetch reaches the server
	var v visitFigures
	if v.readyMs, err = eval[float64](ctx, `window.__readyAt`); err != nil {
		b.Fatal(err)
	}
	if v.dclMs, err = eval[float64](ctx, `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`); err != nil {
		b.Fatal(err)
	}
	if v.fcpMs, err = eval[float64](ctx, `(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: 0}).startTime`); err != nil {
		b.Fatal(err)
	}
	if v.lcpMs, err = eval[float64](ctx, `window.__lcp.length ? window.__lcp[window.__lcp.length - 1] : 0`); err != nil {
		b.Fatal(err)
	}
	// When the wasm had arrived (the compile worker's download's end, or
	// the first fetch of it by the page to end).
	if v.wasmMs, err = eval[float64](ctx, `window.goappWasmArrived || Math.min(...performance.getEntriesByType('resource').filter(e => e.name.includes('/web/app.wasm')).map(e => e.responseEnd), 1e9)`); err != nil {
		b.Fatal(err)
	}
	if isApp, _ := eval[bool](ctx, `!!window.cryptosizerTiming`); isApp {
		if tl, err := eval[string](ctx, `JSON.stringify(window.cryptosizerTiming)`); err == nil && throttle <= 1 && os.Getenv("CRYPTOSIZER_BEFORE") == "" {
			b.Logf("app timeline (ms since navigation; dataset, render: durations): %s; wasm arrived %.0f; ready %.0f", tl, v.wasmMs, v.readyMs)
		}
		// The first page state is made before go-app starts
		// (Start.Prepare): from the data's end to go-app's OnInit.
		if v.rankMs, err = eval[float64](ctx, `window.cryptosizerTiming.oninit - window.cryptosizerTiming.main - window.cryptosizerTiming.dataset`); err != nil {
			b.Fatal(err)
		}
		if v.mountMs, err = eval[float64](ctx, `window.cryptosizerTiming.onmount || 0`); err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(ctx, poll(`window.cryptosizerTiming.started > 0`, 30*time.Second)); err == nil {
			parts, _ := eval[[]float64](ctx, `window.cryptosizerTiming['live-parts'] || []`) // before the start's end
			if len(parts) > 0 {
				v.partsMs = parts[len(parts)-1]
			}
			v.formMs, _ = eval[float64](ctx, `window.cryptosizerTiming['live-form'] || 0`) // its last group's
		}
		if v.mainMs, err = eval[float64](ctx, `window.cryptosizerTiming.main`); err != nil {
			b.Fatal(err)
		}
		if v.datasetMs, err = eval[float64](ctx, `window.cryptosizerTiming.dataset`); err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(ctx, poll(`window.cryptosizerTiming.live > 0`, 30*time.Second)); err == nil {
			v.liveSteps, _ = eval[[]float64](ctx, `window.cryptosizerTiming['live-steps'] || []`)
		}
		if err := chromedp.Do(ctx, poll(`window.cryptosizerTiming.warm !== undefined`, 30*time.Second)); err == nil {
			v.warmSteps, _ = eval[[]float64](ctx, `window.cryptosizerTiming['warm-steps'] || []`)
		}
	}
	var total int64
	v.bodies, total = c.report()
	v.br = total
	c.mu.Lock()
	for p, n := range c.bodies {
		name, _ := site.File(p)
		gzName := filepath.Join(dir, name+".gz")
		if _, err := os.Stat(gzName); err != nil {
			gzName = filepath.Join(dir, name) // not compressed (PNG)
		}
		v.gz += int64(n) * size(b, gzName)
	}
	c.mu.Unlock()
	return v
}

// typed is what keydowns measured in one visit, per key in the order
// typed: keydown → the first change under the target element (lat), →
// the frame after it painted; and the app's own split where the page
// records one (window.cryptosizerTiming: rank, rank and render, the
// handler's wait for go-app's frame timer).
type typed struct {
	lat, painted, rank, rerank, frameWait []float64
	first                                 []float64 // each visit's first keystroke's lat
}

// add appends another visit's keys to t.
func (t *typed) add(v typed) {
	t.first = append(t.first, v.lat[0])
	t.lat, t.painted = append(t.lat, v.lat...), append(t.painted, v.painted...)
	t.rank, t.rerank, t.frameWait = append(t.rank, v.rank...), append(t.rerank, v.rerank...), append(t.frameWait, v.frameWait...)
}

// logSplit logs the app's own split of its keystrokes, when it has one.
func (t *typed) logSplit(b *testing.B, visits int) {
	if len(t.rank) == 0 {
		return
	}
	b.Logf("per keystroke in the app: rank median %.1f ms (p95 %.1f), rank and render median %.1f ms (p95 %.1f), n=%d in %d visits",
		median(t.rank), percentile(t.rank, 0.95), median(t.rerank), percentile(t.rerank, 0.95), len(t.rank), visits)
	var waited []float64
	for _, w := range t.frameWait {
		if w > 0 {
			waited = append(waited, w)
		}
	}
	b.Logf("keystrokes whose handler waited for go-app's frame timer (followFrame): %d of %d, median wait %.1f ms", len(waited), len(t.frameWait), median(waited))
}

// keydowns types 30 keys into an input (a digit, then Backspace, so that
// the value and the answer change with every key) in a visit of its own
// and returns what it measured per key.
func keydowns(b *testing.B, dir, cond, input, target string) typed {
	ctx, cancel := browser(b)
	defer cancel()
	s := serve(b, "127.0.0.1", site.Handler(dir))
	defer s.srv.Close()
	// The observer is (re)attached at each keydown: go-app replaces the
	// pre-rendered elements when the client starts.
	addProbe(b, ctx, readyProbe(cond)+fmt.Sprintf(`;(() => {
  window.__lat = []; window.__painted = []; let t0 = 0;
  // Painted: the next animation frame after the change has run, and the
  // task after it (which follows that frame's style, layout and paint).
  const painted = (t) => requestAnimationFrame(() => setTimeout(() => window.__painted.push(performance.now() - t)));
  const mo = new MutationObserver(() => { if (t0) { window.__lat.push(performance.now() - t0); painted(t0); t0 = 0; } });
  document.addEventListener('keydown', () => {
    mo.disconnect();
    mo.observe(document.querySelector(%q), { subtree: true, childList: true, characterData: true });
    t0 = performance.now();
  }, true);
})()`, target))
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(`window.__readyAt !== undefined`, 60*time.Second),
		focusEnd(input)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Second) // let the first render's follow-ups (charts) settle
	typeKeys(b, ctx, input, 30, 200*time.Millisecond)
	var t typed
	var err error
	if t.lat, err = eval[[]float64](ctx, `window.__lat`); err != nil || len(t.lat) == 0 {
		b.Fatalf("no keydown latencies recorded in %s (%v)", dir, err)
	}
	if t.painted, err = eval[[]float64](ctx, `window.__painted`); err != nil || len(t.painted) == 0 {
		b.Fatalf("no keydown-to-paint latencies recorded in %s (%v)", dir, err)
	}
	// The app's own split of a keystroke: ranking (the model's SetParam)
	// and the whole handler with go-app's render of what changed.
	if rank, err := eval[[]float64](ctx, `(window.cryptosizerTiming || {}).rank || []`); err == nil && len(rank) > 0 {
		t.rank = rank
		t.rerank, _ = eval[[]float64](ctx, `window.cryptosizerTiming.rerank || []`)
		t.frameWait, _ = eval[[]float64](ctx, `window.cryptosizerTiming['frame-wait'] || []`)
		b.Logf("a visit's slowest keystrokes (number: keydown → re-rendered, rank, rank and render, ms): %s", slowest(t.lat, t.rank, t.rerank, 3))
	}
	return t
}

// focusEnd puts the focus at the end of the input of that id, once it
// is there and live (not in the inert form that stands in until the
// task after the ranking's: ui/standin.go).
func focusEnd(input string) step {
	return poll(fmt.Sprintf(`(e => { if (!e || e.closest('[inert]')) return false; e.focus(); e.setSelectionRange(e.value.length, e.value.length); return document.activeElement === e })(document.getElementById(%q))`, input), 5*time.Second)
}

// typeKeys types n keys into the focused input of that id, every apart:
// a digit, then Backspace, so that the value and the answer change with
// every key.
func typeKeys(b *testing.B, ctx context.Context, input string, n int, every time.Duration) {
	for k := 0; k < n; k++ {
		key := "5"
		if k%2 == 1 {
			key = kb.Backspace
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID(input), key)); err != nil {
			b.Fatal(err)
		}
		time.Sleep(every)
	}
}

// chartFollows types bursts of three keys (80 ms apart) into the rate
// field with the headroom chart on screen, and returns, per burst, the
// time from its last keydown to the next chart drawn (window
// .cryptosizerTiming['chart-drawn'], recorded by the chart). Each burst
// leaves the field with another value than the last, so that the chart
// has a new answer to follow.
func chartFollows(b *testing.B, dir, cond string) []float64 {
	ctx, cancel := browser(b)
	defer cancel()
	s := serve(b, "127.0.0.1", site.Handler(dir))
	defer s.srv.Close()
	addProbe(b, ctx, readyProbe(cond)+`;document.addEventListener('keydown', () => { window.__lastKey = performance.now() }, true)`)
	drawn := `((window.cryptosizerTiming || {})['chart-drawn'] || 0)`
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(`window.__readyAt !== undefined`, 60*time.Second),
		poll(`(e => { e.scrollIntoView(); return true })(document.getElementById('chart-headroom'))`, 5*time.Second),
		poll(drawn+` > 0`, 30*time.Second),
		focusEnd("f-tls-rate")); err != nil {
		b.Fatal(err)
	}
	var out []float64
	for burst := 0; burst < 8; burst++ {
		for k := 0; k < 3; k++ {
			key := "5"
			if (burst+k)%2 == 1 {
				key = kb.Backspace
			}
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("f-tls-rate"), key)); err != nil {
				b.Fatal(err)
			}
			time.Sleep(80 * time.Millisecond)
		}
		if err := chromedp.Do(ctx, poll(drawn+` > window.__lastKey`, 10*time.Second)); err != nil {
			b.Fatalf("burst %d: no chart drawn after the last keystroke: %v", burst, err)
		}
		ms, err := eval[float64](ctx, drawn+` - window.__lastKey`)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, ms)
		time.Sleep(200 * time.Millisecond)
	}
	return out
}

func size(b *testing.B, name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		b.Fatal(err)
	}
	return fi.Size()
}

func median(xs []float64) float64 { return percentile(xs, 0.5) }

func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	return s[int(p*float64(len(s)-1)+0.5)]
}

func lowest(xs []float64) float64  { return percentile(xs, 0) }
func highest(xs []float64) float64 { return percentile(xs, 1) }

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

// compressedFresh fails the bench when the site would send its wasm
// uncompressed to a browser that takes brotli — site.Handler sends a
// compressed copy only when it is not older than the file (a site copied
// without its files' times, cp -r, was: its first visit ×9.3 the minimal
// app's bytes, not ×2.2). Copy a built site with cp -a.
func compressedFresh(b *testing.B, dir string) {
	r := httptest.NewRequest(http.MethodHead, "/web/app.wasm", nil)
	r.Header.Set("Accept-Encoding", "br, gzip")
	w := httptest.NewRecorder()
	site.Handler(dir).ServeHTTP(w, r)
	if w.Code != http.StatusOK || w.Header().Get("Content-Encoding") != "br" {
		b.Fatalf("%s: web/app.wasm is served with status %d and encoding %q, want 200 and br: rebuild the site, or copy it with its files' times (cp -a)", dir, w.Code, w.Header().Get("Content-Encoding"))
	}
}
