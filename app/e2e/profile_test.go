package e2e

import (
	"context"
	"fmt"
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
	for _, err := range []error{
		call(ctx, profiler.Enable, cdp.Empty{}),
		call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}),
		call(ctx, profiler.Start, cdp.Empty{}),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
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

func call[P, R any](ctx context.Context, cmd cdp.Command[P, R], params P) error {
	_, err := chromedp.Call(ctx, cmd, params)
	return err
}
