package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/data"
)

func cmdDataset(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dataset", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "table", "output format: json or table")
	mcu := fs.String("mcu", "", "only parts whose name contains this (case-insensitive)")
	op := fs.String("op", "", "only this canonical operation (e.g. aes-128-cbc-enc)")
	lib := fs.String("library", "", "only this library: "+strings.Join(dataset.LibraryFlags(), " or "))
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cryptosizer dataset: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *format != "json" && *format != "table" {
		fmt.Fprintf(stderr, "cryptosizer dataset: --format %q: accepted values are json, table\n", *format)
		return 2
	}
	if *op != "" && !bench.KnownOp(*op) {
		fmt.Fprintf(stderr, "cryptosizer dataset: --op %q: not a canonical operation name (for example aes-128-cbc-enc, sha256, ecdsa-p256-verify)\n", *op)
		return 2
	}
	if *lib != "" && !slices.Contains(dataset.LibraryFlags(), strings.ToLower(*lib)) {
		fmt.Fprintf(stderr, "cryptosizer dataset: --library %q: accepted values are %s\n", *lib, strings.Join(dataset.LibraryFlags(), ", "))
		return 2
	}
	ds, err := data.Dataset()
	if err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	keep := func(id bench.Identity, o string) bool {
		return (*mcu == "" || strings.Contains(strings.ToUpper(id.MCU), strings.ToUpper(*mcu))) &&
			(*op == "" || o == *op) && (*lib == "" || strings.EqualFold(ds.Library(id.Library).Flag, *lib))
	}
	out := bench.Dataset{Libraries: ds.Libraries, MCUs: ds.MCUs, Measurements: []bench.Measurement{}, Footprints: []bench.Footprint{},
		Missing: []bench.Missing{}, Warnings: []bench.Warning{}}
	for _, m := range ds.Measurements {
		if keep(m.Identity, m.Op) {
			out.Measurements = append(out.Measurements, m)
		}
	}
	for _, f := range ds.Footprints {
		if keep(f.Identity, f.Op) {
			out.Footprints = append(out.Footprints, f)
		}
	}
	for _, m := range ds.Missing {
		if keep(m.Identity, m.Op) {
			out.Missing = append(out.Missing, m)
		}
	}
	for _, w := range ds.Warnings {
		if *mcu == "" || strings.Contains(strings.ToUpper(w.MCU), strings.ToUpper(*mcu)) {
			out.Warnings = append(out.Warnings, w)
		}
	}
	if *format == "json" {
		return writeJSON(stdout, stderr, out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "MCU\tLIBRARY\tVERSION\tCONFIG\tACCEL\tMHZ\tOP\tFIGURE\tPRINTED\tSOURCE")
	for _, m := range out.Measurements {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%g\t%s\t%s\t%s\t%s\n", m.MCU, m.Library, orDash(m.LibraryVersion), clip(orDash(m.Config), 40),
			orDash(strings.Join(m.Acceleration, "+")), float64(m.ClockHz)/1e6, m.Op, figure(m), m.Printed, clip(posOnly(m.Source), 40))
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\n%d measurements, %d footprints, %d missing, %d warnings\n", len(out.Measurements), len(out.Footprints), len(out.Missing), len(out.Warnings))
	for _, m := range out.Missing {
		fmt.Fprintf(stdout, "missing: %s %s %s %s: %s\n", m.MCU, m.Library, orDash(m.Config), m.Op, m.Reason)
	}
	for _, w := range out.Warnings {
		fmt.Fprintf(stdout, "warning: %s [%s]: %s\n", w.MCU, w.Kind, w.Text)
	}
	return 0
}

// writeJSON prints v as indented JSON, "<" and "&" left as they are.
func writeJSON(stdout, stderr io.Writer, v any) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	stdout.Write(buf.Bytes())
	return 0
}

func figure(m bench.Measurement) string {
	if m.BytesPerSecond != nil && (m.SecondsPerOp == nil || m.Method == "data-flow") {
		return fmt.Sprintf("%.1f B/s", *m.BytesPerSecond)
	}
	if m.SecondsPerOp != nil {
		return fmt.Sprintf("%.6g s/op", *m.SecondsPerOp)
	}
	return "-"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func posOnly(src string) string {
	if i := strings.Index(src, " §"); i > 0 {
		return src[:i]
	}
	return src
}
