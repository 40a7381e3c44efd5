//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// The Text tab shows what the command-line tool prints for a part: for the
// debug module (ILDB) the module as dxc -dumpbin lists it, which must equal
// DXC's own listing of this very file (beside it in the corpus); the tab is
// in the link, and the download carries the whole text.
func TestTextTabShowsTheCompilersListing(t *testing.T) {
	const rel = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
	p, f := openPart(t, rel, "ILDB")
	path, _ := corpus.File(t, rel)
	listing, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip("the listing beside the corpus file is missing: skipping")
	}
	want := strings.ReplaceAll(string(listing), "\r\n", "\n")

	p.Click("#tab-text")
	p.WaitFor("the ILDB part's texts", `!!document.querySelector('#dump-dis .dump-text') && !!document.querySelector('#dump-dxil .dump-text')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#dump-dis .dump-text').textContent`); got != want {
		t.Errorf("the Text tab's disassembly differs from DXC's listing (%d vs %d bytes); starts %q", len(got), len(want), got[:min(len(got), 120)])
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#dump-dxil .dump-text').textContent`); !strings.HasPrefix(got, "ILDB: ps_6_0, DXIL 1.0, ") {
		t.Errorf("the module summary starts %q", got[:min(len(got), 60)])
	}
	p.Shoot("text-tab")

	p.Click("#dump-dis-download")
	p.WaitFor("the download", `!!window.dxscopeLastDownload`)
	dl := browsertest.Eval[map[string]any](p, `window.dxscopeLastDownload`)
	if dl["name"] != "TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.ll" || dl["size"] != float64(len(want)) {
		t.Errorf("downloaded %v, want the %d-byte listing as .ll", dl, len(want))
	}

	p.WaitFor("the tab in the link", `location.hash.includes('tab=text') && location.hash.includes('part=ILDB')`)
	q := freshBrowser(t, p, p.Fragment())
	q.WaitFor("the link's Text tab", `!!document.querySelector('#tab-text[aria-selected="true"]') && !!document.querySelector('#dump-dis .dump-text')`)

	// The container's own text, on the header: the part list.
	q.Click(`#part-list .part[data-name="Header"]`)
	// The header's tabs are drawn after its selection: a click before that
	// would land on the ILDB part's Text tab, already selected.
	q.WaitFor("the header", `document.querySelector('#part-list .part.selected')?.dataset.name === 'Header' && !!document.querySelector('#tab-text')`)
	q.Click("#tab-text")
	q.WaitFor("the part list text", `!!document.querySelector('#dump-parts .dump-text')`)
	first := strings.SplitN(browsertest.Eval[string](q, `document.querySelector('#dump-parts .dump-text').textContent`), "\n", 2)[0]
	if first != fmt.Sprintf("Part count: %d", len(f.Parts)) {
		t.Errorf("the header's text starts %q; the file has %d parts", first, len(f.Parts))
	}
	// And the reflection, with a download.
	q.WaitFor("the reflection text", `!!document.querySelector('#dump-reflect .dump-text')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#dump-reflect .dump-text').textContent`); !strings.HasPrefix(got, "Reflection of a DXIL container (ps_6_0)\n") || !strings.Contains(got, "\nRequirements:\n  Shader model 6.0  [DXIL]") {
		t.Errorf("the header's reflection text starts %q", got[:min(len(got), 120)])
	}
	q.Click("#dump-reflect-download")
	q.WaitFor("the reflection download", `!!window.dxscopeLastDownload && window.dxscopeLastDownload.name.endsWith('.reflect.txt')`)
}
