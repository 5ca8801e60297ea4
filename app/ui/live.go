package ui

import (
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/browser"
	"cryptosizer/app/ui/model"
)

// liveAfter is how long after its start a pending page indexes its data:
// enough for the browser to paint the prepared answer first.
const liveAfter = 50 * time.Millisecond

// OnInit makes the page's state: the default workload's, and in the
// browser what the address and storage hold, before the first render,
// so that the page mounts once, in its final state (restoring it after
// the mount re-rendered the whole page, ~0.1 s of the start).
func (p *Page) OnInit() {
	if p.m == nil { // made by Start.Prepare
		p.init()
	}
}

func (p *Page) init() {
	browser.Record("oninit", browser.Now(), false) // the start-up timeline (./build.sh bench)
	if p.start.data == nil {
		p.start = Bundled() // go-app's test engine builds pages without Routes
	}
	if !app.IsClient {
		p.m = model.New(p.start.Schema, p.start.index(), p.dataErr())
		return
	}
	u := p.start.URL
	if u == nil {
		var err error
		if u, err = browser.Location(); err != nil {
			p.m = model.New(p.start.Schema, p.start.index(), p.dataErr())
			p.m.Msgs.Add(err.Error())
			p.restore(&url.URL{})
			return
		}
	}
	if p.start.First != nil && u.RawQuery == "" && u.Fragment == "" && !p.stored() {
		// The bare address, nothing stored: the prepared first view is
		// this visit's answer (the address and storage change nothing);
		// the data it was made from are read when the page goes live,
		// which checks it.
		p.m = model.NewPending(p.start.Schema, p.start.First.Charts, nil)
		browser.Record("onnav", browser.Now(), false)
		p.embedding()
		return
	}
	// An address with a question (a query, a fragment, stored imports):
	// its form and messages show at once, its answer once the data are
	// read, indexed and ranked in the same paced steps as a first visit's
	// (goLiveInSteps); the prepared answer is not this question's, so
	// none is shown meanwhile.
	p.m = model.NewLinkPending(p.start.Schema, u, nil)
	p.linkURL = u
	browser.Record("onnav", browser.Now(), false)
	p.embedding()
}

// dataErr is why the bundled dataset could not be read (nil: it was).
func (p *Page) dataErr() error {
	_, err := p.start.dataset()
	return err
}

// stored reports whether storage holds imports (or cannot be read: then
// restore says so).
func (p *Page) stored() bool {
	_, ok, err := browser.StorageGet(model.StoreKey)
	return ok || err != nil
}

// goLive reads and indexes the bundled data and ranks a pending page's
// form (the prepared view was on screen): before the page's first
// action, or once the start is over, whichever comes first. The answer
// is the one shown, so nothing is drawn again. It returns the prepared
// view it replaced (nil when the page was live already), for the check
// that it showed the live answer.
func (p *Page) goLive() (prepared *FirstView) {
	if !p.m.Pending() {
		return nil
	}
	t := browser.Now()
	link := p.m.LinkPending()
	p.m.Pace = p.pace.pause // the page's one pacer, handed to the model once
	p.m.Live(p.start.data.index(p.pace.pause))
	p.m.DataErr = p.dataErr()
	if link {
		// The address's question, answered now: stored imports first,
		// then the link's own (model.LoadData ranks once).
		p.loadStore()
		p.m.LoadData(p.linkURL)
		browser.Record("live", browser.Now()-t, false)
		return nil
	}
	prepared = p.start.First
	browser.Record("live", browser.Now()-t, false)
	return prepared
}

