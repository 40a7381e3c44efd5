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

// In an SHDR/SHEX listing a temporary register is a link too: clicking r0.x
// where mad reads it goes to the sample that wrote it (selected, its bytes in
// the hex view) and lists the reads of that value within the basic block
// (the lines hand-checked in views/model's TestRegisterRefs).
func TestRegisterDefinitionAndUsesInBrowser(t *testing.T) {
	p, f := openPart(t, "real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc", "SHEX")
	p.WaitFor("the listing", `!!document.querySelector('#listing-line-10')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#listing-line-10').textContent`); !strings.HasSuffix(got, "mad r0.y, r0.y, l(2.000000), r0.x") {
		t.Fatalf("listing line 10 is %q", got)
	}
	if got := browsertest.Eval[string](p, `document.querySelector('.code-spelling')?.textContent || ''`); !strings.Contains(got, "10.0.10011") {
		t.Errorf("the listing's spelling note says %q, want the file's FXC 10.0.10011", got)
	}
	browsertest.Eval[bool](p, `([...document.querySelectorAll('#listing-line-10 .tok-reg')].filter(s => s.textContent == 'r0.x')[0].click(), true)`)
	p.WaitFor("the write", `document.querySelector('.listing-line.ref-def')?.id === 'listing-line-8'`)
	p.WaitFor("the write selected", `document.querySelector('.listing-line.selected')?.id === 'listing-line-8'`)
	if got := browsertest.Eval[string](p, `document.querySelector('.refs').textContent`); !strings.Contains(got, "r0.x written at 0200") || !strings.Contains(got, "2 reads of that value in its basic block") {
		t.Errorf("the bar says %q", got)
	}
	if uses := browsertest.Eval[[]string](p, `[...document.querySelectorAll('.refs .ref-go-use')].map(b => b.textContent)`); strings.Join(uses, ",") != "0258,02d0" {
		t.Errorf("the reads listed are %v, want the instructions at 0258 and 02d0", uses)
	}
	if got := browsertest.Eval[string](p, `[...document.querySelectorAll('.listing-line.ref-use')].map(l => l.id).join(',')`); got != "listing-line-10,listing-line-13" {
		t.Errorf("lines marked as reads: %s", got)
	}
	selectionInside(t, p, f.Part("SHEX"))
	p.Shoot("register-refs")
	// A read is one click away.
	browsertest.Eval[bool](p, `([...document.querySelectorAll('.refs .ref-go-use')].find(b => b.textContent == '02d0').click(), true)`)
	p.WaitFor("the read selected", `document.querySelector('.listing-line.selected')?.id === 'listing-line-13'`)
}
