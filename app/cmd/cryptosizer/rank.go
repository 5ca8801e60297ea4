package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"cryptosizer/app/bench"
	"cryptosizer/app/dataset"
	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/engine"
	"cryptosizer/app/explain"
	"cryptosizer/app/source"
	"cryptosizer/app/workload"
	"cryptosizer/data"
)

// bundled is the index of the bundled dataset, made once per process:
// an index is read-only and safe for concurrent rankings, and a process
// that ranks many times (the tests) pays for it once.
var bundled = sync.OnceValues(func() (*engine.Index, error) {
	ds, err := data.Dataset()
	if err != nil {
		return nil, err
	}
	return engine.NewIndex(ds), nil
})

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

// importFlags are rank's --import flags: files of the user's own
// benchmark output and the names they leave out.
type importFlags struct {
	files   []string
	names   source.Names
	clock   string
	session string
}

func (im *importFlags) define(fs *flag.FlagSet) {
	fs.Func("import", "rank your own benchmark too: a file of "+dataset.Pastes+" (repeatable)", func(v string) error {
		im.files = append(im.files, v)
		return nil
	})
	fs.StringVar(&im.names.MCU, "import-mcu", "", "MCU of the imported files, where the text does not say (e.g. STM32H563ZI)")
	fs.StringVar(&im.names.Board, "import-board", "", "board of the imported files")
	fs.StringVar(&im.names.Config, "import-config", "", "configuration label of the imported files")
	fs.StringVar(&im.names.Version, "import-version", "", "library version of the imported files")
	fs.StringVar(&im.clock, "import-clock", "", "CPU clock of the imported files in MHz, where the text does not say: "+workload.MHzAccepted)
	fs.StringVar(&im.session, "import-session-ram", "", "TLS session RAM you measured on the imported builds, in place of the standards' lower bound for them: "+sessionAccepted)
}

const sessionAccepted = "a size such as 41KiB (empty: the bound)"

// read reads and parses the files; a message says what is wrong. Lines
// a file has that were not read are noted on notes, and do not stop it.
func (im *importFlags) read(facts bench.Facts, notes io.Writer) ([]bench.Dataset, []string) {
	if im.clock != "" {
		mhz, ok := workload.MHz(im.clock)
		if !ok {
			return nil, []string{fmt.Sprintf("--import-clock %q: accepted: %s", im.clock, workload.MHzAccepted)}
		}
		im.names.ClockHz = int64(math.Round(mhz * 1e6))
	}
	var session int64
	if im.session != "" {
		var ok bool
		if session, ok = bench.ReadSize(im.session); !ok {
			return nil, []string{fmt.Sprintf("--import-session-ram %q: accepted: %s", im.session, sessionAccepted)}
		}
	}
	var sets []bench.Dataset
	for _, path := range im.files {
		text, err := readImport(path)
		if err != nil {
			return nil, []string{fmt.Sprintf("--import %s: %v", path, err)}
		}
		r := registry.Import(facts, filepath.Base(path), text, im.names)
		if len(r.Errors) > 0 {
			var msgs []string
			for _, e := range r.Errors {
				msgs = append(msgs, fmt.Sprintf("--import %s: %s", path, e))
			}
			return nil, append(msgs, "name what a file does not say with --import-mcu, --import-board, --import-clock (MHz), --import-config, --import-version")
		}
		for _, e := range r.Unread {
			fmt.Fprintf(notes, "cryptosizer rank: note: --import %s: not read: %s\n", path, e)
		}
		if n := len(r.Data.Skipped); n > 0 {
			fmt.Fprintf(notes, "cryptosizer rank: note: --import %s: %d figures not used by the model\n", path, n)
		}
		if session > 0 {
			r.Data.Sessions = []bench.SessionRAM{{Imported: filepath.Base(path), Bytes: session}}
		}
		sets = append(sets, r.Data)
	}
	return sets, nil
}

