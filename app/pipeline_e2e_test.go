//go:build !wasm

package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
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

// A pipeline link too large to carry its files names them by hash; opened
// in a fresh browser, it takes them one at a time through the file picker,
// saying which it still waits for, and the last one shows the pipeline.
func TestPipelineLinkFilesOneAtATimeInBrowser(t *testing.T) {
	root, _ := filepath.Abs("..")
	dir := t.TempDir()
	var files []string
	for i, n := range []string{"ps-works", "vs", "gs"} {
		b, err := os.ReadFile(filepath.Join(root, "testdata", "linkage", n+".dxbc"))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, n+".dxbc")
		// A PRIV part of noise deflate cannot shrink: the link cannot carry it.
		if err := os.WriteFile(path, hostile.WithNoise(b, 200000+i), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	p := browserPage(t)
	p.UploadFiles("#file-input", files...)
	p.WaitFor("the pipeline's link, by hash", `!!document.querySelector('#pipeline-title') && decodeURIComponent(location.hash).includes('ssha=')`)
	q := freshBrowser(t, p, p.Fragment())
	note := `((document.querySelector('#link-note') || {}).textContent || '')`
	q.WaitFor("the prompt", `!!document.querySelector('#link-prompt')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#link-prompt p').textContent`); got != "This link shows a pipeline of 3 shaders (ps-works.dxbc, vs.dxbc, gs.dxbc), too large to travel in the link. Open your copies, one at a time or together, to see it; each is checked against the link's SHA-256 first. Nothing is uploaded." {
		t.Errorf("prompt %q", got)
	}
	q.Upload("#file-input", files[2])
	q.WaitFor("the note after one file", note+`.includes('1 of the 3 files')`)
	if got := browsertest.Eval[string](q, note); got != "1 of the 3 files of the link's pipeline are here; it waits for ps-works.dxbc, vs.dxbc. Open them one at a time or together: each is checked against the link." {
		t.Errorf("note %q", got)
	}
	q.Upload("#file-input", files[1])
	q.WaitFor("the note after two files", note+`.includes('it waits for ps-works.dxbc.')`)
	q.Shoot("pipeline-link-waiting")
	q.Upload("#file-input", files[0])
	q.WaitFor("the pipeline", `!!document.querySelector('#pipeline-title')`)
	if got := browsertest.Eval[string](q, `document.querySelector('#pipeline-title').textContent`); got != "Pipeline: vs.dxbc → gs.dxbc → ps-works.dxbc: links" {
		t.Errorf("title %q", got)
	}
}
