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

// A part standing in whole goes live in one step; one in pieces in two,
// its first piece, then the rest.
func TestStandInSteps(t *testing.T) {
	whole := standIn{pre: "<div inert></div>"}
	if !whole.standing() || whole.next() || whole.standing() || whole.pre != "" {
		t.Errorf("a whole part: standing, then live in one step; got %+v", whole)
	}
	s := standIn{pieces: []string{"<fieldset inert>a</fieldset>", "<fieldset inert>b</fieldset>", "<fieldset inert>c</fieldset>"}}
	shown := func() string {
		var got []string
		for i := range 3 {
			if pre, ok := s.piece(i); ok {
				got = append(got, pre[len(pre)-12:len(pre)-11])
			} else {
				got = append(got, "live")
			}
		}
		return strings.Join(got, ",")
	}
	for _, step := range []struct {
		pieces   string
		standing bool
	}{{"a,b,c", true}, {"live,b,c", true}, {"live,live,live", false}} {
		if got := shown(); got != step.pieces || s.standing() != step.standing {
			t.Errorf("pieces %s, standing %v; want %s, standing %v", got, s.standing(), step.pieces, step.standing)
		}
		if more := s.next(); more != (step.pieces == "a,b,c") {
			t.Errorf("after %s, next reported more: %v", step.pieces, more)
		}
	}
	if _, ok := s.piece(3); ok {
		t.Error("a piece past the last stands in")
	}
}
