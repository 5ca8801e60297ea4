package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// reader is the page's one import reader: a Worker running
// web/import-worker.js (app/cmd/importer), started by the first request.
var reader struct {
	w      app.Value
	on     bool
	onMsg  app.Func
	onErr  app.Func
	asked  map[string]bool // requests sent and not answered
	answer func(id, reply, err string)
}

// ReadImport posts a read request (its ID, and the JSON of a
// dataset.ReadRequest) to the import reader, starting the Worker that
// runs src on first use. answer gets the reader's reply (JSON), or err
// when there is none: the worker could not be started or loaded
// (offline before a first full visit), or failed. answer runs in the
// worker's event handlers: the caller dispatches to its component.
func ReadImport(src, id, request string, answer func(id, reply, err string)) {
	reader.answer = answer
	if !reader.on {
		if err := startReader(src); err != nil {
			answer(id, "", err.Error())
			return
		}
	}
	err := Try("asking the import reader", func() {
		msg := app.Window().Get("Object").New()
		msg.Set("id", id)
		msg.Set("request", request)
		reader.w.Call("postMessage", msg)
	})
	if err != nil {
		answer(id, "", err.Error())
		return
	}
	reader.asked[id] = true
}

func startReader(src string) error {
	reader.asked = map[string]bool{}
	reader.onMsg = app.FuncOf(func(_ app.Value, args []app.Value) any {
		var id, reply, why string
		_ = Try("reading the import reader's answer", func() {
			d := args[0].Get("data")
			id = d.Get("id").String()
			if v := d.Get("reply"); v.Type() == app.TypeString {
				reply = v.String()
			} else {
				why = d.Get("error").String()
			}
		})
		delete(reader.asked, id)
		reader.answer(id, reply, why)
		return nil
	})
	// A worker whose script cannot load (or that fails outside a
	// request) answers nothing more: every request waiting is failed,
	// and the next one starts a new worker.
	reader.onErr = app.FuncOf(func(_ app.Value, args []app.Value) any {
		why := "the import reader " + src + " could not be loaded (offline before a first full visit?)"
		_ = Try("reading the import reader's error", func() {
			if m := args[0].Get("message"); m.Type() == app.TypeString && m.String() != "" {
				why = "the import reader failed: " + m.String()
			}
		})
		stopReader()
		for id := range reader.asked {
			delete(reader.asked, id)
			reader.answer(id, "", why)
		}
		return nil
	})
	err := Try("starting the import reader", func() {
		reader.w = app.Window().Get("Worker").New(src)
		reader.w.Set("onmessage", reader.onMsg)
		reader.w.Set("onerror", reader.onErr)
	})
	if err != nil {
		stopReader()
		return err
	}
	reader.on = true
	return nil
}

func stopReader() {
	_ = Try("stopping the import reader", func() {
		if reader.w != nil && reader.w.Truthy() {
			reader.w.Call("terminate")
		}
	})
	reader.on = false
	// The handlers stay: an event already queued may still call them.
}
