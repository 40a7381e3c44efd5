//go:build !wasm

package serve

import (
	"bufio"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// testBundle writes a small bundle (and a secret file beside it, which no
// request may reach) and precompresses it.
func testBundle(t *testing.T) (*Server, string) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "web")
	files := map[string]string{
		"index.html":           "<!doctype html><title>x</title>" + strings.Repeat("<p>hello</p>", 50),
		"app.js":               strings.Repeat("console.log('x');\n", 100),
		"app.wasm":             "\x00asm\x01\x00\x00\x00" + strings.Repeat("wasm", 300),
		"dxscope.css":          strings.Repeat("body{color:red}\n", 50),
		"manifest.webmanifest": `{"name":"dxscope"}`,
		"icon.svg":             `<svg xmlns="http://www.w3.org/2000/svg"></svg>`,
		"icon-192.png":         "\x89PNG\r\n\x1a\n",
		"examples/vertex.dxbc": "DXBC",
		".build-stamp":         "hidden",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "secret.txt"), []byte("SECRET"), 0o644)
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644)
	if err := CompressAll(dir, 5, io.Discard); err != nil {
		t.Fatal(err)
	}
	return &Server{Dir: dir, Version: "0123456789abcdef"}, root
}

func get(t *testing.T, h http.Handler, target string, hdr map[string]string) *http.Response {
	t.Helper()
	r := httptest.NewRequest("GET", target, nil)
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

// wantHeader checks that each path answers 200 with the header's wanted value.
func wantHeader(t *testing.T, h http.Handler, header string, cases []struct{ path, want string }) {
	t.Helper()
	for _, tc := range cases {
		res := get(t, h, tc.path, nil)
		if res.StatusCode != 200 {
			t.Errorf("%s: status %d", tc.path, res.StatusCode)
			continue
		}
		if got := res.Header.Get(header); got != tc.want {
			t.Errorf("%s: %s %q, want %q", tc.path, header, got, tc.want)
		}
	}
}

func TestServerContentTypes(t *testing.T) {
	s, _ := testBundle(t)
	wantHeader(t, s, "Content-Type", []struct{ path, want string }{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/app.js", "text/javascript; charset=utf-8"},
		{"/app.wasm", "application/wasm"},
		{"/app-0123456789abcdef.wasm", "application/wasm"},
		{"/dxscope.css", "text/css; charset=utf-8"},
		{"/manifest.webmanifest", "application/manifest+json"},
		{"/icon.svg", "image/svg+xml"},
		{"/icon-192.png", "image/png"},
		{"/examples/vertex.dxbc", "application/octet-stream"},
	})
}

func TestServerSecurityHeaders(t *testing.T) {
	s, _ := testBundle(t)
	for _, p := range []string{"/", "/app.wasm", "/nope"} {
		res := get(t, s, p, nil)
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "'wasm-unsafe-eval'", "object-src 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %s", p, csp, want)
			}
		}
		if strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("%s: CSP allows unsafe-eval", p)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", p)
		}
	}
}

func TestServerCaching(t *testing.T) {
	s, _ := testBundle(t)
	wantHeader(t, s, "Cache-Control", []struct{ path, want string }{
		{"/app-0123456789abcdef.wasm", "public, max-age=31536000, immutable"},
		{"/dxscope-0123456789abcdef.css", "public, max-age=31536000, immutable"},
		{"/app.wasm", "no-cache"},
		{"/", "no-cache"},
		{"/app.js", "no-cache"},
	})
	// An old version's name must not be served (and cached for a year) with new content.
	if res := get(t, s, "/app-ffffffffffffffff.wasm", nil); res.StatusCode != 404 {
		t.Errorf("stale versioned name: status %d, want 404", res.StatusCode)
	}
}

func TestServerCompressionNegotiation(t *testing.T) {
	s, _ := testBundle(t)
	raw, _ := os.ReadFile(filepath.Join(s.Dir, "app.wasm"))
	for _, tc := range []struct {
		accept, want string
	}{
		{"gzip, deflate, br", "br"},
		{"br;q=1.0, gzip;q=0.8", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"br;q=0., gzip", "gzip"},
		{"br;Q=0, gzip", "gzip"},
		{"br;q=0.0000, gzip", "gzip"},
		{"br ; q = 0 , gzip", "gzip"},
		{"br;q=0, gzip;q=0.", ""},
		{"", ""},
		{"identity", ""},
		{"deflate", ""},
	} {
		res := get(t, s, "/app.wasm", map[string]string{"Accept-Encoding": tc.accept})
		if got := res.Header.Get("Content-Encoding"); got != tc.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.want)
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary", tc.accept)
		}
		var body io.Reader = res.Body
		switch tc.want {
		case "br":
			body = brotli.NewReader(res.Body)
		case "gzip":
			zr, err := gzip.NewReader(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		got, err := io.ReadAll(body)
		if err != nil || string(got) != string(raw) {
			t.Errorf("Accept-Encoding %q: body does not decode to app.wasm (%v)", tc.accept, err)
		}
	}
	// Images are not precompressed.
	if res := get(t, s, "/icon-192.png", map[string]string{"Accept-Encoding": "br, gzip"}); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("png served with Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
}

func TestServerRefusesDirectoriesAndHiddenFiles(t *testing.T) {
	s, _ := testBundle(t)
	for _, p := range []string{"/examples/", "/examples", "/.build-stamp", "/nope.html", "/web/"} {
		res := get(t, s, p, nil)
		if res.StatusCode == 200 {
			body, _ := io.ReadAll(res.Body)
			t.Errorf("%s: status 200 (%q)", p, body)
		}
	}
	if res := get(t, s, "/", nil); res.StatusCode != 200 {
		t.Errorf("/: status %d", res.StatusCode)
	}
}

func TestServerMethods(t *testing.T) {
	s, _ := testBundle(t)
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest(m, "/", nil))
		if w.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s: status %d", m, w.Code)
		}
	}
}

