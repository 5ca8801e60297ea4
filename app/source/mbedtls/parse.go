// Package mbedtls reads the output of Mbed TLS's benchmark program, as
// upstream prints it from PolarSSL 1.3 to Mbed TLS 3.6 and TF-PSA-Crypto
// 1.0, and as the Mbed OS, Zephyr and NXP MCUXpresso ports print it (the
// format reference is ../shared/sources/mbedtls-benchmark.md). What one
// line measures depends on its label more than on the version: a legacy
// "handshake" is one party's key generation and shared secret, a "full
// handshake" both parties' (four scalar multiplications), 3.6's
// "ephemeral" and "static" handshakes one party again. Public-key rates
// are coarse (integers over a 3-second window, or NXP's two decimals with
// a counter that starts at one), so every public-key figure carries the
// interval of times it allows, and verdicts use its slow end. The package
// does no I/O.
package mbedtls

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"cryptosizer/app/bench"
	"cryptosizer/app/internal/lazyre"
)

// Result is one result line.
type Result struct {
	Pos   bench.Pos
	Title string // as printed: "ECDSA-secp256r1"
	Text  string // the line, trimmed
	// Value is the printed number; Unit what follows it ("KiB/s",
	// "sign/s", "ms/ public", "full handshake/s").
	Value float64
	Raw   string // the number as printed
	Unit  string
	// PerByte and PerUnit: the second figure of a symmetric line
	// (cycles or ns per byte), 0 when not printed.
	PerByte float64
	PerUnit string
	// Decimals: the number had a decimal point (NXP's programs, or a
	// modified program); NXP: the output is NXP's (its preamble).
	Decimals, NXP bool
	// Heap is the "<n> heap bytes" suffix, nil when not printed.
	Heap *int64
}

// Throughput reports whether the line is a symmetric one (KiB/s).
func (r Result) Throughput() bool {
	return strings.HasSuffix(r.Unit, "/s") && strings.Contains("Kb/s KB/s kB/s KiB/s", r.Unit)
}

// Run is one benchmark output.
type Run struct {
	// Version is the library version the output prints (NXP's
	// preamble), "" when not printed; Port names the program.
	Version string
	Port    string
	// ClockHz is the clock the output prints (NXP's fsys=), 0 when not.
	ClockHz int64
	// Engines are NXP's "Using following implementations" lines.
	Engines []string
	Results []Result
	// Skipped are lines that name a title and no figure: failures,
	// unsupported features, a truncated run.
	Skipped []Skip
	// Errors are lines that are neither results nor known text.
	Errors bench.ErrorList
}

// Skip is a title printed without a figure, and why.
type Skip struct {
	Pos    bench.Pos
	Title  string
	Reason string
}

// lineRe is the reference's pattern for every result shape (section 2),
// with NXP's two decimals and every spelling of KiB/s.
var lineRe = lazyre.New(`^\s*(\S.*?)\s+:\s+(\d+(?:\.\d+)?)\s*(?:(Kb|KB|kB|KiB)/s(?:,\s+(\d+(?:\.\d+)?)\s+(cycles|ns)/byte)?|((?:full |ephemeral |static )?handshake|public|private|sign|verify)/s|ms/\s?((?:full )?handshake|public|private|sign|verify))(.*)$`)

var orphanRe = lazyre.New(`^\d+(?:\.\d+)?\s*(?:Kb|KB|kB|KiB)/s|^\d+(?:\.\d+)?\s+(?:(?:full |ephemeral |static )?handshake|public|private|sign|verify)/s`)

var heapRe = lazyre.New(`^\s*(\d+) heap bytes(?:,\s+(\d+) allocs)?\s*$`)

// banners are lines a run prints that are neither results nor errors.
var banners = []string{"{{", "DONE", "Done", "[END]", "MBEDTLS Benchmark sample", "Press Enter to exit",
	"Using following implementations:", "```"}

