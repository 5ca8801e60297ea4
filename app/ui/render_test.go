package ui

import (
	"testing"
	"time"
)

func TestFrameWait(t *testing.T) {
	const ms = float64(time.Millisecond)
	for _, c := range []struct {
		name       string
		start, now float64 // the page's clock, ms
		want       time.Duration
	}{
		{"ended after the timer: the frame runs next", 100, 109, 0},
		{"ended with the timer", 100, 100 + float64(frameEvery)/ms + 0.05, 0},
		{"just before the timer", 100, 107.5, frameEvery + 50*time.Microsecond - 7500*time.Microsecond},
		{"within frameWaitMax of it", 100, 104.5, frameEvery + 50*time.Microsecond - 4500*time.Microsecond},
		{"more than frameWaitMax before it: the browser paints meanwhile", 100, 104.3, 0},
		{"earlier", 100, 102, 0},
		{"at once", 100, 100, 0},
		{"a clock that went back", 100, 90, 0},
	} {
		got := frameWait(c.start, c.now)
		// The page's clock is a float of ms: a nanosecond either way.
		if d := got - c.want; d < -time.Nanosecond || d > time.Nanosecond {
			t.Errorf("%s: frameWait(%v, %v) = %v, want %v", c.name, c.start, c.now, got, c.want)
		}
	}
}

// A keystroke's table is drawn ahead of its frame only when the frame is
// sure to run in the same task (viewCache.drawAhead): no paint between
// the new table and the old lines above it.
func TestFrameFollows(t *testing.T) {
	for _, c := range []struct {
		name       string
		start, now float64 // the page's clock, ms
		want       bool
	}{
		{"after the timer", 100, 109, true},
		{"just before it", 100, 107.5, true},
		{"within frameWaitMax of it", 100, 104.5, true},
		{"more than frameWaitMax before it: the browser may paint", 100, 104.3, false},
		{"at once", 100, 100, false},
		{"a clock that went back", 100, 90, false},
	} {
		if got := frameFollows(c.start, c.now); got != c.want {
			t.Errorf("%s: frameFollows(%v, %v) = %v, want %v", c.name, c.start, c.now, got, c.want)
		}
	}
}
