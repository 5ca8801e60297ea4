package e2e

import (
	"slices"
	"strings"
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

// A link with a question is answered in the same paced steps as a first
// visit: its form shows the link's workload at once, no answer is shown
// until its own (the prepared one is the default workload's), and going
// live runs in slices (live-steps) instead of one task before the mount.
func TestLinkGoesLiveInSteps(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	addProbe(t, ctx, `window.cryptosizerLiveAfter = 60000`)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=33"), started); err != nil {
		t.Fatal(err)
	}
	if got := text(ctx, t, `document.getElementById('f-tls-rate').value`); got != "33" {
		t.Errorf("the pending link's form shows tls-rate %q, want 33", got)
	}
	if n := eval1[int](ctx, t, `document.querySelectorAll('#results tr.row').length`); n != 0 {
		t.Errorf("the pending link shows %d ranked rows: an answer that is not its own", n)
	}
	if got := text(ctx, t, `document.getElementById('status').textContent`); !strings.Contains(got, "Ranking your workload") {
		t.Errorf("the pending link's status is %q, want that its answer is coming", got)
	}
	if got := text(ctx, t, `location.search`); got != "?tls-rate=33" {
		t.Errorf("the pending link's address became %q", got)
	}
	// Going live when the start is over (no test delay).
	ctx2, cancel2 := browser(t)
	defer cancel2()
	if err := chromedp.Do(ctx2, chromedp.Navigate(s.base+"/?tls-rate=33"), waitReady(1),
		poll(`window.cryptosizerTiming.live > 0 && document.querySelector('.summary').textContent.includes('33 handshakes/s')`, 30*time.Second)); err != nil {
		t.Fatalf("the link was not answered: %v", err)
	}
	// Three steps (read, index, rank) in slices: more than one per step
	// (it was one task of all of them before the page mounted).
	steps := eval1[[]float64](ctx2, t, `window.cryptosizerTiming['live-steps']`)
	if len(steps) <= 3 {
		t.Fatalf("going live took %d slices, want the steps paced into more than 3", len(steps))
	}
	t.Logf("the link went live in %d slices, the longest %.1f ms", len(steps), slices.Max(steps))
	// Then what a keystroke runs is warmed (ui/live.go), drawing nothing:
	// the answer on screen stays the link's.
	if err := chromedp.Do(ctx2, poll(`window.cryptosizerTiming.warm !== undefined`, 30*time.Second)); err != nil {
		t.Errorf("the live link was not warmed: %v", err)
	}
	if got := text(ctx2, t, `document.querySelector('.summary').textContent`); !strings.Contains(got, "33 handshakes/s") {
		t.Errorf("once warmed, the link's page shows %q, want its own answer", got)
	}
	if got := text(ctx2, t, `location.search`); !strings.Contains(got, "tls-rate=33") {
		t.Errorf("the live link's address is %q, want its workload", got)
	}
	// Without a table the charts' place was on screen while the answer
	// was coming: they are drawn once it is there (in a task of their
	// own), without scrolling to them.
	if err := chromedp.Do(ctx2, poll(chartData+".length > 2", 30*time.Second)); err != nil {
		t.Errorf("the link's charts were not drawn once it was answered: %v", err)
	}
}
