// Command serve serves the built static site from a directory on a
// loopback address, with the MIME types a PWA needs (application/wasm,
// application/manifest+json) and no caching, so a rebuild is picked up.
package main

import (
	"flag"
	"log"
	"mime"
	"net/http"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := flag.String("dir", ".", "directory to serve")
	flag.Parse()
	mime.AddExtensionType(".wasm", "application/wasm")
	mime.AddExtensionType(".webmanifest", "application/manifest+json")
	fs := http.FileServer(http.Dir(*dir))
	log.Printf("serving %s on http://%s", *dir, *addr)
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/.") {
			// The site is served from the repository root: keep .git out.
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		fs.ServeHTTP(w, r)
	})))
}
