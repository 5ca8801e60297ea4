package e2e

import (
	"os"
	"strconv"
	"testing"
)

// BenchmarkVersusBefore alternates cold loads of this repository's site
// with another build of the app (CRYPTOSIZER_BEFORE: a copy of the site
// before a change), so that a change's effect on the start is measured
// in one run, on one machine state (CRYPTOSIZER_THROTTLE=4 slows the
// page's CPU as a phone's). Never asserted. CRYPTOSIZER_BEFORE_KEYS=1
// adds, per run, a visit to each that types 30 keys (keydown →
// re-rendered, as BenchmarkVersusMinimal measures it), so that a change
// to what a keystroke runs is told apart from the machine's drift.
//
//	cp -a . /tmp/before   # (the built site, before the change, with its files' times)
//	... change, ./build.sh build ...
//	CRYPTOSIZER_BEFORE=/tmp/before go test -v -run '^$' -bench VersusBefore -benchtime 15x ./app/e2e/
func BenchmarkVersusBefore(b *testing.B) {
	before := os.Getenv("CRYPTOSIZER_BEFORE")
	if before == "" {
		b.Skip("CRYPTOSIZER_BEFORE unset")
	}
	throttle := 1.0 // CRYPTOSIZER_THROTTLE=4: a phone
	if t, err := strconv.ParseFloat(os.Getenv("CRYPTOSIZER_THROTTLE"), 64); err == nil && t >= 1 {
		throttle = t
	}
	ready := `(() => { const r = document.querySelector('#results[data-client="true"]'); return !!r && r.querySelectorAll('tr.row').length > 0 })()`
	sites := []struct{ name, dir string }{{"after", siteDir()}, {"before", before}}
	for _, s := range sites {
		compressedFresh(b, s.dir)
	}
	type split struct{ ready, wasm, main, dataset, mount, form, parts []float64 }
	got := map[string]*split{"after": {}, "before": {}}
	keys := map[string][]float64{}
	typing := os.Getenv("CRYPTOSIZER_BEFORE_KEYS") == "1"
	for i := 0; i < b.N; i++ {
		order := sites
		if i%2 == 1 {
			order = []struct{ name, dir string }{sites[1], sites[0]}
		}
		for _, s := range order {
			v := visit(b, s.dir, ready, throttle)
			g := got[s.name]
			g.ready = append(g.ready, v.readyMs)
			g.wasm = append(g.wasm, v.wasmMs)
			g.main = append(g.main, v.mainMs)
			g.dataset = append(g.dataset, v.datasetMs)
			g.mount = append(g.mount, v.mountMs)
			g.form, g.parts = append(g.form, v.formMs), append(g.parts, v.partsMs)
		}
		if typing {
			for _, s := range order {
				keys[s.name] = append(keys[s.name], keydowns(b, s.dir, ready, "f-tls-rate", "#results").lat...)
			}
		}
	}
	for _, s := range sites {
		g := got[s.name]
		b.Logf("%s: ready median %.0f (min %.0f, max %.0f) | wasm arrived %.0f | main() %.0f | dataset %.1f | mounted %.0f | the live form %.0f, every part live %.0f (0: not recorded)",
			s.name, median(g.ready), lowest(g.ready), highest(g.ready), median(g.wasm), median(g.main), median(g.dataset), median(g.mount), median(g.form), median(g.parts))
	}
	if typing {
		for _, s := range sites {
			b.Logf("%s: keydown → re-rendered median %.1f ms, p95 %.1f (n=%d)", s.name, median(keys[s.name]), percentile(keys[s.name], 0.95), len(keys[s.name]))
		}
		b.ReportMetric(median(keys["after"])/median(keys["before"]), "x-keydown-after/before")
	}
	b.ReportMetric(median(got["after"].ready)/median(got["before"].ready), "x-ready-after/before")
	b.ReportMetric(median(got["after"].ready)-median(got["before"].ready), "ms-ready-after-before")
}
