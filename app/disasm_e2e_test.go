//go:build !wasm

package app_test

import (
	"testing"

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
	browsertest.Eval[bool](p, `(document.querySelector('.hex-rows .b[data-off="`+offs[len(offs)/2]+`"]').click(), true)`)
	p.WaitFor("the call line again", `document.querySelector('.disasm-line.selected')?.textContent.includes('@dx.op.storeOutput.f32(i32 5')`)
	p.Shoot("disasm")
}
