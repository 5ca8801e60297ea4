// Command web is the WebAssembly entry point of the cryptosizer app. It is
// built with GOOS=js GOARCH=wasm into web/app.wasm; the static-site
// generator is a separate command and is not linked in.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/internal/gcpace"
	"cryptosizer/app/ui"
	"cryptosizer/app/ui/browser"
	"cryptosizer/data"
)

func main() {
	// In the browser (one thread) a collection is one task of ~50 ms: a
	// larger target than Go's default trades tens of MB of heap for fewer
	// of them (one every ~290 keystrokes of ~150 KB), and the first waits
	// until ~40 MB (not 16 MB, the start and a dozen keystrokes:
	// gcpace).
	gcpace.Start(1000, 400)
	// Timings for ./build.sh bench: when main began (after every package
	// init), and how long Bundled took (it reads the first view prepared
	// at build time, ui.FirstView; the dataset is read and indexed when
	// first needed: on a first visit, once the page is on screen).
	t := browser.Now()
	browser.Record("main", t, false)
	start := ui.Bundled()
	browser.Record("dataset", browser.Now()-t, false)
	if app.IsClient {
		// Read before go-app starts: its page URL lacks the query then.
		start.URL, _ = browser.Location()
		// The dataset is a file of its own, fetched by the page with the
		// wasm, and copied in at its first read (data.UseLater): a link's
		// first page state ranks at once, a first visit's is prepared
		// and reads it when it goes live.
		data.UseLater(func() ([]byte, error) {
			t := browser.Now()
			defer func() { browser.Record("fetch", browser.Now()-t, false) }()
			return browser.Fetch(app.Getenv("GOAPP_STATIC_RESOURCES_URL") + "/dataset.bin")
		})
		// The first page's state (the prepared answer, or the index and
		// the first ranking) and go-app's mount each in a task of its own
		// (the browser paints and answers input between them).
		browser.Yield()
		start.Prepare()
		browser.Yield()
	}
	ui.Routes(start)
	browser.Record("goapp", browser.Now(), false) // go-app starts: its engine, then the mount
	app.RunWhenOnBrowser()
}
