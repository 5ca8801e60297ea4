// Command sitegen writes the static site: index.html, app.js,
// app-worker.js, wasm_exec.js, manifest.webmanifest and app.css in the
// output directory, and under web/ the app icons and page.css (app.css
// and web/cryptosizer.css in one stylesheet). web/app.wasm and
// web/echarts.min.js must already be there: the version is a hash of
// everything the page loads, so a new build is detected as an update.
//
//	sitegen [-out .] [-prefix /sub/path]
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cryptosizer/app/dataset/registry"
	"cryptosizer/app/ui"
)

func main() {
	out := flag.String("out", ".", "directory to write the site to (its web/ holds app.wasm)")
	prefix := flag.String("prefix", "", "URL path the site is served under, e.g. /tools/cryptosizer (empty: the host's root)")
	flag.Parse()
	if err := run(*out, *prefix); err != nil {
		fmt.Fprintln(os.Stderr, "sitegen:", err)
		os.Exit(1)
	}
}

func run(out, prefix string) error {
	web := filepath.Join(out, "web")
	if err := icons(web); err != nil {
		return err
	}
	version, err := hashFiles(web, "app.wasm", "dataset.bin", "import.wasm", "import-worker.js", "compile-worker.js", "echarts.min.js", "cryptosizer.css", "link.js", "icon.svg")
	if err != nil {
		return fmt.Errorf("%w (run ./build.sh, which builds web/app.wasm and copies echarts first)", err)
	}
	ui.Routes(ui.Bundled())
	h := handler(version)
	root := "/"
	if p := strings.Trim(prefix, "/"); p != "" {
		h.Resources = app.PrefixedLocation("/" + p)
		root = "/" + p + "/"
	}
	sw, err := serviceWorker(root)
	if err != nil {
		return err
	}
	h.ServiceWorkerTemplate = sw
	if err := app.GenerateStaticWebsite(out, h); err != nil {
		return err
	}
	if err := patchFile(filepath.Join(out, "app.js"), appJSPatches); err != nil {
		return fmt.Errorf("app.js: %w", err)
	}
	if err := oneStylesheet(out); err != nil {
		return err
	}
	page := filepath.Join(out, "index.html")
	b, err := os.ReadFile(page)
	if err != nil {
		return err
	}
	if b, err = normalizeHTML(b); err != nil {
		return fmt.Errorf("index.html: %w", err)
	}
	// The page links web/page.css alone (it holds app.css).
	s, err := patch(string(b), [][2]string{{"\n    <link href=\"" + root + "app.css\" rel=\"stylesheet\" type=\"text/css\">", ""}})
	if err != nil {
		return fmt.Errorf("index.html: %w", err)
	}
	b = []byte(s)
	return os.WriteFile(page, b, 0o644)
}

// handler is go-app's description of the page: names, icons, the
// stylesheet and scripts, what the worker caches, and the head's extras.
func handler(version string) *app.Handler {
	return &app.Handler{
		Name:            "cryptosizer",
		ShortName:       "cryptosizer",
		Title:           "cryptosizer — size STM32 crypto workloads",
		Description:     "Rank STM32 boards, crypto acceleration and libraries (" + strings.Join(registry.Sources.LibraryNames(), ", ") + ") against TLS, secure-boot and AES workloads.",
		Lang:            "en",
		BackgroundColor: "#ffffff",
		ThemeColor:      "#0b5394",
		// No percentage: the wasm streams to the compiler as the network
		// gives it (goappFetchWasm, appJSPatches), not through a script
		// that counts its bytes.
		LoadingLabel: "Loading the calculator…",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		// go-app's app.css and ours as one file (oneStylesheet).
		Styles: []string{"/web/" + pageCSS},
		// A small synchronous script, before the body: it marks a page
		// opened with a link's own workload, so that the pre-rendered
		// default ranking never passes for the link's answer.
		Scripts: []string{"/web/link.js"},
		// The first paint waits until the results' summary and status are
		// parsed (#status follows them): painted progressively, a slow
		// phone's first paint held the form only, and the summary line —
		// the page's largest text — painted ~0.5–1 s later as a second,
		// largest paint (issue 61).
		RawHeaders: []string{`<link rel="expect" href="#status" blocking="render">`},
		// Neither ECharts (app/ui Chart) nor the import reader
		// (app/cmd/importer) is a page script: the page loads each when
		// first needed. The worker caches them, the dataset the wasm
		// fetches (app/cmd/web), the worker that compiles the wasm
		// (appJSPatches), and the SVG icon the page links (go-app's list
		// leaves it out: an offline visit failed).
		CacheableResources: []string{"/web/dataset.bin", "/web/compile-worker.js", "/web/echarts.min.js", "/web/import-worker.js", "/web/import.wasm", "/web/icon.svg"},
		Version:            version,
	}
}

