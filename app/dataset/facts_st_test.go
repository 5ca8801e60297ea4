package dataset

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/thirdparty"
	"cryptosizer/data/parts"
)

// The measured parts' facts in the committed dataset are ST's, read here
// from the XML with line patterns (not the catalogue's decoder): for
// every part file a curated name denotes, the first core, the maximum
// clock (ST's, or the one a file of the same die and clock tree states,
// or the curated one only where ST gives neither), RAM and
// the crypto units' names. Flash, per part number, is checked by the
// catalogue's own test.
func TestMeasuredPartsFactsAreST(t *testing.T) {
	xml, err := os.ReadFile(thirdparty.Path(t, "stm32-open-pin-data.xml"))
	if err != nil {
		t.Fatal(err)
	}
	byRef, byFile := map[string]string{}, map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)<File path="([^"]+)">\s*(<Mcu [^>]*RefName="([^"]+)".*?</Mcu>)`).FindAllSubmatch(xml, -1) {
		byRef[string(m[3])], byFile[string(m[1])] = string(m[2]), string(m[2])
	}
	cat, err := parts.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := Decode(mustRead(t, "../../data/dataset.json"))
	if err != nil {
		t.Fatal(err)
	}
	curated, errs := ParseFacts("mcu-facts.tsv", string(mustRead(t, "../../seeds/mcu-facts.tsv")))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	first := func(body, tag string) string {
		m := regexp.MustCompile(`<` + tag + `>([^<]*)</` + tag + `>`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return m[1]
	}
	units := regexp.MustCompile(`<IP [^>]*Name="(AES|SAES|CRYP|HASH|PKA|CCB|OTFDEC|MCE|RNG)"`)
	for i, f := range ds.MCUs {
		t.Run(f.Part, func(t *testing.T) {
			files := 0
			for _, p := range cat.Parts {
				if !bench.PartNameMatches(f.Part, p.Part) {
					continue
				}
				files++
				body, ok := byRef[p.RefName]
				if !ok {
					t.Fatalf("%s: no <Mcu RefName=%q> in ST's XML", p.Part, p.RefName)
				}
				mhz, _ := strconv.ParseInt(first(body, "Frequency"), 10, 64)
				if mhz == 0 && p.ClockFrom != "" { // inferred: the file named states it
					mhz, _ = strconv.ParseInt(first(byFile[p.ClockFrom], "Frequency"), 10, 64)
				}
				for _, c := range p.Clocks {
					if mhz == 0 && c.Core == "" { // ST's driver code states it (stclocks checks the citation)
						mhz = c.Hz / 1e6
					}
				}
				if mhz == 0 {
					mhz = curated[i].MaxClockHz / 1e6
				} else if curated[i].MaxClockHz != 0 {
					t.Errorf("the curated row gives a clock where ST gives %d MHz", mhz)
				}
				ram, _ := strconv.ParseInt(first(body, "Ram"), 10, 64)
				var names []string
				for _, u := range units.FindAllStringSubmatch(body, -1) {
					names = append(names, u[1])
				}
				slices.Sort(names)
				names = slices.Compact(names)
				core := first(body, "Core")
				core = strings.TrimPrefix(strings.TrimPrefix(core, "ARM "), "Arm ")
				if f.Core != core || f.MaxClockHz != mhz*1e6 || f.RAMBytes != ram*1024 ||
					!strings.HasPrefix(f.HardwareNote, cmpNames(names)) {
					t.Errorf("%s: dataset %s, %d Hz, %d B RAM, %q; ST %s, %d MHz, %d KiB, %v", p.Part,
						f.Core, f.MaxClockHz, f.RAMBytes, f.HardwareNote, core, mhz, ram, names)
				}
			}
			if files == 0 {
				t.Fatal("no part number of ST's matches it")
			}
		})
	}
	if len(ds.MCUs) != len(curated) || len(curated) < 15 {
		t.Errorf("%d facts, %d curated rows", len(ds.MCUs), len(curated))
	}
}

func cmpNames(names []string) string {
	if len(names) == 0 {
		return "no crypto unit"
	}
	return strings.Join(names, ", ")
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
