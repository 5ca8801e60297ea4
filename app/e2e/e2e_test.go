// Package e2e drives the generated static site in Debian's headless
// Chromium. It needs `./build.sh build` first (./build.sh test does it)
// and chromium on PATH; set CRYPTOSIZER_SKIP_E2E=1 to skip on a machine
// without a browser (CI never sets it).
package e2e

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cryptosizer/app/site"
)

// root is the repository, where ./build.sh writes the site. The site
// served can be another build (CRYPTOSIZER_SITE=dir), to check that a
// test fails on an older one.
var root = filepath.Join("..", "..")

func siteDir() string {
	if d := os.Getenv("CRYPTOSIZER_SITE"); d != "" {
		return d
	}
	return root
}

// site serves the repository root (the built static site) on loopback.
type server struct {
	srv  *http.Server
	ln   net.Listener
	base string
}

func serve(t testing.TB, host string, h http.Handler) *server {
	t.Helper()
	ln, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{srv: &http.Server{Handler: h}, ln: ln, base: "http://" + ln.Addr().String()}
	go s.srv.Serve(ln)
	t.Cleanup(func() { s.srv.Close() })
	return s
}

// siteHandler serves the built site as ./build.sh serve does.
func siteHandler() http.Handler { return site.Handler(siteDir()) }

