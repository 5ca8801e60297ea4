package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"cryptosizer/app/site"
)

// BenchmarkVersusFirstKeystroke is a phone's first minute (issue 61): a
// first visit, 4× CPU-throttled, the user typing 1, 3 or 10 s after the
// page went live (its client answer on screen, as the cold-load figures
// count it), ten keystrokes 400 ms apart. It reports, per delay, the
// first keystroke's keydown → results changed (medians of b.N visits),
// the tenth's (the last key's), and their ratio, beside the echo app's first keystroke
// measured the same way. Run by ./build.sh bench; it asserts nothing.
// CRYPTOSIZER_FIRSTKEY_AT=3s measures one delay only.
func BenchmarkVersusFirstKeystroke(b *testing.B) {
	dir := os.Getenv("CRYPTOSIZER_MINIMAL")
	if dir == "" {
		b.Skip("CRYPTOSIZER_MINIMAL unset: run ./build.sh bench")
	}
	appReady := `(() => { const r = document.querySelector('#results[data-client="true"]'); return !!r && r.querySelectorAll('tr.row').length > 0 })()`
	echoReady := `!!document.querySelector('div[data-client="true"]')`
	delays := []time.Duration{time.Second, 3 * time.Second, 10 * time.Second}
	if at := os.Getenv("CRYPTOSIZER_FIRSTKEY_AT"); at != "" { // e.g. 3s: one delay, for an experiment
		d, err := time.ParseDuration(at)
		if err != nil || d < 0 || d > time.Minute {
			b.Fatalf("CRYPTOSIZER_FIRSTKEY_AT=%q: want a duration from 0s to 1m, e.g. 3s", at)
		}
		delays = []time.Duration{d}
	}
	for _, after := range delays {
		var first, tenth, echoFirst []float64
		for i := 0; i < b.N; i++ {
			lat := typedAfter(b, siteDir(), appReady, "f-tls-rate", "#results", after)
			first, tenth = append(first, lat[0]), append(tenth, lat[len(lat)-1])
			echoFirst = append(echoFirst, typedAfter(b, filepath.Join(dir, "echo"), echoReady, "in", "#out", after)[0])
		}
		s := fmt.Sprintf("%.0fs", after.Seconds())
		b.Logf("4× throttled, typed %s after going live: first keystroke → re-rendered median %.0f ms (max %.0f), tenth %.0f ms, first/tenth ×%.2f; echo's first %.0f ms (n=%d)",
			s, median(first), highest(first), median(tenth), median(first)/median(tenth), median(echoFirst), len(first))
		b.ReportMetric(median(first), "app-ms-first-key-4x-at-"+s)
		b.ReportMetric(median(first)/median(tenth), "x-first-vs-tenth-4x-at-"+s)
		b.ReportMetric(median(first)/median(echoFirst), "x-first-key-vs-echo-4x-at-"+s)
	}
}

// typedAfter opens a site on a fresh browser, 4× throttled, waits until
// it is ready and then after, and types ten keys (a digit, then
// Backspace, so that every key changes the answer) 400 ms apart; it
// returns, per change under target, the time since the earliest keydown
// it answers (ms): the first is the first key's, the last the tenth's.
func typedAfter(b *testing.B, dir, cond, input, target string, after time.Duration) []float64 {
	ctx, cancel := browser(b)
	defer cancel()
	s := serve(b, "127.0.0.1", site.Handler(dir))
	defer s.srv.Close()
	addProbe(b, ctx, readyProbe(cond)+fmt.Sprintf(`;(() => {
  window.__lat = []; let t0 = 0;
  const mo = new MutationObserver(() => { if (t0) { window.__lat.push(performance.now() - t0); t0 = 0; } });
  // From the earliest keydown not yet answered: keys typed while the
  // page goes live may be answered by one change.
  document.addEventListener('keydown', () => {
    mo.disconnect();
    mo.observe(document.querySelector(%q), { subtree: true, childList: true, characterData: true });
    if (!t0) t0 = performance.now();
  }, true);
})()`, target))
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(`window.__readyAt !== undefined`, 120*time.Second)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(after)
	if err := chromedp.Do(ctx, focusEnd(input)); err != nil {
		b.Fatal(err)
	}
	typeKeys(b, ctx, input, 10, 400*time.Millisecond)
	lat, err := eval[[]float64](ctx, `window.__lat`)
	if err != nil || len(lat) < 2 {
		b.Fatalf("%s: %d changes recorded for 10 keys (%v)", dir, len(lat), err)
	}
	return lat
}
