//go:build !wasm

package app_test

import "testing"

// TestCodeExamplesInBrowser: the two pixel-shader examples open from the
// welcome screen and show their code: the DXIL one its disassembly, whose
// Dot2 call selects its record's bytes inside the DXIL part; the FXC one
// its listing, whose mad_sat selects its tokens inside SHEX. The lines are
// those cmd/dxscope's TestPixelExamplesList holds against the HLSL.
func TestCodeExamplesInBrowser(t *testing.T) {
	codeLine(t, "pixel.dxbc", "DXIL", "the Dot2 call",
		`[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.dot2.f32(i32 54'))`)
	offs := codeLine(t, "pixel-sm5.dxbc", "SHEX", "the mad_sat line",
		`[...document.querySelectorAll('.listing-line')].find(e => e.textContent.endsWith('mad_sat r0.x, r0.x, l(-2.000000), l(1.000000)'))`)
	if len(offs) != 4*9 { // opcode, r0.x (2), r0.x (2), l(-2) (2), l(1) (2)
		t.Errorf("mad_sat selects %d bytes, want its 9 tokens' 36", len(offs))
	}
}

// codeLine opens the example name on its code part, clicks the line the
// expression line finds, and returns the selected bytes, which must lie in
// that part; the page is photographed as example-NAME.
func codeLine(t *testing.T, name, part, what, line string) []string {
	t.Helper()
	p := openExample(t, name)
	_, f := example(t, name)
	p.Click(`#part-list .part[data-name="` + part + `"]`)
	p.WaitFor(what, `!!`+line)
	p.Eval(`(` + line + `.click(), true)`)
	offs := selectionInside(t, p, f.Part(part))
	p.Shoot("example-" + name)
	return offs
}
