// Package browser is the web app's one boundary to JavaScript. go-app turns
// a JavaScript exception into a Go panic, and a panic ends the WebAssembly
// app for good; every call into the browser (storage, messages to the
// embedding page, clipboard, downloads, history, ECharts, the DOM) goes
// through this package, which recovers such a panic and returns it as an
// error for the page to show. Nothing outside this package calls
// app.Window() or a JavaScript value's methods (a test of package ui
// checks it).
//
// Outside the browser (tests, the static-site generator) go-app's values
// do nothing, and so do these functions.
package browser

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Try runs f and turns a JavaScript exception (or any panic) into an
// error naming what was being done.
func Try(what string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			// syscall/js wraps the exception: keep the browser's message.
			msg = strings.TrimPrefix(msg, "JavaScript error: ")
			err = fmt.Errorf("%s: %s", what, msg)
		}
	}()
	f()
	return nil
}

func win() app.Value { return app.Window() }

// Location is the page's current URL as the browser has it.
func Location() (*url.URL, error) {
	var href string
	err := Try("reading the page's address", func() { href = win().Get("location").Get("href").String() })
	if err != nil {
		return nil, err
	}
	return url.Parse(href)
}

// ReplaceURL changes the address bar without a navigation (history).
func ReplaceURL(ctx app.Context, u *url.URL) error {
	return Try("updating the address bar", func() { ctx.Page().ReplaceURL(u) })
}

// Delay is a delay in milliseconds a test has set in the page before it
// loaded (window[name], a number; the end-to-end tests use it to act on
// a page before a step it defers), bounded to [0, 60000]; false when none
// is set.
func Delay(name string) (time.Duration, bool) {
	if !app.IsClient {
		return 0, false
	}
	var ms float64
	ok := false
	_ = Try("reading "+name, func() {
		if v := win().Get(name); v.Type() == app.TypeNumber {
			ms, ok = v.Float(), true
		}
	})
	if !ok || ms != ms { // NaN
		return 0, false
	}
	return time.Duration(min(max(ms, 0), 60000)) * time.Millisecond, true
}

// Referrer is the document's referrer ("" when there is none).
func Referrer() string {
	var s string
	if Try("reading the referrer", func() { s = win().Get("document").Get("referrer").String() }) != nil {
		return ""
	}
	return s
}

// InFrame reports whether the page runs inside another page's frame.
func InFrame() bool {
	var in bool
	_ = Try("looking for a parent page", func() {
		p := win().Get("parent")
		in = p.Truthy() && !p.Equal(win())
	})
	return in
}

// PostToParent sends a JSON message to the embedding page, for
// targetOrigin only.
func PostToParent(messageJSON, targetOrigin string) error {
	return Try("posting the selection to the embedding page", func() {
		msg := win().Get("JSON").Call("parse", messageJSON)
		win().Get("parent").Call("postMessage", msg, targetOrigin)
	})
}

// ---- localStorage ----

func storage() app.Value { return win().Get("localStorage") }

// StorageGet reads a key; ok is false when it is absent.
func StorageGet(key string) (value string, ok bool, err error) {
	err = Try("reading this browser's storage", func() {
		v := storage().Call("getItem", key)
		if v.Truthy() || v.Type() == app.TypeString {
			value, ok = v.String(), true
		}
	})
	return value, ok, err
}

// StorageSet writes a key. A full storage is an error, and the value
// stored before stays.
func StorageSet(key, value string) error {
	return Try("writing this browser's storage", func() { storage().Call("setItem", key, value) })
}

// StorageKeys lists the stored keys that start with prefix.
func StorageKeys(prefix string) ([]string, error) {
	var out []string
	err := Try("listing this browser's storage", func() {
		s := storage()
		n := s.Get("length").Int()
		for i := 0; i < n; i++ {
			if k := s.Call("key", i).String(); strings.HasPrefix(k, prefix) {
				out = append(out, k)
			}
		}
	})
	return out, err
}

// ---- the page's controls and events ----

// EventValue is the value of the control an event came from ("true" or
// "false" for a checkbox).
func EventValue(ctx app.Context) string {
	var v string
	_ = Try("reading a control", func() {
		src := ctx.JSSrc()
		if src.Get("type").String() == "checkbox" {
			v = fmt.Sprint(src.Get("checked").Bool())
			return
		}
		v = src.Get("value").String()
	})
	return v
}

// EventData is the data-NAME attribute of the element whose handler
// runs ("" when it has none). A handler that acts on "its" row reads the
// row from the element: go-app keeps an element's first handler while
// the handler's code stays the same, so what a closure captured is what
// the element showed first, not what it shows now.
func EventData(ctx app.Context, name string) string {
	var v string
	_ = Try("reading an element's data", func() {
		if d := ctx.JSSrc().Get("dataset").Get(name); d.Truthy() {
			v = d.String()
		}
	})
	return v
}

