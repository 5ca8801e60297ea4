package ui

import (
	"testing"

	"cryptosizer/app/ui/model"
)

// BenchmarkResultsView is what the results make of a ranking on every
// keystroke (the first visit's workload), and its parts: the rows'
// grouping, the table's HTML and the not-ranked lists' HTML. go-app's
// diff and the browser's drawing come on top in the browser.
func BenchmarkResultsView(b *testing.B) {
	s := Bundled()
	m := model.New(s.Schema, s.index(), nil)
	r := &Results{M: m, Client: true}
	res := &m.Results
	rows, starts, _, _ := res.Laid()
	for _, bc := range []struct {
		name string
		f    func()
	}{
		{"view", func() { _ = r.view(nil) }},
		{"grouped", func() { res.Laid() }},
		{"table", func() { _ = tableHTML(res, "rank", rows, starts) }},
		{"notRanked", func() { _, _, _ = notRanked(res.Res, false, false) }},
		{"notRankedOpen", func() { _, _, _ = notRanked(res.Res, false, true) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bc.f()
			}
		})
	}
}
