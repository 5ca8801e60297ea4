// Package workload reads a workload from named text parameters: the CLI's
// flags and the web app's URL query use the same names (the flag without
// its dashes: --tls-rate is tls-rate), so both share this one parser and
// its messages. Errors name the field, the value and what is accepted.
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
}

// Fields lists every parameter in display order.
var Fields = []Field{
	{"tls-rate", "tls", "Handshakes per second", "a number > 0, e.g. 20 (empty: no TLS load)", ""},
	{"tls-role", "tls", "Role", "client or server", engine.DefaultTLS.Role},
	{"tls-version", "tls", "TLS version", "1.2 or 1.3", engine.DefaultTLS.Version},
	{"tls-suite", "tls", "Suite", "ecdhe-ecdsa-p256, ecdhe-ecdsa-p384, ecdhe-rsa-2048 or x25519-ed25519", engine.DefaultTLS.Suite},
	{"tls-chain", "tls", "Chain signatures checked (N)", "an integer from 0 to 10", strconv.Itoa(engine.DefaultTLS.Chain)},
	{"tls-mutual", "tls", "Mutual authentication", "true or false (also 1/0, yes/no, on/off)", "false"},
	{"tls-resume", "tls", "Resumed handshakes", "a percentage from 0 to 100, e.g. 50%", "0%"},
	{"tls-resume-kind", "tls", "Resumption kind", "psk (no public-key work) or psk-dhe (one keygen + one agreement)", engine.DefaultTLS.ResumeKind},
	{"fw-size", "firmware", "Image size", "a size such as 256KiB, 1MB or 300000 (kB = 1000 B, KiB = 1024 B; empty: no firmware check)", ""},
	{"fw-sig", "firmware", "Signature", "ecdsa-p256, ecdsa-p384, ed25519, rsa-2048 or rsa-3072", engine.DefaultFirmware.Sig},
	{"fw-hash", "firmware", "Hash", "sha256 or sha384", engine.DefaultFirmware.Hash},
	{"fw-deadline", "firmware", "Boot deadline", "a duration such as 110ms, 2s or 1.5s", ""},
	{"aes-rate", "aes", "AES stream rate", "a rate such as 8MiB/s, 500kB/s or 2 MB/s (kB = 1000 B, KiB = 1024 B; empty: no AES load)", ""},
	{"aes-mode", "aes", "Mode", "cbc or gcm", engine.DefaultAES.Mode},
	{"aes-key", "aes", "Key size", "128, 192 or 256", strconv.Itoa(engine.DefaultAES.Key)},
	{"aes-dir", "aes", "Direction", "encrypt or decrypt", engine.DefaultAES.Dir},
	{"cpu-budget", "budget", "CPU budget for crypto", "a percentage above 0 and at most 100, e.g. 70%", "100%"},
	{"clock", "budget", "Clock", "measured, max, or a frequency in MHz such as 64", engine.DefaultClock},
	{"objective", "budget", "Rank passing candidates by", "headroom or smallest", engine.DefaultObjective},
	{"library", "filter", "Library", "wolfssl or cmox (empty: both)", ""},
	{"mcu", "filter", "MCU contains", "part of a part name, e.g. H7 or STM32U585", ""},
	{"accel", "filter", "Required acceleration", "a comma-separated list of AES, HASH, PKA", ""},
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

// Errors gathers the problems of one parse.
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

// Parse turns parameters into a workload. Every field is checked; the
// returned workload uses defaults where a field is empty or invalid, so a
// caller may rank with it and show the errors beside their fields.
func Parse(p Params) (engine.Workload, Errors) {
	var errs Errors
	get := func(name string) string { return strings.TrimSpace(p[name]) }
	fail := func(name, msg string) {
		f, _ := FieldByName(name)
		if msg == "" {
			msg = "accepted: " + f.Accepted
		}
		errs = append(errs, &Error{Field: name, Value: p[name], Msg: msg})
	}
	for k := range p {
		if _, ok := FieldByName(k); !ok {
			errs = append(errs, &Error{Field: k, Value: p[k], Msg: "unknown parameter"})
		}
	}
	choice := func(name string) string {
		v := strings.ToLower(get(name))
		if v == "" {
			return ""
		}
		for _, o := range choices[name] {
			if v == o {
				return o
			}
		}
		fail(name, "")
		return ""
	}
	w := engine.Workload{}
	if v := get("tls-rate"); v != "" {
		rate, ok := positive(v)
		if !ok {
			fail("tls-rate", "")
		} else {
			t := &engine.TLS{Rate: rate, Chain: engine.DefaultTLS.Chain}
			t.Role = choice("tls-role")
			t.Version = choice("tls-version")
			t.Suite = choice("tls-suite")
			if c := get("tls-chain"); c != "" {
				n, err := strconv.Atoi(c)
				if err != nil || n < 0 || n > 10 {
					fail("tls-chain", "")
				} else {
					t.Chain = n
				}
			}
			if m := get("tls-mutual"); m != "" {
				b, ok := boolean(m)
				if !ok {
					fail("tls-mutual", "")
				}
				t.Mutual = b
			}
			if r := get("tls-resume"); r != "" {
				f, ok := percent(r, true)
				if !ok {
					fail("tls-resume", "")
				}
				t.Resume = f
			}
			t.ResumeKind = choice("tls-resume-kind")
			w.TLS = t
		}
	}
	if v := get("fw-size"); v != "" {
		size, ok := Size(v)
		if !ok {
			fail("fw-size", "")
		}
		f := &engine.Firmware{SizeBytes: size}
		f.Sig = choice("fw-sig")
		f.Hash = choice("fw-hash")
		d := get("fw-deadline")
		if d == "" {
			fail("fw-deadline", "required when fw-size is set; accepted: a duration such as 110ms, 2s or 1.5s")
		} else if sec, ok := Duration(d); !ok {
			fail("fw-deadline", "")
		} else {
			f.Deadline = sec
		}
		if ok && f.Deadline > 0 {
			w.Firmware = f
		}
	} else if get("fw-deadline") != "" {
		if _, ok := Duration(get("fw-deadline")); !ok {
			fail("fw-deadline", "")
		}
	}
	if v := get("aes-rate"); v != "" {
		rate, ok := Rate(v)
		if !ok {
			fail("aes-rate", "")
		} else {
			a := &engine.AES{Rate: rate}
			a.Mode = choice("aes-mode")
			if k := choice("aes-key"); k != "" {
				a.Key, _ = strconv.Atoi(k)
			}
			a.Dir = choice("aes-dir")
			w.AES = a
		}
	}
	if v := get("cpu-budget"); v != "" {
		f, ok := percent(v, false)
		if !ok {
			fail("cpu-budget", "")
		}
		w.CPUBudget = f
	}
	if v := strings.ToLower(get("clock")); v != "" {
		switch v {
		case "measured", "max":
			w.Clock = v
		default:
			mhz, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(v, "mhz")), " "), 64)
			if err != nil || !(mhz > 0) || mhz > 10000 || math.IsInf(mhz, 0) {
				fail("clock", "")
			} else {
				w.Clock, w.ClockMHz = "mhz", mhz
			}
		}
	}
	w.Objective = choice("objective")
	w.Library = choice("library")
	w.MCU = get("mcu")
	if v := get("accel"); v != "" {
		for _, a := range strings.Split(v, ",") {
			a = strings.ToUpper(strings.TrimSpace(a))
			switch a {
			case "AES", "HASH", "PKA":
				w.Accel = append(w.Accel, a)
			case "", "NONE":
			default:
				fail("accel", "")
			}
		}
	}
	return engine.Normalize(w), errs
}

