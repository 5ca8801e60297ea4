package ui

import "testing"

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
