package mbedtlsf429

import (
	"fmt"
	"math"
	"strings"

	"cryptosizer/app/bench"
)

// window is the public-key loop's timing window, in seconds. The run's
// program (iotwuxi/iot_security@0b219c4, 13_perf/src/main.c, the macro
// TIME_PUBLIC) sets a 60 s alarm, counts `for (ii = 1; !alarmed; ii++)
// CODE;` and prints ii/60 with two decimals; but every printed rate is a
// multiple of 0.1 (38.70, 7.50, 0.20 …), which ii/60 almost never is and
// ii/10 always is: the run that printed these lines used a 10 s window.
const window = 10.0

// interval is the time of one call a printed public-key rate P allows.
// The counter starts at one and is incremented once more after the call
// during which the alarm fires, so ii = P·W and c = ii − 1 calls started:
// c − 1 ended within the window and the c-th crossed its end, so
// W/c < t ≤ W/(c − 1). The printed rate, ii/W, overstates every call
// count by two. One call (P·W = 2) bounds t from below only: ok false.
func interval(p float64) (fast, central, slow float64, ok bool) {
	c := math.Round(p*window) - 1
	if c < 2 {
		return window / math.Max(c, 1), 0, 0, false
	}
	fast, slow = window/c, window/(c-1)
	return fast, (fast + slow) / 2, slow, true
}

// intervalNote says where an interval comes from.
const intervalNote = "the program counts one more call than it times (its counter starts at one and steps once after the alarm) over a 10 s window (the rates are multiples of 0.1): P·10 − 1 calls started, the last across the window's end, so t ∈ (10/(P·10 − 1), 10/(P·10 − 2)] s; the centre is shown, the slow end decides"

var symmetric = map[string]string{"SHA-1": "sha1", "SHA-256": "sha256", "SHA-512": "sha512", "CTR_DRBG (NOPR)": "rng"}

var curves = map[string]string{"secp256r1": "p256", "secp384r1": "p384", "secp521r1": "p521", "Curve25519": "x25519"}

type build struct {
	id bench.Identity
	ds bench.Dataset
	// ephemeral and static lines by curve or group, for split.
	eph, stat map[string]row
	order     []string
}

func (b *build) pos(r row) bench.Pos { return bench.Pos{File: Doc, Line: r.readme} }

func (b *build) source(r row) string {
	return fmt.Sprintf("%s:%d § %s: %s %s %s", Doc, r.readme, r.section, r.title, r.raw, r.unit)
}

func (b *build) add(r row) {
	if r.unit == "KiB/s" {
		op := symmetric[r.title]
		if m := strings.Split(r.title, "-"); op == "" && len(m) == 3 && m[0] == "AES" && (m[1] == "CBC" || m[1] == "GCM" || m[1] == "CCM") {
			op = "aes-" + m[2] + "-" + strings.ToLower(m[1]) + "-enc"
			if m[1] == "GCM" {
				op += "-no-aad"
			}
		}
		if op == "" {
			b.skip(r, "no workload uses this operation")
			return
		}
		b.ds.Measurements = append(b.ds.Measurements, bench.Measurement{Identity: b.id, Op: op, BytesPerSecond: bench.F64(r.value * 1024),
			MessageBytes: bench.I64(1024), Method: "benchmark", Printed: r.raw + " KiB/s", Source: b.source(r), Pos: b.pos(r)})
		return
	}
	kind, name, _ := strings.Cut(r.title, "-")
	switch {
	case kind == "RSA" && name == "2048":
		b.timed(r, "rsa-2048-"+strings.TrimSuffix(r.unit, "/s"), "")
	case kind == "ECDSA" && curves[name] != "" && curves[name] != "x25519":
		b.timed(r, "ecdsa-"+curves[name]+"-"+strings.TrimSuffix(r.unit, "/s"), "")
	case (kind == "ECDHE" || kind == "ECDH") && curves[name] != "", (kind == "DHE" || kind == "DH") && (name == "2048" || name == "3072"):
		key := curves[name]
		if key == "" {
			key = "dh" + name
		}
		if b.eph == nil {
			b.eph, b.stat = map[string]row{}, map[string]row{}
		}
		if _, ok := b.eph[key]; !ok {
			if _, ok := b.stat[key]; !ok {
				b.order = append(b.order, key)
			}
		}
		if kind == "ECDHE" || kind == "DHE" {
			b.eph[key] = r
		} else {
			b.stat[key] = r
		}
	default:
		b.skip(r, "no workload uses this curve, key size or operation")
	}
}

