package dataset_test

import (
	"bytes"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"os"
	"reflect"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
)

func build(t *testing.T) *bench.Dataset {
	t.Helper()
	ds, reports := registry.Build(facts(t), []dataset.Input{
		{"cmox-stm32wba52cg.txt", read(t, "../../seeds/cmox-stm32wba52cg.txt")},
		{"cmox-stm32g071rb.txt", read(t, "../../seeds/cmox-stm32g071rb.txt")},
		{"wolfssl-stm32-benchmarks.md", read(t, "../../seeds/wolfssl-stm32-benchmarks.md")},
	})
	for _, r := range reports {
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
	}
	return ds
}

func read(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWarnings(t *testing.T) {
	ds := build(t)
	want := []struct{ mcu, kind, text string }{
		{"STM32WB55", "claimed-accel-absent", "supports SHA-256 acceleration, but the STM32WB55RG has no HASH"},
		{"STM32WB55", "claimed-accel-absent", "985.222 KB/s here and 984.252 KB/s in the software-only build"},
		{"STM32WL55", "clock-above-max", "64 MHz, but the STM32WL55JC's maximum is 48 MHz"},
		{"STM32WBA52CG", "version-unpublished", "@cfg1;0200.0016:8@"},
		{"STM32WBA52CG", "config-unpublished", "cfg1, cfg2, cfg3, cfg5, cfg6, cfg7"},
	}
	for _, w := range want {
		found := false
		for _, x := range ds.Warnings {
			found = found || x.MCU == w.mcu && x.Kind == w.kind && strings.Contains(x.Text, w.text)
		}
		if !found {
			t.Errorf("no %s warning for %s containing %q", w.kind, w.mcu, w.text)
		}
	}
}

func TestUnits(t *testing.T) {
	ds := build(t)
	get := func(mcu, config, op, method string, chunk int64) *bench.Measurement {
		for i, m := range ds.Measurements {
			if m.MCU == mcu && m.Config == config && m.Op == op && m.Method == method && (chunk == 0 || m.ChunkBytes != nil && *m.ChunkBytes == chunk) {
				return &ds.Measurements[i]
			}
		}
		t.Fatalf("no %s %s %s", mcu, config, op)
		return nil
	}
	// CMOX kbyte/s is base-10 and comes from cycles ÷ clock, not from
	// the rounded "424 Kbytes/s".
	m := get("STM32G071RB", "Small", "aes-128-cbc-enc", "data-flow", 128)
	if *m.BytesPerSecond != 8000.0*64e6/1206640 || *m.Cycles != 1206640 || m.LibraryVersion != "5.0.0" {
		t.Errorf("G071 AES data flow: %v B/s, %d cycles, v%s", *m.BytesPerSecond, *m.Cycles, m.LibraryVersion)
	}
	m = get("STM32WBA52CG", "cfg2", "ecdsa-p256-verify", "", 0)
	if *m.SecondsPerOp != 4139208/100e6 || m.ConfigNote == "" {
		t.Errorf("WBA ECDSA verify: %v s, note %q", *m.SecondsPerOp, m.ConfigNote)
	}
	m = get("STM32F777", "STM AES-CBC/Hash Acceleration, -Os, SP-ASM Cortex-M", "aes-128-cbc-enc", "benchmark", 0)
	if *m.BytesPerSecond != 8755609.6 || strings.Join(m.Acceleration, ",") != "AES,HASH" || m.ClockHz != 216e6 || m.Part != "STM32F777xI" {
		t.Errorf("F777: %+v", m)
	}
}

func TestMissingNeverZero(t *testing.T) {
	ds := build(t)
	for _, m := range ds.Measurements {
		if (m.BytesPerSecond == nil || *m.BytesPerSecond <= 0) && (m.SecondsPerOp == nil || *m.SecondsPerOp <= 0) {
			t.Errorf("measurement without a positive figure: %s", m.Source)
		}
	}
	for _, m := range ds.Missing {
		if m.Reason == "" || m.Source == "" {
			t.Errorf("missing entry without reason or source: %+v", m)
		}
	}
}

func TestFactsErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"h\nSTM32X0\tA\tfast\t\t\tcited\n", "f:2: max_mhz must be empty or a positive integer"},
		{"h\nSTM32X0\tA\t\t\t\n", "f:2: want 6 tab-separated columns"},
		{"h\nSTM32X0\tA\t\t\t\t\n", "f:2: want an STM32 part name and a citation"},
	} {
		if _, errs := dataset.ParseFacts("f", tc.text); len(errs) != 1 || !strings.Contains(errs.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.text, errs, tc.want)
		}
	}
	groups := []bench.PartGroup{
		{Name: "STM32A0", Cores: []string{"Cortex-M4"}, MaxClockHz: 64e6, Members: []bench.PartMember{{Part: "STM32A011F4Px", FlashBytes: 16 << 10, RAMBytes: 6 << 10}, {Part: "STM32A011F6Px", FlashBytes: 32 << 10, RAMBytes: 8 << 10}}},
		{Name: "STM32C0", Cores: []string{"Cortex-M0"}, MaxClockHz: 48e6, Members: []bench.PartMember{{Part: "STM32C091F6Px", FlashBytes: 32 << 10, RAMBytes: 6 << 10}, {Part: "STM32C091F4Px", FlashBytes: 16 << 10, RAMBytes: 6 << 10}}},
		{Name: "STM32B0", Cores: []string{"Cortex-M7"}, Members: []bench.PartMember{{Part: "STM32B011F4Px", FlashBytes: 16 << 10, RAMBytes: 6 << 10}}},
	}
	for _, tc := range []struct {
		row  bench.MCUFact
		want string
	}{
		{bench.MCUFact{Part: "STM32A011F"}, "STM32A011F4Px and STM32A011F6Px differ"},
		{bench.MCUFact{Part: "STM32C011"}, "no part number in ST's part database starts with it"},
		{bench.MCUFact{Part: "STM32A011F4", MaxClockHz: 48e6}, "ST's data gives a maximum clock of 64000000 Hz"},
	} {
		if _, errs := dataset.CompleteFacts("f", bench.Facts{tc.row}, groups); len(errs) != 1 || !strings.Contains(errs.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.row.Part, errs, tc.want)
		}
	}
	// A name that stands for part numbers differing in flash only takes
	// the smallest flash, and says so.
	line, errs := dataset.CompleteFacts("f", bench.Facts{{Part: "STM32C091", SourceNote: "cited"}}, groups)
	if len(errs) > 0 || line[0].FlashBytes != 16<<10 || line[0].RAMBytes != 6<<10 || !strings.Contains(line[0].SourceNote, "the smallest of the part numbers") {
		t.Errorf("a line's facts: %+v %v", line, errs)
	}
	got, errs := dataset.CompleteFacts("f", bench.Facts{{Part: "STM32A011F4", SourceNote: "cited"}, {Part: "STM32B011", HardwareNote: "no flash", SourceNote: "cited"}}, groups)
	if len(errs) > 0 || got[0].MaxClockHz != 64e6 || got[0].Core != "Cortex-M4" || got[0].FlashBytes != 16<<10 || got[1].MaxClockHz != 0 || got[1].HardwareNote != "no crypto unit; no flash" {
		t.Errorf("completed %+v, %v", got, errs)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	ds := build(t)
	b, err := dataset.Encode(ds)
	if err != nil {
		t.Fatal(err)
	}
	back, err := dataset.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	again, err := dataset.Encode(back)
	if err != nil || !bytes.Equal(again, b) {
		t.Fatal("decoding and encoding again changed the dataset")
	}
	if !reflect.DeepEqual(back.Measurements[0], ds.Measurements[0]) || !reflect.DeepEqual(back.Libraries, ds.Libraries) {
		t.Fatalf("round trip changed a record:\n%+v\n%+v", back.Measurements[0], ds.Measurements[0])
	}
	if _, err := dataset.Decode([]byte("{")); err == nil {
		t.Fatal("want an error for truncated JSON")
	}
}
