package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Routes registers the app's pages. The wasm main and the static-site
// generator both call it, so they agree on what exists.
func Routes() {
	app.Route("/", func() app.Composer { return &Page{} })
}
