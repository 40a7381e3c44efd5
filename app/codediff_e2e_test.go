//go:build !wasm

package app_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// Compare shows the code of two builds as text, function by function: the
// library's one function, renamed from its mangled name to main between the
// builds, is paired, its define line changed; clicking the removed line
// selects its bytes in A's hex view, the added one in B's.
func TestCompareShowsTheCodeChange(t *testing.T) {
	d, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found: skipping")
	}
	vk := filepath.Join(d, "real", "HansKristian-Work__vkd3d-proton")
	a, b := filepath.Join(vk, "d3d12_raytracing.c__rt_lib_dxil__v5.dxil"), filepath.Join(vk, "d3d12_raytracing.c__rt_lib_dxil__v6.dxil")
	p := browserPage(t)
	p.Upload("#file-input", a)
	p.WaitFile(filepath.Base(a))
	p.Click(`#compare-drop`)
	p.Upload("#file-input", b)
	p.WaitFor("the code comparison", `!!document.querySelector('#cmp-code .cmp-code-hunk')`)
	hunks := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#cmp-code .cmp-code-hunk')].map(e => e.textContent)`)
	if !strings.Contains(strings.Join(hunks, "\n"), `@"\01?main@@YAXXZ" → @main`) {
		t.Errorf("no hunk pairs the renamed function: %q", hunks)
	}
	selected := func(view string) []int64 {
		offs := browsertest.Eval[[]string](p, browsertest.HexSelectedIn(view)+`.map(String)`)
		var out []int64
		for _, o := range offs {
			v, _ := strconv.ParseInt(o, 10, 64)
			out = append(out, v)
		}
		return out
	}
	click := func(prefix string) {
		t.Helper()
		if !browsertest.Eval[bool](p, `(() => { const l = [...document.querySelectorAll('#cmp-code .cmp-code-line')].find(e => e.textContent.startsWith(`+browsertest.JSString(prefix)+`)); if (!l) return false; l.click(); return true })()`) {
			t.Fatalf("no line starts with %q", prefix)
		}
	}
	click("-define void @")
	p.WaitFor("the line selected", `!!document.querySelector('#cmp-code .cmp-code-line.selected')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#cmp-code .cmp-code-line.selected')?.textContent || ''`); !strings.HasPrefix(got, "-define void @") {
		t.Errorf("selected line %q", got)
	}
	if n := len(selected("hexb")); n != 0 {
		t.Errorf("a removed line selected %d bytes in B", n)
	}
	if n := len(selected("hexa")); n == 0 {
		t.Error("the removed line selected no bytes in A")
	}
	click("+define void @main")
	p.WaitFor("B's bytes selected", `document.querySelectorAll('#hexb-rows .hex-bytes .b.sel').length > 0 && document.querySelectorAll('#hexa-rows .hex-bytes .b.sel').length === 0`)
	p.Shoot("compare-code")
}
