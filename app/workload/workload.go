// Package workload reads a workload from named text parameters: the CLI's
// flags and the web app's URL query use the same names (the flag without
// its dashes: --tls-rate is tls-rate), so both share this one parser and
// its messages. Errors name the field, the value and what is accepted.
//
// Every given parameter is checked, whether or not the load it belongs to
// is switched on, and every accepted value stays inside ranges where the
// engine's arithmetic cannot overflow or underflow.
package workload

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"cryptosizer/app/engine"
)

// Field describes one parameter.
type Field struct {
	Name     string
	Group    string // tls, firmware, aes, budget, filter
	Label    string
	Accepted string // what the field accepts, for messages and help
	Default  string // what an empty value means
	// Bool marks a true/false field (a checkbox, a CLI switch).
	Bool bool
}

// Fields lists every parameter in display order.
var Fields = []Field{
	{Name: "tls-rate", Group: "tls", Label: "Handshakes per second", Accepted: "a number from 0.000001 to 1000000, e.g. 20 (empty: no TLS load)"},
	{Name: "tls-role", Group: "tls", Label: "Role", Accepted: "client or server", Default: engine.DefaultTLS.Role},
	{Name: "tls-version", Group: "tls", Label: "TLS version", Accepted: "1.2 or 1.3", Default: engine.DefaultTLS.Version},
	{Name: "tls-suite", Group: "tls", Label: "Suite", Accepted: "ecdhe-ecdsa-p256, ecdhe-ecdsa-p384, ecdhe-rsa-2048 or x25519-ed25519", Default: engine.DefaultTLS.Suite},
	{Name: "tls-chain", Group: "tls", Label: "Chain signatures checked (N)", Accepted: "an integer from 0 to 10", Default: strconv.Itoa(engine.DefaultTLS.Chain)},
	{Name: "tls-mutual", Group: "tls", Label: "Mutual authentication", Accepted: "true or false (also 1/0, yes/no, on/off)", Default: "false", Bool: true},
	{Name: "tls-resume", Group: "tls", Label: "Resumed handshakes", Accepted: "a percentage from 0 to 100, e.g. 50%", Default: "0%"},
	{Name: "tls-resume-kind", Group: "tls", Label: "Resumption kind", Accepted: "psk (no public-key work) or psk-dhe (one keygen + one agreement; TLS 1.3 only)", Default: engine.DefaultTLS.ResumeKind},
	{Name: "fw-size", Group: "firmware", Label: "Image size", Accepted: "a size from 1 B to 1 TiB such as 256KiB, 1MB or 300000 (kB = 1000 B, KiB = 1024 B; empty: no firmware check)"},
	{Name: "fw-sig", Group: "firmware", Label: "Signature", Accepted: "ecdsa-p256, ecdsa-p384, ed25519, rsa-2048 or rsa-3072", Default: engine.DefaultFirmware.Sig},
	{Name: "fw-hash", Group: "firmware", Label: "Hash", Accepted: "sha256 or sha384", Default: engine.DefaultFirmware.Hash},
	{Name: "fw-deadline", Group: "firmware", Label: "Boot deadline", Accepted: "a duration from 1µs to 1h such as 110ms, 2s or 1.5s"},
	{Name: "aes-rate", Group: "aes", Label: "AES stream rate", Accepted: "a rate from 1 B/s to 1 TB/s such as 8MiB/s, 500kB/s or 2 MB/s (kB = 1000 B, KiB = 1024 B; empty: no AES load)"},
	{Name: "aes-mode", Group: "aes", Label: "Mode", Accepted: "cbc or gcm", Default: engine.DefaultAES.Mode},
	{Name: "aes-key", Group: "aes", Label: "Key size", Accepted: "128, 192 or 256", Default: strconv.Itoa(engine.DefaultAES.Key)},
	{Name: "aes-dir", Group: "aes", Label: "Direction", Accepted: "encrypt or decrypt", Default: engine.DefaultAES.Dir},
	{Name: "cpu-budget", Group: "budget", Label: "CPU budget for crypto", Accepted: "a percentage from 0.01% to 100%, e.g. 70% (a bare number is read as a percentage)", Default: "100%"},
	{Name: "clock", Group: "budget", Label: "Clock", Accepted: "measured, max, or a frequency from 1 to 10000 MHz such as 64", Default: engine.DefaultClock},
	{Name: "objective", Group: "budget", Label: "Rank passing candidates by", Accepted: "headroom or smallest", Default: engine.DefaultObjective},
	{Name: "library", Group: "filter", Label: "Library", Accepted: "wolfssl or cmox (empty: both)"},
	{Name: "mcu", Group: "filter", Label: "MCU contains", Accepted: "part of a part name, e.g. H7 or STM32U585 (at most 64 characters)"},
	{Name: "accel", Group: "filter", Label: "Required acceleration", Accepted: "a comma-separated list of AES, HASH, PKA"},
}

