package ui

import (
	"strings"
	"testing"
)

func TestInert(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<div class="tools"><input id="filter"></div>`, `<div inert class="tools"><input id="filter"></div>`},
		{`<aside class="side" inert><form></form></aside>`, `<aside class="side" inert><form></form></aside>`},
		{`<footer>x</footer>`, `<footer inert>x</footer>`},
		{``, ``},
		{`text`, ``},
		{`<>`, ``},
	} {
		if got := inert(c.in); got != c.want {
			t.Errorf("inert(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A part standing in whole goes live in one step; one in pieces, a piece
// per step, in order, the pieces before it live.
func TestStandInSteps(t *testing.T) {
	whole := standIn{pre: "<div inert></div>"}
	if !whole.standing() || whole.next() || whole.standing() || whole.pre != "" {
		t.Errorf("a whole part: standing, then live in one step; got %+v", whole)
	}
	s := standIn{pieces: []string{"<fieldset inert>a</fieldset>", "<fieldset inert>b</fieldset>", "<fieldset inert>c</fieldset>"}}
	for step := 0; step <= 3; step++ {
		var got []string
		for i := range 3 {
			if pre, ok := s.piece(i); ok {
				got = append(got, pre[len(pre)-12:len(pre)-11])
			} else {
				got = append(got, "live")
			}
		}
		want := []string{"a", "b", "c"}
		for i := range step {
			want[i] = "live"
		}
		if strings.Join(got, ",") != strings.Join(want, ",") || s.standing() != (step < 3) {
			t.Errorf("after %d steps: pieces %v, standing %v; want %v, standing %v", step, got, s.standing(), want, step < 3)
		}
		if more := s.next(); step < 3 && more != (step < 2) {
			t.Errorf("step %d reported more %v, want %v", step+1, more, step < 2)
		}
	}
	if _, ok := s.piece(3); ok {
		t.Error("a piece past the last stands in")
	}
}