func browser(t testing.TB) (context.Context, context.CancelFunc) {
	t.Helper()
	if os.Getenv("CRYPTOSIZER_SKIP_E2E") == "1" {
		t.Skip("CRYPTOSIZER_SKIP_E2E=1")
	}
	if _, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err != nil {
		t.Fatal("web/app.wasm missing: run ./build.sh build first")
	}
	if _, bench := t.(*testing.B); bench {
		// A benchmark has a browser of its own, as a user has, which
		// does not record its network traffic for DevTools: chromedp
		// turns that on, and the inspector then copies every response
		// (a trace of the start: 84 ms of the main thread once the 11 MB
		// wasm had arrived, besides its share of each chunk's task).
		// CRYPTOSIZER_DEVTOOLS_NETWORK=1 leaves it on, as the benches
		// before issue 61's last stops measured.
		ctx, cancel, err := launch(t.TempDir(), jsFlags(t))
		if err != nil {
			t.Fatal(err)
		}
		if os.Getenv("CRYPTOSIZER_DEVTOOLS_NETWORK") == "1" {
			return ctx, cancel
		}
		if _, err := chromedp.Call(ctx, network.Disable, cdp.Empty{}); err != nil {
			cancel()
			t.Fatal(err)
		}
		return ctx, cancel
	}
	// A test opens a browser context of its own (its own cache, storage,
	// service workers, cookies and downloads, as a separate profile has)
	// in the one browser the tests share, started once.
	shared.once.Do(func() {
		dir, err := os.MkdirTemp("", "cryptosizer-e2e-")
		if err != nil {
			shared.err = err
			return
		}
		shared.dir = dir
		shared.ctx, shared.cancel, shared.err = launch(dir, jsFlags(t))
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	ctx, cancel1 := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		cancel1()
		t.Fatalf("a browser context in the shared browser: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(ctx, 120*time.Second)
	return ctx, func() { cancel2(); cancel1() }
}

// shared is the browser the tests open their browser contexts in;
// TestMain closes it.
var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	dir    string
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// launch starts Chromium with its profile in dir. It starts it at once,
// not at the first action: under the load of the whole suite, Chromium
// now and then exits before it is reachable (crashpad's "no stack
// mapping"), and chromedp starting a failed browser's context a second
// time closes a closed channel in its allocator (v0.22.1,
// allocate.go:361), a panic that ends every test. Each attempt has an
// allocator and a context of its own.
func launch(dir, js string) (context.Context, context.CancelFunc, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, nil, fmt.Errorf("chromium not found: apt-get install chromium (or set CRYPTOSIZER_SKIP_E2E=1)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 1000),
	}
	if js != "" {
		opts = append(opts, chromedp.Flag("js-flags", js))
	}
	var errs []error
	for attempt := 1; attempt <= 3; attempt++ {
		actx, cancel1 := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel2 := chromedp.NewContext(actx)
		err := chromedp.Do(ctx)
		if err == nil {
			return ctx, func() { cancel2(); cancel1() }, nil
		}
		cancel2()
		cancel1()
		errs = append(errs, fmt.Errorf("attempt %d: %w", attempt, err))
	}
	return nil, nil, fmt.Errorf("chromium did not start in three attempts: %w", errors.Join(errs...))
}

// jsFlags are V8's flags for the browser of t. A test runs V8's baseline
// compiler only (--liftoff-only): the optimizing tier recompiles the hot
// part of the 12 MB wasm in the background on every page load of every
// test, which nothing in a test needs. A benchmark measures what a
// user's browser does, with every tier. CRYPTOSIZER_JS_FLAGS replaces
// both, for an experiment.
func jsFlags(t testing.TB) string {
	if f, ok := os.LookupEnv("CRYPTOSIZER_JS_FLAGS"); ok {
		return f
	}
	if _, bench := t.(*testing.B); bench {
		return ""
	}
	return "--liftoff-only"
}

type step = chromedp.Action[chromedp.Void]

// poll waits until a JavaScript expression is truthy. A navigation
// that replaces the document while the expression is evaluated (or just
// before: chromedp may still hold the old document's context) is not an
// answer: the expression is evaluated again in the new document.
func poll(expr string, timeout time.Duration) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		deadline := time.Now().Add(timeout)
		for {
			_, err := chromedp.Poll[any](expr, chromedp.WithPollingTimeout(time.Until(deadline)))(ctx, t)
			if err == nil || !documentReplaced(err) || time.Until(deadline) < 50*time.Millisecond {
				return chromedp.Void{}, err
			}
			select {
			case <-ctx.Done():
				return chromedp.Void{}, ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
}

// documentReplaced reports whether err is V8's for an evaluation whose
// document went away (a navigation).
func documentReplaced(err error) bool {
	m := err.Error()
	return strings.Contains(m, "Cannot find context with specified id") || strings.Contains(m, "Execution context was destroyed")
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

// waitReady waits until the page has ranked at least n times and its
// start is over: the form, what is under the ranking and the charts
// stand in pre-rendered and inert until the tasks after the ranking's
// (ui/standin.go).
func waitReady(n int) step {
	return poll(fmt.Sprintf(`(() => { const r = document.querySelector('#results'); return r && r.dataset.client === 'true' && +r.dataset.renders >= %d && document.querySelectorAll('tr.row').length > 0 && !!window.cryptosizerTiming && window.cryptosizerTiming.started > 0 })()`, n), 60*time.Second)
}

// siteCached waits until the service worker holds the whole site (the
// stock list has 10 entries: page, scripts, styles, wasm, icons; 8 is
// enough to know the install finished past the large files).
func siteCached() step {
	return poll(`caches.keys().then(k => Promise.all(k.map(n => caches.open(n).then(c => c.keys())))).then(a => a.flat().length >= 8)`, 60*time.Second)
}

// goOffline stops the server and clears the browser's HTTP cache, so that
// only the service worker can answer — without the cache clear an offline
// test passes falsely.
func goOffline(ctx context.Context, t testing.TB, s *server) {
	t.Helper()
	s.srv.Close()
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
}

// chartsDrawn scrolls to the charts (they are made only once their
// place nears the view), waits until cond holds, and scrolls back up.
func chartsDrawn(cond string) step {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		for _, s := range []step{
			poll(`(e => !!e && (e.scrollIntoView({block: 'center'}), true))(document.getElementById('charts'))`, 10*time.Second),
			poll(cond, 30*time.Second),
			poll(`(window.scrollTo(0, 0), true)`, time.Second),
		} {
			if _, err := s(ctx, t); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}
}

const chartData = `(() => { const i = window.echarts && echarts.getInstanceByDom(document.getElementById('chart-headroom')); return i ? JSON.stringify(i.getOption().series[0].data) : '' })()`

func text(ctx context.Context, t testing.TB, expr string) string {
	t.Helper()
	v, err := eval[string](ctx, expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func TestPageRanksAndReacts(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	var mu sync.Mutex
	var offOrigin []string
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			u := e.Request.URL
			if !strings.HasPrefix(u, s.base) && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				mu.Lock()
				offOrigin = append(offOrigin, u)
				mu.Unlock()
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1), chartsDrawn(chartData+".length > 2")); err != nil {
		t.Fatal(err)
	}
	rows := text(ctx, t, `String(document.querySelectorAll('tr.row:not([hidden])').length)`)
	all := text(ctx, t, `String(document.querySelectorAll('tr.row').length)`)
	fails := text(ctx, t, `String(document.querySelectorAll('tr.row.fail').length)`)
	first := text(ctx, t, `document.querySelector('tr.row td.num').textContent`)
	firstChart := text(ctx, t, chartData)
	summary := text(ctx, t, `document.querySelector('.summary').textContent`)
	count := text(ctx, t, `document.getElementById('results').dataset.count`)
	// The table lays out the first 10 passes, 5 unknowns and the closest
	// 5 failures of the whole catalogue, not every candidate.
	if f(t, count) <= f(t, all) || f(t, rows) != f(t, all) || f(t, all) > 20 || f(t, fails) != 5 || !strings.Contains(summary, "TLS 1.3 server ecdhe-ecdsa-p256, 10 handshakes/s") {
		t.Fatalf("%s candidates, %s rows, %s shown, %s failing, summary %q", count, all, rows, fails, summary)
	}
	// The rest are one click away.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-all-fails")), poll(`document.querySelectorAll('tr.row:not([hidden])').length === `+count, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	// Typing changes the ranking and the chart.
	err = chromedp.Do(ctx,
		poll(`(e => { e.focus(); e.select(); return true })(document.getElementById('f-tls-rate'))`, 5*time.Second),
		chromedp.SendKeys(chromedp.ID("f-tls-rate"), "2"),
		waitReady(2),
		poll(chartData+" !== "+strconvQuote(firstChart), 10*time.Second),
	)
	if err != nil {
		t.Fatal(err)
	}
	after := text(ctx, t, `document.querySelector('tr.row td.num').textContent`)
	url := text(ctx, t, `location.search`)
	if after == first || !strings.Contains(url, "tls-rate=2") {
		t.Errorf("input did not re-rank: headroom %q → %q, url %q", first, after, url)
	}
	// An invalid value shows a message next to the field, and nothing crashes.
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("f-fw-size"), "x"),
		poll(`document.querySelector('#f-fw-size-msg').className === 'error'`, 10*time.Second),
	)
	msg := text(ctx, t, `document.querySelector('#f-fw-size-msg').textContent`)
	if err != nil || !strings.Contains(msg, "accepted: a size from 1 B to 1 TiB such as 256KiB") {
		t.Errorf("inline validation: %v %q", err, msg)
	}
	// Column headers sort; rows are selectable from the keyboard.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("sort-mcu")), poll(`document.querySelector('th[aria-sort=ascending] #sort-mcu') !== null`, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	mcus := text(ctx, t, `[...document.querySelectorAll('tr.row.fail td:nth-child(4) strong')].map(td => td.textContent).join(',')`)
	list := strings.Split(mcus, ",")
	for i := 1; i < len(list); i++ {
		if list[i-1] > list[i] {
			t.Errorf("not sorted by MCU: %v", list)
			break
		}
	}
	err = chromedp.Do(ctx,
		poll(`(r => { r.focus(); r.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})); return true })(document.querySelector('tr.row'))`, 5*time.Second),
		poll(`document.querySelector('#details h2') !== null`, 10*time.Second),
	)
	details := text(ctx, t, `document.querySelector('#details').textContent`)
	if err != nil || !strings.Contains(details, "headroom") || !regexp.MustCompile(`wolfssl-stm32-benchmarks[-0-9a-f]*\.md:\d+:\d+`).MatchString(details) {
		t.Errorf("keyboard selection did not open the details with sources: %v %.300s", err, details)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(offOrigin) > 0 {
		t.Errorf("requests left the page's origin: %v", offOrigin)
	}
}

// allowDownloads saves the page's downloads in dir (those of the test's
// browser context: the browser is shared).
func allowDownloads(t testing.TB, ctx context.Context, dir string) {
	t.Helper()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
		BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
	}); err != nil {
		t.Fatal(err)
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestURLStateAndBadParams(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=5&tls-suite=x25519-ed25519&fw-size=1MiB&fw-deadline=1s&fw-sig=ed25519"), waitReady(1)); err != nil {
		t.Fatal(err)
	}
	// The old tls-suite parameter shows as the pair it names.
	suite := text(ctx, t, `document.getElementById('f-tls-kex').value + ' ' + document.getElementById('f-tls-sig').value`)
	size := text(ctx, t, `document.getElementById('f-fw-size').value`)
	summary := text(ctx, t, `document.querySelector('.summary').textContent`)
	if suite != "x25519 ed25519" || size != "1MiB" || !strings.Contains(summary, "firmware 1 MiB ed25519/sha256 within 1 s") {
		t.Errorf("state not restored: suite %q size %q summary %q", suite, size, summary)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=banana&fw-size=2MB&fw-deadline=soon"), waitReady(1)); err != nil {
		t.Fatal(err)
	}
	errText := text(ctx, t, `[...document.querySelectorAll('#problems li')].map(e => e.textContent).join(' | ')`)
	if !strings.Contains(errText, `tls-rate "banana"`) || !strings.Contains(errText, `fw-deadline "soon"`) || !strings.Contains(errText, "its default is used instead") {
		t.Errorf("bad parameter message: %q", errText)
	}
}

// After a first visit the page opens offline, a shared link too, and no
// request fails: on the desk and on a phone.
func TestOffline(t *testing.T) {
	t.Parallel()
	deskAndPhone(t, offline)
}

// offline is TestOffline at 1280 px or on a phone (issue 60).
func offline(t *testing.T, phone bool) {
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	err := chromedp.Do(ctx, deskOrPhone(phone),
		chromedp.Navigate(s.base+"/"),
		waitReady(1),
		poll(`navigator.serviceWorker.ready.then(() => true)`, 60*time.Second),
		siteCached(),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the server and the HTTP cache: only the service worker is left.
	goOffline(ctx, t, s)
	// Offline, every request the page makes is answered (issue 60: the
	// icon was not cached, and each offline navigation logged a failed
	// load).
	var mu sync.Mutex
	urls, failed := map[network.RequestID]string{}, []string{}
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls[e.RequestID] = e.Request.URL
		case *network.EventLoadingFailed:
			failed = append(failed, urls[e.RequestID]+" ("+e.ErrorText+")")
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/"), waitReady(1)); err != nil {
		t.Fatalf("offline load failed: %v", err)
	}
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		if len(failed) > 0 {
			t.Errorf("offline, %d requests failed: %v", len(failed), failed)
		}
	}()
	// A shared link (state in the query) opens offline too.
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?tls-rate=3&tls-role=client"), waitReady(1)); err != nil {
		t.Fatalf("offline load with a query failed: %v", err)
	}
	if sum := text(ctx, t, `document.querySelector('.summary').textContent`); !strings.Contains(sum, "TLS 1.3 client ecdhe-ecdsa-p256, 3 handshakes/s") {
		t.Errorf("offline link did not restore its state: %q", sum)
	}
}

// TestSubPathOffline builds the site for /tools/cs/, serves it there as a
// static host would (the directory URL with its trailing slash) and opens
// it offline.
func TestSubPathOffline(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"app.wasm", "dataset.bin", "import.wasm", "import-worker.js", "compile-worker.js", "echarts.min.js", "cryptosizer.css", "link.js"} {
		b, err := os.ReadFile(filepath.Join(root, "web", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "web", f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gen := exec.Command("go", "run", "./app/cmd/sitegen", "-out", dir, "-prefix", "/tools/cs")
	gen.Dir = root
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("sitegen: %v\n%s", err, out)
	}
	mux := http.NewServeMux()
	mux.Handle("/tools/cs/", http.StripPrefix("/tools/cs", site.Handler(dir)))
	s := serve(t, "127.0.0.1", mux)
	err := chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/tools/cs/?tls-rate=4"),
		waitReady(1),
		siteCached(),
	)
	if err != nil {
		t.Fatal(err)
	}
	goOffline(ctx, t, s)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/tools/cs/?tls-rate=6"), waitReady(1)); err != nil {
		t.Fatalf("offline load under a sub-path failed: %v", err)
	}
	if sum := text(ctx, t, `document.querySelector('.summary').textContent`); !strings.Contains(sum, "6 handshakes/s") {
		t.Errorf("summary %q", sum)
	}
}

