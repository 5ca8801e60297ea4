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
	".bin": "application/octet-stream", // the dataset (data.Use)
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
		full := filepath.Join(dir, filepath.FromSlash(name))
		f, fi, ok := open(full)
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", contentTypes[path.Ext(name)])
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		if compressible(name) {
			h.Set("Vary", "Accept-Encoding")
			for _, enc := range encodings {
				if !Accepts(r.Header.Get("Accept-Encoding"), enc.name) {
					continue
				}
				// A compressed copy older than its file is stale (a
				// rebuild without precompress): the file is sent as is.
				if zf, zi, ok := open(full + enc.ext); ok && !zi.ModTime().Before(fi.ModTime()) {
					defer zf.Close()
					h.Set("Content-Encoding", enc.name)
					http.ServeContent(w, r, name, zi.ModTime(), zf)
					return
				}
			}
		}
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

func open(name string) (*os.File, os.FileInfo, bool) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, fi, true
}

// encodings the server sends precompressed copies in, preferred first;
// app/cmd/precompress writes them next to each compressible file.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// compressible reports whether a site file is worth compressing: text
// and wasm, not PNG (already compressed).
func compressible(name string) bool { return path.Ext(name) != ".png" }

// Compressible lists the site's files in dir that precompress should
// compress, as slash paths relative to dir.
func Compressible(dir string) ([]string, error) {
	var out []string
	for name := range rootFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			out = append(out, name)
		}
	}
	entries, err := os.ReadDir(filepath.Join(dir, "web"))
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := "web/" + e.Name()
		if f, ok := File("/" + name); ok && e.Type().IsRegular() && compressible(f) {
			out = append(out, name)
		}
	}
	return out, nil
}

// Accepts reports whether an Accept-Encoding header accepts the coding:
// listed by name or as "*", without q=0.
func Accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		zero := false
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				v = strings.TrimRight(strings.TrimSpace(v), "0")
				zero = v == "" || v == "." || v == "0" || v == "0."
			}
		}
		switch name {
		case coding:
			return !zero
		case "*":
			star = !zero
		}
	}
	return star
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