// choices lists, per field that takes one of a few values, those values in
// display order; Accepted above says the same in words.
var choices = map[string][]string{
	"tls-role": {"server", "client"}, "tls-version": {"1.3", "1.2"},
	"tls-suite":       {"ecdhe-ecdsa-p256", "ecdhe-ecdsa-p384", "ecdhe-rsa-2048", "x25519-ed25519"},
	"tls-resume-kind": {"psk", "psk-dhe"},
	"fw-sig":          {"ecdsa-p256", "ecdsa-p384", "ed25519", "rsa-2048", "rsa-3072"},
	"fw-hash":         {"sha256", "sha384"},
	// Only the modes the sources measure: another would only ever be
	// "unknown".
	"aes-mode": {"cbc", "gcm"}, "aes-key": {"128", "192", "256"}, "aes-dir": {"encrypt", "decrypt"},
	"objective": {"headroom", "smallest"}, "library": {"wolfssl", "cmox"},
}

// Choices returns the values a field accepts when it takes one of a few
// (nil for free-form fields).
func Choices(name string) []string { return choices[name] }

// FieldByName returns a field's description.
func FieldByName(name string) (Field, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Error is a problem with one parameter.
type Error struct {
	Field string
	Value string
	Msg   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Field, e.Value, e.Msg)
}

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
	for _, e := range l {
		if e.Field == name {
			return e
		}
	}
	return nil
}

// Params are raw parameter values by field name.
type Params map[string]string

// MaxValueLen bounds one parameter's text: every accepted value is far
// shorter, and a longer one is refused before it is read.
const MaxValueLen = 64

// FromQuery reads the workload parameters of a URL query; unknown keys are
// ignored (the page has others, such as embed).
func FromQuery(q url.Values) Params {
	p := Params{}
	for _, f := range Fields {
		if v, ok := q[f.Name]; ok && len(v) > 0 {
			p[f.Name] = v[0]
		}
	}
	return p
}

// Query writes non-empty parameters as a URL query, in field order.
func (p Params) Query() string {
	var keys []string
	for k, v := range p {
		if v != "" {
			keys = append(keys, k)
		}
	}
	order := map[string]int{}
	for i, f := range Fields {
		order[f.Name] = i
	}
	sort.Slice(keys, func(i, j int) bool { return order[keys[i]] < order[keys[j]] })
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(p[k]))
	}
	return b.String()
}

// values holds what each given field was read as.
type values struct {
	p    Params
	errs Errors
}

func (v *values) text(name string) string { return strings.TrimSpace(v.p[name]) }

func (v *values) fail(name, msg string) {
	f, _ := FieldByName(name)
	if msg == "" {
		msg = "accepted: " + f.Accepted
	} else if !strings.Contains(msg, "accepted") {
		msg += " (accepted: " + f.Accepted + ")"
	}
	v.errs = append(v.errs, &Error{Field: name, Value: v.p[name], Msg: msg})
}

// read runs a reader on a given field; it reports whether the field was
// given and valid. An invalid field adds its error.
func read[T any](v *values, name string, r func(string) (T, bool), dst *T) bool {
	s := v.text(name)
	if s == "" {
		return false
	}
	x, ok := r(s)
	if !ok {
		v.fail(name, "")
		return false
	}
	*dst = x
	return true
}

