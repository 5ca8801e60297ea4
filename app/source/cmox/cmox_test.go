package cmox

import (
	"os"
	"strings"
	"testing"
)

func seed(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../../seeds/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func find(p *Page, op, method, config string, msg, chunk int64) *Row {
	for i := range p.Rows {
		r := &p.Rows[i]
		if r.Op == op && r.Method == method && r.Config == config && r.Sizes == nil &&
			(msg < 0 || r.MessageBytes == msg) && (chunk < 0 || r.ChunkBytes == chunk) {
			return r
		}
	}
	return nil
}

func TestSeedFigures(t *testing.T) {
	tests := []struct {
		file, op, method, config string
		msg, chunk               int64
		cycles                   int64
		printed                  float64
	}{
		{"cmox-stm32g071rb.txt", "aes-128-cbc-enc", "data-flow", "Small", 8000, 128, 1206640, 424},
		{"cmox-stm32g071rb.txt", "aes-128-cbc-enc", "sole-buffer", "Small", 64, -1, 11048, 172},
		{"cmox-stm32g071rb.txt", "rsa-3072-sign", "", "CRT, Small, Low", -1, -1, 1106856648, 17294},
		{"cmox-stm32g071rb.txt", "sha384-final", "final-tag", "", -1, -1, 36352, 568},
		{"cmox-stm32g071rb.txt", "ed25519-verify", "", "SuperFast, OptHigh", 1023, -1, 18363168, 286},
		{"cmox-stm32l152re.txt", "ecdsa-p256-verify", "", "Small, High", -1, -1, 12845088, 401},
		{"cmox-stm32l152re.txt", "aes-128-cbc-enc", "data-flow", "Small", 8000, 128, 971480, 263},
		{"cmox-stm32l152re.txt", "sha256", "data-flow", "", 8000, 2048, 397234, 644},
		{"cmox-stm32wba52cg.txt", "ecdsa-p256-verify", "", "cfg2", -1, -1, 4139208, 41},
		{"cmox-stm32wba52cg.txt", "sha384", "data-flow", "", 8000, 512, 837472, 955},
		{"cmox-stm32wba52cg.txt", "rsa-3072-sign", "", "No CRT, cfg7", -1, -1, 454796848, 4547},
	}
	pages := map[string]*Page{}
	for _, tc := range tests {
		p := pages[tc.file]
		if p == nil {
			var errs []error
			pp, el := Parse(tc.file, seed(t, tc.file))
			for _, e := range el {
				errs = append(errs, e)
			}
			if len(errs) > 0 {
				t.Fatalf("%s: %v", tc.file, errs)
			}
			p, pages[tc.file] = pp, pp
		}
		r := find(p, tc.op, tc.method, tc.config, tc.msg, tc.chunk)
		if r == nil {
			t.Errorf("%s: no %s %s %q row", tc.file, tc.op, tc.method, tc.config)
			continue
		}
		if r.Cycles != tc.cycles || r.Printed != tc.printed {
			t.Errorf("%s %s %q: got %d cycles, printed %v; want %d, %v", tc.file, tc.op, tc.config, r.Cycles, r.Printed, tc.cycles, tc.printed)
		}
	}
}

func TestSeedCounts(t *testing.T) {
	tests := []struct {
		file                       string
		mcu, board, version        string
		clock                      int64
		perf, missingPerf, footprs int
	}{
		{"cmox-stm32g071rb.txt", "STM32G071RB", "NUCLEO-G071RB", "050000B2", 64e6, 138, 0, 50},
		{"cmox-stm32l152re.txt", "STM32L152RET6", "STM32L152RE-Nucleo Rev C", "040000B1", 32e6, 119, 0, 31},
		{"cmox-stm32wba52cg.txt", "STM32WBA52CGUx", "NUCLEO-WBA52CG", "", 100e6, 23, 115, 50},
	}
	for _, tc := range tests {
		p, errs := Parse(tc.file, seed(t, tc.file))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		var perf, miss, fp int
		for _, r := range p.Rows {
			switch {
			case r.Sizes != nil:
				fp++
			case len(r.Missing) > 0:
				miss++
			default:
				perf++
			}
		}
		if p.MCU != tc.mcu || p.Board != tc.board || p.Version != tc.version || p.ClockHz != tc.clock ||
			perf != tc.perf || miss != tc.missingPerf || fp != tc.footprs {
			t.Errorf("%s: got %s %q %q %d, %d perf %d missing %d footprints; want %s %q %q %d, %d %d %d",
				tc.file, p.MCU, p.Board, p.Version, p.ClockHz, perf, miss, fp, tc.mcu, tc.board, tc.version, tc.clock, tc.perf, tc.missingPerf, tc.footprs)
		}
	}
}

func TestFootprintDroppedUnit(t *testing.T) {
	// G071 prints "SHA256 1502 280 bytes …": the code cell lost its unit.
	p, errs := Parse("g0", seed(t, "cmox-stm32g071rb.txt"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, r := range p.Rows {
		if r.Kind == HashFootprint && r.Op == "sha256" && r.Method == "sole-buffer" {
			want := []int64{1502, 280, 0, 564}
			for i := range want {
				if r.Sizes[i] != want[i] {
					t.Fatalf("sizes %v, want %v", r.Sizes, want)
				}
			}
			return
		}
	}
	t.Fatal("no SHA256 sole-buffer footprint row")
}

func TestErrors(t *testing.T) {
	head := "STM32 MCU STM32G071RB\nSystem core clock frequency 64 MHz\n\n"
	tests := []struct {
		name, text, want string
	}{
		{"garbled row", head + "HASH mode Buffer size Cycles Time\nSHA999 32 bytes 9480 148 µs\n", "g:5:1: row does not match"},
		{"letters in cells", head + "HASH mode Buffer size Cycles Time\nSHA256 32 bytes lots 148 µs\n", `cell "lots" is not a number`},
		{"letters in numbers", head + "HASH mode Cycles Time\nSHA256 88x3 138 µs\n", `g:5:1: cell "88x3" is not a number`},
		{"row outside table", head + "SHA256 8000 bytes 128 bytes 1 031 868 496 Kbytes/s\n", "g:4:1: table row outside any table"},
		{"no clock", "STM32 MCU X\n", "no \"System Core Clock Frequency\" line"},
		{"not a page", "hello\n", "not a CMOX performance page"},
		{"footprint width", head + "HASH mode Code Constant data Global data Stack usage\nSHA256 1 bytes 2 bytes\n", "does not read as 4 byte counts"},
	}
	for _, tc := range tests {
		_, errs := Parse("g", tc.text)
		if len(errs) == 0 || !strings.Contains(errs.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, errs, tc.want)
		}
	}
}

func TestGrouped(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"11 048", 11048, true}, {"1502", 1502, true}, {"1502 280", 0, false}, {"1 106 856 648", 1106856648, true},
		{"12 34", 0, false}, {"", 0, false}, {"99999999999999999999", 0, false},
	}
	for _, tc := range tests {
		got, ok := grouped(strings.Fields(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("grouped(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"cmox-stm32g071rb.txt", "cmox-stm32wba52cg.txt"} {
		f.Add(seed(f, s))
	}
	f.Add("STM32 MCU X\nSystem core clock frequency 64 MHz\nHASH mode Message size Chunk size Cycles Bit rate\nSHA256 8000 bytes 128 bytes 1 1 1 1 1 1 1 Kbytes/s\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, errs := Parse("fuzz", text)
		if p == nil {
			t.Fatal("nil page")
		}
		for _, e := range errs {
			if e.Pos.File != "fuzz" || (e.Pos.Line == 0 && e.Text != "") {
				t.Fatalf("error without position: %v", e)
			}
		}
	})
}
