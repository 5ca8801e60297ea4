// Package workload reads a workload from named text parameters: the CLI's
// flags and the web app's URL query use the same names (the flag without
// its dashes: --tls-rate is tls-rate), so both share this one parser and
// its messages. The fields themselves — names, labels, accepted values,
// defaults, messages — are declared by the requirement kinds (package
// engine, one file per kind); this package is their text form.
package workload

import (
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/engine"
)

// FirstVisit is the workload a first visit of the page shows, and the
// CLI suggests when given none: a TLS server, a signed image and an AES
// stream, so every chart has something to say. Every other field keeps
// its own default (engine's field table).
var FirstVisit = Params{
	"tls-rate": "10", "fw-size": "256 KiB", "fw-deadline": "500ms", "aes-rate": "256 KiB/s", "cpu-budget": "70%",
	// The AES stream is filled in but off: a first answer should not carry
	// a load the user did not ask for. Its switch turns it on.
	"loads": "tls,firmware",
}

// Complete is a question as the page, a link and the CLI answer it. A
// field the question leaves out takes its own default (the form's
// placeholder, the CLI flag's default); a question that states no load
// at all — only filters, budgets or settings, or nothing — is asked of
// the first visit's workload: its loads, with what the question does
// state. "loads" given empty asks for no load (every candidate passes).
func Complete(p Params) Params {
	for name := range p {
		if f, ok := FieldByName(name); ok && f.Group != "budget" && f.Group != "filter" {
			return p
		}
	}
	out := maps.Clone(FirstVisit)
	maps.Copy(out, p)
	return out
}

// Schema is the engine's schema with the registered sources' libraries
// (dataset.SourceFlags), built once on first use and never changed.
var Schema = sync.OnceValue(func() *engine.Schema {
	return engine.NewSchema(dataset.LibraryFlags(), dataset.Lenders...)
})

// Field describes one parameter.
type Field = engine.Field

// Fields lists every parameter in display order.
func Fields() []Field { return Schema().Fields() }

// Groups lists the form's groups of fields.
func Groups() []engine.Group { return Schema().Groups() }

// FieldByName returns a field's description.
func FieldByName(name string) (Field, bool) { return Schema().FieldByName(name) }

// Choices returns the values a field accepts when it takes one of a few
// (nil for free-form fields).
func Choices(name string) []string {
	f, _ := FieldByName(name)
	return f.Choices
}

// Error is a problem with one parameter.
type Error = engine.FieldError

// Errors gathers the problems of one parse, in field order.
type Errors []*Error

func (l Errors) Error() string {
	var s []string
	for _, e := range l {
		s = append(s, e.Error())
	}
	return strings.Join(s, "; ")
}

// ByField returns the error for a field, if any.
func (l Errors) ByField(name string) *Error {
	if i := slices.IndexFunc(l, func(e *Error) bool { return e.Field == name }); i >= 0 {
		return l[i]
	}
	return nil
}

// Params are raw parameter values by field name.
type Params map[string]string

// MaxValueLen bounds one parameter's text.
const MaxValueLen = engine.MaxValueLen

// FromQuery reads the workload parameters of a URL query; unknown keys are
// ignored (the page has others, such as embed).
func FromQuery(q url.Values) Params {
	p := Params{}
	for _, f := range Fields() {
		if v, ok := q[f.Name]; ok && len(v) > 0 {
			p[f.Name] = v[0]
		}
	}
	return p
}

// Query writes non-empty parameters as a URL query, in field order.
func (p Params) Query() string {
	var b strings.Builder
	for _, f := range Fields() {
		if v := p[f.Name]; v != "" {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(f.Name) + "=" + url.QueryEscape(v))
		}
	}
	return b.String()
}

// Parse turns parameters into a workload. Every given field is checked,
// also those of a load that is off. The workload is meant to be ranked
// only when the errors are empty: with errors it lacks what the invalid
// fields would have required.
func Parse(p Params) (engine.Workload, Errors) {
	w, errs := Schema().Read(p)
	return w, Errors(errs)
}

// Expand replaces each valid shorthand parameter (tls-suite) by the
// fields it stands for, so that a form shows what will be ranked. An
// invalid shorthand stays, for its message, and so does one that a field
// it stands for contradicts (tls-suite=ecdhe-rsa-2048&tls-kex=mlkem768):
// the parse refuses the pair, as the CLI does, rather than the page
// ranking the suite.
func Expand(p Params) Params {
	out := Params{}
	for k, v := range p {
		out[k] = v
	}
	for _, f := range Fields() {
		if v := out[f.Name]; f.Shorthand && v != "" {
			if x := f.Expand(strings.ToLower(strings.TrimSpace(v))); x != nil && !contradicts(out, x) {
				delete(out, f.Name)
				for k, xv := range x {
					out[k] = xv
				}
			}
		}
	}
	return out
}

// contradicts reports whether p gives a field of x another value.
func contradicts(p Params, x map[string]string) bool {
	for k, xv := range x {
		if v := strings.TrimSpace(p[k]); v != "" && !strings.EqualFold(v, xv) {
			return true
		}
	}
	return false
}

// MHz reads a clock frequency in MHz, from 1 to 10000.
func MHz(s string) (float64, bool) { return bench.ReadMHz(s) }

// MHzAccepted says what MHz accepts.
const MHzAccepted = engine.MHzAccepted
