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
// so, and it opens once the decoder is live.
func TestFileChosenBeforeTheDecoderIsLive(t *testing.T) {
	root, _ := filepath.Abs("..")
	p := chosenBeforeLive(t, "pending-file", "vertex.dxbc opens", filepath.Join(root, "web", "examples", "vertex.dxbc"))
	p.WaitFile("vertex.dxbc")
	if n := browsertest.Eval[float64](p, `document.querySelectorAll('#part-list .part').length`); n < 2 {
		t.Errorf("the kept file opened with %v parts listed", n)
	}
}

// Three files chosen together while the decoder is loading are kept
// together, and open as one pipeline once it is live.
func TestFilesChosenBeforeTheDecoderIsLive(t *testing.T) {
	root, _ := filepath.Abs("..")
	dir := filepath.Join(root, "testdata", "linkage")
	p := chosenBeforeLive(t, "", "vs.dxbc, gs.dxbc and ps-works.dxbc open together",
		filepath.Join(dir, "vs.dxbc"), filepath.Join(dir, "gs.dxbc"), filepath.Join(dir, "ps-works.dxbc"))
	p.WaitFor("the pipeline", `!!document.querySelector('#pipeline-title')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#pipeline-title').textContent`); got != "Pipeline: vs.dxbc → gs.dxbc → ps-works.dxbc: links" {
		t.Errorf("title %q", got)
	}
}

// chosenBeforeLive sets files on the file input of a page whose app.wasm is
// held back (a proxy in front of the real server answers it only when
// told), so the page is certainly not live; waits for the note that starts
// with note (a screenshot of it named shot, unless ""), then lets the
// decoder load and waits for it.
func chosenBeforeLive(t *testing.T, shot, note string, files ...string) *browsertest.Page {
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
	p.UploadFiles("#file-input", files...)
	p.WaitFor("the note that the files are kept", `(document.getElementById('pending-file')?.textContent || '').startsWith(`+browsertest.JSString(note)+`)`)
	if browsertest.Eval[bool](p, `window.dxscopeReady === true`) {
		t.Fatal("the decoder is live although app.wasm was held back")
	}
	if shot != "" {
		p.Shoot(shot)
	}
	release()
	p.WaitReady("the app")
	return p
}
