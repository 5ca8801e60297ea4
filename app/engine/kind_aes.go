package engine

import (
	"strconv"

	"cryptosizer/app/bench"
)

// KindAES is the continuous AES stream.
const KindAES KindName = "aes"

// AES is a stream encrypted or decrypted at a rate.
type AES struct {
	Rate float64 `json:"rate_bytes_per_s"`
	Mode string  `json:"mode"`
	Key  int     `json:"key"`
	Dir  string  `json:"dir"` // encrypt or decrypt
}

// DefaultAES holds the values an empty AES field takes.
var DefaultAES = AES{Mode: "cbc", Key: 128, Dir: "encrypt"}

// RuleAESStream is the AES kind's rule.
const RuleAESStream RuleID = "aes-stream"

type aesKind struct{}

func (aesKind) Rules() []Rule {
	return []Rule{
		{RuleAESStream, "CPU share = required rate ÷ measured rate of that mode, key size and direction",
			"continuous load; measured bulk rate"},
	}
}

func (aesKind) Name() KindName { return KindAES }
func (aesKind) Title() string  { return "AES stream" }

func (aesKind) Fields() []Field {
	d := DefaultAES
	return []Field{
		{Name: "aes-rate", Label: "AES stream rate", Accepted: "a rate from 1 B/s to 1 TB/s such as 8MiB/s, 500kB/s or 2 MB/s (kB = 1000 B, KiB = 1024 B; empty: no AES load)", Parse: bench.Wrap(bench.ReadRate)},
		// Only the modes the sources measure: another would only ever be
		// "unknown".
		{Name: "aes-mode", Label: "Mode", Default: d.Mode, Choices: []string{"cbc", "gcm"}},
		{Name: "aes-key", Label: "Key size", Default: strconv.Itoa(d.Key), Choices: []string{"128", "192", "256"}},
		{Name: "aes-dir", Label: "Direction", Default: d.Dir, Choices: []string{"encrypt", "decrypt"}},
	}
}

func (aesKind) Read(v *Values) Load {
	d := DefaultAES
	a := &AES{Mode: v.String("aes-mode", d.Mode), Dir: v.String("aes-dir", d.Dir), Key: d.Key}
	if k, err := strconv.Atoi(v.String("aes-key", "")); err == nil {
		a.Key = k
	}
	if !v.OK("aes-rate") {
		return nil
	}
	a.Rate = v.Float("aes-rate", 0)
	return a
}

func (aesKind) Aggregate() bool { return false }

func (a *AES) Kind() KindName { return KindAES }

func (a *AES) op() string {
	d := "enc"
	if a.Dir == "decrypt" {
		d = "dec"
	}
	return "aes-" + strconv.Itoa(a.Key) + "-" + a.Mode + "-" + d
}

// Terms take the rate of the mode, key size and direction, per byte:
// it does not depend on the stream's rate.
func (a *AES) Terms(e Figures) []Term { return []Term{e.Term(a.op(), 1, RuleAESStream, 1)} }

// Evaluate: the stream's CPU share is the required rate ÷ the term's
// rate.
func (a *AES) Evaluate(e *Eval, ts []Term) (Requirement, bool) {
	r := NewRequirement(KindAES, RuleAESStream, a.Rate, "B/s", 0)
	r.Continuous = true
	r.Terms = ts
	t := r.Terms[0]
	e.Finish(&r)
	if !t.Missing {
		rate := t.DecidingRate()
		u := a.Rate / rate
		h := e.Budget() / u
		r.Achieved, r.Utilization, r.Headroom = e.num(rate), e.num(u), e.num(h)
	}
	return r, true
}
