// Package field holds a workload's parameters while they are read: each
// field's text as given, its value once parsed, and the problems, whose
// messages quote what the field accepts. It knows nothing of the fields
// themselves: the engine's kinds and settings declare them.
package field

import (
	"fmt"
	"strings"
)

// Error is a problem with one parameter.
type Error struct {
	Field string
	Value string
	Msg   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Field, e.Value, e.Msg)
}

// MaxValueLen bounds one parameter's text: every accepted value is far
// shorter, and a longer one is refused before it is read.
const MaxValueLen = 64

// Values are a workload's parameters read field by field: each valid
// value as its field's type, and the errors.
type Values struct {
	accepted func(name string) string
	text     map[string]string
	val      map[string]any
	Errs     []*Error
}

// New starts a reading; accepted says what a field accepts, for messages.
func New(accepted func(name string) string) *Values {
	return &Values{accepted: accepted, text: map[string]string{}, val: map[string]any{}}
}

// Give records a field's text (trimmed); a text longer than MaxValueLen
// is refused, and false says so.
func (v *Values) Give(name, s string) bool {
	if len(s) > MaxValueLen {
		v.Refuse(name, s, fmt.Sprintf("longer than %d characters", MaxValueLen))
		return false
	}
	v.text[name] = strings.TrimSpace(s)
	return true
}

// Set records a field's parsed value.
func (v *Values) Set(name string, x any) { v.val[name] = x }

// Refuse records a problem with a value that is not recorded (an unknown
// parameter, an overlong text), clipped for the message.
func (v *Values) Refuse(name, s, msg string) {
	v.Errs = append(v.Errs, &Error{Field: name, Value: Clip(s), Msg: msg})
}

// Fail records a problem with a field; the message gains what the field
// accepts unless it says it already.
func (v *Values) Fail(name, msg string) {
	accepted := v.accepted(name)
	if msg == "" {
		msg = "accepted: " + accepted
	} else if !strings.Contains(msg, "accepted") {
		msg += " (accepted: " + accepted + ")"
	}
	v.Errs = append(v.Errs, &Error{Field: name, Value: v.text[name], Msg: msg})
}

// Text is a field's text as given (trimmed).
func (v *Values) Text(name string) string { return v.text[name] }

// Drop forgets a field's value (a kind refused it as a whole).
func (v *Values) Drop(name string) { delete(v.val, name) }

// Given reports whether a field has a value, valid or not.
func (v *Values) Given(name string) bool { return v.text[name] != "" }

// OK reports whether a field has a valid value.
func (v *Values) OK(name string) bool { _, ok := v.val[name]; return ok }

// String is a choice's or a text field's value, or def.
func (v *Values) String(name, def string) string {
	if s, ok := v.val[name].(string); ok {
		return s
	}
	return def
}

// Float is a number field's value, or def.
func (v *Values) Float(name string, def float64) float64 {
	if f, ok := v.val[name].(float64); ok {
		return f
	}
	return def
}

// Int is an integer field's value, or def.
func (v *Values) Int(name string, def int) int {
	if n, ok := v.val[name].(int); ok {
		return n
	}
	return def
}

// Bool is a true/false field's value, or def.
func (v *Values) Bool(name string, def bool) bool {
	if b, ok := v.val[name].(bool); ok {
		return b
	}
	return def
}

// Any is a field's value of another type, or nil.
func (v *Values) Any(name string) any { return v.val[name] }

// Clip shortens a refused value for its message.
func Clip(s string) string {
	if len(s) <= MaxValueLen {
		return s
	}
	return strings.ToValidUTF8(s[:MaxValueLen], "") + "…"
}
