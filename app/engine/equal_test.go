package engine_test

import (
	"math"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"cryptosizer/app/workload"
)

// equalValues is reflect.DeepEqual for values without cycles, as the
// rankings are: DeepEqual records every pointer and slice pair it
// visits (for cycles), ~10 MB and 47 ms per ranking compared, twice
// the ranking's own time. Past maxDepth (a cycle, or a value deeper than
// a ranking) it answers false, and the caller's JSON decides.
func equalValues(a, b reflect.Value, depth int) bool {
	return (&comparer{}).equal(a, b, depth)
}

// comparer remembers the pairs of struct pointers found equal (the
// candidates of a group share its summary and facts: compared once).
type comparer struct{ same map[[2]unsafe.Pointer]bool }

func (c *comparer) equal(a, b reflect.Value, depth int) bool {
	const maxDepth = 64
	if depth > maxDepth || a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if a.IsNil() || b.IsNil() {
			return false
		}
		if a.Elem().Kind() != reflect.Struct {
			return c.equal(a.Elem(), b.Elem(), depth+1)
		}
		pair := [2]unsafe.Pointer{a.UnsafePointer(), b.UnsafePointer()}
		if c.same[pair] {
			return true
		}
		if !c.equal(a.Elem(), b.Elem(), depth+1) {
			return false
		}
		if c.same == nil {
			c.same = map[[2]unsafe.Pointer]bool{}
		}
		c.same[pair] = true
		return true
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return c.equal(a.Elem(), b.Elem(), depth+1)
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		return c.elems(a, b, depth)
	case reflect.Array:
		return c.elems(a, b, depth)
	case reflect.Struct:
		for i := range a.NumField() {
			if !c.equal(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			v := b.MapIndex(it.Key())
			if !v.IsValid() || !c.equal(it.Value(), v, depth+1) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil() // as DeepEqual: only nil funcs are equal
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float() // NaN differs from itself, as in DeepEqual
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	default: // channels, unsafe pointers: the same one
		return a.UnsafePointer() == b.UnsafePointer()
	}
}

func (c *comparer) elems(a, b reflect.Value, depth int) bool {
	for i := range a.Len() {
		if !c.equal(a.Index(i), b.Index(i), depth+1) {
			return false
		}
	}
	return true
}

// equalValues agrees with reflect.DeepEqual, both ways: on values alike
// and on each kind of difference, down to one figure of one candidate.
func TestEqualValuesIsDeepEqual(t *testing.T) {
	nan := math.NaN()
	one, other := 1.0, 1.0
	type inner struct{ N int }
	type s struct {
		Q  *inner
		F  func()
		M  map[string][]int
		P  *float64
		X  any
		xs []string
	}
	res := index(t).Rank(parse(t, workload.Params{"tls-rate": "10", "series": "U5"}))
	if len(res.Candidates) < 2 {
		t.Fatalf("%d candidates: too few to compare", len(res.Candidates))
	}
	changed := slices.Clone(res.Candidates)
	changed[1].Requirements = slices.Clone(changed[1].Requirements)
	changed[1].Requirements[0].Required++
	cases := []struct {
		name string
		a, b any
	}{
		{"equal pointers' targets", s{P: &one}, s{P: &other}},
		{"NaN", s{P: &nan}, s{P: &nan}},
		{"struct pointers' targets", s{Q: &inner{1}}, s{Q: &inner{2}}},
		{"nil and empty slice", s{xs: nil}, s{xs: []string{}}},
		{"unexported slice", s{xs: []string{"a"}}, s{xs: []string{"b"}}},
		{"map values", s{M: map[string][]int{"a": {1}}}, s{M: map[string][]int{"a": {2}}}},
		{"map keys", s{M: map[string][]int{"a": {1}}}, s{M: map[string][]int{"b": {1}}}},
		{"interface types", s{X: 1}, s{X: int64(1)}},
		{"non-nil funcs", s{F: func() {}}, s{F: func() {}}},
		{"a ranking and itself", res.Candidates, slices.Clone(res.Candidates)},
		{"a ranking and one figure changed", res.Candidates, changed},
	}
	for _, c := range cases {
		want := reflect.DeepEqual(c.a, c.b)
		if got := equalValues(reflect.ValueOf(c.a), reflect.ValueOf(c.b), 0); got != want {
			t.Errorf("%s: equalValues %v, reflect.DeepEqual %v", c.name, got, want)
		}
	}
}
