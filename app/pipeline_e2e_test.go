package app_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// Three shaders selected together in the file picker are one pipeline:
// its stages in the order it runs them, each pair's rows, the note that no
// root signature is carried; the link carries all three files and opens
// the same view in a fresh browser; a stage's name inspects it, and Back
// returns to the pipeline.
func TestPipelineInBrowser(t *testing.T) {
	root, _ := filepath.Abs("..")
	dir := filepath.Join(root, "testdata", "linkage")
	p := browserPage(t)
	p.UploadFiles("#file-input", filepath.Join(dir, "ps-works.dxbc"), filepath.Join(dir, "vs.dxbc"), filepath.Join(dir, "gs.dxbc"))
	p.WaitFor("the pipeline", `!!document.querySelector('#pipeline-title')`)
	title := `document.querySelector('#pipeline-title').textContent`
	if got := browsertest.Eval[string](p, title); got != "Pipeline: vs.dxbc → gs.dxbc → ps-works.dxbc: links" {
		t.Errorf("title %q", got)
	}
	if got := browsertest.Eval[string](p, `[...document.querySelectorAll('#pipeline-stages li')].map(li => li.textContent).join('; ')`); got != "vs.dxbc Vertex; gs.dxbc Geometry; ps-works.dxbc Pixel" {
		t.Errorf("stages %q", got)
	}
	if n := browsertest.Eval[int](p, `document.querySelectorAll('#pipeline-pair-0-rows tbody tr, #pipeline-pair-1-rows tbody tr').length`); n < 4 {
		t.Errorf("%d rows in the two pairs", n)
	}
	if !browsertest.Eval[bool](p, `!!document.querySelector('#pipeline-problems li[data-rule="LINK.NOROOTSIG"]')`) {
		t.Error("no LINK.NOROOTSIG note")
	}
	p.WaitFor("the pipeline's link", `decodeURIComponent(location.hash).includes('tab=pipeline') && location.hash.includes('&s=')`)
	q := freshBrowser(t, p, p.Fragment())
	q.WaitFor("the pipeline from the link", `!!document.querySelector('#pipeline-title')`)
	if got := browsertest.Eval[string](q, title); got != "Pipeline: vs.dxbc → gs.dxbc → ps-works.dxbc: links" {
		t.Errorf("from the link: %q", got)
	}
	p.Click("#pipeline-open-1")
	p.WaitFor("gs.dxbc inspected", `!document.querySelector('#pipeline') && document.title.startsWith('gs.dxbc')`)
	browsertest.Eval[bool](p, `(history.back(), true)`)
	p.WaitFor("the pipeline again", `!!document.querySelector('#pipeline-title')`)

	// vkd3d-proton's pipeline whose pixel shader carries a root signature of
	// another register space than the others' (D3D12: E_INVALIDARG).
	var files []string
	for _, n := range []string{"vs_space0", "gs_space0", "ps_space1"} {
		name := "embedded_rs_" + n
		path, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/"+name+".h__"+name+"_code_dxbc.dxbc")
		files = append(files, path)
	}
	r := browserPage(t)
	r.UploadFiles("#file-input", files...)
	r.WaitFor("the pipeline", `!!document.querySelector('#pipeline-title')`)
	if got := browsertest.Eval[string](r, `[...document.querySelectorAll('.pipeline li[data-rule="LINK.ROOTSIG"]')].map(li => li.textContent).join(' | ')`); !strings.Contains(got, "carry different root signatures") {
		t.Errorf("LINK.ROOTSIG: %q", got)
	}
	r.Shoot("pipeline")
}
