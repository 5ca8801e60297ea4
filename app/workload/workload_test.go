package workload

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/explain"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

// schema is the one the commands compose.
var schema = NewSchema(dataset.LibraryFlags(), dataset.Lenders...)

func TestQueryRoundTrip(t *testing.T) {
	p := Params{"tls-rate": "20", "fw-size": "256 KiB", "fw-deadline": "110ms", "tls-mutual": "true", "library": "cmox"}
	q := schema.Query(p)
	if q != "tls-rate=20&tls-mutual=true&fw-size=256+KiB&fw-deadline=110ms&library=cmox" {
		t.Errorf("query %q", q)
	}
	// Parsing the query back gives the same parameters and workload.
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	back := schema.FromQuery(v)
	if schema.Query(back) != q {
		t.Errorf("round trip %q", schema.Query(back))
	}
	w1, e1 := schema.Parse(p)
	w2, e2 := schema.Parse(back)
	if len(e1)+len(e2) > 0 || explain.Workload(w1) != explain.Workload(w2) {
		t.Errorf("%v %v\n%s\n%s", e1, e2, explain.Workload(w1), explain.Workload(w2))
	}
}

func TestLibraryFilterTakesTheSources(t *testing.T) {
	if c := schema.Choices("library"); !slices.Equal(c, dataset.LibraryFlags()) || len(c) == 0 {
		t.Errorf("library choices %v", c)
	}
	if _, errs := schema.Parse(Params{"library": "openssl"}); errs.ByField("library") == nil {
		t.Error("an unknown library was accepted")
	}
}

// Every field has a name, label and accepted text, and names are unique.
func TestFieldsTable(t *testing.T) {
	seen := map[string]bool{}
	s := NewSchema([]string{"lib-a", "lib-b"})
	if f, _ := s.FieldByName("library"); !slices.Equal(f.Choices, []string{"lib-a", "lib-b"}) || !strings.Contains(f.Accepted, "lib-a, lib-b") {
		t.Errorf("the library field takes the libraries given: %+v", f)
	}
	for _, f := range s.Fields() {
		if f.Name == "" || f.Label == "" || f.Accepted == "" || f.Group == "" || seen[f.Name] {
			t.Errorf("field %+v", f)
		}
		seen[f.Name] = true
		if f.Choices != nil && f.Default != "" {
			found := false
			for _, c := range f.Choices {
				found = found || c == f.Default
			}
			if !found {
				t.Errorf("%s: default %q is not a choice", f.Name, f.Default)
			}
		}
	}
}
