//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// TestBackLeavesTheFile: part clicks replace the history entry and a new
// file pushes one, so Back after five part clicks shows the previous file
// (it took five Back presses to leave a file before), and the tab's title
// names the file.
func TestBackLeavesTheFile(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	p.WaitFor("compute.dxbc's link", `location.hash.includes('name=compute.dxbc')`)
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFile("vertex.dxbc")
	p.WaitFor("vertex.dxbc's link", `location.hash.includes('name=vertex.dxbc')`)
	if title := browsertest.Eval[string](p, `document.title`); title != "vertex.dxbc · dxscope" {
		t.Errorf("the tab's title is %q", title)
	}
	entries := browsertest.Eval[int](p, `history.length`)
	for _, part := range []string{"OSG1", "PSV0", "HASH", "ISG1", "DXIL"} {
		p.Click(`#part-list .part[data-name="` + part + `"]`)
		p.WaitFor(part+" in the link", `location.hash.includes('part=`+part+`')`)
	}
	if n := browsertest.Eval[int](p, `history.length`); n != entries {
		t.Errorf("five part clicks made %d history entries", n-entries)
	}
	p.Do(chromedp.NavigateBack())
	p.WaitFile("compute.dxbc")
	p.WaitFor("the title of the file", `document.title === 'compute.dxbc · dxscope'`)
	p.Do(chromedp.NavigateForward())
	p.WaitFile("vertex.dxbc")
	p.WaitFor("the part left selected", `document.querySelector('#part-list .part.selected')?.dataset.name === 'DXIL'`)
}

// TestQuickStepsKeepTheirHistory: a file's link is written a moment after
// its paint (linkDelay); a file left sooner (another file opened, a part
// clicked) still gets its own history entry, written before the step that
// leaves it (its address the short form, its state the link), so Back
// returns to each file.
func TestQuickStepsKeepTheirHistory(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	at := browsertest.Eval[[]any](p, `[location.hash.includes('name=compute'), history.length]`)
	written, entries, want := at[0].(bool), int(at[1].(float64)), 2
	if written { // a slow machine: the open took longer than linkDelay to report
		t.Logf("compute.dxbc's link was written already: its early write is not tested")
		want = 1
	}
	p.Click(`#example-vertex\.dxbc`) // before compute.dxbc's link is written
	p.WaitFile("vertex.dxbc")
	p.Click(`#part-list .part[data-name="OSG1"]`) // before vertex.dxbc's link is written
	p.WaitFor("OSG1 in vertex.dxbc's link", `location.hash.includes('name=vertex.dxbc') && location.hash.includes('part=OSG1')`)
	if n := browsertest.Eval[int](p, `history.length`) - entries; n != want {
		t.Errorf("two files opened in quick steps made %d history entries, want %d", n, want)
	}
	p.Do(chromedp.NavigateBack())
	p.WaitFile("compute.dxbc")
	// Written early, compute.dxbc's entry named the file by hash in its
	// address and kept the link in its state; the address gets the link back.
	p.WaitFor("compute.dxbc's link, file inside, in the address again", `location.hash.includes('name=compute.dxbc') && location.hash.includes('&f=') && history.state?.link === location.hash.slice(1)`)
	p.Do(chromedp.NavigateForward())
	p.WaitFile("vertex.dxbc")
	p.WaitFor("the part left selected", `document.querySelector('#part-list .part.selected')?.dataset.name === 'OSG1'`)
}

// TestBackBeforeTheLinkIsWritten: Back pressed while an opened file's
// entry still waits for its link (linkDelay after the paint) returns to the
// file before it, as Back from any file does. The browser itself goes from
// the entry shown in the address bar, the earlier file's, one further: here
// to the page before any file.
func TestBackBeforeTheLinkIsWritten(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	p.WaitFor("compute.dxbc's link", `location.hash.includes('name=compute.dxbc')`)
	// Back at the first frame that shows vertex.dxbc: the test's own polls
	// come too far apart.
	browsertest.Eval[bool](p, `window.dxBack = null; (function f() {
		if (document.getElementById('file-name')?.textContent !== 'vertex.dxbc') { requestAnimationFrame(f); return }
		window.dxBack = !location.hash.includes('name=vertex');
		if (window.dxBack) history.back();
	})(), true`)
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFor("vertex.dxbc shown", `window.dxBack !== null`)
	if !browsertest.Eval[bool](p, `window.dxBack`) {
		t.Skip("vertex.dxbc's link was written before Back could be pressed (a slow machine): nothing to test")
	}
	p.WaitFile("compute.dxbc")
	p.WaitFor("compute.dxbc's link in the address", `location.hash.includes('name=compute.dxbc') && !location.hash.includes('vertex')`)
	if shown := browsertest.Eval[string](p, `document.querySelector('#part-list .part.selected')?.dataset.name || ''`); shown == "" {
		t.Errorf("after Back, compute.dxbc's parts are not shown")
	}
}

// TestHistoryEntriesKeepTheirTitles: Back's list names each entry after its
// own file. The browser names the entry shown after the document's title,
// and the page wrote a file's title before the file's entry: each file's
// entry took the name of the file opened after it. A file left before its
// link was written (vertex.dxbc here, when the machine is quick) keeps its
// name too.
func TestHistoryEntriesKeepTheirTitles(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	p.WaitFor("compute.dxbc's link", `location.hash.includes('name=compute.dxbc')`)
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFile("vertex.dxbc")
	p.Click(`#example-damaged\.dxbc`)
	p.WaitFile("damaged.dxbc")
	p.WaitFor("damaged.dxbc's link", `location.hash.includes('name=damaged.dxbc')`)
	hist, err := chromedp.Call(p.Ctx, cdppage.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		t.Fatalf("Page.getNavigationHistory: %v", err)
	}
	found := 0
	for _, e := range hist.Entries {
		for _, name := range []string{"compute.dxbc", "vertex.dxbc", "damaged.dxbc"} {
			if !strings.Contains(e.URL, "name="+name) {
				continue
			}
			found++
			if want := name + " · dxscope"; e.Title != want {
				t.Errorf("the history entry of %s is titled %q, want %q", name, e.Title, want)
			}
		}
	}
	if found != 3 {
		t.Errorf("%d of the three files' history entries found: %+v", found, hist.Entries)
	}
}

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