// TestServerRefusesTraversal sends raw request lines (as curl --path-as-is
// would) to a real listener, so no client cleans the path first.
func TestServerRefusesTraversal(t *testing.T) {
	s, _ := testBundle(t)
	ts := httptest.NewServer(s)
	defer ts.Close()
	addr := strings.TrimPrefix(ts.URL, "http://")
	for _, p := range []string{
		"/../secret.txt",
		"/examples/../../secret.txt",
		"/%2e%2e/secret.txt",
		"/%2E%2E/secret.txt",
		"/.%2e/secret.txt",
		"/%2e%2e%2fsecret.txt",
		"/examples%2f..%2f..%2fsecret.txt",
		"/..%5csecret.txt",
		"/..\\secret.txt",
		"/%252e%252e/secret.txt",
		"/examples/%2e%2e/%2e%2e/secret.txt",
		"//secret.txt",
		"/./index.html",
	} {
		status, body := rawGet(t, addr, p)
		if status == 200 || strings.Contains(body, "SECRET") {
			t.Errorf("%s: status %d body %q", p, status, body)
		}
	}
}

func rawGet(t *testing.T, addr, path string) (int, string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, ""
	}
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestStaleWasm(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644)
	os.MkdirAll(filepath.Join(root, "views"), 0o755)
	src := filepath.Join(root, "views", "a.go")
	os.WriteFile(src, []byte("package views\n"), 0o644)
	wasm := filepath.Join(root, "app.wasm")
	if stale, why, _ := Stale(root, wasm); !stale || !strings.Contains(why, "missing") {
		t.Errorf("missing wasm: stale=%v (%s)", stale, why)
	}
	os.WriteFile(wasm, []byte("x"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(src, old, old)
	os.Chtimes(filepath.Join(root, "go.mod"), old, old)
	if stale, why, _ := Stale(root, wasm); stale {
		t.Errorf("fresh wasm reported stale: %s", why)
	}
	os.Chtimes(src, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	if stale, why, _ := Stale(root, wasm); !stale || !strings.Contains(why, "a.go") {
		t.Errorf("newer source: stale=%v (%s)", stale, why)
	}
	// The build's recipe (app/serve's page build) counts, the server does not.
	os.Chtimes(src, old, old)
	os.MkdirAll(filepath.Join(root, "app", "serve"), 0o755)
	server := filepath.Join(root, "app", "serve", "server.go")
	recipe := filepath.Join(root, "app", "serve", "pagebuild.go")
	os.WriteFile(server, []byte("package serve\n"), 0o644)
	if stale, why, _ := Stale(root, wasm); stale {
		t.Errorf("a newer server file made app.wasm stale: %s", why)
	}
	os.WriteFile(recipe, []byte("package serve\n"), 0o644)
	os.Chtimes(recipe, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	if stale, why, _ := Stale(root, wasm); !stale || !strings.Contains(why, "pagebuild.go") {
		t.Errorf("newer page build recipe: stale=%v (%s)", stale, why)
	}
	// pageip.go is written into net/url's overlay: it is the recipe too.
	os.Chtimes(recipe, old, old)
	ip := filepath.Join(root, "app", "serve", "pageip.go")
	os.WriteFile(ip, []byte("package serve\n"), 0o644)
	os.Chtimes(ip, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	if stale, why, _ := Stale(root, wasm); !stale || !strings.Contains(why, "pageip.go") {
		t.Errorf("newer net/url overlay: stale=%v (%s)", stale, why)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for _, tc := range []struct {
		header, token string
		want          bool
	}{
		{"gzip, br", "br", true},
		{"gzip;q=0", "gzip", false},
		{"BR", "br", true},
		{"brotli", "br", false},
		{"gzip; q=0.5", "gzip", true},
		// RFC 9110 §12.4.2: every spelling of a zero weight refuses.
		{"br;q=0", "br", false},
		{"br;q=0.", "br", false},
		{"br;Q=0", "br", false},
		{"br;q=0.0000", "br", false},
		{"br;q=0.000", "br", false},
		{"br ; q=0", "br", false},
		{"br;  q=0 ", "br", false},
		{"br;\tq=0", "br", false},
		{"br;q= 0", "br", false},
		{"br;q=0, gzip", "br", false},
		{"gzip, br;q=0", "br", false},
		{"br;q=0.001", "br", true},
		{"br;q=1", "br", true},
		{"br;q=1.000", "br", true},
		{"br;Q=0.5", "br", true},
		{"br;q=", "br", false},       // no number: not accepted
		{"br;q=zero", "br", false},   // not a number
		{"br;q=-1", "br", false},     // not a qvalue
		{"br;level=1", "br", true},   // another parameter, no weight: q=1
		{"*", "br", true},            // any coding
		{"*;q=0", "br", false},       // none but those named
		{"gzip, *;q=0", "br", false}, // only gzip
		{"br;q=0, *", "br", false},   // named beats *
		{"br, *;q=0", "br", true},
	} {
		if got := accepts(tc.header, tc.token); got != tc.want {
			t.Errorf("accepts(%q, %q) = %v", tc.header, tc.token, got)
		}
	}
}
