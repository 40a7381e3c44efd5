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
	const vk = "real/HansKristian-Work__vkd3d-proton/"
	a, b := corpus.Path(t, vk+"d3d12_raytracing.c__rt_lib_dxil__v5.dxil"), corpus.Path(t, vk+"d3d12_raytracing.c__rt_lib_dxil__v6.dxil")
	p := compareTwo(t, a, b)
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
	if got := browsertest.Eval[[]string](q, `[...document.querySelectorAll('#cmp-linkage-problems li')].map(l => l.dataset.rule)`); strings.Join(got, " ") != "LINK.REGISTER LINK.REGISTER LINK.UNREAD LINK.NOROOTSIG" {
		t.Errorf("problems %q", got)
	}
	if got := browsertest.Eval[string](q, `[...document.querySelectorAll('#cmp-linkage-rows thead th')].map(h => h.textContent).join('|')`); !strings.HasPrefix(got, "Input (A)|") {
		t.Errorf("the later stage is A here: header %q", got)
	}
	q.Shoot("compare-linkage-fails")
	checkContrast(t, q, "a linkage that breaks")
}

// The compare view checks a pair as a pipeline created with the root
// signature the user types (TestCompareWithThePipelinesRootSignature in
// app/page says what each text gives): CBV(b0) leaves vkd3d-proton's pixel
// shader's t0 uncovered, the link carries the text and opens on the same
// verdict in a fresh tab, and an empty text goes back to the shaders' own.
func TestCompareWithThePipelinesRootSignatureInBrowser(t *testing.T) {
	root, _ := filepath.Abs("..")
	ps, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	p := compareTwo(t, filepath.Join(root, "web", "examples", "vertex.dxbc"), ps)
	p.WaitFor("the linkage", `!!document.querySelector('#cmp-linkage summary')`)
	summary := `document.querySelector('#cmp-linkage summary').textContent`
	if got := browsertest.Eval[string](p, summary); !strings.HasSuffix(got, ": links") {
		t.Fatalf("with the shaders' own root signatures: %q", got)
	}
	check := func(page *browsertest.Page, text string) {
		page.Eval(`document.querySelector('#pipe-rs').open = true; document.querySelector('#pipe-rs-text').value = ` + browsertest.JSString(text))
		page.Click("#pipe-rs-apply")
	}
	check(p, "CBV(b0)")
	p.WaitFor("the root signature's error", `!!document.querySelector('#cmp-linkage-problems li[data-rule="LINK.ROOTSIG"]')`)
	if got := browsertest.Eval[string](p, summary); !strings.HasSuffix(got, "does not link (1 error)") {
		t.Errorf("CBV(b0): %q", got)
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#cmp-linkage-problems li[data-rule="LINK.ROOTSIG"]').textContent`); !strings.Contains(got, "the pixel shader: register(t0, space0)") {
		t.Errorf("CBV(b0): %q", got)
	}
	p.WaitFor("the root signature in the link", `decodeURIComponent(location.hash).includes('rs=CBV(b0)')`)
	p.Shoot("compare-pipeline-rootsig")
	q := freshBrowser(t, p, p.Fragment())
	q.WaitFor("the linkage from the link", `!!document.querySelector('#cmp-linkage-problems li[data-rule="LINK.ROOTSIG"]')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#pipe-rs-text').value`); got != "CBV(b0)" {
		t.Errorf("the link's text box holds %q", got)
	}
	check(p, "CBV(b0), DescriptorTable(SRV(t0))")
	p.WaitFor("the pair linking with it", `document.querySelector('#cmp-linkage summary').textContent.endsWith(': links') && document.querySelector('#pipe-rs-said').textContent.includes('the pipeline')`)
	check(p, "CBV(b0), DescriptorTable(SRV(t0)")
	p.WaitFor("the compile error", `!!document.querySelector('#pipe-rs-error')`)
	check(p, "")
	p.WaitFor("the shaders' own again", `!document.querySelector('#pipe-rs-error') && !decodeURIComponent(location.hash).includes('rs=')`)
}

// A pair that carries no root signature: the linkage notes it, the
// pipeline's root signature opens with dxscope's suggestion and says so, and
// Check with it links; edit mode on the vertex shader alone starts with the
// suggestion for it.
func TestSuggestedRootSignatureInBrowser(t *testing.T) {
	root, _ := filepath.Abs("..")
	vs := filepath.Join(root, "web", "examples", "vertex.dxbc")
	ps, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	p := compareTwo(t, vs, ps)
	p.WaitFor("the suggestion", `!!document.querySelector('#pipe-rs-suggested') && document.querySelector('#pipe-rs').open`)
	want := "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\nCBV(b0),\nDescriptorTable(SRV(t0), visibility = SHADER_VISIBILITY_PIXEL)"
	if got := browsertest.Eval[string](p, `document.querySelector('#pipe-rs-text').value`); got != want {
		t.Errorf("the text box holds %q, want %q", got, want)
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#cmp-linkage-problems li[data-rule="LINK.NOROOTSIG"]').textContent`); !strings.HasPrefix(got, "note LINK.NOROOTSIG: no shader carries a root signature") {
		t.Errorf("the note: %q", got)
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#pipe-rs-said').textContent`); !strings.HasPrefix(got, "No shader carries a root signature") {
		t.Errorf("what the section says: %q", got)
	}
	p.Eval(`document.querySelector('#pipe-rs').scrollIntoView()`)
	p.Shoot("compare-suggested-rootsig")
	p.Click("#pipe-rs-apply")
	p.WaitFor("the pair checked with the suggestion", `document.querySelector('#cmp-linkage summary').textContent.endsWith(': links') && !document.querySelector('#pipe-rs-suggested') && decodeURIComponent(location.hash).includes('rs=RootFlags')`)
	if n := browsertest.Eval[int](p, `document.querySelectorAll('#cmp-linkage-problems li[data-rule^="LINK.ROOTSIG"], #cmp-linkage-problems li[data-rule="LINK.NOROOTSIG"]').length`); n != 0 {
		t.Errorf("%d root signature problems with the suggestion", n)
	}

	e := openFile(t, vs)
	e.Click("#edit-toggle")
	e.WaitFor("the edit panel", `!!document.querySelector('#rs-suggested')`)
	if got := browsertest.Eval[string](e, `document.querySelector('#rs-text').value`); got != "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\nCBV(b0, visibility = SHADER_VISIBILITY_VERTEX)" {
		t.Errorf("edit mode's text box holds %q", got)
	}
	if got := browsertest.Eval[string](e, `document.querySelector('#rs-apply').textContent`); got != "Add RTS0" {
		t.Errorf("edit mode's button says %q", got)
	}
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