// Parse reads one benchmark output.
func Parse(name, text string) Run {
	var r Run
	seen := map[string]int{} // title|unit → line, to find a second output
	pending := ""            // a title printed with nothing after it yet
	pendingPos := bench.Pos{}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		pos := bench.Pos{File: name, Line: i + 1}
		l := strings.TrimRight(raw, " \t\r")
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if pending != "" {
			r.Skipped = append(r.Skipped, Skip{Pos: pendingPos, Title: pending, Reason: "no figure follows the title (the run stopped or failed there)"})
			pending = ""
		}
		switch {
		case strings.HasPrefix(t, "mbedTLS version "):
			v := strings.TrimSpace(strings.TrimPrefix(t, "mbedTLS version "))
			if r.Version != "" && r.Version != v || len(r.Results) > 0 {
				r.Errors.Add(pos, t, "a second benchmark output starts here (mixed paste): import one output at a time; the lines above are kept")
				return r
			}
			r.Version, r.Port = v, "NXP MCUXpresso"
			continue
		case strings.HasPrefix(t, "fsys="):
			hz, err := strconv.ParseInt(strings.TrimPrefix(t, "fsys="), 10, 64)
			if err != nil || hz < 1e6 || hz > 2e9 {
				r.Errors.Add(pos, t, "fsys= wants the core clock in Hz, from 1 MHz to 2 GHz")
				continue
			}
			r.ClockHz = hz
			continue
		case isEngine(t):
			r.Engines = append(r.Engines, t)
			continue
		case slices.ContainsFunc(banners, func(b string) bool { return strings.HasPrefix(t, b) }) || strings.Contains(t, "Booting Zephyr"):
			if strings.HasPrefix(t, "MBEDTLS Benchmark sample") {
				r.Port = "Zephyr"
			}
			continue
		}
		res, skip, ok := line(pos, l)
		switch {
		case skip != nil:
			r.Skipped = append(r.Skipped, *skip)
		case ok:
			key := res.Title + "|" + res.Unit
			if first, dup := seen[key]; dup {
				r.Errors.Add(pos, t, "%s was already measured on line %d: a second benchmark output starts here (mixed paste); import one output at a time, the lines above are kept", res.Title, first)
				return r
			}
			seen[key] = pos.Line
			res.NXP = r.Port == "NXP MCUXpresso"
			r.Results = append(r.Results, res)
		case orphanRe().MatchString(t):
			r.Skipped = append(r.Skipped, Skip{Pos: pos, Reason: "a figure without a title (printed after a failure or a skipped feature): discarded"})
		default:
			if title, rest, found := strings.Cut(t, ":"); found && strings.TrimSpace(rest) == "" && strings.TrimSpace(title) != "" {
				pending, pendingPos = strings.TrimSpace(title), pos
				continue
			}
			r.Errors.Add(pos, t, "not a benchmark line: want '<title> : <n> KiB/s[, <n> cycles/byte]' or '<title> : <n> sign/s' (also handshake, public, private, verify, ms/…)")
		}
	}
	if pending != "" {
		r.Skipped = append(r.Skipped, Skip{Pos: pendingPos, Title: pending, Reason: "the output ends after this title: the run was truncated"})
	}
	return r
}