// Yield lets the browser run what waits (input, a frame that is due)
// and goes on in its next task: Go's js/wasm port returns to the event
// loop while every goroutine waits. The next task is asked for with
// scheduler.yield() where the browser has it, else with a message to
// itself: a timer (time.Sleep) waits at least 4 ms once nested, and on a
// 4× throttled phone the ~200 yields of going live spent more time
// waiting than working. Outside the browser it returns at once.
func Yield() {
	if !app.IsClient {
		return
	}
	yielder.once.Do(startYielder)
	if yielder.ask == nil || Try("yielding to the browser", yielder.ask) != nil {
		time.Sleep(time.Millisecond)
		return
	}
	<-yielder.next
}

// yielder is Yield's one callback and message channel, made once.
var yielder struct {
	once sync.Once
	next chan struct{}
	fn   app.Func
	ask  func()
}

func startYielder() {
	yielder.next = make(chan struct{}, 1)
	yielder.fn = app.FuncOf(func(app.Value, []app.Value) any {
		select {
		case yielder.next <- struct{}{}:
		default:
		}
		return nil
	})
	_ = Try("preparing to yield", func() {
		if s := win().Get("scheduler"); s.Truthy() && s.Get("yield").Truthy() {
			yielder.ask = func() { s.Call("yield").Call("then", yielder.fn) }
			return
		}
		mc := win().Get("MessageChannel").New()
		mc.Get("port1").Set("onmessage", yielder.fn)
		port := mc.Get("port2")
		yielder.ask = func() { port.Call("postMessage", 0) }
	})
}

// RemoveLoader removes go-app's loading bar (app.js leaves that to the
// app once its page is mounted, not once Go's first task ends).
func RemoveLoader() {
	_ = Try("removing the loader", func() {
		if l := win().Get("document").Call("getElementById", "app-wasm-loader"); l.Truthy() {
			l.Call("remove")
		}
	})
}

// StartOver tells the page's script (app.js, app/cmd/sitegen) that the
// start is over — the page mounted, live and warm, or in use — so that
// it writes its copy of app.wasm into the service worker's cache and
// registers the worker now, not while the start runs: the 11 MB copy
// written during the start made the ranking ~60 ms later (issue 61). The
// script writes it 10 s after Go's start if the page never says so.
func StartOver() {
	_ = Try("saying the start is over", func() {
		if win().Get("goappStartOver").Truthy() {
			win().Call("goappStartOver")
		}
	})
}

// ListenInput calls fn with the name and value of each text field inside
// the element with that id, on every input. It listens on the document
// (the element may be drawn anew), for as long as the page lives.
func ListenInput(id string, fn func(name, value string)) {
	cb := app.FuncOf(func(_ app.Value, args []app.Value) any {
		var name, value string
		_ = Try("reading a field", func() {
			t := args[0].Get("target")
			if !t.Truthy() || t.Get("tagName").String() != "INPUT" || !t.Call("closest", "#"+id).Truthy() {
				return
			}
			if typ := t.Get("type").String(); typ == "text" || typ == "search" {
				name, value = t.Get("name").String(), t.Get("value").String()
			}
		})
		if name != "" {
			fn(name, value)
		}
		return nil
	})
	if err := Try("listening to the form", func() { win().Get("document").Call("addEventListener", "input", cb) }); err != nil {
		cb.Release()
	}
}

// WarmInput sends the document an input event no field sent: the
// listeners ListenInput added run their code once (the browser compiles
// a wasm function on its first call) and pass nothing on, since no text
// field was typed in.
func WarmInput() {
	if !app.IsClient {
		return
	}
	_ = Try("warming the form's listener", func() {
		d := win().Get("document")
		d.Call("dispatchEvent", win().Get("Event").New("input"))
	})
}

// IsOpen reports whether the component's element (a details element)
// is open.
func IsOpen(ctx app.Context) bool {
	var open bool
	_ = Try("reading a disclosure's state", func() { open = ctx.JSSrc().Get("open").Bool() })
	return open
}

// EventKey is the key of a keyboard event ("" for other events).
func EventKey(e app.Event) string {
	var k string
	_ = Try("reading a key", func() {
		if e.Get("type").String() == "keydown" {
			k = e.Get("key").String()
		}
	})
	return k
}

// StopPropagation keeps an event from reaching the elements around its
// target (a checkbox inside a clickable row).
func StopPropagation(e app.Event) {
	_ = Try("handling an event", func() { e.StopImmediatePropagation() })
}

// PreventDefault stops the browser's default handling of an event.
func PreventDefault(e app.Event) {
	_ = Try("handling an event", func() { e.PreventDefault() })
}

// SetControl writes a value into the control with the given id: the text
// of an input or textarea, the choice of a select, or "true"/"false" for
// a checkbox. Only values that change from outside the control are
// written; a control the user is typing in is never written.
func SetControl(id, value string) error {
	return Try("updating the form", func() {
		el := win().Get("document").Call("getElementById", id)
		if !el.Truthy() {
			return
		}
		if el.Get("type").String() == "checkbox" {
			el.Set("checked", value == "true")
			return
		}
		if el.Get("value").String() != value {
			el.Set("value", value)
		}
	})
}

// Focus moves the keyboard focus to the element with the given id and
// scrolls it into view.
func Focus(id string) error {
	return Try("moving the focus", func() {
		el := win().Get("document").Call("getElementById", id)
		if el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
			el.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
	})
}

