package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// BenchmarkStartProfile samples the browser's CPU from navigation to the
// first client render of the site under test (CRYPTOSIZER_SITE, this
// repository by default; a minimal app's site works too) and logs the 30
// functions with the most self time. Wasm functions carry their Go names
// only in a build without -ldflags=-s; never asserted.
//
//	GOOS=js GOARCH=wasm go build -trimpath -o web/app.wasm ./app/cmd/web
//	go test -v -run '^$' -bench StartProfile -benchtime 1x ./app/e2e/
func BenchmarkStartProfile(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	startProfiler(b, ctx, 200)
	rendered := `!!document.querySelector('[data-client="true"]') && (!document.querySelector('#results') || document.querySelectorAll('tr.row').length > 0)`
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(rendered, 60*time.Second)); err != nil {
		b.Fatal(err)
	}
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil || res.Profile == nil {
		b.Fatalf("no profile: %v", err)
	}
	p := res.Profile
	self := map[string]int64{}
	var samples int64
	for _, n := range p.Nodes {
		self[fmt.Sprintf("%s  %s", n.CallFrame.FunctionName, n.CallFrame.URL)] += n.HitCount
		samples += n.HitCount
	}
	if samples == 0 {
		b.Fatal("the profile has no samples")
	}
	names := make([]string, 0, len(self))
	for k := range self {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return self[names[i]] > self[names[j]] })
	msPerSample := float64(p.EndTime-p.StartTime) / 1000 / float64(samples)
	for _, k := range names[:min(30, len(names))] {
		b.Logf("%7.1f ms  %s", float64(self[k])*msPerSample, k)
	}
}

// startProfiler starts the browser's CPU profiler, sampling every
// interval µs.
func startProfiler(b *testing.B, ctx context.Context, interval int64) {
	for _, err := range []error{
		call(ctx, profiler.Enable, cdp.Empty{}),
		call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: interval}),
		call(ctx, profiler.Start, cdp.Empty{}),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
}

func call[P, R any](ctx context.Context, cmd cdp.Command[P, R], params P) error {
	_, err := chromedp.Call(ctx, cmd, params)
	return err
}

// BenchmarkKeystrokeProfile samples the browser's CPU while 30 keys are
// typed into the handshake-rate field of the site under test (as
// BenchmarkVersusMinimal types them: a digit, then Backspace, 200 ms
// apart, once the page went live and settled) and logs the 40 functions
// with the most self time and the 40 with the most total time: what a
// keystroke costs in the browser, function by function (the native
// profiles of the ranking differ: wasm is slower at some things than
// others). CRYPTOSIZER_PROFILE_FILE=path writes the profile (Chrome's
// .cpuprofile JSON). Build the site's wasm without -ldflags=-s to see Go
// names, as for BenchmarkStartProfile; never asserted.
func BenchmarkKeystrokeProfile(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), started, focusEnd("f-tls-rate")); err != nil {
		b.Fatal(err)
	}
	time.Sleep(2 * time.Second) // the start's follow-ups (charts, warming) settle
	startProfiler(b, ctx, 100)
	typeKeys(b, ctx, "f-tls-rate", 30, 200*time.Millisecond)
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil || res.Profile == nil {
		b.Fatalf("no profile: %v", err)
	}
	if path := os.Getenv("CRYPTOSIZER_PROFILE_FILE"); path != "" {
		raw, err := json.Marshal(res.Profile)
		if err == nil {
			err = os.WriteFile(path, raw, 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	logProfile(b, res.Profile, 40)
}

// logProfile logs p's n functions with the most self time and the n with
// the most total time (a function counted once per sample however often
// it is on the stack), per keystroke of 30, leaving out the idle ones.
func logProfile(b *testing.B, p *profiler.Profile, n int) {
	parent := map[int64]*profiler.ProfileNode{}
	var samples int64
	for _, nd := range p.Nodes {
		samples += nd.HitCount
		for _, c := range nd.Children {
			parent[c] = nd
		}
	}
	self, total := map[string]int64{}, map[string]int64{}
	var busy int64
	for _, nd := range p.Nodes {
		name := nd.CallFrame.FunctionName
		if nd.HitCount == 0 || name == "(idle)" || name == "(program)" {
			continue
		}
		busy += nd.HitCount
		self[name] += nd.HitCount
		seen := map[string]bool{}
		for x := nd; x != nil; x = parent[x.ID] {
			if f := x.CallFrame.FunctionName; !seen[f] {
				seen[f] = true
				total[f] += nd.HitCount
			}
		}
	}
	if busy == 0 {
		b.Fatal("the profile has no busy samples")
	}
	ms := float64(p.EndTime-p.StartTime) / 1000 / float64(samples) / 30 // per keystroke
	b.Logf("busy %.2f ms per keystroke (%d samples)", float64(busy)*ms, busy)
	for _, m := range []struct {
		what string
		of   map[string]int64
	}{{"self", self}, {"total", total}} {
		names := make([]string, 0, len(m.of))
		for k := range m.of {
			names = append(names, k)
		}
		sort.Slice(names, func(i, j int) bool { return m.of[names[i]] > m.of[names[j]] })
		for _, k := range names[:min(n, len(names))] {
			b.Logf("%s %6.3f ms  %s", m.what, float64(m.of[k])*ms, k)
		}
	}
}