// An embedded page posts the row picked to the portal that embeds it
// (its origin given), with the plain page's link: on the desk and on a
// phone.
func TestEmbedPostsSelection(t *testing.T) {
	t.Parallel()
	deskAndPhone(t, embedPostsSelection)
}

// embedPostsSelection is TestEmbedPostsSelection in a 1200 px frame on
// the desk, or a full-width frame on a phone, tapped (issue 60).
func embedPostsSelection(t *testing.T, phone bool) {
	ctx, cancel := browser(t)
	defer cancel()
	app := serve(t, "127.0.0.1", siteHandler())
	var host *server
	host = serve(t, "localhost", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><title>vendor portal</title><script>window.got = [];
addEventListener('message', e => window.got.push({origin: e.origin, data: e.data}));</script>
<meta name="viewport" content="width=device-width"><style>body{margin:0}</style>
<iframe id="calc" style="width:%s;height:900px;border:0" src="%s/?embed=1&tls-rate=20&origin=%s"></iframe>`, map[bool]string{false: "1200px", true: "100%"}[phone], app.base, host.base)
	}))
	if err := chromedp.Do(ctx, deskOrPhone(phone), chromedp.Navigate(host.base+"/")); err != nil {
		t.Fatal(err)
	}
	frames, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS("#calc")))
	if err != nil || len(frames) == 0 {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		// The static HTML carries a pre-rendered table: wait for the wasm
		// app to take over before clicking.
		chromedp.WaitVisible(chromedp.CSS(`#results[data-client="true"] tr.row`), chromedp.FromNode(frames[0])),
		chromedp.Click(chromedp.CSS(`#results[data-client="true"] tr.row`), chromedp.FromNode(frames[0])),
		poll(`window.got.length > 0`, 20*time.Second),
	)
	if err != nil {
		t.Fatal(err)
	}
	got := text(ctx, t, `JSON.stringify(window.got[0])`)
	// The link posted is the plain page's (issue 60): no embed=1, which
	// opened the compact layout from a portal's "link to the result".
	if !strings.Contains(got, `"type":"cryptosizer:select"`) || !strings.Contains(got, `"origin":"`+app.base+`"`) || !strings.Contains(got, `"rank":1`) ||
		strings.Contains(got, `embed=1`) || !strings.Contains(got, `tls-rate=20"`) {
		t.Errorf("message: %s", got)
	}
}

