package browser

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// MaxFetchBytes bounds what Fetch takes: the dataset is under 1 MB, and
// a response far larger is not one (anything from outside is bounded).
const MaxFetchBytes = 64 << 20

// Fetch is the bytes at a URL of the site (the dataset, web/dataset.bin):
// the response of the fetch the page started for it with the wasm's
// (goappFetches, sitegen's app.js), else a fetch of its own. It blocks
// the calling goroutine until the body has arrived, so it must not run
// in a JavaScript callback (the dataset's first read calls it: in main
// before go-app starts for a link, in a step of going live — go-app's
// dispatch loop, not a callback — on a first visit). An
// HTTP error, a failed fetch or a JavaScript exception is an error
// naming the URL; outside the browser it is an error too.
func Fetch(u string) ([]byte, error) {
	if !app.IsClient {
		return nil, errors.New("fetching " + u + ": not in a browser")
	}
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	check := app.FuncOf(func(_ app.Value, args []app.Value) any {
		var next any
		err := Try("reading the answer for "+u, func() {
			resp := args[0]
			if !resp.Get("ok").Bool() {
				next = win().Get("Promise").Call("reject", "HTTP "+strconv.Itoa(resp.Get("status").Int()))
				return
			}
			next = resp.Call("arrayBuffer")
		})
		if err != nil {
			return win().Get("Promise").Call("reject", err.Error())
		}
		return next
	})
	ok := app.FuncOf(func(_ app.Value, args []app.Value) any {
		var r result
		var tooLarge error
		r.err = Try("reading "+u, func() {
			a := win().Get("Uint8Array").New(args[0])
			n := a.Get("length").Int()
			if tooLarge = fetchSize(u, n); tooLarge == nil {
				r.b = make([]byte, n)
				app.CopyBytesToGo(r.b, a)
			}
		})
		if tooLarge != nil {
			r.err = tooLarge
		}
		done <- r
		return nil
	})
	fail := app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := "failed"
		_ = Try("reading a fetch error", func() { msg = args[0].Call("toString").String() })
		done <- result{err: fmt.Errorf("fetching %s: %s", u, msg)}
		return nil
	})
	defer check.Release()
	defer ok.Release()
	defer fail.Release()
	err := Try("fetching "+u, func() {
		started := win().Get("goappFetches")
		p := app.Undefined()
		if started.Truthy() {
			p = started.Get(u)
			started.Delete(u) // a body is read once
		}
		if !p.Truthy() {
			p = win().Call("fetch", u)
		}
		p.Call("then", check).Call("then", ok, fail)
	})
	if err != nil {
		return nil, err
	}
	r := <-done
	return r.b, r.err
}

// fetchSize refuses a response of n bytes over MaxFetchBytes.
func fetchSize(u string, n int) error {
	if n > MaxFetchBytes {
		return fmt.Errorf("fetching %s: %d bytes, more than the %d accepted", u, n, MaxFetchBytes)
	}
	return nil
}
