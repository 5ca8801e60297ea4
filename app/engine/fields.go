package engine

import (
	"slices"
	"strings"

	"cryptosizer/app/field"
)

// Field is one named parameter of a workload: the CLI's flag (--name),
// the URL's query key and the form's control, with one label, one text
// of what it accepts (every message quotes it) and one default.
type Field struct {
	Name     string
	Group    string // the form group: a kind's name, "budget" or "filter"
	Label    string
	Accepted string
	Default  string // what an empty value means ("" for none)
	// Choices are the values of a field that takes one of a few, in
	// display order (nil for free-form fields).
	Choices []string
	// Bool marks a true/false field (a checkbox, a CLI switch).
	Bool bool
	// Parse reads a free-form value; false rejects it.
	Parse func(string) (any, bool) `json:"-"`
	// Multi lists the values of a field that takes several of a few,
	// comma-separated (the form shows a checkbox for each).
	Multi []string `json:"-"`
	// Switch marks the field that switches whole loads on and off (the
	// form shows it as a switch on each load's group).
	Switch bool `json:"-"`
	// Shorthand marks a field that stands for others (tls-suite for a
	// key exchange and a signature): the CLI and URL accept it, the form
	// shows the fields it stands for, which Expand gives for a value.
	Shorthand bool                           `json:"-"`
	Expand    func(string) map[string]string `json:"-"`
	// Set applies a setting's checked value to the workload, or its
	// default when it has none (nil for a kind's field, which the kind's
	// Read carries); the workload's JSON writes it (Workload.MarshalJSON).
	Set func(v *Values, w *Workload) `json:"-"`
}

// FieldError is a problem with one parameter; Values are a workload's
// parameters while read (package field).
type (
	FieldError = field.Error
	Values     = field.Values
)

// MaxValueLen bounds one parameter's text.
const MaxValueLen = field.MaxValueLen

// givenOf names the fields of fs given a valid value, comma-separated
// ("" also when the loads field switches kind k off).
func givenOf(v *Values, k KindName, fs []Field) string {
	if loads, switched := v.Any("loads").([]string); switched && !slices.Contains(loads, string(k)) {
		return ""
	}
	var out []string
	for _, f := range fs {
		if v.OK(f.Name) {
			out = append(out, f.Name)
		}
	}
	return strings.Join(out, ", ")
}

// Switchable are the kinds whose loads the loads field switches: every
// kind but the aggregates, which judge the others.
func Switchable() []string {
	var out []string
	for _, k := range Kinds {
		if !k.Aggregate() {
			out = append(out, string(k.Name()))
		}
	}
	return out
}

// Objective orders the passing candidates (the settings' words and
// parsing are package workload's: settings.go).
type Objective string

// Objectives.
const (
	ObjectiveHeadroom Objective = "headroom" // most headroom first
	ObjectiveSmallest Objective = "smallest" // slowest clock, then least flash
	ObjectiveEnergy   Objective = "energy"   // least energy per hour (or per boot), high end
)
