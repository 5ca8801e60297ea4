// Package workload reads a workload from named text parameters: the CLI's
// flags and the web app's URL query use the same names (the flag without
// its dashes: --tls-rate is tls-rate), so both share this one parser and
// its messages. The fields of a load — names, labels, accepted values,
// defaults, messages — are declared by its requirement kind (package
// engine, one file per kind); the settings (the clock, the objective, the
// filters) are declared here (settings.go), and the Schema groups them
// all. A command composes its Schema once, from the registered sources'
// libraries and lenders, and hands it to what reads a workload.
package workload

import (
	"maps"
	"net/url"
	"slices"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/engine"
)

// FirstVisit is the workload a first visit of the page shows, and the
// CLI suggests when given none: a TLS server, a signed image and an AES
// stream, so every chart has something to say. Every other field keeps
// its own default (the Schema's fields).
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
func (sc *Schema) Complete(p Params) Params {
	for name := range p {
		if f, ok := sc.FieldByName(name); ok && f.Group != "budget" && f.Group != "filter" {
			return p
		}
	}
	out := maps.Clone(FirstVisit)
	maps.Copy(out, p)
	return out
}

// Field describes one parameter.
type Field = engine.Field

// values are a workload's parameters while read (package field).
type values = engine.Values

// Choices returns the values a field accepts when it takes one of a few
// (nil for free-form fields).
func (sc *Schema) Choices(name string) []string {
	f, _ := sc.FieldByName(name)
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
func (sc *Schema) FromQuery(q url.Values) Params {
	p := Params{}
	for _, f := range sc.fields {
		if v, ok := q[f.Name]; ok && len(v) > 0 {
			p[f.Name] = v[0]
		}
	}
	return p
}

// Query writes non-empty parameters as a URL query, in field order.
func (sc *Schema) Query(p Params) string {
	var b strings.Builder
	for _, f := range sc.fields {
		if v := p[f.Name]; v != "" {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(f.Name) + "=" + url.QueryEscape(v))
		}
	}
	return b.String()
}

// Expand replaces each valid shorthand parameter (tls-suite) by the
// fields it stands for, so that a form shows what will be ranked. An
// invalid shorthand stays, for its message, and so does one that a field
// it stands for contradicts (tls-suite=ecdhe-rsa-2048&tls-kex=mlkem768):
// the parse refuses the pair, as the CLI does, rather than the page
// ranking the suite.
func (sc *Schema) Expand(p Params) Params {
	out := Params{}
	for k, v := range p {
		out[k] = v
	}
	for _, f := range sc.fields {
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
