package dataset_test

import (
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"os"
	"slices"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/source"
)

// facts are the measured parts' facts as gendata makes them: the
// curated additions completed from the committed part catalogue.
func facts(t *testing.T) bench.Facts {
	t.Helper()
	f, err := SeedFacts("../..")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestImportVariants(t *testing.T) {
	tests := []struct {
		name, file string
		ov         source.Names
		kind       string
		n          int
		found      source.Names
		configs    int
	}{
		{"bare 5.7 output named by the user", "../source/wolfcrypt/testdata/bare-5.7.txt", source.Names{MCU: "STM32H563ZI", ClockHz: 250e6, Config: "mine"}, "wolfssl", 8, source.Names{Version: "5.7.0"}, 1},
		{"line-broken markdown, two boards", "../source/wolfcrypt/testdata/linebroken.md", source.Names{}, "wolfssl", 10,
			source.Names{MCU: "STM32H753ZI", Board: "NUCLEO-H753ZI", Config: "STM Crypto/Hash Acceleration, -Os, SP-ASM Cortex-M", Version: "4.4.1", ClockHz: 480e6}, 2},
		{"the collapsed wolfSSL page", "../../seeds/wolfssl-stm32-benchmarks.md", source.Names{}, "wolfssl", 601, source.Names{MCU: "STM32H753ZI"}, 24},
		{"a CMOX page", "../../seeds/cmox-stm32g071rb.txt", source.Names{}, "cmox", 138, source.Names{MCU: "STM32G071RB", Board: "NUCLEO-G071RB", Version: "5.0.0", ClockHz: 64e6}, 1},
	}
	for _, tc := range tests {
		im := registry.Import(facts(t), "set", read(t, tc.file), tc.ov)
		if len(im.Errors) > 0 {
			t.Errorf("%s: %v", tc.name, im.Errors)
			continue
		}
		if im.Kind != tc.kind || len(im.Data.Measurements) != tc.n || im.Configs != tc.configs {
			t.Errorf("%s: kind %s, %d measurements, %d configs; want %s, %d, %d", tc.name, im.Kind, len(im.Data.Measurements), im.Configs, tc.kind, tc.n, tc.configs)
		}
		if tc.found.MCU != "" && im.Found.MCU != tc.found.MCU || tc.found.Version != "" && im.Found.Version != tc.found.Version ||
			tc.found.ClockHz != 0 && im.Found.ClockHz != tc.found.ClockHz || tc.found.Config != "" && im.Found.Config != tc.found.Config {
			t.Errorf("%s: found %+v, want %+v", tc.name, im.Found, tc.found)
		}
		for _, m := range im.Data.Measurements {
			if m.Imported != "set" {
				t.Fatalf("%s: measurement not marked imported: %+v", tc.name, m.Identity)
			}
		}
	}
	im := registry.Import(facts(t), "set", read(t, "../source/wolfcrypt/testdata/bare-5.7.txt"), source.Names{MCU: "STM32U585", ClockHz: 160e6, Config: "STM PKA"})
	m := im.Data.Measurements[0]
	if m.MCU != "STM32U585" || m.ClockHz != 160e6 || m.Config != "STM PKA" || strings.Join(m.Acceleration, ",") != "PKA" || m.LibraryVersion != "5.7.0" {
		t.Errorf("override not applied: %+v", m.Identity)
	}
}

func TestImportErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", "  \n", "nothing to import"},
		{"prose", "Hello, these are my results!\n", `not recognized: paste wolfCrypt benchmark output`},
		{"html", "<script>alert(1)</script> RNG 1 MB took 1.000 seconds, 1.000 MB/s", `set:1:1: unknown wolfCrypt algorithm name "<script>alert(1)</script> RNG"`},
		{"unnamed", "SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n", "does not name the MCU"},
		{"bad line", "SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\nmy notes here\nSHA-384 1 MB took 1.000 seconds, 1.000 MB/s\n", `set:2:1: unrecognized text in benchmark output: "my notes here"`},
		{"enormous", strings.Repeat("x", dataset.MaxImportBytes+1), "the limit is 262144 bytes"},
		{"cmox without clock", "HASH mode Buffer size Cycles Time\nSHA256 32 bytes 9480 148 µs\n", `no "System Core Clock Frequency" line (give the core clock)`},
	}
	for _, tc := range tests {
		im := registry.Import(facts(t), "set", tc.text, source.Names{})
		var all []string
		for _, e := range append(im.Errors, im.Unread...) {
			all = append(all, e.Error())
		}
		if !strings.Contains(strings.Join(all, "\n"), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, im.Errors, tc.want)
		}
	}
	// A pasted CMOX table with the MCU and clock given by the user.
	im := registry.Import(facts(t), "set", "HASH mode Buffer size Cycles Time\nSHA256 32 bytes 9480 148 µs\n", source.Names{MCU: "STM32G071RB", ClockHz: 64e6})
	if len(im.Errors) > 0 || len(im.Data.Measurements) != 1 || *im.Data.Measurements[0].Cycles != 9480 {
		t.Errorf("CMOX table: %v %+v", im.Errors, im.Data.Measurements)
	}
}

