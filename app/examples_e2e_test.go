//go:build !wasm

package app_test

import "testing"

// TestCodeExamplesInBrowser: the two pixel-shader examples open from the
// welcome screen and show their code: the DXIL one its disassembly, whose
// Dot2 call selects its record's bytes inside the DXIL part; the FXC one
// its listing, whose mad_sat selects its tokens inside SHEX. The lines are
// those cmd/dxscope's TestPixelExamplesList holds against the HLSL.
func TestCodeExamplesInBrowser(t *testing.T) {
	p := openExample(t, "pixel.dxbc")
	_, f := example(t, "pixel.dxbc")
	p.Click(`#part-list .part[data-name="DXIL"]`)
	const call = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.dot2.f32(i32 54'))`
	p.WaitFor("the Dot2 call", `!!`+call)
	p.Eval(`(` + call + `.click(), true)`)
	selectionInside(t, p, f.Part("DXIL"))
	p.Shoot("example-pixel-dxil")

	q := openExample(t, "pixel-sm5.dxbc")
	_, g := example(t, "pixel-sm5.dxbc")
	q.Click(`#part-list .part[data-name="SHEX"]`)
	const mad = `[...document.querySelectorAll('.listing-line')].find(e => e.textContent.endsWith('mad_sat r0.x, r0.x, l(-2.000000), l(1.000000)'))`
	q.WaitFor("the mad_sat line", `!!`+mad)
	q.Eval(`(` + mad + `.click(), true)`)
	offs := selectionInside(t, q, g.Part("SHEX"))
	if len(offs) != 4*9 { // opcode, r0.x (2), r0.x (2), l(-2) (2), l(1) (2)
		t.Errorf("mad_sat selects %d bytes, want its 9 tokens' 36", len(offs))
	}
	q.Shoot("example-pixel-sm5")
}
