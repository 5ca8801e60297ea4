package dataset

import (
	"reflect"
	"strings"
	"testing"

	"cryptosizer/app/bench"
)

// fill sets every field reachable from v to a value that differs from
// its zero value and from the other fields', so that a field Pack forgets
// fails the round trip.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strings.Repeat("x", *n))
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*n) * -7919)
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.1)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		fill(v.Index(0), n)
		fill(v.Index(1), n)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), n)
		}
	default:
		panic("pack_test: no filler for " + v.Kind().String())
	}
}

func TestPackRoundTripsEveryField(t *testing.T) {
	var ds bench.Dataset
	n := 0
	fill(reflect.ValueOf(&ds).Elem(), &n)
	got, err := Unpack(Pack(&ds))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, &ds) {
		t.Fatalf("a field is lost or misplaced by Pack/Unpack (bump packVersion when changing it):\n got %+v\nwant %+v", got, &ds)
	}
	// nil and empty lists stay apart (the JSON has null and [] too).
	empty := bench.Dataset{Documents: []bench.Document{}, Measurements: []bench.Measurement{{}}}
	if got, err := Unpack(Pack(&empty)); err != nil || !reflect.DeepEqual(got, &empty) {
		t.Fatalf("empty lists: got %+v, %v", got, err)
	}
}

func TestUnpackRefusesDamagedInput(t *testing.T) {
	var ds bench.Dataset
	n := 0
	fill(reflect.ValueOf(&ds).Elem(), &n)
	b := Pack(&ds)
	for cut := 0; cut < len(b); cut++ {
		if _, err := Unpack(b[:cut]); err == nil {
			t.Fatalf("a packed dataset cut at byte %d of %d was read without error", cut, len(b))
		}
	}
	cases := map[string][]byte{
		"json":          []byte(`{"measurements":[]}`),
		"other version": append([]byte("CSZD"), 99),
		"trailing":      append(append([]byte{}, b...), 0),
		"huge count":    append([]byte("CSZD\x01"), 0xff, 0xff, 0xff, 0xff, 0x0f),
	}
	for name, in := range cases {
		if _, err := Unpack(in); err == nil || !strings.HasPrefix(err.Error(), "packed dataset: ") {
			t.Errorf("%s: err = %v, want a packed dataset error", name, err)
		}
	}
}
