package site

import (
	"bufio"
	_ "cryptosizer/app/internal/golden" // accepts go test ./... -update
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "<!doctype html>", "app.js": "//", "web/app.wasm": "\x00asm", "web/dataset.bin": "CSDS", "web/echarts.min.js": "//",
		"go.mod": "module x", "seeds/x.txt": "seed", "web/.hidden.js": "//", "web/sub/x.js": "//",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestHandlerServesOnlyTheSite(t *testing.T) {
	h := Handler(tree(t))
	tests := []struct {
		method, path string
		code         int
		ctype        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/?tls-rate=5", 200, "text/html; charset=utf-8"},
		{"GET", "/app.js", 200, "text/javascript; charset=utf-8"},
		{"HEAD", "/web/app.wasm", 200, "application/wasm"},
		{"GET", "/web/dataset.bin", 200, "application/octet-stream"},
		{"GET", "/web/echarts.min.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/go.mod", 404, ""},
		{"GET", "/seeds/x.txt", 404, ""},
		{"GET", "/web/", 404, ""},
		{"GET", "/web", 404, ""},
		{"GET", "/web/sub/x.js", 404, ""},
		{"GET", "/web/.hidden.js", 404, ""},
		{"GET", "/.git/config", 404, ""},
		{"GET", "/node_modules/", 404, ""},
		{"GET", "/web/../go.mod", 404, ""},
		{"GET", "/web/missing.js", 404, ""},
		{"POST", "/", 405, ""},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != tc.code || tc.ctype != "" && rec.Header().Get("Content-Type") != tc.ctype {
			t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, rec.Code, rec.Header().Get("Content-Type"), tc.code, tc.ctype)
		}
	}
}

// A client that never finishes its request is cut off by the header
// timeout instead of holding the connection.
func TestServerTimesOutHalfSentRequests(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := Server(Handler(tree(t)), Timeouts{ReadHeader: 100 * time.Millisecond, Read: time.Second, Write: time.Second, Idle: time.Second})
	go srv.Serve(ln)
	defer srv.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")); err != nil {
		t.Fatal(err)
	}
	// The server closes the connection (possibly after a 408); a read
	// ends instead of waiting for the generous deadline.
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Fatalf("status %d", resp.StatusCode)
		}
		return
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept a half-sent request open")
	}
}

func TestAccepts(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate, br, zstd", "gzip", true},
		{"gzip", "br", false},
		{"", "gzip", false},
		{"br;q=0, gzip", "br", false},
		{"BR;Q=0.5", "br", true},
		{"br;q=0.000", "br", false},
		{"*", "br", true},
		{"*;q=0, gzip", "br", false},
		{"gzip;q=0, *", "gzip", false},
		{"identity", "gzip", false},
		{"x-br", "br", false},
	} {
		if got := Accepts(c.header, c.coding); got != c.want {
			t.Errorf("Accepts(%q, %q) = %v, want %v", c.header, c.coding, got, c.want)
		}
	}
}

func TestHandlerSendsPrecompressedCopies(t *testing.T) {
	dir := tree(t)
	write := func(name, body string, mod time.Time) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	write("web/app.wasm", "\x00asm", now)
	write("web/app.wasm.br", "BROTLI", now)
	write("web/app.wasm.gz", "GZIP", now)
	write("app.js", "//", now)
	write("app.js.br", "STALE", now.Add(-time.Hour)) // older than app.js
	write("web/icon-192.png", "PNG", now)
	write("web/icon-192.png.gz", "NO", now)
	h := Handler(dir)
	for _, c := range []struct {
		path, accept, body, encoding, ctype string
	}{
		{"/web/app.wasm", "gzip, deflate, br", "BROTLI", "br", "application/wasm"},
		{"/web/app.wasm", "gzip", "GZIP", "gzip", "application/wasm"},
		{"/web/app.wasm", "br;q=0, gzip", "GZIP", "gzip", "application/wasm"},
		{"/web/app.wasm", "", "\x00asm", "", "application/wasm"},
		{"/app.js", "br", "//", "", "text/javascript; charset=utf-8"},
		{"/web/icon-192.png", "gzip", "PNG", "", "image/png"},
		{"/web/app.wasm.br", "br", "404 page not found\n", "", "text/plain; charset=utf-8"},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if got := rec.Body.String(); got != c.body {
			t.Errorf("%s (%q): body %q, want %q", c.path, c.accept, got, c.body)
		}
		if got := res.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("%s (%q): Content-Encoding %q, want %q", c.path, c.accept, got, c.encoding)
		}
		if got := res.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s (%q): Content-Type %q, want %q", c.path, c.accept, got, c.ctype)
		}
		if vary := res.Header.Get("Vary"); res.StatusCode == 200 && c.ctype != "image/png" && vary != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.path, vary)
		}
	}
}
