package ui

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/ui/model"
	"cryptosizer/data"
	"cryptosizer/data/first"
)

// The prepared first view is what the code makes now from the bundled
// data: ./build.sh build (cmd/firstview) writes it before the wasm.
func TestFirstViewIsCurrent(t *testing.T) {
	s := Bundled()
	if s.First == nil {
		t.Fatalf("no prepared first view for the bundled dataset (%v): run ./build.sh build", s.FirstErr)
	}
	made, err := MakeFirstView(s, data.Packed())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.MarshalIndent(made, "", " ")
	var kept FirstView
	if err := json.Unmarshal(first.View(), &kept); err != nil {
		t.Fatal(err)
	}
	got, _ := json.MarshalIndent(kept, "", " ")
	if string(got) != string(want) {
		t.Fatal("data/first/first.json is stale: run ./build.sh build (or go run ./app/cmd/firstview) and commit it")
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
	pending := model.NewPending(s.First.Charts, nil)
	before := app.HTMLString(&Results{M: pending, Client: true, First: s.First})
	pending.Live(s.index())
	after := app.HTMLString(&Results{M: pending, Client: true, First: s.First})
	ranked := app.HTMLString(&Results{M: model.New(s.index(), nil), Client: true})
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

// A prepared view answers only the data it was made from.
func TestFirstViewOfOtherData(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		packed     []byte
	}{
		{"empty", "", data.Packed()},
		{"not JSON", "<html>", data.Packed()},
		{"other data", string(first.View()), []byte("another dataset")},
	} {
		if f, err := ReadFirstView([]byte(tc.text), tc.packed); f != nil || err == nil {
			t.Errorf("%s: read a view (%v)", tc.name, err)
		}
	}
}

// The bare address changes nothing on a first page: a pending page may
// skip reading it.
func TestBareAddressChangesNothing(t *testing.T) {
	s := Bundled()
	m := model.New(s.index(), nil)
	before := *m
	m.Load(&url.URL{Path: "/"})
	if m.Query() != before.Query() || !reflect.DeepEqual(m.Form.Params, before.Form.Params) || m.Embed != before.Embed ||
		len(m.Msgs.List) != 0 || m.Results.Selected != "" || len(m.Results.Compare) != 0 {
		t.Error("loading the bare address changed the first page")
	}
}
