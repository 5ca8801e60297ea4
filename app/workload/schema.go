package workload

import (
	"net/url"
	"slices"
	"sort"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
	"cryptosizer/app/field"
)

// Schema is what a workload may say: every field of every kind and the
// settings, in groups, with the libraries the library filter accepts.
// It is built once from what the caller gives it (NewSchema) and never
// changes, so it is safe for concurrent use.
type Schema struct {
	groups []Group
	fields []Field
	index  map[string]Field
}

// NewSchema builds the schema; libraries are the flags of the
// registered sources' libraries ("wolfssl", "cmox"), lenders the names of
// the cycle-count sources ("pqm4", "x25519") the lend field may name.
func NewSchema(libraries []string, lenders ...string) *Schema {
	s := &Schema{groups: buildGroups(libraries, lenders), index: map[string]Field{}}
	for _, g := range s.groups {
		s.fields = append(s.fields, g.Fields...)
	}
	for _, f := range s.fields {
		s.index[f.Name] = f
	}
	return s
}

// Groups lists the form's groups of fields: one per kind, then the
// settings, each with its fields in display order. A kind whose fields
// belong to another group (the CPU budget with the clock) names it in
// its fields. Callers must not modify them.
func (sc *Schema) Groups() []Group { return sc.groups }

// Fields lists every field, in display order: the one table the CLI's
// flags, the URL's parameters, the form and the docs are made from.
// Callers must not modify them.
func (sc *Schema) Fields() []Field { return sc.fields }

// FieldByName returns a field's description.
func (sc *Schema) FieldByName(name string) (Field, bool) {
	f, ok := sc.index[name]
	return f, ok
}

// Parse turns parameters into a workload. Every given field is checked,
// also those of a load that is off; the workload is meant to be ranked
// only when the errors are empty (with errors it lacks what the invalid
// fields would have required).
func (sc *Schema) Parse(params Params) (engine.Workload, Errors) {
	v := field.New(func(name string) string { f, _ := sc.FieldByName(name); return f.Accepted })
	var unknown []*Error
	for k, s := range params {
		switch f, ok := sc.FieldByName(k); {
		case !ok:
			unknown = append(unknown, &Error{Field: k, Value: field.Clip(s), Msg: "unknown parameter"})
		case v.Give(k, s) && v.Given(k):
			parse(v, f)
		}
	}
	var w engine.Workload
	loads, switched := v.Any("loads").([]string)
	for _, k := range engine.Kinds {
		l := k.Read(v)
		if switched && !k.Aggregate() {
			switch on := slices.Contains(loads, string(k.Name())); {
			case !on:
				l = nil // its fields stay checked, its load is not ranked
			case l == nil && !failed(v, k):
				first := k.Fields()[0].Name
				v.Fail(first, "required: the "+string(k.Name())+" load is switched on")
			}
		}
		if l != nil {
			w.Loads = append(w.Loads, l)
		}
	}
	w.Loads = needed(v, w.Loads)
	readSettings(sc, v, &w)
	w.Query = query(v, sc.fields)
	fields := sc.fields
	order := func(e *Error) int {
		if i := slices.IndexFunc(fields, func(f Field) bool { return f.Name == e.Field }); i >= 0 {
			return i
		}
		return len(fields)
	}
	slices.SortStableFunc(v.Errs, func(a, b *Error) int { return order(a) - order(b) })
	return w, Errors(append(v.Errs, unknown...))
}

// needer is a load that only applies with one of some other loads (an
// energy budget per boot needs the firmware load).
type needer interface{ Needs() []engine.KindName }

