package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"cryptosizer/app/catalog"
	"cryptosizer/data"
)

// validation is what `cryptosizer validate --format json` writes.
type validation struct {
	// Before and After: without and with the memory rules.
	Before []catalog.Validated `json:"without_memory_rules"`
	After  []catalog.Validated `json:"with_memory_rules"`
	Spread []catalog.Spread    `json:"spreads"`
	Clocks catalog.ClockModel  `json:"clock_model"`
	// Cores: every core with a measured build, and how its estimates
	// are checked (a core whose builds are each measured on one part
	// has no check).
	Cores []catalog.Coverage `json:"cores"`
	// ECDHE: ECDHE estimated from the same build's ECDSA, and its
	// leave-one-out over the builds that publish both.
	ECDHE  []catalog.ECDHERule `json:"ecdhe_from_ecdsa"`
	Checks []catalog.Check     `json:"checks,omitempty"`
}

// cmdValidate estimates every measured build as if unmeasured and says
// how close the estimates come: per core and term class, without and
// with the memory rules, with the spread pairs and the clock model the
// estimates use.
func cmdValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "table", "output format: table or json")
	checks := fs.Bool("checks", false, "list every check (estimate vs measurement), not only the summary")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 || !slices.Contains([]string{"table", "json"}, *format) {
		fmt.Fprintf(stderr, "cryptosizer validate: --format %q: accepted values are table, json (and no arguments)\n", *format)
		return 2
	}
	ds, err := data.Dataset()
	if err != nil {
		fmt.Fprintln(stderr, "cryptosizer validate:", err)
		return 1
	}
	cat := catalog.New(ds)
	after := cat.Validate(catalog.Rules{Memory: true})
	v := validation{Before: catalog.Summarize(cat.Validate(catalog.Rules{})), After: catalog.Summarize(after), Spread: cat.Spreads(), Clocks: cat.Clocks(), Cores: cat.Coverage(), ECDHE: cat.ECDHERules()}
	if *checks {
		v.Checks = after
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return 1
		}
		return 0
	}
	fmt.Fprintln(stdout, "Leave-one-part-out validation: every measured build that another measured build of the same library, version and configuration may be carried to is estimated as if its part were unmeasured (spreads and clock model made without that part), and compared with its measurement. Error: estimate ÷ measurement or its inverse, whichever is ≥ 1.")
	for _, t := range []struct {
		title string
		rows  []catalog.Validated
	}{{"\nWithout the memory rules:", v.Before}, {"\nWith the memory rules (memory class, clock-up widening, spread pairs within one class and 3× in clock) — what the ranking uses:", v.After}} {
		fmt.Fprintln(stdout, t.title)
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "CORE\tTERMS\tCHECKS\tMEDIAN ERROR\t90% WITHIN\tINSIDE SLOW END")
		for _, r := range t.rows {
			class := r.Class
			if class == "" {
				class = "all"
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t×%.2f\t×%.2f\t%.0f%%\n", r.Core, class, r.Checks, r.Median, r.P90, 100*r.Inside)
		}
		tw.Flush()
	}
	printCoverage(stdout, v)
	printECDHE(stdout, v.ECDHE)
	fmt.Fprintln(stdout, "\nSpread per core (the slow end of an estimate), from every same-build pair on two parts of one core:")
	for _, s := range v.Spread {
		fmt.Fprintf(stdout, "  %s ×%.2f", s.Core, s.Factor)
		if s.Borrowed != "" {
			fmt.Fprintf(stdout, " (no pair: the largest, %s's)", s.Borrowed)
		}
		fmt.Fprintln(stdout)
		for _, p := range s.Pairs {
			fmt.Fprintf(stdout, "    %s %s %q: %s vs %s, %d ops, ×%.2f–×%.2f (median ×%.2f)\n", p.Library, version(p.Version), p.Config, p.A, p.B, p.Ops, p.Min, p.Max, p.Median)
		}
	}
	fmt.Fprintf(stdout, "\nClock model: an estimate taken up u× in clock widens its slow end by u^%.3f, from the same build on one part at two clocks:\n", v.Clocks.Alpha)
	if len(v.Clocks.Pairs) == 0 {
		fmt.Fprintln(stdout, "  no pair: estimates taken up in clock are not widened")
	}
	for _, p := range v.Clocks.Pairs {
		fmt.Fprintf(stdout, "  %s %q on %s, %g → %g MHz: cycles ×%.2f median, ×%.2f largest over %d ops (α %.3f)\n", p.Library, p.Config, p.Part,
			float64(p.LowHz)/1e6, float64(p.HighHz)/1e6, p.Median, p.Max, p.Ops, p.Alpha)
	}
	if *checks {
		fmt.Fprintln(stdout, "\nChecks:")
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "CORE\tTERM\tOP\tMEASURED\tESTIMATED FROM\tEST ÷ MEAS\tSLOW END\tINSIDE")
		for _, c := range after {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%.3f\t×%.2f\t%v\n", c.Core, c.Class, c.Op, c.Target, c.Donor, c.Ratio, c.Slow, c.Inside)
		}
		tw.Flush()
	}
	return 0
}

// printCoverage says, per core, what is measured and how many checks
// its estimates had: a core without a check says why.
func printCoverage(stdout io.Writer, v validation) {
	fmt.Fprintln(stdout, "\nMeasured, per core (parts · libraries · builds), and what checks its estimates:")
	checks := map[string]int{}
	for _, r := range v.After {
		if r.Class == "" {
			checks[r.Core] = r.Checks
		}
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CORE\tPARTS\tLIBRARIES\tBUILDS\tCHECKS\tSPREAD")
	for _, c := range v.Cores {
		spread := fmt.Sprintf("×%.2f", c.Spread.Factor)
		n := fmt.Sprint(checks[c.Core])
		if c.Spread.Borrowed != "" {
			spread += " (the largest, " + c.Spread.Borrowed + "'s: no library is measured on two of its parts)"
		}
		if checks[c.Core] == 0 {
			n = "0 (each build is measured on one part only)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%s\t%s\n", c.Core, len(c.Parts), strings.Join(c.Libraries, ", "), c.Builds, n, spread)
	}
	tw.Flush()
}

func version(v string) string {
	if v == "" {
		return "(version unpublished)"
	}
	return v
}

// printECDHE reports the ECDHE-from-ECDSA rule and its leave-one-out.
func printECDHE(stdout io.Writer, rules []catalog.ECDHERule) {
	fmt.Fprintf(stdout, "\nECDHE from the same build's ECDSA (wolfSSL SP software builds only; %s): the central figure is the bound × the median ratio, the bound the slow end. Leave-one-out: each build predicted by the median of the others.\n", catalog.ECDHEDoc)
	for _, r := range rules {
		fmt.Fprintf(stdout, "  %s from %s: %d builds, ratio ×%.2f–×%.2f (median ×%.2f), at most 1 in %d of %d; leave-one-out predicted ÷ measured ×%.2f–×%.2f\n",
			r.Op, r.Bound, r.Builds, r.Min, r.Max, r.Median, r.Held, r.Builds, r.LOOLow, r.LOOHigh)
	}
}
