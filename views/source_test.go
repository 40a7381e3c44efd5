package views

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestSourcePaneWithoutText: a file the debug information names without
// its text shows its name and the numbers of its lines that made code, and
// says the text is not in the container.
func TestSourcePaneWithoutText(t *testing.T) {
	pv := corpusPart(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc", "SHEX")
	insts := pv.Part.Bytecode.Instructions
	sm := &decode.SourceMap{Part: "SHEX", Files: []decode.SourceFile{{Name: `c:\src\shade.hlsl`}}, Lines: []decode.InstructionSource{
		{Inst: 9, Off: insts[9].Offset, Size: insts[9].Size, Line: 40},
		{Inst: 10, Off: insts[10].Offset, Size: insts[10].Size, Line: 12},
	}}
	html := app.HTMLString(&SourcePane{Data: model.NewSourceView(sm, pv), Selected: model.SourceLine{File: 0, Line: 40}})
	for _, want := range []string{"shade.hlsl (no text)", "the text of this file is not in the container", `data-src="12"`, `data-src="40"`, "(text not in the container)"} {
		if !strings.Contains(html, want) {
			t.Errorf("the pane does not show %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, `data-src="13"`) {
		t.Error("a line without code is listed for a file without text")
	}
	if !strings.Contains(html, `class="listing-line src-line selected" id="src-line-40"`) {
		t.Errorf("line 40 is not selected:\n%s", html)
	}
}