var numRe = `(\d+(?:\.\d+)?|\.\d+)`

var sizeRe = regexp.MustCompile(`^` + numRe + `\s*(B|bytes?|kB|KB|MB|GB|KiB|MiB|GiB)?$`)

var unitSize = map[string]float64{"": 1, "B": 1, "byte": 1, "bytes": 1, "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9,
	"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}

// bytesOf reads a number of bytes with an optional unit.
func bytesOf(s string) (float64, bool) {
	m := sizeRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	return f * unitSize[m[2]], err == nil
}

// Size reads a byte count: "256KiB", "1MB", "300000", "1.5 MiB". SI
// prefixes are decimal (kB = 1000), IEC ones binary (KiB = 1024).
func Size(s string) (int64, bool) {
	v, ok := bytesOf(s)
	if !ok || !(v >= 1) || v > 1<<40 {
		return 0, false
	}
	return int64(math.Round(v)), true
}

// Rate reads a byte rate: "8MiB/s", "500kB/s", "2 MB/s", "1000" (B/s).
func Rate(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	v, ok := bytesOf(strings.TrimSuffix(strings.TrimSuffix(s, "/s"), "ps"))
	if !ok || !(v > 0) || v > 1e12 {
		return 0, false
	}
	return v, true
}

// Duration reads a positive duration in seconds: "110ms", "2s", "150 ms".
func Duration(s string) (float64, bool) {
	d, err := time.ParseDuration(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if err != nil || d <= 0 {
		return 0, false
	}
	return d.Seconds(), true
}

func positive(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f > 0) || math.IsInf(f, 0) || f > 1e9 {
		return 0, false
	}
	return f, true
}

// percent reads "70%" or "70" as 0.7. zeroOK allows 0.
func percent(s string, zeroOK bool) (float64, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f > 100 || f < 0 || (f == 0 && !zeroOK) {
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
