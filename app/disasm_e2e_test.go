//go:build !wasm

package app_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// TestDisassemblyViewInBrowser opens a DXIL shader, finds its dx.op call in
// the disassembly, clicks it (the hex view selects exactly the bytes of that
// instruction record, inside the DXIL part), then clicks one of those bytes
// after selecting another line: the call's line is selected again.
func TestDisassemblyViewInBrowser(t *testing.T) {
	p, f := openPart(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil", "DXIL")
	const call = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.storeOutput.f32(i32 5'))`
	const ret = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.trim().startsWith('ret void'))`
	p.WaitFor("the dx.op call line", `!!`+call)
	want := browsertest.Eval[string](p, call+`.textContent`)
	browsertest.Eval[bool](p, `(`+call+`.click(), true)`)
	offs := selectionInside(t, p, f.Part("DXIL"))
	t.Logf("the call line %q selects %d bytes from 0x%s", want, len(offs), offs[0])

	browsertest.Eval[bool](p, `(`+ret+`.click(), true)`)
	p.WaitFor("ret selected", `document.querySelector('.disasm-line.selected')?.textContent.trim().startsWith('ret void')`)
	mid, _ := strconv.ParseInt(offs[len(offs)/2], 10, 64)
	p.ClickByte(mid)
	p.WaitFor("the call line again", `document.querySelector('.disasm-line.selected')?.textContent.includes('@dx.op.storeOutput.f32(i32 5')`)
	p.Shoot("disasm")
}

// A big module shows the top of its listing before the rest is printed: the
// title first names the first lines, then every line (2,697 for this bgfx
// compute shader, as dxscope dis prints it); the search then finds the four
// textureStore calls and the declaration, the last at line 2662, far past
// the head.
func TestBigDisassemblyShowsItsHeadFirst(t *testing.T) {
	path, _, _ := corpusFile(t, "real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil")
	p := openFile(t, path)
	browsertest.Eval[bool](p, `(window.dxTitles = [], new MutationObserver(() => {
		const h = document.querySelector('.disasm .code-head h3');
		if (h && window.dxTitles[window.dxTitles.length-1] !== h.textContent) window.dxTitles.push(h.textContent);
	}).observe(document.body, {subtree: true, childList: true, characterData: true}), true)`)
	p.Click(`#part-list .part[data-name="DXIL"]`)
	p.WaitFor("the whole listing", `document.querySelector('.disasm .code-head h3')?.textContent.includes(': 2697 lines')`)
	titles := browsertest.Eval[[]string](p, `window.dxTitles`)
	if len(titles) < 2 || !strings.Contains(titles[0], "the first 600 lines") {
		t.Errorf("the titles shown were %q, want the head's first", titles)
	}
	p.Click(`#disasm-find`)
	p.Do(chromedp.KeyEvent("textureStore"))
	p.WaitFor("a match", `document.querySelector('.disasm-line.found')?.textContent.includes('textureStore')`)
	if s := browsertest.Eval[string](p, `document.getElementById('disasm-find-status').textContent`); s != "1 of 5" {
		t.Errorf("search status %q, want 1 of 5", s)
	}
	p.Click(`#disasm-find-prev`)
	p.WaitFor("the last match", `document.getElementById('disasm-find-status').textContent.startsWith('5 of 5')`)
	if id := browsertest.Eval[string](p, `document.querySelector('.disasm-line.found').id`); id != "disasm-2661" {
		t.Errorf("the last textureStore is %s, want disasm-2661 (line 2662, its declaration)", id)
	}
	p.Shoot("disasm-big")
}
