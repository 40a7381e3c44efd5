//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A part with a view of its own opens on it, with its generic tree one tab
// away; the tab is in the link, and the link reopens on it.
func TestPartViewAndTreeTabs(t *testing.T) {
	p := openExample(t, "vertex.dxbc")
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)))
	p.wait("the PSV0 view", `!!document.querySelector('#tab-view[aria-selected="true"]') && document.querySelector('.tree-tab').classList.contains('hidden')`)
	if d := eval[string](p, `getComputedStyle(document.querySelector('.tree-tab')).display + '/' + getComputedStyle(document.querySelector('.specials')).display`); d != "none/block" {
		t.Errorf("tree tab / view displayed as %s, want none/block", d)
	}
	p.do(chromedp.Click(chromedp.ID("tab-tree")))
	p.wait("the tree tab", `!document.querySelector('.tree-tab').classList.contains('hidden') && document.querySelector('.specials').classList.contains('hidden')`)
	p.wait("the tab in the link", `location.hash.includes('tab=tree')`)
	link := p.fragment()

	q := newPage(t, startBrowser(t), p.base, p.dir)
	q.open(link)
	q.wait("the link's tree tab", `!!document.querySelector('#tab-tree[aria-selected="true"]')`)
	if !strings.Contains(q.fragment(), "part=PSV0") {
		t.Errorf("reopened link %q lost the part", q.fragment())
	}
	q.do(chromedp.Click(chromedp.CSS(`#tab-view`)))
	q.wait("the view again", `document.querySelector('.tree-tab').classList.contains('hidden')`)
	// A byte clicked in the hex view is shown in the tree.
	q.do(chromedp.SetValue(chromedp.ID("hex-goto"), "0x108"), chromedp.Click(chromedp.CSS(`.hex-tools button[type="submit"]`)))
	q.wait("the byte", `!!document.querySelector('#hex-rows span.b[data-off="265"]')`)
	q.do(chromedp.Click(chromedp.CSS(`#hex-rows span.b[data-off="265"]`)))
	q.wait("the tree shown for the byte", `!document.querySelector('.tree-tab').classList.contains('hidden') && !!document.querySelector('#tree .node.selected')`)
}
