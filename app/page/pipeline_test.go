package page_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// pipelineFiles are the linkage fixtures of a whole pipeline (vertex,
// geometry, pixel: they link, decode/linkage TestPipelineRules), given out
// of order, and their names.
func pipelineFiles(t *testing.T, ps string) ([]string, [][]byte) {
	names := []string{ps + ".dxbc", "vs.dxbc", "gs.dxbc"}
	var datas [][]byte
	for _, n := range names {
		datas = append(datas, corpus.RepoFile(t, "testdata/linkage/"+n))
	}
	return names, datas
}

// Three files opened together are one pipeline: the stages in the order it
// runs them, its verdict, each pair, the root signature text as dxscope
// suggests it (none is carried); a new history entry whose link carries
// every file and reopens the same view in a fresh page; a root signature
// checked goes into the link; inspecting a stage is an entry of its own and
// Back returns to the pipeline without decoding it again.
func TestPipelineOfFilesOpenedTogether(t *testing.T) {
	b := newBrowser(t)
	names, datas := pipelineFiles(t, "ps-works")
	b.do(b.s.OpenFiles(names, datas))
	p := b.s.Stages
	if !b.s.Pipelining() || p == nil || b.At != 1 {
		t.Fatalf("pipelining %v, %d entries", b.s.Pipelining(), b.At)
	}
	v := p.View
	var order []string
	for _, st := range v.Stages {
		order = append(order, st.Name+" "+st.Stage)
	}
	// The fixtures have no program header: their stages are PSV0's.
	if got := strings.Join(order, ", "); got != "vs.dxbc Vertex, gs.dxbc Geometry, ps-works.dxbc Pixel" || !v.Links || len(v.Pairs) != 2 {
		t.Errorf("stages %q, links %v, %d pairs", got, v.Links, len(v.Pairs))
	}
	if v.Title != "Pipeline: vs.dxbc → gs.dxbc → ps-works.dxbc: links" || b.s.Title() != "pipeline of ps-works.dxbc and 2 more · dxscope" {
		t.Errorf("title %q, tab %q", v.Title, b.s.Title())
	}
	// They bind nothing and the vertex shader reads no inputs: the
	// suggestion is the empty root signature, and the text box stays empty.
	if len(v.Problems) != 1 || v.Problems[0].Rule != "LINK.NOROOTSIG" || p.RootSig.Suggested || p.RootSig.Text != "" {
		t.Errorf("problems %+v, suggested %v %q", v.Problems, p.RootSig.Suggested, p.RootSig.Text)
	}
	for i, pair := range v.Pairs {
		if pair == nil || !pair.Links || len(pair.Rows) == 0 {
			t.Errorf("pair %d: %+v", i, pair)
		}
	}
	l, err := linkstate.DecodeLink(b.link())
	if err != nil || l.State.Tab != "pipeline" || strings.Join(l.State.Stages, ",") != "vs.dxbc,gs.dxbc" || len(l.Stages) != 2 || l.File == nil {
		t.Fatalf("the link: %+v, %v", l.State, err)
	}
	o := newBrowser(t)
	o.do(o.s.ApplyLink(b.link()))
	if !o.s.Pipelining() || o.s.Stages.View.Title != v.Title {
		t.Fatalf("the link in a fresh page: pipelining %v", o.s.Pipelining())
	}

	b.do(b.s.PipelineRootSig("CBV(b0)", rootsig.Version1_0))
	if !p.RootSigGiven || p.RootSig.Suggested || !p.View.GivenRootSig {
		t.Errorf("given: %v, suggested %v", p.RootSigGiven, p.RootSig.Suggested)
	}
	if l, _ := linkstate.DecodeLink(b.link()); l.State.RootSig != "CBV(b0)" || l.State.RootSigVersion != "1.0" {
		t.Errorf("the link's root signature %q %q", l.State.RootSig, l.State.RootSigVersion)
	}
	b.do(b.s.PipelineRootSig("CBV(b0", rootsig.Version1_0))
	if p.RootSig.Err == nil || !p.RootSigGiven {
		t.Errorf("a text that does not parse: %+v", p.RootSig)
	}

	at := b.At
	b.do(b.s.PipelineOpen(2)) // gs.dxbc, in the order opened
	if b.s.Screen != page.File || b.s.Model.Name != "gs.dxbc" || b.At != at+1 {
		t.Fatalf("inspecting gs.dxbc: screen %v, %q, entry %d", b.s.Screen, b.s.Model.Name, b.At)
	}
	b.back()
	if !b.s.Pipelining() || b.s.Stages != p || b.s.Model.Name != "ps-works.dxbc" {
		t.Errorf("Back: pipelining %v, the same pipeline %v, shown %q", b.s.Pipelining(), b.s.Stages == p, b.s.Model.Name)
	}
	b.back()
	if b.s.Model != nil {
		t.Errorf("Back past the pipeline: %q shown", b.s.Model.Name)
	}
}

