package mbedtlsf429

import (
	"fmt"
	"math"
	"strings"

	"cryptosizer/app/bench"
)

// step is the printed public-key rates' granularity: every one of them
// is a multiple of 0.1 per second (38.70, 7.50, 0.20 …), so a printed P
// stands for a rate in (P − 0.1, P + 0.1) — the window is not printed.
const step = 0.1

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
		b.timed(r, "rsa-2048-"+strings.TrimSuffix(r.unit, "/s"), 1/r.value, 1/(r.value-step), "")
	case kind == "ECDSA" && curves[name] != "" && curves[name] != "x25519":
		b.timed(r, "ecdsa-"+curves[name]+"-"+strings.TrimSuffix(r.unit, "/s"), 1/r.value, 1/(r.value-step), "")
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
			b.timed(s, agree, 1/s.value, 1/(s.value-step), "")
		}
		if !hasE {
			continue
		}
		if !hasS {
			b.missing(e, keygen, "without the static line the key generation cannot be separated from the shared secret")
			continue
		}
		c := 1/e.value - 1/s.value
		slow := 1/(e.value-step) - 1/(s.value+step)
		if c <= 0 {
			b.missing(e, keygen, fmt.Sprintf("%s (%s/s) is not slower than %s (%s/s) at the printed precision: no key generation time can be derived", e.title, e.raw, s.title, s.raw))
			continue
		}
		if !b.timed(e, keygen, c, math.Max(slow, c), fmt.Sprintf("key generation = 1/%s − 1/%s (one party's key generation and shared secret, less the shared secret)", e.title, s.title)) {
			continue
		}
		// A difference of two lines: shown as such, both quoted.
		m := &b.ds.Measurements[len(b.ds.Measurements)-1]
		m.Printed = fmt.Sprintf("1/(%s %s) − 1/(%s %s) (%s − %s: key generation and shared secret, less the shared secret)", e.raw, e.unit, s.raw, s.unit, e.title, s.title)
		m.Source += "; minus " + b.source(s)
	}
}

// timed records a public-key figure with the interval its precision
// allows (step).
func (b *build) timed(r row, op string, central, slow float64, how string) bool {
	if !bench.KnownOp(op) {
		b.skip(r, "no workload uses this operation")
		return false
	}
	if r.value <= step {
		b.missing(r, op, "the printed rate is one step (0.1/s) or less: no upper bound on the time")
		return false
	}
	note := "the printed rates are multiples of 0.1/s and the window is not printed: the time lies between 1/(P + 0.1) and 1/(P − 0.1) s, and the slow end decides"
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
