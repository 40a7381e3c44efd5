//go:build !wasm

package app_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// Definition and uses (issue 26 item 3): clicking a %value used by an
// instruction goes to the instruction that defines it (selected, its bytes in
// the hex view), marks its uses and lists them; a use is one click away; a
// called function's name goes to its declaration.
func TestValueDefinitionAndUsesInBrowser(t *testing.T) {
	p, f := openPart(t, "real/bkaradzic__bgfx/shaders__dxil__fs_shadowmaps_color_lighting_hard_csm.bin__off1ac.dxil", "DXIL")
	p.WaitFor("the disassembly", `!!document.querySelector('.disasm-line.disasm-inst')`)
	// The first %N that an instruction uses (not the one it defines).
	const use = `[...document.querySelectorAll('.disasm-line.disasm-inst')].flatMap(l => [...l.querySelectorAll('.tok-reg')].filter(s => /^%\d+$/.test(s.textContent) && !l.textContent.trim().startsWith(s.textContent + ' =')).map(s => [l, s]))[0]`
	got := browsertest.Eval[[]string](p, `(u => u ? [u[1].textContent, u[0].dataset.line] : [])(`+use+`)`)
	if len(got) != 2 {
		t.Fatal("no instruction uses a numbered value")
	}
	name, useLine := got[0], got[1]
	browsertest.Eval[bool](p, `((`+use+`)[1].click(), true)`)
	p.WaitFor("the definition", `!!document.querySelector('.disasm-line.ref-def') && !!document.querySelector('.disasm-line.selected.ref-def')`)
	def := browsertest.Eval[string](p, `document.querySelector('.disasm-line.ref-def').textContent.trim()`)
	if !strings.HasPrefix(def, name+" = ") {
		t.Errorf("clicking %s went to %q, not its definition", name, def)
	}
	offs := selectionInside(t, p, f.Part("DXIL"))
	if len(offs) == 0 {
		t.Errorf("the definition's bytes are not selected")
	}
	n, _ := strconv.Atoi(useLine)
	uses := browsertest.Eval[[]string](p, `[...document.querySelectorAll('.refs .ref-go-use')].map(b => b.textContent)`)
	if bar := browsertest.Eval[string](p, `document.querySelector('.refs .refs-name').textContent`); bar != name {
		t.Errorf("the uses bar names %q, want %q", bar, name)
	}
	found := false
	for _, u := range uses {
		found = found || u == strconv.Itoa(n+1)
	}
	if !found {
		t.Errorf("the uses %v do not list line %d where %s was clicked", uses, n+1, name)
	}
	if !browsertest.Eval[bool](p, `document.querySelector('#disasm-`+useLine+`').classList.contains('ref-use')`) {
		t.Errorf("the line where %s was clicked is not marked as a use", name)
	}
	p.Shoot("refs-definition")
	// A use is one click away.
	browsertest.Eval[bool](p, `([...document.querySelectorAll('.refs .ref-go-use')].find(b => b.textContent == '`+strconv.Itoa(n+1)+`').click(), true)`)
	p.WaitFor("the use selected", `document.querySelector('.disasm-line.selected')?.dataset.line == '`+useLine+`'`)

	// A called function's name goes to its declaration.
	const callee = `[...document.querySelectorAll('.disasm-line.disasm-inst .tok-reg')].find(s => s.textContent.startsWith('@dx.op.'))`
	fn := browsertest.Eval[string](p, callee+`.textContent`)
	browsertest.Eval[bool](p, `(`+callee+`.click(), true)`)
	p.WaitFor("the declaration", `document.querySelector('.refs .refs-name')?.textContent == '`+fn+`'`)
	if d := browsertest.Eval[string](p, `document.querySelector('.disasm-line.ref-def')?.textContent.trim() || ''`); !strings.HasPrefix(d, "declare ") || !strings.Contains(d, fn+"(") {
		t.Errorf("clicking %s went to %q, not its declaration", fn, d)
	}
	p.Shoot("refs-declaration")
}
