//go:build !wasm

package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// A file chosen while the decoder is still loading is kept, the page says
// so, and it opens once the decoder is live. The test holds app.wasm back
// (a proxy in front of the real server answers it only when told) so the
// page is certainly not live when the file is set on the input.
func TestFileChosenBeforeTheDecoderIsLive(t *testing.T) {
	base, browser := browserAndPage(t)
	real, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	proxy := httputil.NewSingleHostReverseProxy(real)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			<-gate
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)

	shots := os.Getenv("DXSCOPE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	p := newPage(t, browser, front.URL, shots)
	p.do(chromedp.Navigate(front.URL + "/"))
	p.wait("the page's HTML", `!!document.getElementById('file-input')`)

	path, err := filepath.Abs(filepath.Join("..", "web", "examples", "vertex.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	p.upload("#file-input", path)
	p.wait("the note that the file is kept", `(document.getElementById('pending-file')?.textContent || '').startsWith('vertex.dxbc opens')`)
	if eval[bool](p, `window.dxscopeReady === true`) {
		t.Fatal("the decoder is live although app.wasm was held back")
	}
	p.screenshot("pending-file")

	release()
	p.wait("the app", `window.dxscopeReady === true`)
	p.wait("the kept file opened", `document.querySelector('#file-name')?.textContent === 'vertex.dxbc'`)
	if n := eval[float64](p, `document.querySelectorAll('#part-list .part').length`); n < 2 {
		t.Errorf("the kept file opened with %v parts listed", n)
	}
}
