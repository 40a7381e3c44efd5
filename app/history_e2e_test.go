//go:build !wasm

package app_test

import (
	"testing"

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
