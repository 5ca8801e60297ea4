package ui

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/browser"
)

// standIn is what a part of the page keeps that the client's first
// render takes as it was pre-rendered — its HTML, parsed once (go-app's
// Raw), made inert — and that is mounted live in a task of its own after
// the ranking is drawn: the form, what is under the ranking (its tools,
// the comparison, the details: Results.under) and the charts. go-app
// mounts elements one by one: the form was ~70 ms of the first render's
// ~160 at 1× in a trace of the start, what is under the ranking 40 ms of
// the rest (BenchmarkVersusBefore). Only a page that shows its prepared
// answer first stands parts in (standInFor): that is the answer the
// page was saved with, so a part standing in shows what its live self
// would, and nothing can be typed into it and lost. The parts go live
// after the ranking, the form first, in two tasks (Page.nextLive); the
// page's own steps after its mount follow them, so that the start's
// "started" mark still says the whole page is there. A component that
// stands in embeds it (go-app copies only exported fields into the
// instance it keeps: the first one's standIn stays), draws with draw
// (and piece, for its children) and queues itself with mount.
type standIn struct {
	// pre is the pre-rendered part's HTML while it stands in whole;
	// pieces, of a part that goes live piece by piece (the form's groups,
	// standInPieces), its children's, of which the first shown are live;
	// page is set on the first instance of a part that stands in.
	pre    string
	pieces []string
	shown  int
	page   *Page
}

// draw is the pre-rendered part while it stands in whole, else live's.
func (s *standIn) draw(live func() app.UI) app.UI {
	if s.pre != "" {
		return app.Raw(s.pre)
	}
	return live()
}

// piece is the pre-rendered child i of a part that goes live piece by
// piece, while it stands in.
func (s *standIn) piece(i int) (string, bool) {
	if i < s.shown || i >= len(s.pieces) {
		return "", false
	}
	return s.pieces[i], true
}

// standing reports whether any of the part still stands in.
func (s *standIn) standing() bool { return s.pre != "" || s.shown < len(s.pieces) }

// next puts the part live (drawn at its next render), or, of one in
// pieces, its first piece, then the rest, and reports whether more of
// it stands in. The form's first group is what a person reaches first,
// and the first that runs the code every group's fields run.
func (s *standIn) next() (more bool) {
	if s.pre != "" {
		s.pre = ""
	} else if s.shown == 0 && len(s.pieces) > 0 {
		s.shown = 1
	} else {
		s.shown = len(s.pieces)
	}
	return s.standing()
}

// mount puts a part that stands in in the page's queue (from its
// OnMount); then, if not nil, runs once it is all drawn live, with
// its context (what its OnMount would do with its live element).
func (s *standIn) mount(ctx app.Context, then func(app.Context)) {
	if s.standing() && s.page != nil {
		s.page.standing = append(s.page.standing, standing{s, ctx, then})
		s.page = nil
	}
}

// standing is a part standing in, with its context.
type standing struct {
	s    *standIn
	ctx  app.Context
	then func(app.Context)
}

// standInFor is a part's standIn: on the page's first render in the
// browser, when the page shows its prepared answer first, the
// pre-rendered element sel matches (the page still holds it while go-app
// builds that render); else none (p nil: outside a page).
func standInFor(p *Page, sel string) standIn {
	if !standsIn(p) {
		return standIn{}
	}
	if pre := inert(browser.OuterHTML(sel)); pre != "" {
		return standIn{pre: pre, page: p}
	}
	return standIn{}
}

// standInPieces is standInFor for a part that goes live piece by piece:
// the pre-rendered element's n children, each made inert, when it has n
// (else the whole element stands in, as standInFor's).
func standInPieces(p *Page, sel string, n int) standIn {
	if !standsIn(p) {
		return standIn{}
	}
	pieces := browser.ChildrenHTML(sel)
	for i := range pieces {
		if pieces[i] = inert(pieces[i]); pieces[i] == "" {
			pieces = nil
			break
		}
	}
	if len(pieces) != n || n == 0 {
		return standInFor(p, sel)
	}
	return standIn{pieces: pieces, page: p}
}

// standsIn reports whether p's parts stand in: its first render in the
// browser, on a page that shows its prepared answer first.
func standsIn(p *Page) bool {
	return p != nil && app.IsClient && !p.mountedOnce && p.pending() != nil
}

// inert makes an element's HTML inert (nothing in it can be focused,
// typed into or clicked), "" when it does not start with an element:
// what is typed into a part that stands in would be lost when it goes
// live.
func inert(html string) string {
	if !strings.HasPrefix(html, "<") {
		return ""
	}
	end := strings.IndexAny(html, " >")
	if end < 2 {
		return ""
	}
	if strings.Contains(html[:strings.IndexByte(html, '>')+1], " inert") {
		return html
	}
	return html[:end] + " inert" + html[end:]
}

// nextLive mounts, in a task of its own each, the form's first group,
// then the rest of it (the form comes first in the page, and go-app
// runs a component's OnMount before its children's), then the other
// parts standing in, and once none is left runs the page's steps after
// its mount; each runs in a page's dispatch, after a timer, so that the
// browser paints what came before. The form in one task was ~65 ms at 1×
// (~300 ms at 4×); a task per group and per part made its tasks short
// but the page's steps after its mount ~0.7 s later at 4× (each step
// waits for a frame), and a keystroke 1 s after the ranking went live
// then waited for all of going live (1.6 s at 4×). A part's dispatch
// marks it and every component above it for an update; the page takes
// its own mark back, so that the page renders once (the results around a
// part of theirs render again). The queue moves on here, not in the
// parts' dispatches: go-app drops a dispatch whose component is not
// mounted (a part gone before its turn; one mounted in its place is
// live). The next step is asked for by a dispatch of the page's queued
// after the parts' (go-app runs dispatches in order): once they are
// drawn.
func (p *Page) nextLive(ctx app.Context) {
	keepRendered(ctx)
	if len(p.standing) == 0 {
		p.afterMount(ctx)
		return
	}
	var now []standing // the parts that go live in this task, and whether all of each does
	var done []bool
	if len(p.standing[0].s.pieces) > 0 {
		more := p.standing[0].s.next()
		now, done = p.standing[:1], []bool{!more}
		if !more {
			p.standing = p.standing[1:]
		}
	} else {
		now, p.standing = p.standing, nil
		for _, st := range now {
			done = append(done, !st.s.next())
		}
	}
	for i, st := range now {
		st.ctx.Dispatch(func(ctx app.Context) {
			keepRendered(p.mounted)
			if done[i] && st.then != nil {
				ctx.Defer(st.then) // once its live element is there
			}
		})
	}
	ctx.Dispatch(func(ctx app.Context) {
		keepRendered(ctx)
		ctx.Defer(func(ctx app.Context) { // once the parts are drawn
			browser.Record("live-parts", browser.Now(), true)
			ctx.After(time.Millisecond, p.nextLive)
		})
	})
}
