//go:build !wasm

package app_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/decode"
)

// What a file shows the moment it opens: a damaged file opens on its first
// error (the first the problem list shows, as the decoder reports it), and
// the footer's keys work at once, with no click first: the part list has
// the focus. ? lists every key.
func TestOpeningLandsOnTheFirstErrorWithKeysLive(t *testing.T) {
	_, f := example(t, "damaged.dxbc")
	var first *decode.Problem
	for i := range f.Problems {
		if f.Problems[i].Severity == decode.Error {
			first = &f.Problems[i]
			break
		}
	}
	if first == nil {
		t.Fatal("the damaged example has no error")
	}
	var holder, before string
	for i, pt := range f.Parts {
		if first.Offset >= pt.Offset && first.Offset < pt.DataOffset+int64(pt.Size) {
			holder = pt.Name
			if i > 0 {
				before = f.Parts[i-1].Name
			}
		}
	}

	p := openExample(t, "damaged.dxbc")
	p.WaitFor("its first error's byte selected", fmt.Sprintf(`!!document.querySelector('#hex-rows .hex-bytes span.sel[data-off="%d"]')`, first.Offset))
	if got := browsertest.Eval[string](p, `document.querySelector('#part-list .part.selected')?.dataset.name || ''`); got != holder {
		t.Errorf("opened on part %q, the first error (at 0x%x) is in %s", got, first.Offset, holder)
	}
	// The page focuses the part list once it is drawn (after the render, as
	// its commands go out); keys sent before that go nowhere. The wait is the
	// check: it fails the test when focus never gets there.
	p.WaitFor("the part list focused", `document.activeElement?.id === 'part-list'`)
	if got := browsertest.Eval[string](p, `document.activeElement?.id || ''`); got != "part-list" {
		t.Errorf("focus after opening is on %q, want the part list", got)
	}
	p.Shoot("damaged-first-error")

	// [ and ] at once, then ?.
	p.Do(chromedp.KeyEvent("["))
	p.WaitFor("[ selects the part before", `document.querySelector('#part-list .part.selected')?.dataset.name === `+browsertest.JSString(before))
	p.Do(chromedp.KeyEvent("]"))
	p.WaitFor("] selects the next part", `document.querySelector('#part-list .part.selected')?.dataset.name === `+browsertest.JSString(holder))
	p.Do(chromedp.KeyEvent("?"))
	p.WaitFor("? lists the keys", `(document.getElementById('keys-help')?.textContent || '').includes('next part')`)
	p.Shoot("keys-help")

	// The summary's counts are buttons: the warnings button shows the first warning.
	var warn *decode.Problem
	for i := range f.Problems {
		if f.Problems[i].Severity == decode.Warning {
			warn = &f.Problems[i]
			break
		}
	}
	if warn != nil {
		p.Click("#show-warnings")
		p.WaitFor("the first warning's byte selected", fmt.Sprintf(`!!document.querySelector('#hex-rows .hex-bytes span.sel[data-off="%d"]')`, warn.Offset))
		p.WaitFor("its row focused", `document.activeElement?.closest('.problem')?.classList.contains('sev-warning') === true`)
	}
	// A whole problem row is a target, not only its button.
	p.Click(`#problems .sev-error .problem-msg`)
	p.WaitFor("the row's bytes selected", fmt.Sprintf(`!!document.querySelector('#hex-rows .hex-bytes span.sel[data-off="%d"]')`, first.Offset))
	// ] right after a file opens, with no click on the page first: the vertex
	// example opens on its first part, ISG1, and ] moves to the next.
	_, v := example(t, "vertex.dxbc")
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFile("vertex.dxbc")
	p.WaitFor("its first part", `document.querySelector('#part-list .part.selected')?.dataset.name === `+browsertest.JSString(v.Parts[0].Name))
	p.Do(chromedp.KeyEvent("]"))
	p.WaitFor("] selects the second part", `document.querySelector('#part-list .part.selected')?.dataset.name === `+browsertest.JSString(v.Parts[1].Name))
	// After a click on plain text the focus is on the document's body, outside
	// the page's element: [ and ] still work.
	p.Click(`header.top h1`)
	if got := browsertest.Eval[string](p, `document.activeElement?.tagName || ''`); got != "BODY" {
		t.Errorf("focus after a click on the title is on %q, want BODY", got)
	}
	p.Do(chromedp.KeyEvent("["))
	p.WaitFor("[ from the body selects the first part again", `document.querySelector('#part-list .part.selected')?.dataset.name === `+browsertest.JSString(v.Parts[0].Name))
	// The hidden file inputs are not tab stops; the labels that open them are.
	if got := browsertest.Eval[string](p, `[...document.querySelectorAll('input[type=file]')].map(e => e.tabIndex).join(',') + '/' + document.querySelector('label[for=file-input]').tabIndex`); got != "-1,-1/0" {
		t.Errorf("file inputs' and the Open label's tab indexes: %s, want -1,-1/0", got)
	}
}
