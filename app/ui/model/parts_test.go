package model

import (
	"cryptosizer/app/internal/settingtest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// The parts view holds every part number of the bundled groups, searches
// by words that must all match, sorts by any column both ways (unknown
// last going up), pages, and compares two or three parts.
func TestPartsView(t *testing.T) {
	groups := base(t).Dataset().Groups
	members := 0
	for _, g := range groups {
		members += len(g.Members)
	}
	var p Parts
	p.OpenParts(groups)
	if p.Total() != members || members < 2000 {
		t.Fatalf("%d rows, %d members", p.Total(), members)
	}
	rows, n := p.Rows()
	if n != members || len(rows) != PartsPage {
		t.Errorf("unfiltered: %d match, %d shown", n, len(rows))
	}
	p.More()
	if rows, _ = p.Rows(); len(rows) != 2*PartsPage {
		t.Errorf("after More: %d shown", len(rows))
	}

	p.SetQuery("u5 lqfp pka")
	rows, n = p.Rows()
	if n == 0 || n == members || len(rows) != min(n, PartsPage) {
		t.Fatalf("u5 lqfp pka: %d match, %d shown", n, len(rows))
	}
	for _, r := range rows {
		if r.Group.Family != "STM32U5" || !strings.HasPrefix(r.Package, "LQFP") || !strings.Contains(r.Units, "PKA") {
			t.Errorf("u5 lqfp pka matches %s (%s, %s, %s)", r.Part, r.Group.Family, r.Package, r.Units)
		}
	}

	p.SetQuery("")
	for _, key := range []string{"flash", "temp", "clock"} {
		p.Sort(key)
		up, _ := p.Rows()
		p.Sort(key)
		down, _ := p.Rows()
		if p.SortBy != "-"+key {
			t.Fatalf("sort twice by %s: %q", key, p.SortBy)
		}
		i := slices.IndexFunc(PartColumns, func(c PartColumn) bool { return c.Key == key })
		for j := 1; j < len(up); j++ {
			if PartColumns[i].cmp(&up[j-1], &up[j]) > 0 || PartColumns[i].cmp(&down[j-1], &down[j]) < 0 {
				t.Fatalf("%s: rows %d and %d out of order", key, j-1, j)
			}
		}
	}
	p.Sort("nonsense")
	if p.SortBy != "-clock" {
		t.Errorf("an unknown column changed the order to %q", p.SortBy)
	}
	p.SetQuery(strings.Repeat("x", 200))
	if len(p.Query) != MaxQuery {
		t.Errorf("query of %d characters kept", len(p.Query))
	}

	// Compare: two or three, a fourth refused, an unknown part refused.
	var picks []string
	for _, g := range groups {
		if len(picks) < 4 && g.TrustZone != (len(picks)%2 == 0) {
			picks = append(picks, g.Members[0].Part)
		}
	}
	if p.Pick("STM32NOPE") {
		t.Error("an unknown part was picked")
	}
	if !p.Pick(picks[0]) {
		t.Fatal("first pick refused")
	}
	if _, rows := p.Compared(); rows != nil {
		t.Error("one part compared")
	}
	if !p.Pick(picks[1]) || !p.Pick(picks[2]) || p.Pick(picks[3]) {
		t.Fatalf("picks: %v", p.Picked)
	}
	parts, cmp := p.Compared()
	if len(parts) != 3 {
		t.Fatalf("compared %v", parts)
	}
	tz := slices.IndexFunc(cmp, func(r CompareRow) bool { return r.Label == "TrustZone" })
	if tz < 0 || !cmp[tz].Differs() || len(cmp[tz].Values) != 3 {
		t.Errorf("TrustZone row %+v", cmp[tz])
	}
	if !p.Pick(picks[1]) || len(p.Picked) != 2 || p.Picked[1] != picks[2] {
		t.Errorf("unpick: %v", p.Picked)
	}
}

// A keystroke ranks and leaves the charts to the pause after it: they
// are marked stale, and Typed draws them for the ranking on screen.
func TestChartsWaitForTheTypingPause(t *testing.T) {
	p := load(t, "/?tls-rate=10&loads=tls")
	if !p.WantCharts() || p.WantCharts() {
		t.Fatal("WantCharts made the charts twice, or not at first")
	}
	before := p.Results.Charts
	p.SetParam("tls-rate", "100")
	if !p.Results.ChartsStale || len(p.Results.Charts) != len(before) || p.Results.Charts[0].Option != before[0].Option {
		t.Fatalf("a keystroke redrew the charts (stale %v)", p.Results.ChartsStale)
	}
	rev := p.Results.Rev
	if !p.Typed() || p.Results.ChartsStale || p.Results.Rev == rev || p.Results.Charts[0].Option == before[0].Option {
		t.Error("Typed did not draw the charts of the new ranking")
	}
	if p.Typed() {
		t.Error("Typed drew up-to-date charts again")
	}
}

// A page opened on the defaults does not rank them a second time; one
// opened with a workload of its own does.
func TestLoadDoesNotRankTwice(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	res := p.Results.Res
	rev := p.Results.Rev
	p.Load(mustURL(t, "/"))
	if p.Results.Rev == rev || &p.Results.Res.Candidates[0] != &res.Candidates[0] {
		t.Error("the defaults were ranked again (or the results not re-rendered)")
	}
	p.Load(mustURL(t, "/?tls-rate=77"))
	if &p.Results.Res.Candidates[0] == &res.Candidates[0] || p.Results.Ranked["tls-rate"] != "77" {
		t.Error("a link's own workload was not ranked")
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// The chart a page exports is the ranking's on screen, also while typing
// has left the drawn charts behind.
func TestChartOptionIsTheRankingsOnScreen(t *testing.T) {
	p := New(settingtest.Schema, base(t), nil)
	if _, ok := p.ChartOption("chart-headroom"); ok {
		t.Fatal("a chart was made before its place neared the view")
	}
	if len(p.Results.Charts) == 0 || p.Results.Charts[0].ID != "chart-headroom" || p.Results.Charts[0].Label == "" {
		t.Fatalf("the charts' boxes are not named before they are made: %+v", p.Results.Charts)
	}
	if !p.WantCharts() || p.WantCharts() {
		t.Fatal("WantCharts made the charts twice, or not at first")
	}
	before, ok := p.ChartOption("chart-headroom")
	if !ok || before == "" {
		t.Fatal("no headroom chart")
	}
	p.SetParam("tls-rate", "400")
	if !p.Results.ChartsStale {
		t.Fatal("a keystroke redrew the charts")
	}
	after, ok := p.ChartOption("chart-headroom")
	if !ok || after == before || p.Results.ChartsStale {
		t.Fatalf("the exported option is not the ranking's on screen (same %v, stale %v)", after == before, p.Results.ChartsStale)
	}
	if _, ok := p.ChartOption("chart-none"); ok {
		t.Error("a chart that is not on the page was found")
	}
}

// Before the charts are made, the page has their boxes with their final
// captions (title and note): making them moves nothing on the page.
func TestChartBoxesBeforeTheCharts(t *testing.T) {
	notes := 0
	for _, u := range []string{"/", "/?tls-rate=1&supply=1.8&loads=tls&objective=energy", "/?loads=tls,firmware,aes&series=U5,H7"} {
		p := load(t, u)
		before := slices.Clone(p.Results.Charts)
		if !p.WantCharts() {
			t.Fatalf("%s: the charts were made before they were wanted", u)
		}
		after := p.Results.Charts
		if len(before) != len(after) || len(after) < 2 {
			t.Fatalf("%s: %d boxes before, %d charts after", u, len(before), len(after))
		}
		for i, b := range before {
			a := after[i]
			if b.Option != "" || a.Option == "" || b.ID != a.ID || b.Label != a.Label || b.Note != a.Note {
				t.Errorf("%s: box %q (%q, note %q, option %d B) became chart %q (%q, note %q)", u, b.ID, b.Label, b.Note, len(b.Option), a.ID, a.Label, a.Note)
			}
			if a.Note != "" {
				notes++
			}
		}
	}
	if notes == 0 {
		t.Error("no chart folded anything away: the notes were not compared")
	}
}

// The closed filters say how many are set: setting the first one, or
// clearing the last, re-renders the form; typing on in one does not.
func TestFiltersSetCount(t *testing.T) {
	p := load(t, "/")
	if n := p.Form.FiltersSet(); n != 0 {
		t.Fatalf("the defaults set %d filters", n)
	}
	rev := p.Form.Rev
	p.SetParam("mcu", "H")
	if p.Form.FiltersSet() != 1 || p.Form.Rev == rev {
		t.Fatalf("a filter set: count %d, form re-rendered %v", p.Form.FiltersSet(), p.Form.Rev != rev)
	}
	rev = p.Form.Rev
	p.SetParam("mcu", "H7")
	if p.Form.Rev != rev {
		t.Error("typing on in a set filter re-rendered the form")
	}
	p.SetParam("mcu", "")
	if p.Form.FiltersSet() != 0 || p.Form.Rev == rev {
		t.Errorf("the filter cleared: count %d, form re-rendered %v", p.Form.FiltersSet(), p.Form.Rev != rev)
	}
	if n := load(t, "/?series=U5&min-ram=256KiB").Form.FiltersSet(); n != 2 {
		t.Errorf("a link with two filters: %d set", n)
	}
}

// What ST's data does not give sorts last in both directions (the parts
// view sorted "unknown" first when descending).
func TestPartsSortUnknownLast(t *testing.T) {
	var p Parts
	p.OpenParts(base(t).Dataset().Groups)
	p.Shown = p.Total()
	for _, key := range []string{"temp", "-temp", "clock", "-clock"} {
		p.SortBy = key
		rows, _ := p.Rows()
		unknown := unknownIn[strings.TrimPrefix(key, "-")]
		seen := false
		for _, r := range rows {
			if unknown(&r) {
				seen = true
			} else if seen {
				t.Errorf("sorted by %s: %s (known) after an unknown one", key, r.Part)
				break
			}
		}
		if key == "temp" && !seen {
			t.Errorf("sorted by temp: no unknown temperature to place (%d rows)", len(rows))
		}
	}
}
