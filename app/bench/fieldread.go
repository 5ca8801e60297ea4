package bench

import (
	"slices"
	"strconv"
	"strings"
)

// A form field's readers: each reads a value as typed and reports
// whether it is accepted (the engine's fields are made of them).

// List reads a comma-separated list of some of choices (any case).
func List(choices []string) func(string) (any, bool) {
	return func(s string) (any, bool) {
		var out []string
		for _, x := range strings.Split(s, ",") {
			x = strings.TrimSpace(x)
			if x == "" {
				continue
			}
			i := slices.IndexFunc(choices, func(c string) bool { return strings.EqualFold(c, x) })
			if i < 0 {
				return nil, false
			}
			if !slices.Contains(out, choices[i]) {
				out = append(out, choices[i])
			}
		}
		return out, true
	}
}

// ListOrNone reads "none" as the empty list (not nil: nothing chosen is
// a choice), else a list of some of choices (List).
func ListOrNone(choices []string) func(string) (any, bool) {
	list := List(choices)
	return func(s string) (any, bool) {
		if strings.EqualFold(strings.TrimSpace(s), "none") {
			return []string{}, true
		}
		return list(s)
	}
}

// The numbers a field accepts are read by hand, not by regular
// expressions: compiling them was ~5 ms of the browser's start, and a
// keystroke matched them again (fieldread_test.go holds what each
// accepts and refuses).

// Number reads a decimal from lo to hi.
func Number(lo, hi float64) func(string) (any, bool) {
	return func(s string) (any, bool) {
		f, ok := Decimal(s)
		return f, ok && f >= lo && f <= hi
	}
}

// Integer reads an integer from lo to hi.
func Integer(lo, hi int) func(string) (any, bool) {
	return func(s string) (any, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= lo && n <= hi
	}
}

// Accels reads a comma-separated list of units (AES, HASH, PKA; any
// case; none for none).
func Accels(s string) (any, bool) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		a = strings.ToUpper(strings.TrimSpace(a))
		switch {
		case slices.Contains(Accelerators, a):
			out = append(out, a)
		case a == "" || a == "NONE":
		default:
			return nil, false
		}
	}
	return out, true
}

// Percent reads "70%" or "70" as 0.7; the smallest accepted fraction is
// min (0 allows 0).
func Percent(min float64) func(string) (any, bool) {
	return func(s string) (any, bool) {
		f, ok := Decimal(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")))
		if !ok || f > 100 || f/100 < min || f == 0 && min > 0 {
			return 0.0, false
		}
		return f / 100, true
	}
}

// Boolean reads true/false, 1/0, yes/no, on/off.
func Boolean(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true, true
	case "0", "false", "no", "off":
		return false, true
	}
	return false, false
}

// Wrap makes a reader of one type a field's reader.
func Wrap[T any](f func(string) (T, bool)) func(string) (any, bool) {
	return func(s string) (any, bool) { return f(s) }
}
