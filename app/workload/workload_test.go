package workload

import (
	"net/url"
	"slices"
	"testing"

	"cryptosizer/app/dataset"
	"cryptosizer/app/explain"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

func TestQueryRoundTrip(t *testing.T) {
	p := Params{"tls-rate": "20", "fw-size": "256 KiB", "fw-deadline": "110ms", "tls-mutual": "true", "library": "cmox"}
	q := p.Query()
	if q != "tls-rate=20&tls-mutual=true&fw-size=256+KiB&fw-deadline=110ms&library=cmox" {
		t.Errorf("query %q", q)
	}
	// Parsing the query back gives the same parameters and workload.
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	back := FromQuery(v)
	if back.Query() != q {
		t.Errorf("round trip %q", back.Query())
	}
	w1, e1 := Parse(p)
	w2, e2 := Parse(back)
	if len(e1)+len(e2) > 0 || explain.Workload(w1) != explain.Workload(w2) {
		t.Errorf("%v %v\n%s\n%s", e1, e2, explain.Workload(w1), explain.Workload(w2))
	}
}

func TestLibraryFilterTakesTheSources(t *testing.T) {
	if c := Choices("library"); !slices.Equal(c, dataset.LibraryFlags()) || len(c) == 0 {
		t.Errorf("library choices %v", c)
	}
	if _, errs := Parse(Params{"library": "openssl"}); errs.ByField("library") == nil {
		t.Error("an unknown library was accepted")
	}
}
