// Command serve serves the built static site from a directory on a
// loopback address (package site: only the site's files, PWA MIME types,
// no listings, timeouts).
package main

import (
	"flag"
	"log"
	"net"

	"cryptosizer/app/site"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := flag.String("dir", ".", "directory the site was built in")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("serving %s on http://%s", *dir, ln.Addr())
	log.Fatal(site.Server(site.Handler(*dir), site.DefaultTimeouts).Serve(ln))
}