func TestUpdateBanner(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	var mu sync.Mutex
	deployed := false
	base := siteHandler()
	s := serve(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		v2 := deployed
		mu.Unlock()
		if v2 && r.URL.Path == "/app-worker.js" {
			// A new deployment: a different worker script (as a new
			// Version would produce).
			b, err := os.ReadFile(filepath.Join(root, "app-worker.js"))
			if err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(append(b, []byte("\n// next deployment\n")...))
			return
		}
		base.ServeHTTP(w, r)
	}))
	err := chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/"),
		waitReady(1),
		poll(`navigator.serviceWorker.controller !== null`, 60*time.Second),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n := text(ctx, t, `String(document.querySelectorAll('.banner').length)`); n != "0" {
		t.Fatalf("update banner shown before any update: %s", n)
	}
	mu.Lock()
	deployed = true
	mu.Unlock()
	err = chromedp.Do(ctx,
		poll(`(goappTryUpdate(), true)`, 5*time.Second),
		poll(`document.querySelector('.banner button') !== null`, 60*time.Second),
	)
	if err != nil {
		t.Fatalf("no update banner after a new deployment: %v", err)
	}
	if b := text(ctx, t, `document.querySelector('.banner').textContent`); !strings.Contains(b, "new version") {
		t.Errorf("banner: %q", b)
	}
}