func FuzzImport(f *testing.F) {
	f.Add("SHA-256 1 MB took 1.000 seconds, 1.000 MB/s\n", "STM32H563ZI", int64(250e6))
	f.Add("STM32 MCU X\nSystem core clock frequency 64 MHz\nHASH mode Cycles Time\nSHA256 1 2 µs\n", "", int64(0))
	f.Add("## A\n### A (x)\n```\nRSA 2048 public 1 ops took 1 sec, avg 1 ms, 1 ops/sec\n```\n", "", int64(-5))
	fs := bench.Facts{{Part: "STM32H563ZI", Aliases: []string{"STM32H563"}, Core: "Cortex-M33", MaxClockHz: 250e6, FlashBytes: 2 << 20, RAMBytes: 640 << 10,
		CryptoHardware: []string{"HASH", "PKA", "RNG"}}}
	f.Fuzz(func(t *testing.T, text, mcu string, clock int64) {
		im := registry.Import(fs, "fuzz", text, source.Names{MCU: mcu, ClockHz: clock})
		for _, m := range im.Data.Measurements {
			if (m.BytesPerSecond == nil || !(*m.BytesPerSecond > 0)) && (m.SecondsPerOp == nil || !(*m.SecondsPerOp > 0)) {
				t.Fatalf("measurement without a positive figure: %+v", m)
			}
		}
	})
}

// Merging sets over one decoded base keeps every kind of record the base
// and each set hold, and never writes into the base: two merges over the
// same base must not see each other's records.
func TestMergeKeepsEveryRecordKind(t *testing.T) {
	one := func(name string) bench.Dataset {
		id := bench.Identity{MCU: name, Library: "wolfSSL", Imported: name}
		return bench.Dataset{
			Measurements: []bench.Measurement{{Identity: id, Op: "sha256", BytesPerSecond: bench.F64(1)}},
			Footprints:   []bench.Footprint{{Identity: id, Op: "sha256"}},
			Missing:      []bench.Missing{{Identity: id, Field: "cycles"}},
			Skipped:      []bench.Skipped{{Identity: id, Name: "HKDF " + name}},
			Warnings:     []bench.Warning{{MCU: name, Kind: "inferred"}},
		}
	}
	base := one("base")
	// A decoded slice has room to grow: an append that does not copy
	// writes into the base.
	base.Skipped = append(make([]bench.Skipped, 0, 8), base.Skipped...)
	a, b := dataset.Merge(&base, one("a")), dataset.Merge(&base, one("b"))
	for _, tc := range []struct {
		name string
		ds   *bench.Dataset
		want string
	}{{"a", a, "HKDF a"}, {"b", b, "HKDF b"}} {
		t.Run(tc.name, func(t *testing.T) {
			if n := []int{len(tc.ds.Measurements), len(tc.ds.Footprints), len(tc.ds.Missing), len(tc.ds.Skipped), len(tc.ds.Warnings)}; !slices.Equal(n, []int{2, 2, 2, 2, 2}) {
				t.Fatalf("record counts %v, want two of each", n)
			}
			if got := tc.ds.Skipped[1].Name; got != tc.want {
				t.Errorf("skipped %q, want %q (another merge's record)", got, tc.want)
			}
		})
	}
	if len(base.Skipped) != 1 {
		t.Errorf("the base changed: %d skipped", len(base.Skipped))
	}
}

// SeedFacts are the measured parts' facts as gendata makes them: the
// curated additions (root/seeds/mcu-facts.tsv) completed from the part
// groups of the committed dataset (derived from ST's part database).
// Shared by the external tests of this directory.
func SeedFacts(root string) (bench.Facts, error) {
	text, err := os.ReadFile(root + "/seeds/mcu-facts.tsv")
	if err != nil {
		return nil, err
	}
	curated, errs := dataset.ParseFacts("mcu-facts.tsv", string(text))
	if len(errs) > 0 {
		return nil, errs
	}
	b, err := os.ReadFile(root + "/data/dataset.json")
	if err != nil {
		return nil, err
	}
	ds, err := dataset.Decode(b)
	if err != nil {
		return nil, err
	}
	f, errs := dataset.CompleteFacts("mcu-facts.tsv", curated, ds.Groups)
	return f, errs.Err()
}