// Print opens the browser's print dialog.
func Print() error { return Try("printing", func() { win().Call("print") }) }

// ---- clipboard and downloads ----

// CopyText puts text on the clipboard. The browser may still refuse it
// later (the promise is not awaited); the page shows the link either way.
func CopyText(text string) error {
	return Try("copying to the clipboard", func() {
		c := win().Get("navigator").Get("clipboard")
		if !c.Truthy() {
			panic("no clipboard in this browser")
		}
		c.Call("writeText", text)
	})
}

// Download hands the browser a file made of content.
func Download(name, mime, content string) error {
	return Try("downloading "+name, func() {
		w := win()
		blob := w.Get("Blob").New([]any{content}, map[string]any{"type": mime})
		u := w.Get("URL").Call("createObjectURL", blob)
		clickLink(name, u.String())
		w.Get("URL").Call("revokeObjectURL", u)
	})
}

// DownloadURL hands the browser a file at href (a data: URL).
func DownloadURL(name, href string) error {
	return Try("downloading "+name, func() { clickLink(name, href) })
}

func clickLink(name, href string) {
	doc := win().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}

// Now is the page's clock in milliseconds (performance.now()), for the
// benchmark timings; 0 outside the browser. The page's clock is read
// once; Now then follows Go's monotonic clock, which Go's js/wasm port
// reads from the same performance.now() (wasm_exec.js, nanotime1): a
// call into JavaScript per reading was ~0.15 ms of a keystroke's frame.
func Now() float64 {
	if !app.IsClient {
		return 0
	}
	clock.once.Do(func() {
		_ = Try("reading the clock", func() { clock.page = win().Get("performance").Call("now").Float() })
		clock.mono = time.Now()
	})
	return clock.page + float64(time.Since(clock.mono))/float64(time.Millisecond)
}

// clock is the page's clock (page, in ms) read at the moment mono.
var clock struct {
	once sync.Once
	page float64
	mono time.Time
}

// Record stores a timing under window.cryptosizerTiming[name]; with push
// it appends to the list of that name, which keeps the last maxTimings.
func Record(name string, ms float64, push bool) {
	if !app.IsClient {
		return
	}
	_ = Try("recording a timing", func() {
		t := timings.object()
		if !push {
			t.Set(name, ms)
			// A moment of the start-up timeline is a mark in a trace too
			// (BenchmarkStartTrace splits the main thread's work by them).
			win().Get("performance").Call("mark", name)
			return
		}
		l := timings.lists[name]
		if l == nil {
			if !t.Get(name).Truthy() {
				t.Set(name, []any{})
			}
			l = &timingList{v: t.Get(name)}
			l.n = l.v.Length()
			timings.lists[name] = l
		}
		l.v.Call("push", ms)
		if l.n++; l.n > maxTimings {
			l.v.Call("shift")
			l.n--
		}
	})
}

// timings are window.cryptosizerTiming and the lists Record pushes to,
// found once, each list's length counted here: a keystroke records four
// timings, and finding the object and the list anew was eight calls into
// JavaScript a record (~0.25 ms of a keystroke in the browser). Nothing
// else writes them.
var timings = &timingObject{lists: map[string]*timingList{}}

type timingObject struct {
	obj   app.Value
	lists map[string]*timingList
}

type timingList struct {
	v app.Value
	n int
}

// object is window.cryptosizerTiming, made if the page has none.
func (t *timingObject) object() app.Value {
	if t.obj == nil {
		w := win()
		if !w.Get("cryptosizerTiming").Truthy() {
			w.Set("cryptosizerTiming", map[string]any{"rerank": []any{}})
		}
		t.obj = w.Get("cryptosizerTiming")
	}
	return t.obj
}

// maxTimings bounds a list of timings (one a keystroke: a long visit
// must not grow it without end).
const maxTimings = 1000

// FocusSelector moves the keyboard focus to the first element a CSS
// selector matches (a summary drawn as HTML text has no id).
func FocusSelector(sel string) error {
	return Try("moving the focus", func() {
		if el := win().Get("document").Call("querySelector", sel); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// OuterHTML is the HTML of the first element a CSS selector matches, ""
// when none does (or outside the browser).
func OuterHTML(sel string) string {
	var html string
	if !app.IsClient {
		return ""
	}
	_ = Try("reading the page's HTML", func() {
		if el := win().Get("document").Call("querySelector", sel); el.Truthy() {
			html = el.Get("outerHTML").String()
		}
	})
	return html
}

// ChildrenHTML is the HTML of each element child of the element sel
// matches, in order (none when nothing matches, or when reading them
// failed: never some of them).
func ChildrenHTML(sel string) []string {
	var out []string
	if !app.IsClient {
		return nil
	}
	if err := Try("reading the page's HTML", func() {
		el := win().Get("document").Call("querySelector", sel)
		if !el.Truthy() {
			return
		}
		kids := el.Get("children")
		for i := range kids.Length() {
			out = append(out, kids.Index(i).Get("outerHTML").String())
		}
	}); err != nil {
		return nil
	}
	return out
}