// TestImportExport pastes benchmark output, previews and adds it, sees it
// ranked, reloads (online and offline) and keeps it, then downloads the
// ranking as CSV and compares it with the table.
func TestImportExport(t *testing.T) {
	t.Parallel()
	ctx, cancel := browser(t)
	defer cancel()
	s := serve(t, "127.0.0.1", siteHandler())
	dl := t.TempDir()
	allowDownloads(t, ctx, dl)
	paste, err := os.ReadFile(filepath.Join(root, "app", "source", "wolfcrypt", "testdata", "bare-5.7.txt"))
	if err != nil {
		t.Fatal(err)
	}
	hostile := "<img src=x onerror=\"window.pwned=1\">\n"
	err = chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/?tls-rate=20"),
		waitReady(1),
		poll(`(document.getElementById('import').open = true)`, 5*time.Second),
		// A hostile paste is shown as text and never run.
		chromedp.SetValue(chromedp.ID("import-text"), hostile+string(paste)),
		poll(`(document.getElementById('import-text').dispatchEvent(new Event('input', {bubbles: true})), true)`, 5*time.Second),
		poll(`document.querySelector('#import-preview .import-errors') !== null`, 10*time.Second),
	)
	if err != nil {
		t.Fatal(err)
	}
	bundled := f(t, text(ctx, t, `document.getElementById('results').dataset.count`))
	preview := text(ctx, t, `document.getElementById('import-preview').textContent`)
	if !strings.Contains(preview, "line 1: unrecognized text in benchmark output") || !strings.Contains(preview, `<img src=x`) || !strings.Contains(preview, "Recognized 8 measurements") {
		t.Errorf("preview: %.400s", preview)
	}
	if pwned := text(ctx, t, `String(window.pwned === 1 || document.querySelector('#import-preview img') !== null)`); pwned != "false" {
		t.Fatal("pasted HTML was interpreted")
	}
	// The bad paste is refused; the clean one is added with the names the
	// text leaves out.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("import-add")),
		poll(`(document.getElementById('import-msg') || {textContent: ''}).textContent.startsWith('Not added')`, 5*time.Second),
		chromedp.SetValue(chromedp.ID("import-text"), string(paste)),
		poll(`(document.getElementById('import-text').dispatchEvent(new Event('input', {bubbles: true})), true)`, 5*time.Second),
		chromedp.SendKeys(chromedp.ID("import-mcu"), "STM32U585"),
		chromedp.SendKeys(chromedp.ID("import-clock"), "160"),
		chromedp.SendKeys(chromedp.ID("import-config"), "desk build"),
		poll(`document.querySelector('#import-preview .import-errors') === null`, 10*time.Second),
		chromedp.Click(chromedp.ID("import-add")),
		poll(`document.querySelectorAll('.badge.imported').length === 1`, 10*time.Second),
	)
	if err != nil {
		t.Fatal(err)
	}
	count := f(t, text(ctx, t, `document.getElementById('results').dataset.count`))
	if count != bundled+1 {
		t.Errorf("%v candidates after the import, want %v", count, bundled+1)
	}
	stored := text(ctx, t, `localStorage.getItem('cryptosizer.imports.v1')`)
	if !strings.Contains(stored, `"mcu":"STM32U585"`) || strings.Contains(stored, "onerror") {
		t.Errorf("stored imports: %.300s", stored)
	}
	// The results' filter finds the imported row by "imported" (issue 60),
	// and only it.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("filter")), chromedp.SendKeys(chromedp.ID("filter"), "imported"),
		poll(`document.querySelectorAll('tr.row').length === 1 && document.querySelectorAll('tr.row .badge.imported').length === 1`, 20*time.Second)); err != nil {
		t.Errorf("the filter \"imported\": %v (%d rows)", err, eval1[int](ctx, t, `document.querySelectorAll('tr.row').length`))
	}
	for range "imported" {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Backspace)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, poll(`document.querySelectorAll('tr.row').length > 1`, 20*time.Second)); err != nil {
		t.Errorf("the filter cleared: %v", err)
	}
	// Reload keeps it; so does an offline reload.
	err = chromedp.Do(ctx,
		chromedp.Reload(),
		waitReady(1),
		poll(`document.querySelectorAll('.badge.imported').length === 1`, 10*time.Second),
		siteCached(),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Download the ranking and compare it with the table.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("export-csv"))); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dl, "cryptosizer-ranking.csv")
	var csvText []byte
	for i := 0; i < 100 && len(csvText) == 0; i++ {
		time.Sleep(100 * time.Millisecond)
		csvText, _ = os.ReadFile(csvPath)
	}
	rows, err := csv.NewReader(bytes.NewReader(csvText)).ReadAll()
	if err != nil || float64(len(rows)) != count+1 {
		t.Fatalf("downloaded CSV: %v, %d rows", err, len(rows))
	}
	firstMCU := text(ctx, t, `document.querySelector('tr.row td:nth-child(4)').firstChild.textContent`)
	// The table names the group a measured row stands for, and the part.
	if !strings.HasSuffix(firstMCU, rows[1][2]) || rows[0][0] != "rank" {
		t.Errorf("CSV first row %v, table's first MCU %q", rows[1], firstMCU)
	}
	imported := false
	for _, r := range rows {
		imported = imported || r[2] == "STM32U585" && r[6] == "desk build"
	}
	if !imported {
		t.Error("the CSV lacks the imported candidate")
	}
	// Charts download as SVG and PNG.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("chart-headroom-svg")), chromedp.Click(chromedp.ID("chart-headroom-png"))); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ name, head string }{{"chart-headroom.svg", "<svg"}, {"chart-headroom.png", "\x89PNG"}} {
		var b []byte
		// Up to 30 s: on a loaded machine the chart's export and the
		// download's write took over 10 s (a wait, not a timing).
		for i := 0; i < 300 && len(b) == 0; i++ {
			time.Sleep(100 * time.Millisecond)
			b, _ = os.ReadFile(filepath.Join(dl, f.name))
		}
		if !bytes.HasPrefix(b, []byte(f.head)) {
			t.Errorf("%s: %d bytes starting %q", f.name, len(b), b[:min(len(b), 8)])
		}
	}
	// The link carries the import to another browser.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("copy-link")), poll(`document.getElementById('share-link') !== null`, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	link := text(ctx, t, `document.getElementById('share-link').value`)
	if !strings.Contains(link, "tls-rate=20") || !strings.Contains(link, "#imports=") {
		t.Fatalf("share link %q", link)
	}
	other, cancel2 := browser(t)
	defer cancel2()
	if err := chromedp.Do(other, chromedp.Navigate(link), waitReady(1), poll(`document.querySelectorAll('.badge.imported').length === 1`, 10*time.Second)); err != nil {
		t.Fatalf("link did not carry the import: %v", err)
	}
	goOffline(ctx, t, s)
	if err := chromedp.Do(ctx, chromedp.Reload(), waitReady(1), poll(`document.querySelectorAll('.badge.imported').length === 1`, 10*time.Second)); err != nil {
		t.Fatalf("offline reload lost the import: %v", err)
	}
}
