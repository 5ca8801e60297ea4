package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Timings for the browser benchmarks (app/e2e/bench_test.go): the last
// duration of each step in window.cryptosizerTiming, and every input's
// time to re-rank and re-render in window.cryptosizerTiming.rerank.
// They cost a few performance.now() calls and are never asserted.

func now() float64 {
	if !app.IsClient {
		return 0
	}
	return app.Window().Get("performance").Call("now").Float()
}

func timing() app.Value {
	w := app.Window()
	t := w.Get("cryptosizerTiming")
	if !t.Truthy() {
		w.Set("cryptosizerTiming", map[string]any{"rerank": []any{}})
		t = w.Get("cryptosizerTiming")
	}
	return t
}

// since records the milliseconds since start under name.
func since(name string, start float64) {
	if app.IsClient {
		timing().Set(name, now()-start)
	}
}

// logRerank appends one input's re-rank time.
func logRerank(start float64) {
	if app.IsClient {
		timing().Get("rerank").Call("push", now()-start)
	}
}
