// Package site serves the built static site the way a careful static host
// would: only the site's own files (the page, go-app's scripts, the
// manifest and web/), with the MIME types a PWA needs, no directory
// listings, and a server whose reads, writes and idle connections time
// out. The local server (app/cmd/serve) and the end-to-end tests use it.
package site

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Files at the top of the site; everything else it serves is under web/.
var rootFiles = map[string]bool{
	"index.html": true, "app.js": true, "app-worker.js": true, "wasm_exec.js": true,
	"manifest.webmanifest": true, "app.css": true,
}

// contentTypes by extension: set here, not taken from the machine's MIME
// database, so every host of this server answers the same.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".wasm": "application/wasm",
	".webmanifest": "application/manifest+json", ".json": "application/json",
	".svg": "image/svg+xml", ".png": "image/png",
}

// File maps a request path to a file of the site, or reports that the
// path is not one: "/" is the page, "/web/x" a file of web/ (no
// subdirectories, no dot files).
func File(urlPath string) (string, bool) {
	p := path.Clean("/" + urlPath)
	if p == "/" {
		return "index.html", true
	}
	name := strings.TrimPrefix(p, "/")
	if rootFiles[name] {
		return name, true
	}
	if rest, ok := strings.CutPrefix(name, "web/"); ok && rest != "" && !strings.Contains(rest, "/") && !strings.HasPrefix(rest, ".") {
		if _, known := contentTypes[path.Ext(rest)]; known {
			return name, true
		}
	}
	return "", false
}

// Handler serves the site built in dir. Responses say no-cache, so that
// a rebuild is picked up at once (the service worker does the caching).
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, ok := File(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentTypes[path.Ext(name)])
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

// Timeouts bound how long a client may hold a connection.
type Timeouts struct {
	ReadHeader, Read, Write, Idle time.Duration
}

// DefaultTimeouts suit a local server: a slow client is cut off after a
// few seconds; the largest file (the wasm) takes well under a second.
var DefaultTimeouts = Timeouts{ReadHeader: 5 * time.Second, Read: 10 * time.Second, Write: 60 * time.Second, Idle: 60 * time.Second}

// Server is an http.Server for h with the given timeouts.
func Server(h http.Handler, t Timeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read,
		WriteTimeout: t.Write, IdleTimeout: t.Idle, MaxHeaderBytes: 16 << 10}
}
