package ui

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/model"
	"cryptosizer/data/first"
)

// The prepared first view is what the code makes now from the bundled
// data: ./build.sh build (cmd/firstview) writes it before the wasm.
func TestFirstViewIsCurrent(t *testing.T) {
	s := Bundled()
	if s.First == nil {
		t.Fatalf("no prepared first view (%v): run ./build.sh build", s.FirstErr)
	}
	made, err := MakeFirstView(s)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := made.MarshalText()
	if string(first.View()) != string(want) {
		t.Fatal("data/first/first.txt is stale: run ./build.sh build (or go run ./app/cmd/firstview) and commit it")
	}
	if !reflect.DeepEqual(*s.First, made) {
		t.Error("the prepared view does not read back as it was written")
	}
}

// A pending page shows, from the prepared view, exactly what the live
// page shows once it has indexed and ranked: the results' HTML is the
// same before and after Live, and the same as a page ranked at once.
func TestPendingShowsTheLiveAnswer(t *testing.T) {
	s := Bundled()
	if s.First == nil {
		t.Fatal(s.FirstErr)
	}
	pending := model.NewPending(s.Schema, s.First.Charts, nil)
	before := app.HTMLString(&Results{M: pending, Client: true, First: s.First})
	pending.Live(s.index())
	after := app.HTMLString(&Results{M: pending, Client: true, First: s.First})
	ranked := app.HTMLString(&Results{M: model.New(s.Schema, s.index(), nil), Client: true})
	if canonical(t, before) != canonical(t, ranked) {
		t.Errorf("the prepared view differs from the ranking:\n%s\nwant\n%s", before, ranked)
	}
	if canonical(t, after) != canonical(t, ranked) {
		t.Error("the page made live differs from a page ranked at once")
	}
	if pending.Pending() {
		t.Error("Live left the page pending")
	}
}

// canonical is an HTML text's elements, sorted attributes and trimmed
// texts, a line each: go-app writes attributes in map order and indents
// raw HTML its own way.
func canonical(t *testing.T, text string) string {
	doc, err := html.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		switch n.Type {
		case html.ElementNode:
			attrs := make([]string, 0, len(n.Attr))
			for _, a := range n.Attr {
				attrs = append(attrs, a.Key+"="+strconv.Quote(a.Val))
			}
			sort.Strings(attrs)
			fmt.Fprintf(&b, "%d <%s %s>\n", depth, n.Data, strings.Join(attrs, " "))
		case html.TextNode:
			if s := strings.TrimSpace(n.Data); s != "" {
				fmt.Fprintf(&b, "%d %q\n", depth, s)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth+1)
		}
	}
	walk(doc, 0)
	return b.String()
}

// A text that is not a prepared view is refused, saying where and why;
// none is read in part.
func TestFirstViewRefusesOtherText(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "no prepared first view"},
		{"JSON", `{"view": {}}`, "does not start with"},
		{"header without its end", firstMagic + "status 3", "without its end of line"},
		{"no length", firstMagic + "status\nabc\n", `not "name length"`},
		{"negative length", firstMagic + "status -1\nabc\n", `not "name length"`},
		{"too long", firstMagic + "status 9\nabc\n", "9 bytes announced"},
		{"too short", firstMagic + "status 2\nabc\n", "2 bytes announced"},
		{"unknown field", firstMagic + "price 1\n5\n", "price: not a field"},
		{"bad number", firstMagic + "count 3\nsix\n", "count: strconv.Atoi"},
		{"chart field first", firstMagic + "chart.label 1\nx\n", "before any chart.id"},
	} {
		f, err := ReadFirstView([]byte(tc.text))
		if f != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, %v; want an error with %q", tc.name, f, err, tc.want)
		}
	}
}

// Going live checks the prepared view against the live ranking: one
// that differs in anything the results show is not taken as the answer.
func TestFirstViewShowsOnlyTheLiveAnswer(t *testing.T) {
	s := Bundled()
	if s.First == nil {
		t.Fatal("no prepared first view: run ./build.sh build")
	}
	m := model.New(s.Schema, s.index(), nil)
	if !s.First.shows(m, nil) {
		t.Fatal("the prepared view does not show the live answer")
	}
	pauses := 0 // going live checks it in slices
	if !s.First.shows(m, func() { pauses++ }) || pauses == 0 {
		t.Fatalf("the paced check: the prepared view does not show the live answer, or it did not pause (%d)", pauses)
	}
	for _, change := range []func(f *FirstView){
		func(f *FirstView) { f.View.Status += " " },
		func(f *FirstView) { f.View.Table = strings.Replace(f.View.Table, "pass", "fail", 1) },
		func(f *FirstView) { f.Charts = f.Charts[1:] },
		func(f *FirstView) { f.Parts++ },
	} {
		f := *s.First
		f.Charts = slices.Clone(f.Charts)
		change(&f)
		if f.shows(m, nil) {
			t.Error("a changed view is taken for the live answer")
		}
	}
}

// The bare address changes nothing on a first page: a pending page may
// skip reading it.
func TestBareAddressChangesNothing(t *testing.T) {
	s := Bundled()
	m := model.New(s.Schema, s.index(), nil)
	before := *m
	m.Load(&url.URL{Path: "/"})
	if m.Query() != before.Query() || !reflect.DeepEqual(m.Form.Params, before.Form.Params) || m.Embed != before.Embed ||
		len(m.Msgs.List) != 0 || m.Results.Selected != "" || len(m.Results.Compare) != 0 {
		t.Error("loading the bare address changed the first page")
	}
}
