// Command echo is the minimal go-app app for input latency: it echoes an
// input into a text node, through go-app's update loop — the floor that
// any go-app page, cryptosizer included, shares.
//
//	go run ./app/internal/minimal/echo -out DIR
package main

import (
	"flag"
	"log"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type echo struct {
	app.Compo
	text string
}

func (e *echo) Render() app.UI {
	return app.Div().DataSet("client", app.IsClient).Body(
		app.Input().ID("in").Value(e.text).OnInput(func(ctx app.Context, ev app.Event) {
			e.text = ctx.JSSrc().Get("value").String()
		}),
		app.P().ID("out").Text(e.text),
	)
}

func main() {
	app.Route("/", func() app.Composer { return &echo{} })
	app.RunWhenOnBrowser()
	out := flag.String("out", "", "directory to write the static site to (its web/ must hold app.wasm)")
	flag.Parse()
	if err := app.GenerateStaticWebsite(*out, &app.Handler{
		Name: "echo",
		// go-app's default icons are remote: the benchmark stays on
		// loopback with the site's own icons (build.sh copies them).
		Icon: app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
	}); err != nil {
		log.Fatal(err)
	}
}