// Files opened together that do not make one pipeline, or are not all
// containers, or are too many; two are a comparison.
func TestFilesOpenedTogether(t *testing.T) {
	names, datas := pipelineFiles(t, "ps-fails")
	b := newBrowser(t)
	b.do(b.s.OpenFiles(names, datas))
	if v := b.s.Stages.View; !b.s.Pipelining() || v.Links || !strings.HasSuffix(v.Title, ": does not link") || v.Pairs[1].Links {
		t.Errorf("ps-fails: links %v, %q", v.Links, v.Title)
	}
	b.do(b.s.OpenFiles(names[:2], datas[:2]))
	if !b.s.Comparing() || b.s.Cmp.B.Name != "vs.dxbc" || b.s.Stages != nil {
		t.Errorf("two files: comparing %v", b.s.Comparing())
	}
	six := append(append([][]byte{}, datas...), datas...)
	b.do(b.s.OpenFiles(append(append([]string{}, names...), names...), six))
	if !strings.Contains(b.s.Link.Err, "6 files were opened together: a pipeline has at most 5 shaders") {
		t.Errorf("six files: %q", b.s.Link.Err)
	}
	b.do(b.s.OpenFiles([]string{"vs.dxbc", "notes.txt", "gs.dxbc"}, [][]byte{datas[1], []byte("not a container"), datas[2]}))
	if !strings.Contains(b.s.Link.Err, "notes.txt is not a DirectX shader container") {
		t.Errorf("a text file among them: %q", b.s.Link.Err)
	}
}

// vkd3d-proton's test_root_signature_embedded pipelines, opened together:
// shaders that carry one root signature (the text starts as it, and they
// link), and one whose vertex shader's differs, which D3D12 refuses
// (E_INVALIDARG): LINK.ROOTSIG, and the view says the pipeline has root
// signature warnings while its signatures link.
func TestPipelineOfEmbeddedRootSignatures(t *testing.T) {
	open := func(names ...string) *browser {
		var ns []string
		var ds [][]byte
		for _, n := range names {
			name := "embedded_rs_" + n
			_, d := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/"+name+".h__"+name+"_code_dxbc.dxbc")
			ns, ds = append(ns, name+".dxbc"), append(ds, d)
		}
		b := newBrowser(t)
		b.do(b.s.OpenFiles(ns, ds))
		if !b.s.Pipelining() {
			t.Fatalf("%v: not a pipeline (%s)", names, b.s.Link.Err)
		}
		return b
	}
	rules := func(b *browser) (out []string) {
		for _, q := range b.s.Stages.View.Problems {
			out = append(out, q.Rule)
		}
		for _, p := range b.s.Stages.View.Pairs {
			for _, q := range p.Problems {
				out = append(out, q.Rule)
			}
		}
		return out
	}
	b := open("ps_space0", "vs_space0", "gs_space0")
	if p := b.s.Stages; !p.View.Links || p.RootSig.Suggested || !strings.Contains(p.RootSig.Text, "UAV(u0") || strings.Contains(strings.Join(rules(b), " "), "ROOTSIG") {
		t.Errorf("created by D3D12: links %v, text %q, %q", p.View.Links, p.RootSig.Text, rules(b))
	}
	b = open("ps_space0", "vs_space1", "gs_space0")
	if got := strings.Join(rules(b), " "); !strings.Contains(got, "LINK.ROOTSIG") {
		t.Errorf("refused by D3D12: %q", got)
	}
}

