package dataset

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cryptosizer/app/internal/thirdparty"
)

// A curated row that cites ST's part database for its RAM says what that
// database says, for every part file of the part.
func TestCuratedRAMCitingSTAgreesWithST(t *testing.T) {
	xml, err := os.ReadFile(thirdparty.Path(t, "stm32-open-pin-data.xml"))
	if err != nil {
		t.Fatal(err)
	}
	mcus := regexp.MustCompile(`(?s)<Mcu [^>]*RefName="([^"]+)".*?</Mcu>`).FindAllSubmatch(xml, -1)
	ram := regexp.MustCompile(`<Ram>(\d+)</Ram>`)
	checked := 0
	for _, f := range facts(t) {
		if !strings.Contains(f.SourceNote, "STM32_open_pin_data") {
			continue
		}
		t.Run(f.Part, func(t *testing.T) {
			files := 0
			for _, m := range mcus {
				if !strings.HasPrefix(string(m[1]), f.Part) {
					continue
				}
				files++
				r := ram.FindSubmatch(m[0])
				if r == nil {
					t.Fatalf("%s has no <Ram>", m[1])
				}
				kib, _ := strconv.ParseInt(string(r[1]), 10, 64)
				if kib*1024 != f.RAMBytes {
					t.Errorf("%s: ST says %d KiB, the curated row %d KiB", m[1], kib, f.RAMBytes/1024)
				}
			}
			if files == 0 {
				t.Fatalf("no part file of ST's starts with %s", f.Part)
			}
		})
		checked++
	}
	if checked == 0 {
		t.Fatal("no curated row cites STM32_open_pin_data")
	}
}
