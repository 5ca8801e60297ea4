// Command hello is the minimal go-app app the performance figures are
// ratios against: one component that renders an H1. In the browser it
// runs; natively it writes its static site (./build.sh bench builds it
// the way the real site is built, precompressed copies included).
//
//	go run ./app/internal/minimal/hello -out DIR
package main

import (
	"flag"
	"log"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type hello struct{ app.Compo }

// Render marks the client's render (data-client), so that a benchmark
// can tell it from the pre-rendered page.
func (h *hello) Render() app.UI { return app.H1().DataSet("client", app.IsClient).Text("Hello") }

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	out := flag.String("out", "", "directory to write the static site to (its web/ must hold app.wasm)")
	flag.Parse()
	if err := app.GenerateStaticWebsite(*out, &app.Handler{
		Name: "hello",
		// go-app's default icons are remote: the benchmark stays on
		// loopback with the site's own icons (build.sh copies them).
		Icon: app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
	}); err != nil {
		log.Fatal(err)
	}
}
