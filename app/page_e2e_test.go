//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// How most browser tests start: skipped in -short mode or without
// Chromium, the real bundle served (as cmd/serve prepares it, built when
// stale), a tab of their own in headless Chromium.

// needBrowser skips the test in -short mode or without Chromium.
func needBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped in -short mode")
	}
	browsertest.Available(t)
}

// startBrowser returns a tab of the test's own (browsertest.Start), on no
// page yet, with the bundle served at its URL.
func startBrowser(t *testing.T) *browsertest.Page {
	t.Helper()
	needBrowser(t)
	url, _, _ := browsertest.ServeWeb(t)
	return browsertest.Start(t, url)
}

// browserPage is startBrowser with the empty page open.
func browserPage(t *testing.T) *browsertest.Page {
	t.Helper()
	p := startBrowser(t)
	p.Open("")
	return p
}

// freshBrowser opens the fragment as a link in a tab that shares nothing
// (storage, cache, service worker) with p's.
func freshBrowser(t *testing.T, p *browsertest.Page, fragment string) *browsertest.Page {
	t.Helper()
	q := p.NewTab(t)
	q.Open(fragment)
	return q
}

// corpusFile reads and decodes a corpus file by its path under the corpus
// folder, skipping the test when the corpus or the file is missing.
func corpusFile(t *testing.T, rel string) (path string, raw []byte, f *decode.File) {
	t.Helper()
	path, raw = corpus.File(t, rel)
	f, err := decode.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return path, raw, f
}

// openFile is browserPage with the file at path picked and shown.
func openFile(t *testing.T, path string) *browsertest.Page {
	t.Helper()
	p := browserPage(t)
	p.Upload("#file-input", path)
	p.WaitFile(filepath.Base(path))
	return p
}

// example reads and decodes one of the page's example files.
func example(t *testing.T, name string) ([]byte, *decode.File) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "web", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := decode.Parse(raw) // the damaged example fails to parse only partly
	return raw, f
}

// openExample is browserPage with an example opened by its button.
func openExample(t *testing.T, name string) *browsertest.Page {
	t.Helper()
	p := browserPage(t)
	p.Click(`#example-` + strings.ReplaceAll(name, ".", `\.`))
	p.WaitFile(name)
	return p
}

// selected returns the selected part's name and tree node's path.
func selected(p *browsertest.Page) (part, node string) {
	p.T.Helper()
	v := browsertest.Eval[[]string](p, `[ (document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name || '',
		(document.querySelector('#tree .node.selected') || {dataset: {}}).dataset.path || '' ]`)
	return v[0], v[1]
}

// openPart is openFile for a corpus file, with the part of that name
// chosen in the part list; it returns the page and the decoded file.
func openPart(t *testing.T, rel, part string) (*browsertest.Page, *decode.File) {
	t.Helper()
	path, _, f := corpusFile(t, rel)
	p := openFile(t, path)
	p.Click(`#part-list .part[data-name="` + part + `"]`)
	return p, f
}

// selectionInside waits for the hex view to select bytes and fails the test
// when one of them lies outside the part's data; it returns their offsets.
func selectionInside(t *testing.T, p *browsertest.Page, part *decode.Part) []string {
	t.Helper()
	lo, hi := part.DataOffset, part.DataOffset+int64(part.Size)
	// The selection the click makes replaces the one before it (a part's
	// click selects its header too) once the page has drawn it: wait for
	// selected bytes that all lie in the part, and check them below.
	p.WaitFor("selected bytes inside "+part.Name, fmt.Sprintf(`(s => s.length > 0 && s.every(o => o >= %d && o < %d))(%s)`, lo, hi, browsertest.HexSelected))
	offs := browsertest.Eval[[]string](p, browsertest.HexSelected+`.map(String)`)
	if len(offs) == 0 {
		t.Fatal("no selected hex cells")
	}
	for _, s := range offs {
		o, _ := strconv.ParseInt(s, 10, 64)
		if o < lo || o >= hi {
			t.Fatalf("selected byte 0x%x is outside the %s part [0x%x, 0x%x)", o, part.Name, lo, hi)
		}
	}
	return offs
}

// openAsLink opens data, named name, in a new tab as a link carrying the
// file, and logs how long the page took to show it.
func openAsLink(t *testing.T, browser *browsertest.Page, name string, data []byte) *browsertest.Page {
	t.Helper()
	frag := linkstate.EncodeLink(linkstate.Link{State: linkstate.State{Name: name}, File: data}, 0).Fragment
	p := browser.NewTab(t)
	t0 := time.Now()
	p.Open(frag)
	p.WaitFile(name)
	t.Logf("%s: %d bytes in a %d-character link, shown %.2fs after navigation", name, len(data), len(frag), time.Since(t0).Seconds())
	return p
}

// stillLive checks the page survived what it was shown: an example opens
// afterwards, and the page did not restart after a panic. prefix starts
// the messages.
func stillLive(t *testing.T, p *browsertest.Page, prefix string) {
	t.Helper()
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFor(prefix+"an example opens after it", `(document.getElementById('file-name') || {}).textContent === 'vertex.dxbc'`)
	if browsertest.Eval[bool](p, `!!document.getElementById('crash')`) {
		t.Errorf("%sthe page restarted after a panic: %s", prefix, browsertest.Eval[string](p, `document.getElementById('crash').textContent`))
	}
}

// hexGoTo shows the byte at at in the hex view with Go to offset (which
// also selects the field holding it).
func hexGoTo(p *browsertest.Page, at int64) {
	p.Do(chromedp.SetValue(chromedp.ID("hex-goto"), fmt.Sprintf("0x%x", at)), chromedp.Click(chromedp.CSS(`.hex-tools button[type="submit"]`)))
}
