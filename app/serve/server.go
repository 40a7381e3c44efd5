//go:build !wasm

package serve

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	dxapp "github.com/dxscope/dxscope/app"
)

// CSP is the Content-Security-Policy of every response. go-app needs
// 'wasm-unsafe-eval' to compile app.wasm and sets style attributes from
// Go, hence 'unsafe-inline' for styles only; scripts come from the bundle.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

var contentTypes = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".webmanifest": "application/manifest+json",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
}

// Server serves the bundle in Dir: only regular files inside it, never a
// directory listing, never a path outside it.
type Server struct {
	Dir     string
	Version string // the bundle's content version: versioned names are served with a year of caching
}

// ServeHTTP answers GET and HEAD for bundle files.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", CSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := cleanPath(r)
	if !ok {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	immutable := false
	if base, ver, ok := versioned(name); ok {
		if ver != s.Version {
			http.NotFound(w, r)
			return
		}
		name, immutable = base, true
	}
	if name == "/" {
		name = "/index.html"
	}
	file := filepath.Join(s.Dir, filepath.FromSlash(name))
	st, err := os.Lstat(file)
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	ext := path.Ext(name)
	ctype := contentTypes[ext]
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	serveFile := file
	if compressible[ext] {
		h.Add("Vary", "Accept-Encoding")
		for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !accepts(r.Header.Get("Accept-Encoding"), enc.token) {
				continue
			}
			if cst, err := os.Stat(file + enc.ext); err == nil && !cst.ModTime().Before(st.ModTime()) {
				serveFile = file + enc.ext
				h.Set("Content-Encoding", enc.token)
				break
			}
		}
	}
	f, err := os.Open(serveFile)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fst, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// The ETag names the version and the encoding, so a cached br body is
	// never revalidated as a gzip one.
	h.Set("ETag", `"`+s.Version+"-"+strings.TrimPrefix(path.Ext(serveFile), ".")+"-"+name+`"`)
	if h.Get("Content-Encoding") != "" {
		// http.ServeContent sends no Content-Length with a Content-Encoding:
		// set it (the loader's progress and the browser's own need it), and
		// send the whole encoded body, since byte ranges of it mean nothing
		// to a client that asked for the decoded file.
		r.Header.Del("Range")
		h.Set("Content-Length", strconv.FormatInt(fst.Size(), 10))
	}
	http.ServeContent(w, r, "", fst.ModTime(), f)
}

// cleanPath returns the request path when it stays inside the bundle: no
// ".." or "." segments (raw or percent-encoded), no backslashes, NULs or
// hidden files.
func cleanPath(r *http.Request) (string, bool) {
	p := r.URL.Path
	raw := r.URL.EscapedPath()
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", false
	}
	lower := strings.ToLower(raw)
	if strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") || strings.Contains(lower, "%00") {
		return "", false
	}
	for _, seg := range strings.Split(p, "/")[1:] {
		if seg == ".." || seg == "." || strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	if path.Clean(p) != p && p != "/" {
		return "", false
	}
	return p, true
}

// versioned splits "/app-0123456789abcdef.wasm" into "/app.wasm" and the version.
func versioned(name string) (string, string, bool) {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	i := strings.LastIndexByte(stem, '-')
	if i < 0 {
		return "", "", false
	}
	base := stem[:i] + ext
	if !dxapp.HashedName(base) {
		return "", "", false
	}
	return base, stem[i+1:], true
}

// accepts reports whether an Accept-Encoding header allows token, as RFC
// 9110 §12.5.3 reads it: the coding named, else "*", with a weight above
// zero. A coding with no weight has q=1; "q=0", "Q=0", "q=0.", "q=0.000"
// and the like refuse it (§12.4.2: "q" is case-insensitive, a qvalue is a
// number from 0 to 1 with up to three decimals; longer runs of zeros are
// still zero). A weight that is not a number refuses too, so a client is
// never sent an encoding it did not clearly accept.
func accepts(header, token string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		switch {
		case strings.EqualFold(name, token):
			return weightAboveZero(params)
		case name == "*":
			star = weightAboveZero(params)
		}
	}
	return star
}

// weightAboveZero reads the parameters of one coding (after its first ";")
// and says whether its weight q is above zero.
func weightAboveZero(params string) bool {
	if params == "" {
		return true
	}
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		v = strings.TrimSpace(v)
		digits := strings.Replace(v, ".", "", 1)
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return false // not a number
		}
		return strings.Trim(digits, "0") != ""
	}
	return true
}
