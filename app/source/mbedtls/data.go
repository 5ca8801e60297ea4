package mbedtls

import (
	"fmt"
	"math"
	"strings"

	"cryptosizer/app/bench"
)

// pair is a key agreement's two lines of one curve or group: the
// one-party ephemeral line (key generation and shared secret) and the
// static one (the shared secret alone).
type pair struct {
	ephemeral, static *Result
	keygen, agree     string // operations
}

// data turns the run into the dataset's rows.
func (b *build) data() bench.Dataset {
	pairs := map[string]*pair{}
	var order []string
	legacy := false
	for i := range b.run.Results {
		x := &b.run.Results[i]
		switch {
		case x.Throughput():
			b.symmetric(*x)
		case strings.Contains(x.Unit, "full handshake"):
			b.skip(*x, "a full handshake is both parties' key agreement (four scalar multiplications, two of them fixed-base): it is not split into one party's operations")
		default:
			key, p, ok := b.agreement(*x)
			if ok {
				if _, seen := pairs[key]; !seen {
					pairs[key] = p
					order = append(order, key)
				}
				legacy = legacy || x.Unit == "handshake/s"
				if strings.HasPrefix(x.Title, "ECDHE-") || strings.HasPrefix(x.Title, "DHE-") {
					if pairs[key].ephemeral != nil {
						b.skip(*x, "the same curve under its other name (x25519 and Curve25519 in 2.22–2.28): the first line is kept")
						continue
					}
					pairs[key].ephemeral = x
				} else {
					if pairs[key].static != nil {
						b.skip(*x, "the same curve under its other name (x25519 and Curve25519 in 2.22–2.28): the first line is kept")
						continue
					}
					pairs[key].static = x
				}
				continue
			}
			b.publicKey(*x)
		}
	}
	for _, k := range order {
		b.split(pairs[k])
	}
	for _, s := range b.run.Skipped {
		b.ds.Skipped = append(b.ds.Skipped, bench.Skipped{Identity: b.id, Name: s.Title, Reason: s.Reason, Source: s.Pos.String(), Pos: s.Pos})
	}
	if b.id.LibraryVersion == "" {
		text := "the output prints no Mbed TLS version"
		if legacy {
			text += "; a plain 'handshake' line is read as one party's key generation and shared secret (the legacy block, which every version prints so)"
		}
		b.warn("version-unpublished", text)
	}
	return b.ds
}

// agreement files an ECDHE/ECDH or DHE/DH one-party line under its
// curve or group.
func (b *build) agreement(x Result) (string, *pair, bool) {
	if m := curveRe().FindStringSubmatch(x.Title); m != nil && m[1] != "ECDSA" {
		if m[2] == "x25519" || m[2] == "Curve25519" {
			return "x25519", &pair{keygen: "x25519-keygen", agree: "x25519-agree"}, true
		}
		c := curves[m[2]]
		return c, &pair{keygen: "ecc-" + c + "-keygen", agree: "ecdh-" + c + "-agree"}, true
	}
	if m := dhRe().FindStringSubmatch(x.Title); m != nil {
		return "dh" + m[2], &pair{keygen: "dh-" + m[2] + "-keygen", agree: "dh-" + m[2] + "-agree"}, true
	}
	return "", nil, false
}

// symmetric is a KiB/s line: 1,024-byte one-shot calls.
func (b *build) symmetric(x Result) {
	op := symmetricOp(x.Title)
	if op == "" {
		b.skip(x, "no workload uses this operation")
		return
	}
	rate := x.Value * 1024
	if x.Decimals && b.run.Port == "NXP MCUXpresso" {
		// NXP's counter starts at one over a window just over 1 s: the
		// true rate is P × (⌈P⌉ − 1) / ⌈P⌉ (the reference, 5.3).
		c := math.Ceil(x.Value)
		rate *= (c - 1) / c
	}
	m := b.measurement(x, op)
	m.BytesPerSecond, m.MessageBytes = bench.F64(rate), bench.I64(1024)
	b.ds.Measurements = append(b.ds.Measurements, m)
}