func (v *values) choice(name string) string {
	var out string
	read(v, name, func(s string) (string, bool) {
		s = strings.ToLower(s)
		for _, o := range choices[name] {
			if s == o {
				return o, true
			}
		}
		return "", false
	}, &out)
	return out
}

// Parse turns parameters into a workload. Every given field is checked,
// also those of a load that is off. The workload is only meant to be
// ranked when the errors are empty: with errors it is incomplete (an
// invalid field's requirement is missing from it).
func Parse(p Params) (engine.Workload, Errors) {
	v := &values{p: Params{}}
	for k, s := range p {
		if _, ok := FieldByName(k); !ok {
			v.errs = append(v.errs, &Error{Field: k, Value: clip(s), Msg: "unknown parameter"})
		} else if len(s) > MaxValueLen {
			v.errs = append(v.errs, &Error{Field: k, Value: clip(s), Msg: fmt.Sprintf("longer than %d characters", MaxValueLen)})
		} else {
			v.p[k] = s
		}
	}
	w := engine.Workload{}

	tls := engine.TLS{Chain: engine.DefaultTLS.Chain}
	tls.Role = v.choice("tls-role")
	tls.Version = v.choice("tls-version")
	tls.Suite = v.choice("tls-suite")
	read(v, "tls-chain", chain, &tls.Chain)
	read(v, "tls-mutual", boolean, &tls.Mutual)
	read(v, "tls-resume", func(s string) (float64, bool) { return percent(s, 0) }, &tls.Resume)
	tls.ResumeKind = v.choice("tls-resume-kind")
	if tls.Version == "1.2" && tls.ResumeKind == "psk-dhe" {
		v.fail("tls-resume-kind", "TLS 1.2 has no psk_dhe_ke: its abbreviated handshake does no key exchange (RFC 5246 §7.3); choose psk, or TLS 1.3")
	}
	if read(v, "tls-rate", number(1e-6, 1e6), &tls.Rate) {
		w.TLS = &tls
	}

	fw := engine.Firmware{}
	fw.Sig = v.choice("fw-sig")
	fw.Hash = v.choice("fw-hash")
	hasSize := read(v, "fw-size", Size, &fw.SizeBytes)
	hasDeadline := read(v, "fw-deadline", Duration, &fw.Deadline)
	switch {
	case v.text("fw-size") != "" && v.text("fw-deadline") == "":
		v.fail("fw-deadline", "required when fw-size is set")
	case v.text("fw-deadline") != "" && v.text("fw-size") == "":
		v.fail("fw-size", "required when fw-deadline is set")
	case hasSize && hasDeadline:
		w.Firmware = &fw
	}

	aes := engine.AES{}
	aes.Mode = v.choice("aes-mode")
	if k := v.choice("aes-key"); k != "" {
		aes.Key, _ = strconv.Atoi(k)
	}
	aes.Dir = v.choice("aes-dir")
	if read(v, "aes-rate", Rate, &aes.Rate) {
		w.AES = &aes
	}

	if s := v.text("cpu-budget"); s != "" {
		if f, ok := decimal(s); ok && f > 0 && f < 1 {
			v.fail("cpu-budget", fmt.Sprintf("ambiguous: a bare number is a percentage, so this is %s%% of the CPU; write %s%% if you mean that, or %s%% for a %s share", s, s, strconv.FormatFloat(f*100, 'f', -1, 64), s))
		} else {
			read(v, "cpu-budget", func(s string) (float64, bool) { return percent(s, 1e-4) }, &w.CPUBudget)
		}
	}
	read(v, "clock", clock, &w.Clock)
	if w.Clock != "" && w.Clock != "measured" && w.Clock != "max" {
		w.ClockMHz, _ = strconv.ParseFloat(w.Clock, 64)
		w.Clock = "mhz"
	}
	w.Objective = v.choice("objective")
	w.Library = v.choice("library")
	w.MCU = v.text("mcu")
	read(v, "accel", accel, &w.Accel)
	sort.SliceStable(v.errs, func(i, j int) bool { return fieldIndex(v.errs[i].Field) < fieldIndex(v.errs[j].Field) })
	return engine.Normalize(w), v.errs
}

