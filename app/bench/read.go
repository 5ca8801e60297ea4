package bench

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// The user's reading of numbers, sizes, rates, durations and clocks: what
// a person types in the form, a link or the CLI (the units are
// UserBytes': kB = 1000 B, KiB = 1024 B, in any case). Plain decimals,
// with an exponent where a field takes a bare number ("1e6", Decimal):
// no sign, hex or underscores, so that what is accepted is what a
// person reads.

// digits is the length of s's leading run of ASCII digits.
func digits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool { return s != "" && digits(s) == len(s) }

// isDecimal reports whether s is a plain decimal number — "12", "12.",
// "12.5" or ".5" —: no sign, exponent, hex or underscores, so that what
// is accepted is what a person reads.
func isDecimal(s string) bool {
	whole, frac, dot := strings.Cut(s, ".")
	switch {
	case !dot:
		return allDigits(whole)
	case whole == "":
		return allDigits(frac)
	default:
		return allDigits(whole) && (frac == "" || allDigits(frac))
	}
}

// sizeParts splits "1.5 MiB" into its number ("12", "12.5" or ".5"; not
// "12.") and its unit (ASCII letters, maybe none), with spaces between
// them allowed.
func sizeParts(s string) (num, unit string, ok bool) {
	i := len(s)
	for i > 0 && ('a' <= s[i-1] && s[i-1] <= 'z' || 'A' <= s[i-1] && s[i-1] <= 'Z') {
		i--
	}
	num, unit = strings.TrimRight(s[:i], " \t\n\f\r"), s[i:]
	whole, frac, dot := strings.Cut(num, ".")
	switch {
	case !dot:
		ok = allDigits(whole)
	case whole == "":
		ok = allDigits(frac)
	default:
		ok = allDigits(whole) && allDigits(frac)
	}
	return num, unit, ok
}

// Decimal reads a plain decimal number (isDecimal), finite, maybe with
// an exponent ("1e6", "2.5E-3").
func Decimal(s string) (float64, bool) {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		exp = strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-")
	}
	if !isDecimal(mant) || hasExp && !allDigits(exp) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// ReadMHz reads a clock frequency in MHz, from 1 to 10000 ("64", "62.5
// MHz"). The clock field, imported sets and the CLI's --import-clock
// share it.
func ReadMHz(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 3 && strings.EqualFold(s[len(s)-3:], "mhz") {
		s = strings.TrimSpace(s[:len(s)-3])
	}
	f, ok := Decimal(s)
	return f, ok && f >= 1 && f <= 10000
}

// bytesOf reads a number of bytes with an optional unit, as a person
// means it (UserBytes: kB = 1000, KiB = 1024).
func bytesOf(s string) (float64, bool) {
	num, unit, ok := sizeParts(strings.TrimSpace(s))
	if !ok {
		return 0, false
	}
	mul := 1.0
	if unit != "" {
		if mul, ok = UserBytes(unit); !ok {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	return f * mul, err == nil
}

// ReadSize reads a byte count from 1 B to 1 TiB: "256KiB", "1MB", "300000",
// "1.5 MiB".
func ReadSize(s string) (int64, bool) {
	v, ok := bytesOf(s)
	if !ok || !(v >= 1) || v > 1<<40 {
		return 0, false
	}
	return int64(math.Round(v)), true
}

// ReadRate reads a byte rate from 1 B/s to 1 TB/s: "8MiB/s", "500kB/s",
// "2 MB/s", "1000" (B/s).
func ReadRate(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	v, ok := bytesOf(strings.TrimSuffix(strings.TrimSuffix(s, "/s"), "ps"))
	if !ok || !(v >= 1) || v > 1e12 {
		return 0, false
	}
	return v, true
}

// ReadDuration reads a duration from 1µs to 1h in seconds: "110ms", "2s",
// "150 ms".
func ReadDuration(s string) (float64, bool) {
	d, err := time.ParseDuration(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if err != nil || d < time.Microsecond || d > time.Hour {
		return 0, false
	}
	return d.Seconds(), true
}
