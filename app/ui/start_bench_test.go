package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// BenchmarkStart is a first visit's work natively, step by step: read
// the bundled dataset and index it (Bundled), the first ranking and the
// page's state (Prepare), and the page's HTML (go-app's render of every
// component). The browser runs the same code as wasm, several times
// slower; the profile of this names the start's hot code.
//
//	go test -run '^$' -bench Start -cpuprofile /tmp/start.prof ./app/ui/
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		s := Bundled()
		s.Prepare()
		if html := app.HTMLString(s.prepared); len(html) == 0 {
			b.Fatal("no HTML")
		}
	}
}