func cmdRank(sc *workload.Schema, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	fs.SetOutput(stderr)
	p := workload.Params{}
	for _, f := range sc.Fields() {
		fs.Var(&strFlag{name: f.Name, p: p, bool: f.Bool}, f.Name, f.Label+": "+f.Accepted)
	}
	format := fs.String("format", "table", "output format: table, json or csv")
	top := fs.Int("top", 0, "show only the first N candidates, and the first N of each list after them (unknown reasons, groups without a build, builds without a figure) (0: all); the counts still cover every one")
	var im importFlags
	im.define(fs)
	if code, done := parseFlags(fs, joinBoolValues(args, fs), stdout); done {
		return code
	}
	fail := func(msgs ...string) int {
		for _, m := range msgs {
			fmt.Fprintln(stderr, "cryptosizer rank: "+m)
		}
		return 2
	}
	if fs.NArg() > 0 {
		return fail(fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	if !slices.Contains([]string{"table", "json", "csv"}, *format) {
		return fail(fmt.Sprintf("--format %q: accepted values are table, json, csv", *format))
	}
	asked := sc.Complete(p)
	w, errs := sc.Parse(asked)
	if len(errs) > 0 {
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, fmt.Sprintf("--%s %q: %s", e.Field, e.Value, e.Msg))
		}
		return fail(msgs...)
	}
	ix, err := bundled()
	if err != nil {
		fmt.Fprintln(stderr, "cryptosizer:", err)
		return 1
	}
	ds := ix.Dataset()
	sets, msgs := im.read(ds.MCUs, stderr)
	if msgs != nil {
		return fail(msgs...)
	}
	if *top < 0 {
		return fail(fmt.Sprintf("--top %d: accepted: 0 (all) or a positive number of candidates", *top))
	}
	switch {
	case len(asked) > len(p) && *format == "table":
		fmt.Fprintln(stderr, "cryptosizer rank: note: no load given, so the first visit's workload is ranked with what was given, as a link of filters only is on the page: cryptosizer rank "+firstVisitArgs(sc)+" (--loads= ranks with no requirement)")
	case !slices.ContainsFunc(w.Loads, func(l engine.Load) bool { return !engine.KindOf(l.Kind()).Aggregate() }) && *format == "table":
		fmt.Fprintln(stderr, "cryptosizer rank: note: no load switched on, so every candidate passes. The web app's first visit ranks: cryptosizer rank "+firstVisitArgs(sc))
	}
	if len(sets) > 0 {
		ix = engine.NewIndex(dataset.Merge(ds, sets...))
	}
	res := ix.Rank(w)
	why := explain.UnknownReasons(res) // of every candidate, before --top
	if *top > 0 && len(why) > *top {
		why = append(why[:*top:*top], fmt.Sprintf("and %d more reasons", len(why)-*top))
	}
	cut(&res, *top)
	switch *format {
	case "json":
		return writeJSON(stdout, stderr, res)
	case "csv":
		if err := explain.CSV(stdout, res); err != nil {
			fmt.Fprintln(stderr, "cryptosizer:", err)
			return 1
		}
	default:
		rankTable(stdout, res, why)
	}
	return 0
}

// cut keeps the first top candidates of a result, and the first top of
// each list after them (0: all); the counts still cover every one.
func cut(res *engine.Result, top int) {
	if top <= 0 {
		return
	}
	res.Candidates = res.Candidates[:min(top, len(res.Candidates))]
	res.NoFigure = res.NoFigure[:min(top, len(res.NoFigure))]
	res.Unbuilt = res.Unbuilt[:min(top, len(res.Unbuilt))]
}

// firstVisitArgs are the flags of the first visit's workload, in field
// order.
func firstVisitArgs(sc *workload.Schema) string {
	var out []string
	for _, f := range sc.Fields() {
		if v, ok := workload.FirstVisit[f.Name]; ok {
			out = append(out, "--"+f.Name+" '"+v+"'")
		}
	}
	return strings.Join(out, " ")
}

// parseFlags parses a command's flags. done is set when the command must
// stop: -h/--help prints the usage on stdout (exit 0), a bad flag exits 2.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, done bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage: cryptosizer %s [flags]\n\n", fs.Name())
		fs.PrintDefaults()
		return 0, true
	case err != nil:
		return 2, true
	}
	return 0, false
}

// joinBoolValues turns "--tls-mutual maybe" into "--tls-mutual=maybe", so
// that a switch followed by a value is read as that value (and checked)
// instead of leaving the value behind as a stray argument.
func joinBoolValues(args []string, fs *flag.FlagSet) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if a == "--" {
			return append(out, args[i:]...)
		}
		if f := fs.Lookup(name); f != nil && strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				out = append(out, a+"="+args[i+1])
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// readImport reads an import file through the same limit as a paste. A
// FIFO, device or directory is refused before it is opened for reading,
// and a regular file is never read past the limit.
func readImport(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("not a regular file (%s): give a file of benchmark text", fi.Mode().Type())
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, dataset.MaxImportBytes+1))
	if err != nil {
		return "", err
	}
	if len(b) > dataset.MaxImportBytes {
		return "", fmt.Errorf("larger than the import limit of %d bytes (256 KiB)", dataset.MaxImportBytes)
	}
	return string(b), nil
}

