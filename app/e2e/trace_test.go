package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// BenchmarkStartTrace traces the browser from navigation until the app
// has started (a minimal app's site: its first client render) and logs
// where the cold load goes, phase by phase between the moments of the
// start-up timeline (browser.Record's marks: main, oninit, onnav,
// goapp, onmount, started):
//   - the phase's length, the main thread's CPU time in it, and the
//     main thread's busiest kinds of work (wasm, lazy compiles, layout…);
//   - the CPU the other threads of the page's process spent in it on
//     the optimizing compiler (V8's wasm tier-up runs on background
//     threads and competes with the main thread for the cores);
//   - how many wasm functions were compiled lazily on the main thread
//     (V8 compiles each on its first call) and what that cost.
//
// Never asserted. CRYPTOSIZER_TRACE_FILE=path writes the raw trace
// (chrome://tracing, Perfetto); CRYPTOSIZER_TRACE_CATEGORIES adds
// categories to it, comma-separated (e.g. blink,toplevel: what the main
// thread's native tasks are); CRYPTOSIZER_JS_FLAGS passes V8 flags for
// an experiment (e.g. --liftoff-only, --wasm-num-compilation-tasks=1);
// CRYPTOSIZER_THROTTLE=4 slows the page's CPU as a phone's.
//
//	./build.sh build && go test -v -run '^$' -bench StartTrace -benchtime 1x ./app/e2e/
func BenchmarkStartTrace(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	cats := []string{"devtools.timeline", "blink.user_timing", "v8", "v8.wasm", "disabled-by-default-devtools.timeline", "loading", "__metadata"}
	if more := os.Getenv("CRYPTOSIZER_TRACE_CATEGORIES"); more != "" {
		cats = append(cats, strings.Split(more, ",")...)
	}
	if t, err := strconv.ParseFloat(os.Getenv("CRYPTOSIZER_THROTTLE"), 64); err == nil && t > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: t}); err != nil {
			b.Fatal(err)
		}
	}
	stop := startTrace(b, ctx, cats...)
	ready := started
	if siteDir() != root { // a minimal app: its first client render
		ready = poll(`!!document.querySelector('[data-client="true"]')`, 60*time.Second)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), ready); err != nil {
		b.Fatal(err)
	}
	raw := stop()
	if f := os.Getenv("CRYPTOSIZER_TRACE_FILE"); f != "" {
		all, _ := json.Marshal(map[string]any{"traceEvents": raw})
		if err := os.WriteFile(f, all, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	lines, err := splitTrace(raw)
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range lines {
		b.Log(line)
	}
}

// startTrace starts tracing the browser (ctx) in those categories; stop
// ends it and returns its events.
func startTrace(b *testing.B, ctx context.Context, cats ...string) (stop func() []json.RawMessage) {
	var raw []json.RawMessage
	done := make(chan struct{})
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range e.Value {
				raw = append(raw, json.RawMessage(v))
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: cats},
	}); err != nil {
		b.Fatal(err)
	}
	return func() []json.RawMessage {
		if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
			b.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			b.Fatal("the trace did not complete")
		}
		return raw
	}
}

type traceEvent struct {
	Name string  `json:"name"`
	Cat  string  `json:"cat"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`   // µs
	Dur  float64 `json:"dur"`  // µs, wall
	Tdur float64 `json:"tdur"` // µs, the thread's CPU
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
}

// timelineMarks are the moments browser.Record marks (in order).
var timelineMarks = []string{"main", "oninit", "onnav", "goapp", "onmount", "started"}

type phase struct {
	from, to string
	lo, hi   float64
}

// overlap is the share of [ts, ts+dur) inside [lo, hi).
func overlap(ts, dur, lo, hi float64) float64 {
	if dur <= 0 {
		return 0
	}
	return max(0, min(ts+dur, hi)-max(ts, lo)) / dur
}

