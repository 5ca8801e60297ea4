package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A first visit to the bare address shows the answer prepared at build
// time (ui.FirstView) and indexes and ranks after the start, drawing
// nothing again; the table it showed is the one the live ranking draws.
func TestFirstVisitGoesLive(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), started); err != nil {
		t.Fatal(err)
	}
	table := text(ctx, t, `document.querySelector('#results .table-wrap').innerHTML`)
	if err := chromedp.Do(ctx, poll(`window.cryptosizerTiming.live > 0`, 20*time.Second)); err != nil {
		t.Fatalf("the page did not index its data after the start: %v", err)
	}
	if n := eval1[int](ctx, t, `window.cryptosizerTiming.render.length`); n != 1 {
		t.Errorf("going live rendered the page: %d renders, want 1", n)
	}
	// Re-ranking the same workload (a key, then its undo) draws the live
	// ranking's table: the prepared one was the same.
	alive(t, ctx, "105")
	alive(t, ctx, "10")
	if got := text(ctx, t, `document.querySelector('#results .table-wrap').innerHTML`); got != table {
		t.Error("the live ranking of the first workload differs from the prepared view")
	}
}

// An action on the page before it has gone live (here: typing at once,
// with going live put off by the test) indexes first, then answers.
func TestActionBeforeLive(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	addProbe(t, ctx, `window.cryptosizerLiveAfter = 60000`)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), started); err != nil {
		t.Fatal(err)
	}
	if live := eval1[bool](ctx, t, `window.cryptosizerTiming.live > 0`); live {
		t.Fatal("the page went live before the test acted: the delay was not read")
	}
	alive(t, ctx, "105")
	if live := eval1[bool](ctx, t, `window.cryptosizerTiming.live > 0`); !live {
		t.Error("the page answered a keystroke without indexing its data")
	}
}