// goLiveInSteps makes a pending page live once the prepared answer is
// on screen, in short tasks with the browser free between them: read the
// data, index them and rank, each paced into slices of at most
// liveSlice (so that input waits for one slice at most, and a phone's
// main thread is not blocked long), then check that the prepared answer
// was the live one (a wasm built by hand from other data is not; the
// page is then drawn anew), then warm what a keystroke runs (the first
// one ran its code for the first time: 25–80 ms against ~16 for the
// next, in the bench; an input stops it). A link's page, which has no
// prepared answer, is ranked and warmed. One task of all of them
// blocked input for ~0.25 s (~1 s on a phone); four, one of each,
// ~0.1 s each. An action in between makes the page live at once (live):
// the steps left do nothing then, and a step done already is not done
// again (Start's data are made once).
func (p *Page) goLiveInSteps(ctx app.Context, after time.Duration) {
	var prepared *FirstView
	acted, inputs, wentLive := 0, int64(0), false
	pause := p.pace.pause
	steps := []func(ctx app.Context){
		func(app.Context) { _, _ = p.start.data.read(pause) },
		func(app.Context) { _ = p.start.data.index(pause) },
		func(ctx app.Context) {
			link, pending := p.m.LinkPending(), p.m.Pending()
			prepared, acted, inputs = p.goLive(), p.acted, p.inputs.Load()
			wentLive = pending
			p.sendReads(ctx) // the stored and linked sets' texts
			if link {
				// The first answer to the address's question: drawn, and the
				// address says what is shown (it kept its fragment until now).
				ctx.Update()
				p.syncURL(ctx)
				if p.chartsWaiting {
					// The charts in a task of their own (tens of ms of
					// options), as when their place comes near.
					p.chartsWaiting = false
					ctx.After(time.Millisecond, func(ctx app.Context) { p.onChartsNear(ctx, app.Action{}) })
				}
			}
		},
		func(ctx app.Context) {
			if p.acted != acted || prepared == nil {
				return // an action since has drawn the live answer (a link's page has none prepared)
			}
			if p.m.DataErr != nil || !prepared.shows(p.m, pause) {
				ctx.Update() // not the same after all: the live answer replaces it
			}
		},
		func(ctx app.Context) {
			if p.acted != acted || p.inputs.Load() != inputs {
				browser.StartOver()
				return // the page has been used since: its first action is past
			}
			input := func() bool { return p.inputs.Load() != inputs }
			p.warm(ctx, input, warmRounds, browser.Now())
		},
	}
	var next func(i int, d time.Duration)
	next = func(i int, d time.Duration) {
		ctx.After(d, func(ctx app.Context) {
			keepRendered(ctx) // the same answer: nothing to draw
			if !p.m.Pending() && !wentLive {
				browser.StartOver()
				return // an action made the page live, and drew it
			}
			p.pace.begin()
			steps[i](ctx)
			p.pace.end()
			if i+1 < len(steps) {
				next(i+1, time.Millisecond)
			}
		})
	}
	next(0, after)
}

// warmRounds is how often the page runs what a keystroke runs before
// anyone types (warm). The browser runs a wasm function's first code
// (its baseline compiler's) until the function has run enough, then
// compiles its faster code on another thread: with two rounds, the
// first keystrokes still ran slow code and shared the machine with
// those compilations (a trace of 20 keys typed 1 s after the page went
// live: 15–95 ms of them per keystroke up to the twentieth, the
// slowest keystrokes of a visit twice the median).
const warmRounds = 8

// warmDemand is the demand a warming round ranks (model.Warm), by the
// rounds left: ten times the form's, then as it is, in turn — a digit
// typed at a rate's end, the likeliest first keystroke, makes
// candidates fail whose code the form's own ranking leaves cold (after
// eight rounds of the form's own, a visit's first keystroke ranked in
// 5–25 ms, median 10, in 31 visits; the keystrokes after it in ~5.5).
func warmDemand(rounds int) float64 {
	if (warmRounds-rounds)%2 == 0 {
		return 10
	}
	return 1
}

