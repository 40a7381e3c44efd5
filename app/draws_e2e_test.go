//go:build !wasm

package app_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// TestAnOpenDrawsThePageOnce: opening a file draws the page once. The views'
// own updates after it (the hex view fitting its box, the share bar told of
// the link written after the paint, a scroll of the hex view and the row it
// writes into the link) draw those views alone (the page's copy of go-app,
// app/serve/pagebuild.go); they drew the whole page two or three times per
// file before. The share bar still shows the link as written, and the tab's
// title is the file's name as it is, "%" included.
func TestAnOpenDrawsThePageOnce(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	p.WaitFor("compute.dxbc's link", `location.hash.includes('name=compute.dxbc')`)
	raw, _ := example(t, "vertex.dxbc")
	path := filepath.Join(t.TempDir(), "vertex 100%d.dxbc")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	before := browsertest.Eval[int](p, `window.dxscopeRenders`)
	p.Upload("#file-input", path)
	p.WaitFile(filepath.Base(path))
	p.WaitFor("the new file's link", `location.hash.includes('name=vertex')`)
	linkInfo := `document.getElementById('link-info')?.textContent.startsWith((location.hash.length - 1).toLocaleString('en-US') + ' characters')`
	p.WaitFor("the share bar's link length", linkInfo)
	time.Sleep(400 * time.Millisecond) // anything the open left to do
	if n := browsertest.Eval[int](p, `window.dxscopeRenders`) - before; n != 1 {
		t.Errorf("opening a file drew the page %d times, want once", n)
	}
	if title := browsertest.Eval[string](p, `document.title`); title != "vertex 100%d.dxbc · dxscope" {
		t.Errorf("the tab's title is %q", title)
	}

	before = browsertest.Eval[int](p, `window.dxscopeRenders`)
	p.Eval(`document.getElementById('hex-scroll').scrollTop = 200`)
	p.WaitFor("the scrolled row in the link", `location.hash.includes('row=')`)
	p.WaitFor("the share bar's link length after the scroll", linkInfo)
	if n := browsertest.Eval[int](p, `window.dxscopeRenders`) - before; n != 0 {
		t.Errorf("scrolling the hex view drew the page %d times, want none (the hex view alone)", n)
	}
	p.Shoot("draws-once")
}