// TestHexRowsOutliveASmallerBox: the hex view's box changes its height by a
// row between files (the panes above it differ); its rows are not drawn
// again for that, as they were for half the files opened (650 elements
// replaced, and laid out and painted, a second time). A taller box draws the
// rows it lacks.
func TestHexRowsOutliveASmallerBox(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	viewport(p, 1400, 900)
	rows := `document.querySelectorAll('#hex-rows .hex-row').length`
	p.WaitFor("the hex rows for a 900 px window", rows+` >= Math.floor(document.getElementById('hex-scroll').clientHeight / 18)`)
	time.Sleep(300 * time.Millisecond)
	n := browsertest.Eval[int](p, rows)
	p.Eval(`document.querySelector('#hex-rows .hex-row').dataset.kept = 'yes'`)
	viewport(p, 1400, 900-3*18)
	p.WaitFor("a shorter hex box", `document.getElementById('hex-scroll').clientHeight <= `+fmt.Sprint((n-2)*18))
	time.Sleep(300 * time.Millisecond)
	if kept := browsertest.Eval[string](p, `document.querySelector('#hex-rows .hex-row')?.dataset.kept || ''`); kept != "yes" {
		t.Errorf("a shorter hex box drew its rows again")
	}
	if got := browsertest.Eval[int](p, rows); got != n {
		t.Errorf("a shorter hex box has %d rows drawn, want the %d it had", got, n)
	}
	viewport(p, 1400, 900+6*18)
	p.WaitFor("rows for a taller hex box", rows+` >= Math.floor(document.getElementById('hex-scroll').clientHeight / 18)`)
}

// TestWarmUpGivesWayToTheUser: after its rehearsal the page opens the
// examples again while idle (warmRounds), and stops as soon as the user
// opens a file; left alone it opens each example warmRounds times.
func TestWarmUpGivesWayToTheUser(t *testing.T) {
	p := browserPage(t)
	p.WaitFor("the warm-up under way", `window.dxscopeWarmed >= 1`)
	p.Click(`#example-compute\.dxbc`)
	p.WaitFile("compute.dxbc")
	stopped := browsertest.Eval[int](p, `window.dxscopeWarmed`)
	time.Sleep(300 * time.Millisecond)
	if n := browsertest.Eval[int](p, `window.dxscopeWarmed`); n != stopped {
		t.Errorf("the warm-up went on after the user opened a file: %d files, then %d", stopped, n)
	}
	if stopped >= 32 {
		t.Logf("the warm-up had finished (%d files) before the example opened", stopped)
	}

	q := browserPage(t)
	q.WaitFor("the whole warm-up: 8 rounds of 4 examples", `window.dxscopeWarmed === 32`)
	time.Sleep(200 * time.Millisecond)
	if n := browsertest.Eval[int](q, `window.dxscopeWarmed`); n != 32 {
		t.Errorf("the warm-up opened %d files, want 32", n)
	}
}

// TestRehearsalLeavesNoTrace: the file screen the page draws once, hidden,
// after it starts (app/warm.go) is gone after its frame, and changed
// nothing the page shows: the welcome, the address, the title. The first
// file opened after it draws the page at most twice (once, and "Reading…"
// before it when the fetch takes over 50 ms), as any other.
func TestRehearsalLeavesNoTrace(t *testing.T) {
	p := browserPage(t)
	p.WaitFor("the rehearsal", `window.dxscopeRehearsed === true`)
	got := browsertest.Eval[[]any](p, `[!!document.querySelector('.rehearsal'), !!document.getElementById('file-name'),
		!!document.querySelector('section.welcome'), location.hash, document.title]`)
	if got[0] != false || got[1] != false || got[2] != true || got[3] != "" || got[4] != "dxscope: DirectX shader container inspector" {
		t.Errorf("after the rehearsal: rehearsal %v, a file's name %v, the welcome %v, address %q, title %q", got[0], got[1], got[2], got[3], got[4])
	}
	before := browsertest.Eval[int](p, `window.dxscopeRenders`)
	p.Click(`#example-compute\.dxbc`)
	p.WaitFile("compute.dxbc")
	time.Sleep(300 * time.Millisecond)
	if n := browsertest.Eval[int](p, `window.dxscopeRenders`) - before; n > 2 {
		t.Errorf("the first example opened drew the page %d times", n)
	}
}

// TestExamplesKeepTheFileScreen: opening another file updates the file
// screen in place. An example shows "Reading…" before it opens; the status
// used to shift the page's children, and go-app, which matches children by
// position, built the summary, the share bar and every pane anew.
func TestExamplesKeepTheFileScreen(t *testing.T) {
	p := openExample(t, "compute.dxbc")
	p.Eval(`document.getElementById('part-list').dataset.kept = 'yes'`)
	p.Eval(`document.querySelector('.summary').dataset.kept = 'yes'`)
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFile("vertex.dxbc")
	if got := browsertest.Eval[string](p, `(document.getElementById('part-list')?.dataset.kept || '') + '/' + (document.querySelector('.summary')?.dataset.kept || '')`); got != "yes/yes" {
		t.Errorf("the part list and the summary were built anew for the next file (kept: %q)", got)
	}
}