// publicKey is an RSA or ECDSA line.
func (b *build) publicKey(x Result) {
	op := ""
	if m := curveRe().FindStringSubmatch(x.Title); m != nil && m[1] == "ECDSA" && curves[m[2]] != "" {
		op = "ecdsa-" + curves[m[2]] + "-" + strings.TrimSuffix(strings.TrimPrefix(x.Unit, "ms/"), "/s")
	} else if bits, ok := strings.CutPrefix(x.Title, "RSA-"); ok {
		kind := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(x.Unit, "ms/"), "/s"))
		op = "rsa-" + bits + "-" + kind
	}
	if !bench.KnownOp(op) {
		b.skip(x, "no workload uses this operation or curve")
		return
	}
	_, central, slow, why, ok := x.Bounds()
	if !ok {
		b.missing(x, op, why)
		return
	}
	b.timed(x, op, central, slow, why)
}

// split makes an agreement's operations: the static line is the shared
// secret; the ephemeral line is a key generation and a shared secret, so
// the key generation is their difference (slowest: the ephemeral's
// slowest less the static's fastest).
func (b *build) split(p *pair) {
	var agree, agreeLo float64
	if s := p.static; s != nil {
		fast, c, slow, why, ok := s.Bounds()
		if !ok {
			b.missing(*s, p.agree, why)
		} else {
			b.timed(*s, p.agree, c, slow, why)
			agree, agreeLo = c, fast
		}
	}
	e := p.ephemeral
	if e == nil {
		return
	}
	_, c, slow, why, ok := e.Bounds()
	switch {
	case !ok:
		b.missing(*e, p.keygen, why)
	case agree == 0:
		b.missing(*e, p.keygen, "the ephemeral line is a key generation and a shared secret together; without the static line of the same curve the key generation cannot be separated")
	case c-agree <= 0:
		b.missing(*e, p.keygen, "the ephemeral line is not slower than the static one: no key generation time can be derived")
	default:
		b.timed(*e, p.keygen, c-agree, math.Max(slow-agreeLo, c-agree),
			fmt.Sprintf("key generation = %s (key generation and shared secret, one party) − %s (the shared secret); %s", e.Title, p.static.Title, why))
		// The figure is a difference of two lines: it says so where it is
		// shown (printed), and quotes both (source).
		m := &b.ds.Measurements[len(b.ds.Measurements)-1]
		s := p.static
		m.Printed = fmt.Sprintf("%s %s − %s %s (%s − %s: key generation and shared secret, less the shared secret)", e.Raw, e.Unit, s.Raw, s.Unit, e.Title, s.Title)
		m.Source += fmt.Sprintf(" minus %s: %s", s.Pos, s.Text)
	}
}

func (b *build) measurement(x Result, op string) bench.Measurement {
	m := bench.Measurement{Identity: b.id, Op: op, Method: "benchmark", Printed: x.Raw + " " + x.Unit, Source: fmt.Sprintf("%s: %s", x.Pos, x.Text), Pos: x.Pos}
	if x.Heap != nil {
		b.ds.Footprints = append(b.ds.Footprints, bench.Footprint{Identity: b.id, Op: op, Method: "benchmark", GlobalBytes: bench.I64(0),
			WorkingBufferBytes: x.Heap, Source: fmt.Sprintf("%s: %s (heap in use during the operation; stack not printed)", x.Pos, x.Text), Pos: x.Pos})
	}
	return m
}

// timed records a per-operation figure with its interval.
func (b *build) timed(x Result, op string, central, slow float64, why string) {
	m := b.measurement(x, op)
	m.SecondsPerOp = bench.F64(central)
	if slow > central*1.0001 {
		m.SlowSecondsPerOp = bench.F64(slow)
		m.ConfigNote = why
	}
	b.ds.Measurements = append(b.ds.Measurements, m)
}

func (b *build) missing(x Result, op, why string) {
	b.ds.Missing = append(b.ds.Missing, bench.Missing{Identity: b.id, Op: op, Field: "seconds_per_op", Reason: why, Source: x.Pos.String(), Pos: x.Pos})
}

func (b *build) skip(x Result, why string) {
	b.ds.Skipped = append(b.ds.Skipped, bench.Skipped{Identity: b.id, Name: x.Title, Printed: x.Raw + " " + x.Unit, Reason: why, Source: x.Pos.String(), Pos: x.Pos})
}
