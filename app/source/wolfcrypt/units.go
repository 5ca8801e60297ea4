package wolfcrypt

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
)

// What KB, MB and GB mean in one run of wolfCrypt's benchmark. Releases
// before 5.6.0 print them for powers of 1024; 5.6.0 printed them for
// powers of 1000 (wolfSSL PR #6237 swapped base 2 and 10 back); later
// releases print KiB/MiB or kB/mB. A run's own lines can tell too: the
// benchmark processes whole blocks ("block bytes 1024"), so rate ×
// seconds must come to a whole number of blocks in the right base.
// "358 KB took 1.008 seconds, 355.556 KB/s" is 350 blocks of 1024 bytes
// counted in thousands (358.4 KB), and no whole number of blocks in
// base 2 (358.4 KiB).

// settleUnits decides the run's base and sets every byte rate from it.
func (run *Run) settleUnits() {
	run.Base, run.BaseWhy, run.BaseDoubt = run.decideBase()
	for _, rs := range []*[]Result{&run.Results, &run.Skipped} {
		for i := range *rs {
			r := &(*rs)[i]
			if r.rate == "" {
				continue
			}
			mul, _ := bench.WolfCryptBytes(r.rateUnit)
			if power, ok := bench.WolfCryptAmbiguous(r.rateUnit); ok {
				mul = math.Pow(float64(run.Base), float64(power))
			}
			r.BytesPerSecond = decimalTimes(r.rate, int64(mul), 0)
		}
	}
}

// decideBase weighs the version against the lines (see above).
func (run *Run) decideBase() (int, string, bool) {
	var lines [2]int      // lines that fit base 1024 only, base 1000 only
	var example [2]string // one line of each, with its arithmetic
	ambiguous := false
	for _, rs := range [][]Result{run.Results, run.Skipped} {
		for _, r := range rs {
			power, ok := bench.WolfCryptAmbiguous(r.rateUnit)
			if !ok || r.rate == "" {
				continue
			}
			ambiguous = true
			if run.BlockBytes <= 0 {
				continue
			}
			n2, fits2 := wholeBlocks(r.rate, r.secs, math.Pow(1024, float64(power)), run.BlockBytes)
			n10, fits10 := wholeBlocks(r.rate, r.secs, math.Pow(1000, float64(power)), run.BlockBytes)
			switch {
			case fits2 && !fits10:
				lines[0]++
				example[0] = cmp.Or(example[0], fmt.Sprintf("%q is %d blocks of %d bytes counted in 1024s", r.Text, n2, run.BlockBytes))
			case fits10 && !fits2:
				lines[1]++
				example[1] = cmp.Or(example[1], fmt.Sprintf("%q is %d blocks of %d bytes counted in 1000s", r.Text, n10, run.BlockBytes))
			}
		}
	}
	if !ambiguous {
		return 0, "", false
	}
	byLines := 0
	switch {
	case lines[0] > 0 && lines[1] == 0:
		byLines = 1024
	case lines[1] > 0 && lines[0] == 0:
		byLines = 1000
	}
	ex := example[0]
	if byLines == 1000 {
		ex = example[1]
	}
	byVersion := bench.WolfCryptBase(run.Version)
	version := "wolfSSL " + run.Version
	if run.Version == "" {
		version = "the unstated wolfSSL version"
	}
	pr := ""
	if byVersion == 1000 {
		pr = " (base 2 and 10 swapped in that release, fixed by wolfSSL PR #6237)"
	}
	switch {
	case byVersion != 0 && byLines == byVersion:
		return byVersion, fmt.Sprintf("%s prints KB and MB for powers of %d%s, and the run's own lines agree: %s", version, byVersion, pr, ex), false
	case byVersion != 0 && byLines == 0:
		return byVersion, fmt.Sprintf("%s prints KB and MB for powers of %d%s; the run's lines are too coarse to tell", version, byVersion, pr), false
	case byVersion == 0 && byLines != 0:
		return byLines, fmt.Sprintf("the run's own lines show KB = %d bytes (%s); %s does not say", byLines, ex, version), false
	case byVersion != 0:
		return byLines, fmt.Sprintf("%s should print KB and MB for powers of %d%s, but the run's own lines show %d (%s): the lines are taken",
			version, byVersion, pr, byLines, ex), true
	}
	why := "its lines are too coarse to tell"
	if lines[0] > 0 && lines[1] > 0 {
		why = fmt.Sprintf("its lines disagree (%s; %s)", example[0], example[1])
	} else if run.BlockBytes <= 0 {
		why = "it prints no block size to check its lines against"
	}
	return 1024, fmt.Sprintf("what KB means is not known here: %s does not say, and %s; read as 1024 bytes, as wolfSSL printed it before 5.6.0 (figures up to %.2f %% high if it meant 1000)",
		version, why, 100*(1024.0/1000-1)), true
}

// wholeBlocks reports whether rate × seconds, each within half a unit of
// its last printed digit, comes to a whole number of blocks when the
// printed unit is unitBytes bytes, and which number.
func wholeBlocks(rate, secs string, unitBytes float64, block int64) (int64, bool) {
	r, err1 := strconv.ParseFloat(rate, 64)
	s, err2 := strconv.ParseFloat(secs, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	er, es := halfDigit(rate), halfDigit(secs)
	k := unitBytes / float64(block)
	lo, hi := (r-er)*(s-es)*k, (r+er)*(s+es)*k
	n := math.Ceil(lo - 1e-9)
	if n < 1 || n > hi+1e-9 {
		return 0, false
	}
	return int64(n), true
}

// halfDigit is half a unit of the last digit printed in s ("1.008" →
// 0.0005).
func halfDigit(s string) float64 {
	_, frac, _ := strings.Cut(s, ".")
	return 0.5 * math.Pow10(-len(frac))
}
