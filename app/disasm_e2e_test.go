//go:build !wasm

package app_test

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDisassemblyViewInBrowser opens a DXIL shader, finds its dx.op call in
// the disassembly, clicks it (the hex view selects exactly the bytes of that
// instruction record, inside the DXIL part), then clicks one of those bytes
// after selecting another line: the call's line is selected again.
func TestDisassemblyViewInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	dx := f.Part("DXIL")
	lo, hi := dx.DataOffset, dx.DataOffset+int64(dx.Size)

	p := openFile(t, path)
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="DXIL"]`)))
	const call = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.storeOutput.f32(i32 5'))`
	const ret = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.trim().startsWith('ret void'))`
	p.wait("the dx.op call line", `!!`+call)
	want := eval[string](p, call+`.textContent`)
	eval[bool](p, `(`+call+`.click(), true)`)
	p.wait("selected bytes", `document.querySelectorAll('.hex .b.sel').length > 0`)
	offs := eval[[]string](p, `[...document.querySelectorAll('.hex-rows .b.sel')].map(e => e.getAttribute('data-off'))`)
	if len(offs) == 0 {
		t.Fatal("no selected hex cells")
	}
	for _, s := range offs {
		o, _ := strconv.ParseInt(s, 10, 64)
		if o < lo || o >= hi {
			t.Fatalf("selected byte 0x%x is outside the DXIL part [0x%x, 0x%x)", o, lo, hi)
		}
	}
	t.Logf("the call line %q selects %d bytes from 0x%s", want, len(offs), offs[0])

	eval[bool](p, `(`+ret+`.click(), true)`)
	p.wait("ret selected", `document.querySelector('.disasm-line.selected')?.textContent.trim().startsWith('ret void')`)
	eval[bool](p, `(document.querySelector('.hex-rows .b[data-off="`+offs[len(offs)/2]+`"]').click(), true)`)
	p.wait("the call line again", `document.querySelector('.disasm-line.selected')?.textContent.includes('@dx.op.storeOutput.f32(i32 5')`)
	p.screenshot("disasm")
}