// needed refuses, as an error of its first field, each load that needs
// another load the workload does not have, and leaves it out.
func needed(v *values, loads []engine.Load) []engine.Load {
	out := loads[:0:0]
	for _, l := range loads {
		n, ok := l.(needer)
		if !ok {
			out = append(out, l)
			continue
		}
		has := func(k engine.KindName) bool {
			return slices.ContainsFunc(loads, func(o engine.Load) bool { return o.Kind() == k })
		}
		needs := n.Needs()
		if slices.ContainsFunc(needs, has) {
			out = append(out, l)
			continue
		}
		var names []string
		for _, k := range needs {
			names = append(names, string(k))
		}
		f := engine.KindOf(l.Kind()).Fields()[0].Name
		v.Fail(f, "needs the "+strings.Join(names, " or ")+" load, which is not set or is switched off")
		v.Drop(f)
	}
	return out
}

// query writes the valid given fields as a URL query, in field order.
func query(v *values, fields []Field) string {
	var b strings.Builder
	for _, f := range fields {
		if v.OK(f.Name) {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(f.Name) + "=" + url.QueryEscape(v.Text(f.Name)))
		}
	}
	return b.String()
}

// failed reports whether a kind's fields already have an error.
func failed(v *values, k engine.Kind) bool {
	for _, f := range k.Fields() {
		if slices.ContainsFunc(v.Errs, func(e *Error) bool { return e.Field == f.Name }) {
			return true
		}
	}
	return false
}

// parse reads a given field's text into its value, or records why not.
func parse(v *values, f Field) {
	s := v.Text(f.Name)
	switch {
	case f.Bool:
		if b, ok := bench.Boolean(s); ok {
			v.Set(f.Name, b)
			return
		}
	case f.Choices != nil:
		if i := slices.Index(f.Choices, strings.ToLower(s)); i >= 0 {
			v.Set(f.Name, f.Choices[i])
			return
		}
	case f.Parse != nil:
		if x, ok := f.Parse(s); ok {
			v.Set(f.Name, x)
			return
		}
	default:
		v.Set(f.Name, s)
		return
	}
	v.Fail(f.Name, "")
}

// buildGroups groups the kinds' fields and the settings, the library
// filter accepting the libraries given.
func buildGroups(libraries, lenders []string) []Group {
	var out []Group
	add := func(id, title string, f Field) {
		for i := range out {
			if out[i].ID == id {
				out[i].Fields = append(out[i].Fields, f)
				return
			}
		}
		out = append(out, Group{ID: id, Title: title, Fields: []Field{f}})
	}
	for _, k := range engine.Kinds {
		for _, f := range k.Fields() {
			if f.Group == "" {
				f.Group = string(k.Name())
			}
			add(f.Group, k.Title(), withAccepted(f))
		}
	}
	for _, f := range settingFields {
		if f.Name == "library" {
			f.Choices = append([]string{}, libraries...)
			f.Accepted = strings.Join(libraries, ", ") + " (empty: all)"
		}
		if f.Name == "lend" && len(lenders) > 0 {
			f.Accepted = "all (the default), none, or some of " + strings.Join(lenders, ", ") + ", e.g. " + strings.Join(lenders[:min(2, len(lenders))], ", ")
			f.Parse = bench.ListOrNone(append([]string{"all"}, lenders...))
		}
		add(f.Group, groupTitles[f.Group], withAccepted(f))
	}
	// Settings that share a kind's group follow its fields.
	sort.SliceStable(out, func(i, j int) bool { return groupOrder(out[i].ID) < groupOrder(out[j].ID) })
	return out
}

// withAccepted says what a choice field accepts, from its choices,
// unless the field says more itself.
func withAccepted(f Field) Field {
	if f.Accepted == "" && len(f.Choices) > 0 {
		f.Accepted = f.Choices[0]
		if n := len(f.Choices); n > 1 {
			f.Accepted = strings.Join(f.Choices[:n-1], ", ") + " or " + f.Choices[n-1]
		}
	}
	return f
}

// Group is a titled group of fields.
type Group struct {
	ID, Title string
	Fields    []Field
}

var groupTitles = map[string]string{"budget": "Budget and clock", "filter": "Filters", "switch": "Loads"}

func groupOrder(id string) int {
	switch id {
	case "budget":
		return 1
	case "filter":
		return 2
	case "switch":
		return 3
	}
	return 0
}
