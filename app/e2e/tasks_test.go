package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"cryptosizer/app/site"
)

// BenchmarkVersusLongTasks traces cold loads of the app and of the
// minimal go-app app (CRYPTOSIZER_MINIMAL, as for BenchmarkVersusMinimal),
// alternating, from navigation until each has started (the app: its
// "started" mark, every part live; the minimal app: its first client
// render), and logs, per app, the medians of the main thread's longest
// task, of its tasks over 50 ms, and of their time past 50 ms (what a
// Total Blocking Time adds up, here until the start's end), at 1× every
// round and 4× CPU-throttled every third, with the app's ratios to the
// minimal app's. Go's wasm runs the runtime's start and every package
// init in the task that instantiates the module, and the browser
// compiles each wasm function at its first call, in the task that calls
// it: the minimal app's own start has a task over 50 ms at 1×. Never
// asserted.
//
//	CRYPTOSIZER_MINIMAL=$PWD/.bench go test -v -run '^$' -bench VersusLongTasks -benchtime 15x ./app/e2e/
func BenchmarkVersusLongTasks(b *testing.B) {
	dir := os.Getenv("CRYPTOSIZER_MINIMAL")
	if dir == "" {
		b.Skip("CRYPTOSIZER_MINIMAL unset: run ./build.sh bench")
	}
	apps := []struct{ name, dir string }{{"app", siteDir()}, {"minimal", filepath.Join(dir, "hello")}}
	type key struct {
		app      string
		throttle float64
	}
	got := map[key][]startTasks{}
	for i := 0; i < b.N; i++ {
		for _, throttle := range []float64{1, 4} {
			if throttle > 1 && i%3 != 0 {
				continue
			}
			for j := range apps {
				a := apps[(i+j)%len(apps)] // which goes first alternates
				t := traceTasks(b, a.dir, a.name == "app", throttle)
				got[key{a.name, throttle}] = append(got[key{a.name, throttle}], t)
				if i == 0 {
					b.Logf("%s at %g×, the first load's tasks over 50 ms (start+length, ms from navigation): %s", a.name, throttle, t.list)
				}
			}
		}
	}
	for _, throttle := range []float64{1, 4} {
		var med [2][3]float64
		for j, a := range apps {
			ts := got[key{a.name, throttle}]
			med[j] = [3]float64{median(field(ts, 0)), median(field(ts, 1)), median(field(ts, 2))}
			b.Logf("%s at %g× (%d loads): longest task median %.0f ms, tasks over 50 ms %.0f, their time past 50 ms %.0f ms",
				a.name, throttle, len(ts), med[j][0], med[j][1], med[j][2])
		}
		b.Logf("app ÷ minimal at %g×: longest task ×%.2f, time past 50 ms ×%.2f", throttle, med[0][0]/med[1][0], med[0][2]/med[1][2])
		b.ReportMetric(med[0][0], fmt.Sprintf("app-ms-longest-task-%gx", throttle))
		b.ReportMetric(med[0][0]/med[1][0], fmt.Sprintf("x-longest-task-%gx", throttle))
		b.ReportMetric(med[0][2]/med[1][2], fmt.Sprintf("x-blocking-%gx", throttle))
	}
}

// startTasks is what one traced load's main thread ran in tasks over
// 50 ms until the start's end.
type startTasks struct {
	longest, count, blocking float64 // ms; blocking: their time past 50 ms
	list                     string  // "start+length" of each, ms from navigation
}

func field(ts []startTasks, i int) []float64 {
	out := make([]float64, len(ts))
	for k, t := range ts {
		out[k] = [3]float64{t.longest, t.count, t.blocking}[i]
	}
	return out
}

// traceTasks loads the site in dir cold, traced, until it has started.
func traceTasks(b *testing.B, dir string, isApp bool, throttle float64) startTasks {
	ctx, cancel := browser(b)
	defer cancel()
	s := serve(b, "127.0.0.1", site.Handler(dir))
	defer s.srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	if throttle > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
			b.Fatal(err)
		}
	}
	stop := startTrace(b, ctx, "devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8", "v8.wasm", "loading", "__metadata")
	ready := started
	if !isApp {
		ready = poll(`!!document.querySelector('[data-client="true"]')`, 60*time.Second)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), ready); err != nil {
		b.Fatal(err)
	}
	t, err := longTasks(stop())
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// longTasks reads a trace of a start (splitTrace's main thread): the
// top-level tasks of 50 ms or more, from navigation to the trace's end.
func longTasks(raw []json.RawMessage) (startTasks, error) {
	var evs []traceEvent
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	pid, tid, nav := mainThread(evs)
	if pid == 0 {
		return startTasks{}, fmt.Errorf("the trace has no timeline marks and no wasm compiled on a main thread (%d events)", len(evs))
	}
	var main []traceEvent
	for _, e := range evs {
		if e.Ph == "X" && e.Pid == pid && e.Tid == tid {
			main = append(main, e)
		}
	}
	_, top := selfTimes(main)
	var t startTasks
	var list []string
	for i, e := range main {
		if !top[i] || e.Dur < 50e3 || e.Ts < nav {
			continue
		}
		ms := e.Dur / 1000
		t.longest, t.count, t.blocking = max(t.longest, ms), t.count+1, t.blocking+ms-50
		list = append(list, fmt.Sprintf("%.0f+%.0f", (e.Ts-nav)/1000, ms))
	}
	t.list = strings.Join(list, " ")
	return t, nil
}

// mainThread is the renderer's main thread of a start's trace, as
// splitTrace finds it (the one holding the timeline's marks, or, for a
// minimal app, the one that compiled its wasm), and the time of the
// navigation's start in its process (0 when the trace has none).
func mainThread(evs []traceEvent) (pid, tid int, nav float64) {
	for _, e := range evs {
		if strings.Contains(e.Cat, "blink.user_timing") && slices.Contains(timelineMarks, e.Name) {
			pid, tid = e.Pid, e.Tid
		}
	}
	if pid == 0 {
		for _, e := range evs {
			if e.Name == "wasm.CompileLazy" {
				pid, tid = e.Pid, e.Tid
			}
		}
	}
	for _, e := range evs {
		if e.Name == "navigationStart" && e.Pid == pid && (nav == 0 || e.Ts < nav) {
			nav = e.Ts
		}
	}
	return pid, tid, nav
}