// A pipeline too large for a link to carry: the link names the other files
// by SHA-256 (ssha=), and opened in a fresh page it shows the first file,
// says which files to open together, and takes them together in any order,
// checked against the link, as the same pipeline with the link's root
// signature; files that are not the link's are refused.
func TestPipelineLinkByHash(t *testing.T) {
	names, datas := pipelineFiles(t, "ps-works")
	for i, d := range datas {
		datas[i] = hostile.WithNoise(d, 8000+i)
	}
	b := newBrowser(t)
	b.do(b.s.OpenFiles(names, datas))
	b.do(b.s.PipelineRootSig("CBV(b0)", rootsig.Version1_1))
	l, err := linkstate.DecodeLink(b.link())
	if err != nil || len(l.Stages) != 0 || len(l.State.StageSHA256) != 2 || l.State.StageSHA256[0] != linkstate.SHA256(datas[1]) || l.State.RootSig != "CBV(b0)" {
		t.Fatalf("the link: %d files carried, hashes %q, %v (%d characters)", len(l.Stages), l.State.StageSHA256, err, len(b.link()))
	}
	o := newBrowser(t)
	o.do(o.s.ApplyLink(b.link()))
	if o.s.Pipelining() || o.s.Model == nil || o.s.Model.Name != "ps-works.dxbc" || !strings.Contains(o.s.Link.Note, "open them (ps-works.dxbc, vs.dxbc, gs.dxbc), one at a time or together") {
		t.Fatalf("opened: pipelining %v, note %q", o.s.Pipelining(), o.s.Link.Note)
	}
	stranger := corpus.RepoFile(t, "testdata/linkage/vs.dxbc")
	stranger = hostile.WithNoise(stranger, 100)
	o.do(o.s.OpenFiles([]string{"a", "b", "c"}, [][]byte{datas[2], datas[1], stranger}))
	if !strings.Contains(o.s.Link.Err, "none of the files opened is the link's ps-works.dxbc") || o.s.Pipelining() {
		t.Errorf("the wrong files: %q", o.s.Link.Err)
	}
	o.do(o.s.OpenFiles([]string{"g.dxbc", "v.dxbc", "p.dxbc"}, [][]byte{datas[2], datas[1], datas[0]}))
	p := o.s.Stages
	if !o.s.Pipelining() || p.Models[0].Name != "p.dxbc" || p.Models[1].Name != "v.dxbc" || !p.RootSigGiven || p.RootSig.Text != "CBV(b0)" {
		t.Fatalf("the link's files: pipelining %v, %+v", o.s.Pipelining(), p)
	}
	if o.s.Link.Stages != nil {
		t.Error("the link still waits for its files")
	}
}

