package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// BenchmarkFirstKeystrokeTrace traces a phone's first keystroke (4×
// throttled, typed 3 s after the page warmed) until the results change,
// and logs how many wasm functions V8 compiled lazily for it on the main
// thread and what that cost; then it types nine more keys and logs each
// keystroke's ranking, frame and page render (cryptosizerTiming's rank,
// rerank and render). CRYPTOSIZER_LAZY_FILE=path writes the compiled
// functions' indices (one per line, with the compile's ms), to be named
// from the name section of a build that keeps it (built without -s, as
// for ./app/cmd/wasmsize). Never asserted.
//
//	go test -v -run '^$' -bench FirstKeystrokeTrace -benchtime 1x ./app/e2e/
func BenchmarkFirstKeystrokeTrace(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), started,
		poll(`window.cryptosizerTiming.warm !== undefined`, 120*time.Second)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	stop := startTrace(b, ctx, "v8.wasm", "disabled-by-default-v8.wasm.detailed", "devtools.timeline")
	if err := chromedp.Do(ctx, poll(`(e => { e.focus(); e.setSelectionRange(e.value.length, e.value.length);
  window.__changed = false;
  new MutationObserver(() => { window.__changed = true }).observe(document.querySelector('#results'), {subtree: true, childList: true, characterData: true});
  return true })(document.getElementById('f-tls-rate'))`, 5*time.Second),
		chromedp.SendKeys(chromedp.ID("f-tls-rate"), "5"), poll(`window.__changed`, 30*time.Second)); err != nil {
		b.Fatal(err)
	}
	raw := stop()
	for k := 0; k < 9; k++ {
		key := kb.Backspace
		if k%2 == 1 {
			key = "5"
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("f-tls-rate"), key)); err != nil {
			b.Fatal(err)
		}
		time.Sleep(400 * time.Millisecond)
	}
	for _, name := range []string{"rank", "rerank", "render"} {
		got, _ := eval[[]float64](ctx, fmt.Sprintf(`(window.cryptosizerTiming[%q] || []).slice(-10)`, name))
		b.Logf("%s, ten keystrokes (ms): %.1f", name, got)
	}
	type ev struct {
		Name string  `json:"name"`
		Dur  float64 `json:"dur"`
		Args struct {
			FuncIndex *int `json:"func_index"`
		} `json:"args"`
	}
	var lazy []ev
	total := 0.0
	for _, r := range raw {
		var e ev
		if json.Unmarshal(r, &e) == nil && e.Name == "wasm.CompileLazy" {
			lazy = append(lazy, e)
			total += e.Dur / 1000
		}
	}
	sort.Slice(lazy, func(i, j int) bool { return lazy[i].Dur > lazy[j].Dur })
	b.Logf("first keystroke: %d wasm functions compiled lazily, %.1f ms", len(lazy), total)
	if f := os.Getenv("CRYPTOSIZER_LAZY_FILE"); f != "" {
		var sb strings.Builder
		for _, e := range lazy {
			if e.Args.FuncIndex != nil {
				fmt.Fprintf(&sb, "%d %.3f\n", *e.Args.FuncIndex, e.Dur/1000)
			}
		}
		if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}
