//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/decode"
)

// A link to a part of a container inside another file names the container
// (at=): opened in a fresh browser it shows that container and part, not the
// list of containers found; Back returns to the list. A link whose offset
// holds no container says so and shows the whole file.
func TestLinkToEmbeddedContainer(t *testing.T) {
	raw, err := os.ReadFile("../web/examples/bundle.bin")
	if err != nil {
		t.Fatal(err)
	}
	found := decode.Scan(raw)
	if len(found) < 2 {
		t.Fatalf("bundle.bin holds %d containers", len(found))
	}
	at := found[1].Offset
	p := browserPage(t)
	p.do(chromedp.Click(chromedp.CSS(`#example-bundle\.bin`)))
	p.wait("the containers found", `!!document.querySelector('#embedded')`)
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`button.open-nested[data-off="%d"]`, at))))
	p.wait("the second container", `!!document.querySelector('#part-list .part[data-name="DXIL"]') || !!document.querySelector('#part-list .part[data-name="SHEX"]') || !!document.querySelector('#part-list .part[data-name="SHDR"]')`)
	part := eval[string](p, `[...document.querySelectorAll('#part-list .part')].map(e => e.dataset.name).filter(n => n !== 'Header').pop()`)
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#part-list .part[data-name="%s"]`, part))))
	p.wait("the part selected", fmt.Sprintf(`(document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === %q`, part))
	p.wait("the link names the container", fmt.Sprintf(`location.hash.includes('at=0x%x') && location.hash.includes('part=%s')`, at, part))
	frag := p.fragment()
	if !strings.Contains(frag, "&f=") {
		t.Fatalf("the link does not carry the file: %s", frag)
	}

	// A fresh browser context: the link alone.
	q := newPage(t, startBrowser(t), p.base, p.dir)
	q.open(frag)
	q.wait("the linked part", fmt.Sprintf(`(document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === %q`, part))
	if got := eval[string](q, `document.querySelector('.sum-base .sum-value').textContent`); got != fmt.Sprintf("0x%x", at) {
		t.Errorf("the container shown starts at %s, want 0x%x", got, at)
	}
	if eval[bool](q, `!!document.querySelector('#embedded')`) {
		t.Error("the list of containers is shown instead of the linked container")
	}
	q.screenshot("nested-link")

	// Back, in the first tab: the container as it opened (its first part),
	// then the list of containers again; Forward returns to the container.
	eval[bool](p, `(history.back(), true)`)
	p.wait("Back to the container as opened", fmt.Sprintf(`!location.hash.includes('part=%s') && location.hash.includes('at=0x%x') && !!document.querySelector('#part-list')`, part, at))
	eval[bool](p, `(history.back(), true)`)
	p.wait("Back to the list", `!!document.querySelector('#embedded')`)
	eval[bool](p, `(history.forward(), true)`)
	p.wait("Forward to the container", `!document.querySelector('#embedded') && !!document.querySelector('#part-list')`)

	// An offset with no container there.
	bad := strings.Replace(frag, fmt.Sprintf("at=0x%x", at), "at=0x5", 1)
	r := newPage(t, startBrowser(t), p.base, p.dir)
	r.open(bad)
	r.wait("the note", `[...document.querySelectorAll('.status, .share-note, #share-note')].some(e => e.textContent.includes('has no container there'))`)
	if !eval[bool](r, `!!document.querySelector('#embedded')`) {
		t.Error("the whole file is not shown for an offset with no container")
	}
	r.screenshot("nested-link-bad-offset")
}
