package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/browser"
)

// How the page uses go-app's update protocol: what renders, when, and
// what keeps a keystroke and the start cheap. Read this before adding a
// handler, an OnMount or an After.
//
// go-app renders a component when it is marked for an update. Dispatch
// (and so every OnMount, every After and every action handler) marks the
// component it runs for and every component above it: the whole page,
// for anything the page or its parts do. Defer marks nothing. Update
// marks explicitly; PreventUpdate takes back the marks of the current
// dispatch (keepRendered).
//
//   - keepRendered ends an OnMount, or a function given to Dispatch or
//     After, that changes nothing a render reads. Without it each mount
//     rendered the whole page again (the start rendered it three times),
//     and each pause in typing once more for nothing.
//   - Revision counters (model.Form.Rev, Results.Rev, Imports.Rev,
//     Parts.Rev, Msgs.Rev) say when a part's state changed; a handler
//     that may change nothing compares them before and after and calls
//     ctx.Update only when one moved (onParam's pause, OnMount's address).
//   - The ranking table is HTML text drawn with one DOM operation by its
//     own component (TableView, table.go), not go-app nodes: a keystroke
//     redraws the table, not the page (parsed in its handler, moved in
//     by the frame: browser.PrepareTable).
//   - A frame comes on go-app's frame timer (1/120 s after the first
//     dispatch of an idle page), not when the handler ends: a typing
//     handler makes the results' view too, inside that wait, and the
//     frame's render takes it (viewcache.go). The form's keystroke
//     handler (onParam), when it ends just before the timer, waits for it
//     (followFrame), so that the frame runs in the same task rather than
//     after the browser's paint; the filter box's handler is too short
//     to wait (it would spin longer than it saves). A handler whose frame
//     follows in its task moves the table in itself (drawAhead), in that
//     wait rather than in the frame.
//   - The workload's text fields are listened for by the page
//     (browser.ListenInput, Control.Delegated), not by go-app, whose
//     event handling marked the form and the page on every keystroke.
//   - One pause: a keystroke ranks and redraws the table at once; the
//     address and the charts follow once typing has paused for
//     typingPause (onParam). The charts draw in a Defer of the render
//     that gives them their new option, without a pause of their own.
//   - The start renders the page once (e2e: TestStartRendersThePageOnce
//     counts the renders once the start's last Defer has marked the
//     timeline "started"); making the charts renders it once more. The
//     parts that stand in on a first visit (standin.go) render again when
//     they go live, each in its own dispatch, whose mark on the page the
//     page takes back with its own context (Page.mounted): a component
//     can take back the marks of one above it that way.

// typingPause is how long typing must pause before the address and the
// charts follow it: longer than the time between two keys of steady
// typing (~200 ms), so that the charts (tens of ms of ECharts) do not
// redraw between keys and delay the next one (at 150 ms they did), and
// short enough that a chart follows the last key within 350 ms (the
// drawing takes 30–55 ms after the pause: at 300 ms the bench measured
// 330–355 ms).
const typingPause = 250 * time.Millisecond

// frameEvery is go-app's frame timer: engine.Start(120) in its app.go
// (v10.1.11); the timer starts when an idle page's first dispatch comes.
const frameEvery = time.Second / 120

// frameWaitMax is the longest followFrame waits: a handler that ends
// earlier than that before the frame lets the browser paint meanwhile.
const frameWaitMax = 4 * time.Millisecond

// followFrame ends the form's keystroke handler (onParam), which began
// at start (browser.Now): when it ends just before go-app's frame timer
// fires, it waits for the timer on the CPU, so that go-app's loop finds
// it fired when the handler returns and runs the frame in the same
// task. Returning at once instead, the handler yields to the browser,
// which paints the typed character first (3–7 ms on this page) and runs
// the timer's task after it: the table came ~5–10 ms later (the
// keystrokes' latency was bimodal on that, 13–17 ms against 18–26 ms).
// The frame waits for the timer anyway; only the ≤ frameWaitMax before
// it is spent here.
func followFrame(start float64) {
	wait := frameWait(start, browser.Now())
	browser.Record("frame-wait", float64(wait)/float64(time.Millisecond), true) // 0: none (the bench counts them)
	if wait > 0 {
		until := time.Now().Add(wait)
		for time.Now().Before(until) {
		}
	}
}

// frameFollows reports whether go-app's frame runs in the same task as
// a handler that began at start and ends at now (ms, the page's clock):
// its timer has fired, or fires within frameWaitMax, which followFrame
// waits for. A clock that went back says no.
func frameFollows(start, now float64) bool {
	return now >= start && timerLeft(start, now) <= frameWaitMax
}

// frameWait is how long a handler that began at start and reaches now
// (ms, the page's clock) waits for go-app's frame timer: the time left
// to it, with 0.05 ms to spare, when that is at most frameWaitMax.
func frameWait(start, now float64) time.Duration {
	left := timerLeft(start, now) + 50*time.Microsecond
	if left <= 0 || left > frameWaitMax {
		return 0
	}
	return left
}

// timerLeft is the time left to go-app's frame timer at now for a
// handler that began at start (ms, the page's clock): negative once it
// has fired.
func timerLeft(start, now float64) time.Duration {
	return time.Duration((start-now)*float64(time.Millisecond)) + frameEvery
}

// keepRendered ends an OnMount, or a function given to Dispatch or
// After, that changes nothing a render reads, without the render go-app
// would do next: go-app runs them through Dispatch, which marks the
// component and every component above it for an update — the whole page
// rendered again for nothing (Results, its table text and go-app's diff:
// ~10–20 ms at the start, where every mount did it; a few ms after each
// pause in typing). PreventUpdate takes back exactly those marks; an
// update asked for by anything else (ctx.Update, an action) still runs.
func keepRendered(ctx app.Context) { ctx.PreventUpdate() }
