package e2e

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func BenchmarkZZKeyProfile(b *testing.B) {
	ctx, cancel := browser(b)
	defer cancel()
	s := serveB(b)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), poll(`document.querySelectorAll('tr.row').length > 0 && !!document.querySelector('[data-client="true"]')`, 60*time.Second)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	for _, err := range []error{
		call(ctx, profiler.Enable, cdp.Empty{}),
		call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}),
		call(ctx, profiler.Start, cdp.Empty{}),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
	for k := 0; k < 30; k++ {
		key := "5"
		if k%2 == 1 {
			key = kb.Backspace
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("f-tls-rate"), key)); err != nil {
			b.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	p := res.Profile
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[int64(n.ID)] = n
		for _, c := range n.Children {
			parent[int64(c)] = int64(n.ID)
		}
	}
	self := map[string]int64{}
	incl := map[string]int64{}
	var samples int64
	for _, n := range p.Nodes {
		self[n.CallFrame.FunctionName] += n.HitCount
		samples += n.HitCount
		seen := map[string]bool{}
		for id := int64(n.ID); id != 0; id = parent[id] {
			f := byID[id].CallFrame.FunctionName
			if !seen[f] {
				incl[f] += n.HitCount
				seen[f] = true
			}
		}
	}
	ms := float64(p.EndTime-p.StartTime) / 1000 / float64(samples)
	show := func(m map[string]int64, title string, n int, filter func(string) bool) {
		names := []string{}
		for k := range m {
			if filter(k) {
				names = append(names, k)
			}
		}
		sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
		fmt.Println(title)
		for _, k := range names[:min(n, len(names))] {
			fmt.Printf("%8.1f ms/key  %s\n", float64(m[k])*ms/30, k)
		}
	}
	show(self, "SELF", 30, func(string) bool { return true })
	show(incl, "INCL", 80, func(k string) bool { return strings.Contains(k, ".") || strings.HasPrefix(k, "(") })
}
