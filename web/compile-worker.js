// cryptosizer's compiler: a Worker that downloads web/app.wasm and
// compiles it off the page's main thread, so that a phone's main thread
// lays the pre-rendered page out and runs its scripts while the 11 MB
// module streams in and compiles (app/cmd/sitegen's app.js patches).
//
// The page posts {compile: url} and gets {module, arrived} (the compiled
// WebAssembly.Module, which it instantiates and runs, and when the
// download ended, in ms since the epoch) or {error}. Once the page's
// start is over the page posts {keep: cache} and gets {kept: true} when
// app.wasm is in that cache (the service worker's: its install then
// does not download app.wasm again) or {kept: false, error}.
//
// The copy is the browser's HTTP cache's (fetched with cache:
// "force-cache": the response compiled above, stale or not, without
// asking the server), not a clone kept from the start: a clone tees
// the body, and every chunk the compiler reads is copied for it. A/B
// (20 alternating cold loads, 1x): ready 19.5 ms sooner without the
// clone. A response the host forbids storing (Cache-Control: no-store)
// leaves no such copy: it is cloned then. Where the HTTP cache has lost
// its copy, app.wasm is downloaded again.
let url = "";
let copy = null;

async function compile(response) {
  if (WebAssembly.compileStreaming) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.compile) {
    try {
      url = String(msg.compile);
      const response = await fetch(url);
      if (!response.ok) {
        throw new Error(url + ": HTTP " + response.status);
      }
      if (/no-store/i.test(response.headers.get("Cache-Control") || "")) {
        copy = response.clone();
      }
      const module = await compile(response);
      const timing = performance.getEntriesByName(url)[0];
      const arrived = timing ? performance.timeOrigin + timing.responseEnd : 0;
      self.postMessage({ module: module, arrived: arrived });
    } catch (err) {
      self.postMessage({ error: String((err && err.message) || err) });
    }
    return;
  }
  if (msg.keep) {
    try {
      if (!url) {
        throw new Error("no app.wasm compiled to keep");
      }
      const response = copy || (await fetch(url, { cache: "force-cache" }));
      copy = null;
      if (!response.ok) {
        throw new Error(url + ": HTTP " + response.status);
      }
      const cache = await caches.open(String(msg.keep));
      await cache.put(url, response);
      self.postMessage({ kept: true });
    } catch (err) {
      self.postMessage({ kept: false, error: String((err && err.message) || err) });
    }
  }
};
