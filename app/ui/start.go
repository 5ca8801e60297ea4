package ui

import (
	"net/url"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/bench"
	"cryptosizer/app/catalog"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
	"cryptosizer/app/workload"
	"cryptosizer/data"
	"cryptosizer/data/first"
)

// Start is what every page starts from: the address the page was opened
// with (go-app's own page URL lacks the query at start-up; nil outside
// the browser) and the bundled data, read and indexed once, when first
// needed (a first visit shows the prepared answer before either).
type Start struct {
	URL *url.URL
	// Schema is what a workload may say, composed once (Bundled).
	Schema *workload.Schema
	// First is the first visit's prepared view (nil when there is none
	// or it cannot be read; FirstErr says why).
	First    *FirstView
	FirstErr error

	data     *lazyData
	prepared *Page // Prepare's
}

// lazyData is the bundled dataset and its index, each made on first use
// and shared by every copy of the Start. The first call may pause
// (unless nil) between slices of the work: going live does
// (Page.goLiveInSteps).
type lazyData struct {
	readWith  func(pause func()) (*bench.Dataset, error)
	readOnce  sync.Once
	ds        *bench.Dataset
	err       error
	indexOnce sync.Once
	ix        *engine.Index
}

func newLazyData(read func(pause func()) (*bench.Dataset, error)) *lazyData {
	return &lazyData{readWith: read}
}

// read is the dataset (empty when it cannot be read, with the error).
func (d *lazyData) read(pause func()) (*bench.Dataset, error) {
	d.readOnce.Do(func() {
		if d.ds, d.err = d.readWith(pause); d.err != nil {
			d.ds = &bench.Dataset{}
		}
	})
	return d.ds, d.err
}

// index is the data indexed.
func (d *lazyData) index(pause func()) *engine.Index {
	d.indexOnce.Do(func() {
		ds, _ := d.read(pause)
		d.ix = engine.Over(catalog.Maker{Pause: pause}.Make(ds))
	})
	return d.ix
}

// dataset is the bundled dataset (empty when it cannot be read, with the
// error, which the page shows).
func (s Start) dataset() (*bench.Dataset, error) { return s.data.read(nil) }

// index is the bundled data indexed (made now if it was not yet).
func (s Start) index() *engine.Index { return s.data.index(nil) }

// Prepare makes the first page's state (restored, ranked or pending)
// before go-app mounts it: the browser's start is then several tasks
// (the dataset, the first page's state, the mount), not one, and the
// page stays responsive between them.
func (s *Start) Prepare() {
	s.prepared = &Page{start: *s}
	s.prepared.init()
}

// Routes registers the app's pages. The wasm main and the static-site
// generator both call it, so they agree on what exists.
func Routes(s Start) {
	first := s.prepared
	s.prepared = nil
	app.Route("/", func() app.Composer {
		if p := first; p != nil {
			first = nil
			return p
		}
		return &Page{start: s}
	})
}

// Bundled is the bundled dataset, to be read and indexed when first
// needed, and the first view prepared for it.
func Bundled() Start {
	s := Start{data: newLazyData(func(pause func()) (*bench.Dataset, error) { return data.Read(dataset.Reader{Pause: pause}) }),
		Schema: workload.NewSchema(dataset.LibraryFlags(), dataset.Lenders...)}
	s.First, s.FirstErr = ReadFirstView(first.View())
	return s
}
