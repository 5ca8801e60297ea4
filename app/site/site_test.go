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
		"index.html": "<!doctype html>", "app.js": "//", "web/app.wasm": "\x00asm", "web/echarts.min.js": "//",
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