// isEngine is one of NXP's "Using following implementations" lines.
func isEngine(t string) bool {
	for _, p := range []string{"SHA:", "AES:", "AES GCM:", "DES:", "Asymmetric encryption:", "Asymmetric cryptography:"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// line reads a result line, or a title with a failure or skip message.
func line(pos bench.Pos, l string) (Result, *Skip, bool) {
	if title, rest, ok := strings.Cut(l, " : "); ok {
		rest = strings.TrimSpace(rest)
		title = strings.TrimSpace(title)
		for _, p := range []string{"FAILED", "Feature Not Supported", "Feature not supported", "Error code"} {
			if strings.HasPrefix(rest, p) {
				return Result{}, &Skip{Pos: pos, Title: title, Reason: "the run printed " + strings.TrimSpace(rest)}, false
			}
		}
	}
	m := lineRe().FindStringSubmatch(l)
	if m == nil {
		return Result{}, nil, false
	}
	v, err := strconv.ParseFloat(m[2], 64)
	if err != nil || math.IsInf(v, 0) {
		return Result{}, nil, false
	}
	r := Result{Pos: pos, Title: m[1], Text: strings.TrimSpace(l), Value: v, Raw: m[2], Decimals: strings.Contains(m[2], ".")}
	switch {
	case m[3] != "":
		r.Unit = m[3] + "/s"
		if m[4] != "" {
			r.PerByte, _ = strconv.ParseFloat(m[4], 64)
			r.PerUnit = m[5] + "/byte"
		}
	case m[6] != "":
		r.Unit = m[6] + "/s"
	default:
		r.Unit = "ms/" + m[7]
	}
	if rest := strings.TrimSpace(m[8]); rest != "" {
		h := heapRe().FindStringSubmatch(rest)
		if h == nil {
			return Result{}, nil, false
		}
		n, _ := strconv.ParseInt(h[1], 10, 64)
		r.Heap = &n
	}
	return r, nil, true
}

// ImpliedClock is the clock the symmetric lines' cycles/byte imply
// (KiB/s × 1024 × cycles/byte, the median over the lines), 0 when none
// prints cycles.
func (r Run) ImpliedClock() float64 {
	var hz []float64
	for _, x := range r.Results {
		if x.Throughput() && x.PerUnit == "cycles/byte" && x.PerByte > 0 {
			hz = append(hz, x.Value*1024*x.PerByte)
		}
	}
	if len(hz) == 0 {
		return 0
	}
	slices.Sort(hz)
	if n := len(hz); n%2 == 0 {
		return (hz[n/2-1] + hz[n/2]) / 2
	}
	return hz[len(hz)/2]
}

// Bounds is the time one operation takes, as far as a public-key line
// says: fastest and slowest (what the print allows) and central (what
// it means); ok is false when it bounds nothing (an upstream 0: one call
// of 3 s or more).
func (x Result) Bounds() (fast, central, slow float64, why string, ok bool) {
	p := x.Value
	switch {
	case strings.HasPrefix(x.Unit, "ms/"):
		// One timed run, truncated to the millisecond.
		return p / 1000, p / 1000, (p + 1) / 1000, "one run, printed in whole milliseconds: [P, P + 1) ms", true
	case !x.Decimals:
		// Upstream: P = ⌊(N + 1) / 3⌋ over a 3-second window.
		if p < 1 {
			return 0, 0, 0, "0 per second means one call took 3 s or more: no upper bound", false
		}
		return 3 / (3*p + 1), 1 / p, 3 / (3*p - 2), "an integer rate over a 3-second window whose counter starts at one: t ∈ [3/(3P+1), 3/(3P−2)) s", true
	case p <= 0.005:
		return 0, 0, 0, "a rate that rounds to zero bounds nothing", false
	case !x.NXP:
		// Two decimals from a program that is not NXP's (a modified
		// upstream program): the window is not printed, only the
		// rounding bounds the rate.
		return 1 / (p + 0.005), 1 / p, 1 / (p - 0.005), "two decimals from a modified program whose window is not printed: only the rounding (±0.005/s) bounds the rate", true
	}
	// NXP: P = (N + 1) / T with T ≥ 3 s the time of N calls, so N ≥ 3P − 1;
	// and, for N ≥ 2, T < 3N / (N − 1). The counts that fit are a few
	// from the first one: each gives t = (N + 1) / (N × P).
	lo, hi := math.Inf(1), 0.0
	for n := math.Max(1, math.Ceil(3*p-1)); n < math.Max(1, math.Ceil(3*p-1))+1000; n++ {
		T := (n + 1) / p
		if T < 3 {
			continue
		}
		if n >= 2 && T >= 3*n/(n-1) {
			break
		}
		t := (n + 1) / (n * p)
		lo, hi = math.Min(lo, t), math.Max(hi, t)
	}
	if hi == 0 {
		return 0, 0, 0, "no call count fits the printed rate", false
	}
	// Two decimals also round: ±0.005 on the rate.
	lo, hi = lo*p/(p+0.005), hi*p/(p-0.005)
	return lo, (lo + hi) / 2, hi, "NXP's rate (N + 1) / T over a ≥ 3-second window, two decimals: the counter starts at one", true
}

// String names a line for messages.
func (x Result) String() string { return fmt.Sprintf("%s : %s %s", x.Title, x.Raw, x.Unit) }
