package e2e

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The page never shows the answer to another question: before the app
// has ranked a link's own workload, the ranking saved in the page (the
// default workload's) is hidden and a notice says why.

// slowWasm serves the site but holds app.wasm back until release is
// closed, as a phone on a slow network would.
func slowWasm(release <-chan struct{}) http.Handler {
	h := siteHandler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			select {
			case <-release:
			case <-time.After(60 * time.Second):
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

const (
	shown = `(id => { const e = document.getElementById(id); return !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0 })`
	// tableShown: the ranking table is on screen.
	tableShown = `(() => { const t = document.querySelector('#results table'); return !!t && t.getClientRects().length > 0 })()`
)

func TestLinkNeverShowsTheDefaultAnswer(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	release := make(chan struct{})
	s := serve(t, "127.0.0.1", slowWasm(release))
	// The page has loaded, the wasm has not.
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=200&series=H5&loads=tls"),
		poll(`document.readyState === 'complete' && document.getElementById('results').dataset.client === 'false'`, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if !eval1[bool](ctx, t, shown+`('link-pending')`) || eval1[bool](ctx, t, tableShown) {
		t.Fatalf("before the app ran, a link's page shows the default ranking (notice shown: %v, table shown: %v)",
			eval1[bool](ctx, t, shown+`('link-pending')`), eval1[bool](ctx, t, tableShown))
	}
	// Nor the form's default values, nor the counts beside it.
	if eval1[bool](ctx, t, shown+`('form-status')`) || eval1[string](ctx, t, `getComputedStyle(document.getElementById('workload')).visibility`) != "hidden" {
		t.Errorf("before the app ran, a link's page shows the default form or its counts (%q)", text(ctx, t, `document.getElementById('form-status').textContent`))
	}
	// On a slow phone (4× CPU; the wasm held back above as a slow network
	// would), every line the form's status and the results' status show
	// until the link is ranked is the link's, never the default's counts.
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		t.Fatal(err)
	}
	if !eval1[bool](ctx, t, seenStatus) {
		t.Fatal("the status lines are not watched")
	}
	close(release)
	if err := chromedp.Do(ctx, waitReady(1)); err != nil {
		t.Fatal(err)
	}
	if eval1[bool](ctx, t, shown+`('link-pending')`) || !eval1[bool](ctx, t, tableShown) {
		t.Error("after the app ranked the link, the notice stays or the table is hidden")
	}
	if sum := text(ctx, t, `document.querySelector('.summary').textContent`); !strings.Contains(sum, "200 handshakes/s") {
		t.Errorf("ranked %q, want the link's 200 handshakes/s", sum)
	}
	def := regexp.MustCompile(`\b67 pass\b`) // the default workload's passes (the first visit's answer)
	for _, s := range strings.Split(text(ctx, t, `window.__seen.join('\n')`), "\n") {
		if def.MatchString(s) {
			t.Errorf("while the link was pending the page showed the default's counts: %q", s)
		}
	}
}

// seenStatus records, in window.__seen, every text the form's status
// line and the results' status line show from now on.
const seenStatus = `window.__seen = []; new MutationObserver(() => {
	for (const id of ['form-status', 'status']) {
		const e = document.getElementById(id);
		if (e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none') window.__seen.push(e.textContent);
	}
}).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}); true`

// A page opened without a workload of its own (only embedding) shows
// the saved ranking at once: it is the answer to its question.
func TestNoLinkWorkloadShowsTheSavedRanking(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	release := make(chan struct{})
	defer close(release)
	s := serve(t, "127.0.0.1", slowWasm(release))
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?embed=1"),
		poll(`document.readyState === 'complete'`, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if eval1[bool](ctx, t, shown+`('link-pending')`) || !eval1[bool](ctx, t, tableShown) {
		t.Error("the default workload's own page hides its ranking")
	}
}

// With scripting off nothing can rank: the page says the ranking it
// shows is the default workload's example.
func TestNoScriptSaysTheRankingIsAnExample(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx,
		func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return chromedp.Void{}, err
		},
		chromedp.Navigate(s.base+"/?tls-rate=200&series=H5&loads=tls"),
		poll(`document.readyState === 'complete'`, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	got := text(ctx, t, `(() => { const p = document.querySelector('#results p.noscript'); return p && p.getClientRects().length ? p.textContent : '' })()`)
	if !strings.Contains(got, "example for the default workload") || !strings.Contains(got, "10 handshakes/s") {
		t.Errorf("no visible noscript line naming the example's workload: %q", got)
	}
	// The charts are the app's: their empty boxes are not shown.
	if shown := eval1[bool](ctx, t, `document.querySelector('.charts').getClientRects().length > 0`); shown {
		t.Error("the charts' empty boxes show without scripting")
	}
}

// Filters that leave nothing say which, and the counts are said once.
func TestEmptyResultExplainsItself(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?accel=PKA&library=cmox&low-power=true"),
		poll(`document.getElementById('results').dataset.client === 'true' && document.getElementById('empty').getClientRects().length > 0`, 60*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	got := text(ctx, t, `(() => { const e = document.getElementById('empty'); return e && e.getClientRects().length ? e.innerText : '' })()`)
	// What each filter removes, in numbers the data decide (a new source
	// changes them), and what is left without it.
	for _, want := range []string{`No candidate is left`, `library = cmox removes \d+ of the \d+`, `accel = PKA removes \d+`, `low-power removes \d+`, `none would be left without it`} {
		if !regexp.MustCompile(want).MatchString(got) {
			t.Errorf("the empty ranking's explanation %q lacks %q", got, want)
		}
	}
	if eval1[bool](ctx, t, tableShown) {
		t.Error("an empty table is still shown")
	}
	// The status line is in the page once: a screen reader reads it once.
	n := eval1[float64](ctx, t, `document.body.textContent.split('0 pass · 0 unknown · 0 fail').length - 1`)
	if n != 1 {
		t.Errorf("the status line is in the page %v times, want once", n)
	}
}

func eval1[T any](ctx context.Context, t testing.TB, expr string) T {
	t.Helper()
	v, err := eval[T](ctx, expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// A load switched off by the link shows unticked: the form shows what is
// ranked (go-app removes the checked attribute but not the property).
func TestSwitchesShowTheLinksLoads(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=10&loads=tls&series=H5,U5"), waitReady(1)); err != nil {
		t.Fatal(err)
	}
	got := text(ctx, t, `['load-tls', 'load-firmware', 'load-aes', 'f-series-H5', 'f-series-U5', 'f-series-F4'].map(id => { const e = document.getElementById(id); return e ? id + '=' + e.checked : id + '?' }).join(' ')`)
	if want := "load-tls=true load-firmware=false load-aes=false f-series-H5=true f-series-U5=true f-series-F4=false"; got != want {
		t.Errorf("switches %q, want %q", got, want)
	}
}

// A link never answers another question, in the browser: a suite that
// its own key exchange contradicts is refused, not ranked as the suite;
// TLS settings without a rate name tls-rate; the remedy for a source
// clock above the part's maximum, met only with a clock asked for, does
// not ask for that clock again.
func TestLinkCasesInTheBrowser(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	problems := `[...document.querySelectorAll('#problems li')].map(e => e.textContent).join(' | ')`
	for _, tc := range []struct {
		link, problem, notInSummary string
	}{
		{"/?tls-rate=1&tls-suite=ecdhe-rsa-2048&tls-kex=mlkem768", "tls-suite", "rsa-2048"},
		{"/?tls-role=client&tls-kex=x25519mlkem768", "tls-rate", ""},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(s.base+tc.link), waitReady(1)); err != nil {
			t.Fatal(err)
		}
		if p := text(ctx, t, problems); !strings.Contains(p, tc.problem) {
			t.Errorf("%s: problems %q, want one naming %s", tc.link, p, tc.problem)
		}
		if sum := text(ctx, t, `document.querySelector('.summary').textContent`); tc.notInSummary != "" && strings.Contains(sum, tc.notInSummary) {
			t.Errorf("%s: ranked %q, the question the link contradicts", tc.link, sum)
		}
	}
	// The WL55's Cortex-M4 builds: its M0+ core's estimated builds lack
	// ECDHE and would head the unknown line.
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=1&clock=max&mcu=STM32WL55&core=M4"), waitReady(1)); err != nil {
		t.Fatal(err)
	}
	why := text(ctx, t, `document.getElementById('unknown-why').textContent`)
	if !strings.Contains(why, "Clock to measured") || strings.Contains(why, "Clock to max") {
		t.Errorf("clock=max: the unknown line says %q", why)
	}
}

// A bootloader's firmware terms say whose crypto they are (issue 59): on
// the STM32U585 under upstream MCUboot, a row's details name the build
// of the part the figures are taken from, that it stands in for
// TinyCrypt and Mbed TLS (neither has a Cortex-M33 figure), and the lines
// of secure-boot-policies.md the passes rest on.
func TestBootloaderDetailsSayWhoseCrypto(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?fw-size=256KiB&fw-deadline=500ms&bootloader=mcuboot&mcu=U585"), waitReady(1),
		chromedp.Click(chromedp.CSS(`#results[data-client="true"] tr.row`)),
		poll(`document.querySelector('#details h2') !== null`, 10*time.Second)); err != nil {
		t.Fatal(err)
	}
	details := text(ctx, t, `document.getElementById('details').textContent`)
	for _, want := range []string{"the bootloader's own crypto, not this build's", "another library: none of the bootloader's publishes it on this part",
		"at this row's clock", "secure-boot-policies.md line 39"} {
		if !strings.Contains(details, want) {
			t.Errorf("the details do not say %q: %.600s", want, details)
		}
	}
}
