// Command importer is the web app's import reader, its second
// WebAssembly module (web/import.wasm): the readers of wolfCrypt, CMOX
// and Mbed TLS output (app/dataset/registry) are ~350 KB of code and
// Go's regular expressions, which a visit that imports nothing never
// runs, so the page's first download leaves them out. web/import-worker.js
// runs this module in a Worker when the page first needs a text read (a
// paste's preview, a set added, stored or from a link); the service
// worker caches both, so import works offline after a first visit.
//
// It answers each request (dataset.ReadRequest, JSON) with the Imported
// as JSON, or the reason it could not (Answer).
package main

import (
	"encoding/json"
	"fmt"

	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
)

// Answer is the reply to one request: what the text holds, or why the
// request could not be read.
type Answer struct {
	ID       string            `json:"id"`
	Imported *dataset.Imported `json:"imported,omitempty"`
	Error    string            `json:"error,omitempty"`
}

// maxRequestBytes bounds a request: the largest text, its names and
// the parts' facts (~15 KB) with room to spare.
const maxRequestBytes = dataset.MaxImportBytes + 1<<20

// answer reads one request. A request that is not one is answered with
// an error, never a panic (a panic ends the module for every later
// request).
func answer(request string) (a Answer) {
	defer func() {
		if r := recover(); r != nil {
			a = Answer{ID: a.ID, Error: fmt.Sprint("reading the text failed: ", r)}
		}
	}()
	if len(request) > maxRequestBytes {
		return Answer{Error: fmt.Sprintf("the request is %d bytes; the limit is %d", len(request), maxRequestBytes)}
	}
	var q dataset.ReadRequest
	if err := json.Unmarshal([]byte(request), &q); err != nil {
		return Answer{Error: "the request is not one: " + err.Error()}
	}
	a.ID = q.ID
	im := registry.Import(q.Facts, q.Name, q.Text, q.Names)
	a.Imported = &im
	return a
}

// reply is answer as JSON.
func reply(request string) string {
	b, err := json.Marshal(answer(request))
	if err != nil {
		b, _ = json.Marshal(Answer{Error: "the answer could not be written: " + err.Error()})
	}
	return string(b)
}
