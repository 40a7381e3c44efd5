//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The page shows one screen at a time. A comparison left on screen must not
// come back when a container opens from a database afterwards: it did while
// "compare" was a tab flag that opening a database left set.
func TestCompareDoesNotOutliveADatabase(t *testing.T) {
	d := buildTestDBs(t)
	b := newBrowser(t, serveBundle(t))

	b.Run("open a vertex shader", chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{d.vs.Path}),
		chromedp.WaitVisible(chromedp.ID("part-list")))
	b.Run("compare it with a pixel shader", chromedp.SetUploadFiles(chromedp.ID("compare-input"), []string{d.ps.Path}),
		chromedp.WaitVisible(chromedp.ID("cmp-name-b")))
	b.Run("open the SODB", chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{d.sodbPath}))
	b.waitDB("sodb", "game.sodb")
	b.Run("open its vertex shader", chromedp.Click(chromedp.ID("db-sec-pipelines")), chromedp.Click(chromedp.ID("open-pipe-0-VS")),
		chromedp.WaitVisible(chromedp.ID("part-list")))
	if shown, _ := b.Eval(`!!document.getElementById('cmp-name-b')`).(bool); shown {
		b.Shoot("stale-compare")
		t.Fatal("the old comparison is shown instead of the container opened from the database")
	}
	if got, want := b.partNames(), "Header "+strings.Join(d.vs.Parts, " "); got != want {
		t.Errorf("parts %q, want the database's vertex shader's %q", got, want)
	}
	if frag, _ := b.Eval(`location.hash`).(string); strings.Contains(frag, "tab=compare") {
		t.Errorf("the link %q still says compare", frag)
	}
}