// A pipeline link whose files it names by hash takes them one at a time, or
// a few together, in any order: each is put in its place, a note says which
// it still waits for, and the last one opens the pipeline, checked with the
// link's root signature. A file that is none of them is opened as before,
// and what was gathered stays. The first file opened alone first is shown,
// as it always was.
func TestPipelineLinkTakesItsFilesOneAtATime(t *testing.T) {
	names, datas := pipelineFiles(t, "ps-works")
	for i, d := range datas {
		datas[i] = hostile.WithNoise(d, 200000+i) // too large for the link to carry even the first
	}
	b := newBrowser(t)
	b.do(b.s.OpenFiles(names, datas))
	b.do(b.s.PipelineRootSig("CBV(b0)", rootsig.Version1_1))
	link := b.link()
	if l, err := linkstate.DecodeLink(link); err != nil || l.File != nil || l.State.SHA256 != linkstate.SHA256(datas[0]) || len(l.State.StageSHA256) != 2 {
		t.Fatalf("the link carries a file or no hashes: %v", err)
	}
	wantOrder := func(o *browser, first string) {
		t.Helper()
		p := o.s.Stages
		if !o.s.Pipelining() || p.Models[0].Name != first || p.Models[1].Name != "v.dxbc" || p.Models[2].Name != "g.dxbc" || !p.RootSigGiven || p.RootSig.Text != "CBV(b0)" {
			t.Fatalf("pipelining %v, note %q, error %q", o.s.Pipelining(), o.s.Link.Note, o.s.Link.Err)
		}
		if o.s.Link.Stages != nil || o.s.Link.Pending != nil {
			t.Error("the link still waits for its files")
		}
	}

	// Nothing shown: a stage, the first file, then the last stage.
	o := newBrowser(t)
	o.do(o.s.ApplyLink(link))
	if o.s.Model != nil || o.s.Link.Pending == nil {
		t.Fatalf("the link opened a file or waits for none")
	}
	o.do(o.s.Open("g.dxbc", datas[2]))
	if o.s.Model != nil || o.s.Link.Note != "1 of the 3 files of the link's pipeline are here; it waits for ps-works.dxbc, vs.dxbc. Open them one at a time or together: each is checked against the link." {
		t.Fatalf("after one stage: note %q, error %q", o.s.Link.Note, o.s.Link.Err)
	}
	o.do(o.s.Open("g.dxbc", datas[2])) // again: nothing changes
	o.do(o.s.Open("p.dxbc", datas[0]))
	if o.s.Model != nil || !strings.Contains(o.s.Link.Note, "2 of the 3 files of the link's pipeline are here; it waits for vs.dxbc.") {
		t.Fatalf("after the first file: note %q", o.s.Link.Note)
	}
	o.do(o.s.Open("other.dxbc", corpus.RepoFile(t, "testdata/linkage/vs.dxbc")))
	if o.s.Model != nil || o.s.Link.Err != "other.dxbc was not opened: it is none of the 3 files of the link's pipeline (ps-works.dxbc, vs.dxbc, gs.dxbc); each is checked by its SHA-256." {
		t.Fatalf("a file the link does not name: model %v, error %q", o.s.Model != nil, o.s.Link.Err)
	}
	o.do(o.s.Open("v.dxbc", datas[1]))
	wantOrder(o, "p.dxbc")
	if o.s.Link.Note != "" || o.s.Link.Err != "" {
		t.Errorf("after the pipeline opened: note %q, error %q", o.s.Link.Note, o.s.Link.Err)
	}

	// The first file first: shown, then the others one at a time.
	o = newBrowser(t)
	o.do(o.s.ApplyLink(link))
	o.do(o.s.Open("p.dxbc", datas[0]))
	if o.s.Model == nil || o.s.Model.Name != "p.dxbc" || o.s.Pipelining() || o.s.Link.Stages == nil {
		t.Fatalf("the first file alone is not shown as the link's first file")
	}
	o.do(o.s.Open("v.dxbc", datas[1]))
	if o.s.Model.Name != "p.dxbc" || o.s.Pipelining() || !strings.Contains(o.s.Link.Note, "2 of the 3 files of the link's pipeline are here; it waits for gs.dxbc.") {
		t.Fatalf("after one stage: shown %q, note %q", o.s.Model.Name, o.s.Link.Note)
	}
	o.do(o.s.Open("g.dxbc", datas[2]))
	wantOrder(o, "p.dxbc")

	// Two of them together, then the third.
	o = newBrowser(t)
	o.do(o.s.ApplyLink(link))
	o.do(o.s.OpenFiles([]string{"g.dxbc", "p.dxbc"}, [][]byte{datas[2], datas[0]}))
	if o.s.Model != nil || !strings.Contains(o.s.Link.Note, "it waits for vs.dxbc.") {
		t.Fatalf("two together: note %q, error %q", o.s.Link.Note, o.s.Link.Err)
	}
	o.do(o.s.Open("v.dxbc", datas[1]))
	wantOrder(o, "p.dxbc")
}
