package catalog

import (
	"testing"

	"cryptosizer/data"
)

// BenchmarkCatalogNew is the catalogue's making from the bundled dataset, the
// largest step of the page's start before the first ranking (the browser
// runs it single-threaded: GOMAXPROCS=1 compares like it).
func BenchmarkCatalogNew(b *testing.B) {
	ds, err := data.Dataset()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		New(ds)
	}
}
