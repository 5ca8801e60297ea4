package catalog

import (
	"math"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/boot"
)

// A bootloader's figure on a part (Answer.Along): the first of its
// libraries with one decides, of that library's builds the slowest at
// the row's clock (one measured at half the clock is taken to it, not
// read as slower), said with how many and how much faster the fastest
// is; none of its libraries: another's, a stand-in read as estimated; on
// the unit: the unit's build, a stand-in too where another library
// drives it.
func TestAlongTakesTheBootloadersOwnCrypto(t *testing.T) {
	ds := &bench.Dataset{Libraries: []bench.Library{{Name: "toy"}, {Name: "TinyCrypt"}, {Name: "Mbed TLS"}},
		MCUs: bench.Facts{{Part: "STM32U5TOY", Core: "Cortex-M33", MaxClockHz: 160e6, FlashBytes: 2 << 20, RAMBytes: 768 << 10, CryptoHardware: []string{bench.AccelHASH}}},
		Groups: []bench.PartGroup{{Key: "u5toy", Name: "STM32U5TOY", Family: "STM32U5", Cores: []string{"Cortex-M33"}, MaxClockHz: 160e6,
			Units: []bench.CryptoUnit{{Name: bench.AccelHASH}}, Members: []bench.PartMember{{Part: "STM32U5TOY", FlashBytes: 2 << 20, RAMBytes: 768 << 10}}}}}
	for _, b := range []struct {
		lib, config string
		accel       []string
		clock, rate float64
	}{
		{"toy", "hash unit", []string{bench.AccelHASH}, 160e6, 100e6},
		{"TinyCrypt", "tc", nil, 160e6, 1e6},
		{"Mbed TLS", "half clock", nil, 80e6, 2e6}, // 4 MB/s at 160 MHz
		{"Mbed TLS", "full clock", nil, 160e6, 3e6},
	} {
		id := bench.Identity{MCU: "STM32U5TOY", Part: "STM32U5TOY", Board: "toy", Library: b.lib, Config: b.config, Acceleration: b.accel, ClockHz: int64(b.clock)}
		ds.Measurements = append(ds.Measurements, bench.Measurement{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(b.rate), Method: "benchmark", Printed: "toy", Source: "toy"})
	}
	cat := New(ds)
	row := cat.Builds[0] // the unit's build ranks; the bootloader's figures are its own
	a := cat.Ask(row, Question{Clock: ClockMeasured})
	for _, tc := range []struct {
		name    string
		r       boot.Route
		rate    float64
		build   string
		of      int
		times   float64
		standIn bool
		basis   bench.Basis
	}{
		{"TinyCrypt first", boot.Route{Unit: "HASH", Libs: []string{"TinyCrypt", "Mbed TLS"}}, 1e6, "TinyCrypt · tc", 1, 0, false, bench.Measured},
		{"Mbed TLS, the slowest at the row's clock", boot.Route{Unit: "HASH", Libs: []string{"Mbed TLS"}}, 3e6, "Mbed TLS · full clock", 2, 4.0 / 3, false, bench.Measured},
		{"a stand-in", boot.Route{Unit: "HASH", Libs: []string{"wolfSSL"}}, 1e6, "TinyCrypt · tc", 3, 4, true, bench.Estimated},
		{"the unit, by the bootloader's library", boot.Route{Unit: "HASH", UseUnit: true, Libs: []string{"toy"}}, 100e6, "toy · hash unit", 1, 0, false, bench.Measured},
		{"the unit, another library's driver: a stand-in", boot.Route{Unit: "HASH", UseUnit: true, Libs: []string{"Mbed TLS"}}, 100e6, "toy · hash unit", 1, 0, true, bench.Estimated},
	} {
		op, f := a.Along([]string{"sha256"}, tc.r)
		if op != "sha256" || f.Missing || f.From == nil {
			t.Fatalf("%s: %s %+v", tc.name, op, f)
		}
		if math.Abs(f.Rate-tc.rate) > 1 || f.From.Build != tc.build || f.From.OfBuilds != tc.of || math.Abs(f.From.TimesFastest-tc.times) > 1e-9 ||
			f.From.StandIn != tc.standIn || f.Basis != tc.basis {
			t.Errorf("%s: %.0f B/s from %q (of %d, ×%.3f, stand-in %v, %s); want %.0f from %q (of %d, ×%.3f, %v, %s)", tc.name,
				f.Rate, f.From.Build, f.From.OfBuilds, f.From.TimesFastest, f.From.StandIn, f.Basis, tc.rate, tc.build, tc.of, tc.times, tc.standIn, tc.basis)
		}
	}
	if _, f := a.Along([]string{"sha384"}, boot.Route{Libs: []string{"TinyCrypt"}}); !f.Missing {
		t.Errorf("no build publishes sha384, yet %+v", f)
	}
	if _, f := a.Along([]string{"sha256"}, boot.Route{Unit: "HASH", UseUnit: true, On: []string{"WBA"}}); f.Missing || !strings.HasPrefix(f.From.Build, "TinyCrypt") {
		t.Errorf("a route on the unit on other series only runs in software here: %+v", f.From)
	}
}
