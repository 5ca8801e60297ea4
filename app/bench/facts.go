package bench

import (
	"slices"
	"strconv"
	"strings"
)

// Series are the STM32 series the filters name, longest code first where
// one code starts another (H7S before H7, WBA before WB).
var Series = []string{"C0", "F0", "F1", "F2", "F3", "F4", "F7", "G0", "G4", "H5", "H7", "H7R", "H7S", "L0", "L1", "L4", "L5", "N6", "U0", "U3", "U5", "WB", "WB0", "WBA", "WL", "WL3"}

// lowPowerSeries are ST's ultra-low-power lines (L, U) and its wireless
// lines, which are built on them (WB, WBA, WL).
var lowPowerSeries = []string{"L0", "L1", "L4", "L5", "U0", "U3", "U5", "WB", "WB0", "WBA", "WL", "WL3"}

// Cores are the Cortex-M cores the filters name.
var Cores = []string{"M0", "M0+", "M3", "M4", "M7", "M33", "M55"}

// Series is the part's series code ("H7S" for STM32H7S3L8), from its name.
func (f MCUFact) Series() string {
	name := strings.TrimPrefix(strings.ToUpper(f.Part), "STM32")
	best := ""
	for _, s := range Series {
		if strings.HasPrefix(name, s) && len(s) > len(best) {
			best = s
		}
	}
	return best
}

// LowPower reports whether the part belongs to a low-power series.
func (f MCUFact) LowPower() bool { return slices.Contains(lowPowerSeries, f.Series()) }

// CoreName is the core without "Cortex-" ("M33").
func (f MCUFact) CoreName() string { return strings.TrimPrefix(f.Core, "Cortex-") }

// TrustZone reports whether the part's core has the Armv8-M Security
// Extension (Cortex-M33 and M55; every STM32 with these cores implements
// it).
func (f MCUFact) TrustZone() bool {
	c := f.CoreName()
	return c == "M33" || c == "M55"
}

// Accelerators lists the crypto peripherals among the part's hardware
// that a build may use (AES, HASH, PKA).
func (f MCUFact) Accelerators() []string {
	var out []string
	for _, a := range Accelerators {
		if f.Has(a) {
			out = append(out, a)
		}
	}
	return out
}

// Document is a source document and where its original is published.
type Document struct {
	Name string `json:"name"` // the seed file
	URL  string `json:"url"`
	// LineAnchors: the URL takes "#L<line>" to a line of the seed copy.
	LineAnchors bool   `json:"line_anchors"`
	Note        string `json:"note,omitempty"`
}

// Link is the public address of a position in a source document, or ""
// when the document has none.
func (d *Dataset) Link(p Pos) string {
	for _, doc := range d.Documents {
		if doc.Name == p.File && doc.URL != "" {
			if doc.LineAnchors && p.Line > 0 {
				return doc.URL + "#L" + strconv.Itoa(p.Line)
			}
			return doc.URL
		}
	}
	return ""
}
