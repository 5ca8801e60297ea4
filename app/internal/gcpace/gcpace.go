// Package gcpace sets how often the Go collector runs in the browser.
//
// In the browser a Go program runs on the page's one thread, and a
// collection marks the whole live heap in one task: with the page's
// ~11 MB live after its start, ~50 ms during which nothing else runs.
// The first collection comes early: the collector's smallest goal is
// 4 MB × GOGC/100 (16 MB at GOGC=400), which the start (~12.5 MB
// allocated) and a dozen keystrokes (~150 KB each) reach, so the
// thirteenth keystroke or so waited for it (./build.sh bench, the
// slowest keystrokes). A goal set from the start's own size puts the
// first one ~170 keystrokes later; from then on the ordinary goal
// (GOGC percent over what the last collection kept) applies.
package gcpace

import (
	"runtime"
	"runtime/debug"
)

// Start sets the collector's percent to first until the first collection
// has run, then to then. The first goal is 4 MB × first/100.
func Start(first, then int) {
	debug.SetGCPercent(first)
	// A cleanup runs after the collection that found its object
	// unreachable: the first, since nothing keeps this one. (The object
	// holds a pointer: a tiny object without one may share its block
	// with others and outlive them.)
	s := &sentinel{}
	runtime.AddCleanup(s, func(percent int) { debug.SetGCPercent(percent) }, then)
}

type sentinel struct {
	_ *byte
	_ [16]byte
}