// pageCSS is the page's one stylesheet, under web/.
const pageCSS = "page.css"

// oneStylesheet writes web/page.css: go-app's app.css (the loader's and
// the not-found page's rules), then web/cryptosizer.css, in the order the
// page linked them. One stylesheet blocks the first paint instead of two
// (a round trip each on a phone's network); app.css is still written, for
// go-app's worker, which lists it.
func oneStylesheet(out string) error {
	goapp, err := os.ReadFile(filepath.Join(out, "app.css"))
	if err != nil {
		return err
	}
	ours, err := os.ReadFile(filepath.Join(out, "web", "cryptosizer.css"))
	if err != nil {
		return err
	}
	css := "/* Generated by app/cmd/sitegen: go-app's app.css, then web/cryptosizer.css. */\n" + string(goapp) + "\n" + string(ours)
	return os.WriteFile(filepath.Join(out, "web", pageCSS), []byte(css), 0o644)
}

// appJSPatches make a first visit download app.wasm once. go-app's page
// registers the service worker at once, and the worker's install fetches
// every resource, app.wasm included, while the page is still fetching it:
// with the HTTP cache disabled (DevTools, or a host that sends no-store)
// the 9.9 MB file came twice. Here the page (or the worker that compiled
// app.wasm for it) puts its own response into the service worker's
// cache, and registers the service worker only once that is done; its
// install fetches only what its cache does not hold yet.
var appJSPatches = [][2]string{
	{"goappInitServiceWorker();\ngoappWatchForUpdate();", "goappWatchForUpdate();"},
	{`  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    return;
  }`, `  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    goappInitServiceWorker();
    return;
  }`},
	{`    console.error("loading wasm failed: ", err);`, `    console.error("loading wasm failed: ", err);
    goappInitServiceWorker();`},
	// Go's start (its runtime, the dataset, the first ranking and go-app's
	// mount) is long: the pre-rendered page paints first, so that its
	// ranking is on screen at once. A page whose wasm was fetched after
	// its first paint was reported (goappAfterLargestPaint) has painted
	// and starts at once; otherwise (no paint API, or none reported
	// within 1 s) it waits for a frame, a hidden tab, which draws none,
	// 100 ms at most. Go's start yields between its parts, so its first
	// task ending is not the app being there: the page removes the
	// loader once it is mounted (ui.Page.OnMount).
	{`    go.run(wasm.instance);
    loader.remove();`, `    if (!self.goappPainted) {
      await new Promise((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 100);
      });
    }
    setTimeout(self.goappStartOver, 10000);
    go.run(wasm.instance);`},
	// app.wasm is fetched once the page's largest paint (the pre-rendered
	// ranking's status line) is on screen, not while it is being painted:
	// a lab's load model (Lighthouse's) counts a request that ends before
	// the largest paint as holding that paint back, and the 2 MB download
	// (0.1 s on the lab's own link) made the largest paint of a page
	// painted in 1.4 s an 11.5 s one. The first paint is the largest (the
	// head's render-blocking link), so a page whose first paint is
	// recorded starts at once, as does a browser without the
	// largest-paint API; a page that paints nothing (a hidden tab) after
	// 1 s. The cost, measured: the download starts 0.1–0.3 s later on a
	// 4× throttled phone (the time its first paint is reported after the
	// scripts run).
	// The dataset (web/dataset.bin, app/cmd/web) is fetched once the
	// wasm is in hand, before it is instantiated (goappInstantiate), not
	// preloaded by the head: a preload competed with the first paint (the
	// lab's largest paint went from 1.1 to 1.8 s), and fetched with the
	// wasm, its 0.8 MB competed with the wasm's download (A/B, 20
	// alternating cold loads at 1×: the wasm there 47 ms sooner and the
	// ranking live 44 ms sooner after it; the dataset, read ~170 ms after
	// the module is in hand, had arrived). The wasm takes the response
	// the page started at the dataset's first read (data.UseLater,
	// browser.Fetch).
	{"goappWatchForInstallable();\ngoappInitWebAssembly();", `goappWatchForInstallable();
goappStartCompiler();
goappAfterLargestPaint(goappInitWebAssembly);`},
	{`async function goappInitWebAssembly() {`, `// goappStartFetch starts fetching url for the wasm, which takes the
// promise from goappFetches (browser.Fetch) instead of fetching again.
function goappStartFetch(url) {
  try {
    self.goappFetches = self.goappFetches || {};
    self.goappFetches[url] = fetch(url);
  } catch (err) {
    console.error("fetching " + url + " failed:", err);
  }
}

// goappAfterLargestPaint runs start once the largest paint is reported:
// at once when the first paint is (it is the largest) or the API is
// missing, after 1 s at most. goappPainted says whether a paint was
// reported before start.
function goappAfterLargestPaint(start) {
  let started = false;
  const go = () => {
    if (!started) {
      started = true;
      start();
    }
  };
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes("largest-contentful-paint")) {
      go();
      return;
    }
    if (performance.getEntriesByName("first-contentful-paint").length > 0) {
      self.goappPainted = true;
      go();
      return;
    }
    const seen = new PerformanceObserver(() => {
      seen.disconnect();
      self.goappPainted = true;
      go();
    });
    seen.observe({ type: "largest-contentful-paint", buffered: true });
  } catch (err) {
    go();
    return;
  }
  setTimeout(go, 1000);
}

async function goappInitWebAssembly() {`},
	// app.wasm goes to the compiler as the network gives it: go-app's
	// fetchWithProgress (left in the file, unused) passed every chunk
	// through a script on the main thread to count it for the loader's
	// percentage. The copy for the worker's cache is written once the
	// page says its start is over (app/ui/browser.StartOver), not during
	// it. A/B against the page before (12 alternating visits each, on
	// this machine): the response as it comes, its copy written at once,
	// ready 42 ms sooner; no copy at all, 61 ms more, and a copy written
	// 3 s later the same as none; a copy a script reads for the
	// percentage, 85 ms later than without; the whole file read first,
	// then compiled (not streamed), 23 ms later and the live form 150.
	// (The wasm's URL has the site's prefix: the call is patched without it.)
	// Where the page can start a Worker, app.wasm is downloaded and
	// compiled in one (web/compile-worker.js, started as app.js runs; it
	// is sent the URL once the largest paint is reported), off the main
	// thread, which meanwhile lays the page out and runs its scripts; the
	// page instantiates the compiled module. A/B against the page
	// compiling it (16 alternating visits each): 4× throttled, ready 262
	// ms sooner (2,113 against 2,375); at 1×, 20–51 ms later in three runs.
	// The 1× cost was not the module's way to the page (1 ms after the
	// download's end in later traces) but what shared the two cores with
	// the worker's download, which moves ~40–45 MB of decoded bytes a
	// second here: the dataset's fetch, a clone of the response, the
	// loader's spinning icon (each now gone from it: compile-worker.js,
	// goappInstantiate, web/cryptosizer.css; ready ~100 ms sooner at 1×
	// in two A/Bs). Without a Worker, or when it fails, the page fetches
	// and compiles it itself, as before (its copy still a clone).
	{`    const wasm = await instantiateStreaming(
      fetchWithProgress(`, `    const wasm = await goappInstantiate(
      instantiateStreaming,
      goappCompileOrFetch(`},
	{`async function fetchWithProgress(url, progess) {
  const response = await fetch(url);
`, `// goappStartOver is called by the page once its start is over (mounted,
// live and warm: app/ui/browser.StartOver); goappStartIsOver resolves
// once no key, click or touch has come for 1 s since (30 s at most):
// the copy and the worker's install then do not compete with a
// person's first keystrokes.
const goappStartIsOver = new Promise((resolve) => {
  let last = 0;
  try {
    for (const type of ["keydown", "pointerdown", "input"]) {
      addEventListener(type, () => (last = performance.now()), { capture: true, passive: true });
    }
  } catch (err) {
    console.error(err);
  }
  const quiet = () => {
    const wait = last + 1000 - performance.now();
    if (wait <= 0) {
      resolve();
    } else {
      setTimeout(quiet, wait);
    }
  };
  self.goappStartOver = () => {
    setTimeout(resolve, 30000);
    quiet();
  };
});

// goappStartCompiler starts web/compile-worker.js, where there are
// Workers: as app.js runs, so that it is ready when the page sends it
// app.wasm's URL (not for a page that will not load it: a crawler's,
// ?wasm=false). A worker that fails before that (its script missing,
// say) is marked, so that the page does not wait for it.
function goappStartCompiler() {
  try {
    if (goappCanLoadWebAssembly() && "Worker" in self && WebAssembly.Module) {
      const worker = new Worker(goappEnv.GOAPP_STATIC_RESOURCES_URL + "/compile-worker.js");
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        worker.goappFailed = event.message || "it did not run";
      });
      self.goappCompiler = worker;
    }
  } catch (err) {
    console.error("starting the compile worker failed:", err);
  }
}

// goappCompileOrFetch gives the module url holds, compiled by the
// compile worker, or, without one or when it fails, the response to
// url for the page to compile (go-app's call passes its progress
// function too: there is no progress to show).
async function goappCompileOrFetch(url) {
  const compiler = self.goappCompiler;
  if (compiler) {
    try {
      return await goappCompileIn(compiler, new URL(url, location.href).href);
    } catch (err) {
      compiler.terminate();
      console.error("compiling app.wasm in a worker failed, compiling it here:", err);
    }
  }
  return goappFetchWasm(url);
}

// goappCompileIn has worker download and compile url; once the start is
// over, it has the worker put app.wasm (the HTTP cache's copy of that
// download) into the service worker's cache, then registers the service
// worker.
function goappCompileIn(worker, url) {
  return new Promise((resolve, reject) => {
    if (worker.goappFailed) {
      reject(new Error("web/compile-worker.js: " + worker.goappFailed));
      return;
    }
    worker.onmessage = (event) => {
      const msg = event.data || {};
      if (!(msg.module instanceof WebAssembly.Module)) {
        reject(new Error(msg.error || "no module"));
        return;
      }
      if (msg.arrived > 0) {
        self.goappWasmArrived = msg.arrived - performance.timeOrigin;
      }
      resolve(msg.module);
      goappStartIsOver
        .then(() => goappKeepInWorker(worker))
        .catch((err) => console.error("keeping app.wasm for the worker failed:", err))
        .finally(() => {
          worker.terminate();
          goappInitServiceWorker();
        });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error("web/compile-worker.js: " + (event.message || "it did not run")));
    };
    worker.postMessage({ compile: url });
  });
}

// goappKeepInWorker has the compile worker put app.wasm into the cache
// the service worker installs from.
function goappKeepInWorker(worker) {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const msg = event.data || {};
      if (msg.kept) {
        self.goappWasmKept = performance.now();
        resolve();
      } else {
        reject(new Error(msg.error || "not kept"));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error("web/compile-worker.js: " + (event.message || "it stopped")));
    };
    worker.postMessage({ keep: "app-" + goappEnv.GOAPP_VERSION });
  });
}

// goappInstantiate instantiates what goappCompileOrFetch gave: a
// compiled module, or a response to compile here (its headers: the
// page's own compile, the download still under way). It starts the
// dataset's fetch first.
async function goappInstantiate(instantiateStreaming, got, importObject) {
  const wasm = await got;
  goappStartFetch(goappEnv.GOAPP_STATIC_RESOURCES_URL + "/dataset.bin");
  if (wasm instanceof WebAssembly.Module) {
    return { instance: await WebAssembly.instantiate(wasm, importObject) };
  }
  return instantiateStreaming(wasm, importObject);
}

// goappFetchWasm fetches url for the page's compiler, and keeps a copy
// of its response for the service worker.
async function goappFetchWasm(url) {
  const response = await fetch(url);
  goappKeepForWorker(url, response);
  return response;
}

// goappKeepForWorker puts a copy of the page's app.wasm response into
// the cache the service worker installs from, once the start is over
// (or 10 s after Go's start, if the page never says so), then
// registers the worker: its install then finds app.wasm cached and does
// not download it again.
function goappKeepForWorker(url, response) {
  let kept = Promise.resolve();
  try {
    if (response.ok && "caches" in self) {
      const copy = response.clone();
      kept = goappStartIsOver
        .then(() => caches.open("app-" + goappEnv.GOAPP_VERSION))
        .then((c) => c.put(url, copy))
        .then(() => (self.goappWasmKept = performance.now()));
    }
  } catch (err) {
    kept = Promise.reject(err);
  }
  kept
    .catch((err) => console.error("keeping app.wasm for the worker failed:", err))
    .finally(goappInitServiceWorker);
}

async function fetchWithProgress(url, progess) {
  const response = await fetch(url);
`},
}