// clip shortens a refused value for its message.
func clip(s string) string {
	if len(s) <= MaxValueLen {
		return s
	}
	return strings.ToValidUTF8(s[:MaxValueLen], "") + "…"
}

func fieldIndex(name string) int {
	for i, f := range Fields {
		if f.Name == name {
			return i
		}
	}
	return len(Fields)
}

// decimalRe is a plain decimal number: no sign, exponent, hex or
// underscores, so that what is accepted is what a person reads.
var decimalRe = regexp.MustCompile(`^(\d+(?:\.\d*)?|\.\d+)$`)

func decimal(s string) (float64, bool) {
	if !decimalRe.MatchString(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// number accepts a decimal from lo to hi.
func number(lo, hi float64) func(string) (float64, bool) {
	return func(s string) (float64, bool) {
		f, ok := decimal(s)
		return f, ok && f >= lo && f <= hi
	}
}

func chain(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= 10
}

func clock(s string) (string, bool) {
	s = strings.ToLower(s)
	if s == "measured" || s == "max" {
		return s, true
	}
	f, ok := MHz(s)
	return strconv.FormatFloat(f, 'f', -1, 64), ok
}

// MHzAccepted says what MHz accepts.
const MHzAccepted = "a frequency from 1 to 10000 MHz, such as 64 or 480"

// MHz reads a clock frequency in MHz, from 1 to 10000 ("64", "62.5 MHz").
// The clock field, imported sets and the CLI's --import-clock share it.
func MHz(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 3 && strings.EqualFold(s[len(s)-3:], "mhz") {
		s = strings.TrimSpace(s[:len(s)-3])
	}
	return number(1, 10000)(s)
}

func accel(s string) ([]string, bool) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		switch a = strings.ToUpper(strings.TrimSpace(a)); a {
		case "AES", "HASH", "PKA":
			out = append(out, a)
		case "", "NONE":
		default:
			return nil, false
		}
	}
	return out, true
}

var sizeRe = regexp.MustCompile(`^(\d+(?:\.\d+)?|\.\d+)\s*(B|bytes?|kB|KB|MB|GB|TB|KiB|MiB|GiB|TiB)?$`)

var unitSize = map[string]float64{"": 1, "B": 1, "byte": 1, "bytes": 1, "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
	"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}

// bytesOf reads a number of bytes with an optional unit.
func bytesOf(s string) (float64, bool) {
	m := sizeRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	return f * unitSize[m[2]], err == nil
}

// Size reads a byte count from 1 B to 1 TiB: "256KiB", "1MB", "300000",
// "1.5 MiB". SI prefixes are decimal (kB = 1000), IEC ones binary
// (KiB = 1024).
func Size(s string) (int64, bool) {
	v, ok := bytesOf(s)
	if !ok || !(v >= 1) || v > 1<<40 {
		return 0, false
	}
	return int64(math.Round(v)), true
}

// Rate reads a byte rate from 1 B/s to 1 TB/s: "8MiB/s", "500kB/s",
// "2 MB/s", "1000" (B/s).
func Rate(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	v, ok := bytesOf(strings.TrimSuffix(strings.TrimSuffix(s, "/s"), "ps"))
	if !ok || !(v >= 1) || v > 1e12 {
		return 0, false
	}
	return v, true
}

// Duration reads a duration from 1µs to 1h in seconds: "110ms", "2s",
// "150 ms".
func Duration(s string) (float64, bool) {
	d, err := time.ParseDuration(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if err != nil || d < time.Microsecond || d > time.Hour {
		return 0, false
	}
	return d.Seconds(), true
}

// percent reads "70%" or "70" as 0.7; the smallest accepted fraction is
// min (0 allows 0).
func percent(s string, min float64) (float64, bool) {
	f, ok := decimal(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%")))
	if !ok || f > 100 || f/100 < min || f == 0 && min > 0 {
		return 0, false
	}
	return f / 100, true
}

func boolean(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true, true
	case "0", "false", "no", "off":
		return false, true
	}
	return false, false
}
