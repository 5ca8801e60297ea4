package mbedtlsf429_test

import (
	"math"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/mbedtlsf429"
)

// The restatement's layout with made-up figures (the original has no
// licence: nothing of it is copied here).
const table = `| section | operation (as printed) | value | unit | heap bytes | cycles/byte |
|---|---|---|---|---|---|
| common (before the first heading) | SHA-256 | 2000 | KiB/s |  | 90 |
| common (before the first heading) | AES-CBC-128 | 1400 | KiB/s |  | 128 |
| best performance (heading 最优性能) | ECDSA-secp256r1 | 8.00 | sign/s | 4000 |  |
| best performance (heading 最优性能) | ECDHE-secp256r1 | 2.50 | handshake/s | 4800 |  |
| best performance (heading 最优性能) | ECDH-secp256r1 | 3.20 | handshake/s | 2300 |  |
| least memory (heading 最少内存) | ECDSA-secp256r1 | 0.50 | sign/s | 1600 |  |
| least memory (heading 最少内存) | ECDHE-secp256r1 | 0.40 | handshake/s | 1700 |  |
| least memory (heading 最少内存) | ECDH-secp256r1 | 0.40 | handshake/s | 1600 |  |
`

func TestTwoBuildsShareTheCommonLines(t *testing.T) {
	d, errs := mbedtlsf429.Parse("t.md", table)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	by := map[string]map[string]bench.Measurement{}
	for _, m := range d.Measurements {
		if by[m.Config] == nil {
			by[m.Config] = map[string]bench.Measurement{}
		}
		by[m.Config][m.Op] = m
	}
	best, least := by[mbedtlsf429.Configs["best performance"]], by[mbedtlsf429.Configs["least memory"]]
	if best["sha256"].Op == "" || least["sha256"].Op == "" || best["sha256"].ClockHz != least["sha256"].ClockHz {
		t.Fatalf("the common lines belong to both builds: %v / %v", best, least)
	}
	// The clock: median of KiB/s × 1024 × cycles/byte (184.3 and 183.5 MHz).
	if c := best["sha256"].ClockHz; c != 184e6 {
		t.Errorf("clock %d", c)
	}
	// Key generation = ECDHE − ECDH as times; each line's time from its
	// call count over the 10 s window: 2.50/s is 24 calls started, t ∈
	// (10/24, 10/23]; 3.20/s is 31, t ∈ (10/31, 10/30].
	kg := best["ecc-p256-keygen"]
	mid := func(c float64) float64 { return (10/c + 10/(c-1)) / 2 }
	if math.Abs(*kg.SecondsPerOp-(mid(24)-mid(31))) > 1e-12 || math.Abs(*kg.SlowSecondsPerOp-(10.0/23-10.0/31)) > 1e-12 {
		t.Errorf("keygen %+v", kg)
	}
	// Least memory: ECDHE is not slower than ECDH at the printed precision.
	if _, ok := least["ecc-p256-keygen"]; ok {
		t.Error("a key generation derived from equal rates")
	}
	missing := false
	for _, m := range d.Missing {
		missing = missing || m.Op == "ecc-p256-keygen" && strings.Contains(m.Reason, "not slower")
	}
	if !missing {
		t.Errorf("missing %+v", d.Missing)
	}
	// Positions are the original README's lines, in the output's order.
	if p := best["ecdh-p256-agree"].Pos; p.File != mbedtlsf429.Doc || p.Line != 43+2 {
		t.Errorf("position %+v", p)
	}
	heap := 0
	for _, f := range d.Footprints {
		if f.Op == "ecdsa-p256-sign" && f.Config == mbedtlsf429.Configs["least memory"] && *f.WorkingBufferBytes == 1600 && f.StackBytes == nil {
			heap++
		}
	}
	if heap != 1 {
		t.Errorf("heap per operation: %+v", d.Footprints)
	}
}

func TestCommittedFiguresMatchTheRestatement(t *testing.T) {
	if _, _, n := thirdparty.Fresh(t, mbedtlsf429.File, mbedtlsf429.Source.Derive, "data/measured/mbedtlsf429.json"); n != 56 {
		t.Fatalf("%d figures derived", n)
	}
}
