package bench

import (
	"strconv"
	"strings"
)

// Size units, in one table: how many bytes each spelling means when
// wolfCrypt prints it, when ST's CMOX pages print it, and when a person
// types it into cryptosizer. The readings differ on purpose, and the
// reason is beside each.
type Unit struct {
	Spelling string
	// WolfCrypt, CMOX and User are the bytes the spelling means to each
	// reader; 0 means that reader does not use the spelling.
	WolfCrypt, CMOX, User float64
	Why                   string
}

// Units is the table.
var Units = []Unit{
	{"B", 1, 0, 1, "a byte"},
	{"byte", 0, 0, 1, "a byte"},
	{"bytes", 1, 1, 1, "bytes"},
	{"kB", 1000, 0, 1000, "SI kilobyte"},
	{"KB", 1024, 0, 1000, "wolfCrypt up to 5.5.x prints KB for 1024 bytes, 5.6.0 for 1000 (base 2 and 10 swapped, wolfSSL PR #6237): see WolfCryptBase; a person writing KB means the SI kilobyte"},
	{"KiB", 1024, 0, 1024, "IEC kibibyte (wolfCrypt from 5.6.x)"},
	{"kbyte", 0, 1000, 0, "CMOX pages: kbyte/s is 8000 bytes ÷ (cycles ÷ clock) ÷ 8, base-10"},
	{"Kbyte", 0, 1000, 0, "CMOX pages, as kbyte"},
	{"kbytes", 0, 1000, 0, "CMOX pages, as kbyte"},
	{"Kbytes", 0, 1000, 0, "CMOX pages, as kbyte"},
	{"mB", 1e6, 0, 0, "wolfCrypt's spelling of the SI megabyte"},
	{"MB", 1 << 20, 0, 1e6, "wolfCrypt up to 5.5.x prints MB for 1024² bytes, 5.6.0 for 10⁶ (see KB); a person writing MB means the SI megabyte"},
	{"MiB", 1 << 20, 0, 1 << 20, "IEC mebibyte"},
	{"gB", 1e9, 0, 0, "wolfCrypt's spelling of the SI gigabyte"},
	{"GB", 1 << 30, 0, 1e9, "as MB, for 1024³ (10⁹ in wolfCrypt 5.6.0) or 10⁹"},
	{"GiB", 1 << 30, 0, 1 << 30, "IEC gibibyte"},
	{"TB", 0, 0, 1e12, "SI terabyte"},
	{"TiB", 0, 0, 1 << 40, "IEC tebibyte"},
}

func unit(spelling string, pick func(Unit) float64) (float64, bool) {
	for _, u := range Units {
		if u.Spelling == spelling {
			v := pick(u)
			return v, v > 0
		}
	}
	return 0, false
}

// WolfCryptBytes is what a wolfCrypt benchmark unit means in the
// releases that print it base-2 (all but 5.6.0 for KB, MB and GB).
func WolfCryptBytes(spelling string) (float64, bool) {
	return unit(spelling, func(u Unit) float64 { return u.WolfCrypt })
}

// WolfCryptAmbiguous reports the power of 1024 or 1000 a wolfCrypt unit
// stands for when its base depends on the release that printed it: KB,
// MB and GB (wolfSSL 5.6.0 printed them for powers of 1000, the releases
// before for powers of 1024; later ones print KiB/kB instead).
func WolfCryptAmbiguous(spelling string) (power int, ok bool) {
	switch spelling {
	case "KB":
		return 1, true
	case "MB":
		return 2, true
	case "GB":
		return 3, true
	}
	return 0, false
}

// WolfCryptBase is the base of KB, MB and GB that a wolfSSL release's
// benchmark printed, from its version alone: 1000 for 5.6.0 (wolfSSL PR
// #6237, "Benchmark: fix reporting of base10", swapped base 2 and 10
// back), 1024 for the releases before it, and 0 (unknown) for an
// unreadable or later version, which print KiB/kB and should not print
// KB at all.
func WolfCryptBase(version string) int {
	var v [3]int
	parts := strings.SplitN(version, ".", 3)
	if len(parts) != 3 {
		return 0
	}
	for i, p := range parts {
		if i == 2 {
			p = strings.TrimRightFunc(p, func(r rune) bool { return r < '0' || r > '9' })
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return 0
		}
		v[i] = n
	}
	switch c := v[0]*1_000_000 + v[1]*1_000 + v[2]; {
	case c < 5_006_000:
		return 1024
	case c == 5_006_000:
		return 1000
	}
	return 0
}

// CMOXBytes is what a CMOX page's rate unit (without "/s") means.
func CMOXBytes(spelling string) (float64, bool) {
	return unit(spelling, func(u Unit) float64 { return u.CMOX })
}

// UserBytes is what a unit typed into cryptosizer means: its spelling,
// or any case of it where every spelling of that case means the same to
// a person ("kib" is KiB; "kb" is kB and KB, 1000 both; "mb" is refused,
// as "mB" is).
func UserBytes(spelling string) (float64, bool) {
	if v, ok := unit(spelling, func(u Unit) float64 { return u.User }); ok {
		return v, true
	}
	v := 0.0
	for _, u := range Units {
		if strings.EqualFold(u.Spelling, spelling) {
			// A spelling no person's reading has ("mB": wolfCrypt's
			// megabyte, a millibyte by its letters) makes its case
			// ambiguous: refused, as the spelling itself is.
			if u.User == 0 || v != 0 && v != u.User {
				return 0, false
			}
			v = u.User
		}
	}
	return v, v > 0
}

// UserUnits lists the spellings a person may type, for patterns.
func UserUnits() []string {
	var out []string
	for _, u := range Units {
		if u.User > 0 {
			out = append(out, u.Spelling)
		}
	}
	return out
}
