//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
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
	p.Click(`#example-bundle\.bin`)
	p.WaitFor("the containers found", `!!document.querySelector('#embedded')`)
	p.Click(fmt.Sprintf(`button.open-nested[data-off="%d"]`, at))
	p.WaitFor("the second container", `!!document.querySelector('#part-list .part[data-name="DXIL"]') || !!document.querySelector('#part-list .part[data-name="SHEX"]') || !!document.querySelector('#part-list .part[data-name="SHDR"]')`)
	part := browsertest.Eval[string](p, `[...document.querySelectorAll('#part-list .part')].map(e => e.dataset.name).filter(n => n !== 'Header').pop()`)
	p.Click(fmt.Sprintf(`#part-list .part[data-name="%s"]`, part))
	p.WaitFor("the part selected", fmt.Sprintf(`(document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === %q`, part))
	p.WaitFor("the link names the container", fmt.Sprintf(`location.hash.includes('at=0x%x') && location.hash.includes('part=%s')`, at, part))
	frag := p.Fragment()
	if !strings.Contains(frag, "&f=") {
		t.Fatalf("the link does not carry the file: %s", frag)
	}

	// A fresh browser context: the link alone.
	q := freshBrowser(t, p, frag)
	q.WaitFor("the linked part", fmt.Sprintf(`(document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === %q`, part))
	if got := browsertest.Eval[string](q, `document.querySelector('.sum-base .sum-value').textContent`); got != fmt.Sprintf("0x%x", at) {
		t.Errorf("the container shown starts at %s, want 0x%x", got, at)
	}
	if browsertest.Eval[bool](q, `!!document.querySelector('#embedded')`) {
		t.Error("the list of containers is shown instead of the linked container")
	}
	q.Shoot("nested-link")

	// Back, in the first tab: the list of containers again (choosing a part
	// replaced the container's history entry); Forward returns to the
	// container on the part chosen.
	browsertest.Eval[bool](p, `(history.back(), true)`)
	p.WaitFor("Back to the list", `!!document.querySelector('#embedded')`)
	browsertest.Eval[bool](p, `(history.forward(), true)`)
	p.WaitFor("Forward to the container", fmt.Sprintf(`!document.querySelector('#embedded') && (document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === %q`, part))

	// An offset with no container there.
	bad := strings.Replace(frag, fmt.Sprintf("at=0x%x", at), "at=0x5", 1)
	r := freshBrowser(t, p, bad)
	r.WaitFor("the note", `[...document.querySelectorAll('.status, .share-note, #share-note')].some(e => e.textContent.includes('has no container there'))`)
	if !browsertest.Eval[bool](r, `!!document.querySelector('#embedded')`) {
		t.Error("the whole file is not shown for an offset with no container")
	}
	r.Shoot("nested-link-bad-offset")
}