// bootSources lists the lines of secure-boot-policies.md a firmware
// load's bootloader rests on (none without one).
func bootSources(w io.Writer, wl engine.Workload) {
	if l, ok := wl.Load(engine.KindFirmware); ok {
		for _, s := range explain.BootSources(l.(*engine.Firmware)) {
			fmt.Fprintf(w, "  bootloader: %s\n", s)
		}
	}
}

func rankTable(w io.Writer, res engine.Result, why []string) {
	fmt.Fprintf(w, "workload: %s\n", explain.Workload(res.Workload))
	bootSources(w, res.Workload)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tVERDICT\tMCU\tBOARD\tLIBRARY\tCONFIG\tACCEL\tMHZ\tEVIDENCE\tHEADROOM\tCPU\tBOTTLENECK")
	for _, c := range res.Candidates {
		mhz := strconv.FormatFloat(float64(c.ClockHz)/1e6, 'f', -1, 64)
		if c.ClockHz <= 0 {
			mhz = "?" // no known clock: never 0
		}
		if c.Estimate {
			mhz += "*"
		}
		if c.ClockAboveMax {
			mhz += "!"
		}
		mcu := explain.PartName(c)
		if c.Group != nil && c.Qualifying != nil {
			mcu = fmt.Sprintf("%s (%d qualify)", mcu, len(c.Qualifying))
		}
		if c.Imported != "" {
			mcu += " (imported)"
		}
		config := clip(c.Config, 44)
		if len(c.LentFrom) > 0 {
			config += " + not " + c.Library + "'s code: " + strings.Join(c.LentFrom, "; ")
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Rank, strings.ToUpper(string(c.Verdict)), mcu, clip(orDash(c.Board), 24),
			c.Library+" "+orDash(c.LibraryVersion), config, orDash(strings.Join(c.Acceleration, "+")), mhz, explain.Basis(c.Basis),
			explain.CandidateHeadroom(c), explain.Share(c.Utilization), explain.Bottleneck(c))
	}
	tw.Flush()
	var split []string // groups judged per part number, once each
	for _, c := range res.Candidates {
		if s := explain.ShortOfSession(c); s != "" && !slices.Contains(split, explain.PartName(c)+": "+s) {
			split = append(split, explain.PartName(c)+": "+s)
		}
	}
	if split != nil {
		fmt.Fprintln(w, "\nGroups judged per part number:")
		for _, l := range split {
			fmt.Fprintln(w, "  "+l)
		}
	}
	for _, line := range explain.Empty(res) {
		fmt.Fprintln(w, line)
	}
	if why != nil {
		fmt.Fprintln(w, "\nUnknown, by what is missing:")
		for _, l := range why {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if un := explain.Unbuilt(res); un != nil && len(res.Candidates)+len(res.NoFigure) > 0 {
		fmt.Fprintf(w, "\nNot ranked: %d part numbers have no build (%d groups shown):\n", res.Counts.Unbuilt, len(un))
		for _, l := range un {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if nf := explain.NoFigure(res); nf != nil {
		fmt.Fprintf(w, "\nNot ranked: %s", explain.BuildsPublishNone(res.Counts.NoFigure))
		if len(nf) < res.Counts.NoFigure {
			fmt.Fprintf(w, " (the first %d shown)", len(nf))
		}
		fmt.Fprintln(w, ":")
		for _, l := range nf {
			fmt.Fprintln(w, "  "+l)
		}
	}
	n := res.Counts
	shown := fmt.Sprintf("%d candidates (%d pass, %d unknown, %d fail)", n.Pass+n.Unknown+n.Fail, n.Pass, n.Unknown, n.Fail)
	if len(res.Candidates) < n.Pass+n.Unknown+n.Fail {
		shown = fmt.Sprintf("The first %d of %s shown", len(res.Candidates), shown)
	}
	fmt.Fprintf(w, "\n%s. Headroom: how many times over the tightest requirement is met. * = estimate scaled to another clock. ! = the source states a clock above the part's maximum (figures as published, never scaled). ? = no known clock.\n", shown)
}
