//go:build !wasm

package app_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// Comparing shaders of adjacent stages shows how they link: the vertex
// example feeds the DXIL pixel example (2 inputs, each beside its output);
// a row selects the input's bytes in B's hex view and the output's in A's.
// Microsoft's PSInFails, compared first, is the later stage: its rows break
// LINK.REGISTER and the problems say why.
func TestCompareShowsTheStageLinkage(t *testing.T) {
	root, _ := filepath.Abs("..")
	p := compareTwo(t, filepath.Join(root, "web", "examples", "vertex.dxbc"), filepath.Join(root, "web", "examples", "pixel.dxbc"))
	p.WaitFor("the linkage", `!!document.querySelector('#cmp-linkage-rows tbody tr')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#cmp-linkage summary').textContent`); got != "Stage linkage: Vertex vs_6_0 (OSG1) → Pixel ps_6_0 (ISG1): links" {
		t.Errorf("summary %q", got)
	}
	rows := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#cmp-linkage-rows tbody tr')].map(r => [...r.cells].map(c => c.textContent).join('|'))`)
	want := []string{"SV_Position0|0|xyzw|Float32|SV_Position0|0|xyzw|Float32|ok", "TEXCOORD0|1|xy|Float32|TEXCOORD0|1|xy|Float32|ok"}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows %q, want %q", rows, want)
	}
	p.Click(`#cmp-linkage-rows tbody tr[data-row="1"]`)
	p.WaitFor("the row selected", `!!document.querySelector('#cmp-linkage-rows tr.selected')`)
	for _, view := range []string{"hexa", "hexb"} {
		if n := len(browsertest.Eval[[]float64](p, browsertest.HexSelectedIn(view))); n != 32 {
			t.Errorf("%s: %d bytes selected, want the 32-byte element", view, n)
		}
	}
	p.WaitFor("the row in the link", `decodeURIComponent(location.hash).includes('field=linkage/1')`)
	p.Shoot("compare-linkage")

	q := compareTwo(t, filepath.Join(root, "testdata", "linkage", "ps-fails.dxbc"), filepath.Join(root, "testdata", "linkage", "vs.dxbc"))
	q.WaitFor("the linkage", `!!document.querySelector('#cmp-linkage-problems li')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#cmp-linkage summary').textContent`); !strings.HasSuffix(got, "does not link (2 errors)") {
		t.Errorf("summary %q", got)
	}
	if got := browsertest.Eval[[]string](q, `[...document.querySelectorAll('#cmp-linkage-problems li')].map(l => l.dataset.rule)`); strings.Join(got, " ") != "LINK.REGISTER LINK.REGISTER LINK.UNREAD" {
		t.Errorf("problems %q", got)
	}
	if got := browsertest.Eval[string](q, `[...document.querySelectorAll('#cmp-linkage-rows thead th')].map(h => h.textContent).join('|')`); !strings.HasPrefix(got, "Input (A)|") {
		t.Errorf("the later stage is A here: header %q", got)
	}
	q.Shoot("compare-linkage-fails")
	checkContrast(t, q, "a linkage that breaks")
}

// compareTwo opens file a in a fresh page and compares it with file b.
func compareTwo(t *testing.T, a, b string) *browsertest.Page {
	t.Helper()
	p := browserPage(t)
	p.Upload("#file-input", a)
	p.WaitFile(filepath.Base(a))
	p.Click(`#compare-drop`)
	p.Upload("#file-input", b)
	return p
}