// split: the static line is the shared secret; the ephemeral one a key
// generation and a shared secret (one party, Mbed TLS 2.x's legacy
// block), so the key generation is the difference.
func (b *build) split() {
	for _, k := range b.order {
		keygen, agree := "ecc-"+k+"-keygen", "ecdh-"+k+"-agree"
		switch {
		case k == "x25519":
			keygen, agree = "x25519-keygen", "x25519-agree"
		case strings.HasPrefix(k, "dh"):
			keygen, agree = "dh-"+k[2:]+"-keygen", "dh-"+k[2:]+"-agree"
		}
		s, hasS := b.stat[k]
		e, hasE := b.eph[k]
		if hasS {
			b.timed(s, agree, "")
		}
		if !hasE {
			continue
		}
		if !hasS {
			b.missing(e, keygen, "without the static line the key generation cannot be separated from the shared secret")
			continue
		}
		_, ec, es, eok := interval(e.value)
		sf, sc, _, sok := interval(s.value)
		if !eok || !sok {
			b.missing(e, keygen, "one of the two lines bounds its time from below only (a single call in the window): no key generation time can be derived")
			continue
		}
		if ec <= sc {
			b.missing(e, keygen, fmt.Sprintf("%s (%s/s) is not slower than %s (%s/s) beyond the printed precision: no key generation time can be derived", e.title, e.raw, s.title, s.raw))
			continue
		}
		if !b.record(e, keygen, ec-sc, es-sf, fmt.Sprintf("key generation = %s − %s (one party's key generation and shared secret, less the shared secret)", e.title, s.title)) {
			continue
		}
		// A difference of two lines: shown as such, both quoted.
		m := &b.ds.Measurements[len(b.ds.Measurements)-1]
		m.Printed = fmt.Sprintf("the time of %s %s less that of %s %s (%s − %s: key generation and shared secret, less the shared secret)", e.raw, e.unit, s.raw, s.unit, e.title, s.title)
		m.Source += "; minus " + b.source(s)
	}
}

// timed records a public-key figure with the interval its line allows.
func (b *build) timed(r row, op, how string) bool {
	_, central, slow, ok := interval(r.value)
	if !ok {
		if bench.KnownOp(op) {
			b.missing(r, op, fmt.Sprintf("%s/s is one call in the 10 s window: the time is over %g s, with no upper bound", r.raw, window))
			return false
		}
	}
	return b.record(r, op, central, slow, how)
}

// record records a public-key figure: its centre and slow end.
func (b *build) record(r row, op string, central, slow float64, how string) bool {
	if !bench.KnownOp(op) {
		b.skip(r, "no workload uses this operation")
		return false
	}
	note := intervalNote
	if how != "" {
		note = how + "; " + note
	}
	m := bench.Measurement{Identity: b.id, Op: op, SecondsPerOp: bench.F64(central), SlowSecondsPerOp: bench.F64(slow), Method: "benchmark",
		Printed: r.raw + " " + r.unit, Source: b.source(r), Pos: b.pos(r), ConfigNote: note}
	b.ds.Measurements = append(b.ds.Measurements, m)
	if r.heap != nil {
		b.ds.Footprints = append(b.ds.Footprints, bench.Footprint{Identity: b.id, Op: op, Method: "benchmark", GlobalBytes: bench.I64(0), WorkingBufferBytes: r.heap,
			Source: b.source(r) + fmt.Sprintf(", %d heap bytes in use (stack not printed)", *r.heap), Pos: b.pos(r)})
	}
	return true
}

func (b *build) missing(r row, op, why string) {
	b.ds.Missing = append(b.ds.Missing, bench.Missing{Identity: b.id, Op: op, Field: "seconds_per_op", Reason: why, Source: b.source(r), Pos: b.pos(r)})
}

func (b *build) skip(r row, why string) {
	b.ds.Skipped = append(b.ds.Skipped, bench.Skipped{Identity: b.id, Name: r.title, Printed: r.raw + " " + r.unit, Reason: why, Source: b.source(r), Pos: b.pos(r)})
}
