//go:build !wasm

package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// A file chosen while the decoder is still loading is kept, the page says
// so, and it opens once the decoder is live. The test holds app.wasm back
// (a proxy in front of the real server answers it only when told) so the
// page is certainly not live when the file is set on the input.
func TestFileChosenBeforeTheDecoderIsLive(t *testing.T) {
	browser := startBrowser(t)
	real, err := url.Parse(browser.URL)
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

	p := browser.NewTab(t)
	p.Do(chromedp.Navigate(front.URL + "/"))
	p.WaitFor("the page's HTML", `!!document.getElementById('file-input')`)

	path, err := filepath.Abs(filepath.Join("..", "web", "examples", "vertex.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	p.Upload("#file-input", path)
	p.WaitFor("the note that the file is kept", `(document.getElementById('pending-file')?.textContent || '').startsWith('vertex.dxbc opens')`)
	if browsertest.Eval[bool](p, `window.dxscopeReady === true`) {
		t.Fatal("the decoder is live although app.wasm was held back")
	}
	p.Shoot("pending-file")

	release()
	p.WaitReady("the app")
	p.WaitFile("vertex.dxbc")
	if n := browsertest.Eval[float64](p, `document.querySelectorAll('#part-list .part').length`); n < 2 {
		t.Errorf("the kept file opened with %v parts listed", n)
	}
}
