//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// A part with a view of its own opens on it, with its generic tree one tab
// away; the tab is in the link, and the link reopens on it.
func TestPartViewAndTreeTabs(t *testing.T) {
	p := openExample(t, "vertex.dxbc")
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the PSV0 view", `!!document.querySelector('#tab-view[aria-selected="true"]') && !document.querySelector('.tree-tab')`)
	if !browsertest.Eval[bool](p, `!document.querySelector('.tree-tab') && getComputedStyle(document.querySelector('.specials')).display === 'block'`) {
		t.Error("the PSV0 view is not the one drawn")
	}
	p.Click("#tab-tree")
	p.WaitFor("the tree tab", `!!document.querySelector('.tree-tab') && !document.querySelector('.specials')`)
	p.WaitFor("the tab in the link", `location.hash.includes('tab=tree')`)
	link := p.Fragment()

	q := freshBrowser(t, p, link)
	q.WaitFor("the link's tree tab", `!!document.querySelector('#tab-tree[aria-selected="true"]')`)
	if !strings.Contains(q.Fragment(), "part=PSV0") {
		t.Errorf("reopened link %q lost the part", q.Fragment())
	}
	q.Click(`#tab-view`)
	q.WaitFor("the view again", `!document.querySelector('.tree-tab')`)
	// A byte clicked in the hex view keeps the tab the user chose; its
	// field is selected in the tree behind it, and shown there on Tree.
	hexGoTo(q, 0x108)
	q.ClickByte(265)
	q.WaitFor("the byte's field", `document.querySelector('#teach-path')?.textContent.startsWith('PSV0/')`)
	if !browsertest.Eval[bool](q, `!document.querySelector('.tree-tab') && !!document.querySelector('#tab-view[aria-selected="true"]')`) {
		t.Error("a byte click left the part's own view")
	}
	q.Click("#tab-tree")
	q.WaitFor("the tree with the byte's node", `!!document.querySelector('.tree-tab') && !!document.querySelector('#tree .node.selected')`)
}
