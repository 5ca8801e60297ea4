package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/workload"
)

// strFlag records whether a flag was given, so that only given flags
// reach the shared parser.
type strFlag struct {
	name string
	p    workload.Params
	bool bool
}

func (f *strFlag) String() string     { return f.p[f.name] }
func (f *strFlag) Set(v string) error { f.p[f.name] = v; return nil }
func (f *strFlag) IsBoolFlag() bool   { return f.bool }

func cmdRank(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	fs.SetOutput(stderr)
	p := workload.Params{}
	for _, f := range workload.Fields {
		fs.Var(&strFlag{name: f.Name, p: p, bool: f.Name == "tls-mutual"}, f.Name, f.Label+": "+f.Accepted)
	}
	format := fs.String("format", "table", "output format: table, json or csv")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cryptosizer rank: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch *format {
	case "table", "json", "csv":
	default:
		fmt.Fprintf(stderr, "cryptosizer rank: --format %q: accepted values are table, json, csv\n", *format)
		return 2
	}
	w, errs := workload.Parse(p)
	if len(errs) > 0 {
		for _, e := range errs {
			f, _ := workload.FieldByName(e.Field)
			msg := e.Msg
			if f.Accepted != "" && !strings.Contains(msg, "accepted") {
				msg += " (accepted: " + f.Accepted + ")"
			}
			fmt.Fprintf(stderr, "cryptosizer rank: --%s %q: %s\n", e.Field, e.Value, msg)
		}
		return 2
	}
	ds, err := loadDataset()
	if err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	res := engine.NewIndex(ds).Rank(w)
	switch *format {
	case "json":
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintln(stderr, "cryptosizer:", err)
			return 1
		}
		stdout.Write(buf.Bytes())
	case "csv":
		if err := explain.CSV(stdout, res); err != nil {
			fmt.Fprintln(stderr, "cryptosizer:", err)
			return 1
		}
	default:
		rankTable(stdout, res)
	}
	return 0
}

func rankTable(w io.Writer, res engine.Result) {
	fmt.Fprintf(w, "workload: %s\n\n", explain.Workload(res.Workload))
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tVERDICT\tMCU\tBOARD\tLIBRARY\tCONFIG\tACCEL\tMHZ\tHEADROOM\tCPU\tBOTTLENECK")
	for _, c := range res.Candidates {
		mhz := strconv.FormatFloat(float64(c.ClockHz)/1e6, 'f', -1, 64)
		if c.Estimate {
			mhz += "*"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Rank, strings.ToUpper(c.Verdict), c.MCU, clip(orDash(c.Board), 24),
			c.Library+" "+orDash(c.LibraryVersion), clip(c.Config, 44), orDash(strings.Join(c.Acceleration, "+")), mhz,
			explain.Headroom(c.Headroom), cpu(c), explain.Bottleneck(c))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d candidates. Headroom: how many times over the tightest requirement is met. * = estimate scaled to another clock.\n", len(res.Candidates))
}

func cpu(c engine.Candidate) string {
	if c.Verdict == engine.Unknown {
		return "—"
	}
	return explain.Percent(c.Utilization)
}
