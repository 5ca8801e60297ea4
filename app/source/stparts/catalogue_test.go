package stparts_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/app/source/stparts"
	"cryptosizer/data/parts"
)

// The catalogue against ST's part database, read here independently of
// package stparts (line patterns, not the XML decoder): every MCU part
// number of the source is listed once, and a sample of files is checked
// field by field.
func TestCatalogueAgainstST(t *testing.T) {
	b, err := os.ReadFile(thirdparty.Path(t, "stm32-open-pin-data.xml"))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := parts.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]stparts.Part{}
	for _, p := range cat.Parts {
		if _, dup := byName[p.Part]; dup {
			t.Errorf("%s is listed twice", p.Part)
		}
		byName[p.Part] = p
	}
	files := regexp.MustCompile(`(?s)<File path="([^"]+)">\s*<Mcu ([^>]*)>(.*?)</Mcu>`).FindAllStringSubmatch(string(b), -1)
	attr := func(s, name string) string {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(s)
		if m == nil {
			return ""
		}
		return m[1]
	}
	all := func(body, tag string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`<`+tag+`>([^<]*)</`+tag+`>`).FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		return out
	}
	// Every inferred clock: the part's own file states none, and the file
	// it names has the same die and clock tree and states that clock.
	byPath := map[string][]string{}
	for _, f := range files {
		byPath[f[1]] = f
	}
	inferred := 0
	for _, p := range cat.Parts {
		if p.ClockFrom == "" {
			continue
		}
		inferred++
		own, from := byPath[p.File], byPath[p.ClockFrom]
		mhz := number(t, strings.Join(all(from[3], "Frequency"), ""))
		if own == nil || from == nil || len(all(own[3], "Frequency")) > 0 || int64(mhz*1e6) != p.MaxClockHz ||
			attr(own[2], "ClockTree") != attr(from[2], "ClockTree") || all(own[3], "Die")[0] != all(from[3], "Die")[0] {
			t.Errorf("%s: clock %d Hz inferred from %s, which does not say so for the same die and clock tree", p.Part, p.MaxClockHz, p.ClockFrom)
		}
	}
	if inferred == 0 {
		t.Error("no clock is inferred")
	}
	want := 0
	for i, f := range files {
		head, body := f[2], f[3]
		if strings.HasPrefix(attr(head, "Family"), "STM32MP") {
			continue
		}
		ref := attr(head, "RefName")
		names := []string{ref}
		if m := regexp.MustCompile(`^(.*)\((.*)\)(.*)$`).FindStringSubmatch(ref); m != nil {
			names = nil
			for _, v := range strings.Split(m[2], "-") {
				names = append(names, m[1]+v+m[3])
			}
		}
		want += len(names)
		if i%37 != 0 { // a sample of files, field by field
			for _, n := range names {
				if _, ok := byName[n]; !ok {
					t.Errorf("%s (%s) is not in the catalogue", n, f[1])
				}
			}
			continue
		}
		flash, ram := all(body, "Flash"), all(body, "Ram")
		for j, n := range names {
			p, ok := byName[n]
			if !ok {
				t.Errorf("%s (%s) is not in the catalogue", n, f[1])
				continue
			}
			kib := func(s string) int64 { return int64(number(t, s)) * 1024 }
			mhz := number(t, strings.Join(all(body, "Frequency"), ""))
			if p.ClockFrom != "" {
				mhz = float64(p.MaxClockHz) / 1e6 // checked above against the file it names
			}
			for _, c := range p.Clocks {
				if mhz == 0 && c.Core == "" {
					mhz = float64(c.Hz) / 1e6 // ST's driver code (package stclocks checks the citation)
				}
			}
			checks := []struct {
				field    string
				got, exp any
			}{
				{"file", p.File, f[1]}, {"family", p.Family, attr(head, "Family")}, {"line", p.Line, attr(head, "Line")},
				{"package", p.Package, attr(head, "Package")}, {"die", p.Die, strings.Join(all(body, "Die"), "")},
				{"flash", p.FlashBytes, kib(flash[j])}, {"ram", p.RAMBytes, kib(ram[min(j, len(ram)-1)])},
				{"clock", p.MaxClockHz, int64(mhz * 1e6)}, {"trustzone", p.TrustZone, strings.Contains(body, "<TrustZone>Available</TrustZone>")},
				{"cores", strings.Join(p.Cores, "+"), strings.NewReplacer("ARM ", "", "Arm ", "").Replace(strings.Join(all(body, "Core"), "+"))},
			}
			for _, c := range checks {
				if c.got != c.exp {
					t.Errorf("%s %s: catalogue %v, ST %v", n, c.field, c.got, c.exp)
				}
			}
			units := 0
			for _, name := range stparts.CryptoNames {
				units += strings.Count(body, ` Name="`+name+`"`)
			}
			if len(p.CryptoUnits) != units {
				t.Errorf("%s: %d crypto units, ST lists %d", n, len(p.CryptoUnits), units)
			}
		}
	}
	if len(cat.Parts) != want || want == 0 {
		t.Errorf("the catalogue holds %d part numbers, ST's MCU files name %d", len(cat.Parts), want)
	}
	if cat.Source.Commit != "3d64b1076ac7f0bf0f74acf89b9578b530f37ed7" || !strings.Contains(cat.Source.License, "BSD 3-Clause License") {
		t.Errorf("source %q, license %.40q: the license must travel with the data", cat.Source.Commit, cat.Source.License)
	}
}

// number reads a part file's number; an absent one (an empty text) is 0,
// a malformed one fails the test.
func number(t *testing.T, s string) float64 {
	t.Helper()
	if s == "" {
		return 0
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("part file number %q: %v", s, err)
	}
	return v
}