// warm runs what a keystroke runs, while nobody waits, rounds times,
// so that the browser has compiled their faster code before the first
// keystroke. A round is a ranking (model.Warm, of the demand warmDemand
// says), then, in a task of its own, the results' view; the first round
// also runs what the keystroke's own event and frame run besides
// (compiled, not run on the page: nothing is drawn), so that what a
// keystroke needs has all run once before any of it runs again. Each
// ranking is paced in slices of warmSlice ms, and an input stops the
// rounds: its action waits for one slice at most. Each round's length is
// recorded (warm-rounds), and the time since the first began once the
// last is done (warm). Its end, or an input's, is the start's
// (browser.StartOver), as is going live's when an action came first.
// began is browser.Now at the first.
func (p *Page) warm(ctx app.Context, input func() bool, rounds int, began float64) {
	t := browser.Now()
	p.pace.beginWarm()
	warmed := !input() && p.m.Warm(input, warmDemand(rounds))
	p.pace.end()
	if !warmed {
		browser.StartOver() // stopped: an input, or nothing to rank
		return
	}
	ctx.After(time.Millisecond, func(ctx app.Context) {
		keepRendered(ctx) // nothing shown changed
		if input() {
			browser.StartOver()
			return
		}
		p.views.prepare(p.m)
		if rounds == warmRounds {
			browser.WarmInput()
			browser.WarmTable()
		}
		browser.Record("warm-rounds", browser.Now()-t, true)
		if rounds > 1 {
			ctx.After(time.Millisecond, func(ctx app.Context) {
				keepRendered(ctx)
				p.warm(ctx, input, rounds-1, began)
			})
			return
		}
		browser.Record("warm", browser.Now()-began, false)
		browser.StartOver()
	})
}

// liveSlice is how long a slice of going live may run before the browser
// runs what waits (ms): a phone is ~4× slower, and a task beyond 50 ms
// there is a long one. A slice runs past it by its last piece of work
// (up to ~10 ms here: a phase of the catalogue, a build's evaluation);
// at 5 ms most slices took 5–9 ms and the longest 15–25, at 8 ms 8–13
// and 20–36.
const liveSlice = 5

// pacer paces the page's long work — the steps of going live, an
// import's index and ranking —, one for the page (its pause is the
// model's Pace): between begin and end, pause lets the browser run what
// waits (browser.Yield) once the work has run for liveSlice ms since
// begin or the last pause that yielded; outside them (a keystroke's
// ranking, which must end in its own task) it does nothing. Each slice's
// length is recorded (live-steps, a warming's warm-steps: ./build.sh
// bench reports them).
type pacer struct {
	t, slice float64
	on       bool
	rec      string // the name the slices are recorded under
}

func (pc *pacer) begin() {
	pc.t, pc.slice, pc.on, pc.rec = browser.Now(), liveSlice, true, "live-steps"
}

// beginWaited paces work a person waits for (an action's): in slices of
// up to waitedSlice ms, so that few yields stretch it, each a task under
// 50 ms even on a 4× throttled phone.
func (pc *pacer) beginWaited() { pc.begin(); pc.slice = waitedSlice }

// beginWarm paces the warming of a keystroke (warm), which nobody waits
// for: in slices of up to warmSlice ms, recorded apart (warm-steps).
func (pc *pacer) beginWarm() { pc.begin(); pc.slice, pc.rec = warmSlice, "warm-steps" }

// warmSlice is a slice of the warming (ms): short enough that, with a
// slice's last piece of work, its task stays under 10 ms, below which
// Lighthouse's simulation of a phone prunes a task that few others
// depend on (lantern's PageDependencyGraph, SIGNIFICANT_DUR_THRESHOLD_MS
// in Lighthouse 12.8.2), and ~4× as long on a phone, under a long task.
const warmSlice = 3

// waitedSlice is a slice of work a person waits for (ms).
const waitedSlice = 40

func (pc *pacer) pause() {
	if pc.on && browser.Now()-pc.t >= pc.slice {
		browser.Record(pc.rec, browser.Now()-pc.t, true)
		browser.Yield()
		pc.t = browser.Now()
	}
}

func (pc *pacer) end() {
	if pc.on {
		browser.Record(pc.rec, browser.Now()-pc.t, true)
		pc.on = false
	}
}

// pending is the prepared view the page shows while it is pending (nil
// once it is live, and for a link's page, which shows none).
func (p *Page) pending() *FirstView {
	if p.m.Pending() && !p.m.LinkPending() {
		return p.start.First
	}
	return nil
}
