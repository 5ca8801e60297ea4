package bench

import "testing"

// The unit table: what each spelling means to wolfCrypt, to CMOX pages
// and to a person, side by side.
func TestUnits(t *testing.T) {
	tests := []struct {
		spelling        string
		wolf, cmox, usr float64 // 0: that reader does not use it
	}{
		{"B", 1, 0, 1}, {"bytes", 1, 1, 1},
		{"kB", 1000, 0, 1000}, {"KB", 1024, 0, 1000}, {"KiB", 1024, 0, 1024},
		{"mB", 1e6, 0, 0}, {"MB", 1 << 20, 0, 1e6}, {"MiB", 1 << 20, 0, 1 << 20},
		{"GB", 1 << 30, 0, 1e9}, {"GiB", 1 << 30, 0, 1 << 30},
		{"kbyte", 0, 1000, 0}, {"Kbytes", 0, 1000, 0},
		{"TiB", 0, 0, 1 << 40}, {"furlong", 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.spelling, func(t *testing.T) {
			for _, r := range []struct {
				reader string
				f      func(string) (float64, bool)
				want   float64
			}{{"wolfCrypt", WolfCryptBytes, tc.wolf}, {"CMOX", CMOXBytes, tc.cmox}, {"user", UserBytes, tc.usr}} {
				got, ok := r.f(tc.spelling)
				if got != r.want || ok != (r.want > 0) {
					t.Errorf("%s reads %q as %v (%v), want %v", r.reader, tc.spelling, got, ok, r.want)
				}
			}
		})
	}
}

// KB, MB and GB depend on the wolfSSL release that printed them.
func TestWolfCryptBase(t *testing.T) {
	for _, tc := range []struct {
		version string
		want    int
	}{{"4.4.1", 1024}, {"5.5.4", 1024}, {"5.6.0", 1000}, {"5.6.0-stable", 1000}, {"5.6.2", 0}, {"5.8.2", 0}, {"", 0}, {"five", 0}, {"3.15.3", 1024}} {
		if got := WolfCryptBase(tc.version); got != tc.want {
			t.Errorf("WolfCryptBase(%q) = %d, want %d", tc.version, got, tc.want)
		}
	}
	for s, want := range map[string]int{"KB": 1, "MB": 2, "GB": 3, "KiB": 0, "kB": 0} {
		if p, ok := WolfCryptAmbiguous(s); p != want || ok != (want > 0) {
			t.Errorf("WolfCryptAmbiguous(%q) = %d, %v", s, p, ok)
		}
	}
}

// One key per build: every part of the identity that names a build is
// in it, and nothing else.
func TestIdentityKey(t *testing.T) {
	base := Identity{MCU: "STM32H563ZI", Board: "NUCLEO-H563ZI", Library: "wolfSSL", LibraryVersion: "5.6.0", Config: "SP Math", ClockHz: 250e6}
	same := base
	same.Acceleration, same.ClockHz, same.Part = []string{"HASH"}, 150e6, "STM32H563ZIT6"
	if base.Key() != same.Key() {
		t.Errorf("acceleration, clock and part are not part of a build's name: %q vs %q", base.Key(), same.Key())
	}
	for name, change := range map[string]func(*Identity){
		"mcu": func(i *Identity) { i.MCU = "STM32H573II" }, "board": func(i *Identity) { i.Board = "x" },
		"library": func(i *Identity) { i.Library = "CMOX" }, "version": func(i *Identity) { i.LibraryVersion = "5.6.6" },
		"config": func(i *Identity) { i.Config = "other" }, "document": func(i *Identity) { i.Document = "b.md" },
		"imported": func(i *Identity) { i.Imported = "mine" },
	} {
		other := base
		change(&other)
		if other.Key() == base.Key() {
			t.Errorf("a different %s gives the same key %q", name, base.Key())
		}
	}
}
