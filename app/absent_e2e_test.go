//go:build !wasm

package app_test

import (
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// The damaged example's PSV0 holds 32 of its 52 runtime-info bytes: the tree
// shows what they hold (version 3 from the size, a vertex shader from the
// byte at 0x124) and the fields past them as absent, never as zeros.
func TestDamagedExampleShowsAbsentFields(t *testing.T) {
	p := openExample(t, "damaged.dxbc")
	p.Click(`#part-list .part[data-name="PSV0"]`)
	hexGoTo(p, 0x124)
	p.ClickByte(292)
	p.WaitFor("the tree at the stage byte", `!!document.querySelector('#tree .node.selected') && !!document.querySelector('#tree .node[data-path="PSVInfo/NumThreadsX"]')`)
	val := func(path string) []string {
		return browsertest.Eval[[]string](p, `(n => n ? [n.querySelector('.val').textContent, n.querySelector('.val').className] : ['', ''])(document.querySelector('#tree .node[data-path="`+path+`"]'))`)
	}
	if _, node := selected(p); node != "PSVInfo/ShaderStage" {
		t.Errorf("the byte at 0x124 selects %q, want PSVInfo/ShaderStage", node)
	}
	for path, want := range map[string]string{
		"PSVInfo/ShaderStageName":      `"Vertex"`,
		"PSVInfo/SigInputElementCount": "2",
		"PSVInfo/NumThreadsX":          "absent (not in the file)",
		"PSVInfo/EntryName":            "absent (not in the file)",
		"PSVInfo/ResourceCount":        "absent (not in the file)",
	} {
		if got := val(path); got[0] != want {
			t.Errorf("%s shows %q, want %q", path, got[0], want)
		} else if want == "absent (not in the file)" && got[1] != "val absent" {
			t.Errorf("%s is styled %q, not as absent", path, got[1])
		}
	}
	if got := val("PSVInfo/Version"); got[0] != "3" && got[0] != "0x3" { // versions are shown in hex
		t.Errorf("PSVInfo/Version shows %q, want 3 (from RuntimeInfoSize 52)", got[0])
	}
}