// splitTrace reads a trace of a start: the renderer's main thread is the
// one that holds the timeline's marks (or, for a minimal app, compiled
// its wasm); the phases run from navigation through the marks to the
// trace's end.
func splitTrace(raw []json.RawMessage) ([]string, error) {
	var evs []traceEvent
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	marks := map[string]float64{}
	for _, e := range evs {
		if strings.Contains(e.Cat, "blink.user_timing") && slices.Contains(timelineMarks, e.Name) {
			marks[e.Name] = e.Ts
		}
	}
	pid, tid, _ := mainThread(evs)
	if pid == 0 {
		return nil, fmt.Errorf("the trace has no timeline marks and no wasm compiled on a main thread (%d events)", len(evs))
	}
	var main, others []traceEvent
	start, end := 0.0, 0.0
	for _, e := range evs {
		if e.Ph != "X" || e.Pid != pid {
			continue
		}
		if e.Tid == tid {
			main = append(main, e)
			if start == 0 || e.Ts < start {
				start = e.Ts
			}
			end = max(end, e.Ts+e.Dur)
		} else {
			others = append(others, e)
		}
	}
	var phases []phase
	from, lo := "navigation", start
	for _, m := range timelineMarks {
		if t, ok := marks[m]; ok {
			phases = append(phases, phase{from, m, lo, t})
			from, lo = m, t
		}
	}
	phases = append(phases, phase{from, "end of trace", lo, end})
	self, top := selfTimes(main)
	var out []string
	lazy, lazyCPU, n := 0.0, 0.0, 0
	for _, e := range main {
		if e.Name == "wasm.CompileLazy" {
			lazy += e.Dur / 1000
			lazyCPU += e.Tdur / 1000
			n++
		}
	}
	out = append(out, fmt.Sprintf("wasm functions compiled lazily on the main thread: %d, %.0f ms (%.0f ms on a CPU)", n, lazy, lazyCPU))
	for _, p := range phases {
		busy := map[string]float64{}
		cpu, tierUp := 0.0, 0.0
		for i, e := range main {
			f := overlap(e.Ts, e.Dur, p.lo, p.hi)
			busy[e.Name] += self[i] * f / 1000
			if top[i] {
				cpu += e.Tdur * f / 1000
			}
		}
		for _, e := range others {
			if e.Name == "wasm.TopTierCompilation" {
				tierUp += e.Tdur * overlap(e.Ts, e.Dur, p.lo, p.hi) / 1000
			}
		}
		out = append(out, fmt.Sprintf("%s → %s: %.0f ms; main thread on a CPU %.0f ms; optimizing compiler on other threads %.0f ms CPU; main thread: %s",
			p.from, p.to, (p.hi-p.lo)/1000, cpu, tierUp, busiest(busy, 6)))
	}
	return out, nil
}

// selfTimes gives each complete event of one thread its duration less
// its direct children's, and tells which events are top-level tasks.
func selfTimes(evs []traceEvent) (self []float64, top []bool) {
	sort.Slice(evs, func(i, j int) bool {
		if evs[i].Ts != evs[j].Ts {
			return evs[i].Ts < evs[j].Ts
		}
		return evs[i].Dur > evs[j].Dur
	})
	self, top = make([]float64, len(evs)), make([]bool, len(evs))
	var stack []int
	for i, e := range evs {
		for len(stack) > 0 && evs[stack[len(stack)-1]].Ts+evs[stack[len(stack)-1]].Dur <= e.Ts {
			stack = stack[:len(stack)-1]
		}
		self[i] = e.Dur
		if len(stack) > 0 {
			self[stack[len(stack)-1]] -= e.Dur
		} else {
			top[i] = true
		}
		stack = append(stack, i)
	}
	return self, top
}

// busiest lists the n largest entries, "name ms".
func busiest(m map[string]float64, n int) string {
	var names []string
	for k, v := range m {
		if v >= 0.5 {
			names = append(names, k)
		}
	}
	sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
	var parts []string
	for _, k := range names[:min(n, len(names))] {
		parts = append(parts, fmt.Sprintf("%s %.0f", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