// patchFile applies replacements to a generated file, each of which must
// match exactly once: a go-app upgrade that changes the text fails the
// build here instead of silently shipping the stock behavior.
func patchFile(name string, patches [][2]string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	s, err := patch(string(b), patches)
	if err != nil {
		return err
	}
	return os.WriteFile(name, []byte(s), 0o644)
}

func patch(s string, patches [][2]string) (string, error) {
	for _, p := range patches {
		if n := strings.Count(s, p[0]); n != 1 {
			return "", fmt.Errorf("go-app's generated text changed: %q found %d times, want once; update sitegen", p[0], n)
		}
		s = strings.Replace(s, p[0], p[1], 1)
	}
	return s, nil
}

// serviceWorker adapts go-app's worker to a static host. The stock one
// caches the page as "/prefix" and looks requests up verbatim, so offline
// it misses "/prefix/" (what a static host serves for the directory) and
// every URL with a query — and the query is where this app keeps its
// state. This one caches the page under its directory URL and answers
// every navigation to it, whatever the query, from that entry.
func serviceWorker(root string) (string, error) {
	alias := strings.TrimSuffix(root, "/")
	if alias == "" {
		alias = "/"
	}
	return patch(app.DefaultAppWorkerJS, [][2]string{
		{`const resourcesToCache = {{.ResourcesToCache}};`, fmt.Sprintf(`const pageRoot = %q;
const pageAlias = %q;
const resourcesToCache = {{.ResourcesToCache}}.map((u) => (u === pageAlias ? pageRoot : u));`, root, alias)},
		{`async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request);`, `async function fetchWithCache(request) {
  let cachedResponse = await caches.match(request);
  if (!cachedResponse && request.mode === "navigate") {
    const path = new URL(request.url).pathname;
    if (path === pageRoot || path === pageAlias || path === pageRoot + "index.html") {
      cachedResponse = await caches.match(pageRoot, { ignoreSearch: true });
    }
  }`},
		// Install fetches only what the cache lacks: the page has put
		// app.wasm there already (appJSPatches).
		{`  await cache.addAll(resourcesToCache);`, `  const missing = [];
  for (const u of resourcesToCache) {
    if (!(await cache.match(u))) {
      missing.push(u);
    }
  }
  await cache.addAll(missing);`},
	})
}

