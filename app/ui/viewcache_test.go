package ui

import (
	"reflect"
	"testing"

	"cryptosizer/app/internal/settingtest"
	"cryptosizer/app/ui/model"
)

// TestViewCacheIsTheModelsView checks that the view a handler made is the
// view of the model's state, that a render takes it, and that any change
// to what the view reads, made as the page makes it (the model's
// methods, each of which moves Results.Rev:
// model.TestEveryResultsChangeMovesRev), makes the render make it anew.
func TestViewCacheIsTheModelsView(t *testing.T) {
	ix := Bundled().index()
	for _, tc := range []struct {
		name   string
		change func(m *model.Page)
	}{
		{"nothing", nil},
		{"rev", func(m *model.Page) { m.Results.Rev++ }},
		{"another ranking", func(m *model.Page) { m.SetParam("tls-rate", "400") }},
		{"filter", func(m *model.Page) { m.SetFilter("H7") }},
		{"selected", func(m *model.Page) { m.Select(m.Results.Res.Candidates[3].Key, "http://x/") }},
		{"compare", func(m *model.Page) { m.ToggleCompare(m.Results.Res.Candidates[2].Key) }},
		{"sort", func(m *model.Page) { m.ToggleSort("clock") }},
		{"unfold", func(m *model.Page) { m.UnfoldFails() }},
		{"not-ranked open", func(m *model.Page) { m.ToggleNotRanked() }},
		{"stale", func(m *model.Page) { m.SetParam("tls-rate", "x") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := model.New(settingtest.Schema, ix, nil)
			m.SetParam("tls-rate", "40")
			var c viewCache
			c.prepare(m)
			r := &Results{M: m, Views: &c}
			if got, want := r.view(nil), (&Results{M: m}).view(nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("the kept view is not the model's:\n%+v\nwant\n%+v", got.Status, want.Status)
			}
			c.v.Status = "kept" // a view the render can only have from the cache
			if tc.change == nil {
				if got := r.view(nil).Status; got != "kept" {
					t.Fatalf("the render made the view anew (%q): the kept one was the model's", got)
				}
				return
			}
			tc.change(m)
			if got := r.view(nil).Status; got == "kept" {
				t.Fatal("the render took the kept view after the model changed")
			}
		})
	}
}