func hashFiles(dir string, names ...string) (string, error) {
	h := sha256.New()
	for _, n := range names {
		f, err := os.Open(filepath.Join(dir, n))
		if err != nil {
			return "", err
		}
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// icons draws the PNG icons go-app asks for (192 and 512 px) and writes
// the SVG one, so that no icon is fetched from elsewhere.
func icons(dir string) error {
	for _, size := range []int{192, 512} {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		bg := color.RGBA{0x0b, 0x53, 0x94, 0xff}
		fg := color.RGBA{0xff, 0xff, 0xff, 0xff}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				c := bg
				// A chip: a white square with pins on each side.
				in := x > size/4 && x < 3*size/4 && y > size/4 && y < 3*size/4
				pin := (x > size/8 && x < size/4 || x > 3*size/4 && x < 7*size/8) && (y/(size/16))%2 == 1 && y > size/4 && y < 3*size/4
				if in || pin {
					c = fg
				}
				img.Set(x, y, c)
			}
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("icon-%d.png", size)))
		if err != nil {
			return err
		}
		if err := png.Encode(f, img); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0b5394"/><rect x="4" y="4" width="8" height="8" fill="#fff"/></svg>`
	return os.WriteFile(filepath.Join(dir, "icon.svg"), []byte(svg), 0o644)
}
