package linkage_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/linkage"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

func TestMain(m *testing.M) { corpus.Main(m) }

func parse(t *testing.T, b []byte, name string) *decode.File {
	t.Helper()
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// found lists a result's problems as "RULE semantic", sorted.
func found(r *linkage.Result) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, strings.TrimSpace(p.Rule+" "+p.Semantic))
	}
	slices.Sort(out)
	return out
}

// The fixtures are Microsoft's "Shader Signatures" example (a vertex shader
// writing SV_Position, Normal, Texcoord0; PSInWorks reads the first two in
// order, PSInFails the same two swapped) and variants of it, each breaking
// one rule; testdata/linkage/*.yaml says which, and yaml2obj-19 builds them.
func TestFixturesAsTheRulesSay(t *testing.T) {
	vs := parse(t, corpus.RepoFile(t, "testdata/linkage/vs.dxbc"), "vs")
	for _, c := range []struct {
		ps    string
		links bool
		want  []string
	}{
		{"ps-works", true, []string{"LINK.NOROOTSIG", "LINK.UNREAD"}},
		{"ps-fails", false, []string{"LINK.NOROOTSIG", "LINK.REGISTER Normal0", "LINK.REGISTER SV_Position0", "LINK.UNREAD"}},
		{"ps-mask", false, []string{"LINK.MASK Normal0", "LINK.NOROOTSIG", "LINK.UNREAD"}},
		{"ps-type", false, []string{"LINK.NOROOTSIG", "LINK.TYPE Normal0", "LINK.UNREAD"}},
		{"ps-missing", false, []string{"LINK.MISSING Color0", "LINK.NOROOTSIG", "LINK.UNREAD"}},
		{"ps-frontface", true, []string{"LINK.GENERATED SV_IsFrontFace0", "LINK.NOROOTSIG", "LINK.UNREAD"}},
	} {
		ps := parse(t, corpus.RepoFile(t, "testdata/linkage/"+c.ps+".dxbc"), c.ps)
		for _, order := range []string{"vs, ps", "ps, vs"} {
			r := linkage.Check(vs, ps)
			if order == "ps, vs" {
				r = linkage.Check(ps, vs)
				if !r.Swapped {
					t.Errorf("%s first: not turned round", c.ps)
				}
			}
			if r.Links() != c.links || !slices.Equal(found(r), c.want) {
				t.Errorf("%s (%s): links %v, problems %q; want %v, %q", c.ps, order, r.Links(), found(r), c.links, c.want)
			}
			if r.Up.Stage != "Vertex" || r.Down.Stage != "Pixel" || r.Up.Part != "OSG1" || r.Down.Part != "ISG1" {
				t.Errorf("%s: sides %+v → %+v", c.ps, r.Up, r.Down)
			}
			if len(r.Rows) != len(ps.Part("ISG1").Signature.Parameters) {
				t.Errorf("%s: %d rows for %d inputs", c.ps, len(r.Rows), len(ps.Part("ISG1").Signature.Parameters))
			}
		}
	}
	if r := linkage.Check(vs, vs); r.Adjacent || !slices.Equal(found(r), []string{"LINK.STAGES"}) {
		t.Errorf("vertex → vertex: adjacent %v, %q", r.Adjacent, found(r))
	}
}

// A pipeline's own rules: one shader of each stage, vertices from a vertex
// or a mesh shader, graphics stages only.
func TestPipelineRules(t *testing.T) {
	vs := parse(t, corpus.RepoFile(t, "testdata/linkage/vs.dxbc"), "vs")
	ps := parse(t, corpus.RepoFile(t, "testdata/linkage/ps-works.dxbc"), "ps-works")
	fails := parse(t, corpus.RepoFile(t, "testdata/linkage/ps-fails.dxbc"), "ps-fails")
	gs := parse(t, corpus.RepoFile(t, "testdata/linkage/gs.dxbc"), "gs")
	cs := parse(t, corpus.RepoFile(t, "web/examples/compute.dxbc"), "compute")
	for _, c := range []struct {
		name  string
		files []*decode.File
		links bool
		order []int
		want  string // the pipeline's problem, "" for none
	}{
		{"ps, vs", []*decode.File{ps, vs}, true, []int{1, 0}, ""},
		{"ps, gs, vs", []*decode.File{ps, gs, vs}, true, []int{2, 1, 0}, ""},
		{"gs, ps-fails, vs", []*decode.File{gs, fails, vs}, false, []int{2, 0, 1}, ""},
		{"vs, gs (no pixel shader: stream output only)", []*decode.File{vs, gs}, true, []int{0, 1}, ""},
		{"vs, ps-fails", []*decode.File{vs, fails}, false, []int{0, 1}, ""},
		{"vs, vs, ps", []*decode.File{vs, vs, ps}, false, []int{0, 1, 2}, "two vertex shaders: a pipeline has one of each stage"},
		{"ps", []*decode.File{ps}, false, []int{0}, "no vertex or mesh shader: a pipeline starts with one"},
		{"vs, cs, ps", []*decode.File{vs, cs, ps}, false, []int{1, 0, 2}, "file 2 is a compute shader, which is not a stage of a graphics pipeline"},
	} {
		p := linkage.CheckPipeline(c.files)
		var got []string
		for _, q := range p.Problems {
			if q.Rule != linkage.RuleNoRootSig { // TestNoRootSignatureNoted
				got = append(got, q.Message)
			}
		}
		if p.Links() != c.links || !slices.Equal(p.Order, c.order) || strings.Join(got, "; ") != c.want || len(p.Pairs) != len(c.files)-1 {
			t.Errorf("%s: links %v, order %v, %d pairs, problems %q; want %v, %v, %q", c.name, p.Links(), p.Order, len(p.Pairs), got, c.links, c.order, c.want)
		}
	}
}

// build.sh, run into a folder of its own, writes every fixture byte for byte.
func TestFixturesAreBuilt(t *testing.T) {
	corpus.Tool(t, "llvm-19", "yaml2obj-19")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command("sh", "testdata/linkage/build.sh", out)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, msg)
	}
	yamls, _ := filepath.Glob(filepath.Join(root, "testdata", "linkage", "*.yaml"))
	if len(yamls) < 7 {
		t.Fatalf("%d fixtures", len(yamls))
	}
	for _, y := range yamls {
		name := strings.TrimSuffix(filepath.Base(y), ".yaml") + ".dxbc"
		have, _ := os.ReadFile(filepath.Join(root, "testdata", "linkage", name))
		built, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(have) != string(built) {
			t.Errorf("%s: the committed file is not what build.sh writes (%d vs %d bytes)", name, len(have), len(built))
		}
	}
}

// The page's examples are a pipeline: the vertex shader feeds both pixel
// shaders, the DXIL one and the SM5 one.
func TestExamplesLink(t *testing.T) {
	vs := parse(t, corpus.RepoFile(t, "web/examples/vertex.dxbc"), "vertex")
	for _, ps := range []string{"pixel.dxbc", "pixel-sm5.dxbc"} {
		r := linkage.Check(vs, parse(t, corpus.RepoFile(t, "web/examples/"+ps), ps))
		if !r.Links() || !slices.Equal(found(r), []string{linkage.RuleNoRootSig}) || len(r.Rows) != 2 {
			t.Errorf("vertex → %s: links %v, %d rows, problems %q", ps, r.Links(), len(r.Rows), found(r))
		}
	}
}

// vkd3dPipelines is vkd3d-proton's test_shader_io_mismatch
// (tests/d3d12_pso.c @ d01924b6f02fa3f78e3d371269267355363dbcb7): pipelines
// of its shaders and whether D3D12 creates them, with a vertex shader first
// and (where ms is set) with the mesh shader instead; the test passes on
// native D3D12, so its expectations are the runtime's answers. A name is
// the shader's and whether it is the DXIL or the DXBC build.
var vkd3dPipelines = []struct {
	ms, vs, hs, ds, gs, ps string
	vsLinks, msLinks       bool
}{
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_ref:dxil", true, true},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_1:dxil", true, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_2:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_3:dxil", false, true},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_4:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_5:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_6:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_7:dxil", true, true},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_8:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_9:dxil", true, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_10:dxil", true, true},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_1:dxil", "ds_mismatch_1:dxil", "", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_1:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_1:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_2:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_1:dxil", "ds_mismatch_3:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_4:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_1:dxil", "ds_mismatch_5:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_6:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_2:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_3:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_4:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_5:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_1:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_2:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_3:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_4:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_5:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_6:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_7:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_8:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_9:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "", "ps_mismatch_10:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_1:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_2:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_3:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_4:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_5:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_6:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_7:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_8:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_9:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxil", "ps_mismatch_10:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_1:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_2:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_3:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_4:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "gs_mismatch_5:dxil", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_ref:dxil", "ps_mismatch_ref:dxil", true, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_1:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_2:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_3:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_4:dxil", "ps_mismatch_ref:dxil", false, false},
	{"", "vs_mismatch:dxil", "hs_mismatch_ref:dxil", "ds_mismatch_ref:dxil", "gs_mismatch_5:dxil", "ps_mismatch_ref:dxil", true, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_1:dxil", true, true},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_2:dxil", false, true},
	{"", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_3:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_4:dxil", true, false},
	{"", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_5:dxil", false, false},
	{"", "vs_mismatch:dxil", "", "", "", "ps_mismatch_sv_6:dxil", true, false},
	{"ms_mismatch_primid:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_primid:dxil", "ps_mismatch_sv_3:dxil", true, true},
	{"ms_mismatch_primid:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_primid:dxil", "ps_mismatch_sv_4:dxil", false, true},
	{"ms_mismatch_primid:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_primid:dxil", "ps_mismatch_sv_5:dxil", true, true},
	{"ms_mismatch_primid:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_primid:dxil", "ps_mismatch_sv_6:dxil", false, true},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxbc", "ps_mismatch_sv_3:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "gs_mismatch_ref:dxbc", "ps_mismatch_sv_4:dxil", false, false},
	{"", "vs_mismatch:dxbc", "", "", "", "ps_mismatch_sv_3:dxbc", true, false},
	{"", "vs_mismatch:dxbc", "", "", "", "ps_mismatch_sv_4:dxbc", true, false},
	{"", "vs_mismatch:dxbc", "", "", "", "ps_mismatch_sv_5:dxbc", false, false},
	{"", "vs_mismatch:dxbc", "", "", "", "ps_mismatch_sv_6:dxbc", true, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_primid:dxbc", "ps_mismatch_sv_3:dxbc", true, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_primid:dxbc", "ps_mismatch_sv_4:dxbc", false, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_primid:dxbc", "ps_mismatch_sv_5:dxbc", true, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_primid:dxbc", "ps_mismatch_sv_6:dxbc", false, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_ref:dxbc", "ps_mismatch_sv_3:dxbc", false, false},
	{"", "vs_mismatch:dxbc", "", "", "gs_mismatch_ref:dxbc", "ps_mismatch_sv_4:dxbc", false, false},
	{"ms_mismatch_min16float:dxil", "vs_mismatch_min16float:dxil", "", "", "", "ps_mismatch_min16float:dxil", true, true},
	{"ms_mismatch_min16float:dxil", "vs_mismatch_min16float:dxil", "", "", "", "ps_mismatch_ref:dxil", false, false},
	{"ms_mismatch:dxil", "vs_mismatch:dxil", "", "", "", "ps_mismatch_min16float:dxil", false, false},
	{"", "vs_mismatch_min16float:dxbc", "", "", "", "ps_mismatch_min16float:dxbc", true, true},
	{"", "vs_mismatch_min16float:dxbc", "", "", "", "ps_mismatch_ref:dxbc", false, false},
	{"", "vs_mismatch:dxbc", "", "", "", "ps_mismatch_min16float:dxbc", false, false},
}

// vkd3dShader reads one of test_shader_io_mismatch's shaders from the
// corpus; nil when it is not there (the corpus holds most of them).
func vkd3dShader(t *testing.T, dir, name string) *decode.File {
	n, kind, _ := strings.Cut(name, ":")
	b, err := os.ReadFile(filepath.Join(dir, "real", "HansKristian-Work__vkd3d-proton", fmt.Sprintf("%s.h__%s_code_%s.%s", n, n, kind, kind)))
	if err != nil {
		return nil
	}
	return parse(t, b, name)
}

// A pipeline links when each stage links to the next; Check must give
// D3D12's answer for every pipeline of test_shader_io_mismatch whose
// shaders the corpus holds.
func TestPipelinesAsD3D12CreatesThem(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found at %s (set DXSCOPE_CORPUS): skipping", dir)
	}
	checked, links, long := 0, 0, 0
	try := func(names []string, want bool) {
		var files []*decode.File
		for _, n := range names {
			f := vkd3dShader(t, dir, n)
			if f == nil {
				return
			}
			files = append(files, f)
		}
		// Given last stage first: CheckPipeline puts them in order.
		slices.Reverse(files)
		p := linkage.CheckPipeline(files)
		slices.Reverse(files)
		for i, j := range p.Order {
			if j != len(files)-1-i {
				t.Errorf("%s: order %v", strings.Join(names, " → "), p.Order)
				break
			}
		}
		got, why := p.Links(), []string{}
		for i, r := range p.Pairs {
			if !r.Links() {
				why = append(why, fmt.Sprintf("%s → %s: %q", names[i], names[i+1], found(r)))
			}
		}
		for _, q := range p.Problems {
			why = append(why, q.Rule+": "+q.Message)
		}
		checked++
		if got {
			links++
		}
		if len(names) > 2 {
			long++
		}
		if got != want {
			t.Errorf("%s: links %v, D3D12 says %v %s", strings.Join(names, " → "), got, want, strings.Join(why, "; "))
		}
	}
	for _, p := range vkd3dPipelines {
		var names []string
		for _, n := range []string{p.vs, p.hs, p.ds, p.gs, p.ps} {
			if n != "" {
				names = append(names, n)
			}
		}
		try(names, p.vsLinks)
		if p.ms != "" {
			try([]string{p.ms, p.ps}, p.msLinks)
		}
	}
	t.Logf("%d pipelines of test_shader_io_mismatch checked (%d link, %d do not; %d of three stages or more), each given last stage first; the rest name shaders the corpus does not hold", checked, links, checked-links, long)
	if checked == 0 {
		corpus.Skip(t, "named file", "no pipeline of test_shader_io_mismatch is in this corpus")
	}
	if checked < 50 {
		t.Errorf("only %d pipelines checked: the corpus's vkd3d-proton shaders are missing", checked)
	}
}

// meshPipelines are the mesh-shader pipelines vkd3d-proton's
// tests/d3d12_mesh_shader.c creates, at the commit the corpus took its
// shaders from (e82445c3c0124a13fdaa3f9b3f70110cfa8067e0), with the answer
// its test expects of D3D12: the corpus's d3d12_mesh_shader.c__NAME files
// are that file's arrays (NAME__v2 the second array of that name; each
// array's HLSL, in a comment above it, checked against the file's
// signatures). test_mesh_shader_create_pipeline: a mesh shader alone
// succeeds; with a pixel shader, only a "non-trivial" one (its todo is
// vkd3d-proton's, the expectation D3D12's); test_mesh_shader_rendering and
// test_amplification_shader create the rest.
var meshPipelines = []struct {
	names []string
	links bool
}{
	{[]string{"ms_code"}, true},
	{[]string{"ms_code", "ps_code"}, false}, // "Pixel shaders require a non-trivial mesh shader": E_INVALIDARG
	{[]string{"ms_nontrivial_code", "ps_code"}, true},
	{[]string{"ms_simple", "ps_simple"}, true},
	{[]string{"ms_interface_matching", "ps_interface_matching"}, true},
	{[]string{"ms_culling", "ps_culling"}, true},
	{[]string{"ms_cull_primitive", "ps_culling"}, true},
	{[]string{"ms_system_values", "ps_system_values"}, true},
	{[]string{"as_simple", "ms_simple__v2", "ps_simple__v2"}, true},
}

func TestMeshPipelinesAsD3D12CreatesThem(t *testing.T) {
	checked := 0
	for _, c := range meshPipelines {
		var files []*decode.File
		for _, n := range c.names {
			b := corpus.Bytes(t, "real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__"+n+".dxil")
			files = append(files, parse(t, b, n))
		}
		slices.Reverse(files) // in any order
		p := linkage.CheckPipeline(files)
		var why []string
		for _, r := range p.Pairs {
			if r != nil {
				why = append(why, found(r)...)
			}
		}
		for _, q := range p.Problems {
			why = append(why, q.Rule)
		}
		if p.Links() != c.links {
			t.Errorf("%s: links %v, D3D12 says %v %q", strings.Join(c.names, " → "), p.Links(), c.links, why)
		}
		checked++
	}
	t.Logf("%d mesh pipelines of d3d12_mesh_shader.c checked", checked)
}

// Real pipelines link: bgfx's example programs (vs_X with fs_X, DXBC and
// DXIL builds) and every (vertex, pixel) pair DirectXTK's and DirectXTK12's
// effects draw with (testdata/linkage/directxtk*-pairs.tsv, read from their
// sources).
func TestRealPipelinesLink(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found at %s (set DXSCOPE_CORPUS): skipping", dir)
	}
	type pair struct{ vs, ps string }
	var pairs []pair
	bgfx := filepath.Join(dir, "real", "bkaradzic__bgfx")
	ents, _ := os.ReadDir(bgfx)
	name := regexp.MustCompile(`^(vs|fs)_(.*)\.bin\.h__(?:vs|fs)_.*_(dxbc|dxil)__off[0-9a-f]+\.(?:dxbc|dxil)$`)
	byKey := map[string]string{}
	for _, e := range ents {
		if m := name.FindStringSubmatch(e.Name()); m != nil {
			byKey[m[1]+" "+m[2]+" "+m[3]] = filepath.Join(bgfx, e.Name())
		}
	}
	for k, vs := range byKey {
		if rest, ok := strings.CutPrefix(k, "vs "); ok && byKey["fs "+rest] != "" {
			pairs = append(pairs, pair{vs, byKey["fs "+rest]})
		}
	}
	bgfxPairs := len(pairs)
	for _, proj := range []string{"DirectXTK", "DirectXTK12"} {
		folder := filepath.Join(dir, "real", "microsoft__"+proj)
		ents, _ := os.ReadDir(folder)
		files := map[string]string{}
		for _, e := range ents {
			if n := e.Name(); strings.HasSuffix(n, ".dxbc") || strings.HasSuffix(n, ".dxil") {
				files[strings.SplitN(n, ".inc__", 2)[0]] = filepath.Join(folder, n)
			}
		}
		table := string(corpus.RepoFile(t, "testdata/linkage/"+strings.ToLower(proj)+"-pairs.tsv"))
		for _, line := range strings.Split(table, "\n") {
			vs, ps, ok := strings.Cut(line, "\t")
			if ok && !strings.HasPrefix(line, "#") && files[vs] != "" && files[ps] != "" {
				pairs = append(pairs, pair{files[vs], files[ps]})
			}
		}
	}
	rootSigs, crossed, withIA := 0, 0, 0
	for _, p := range pairs {
		vb, _ := os.ReadFile(p.vs)
		pb, _ := os.ReadFile(p.ps)
		vs, ps := parse(t, vb, p.vs), parse(t, pb, p.ps)
		r := linkage.Check(vs, ps)
		inputs := 0
		for _, q := range ps.Parts {
			if q.Signature != nil && q.Signature.Direction == decode.SigInput {
				inputs += len(q.Signature.Parameters)
			}
		}
		if !r.Links() || len(r.Rows) != inputs {
			t.Errorf("%s → %s: links %v, %d rows for %d inputs, %q", filepath.Base(p.vs), filepath.Base(p.ps), r.Links(), len(r.Rows), inputs, found(r))
		}
		// DirectXTK12's effects embed their root signatures in both
		// shaders and create their pipelines with them: each shader fits
		// the other's.
		if vr, pr := vs.Part("RTS0"), ps.Part("RTS0"); vr != nil || pr != nil {
			rootSigs++
			if vr == nil || pr == nil || string(vr.Data()) != string(pr.Data()) {
				crossed++
			}
		}
		for _, q := range r.Problems {
			if q.Rule == linkage.RuleRootSig {
				t.Errorf("%s → %s: %s", filepath.Base(p.vs), filepath.Base(p.ps), q.Message)
			}
		}
		// The root signature dxscope suggests for the pair creates the
		// pipeline as D3D12 checks one: every binding of both covered.
		text, probs := decode.SuggestRootSignature(vs, ps)
		rs, err := rootsig.Parse(text, rootsig.Version1_1)
		if len(probs) > 0 || err != nil {
			t.Errorf("%s → %s: suggested %q, %v, %v", filepath.Base(p.vs), filepath.Base(p.ps), text, probs, err)
			continue
		}
		if rg := linkage.CheckWith(vs, ps, rootsig.Encode(rs, rootsig.Version1_1)); !rg.Links() || slices.Contains(found(rg), linkage.RuleRootSig) {
			t.Errorf("%s → %s: with the suggested root signature %q: links %v, %q", filepath.Base(p.vs), filepath.Base(p.ps), text, rg.Links(), found(rg))
		}
		if strings.Contains(text, "visibility") && !strings.Contains(text, "SHADER_VISIBILITY_") {
			t.Errorf("%q", text)
		}
		if strings.HasPrefix(text, "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT)") {
			withIA++
		}
	}
	t.Logf("the suggested root signature links every pair; %d of them with the input assembler", withIA)
	t.Logf("%d real pipelines link (%d bgfx programs, %d DirectXTK effect pairs); %d carry root signatures, %d pairs two different ones, each shader checked against the other's", len(pairs), bgfxPairs, len(pairs)-bgfxPairs, rootSigs, crossed)
	if len(pairs) == 0 {
		corpus.Skip(t, "named file", "no bgfx program or DirectXTK effect pair is in this corpus")
	}
	if bgfxPairs < 10 || len(pairs)-bgfxPairs < 150 {
		t.Errorf("%d bgfx and %d DirectXTK pairs found: the corpus's files are missing", bgfxPairs, len(pairs)-bgfxPairs)
	}
}

// A pipeline none of whose shaders carries a root signature gets a note
// (D3D12 has none to take, so the application must give one): a pair, and a
// whole pipeline once, not each of its pairs; not when one shader carries
// one, nor when the pipeline is given one. The suggestion for such a
// pipeline, written by hand from the shaders' bindings (the PSV0 of the
// page's vertex shader lists b0, and it reads POSITION and TEXCOORD;
// vkd3d-proton's pixel shader binds b0 and t0), is exactly what
// SuggestRootSignature writes: b0 of both stages visible to all.
func TestNoRootSignatureNoted(t *testing.T) {
	vs, ps, vsCarrying := rootSignatureShaders(t)
	notes := func(ps []linkage.Problem) (n int) {
		for _, q := range ps {
			if q.Rule == linkage.RuleNoRootSig {
				n++
				if q.Severity != report.Note {
					t.Errorf("%v: not a note", q)
				}
			}
		}
		return n
	}
	if n := notes(linkage.Check(vs, ps).Problems); n != 1 {
		t.Errorf("pair: %d notes, want 1", n)
	}
	p := linkage.CheckPipeline([]*decode.File{ps, vs})
	if n := notes(p.Problems); n != 1 || notes(p.Pairs[0].Problems) != 0 {
		t.Errorf("pipeline: %d notes, %d in its pair; want 1, 0", n, notes(p.Pairs[0].Problems))
	}
	want := "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),\n" +
		"CBV(b0),\n" +
		"DescriptorTable(SRV(t0), visibility = SHADER_VISIBILITY_PIXEL)"
	text, probs := decode.SuggestRootSignature(vs, ps)
	if text != want || len(probs) != 0 {
		t.Errorf("suggested %q, %v; want %q", text, probs, want)
	}
	rs, err := rootsig.Parse(text, rootsig.Version1_0)
	if err != nil {
		t.Fatal(err)
	}
	given := rootsig.Encode(rs, rootsig.Version1_0)
	if r := linkage.CheckWith(vs, ps, given); notes(r.Problems) != 0 || !r.Links() || slices.Contains(found(r), linkage.RuleRootSig) {
		t.Errorf("given the suggestion: links %v, %q", r.Links(), found(r))
	}
	if n := notes(linkage.Check(vsCarrying(given), ps).Problems); n != 0 {
		t.Errorf("the vertex shader carrying one: %d notes", n)
	}
	if n := notes(linkage.CheckPipelineWith([]*decode.File{vs, ps}, given).Problems); n != 0 {
		t.Errorf("a pipeline given one: %d notes", n)
	}
}

// rts0 is a root signature 1.0 written word by word (d3d12.h's
// D3D12_ROOT_SIGNATURE_DESC serialized: header, parameter headers, then
// their payloads).
func rts0(words ...uint32) []byte {
	b := make([]byte, 0, 4*len(words))
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

// rootSignatureShaders are the shaders of the root-signature tests: the
// page's vertex shader, a vkd3d-proton pixel shader binding b0 and t0
// (PSV0), and the vertex shader given a root signature of its own.
func rootSignatureShaders(t *testing.T) (vs, ps *decode.File, vsCarrying func(rs []byte) *decode.File) {
	t.Helper()
	ps = parse(t, corpus.Bytes(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil"), "ps")
	vs = parse(t, corpus.RepoFile(t, "web/examples/vertex.dxbc"), "vertex")
	vsCarrying = func(rs []byte) *decode.File {
		var parts []hostile.Part
		for _, p := range vs.Parts {
			parts = append(parts, hostile.Part{Name: p.Name, Data: p.Data()})
		}
		return parse(t, hostile.Container(append(parts, hostile.Part{Name: "RTS0", Data: rs})...), "vertex with a root signature")
	}
	return vs, ps, vsCarrying
}

// A shader is checked against the root signature the other carries: a
// vkd3d-proton pixel shader binding b0 and t0 (PSV0) beside the page's
// vertex shader given a root signature of b0 alone, then of b0 and a table
// of t0. What does not fit is a warning (the pipeline may be given a root
// signature of its own); the same root signature in both is not checked
// again (DXC's validator checked each shader against its own).
func TestRootSignaturesOfTheOtherShader(t *testing.T) {
	_, ps, with := rootSignatureShaders(t)
	cbvOnly := rts0(1, 1, 24, 0, 44, 0, // version 1.0, 1 parameter at 24, no samplers (at 44), no flags
		2, 0, 36, // a root CBV visible to all, its payload at 36
		0, 0) // b0, space0
	cbvAndTable := rts0(1, 2, 24, 0, 84, 0,
		2, 0, 48, // root CBV, payload at 48
		0, 0, 56, // descriptor table, payload at 56
		0, 0, // b0, space0
		1, 64, // one range, at 64
		0, 1, 0, 0, 0xffffffff) // SRV, 1 descriptor from t0, space0, appended
	for _, c := range []struct {
		name string
		rs   []byte
		want []string
	}{
		{"b0 alone", cbvOnly, []string{"with the root signature the vertex shader carries, the pixel shader: register(t0, space0) (SRVTyped: register space 0, 1 descriptor(s) from register 0) is not fully bound in the root signature: no SRV range visible to all stages or the Pixel stage covers it"}},
		{"b0 and t0", cbvAndTable, nil},
	} {
		for _, order := range []string{"vs, ps", "ps, vs"} {
			v := with(c.rs)
			r := linkage.Check(v, ps)
			if order == "ps, vs" {
				r = linkage.Check(ps, v)
			}
			var got []string
			for _, q := range r.Problems {
				if q.Rule == linkage.RuleRootSig {
					if q.Severity != report.Warning {
						t.Errorf("%s: %s is a %s", c.name, q.Message, q.Severity)
					}
					got = append(got, q.Message)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s (%s): %q, want %q", c.name, order, got, c.want)
			}
		}
	}
	// Both shaders carrying one root signature: not checked again, however
	// it fits.
	psWith := func(rs []byte) *decode.File {
		var parts []hostile.Part
		for _, p := range ps.Parts {
			parts = append(parts, hostile.Part{Name: p.Name, Data: p.Data()})
		}
		return parse(t, hostile.Container(append(parts, hostile.Part{Name: "RTS0", Data: rs})...), "pixel with a root signature")
	}
	if r := linkage.Check(with(cbvOnly), psWith(cbvOnly)); slices.ContainsFunc(r.Problems, func(q linkage.Problem) bool { return q.Rule == linkage.RuleRootSig }) {
		t.Errorf("one root signature in both: %+v", r.Problems)
	}
	// In a whole pipeline the shaders Check does not pair are checked too:
	// the vertex shader's root signature against the pixel shader's
	// bindings across a geometry shader.
	gs := parse(t, corpus.RepoFile(t, "testdata/linkage/gs.dxbc"), "gs")
	p := linkage.CheckPipeline([]*decode.File{ps, gs, with(cbvOnly)})
	if len(p.Problems) != 1 || p.Problems[0].Rule != linkage.RuleRootSig || !strings.Contains(p.Problems[0].Message, "register(t0, space0)") {
		t.Errorf("pipeline: %+v", p.Problems)
	}
	// Beside stages that do not meet (Check stops there), too: the compute
	// example's UAV against the vertex shader's root signature.
	cs := parse(t, corpus.RepoFile(t, "web/examples/compute.dxbc"), "compute")
	p = linkage.CheckPipeline([]*decode.File{with(cbvOnly), cs})
	var rs []string
	for _, q := range p.Problems {
		if q.Rule == linkage.RuleRootSig {
			rs = append(rs, q.Message)
		}
	}
	if len(rs) != 1 || !strings.Contains(rs[0], "the compute shader: register(u0, space0)") {
		t.Errorf("a compute shader beside the vertex shader: %q", rs)
	}
}

// A pipeline created with a root signature of its own uses it, not the
// ones its shaders carry (vkd3d-proton's test_root_signature_priority), and
// is refused when a shader binds what it does not cover
// (test_missing_bindings_root_signature; decode's
// TestRootSignatureGivenAsD3D12Decides holds RootSignatureCovers to both):
// errors, once a shader however many pairs it is in. The shaders are those
// of TestRootSignaturesOfTheOtherShader.
func TestPipelineGivenItsRootSignature(t *testing.T) {
	vs, ps, vsCarrying := rootSignatureShaders(t)
	gs := parse(t, corpus.RepoFile(t, "testdata/linkage/gs.dxbc"), "gs")
	cbvOnly := rts0(1, 1, 24, 0, 44, 0, 2, 0, 36, 0, 0)                                              // a root CBV b0
	cbvAndTable := rts0(1, 2, 24, 0, 84, 0, 2, 0, 48, 0, 0, 56, 0, 0, 1, 64, 0, 1, 0, 0, 0xffffffff) // b0, a table of t0
	rootSig := func(ps []linkage.Problem) (got []string) {
		for _, q := range ps {
			if q.Rule == linkage.RuleRootSig {
				got = append(got, q.Severity.String()+": "+q.Message)
			}
		}
		return got
	}
	const missingT0 = "error: with the pipeline's root signature, the pixel shader: register(t0, space0) (SRVTyped: register space 0, 1 descriptor(s) from register 0) is not fully bound in the root signature: no SRV range visible to all stages or the Pixel stage covers it"
	for _, c := range []struct {
		name  string
		a, b  *decode.File
		given []byte
		want  []string
	}{
		{"b0 given: the pixel shader's t0 is not in it", vs, ps, cbvOnly, []string{missingT0}},
		{"b0 given, the shaders in the other order", ps, vs, cbvOnly, []string{missingT0}},
		{"b0 and t0 given", vs, ps, cbvAndTable, nil},
		{"b0 and t0 given, the vertex shader carrying b0 alone: the given one is used", vsCarrying(cbvOnly), ps, cbvAndTable, nil},
		{"b0 given, the vertex shader carrying b0 and t0: the given one is used", vsCarrying(cbvAndTable), ps, cbvOnly, []string{missingT0}},
		{"a root signature cut after 8 bytes", vs, ps, cbvOnly[:8], []string{"error: D3D12 does not take the pipeline's root signature (byte 0x8): truncated: RTS0/RootParametersOffset needs 4 bytes at offset 0x8, only 0 remain"}},
		// D3D12 counts a root descriptor as 2 DWORDs of the 64 a root
		// signature may cost (D3D12_MAX_ROOT_COST): 32 root CBVs are
		// taken (and t0 is then not covered), 33 are refused.
		{"32 root CBVs: 64 DWORDs", vs, ps, rootCBVs(t, 32), []string{missingT0}},
		{"33 root CBVs: 66 DWORDs", vs, ps, rootCBVs(t, 33), []string{"error: D3D12 does not take the pipeline's root signature (byte 0x4): the root parameters cost 66 DWORDs, more than the 64 D3D12 allows (a descriptor table costs 1, a root descriptor 2, each root constant 1): CreateRootSignature refuses this root signature"}},
	} {
		r := linkage.CheckWith(c.a, c.b, c.given)
		if got := rootSig(r.Problems); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if r.Links() != (c.want == nil) {
			t.Errorf("%s: Links() = %v", c.name, r.Links())
		}
		// Across a pipeline, once: not again for each pair the shader is in.
		p := linkage.CheckPipelineWith([]*decode.File{c.b, gs, c.a}, c.given)
		got := rootSig(p.Problems)
		for _, r := range p.Pairs {
			got = append(got, rootSig(r.Problems)...)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s, with a geometry shader between: %q, want %q", c.name, got, c.want)
		}
	}
	// No root signature given is Check and CheckPipeline.
	v := vsCarrying(cbvOnly)
	if a, b := linkage.CheckWith(v, ps, nil), linkage.Check(v, ps); !slices.Equal(rootSig(a.Problems), rootSig(b.Problems)) || len(rootSig(b.Problems)) != 1 {
		t.Errorf("CheckWith(nil) %q, Check %q", rootSig(a.Problems), rootSig(b.Problems))
	}
}

// embeddedRootSignatures are the pipelines of vkd3d-proton's
// test_root_signature_embedded (tests/d3d12_root_signature.c @ d01924b6)
// whose shaders the corpus holds, with D3D12's answer when the pipeline is
// given no root signature of its own: any one shader may carry it, those
// that do must agree, and every shader's bindings must be in it. Each
// shader binds u0 and u1 in the space its name says; "naked" ones carry no
// root signature. (Its cases with ps_space0_naked, gs_space1_naked or no
// root signature at all name shaders the corpus does not hold.)
var embeddedRootSignatures = []struct {
	vs, gs, ps string
	created    bool
}{
	{"vs_space0_naked", "", "ps_space0", true},
	{"vs_space0", "", "ps_space0", true},
	{"vs_space0", "gs_space0", "ps_space0", true},
	{"vs_space1", "gs_space0", "ps_space0", false},
	{"vs_space0", "gs_space1", "ps_space0", false},
	{"vs_space0", "gs_space0", "ps_space1", false},
	{"vs_space0", "gs_space0", "ps_space1_naked", false},
}

// LINK.ROOTSIG warns exactly where D3D12 refuses a pipeline that takes its
// root signature from its shaders; the signatures link in every one.
func TestEmbeddedRootSignaturesAsD3D12CreatesThem(t *testing.T) {
	for _, c := range embeddedRootSignatures {
		var files []*decode.File
		for _, n := range []string{c.ps, c.gs, c.vs} {
			if n == "" {
				continue
			}
			name := "embedded_rs_" + n
			b := corpus.Bytes(t, "real/HansKristian-Work__vkd3d-proton/"+name+".h__"+name+"_code_dxbc.dxbc")
			files = append(files, parse(t, b, name))
		}
		p := linkage.CheckPipeline(files)
		var warned []string
		for _, r := range p.Pairs {
			for _, q := range r.Problems {
				if q.Rule == linkage.RuleRootSig {
					warned = append(warned, q.Message)
				}
			}
		}
		for _, q := range p.Problems {
			if q.Rule == linkage.RuleRootSig {
				warned = append(warned, q.Message)
			}
		}
		name := strings.Join(slices.DeleteFunc([]string{c.vs, c.gs, c.ps}, func(s string) bool { return s == "" }), " → ")
		if !p.Links() {
			t.Errorf("%s: the signatures do not link", name)
		}
		if (len(warned) == 0) != c.created {
			t.Errorf("%s: root-signature warnings %q; D3D12 creates it: %v", name, warned, c.created)
		}
	}
}

// signaturePair is a vertex shader writing k elements and a pixel shader
// reading them, all one name "A" with indices 0..k-1, one register each.
func signaturePair(k int) (vs, ps []byte) {
	sig := hostile.PartData(hostile.ManyElementsISGN(k), "ISGN")
	shex := func(program byte) []byte { return []byte{0x50, 0, program, 0, 2, 0, 0, 0} } // version, 2 dwords
	vs = hostile.Container(hostile.Part{Name: "SHEX", Data: shex(1)}, hostile.Part{Name: "OSGN", Data: sig})
	ps = hostile.Container(hostile.Part{Name: "SHEX", Data: shex(0)}, hostile.Part{Name: "ISGN", Data: sig})
	return vs, ps
}

// Matching is by semantic through a map: a pair of signatures of k
// elements each costs what decoding them costs, whatever k.
func TestCheckCostsItsSize(t *testing.T) {
	hostile.FlatPerByte(t, "a vertex and a pixel shader of k elements each", []int{4096, 8192, 16384}, 1.5, "bytes allocated", func(k int) (int, float64) {
		vb, pb := signaturePair(k)
		vs, ps := parse(t, vb, "vs"), parse(t, pb, "ps")
		var r *linkage.Result
		alloc, _ := corpus.Cost(func() { r = linkage.Check(vs, ps) })
		if !r.Links() || len(r.Rows) != k {
			t.Fatalf("k=%d: links %v, %d rows, %q", k, r.Links(), len(r.Rows), found(r))
		}
		return len(vb) + len(pb), float64(alloc)
	})
}

// Any two files: Check never panics, costs what decoding them costs, and
// its answer is consistent (a row per input it read, Links only without
// an error).
func FuzzCheck(f *testing.F) {
	vs := corpus.RepoFile(f, "testdata/linkage/vs.dxbc")
	for _, ps := range []string{"ps-works", "ps-fails", "ps-mask", "ps-missing", "ps-frontface"} {
		f.Add(vs, corpus.RepoFile(f, "testdata/linkage/"+ps+".dxbc"))
	}
	f.Add(corpus.RepoFile(f, "web/examples/vertex.dxbc"), corpus.RepoFile(f, "web/examples/pixel.dxbc"))
	vb, pb := signaturePair(64)
	f.Add(vb, pb)
	// Root signatures on both sides, so that each is checked against the other.
	withRS := func(b, rs []byte) []byte {
		g, _ := decode.Parse(b)
		var parts []hostile.Part
		for _, p := range g.Parts {
			parts = append(parts, hostile.Part{Name: p.Name, Data: p.Data()})
		}
		return hostile.Container(append(parts, hostile.Part{Name: "RTS0", Data: rs})...)
	}
	cbv := rts0(1, 1, 24, 0, 44, 0, 2, 0, 36, 0, 0)
	table := rts0(1, 1, 24, 0, 64, 0, 0, 0, 36, 1, 44, 0, 1, 0, 0, 0xffffffff)
	f.Add(withRS(corpus.RepoFile(f, "web/examples/vertex.dxbc"), cbv), withRS(corpus.RepoFile(f, "web/examples/pixel.dxbc"), table))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		fa, errA := decode.Parse(a)
		fb, errB := decode.Parse(b)
		if errA != nil || errB != nil {
			return
		}
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(a)+len(b))()
		r := linkage.Check(fa, fb)
		errors := 0
		for _, p := range r.Problems {
			if p.Severity == decode.Error {
				errors++
			}
		}
		if r.Links() != (r.Adjacent && errors == 0) {
			t.Fatalf("Links %v with adjacent %v and %d errors", r.Links(), r.Adjacent, errors)
		}
		if !r.Adjacent && len(r.Rows) > 0 {
			t.Fatalf("%d rows for stages that do not meet", len(r.Rows))
		}
		for _, row := range r.Rows {
			if row.Input == nil || (row.Output == nil && len(row.Rules) == 0) {
				t.Fatalf("row %+v: an input without an output must break or note a rule", row)
			}
		}
		// As a pipeline with the first again: every file placed once, a
		// pair between each neighbour, and two of one stage refused.
		p := linkage.CheckPipeline([]*decode.File{fb, fa, fa})
		if o := slices.Sorted(slices.Values(p.Order)); !slices.Equal(o, []int{0, 1, 2}) || len(p.Pairs) != 2 {
			t.Fatalf("pipeline: order %v, %d pairs", p.Order, len(p.Pairs))
		}
		if p.Links() || len(p.Problems) == 0 {
			t.Fatalf("pipeline of one shader twice: links %v, problems %+v", p.Links(), p.Problems)
		}
		// Given a's RTS0 (or a's bytes, as a root signature that does not
		// decode) as the pipeline's: the shaders' own are not compared, and
		// each shader is checked against it once.
		given := b
		if q := fa.Part("RTS0"); q != nil {
			given = q.Data()
		}
		w := linkage.CheckWith(fa, fb, given)
		n := 0
		for _, q := range w.Problems {
			if q.Rule == linkage.RuleRootSig {
				n++
				if strings.Contains(q.Message, "carry different root signatures") || strings.Contains(q.Message, "with the root signature the") {
					t.Fatalf("the shaders' own root signatures compared: %s", q.Message)
				}
			}
		}
		pw := linkage.CheckPipelineWith([]*decode.File{fa, fb}, given)
		m := 0
		for _, q := range pw.Problems {
			if q.Rule == linkage.RuleRootSig {
				m++
			}
		}
		if m != n {
			t.Fatalf("%d root-signature problems for the pair, %d for the pipeline", n, m)
		}
		// The root signature dxscope suggests for the pair, when it has
		// no problem to report, compiles and covers both shaders: whatever
		// their bindings, no LINK.ROOTSIG error with it.
		text, probs := decode.SuggestRootSignature(fa, fb)
		if len(probs) > 0 {
			return
		}
		rs, err := rootsig.Parse(text, rootsig.Version1_1)
		if err != nil {
			t.Fatalf("the suggestion does not compile: %v\n%s", err, text)
		}
		for _, q := range linkage.CheckWith(fa, fb, rootsig.Encode(rs, rootsig.Version1_1)).Problems {
			if q.Rule == linkage.RuleRootSig && q.Severity == decode.Error {
				t.Fatalf("with the suggestion: %s\n%s", q.Message, text)
			}
		}
	})
}

// BenchmarkCheckPipelines checks the DirectXTK effect pairs the corpus holds
// (decoded beforehand): the cost of the check alone, per pair.
func BenchmarkCheckPipelines(b *testing.B) {
	dir, ok := corpus.Dir()
	if !ok {
		b.Skip("corpus not found")
	}
	folder := filepath.Join(dir, "real", "microsoft__DirectXTK")
	ents, _ := os.ReadDir(folder)
	files := map[string]*decode.File{}
	for _, e := range ents {
		if n := e.Name(); strings.HasSuffix(n, ".dxbc") {
			data, _ := os.ReadFile(filepath.Join(folder, n))
			if f, err := decode.Parse(data); err == nil {
				files[strings.SplitN(n, ".inc__", 2)[0]] = f
			}
		}
	}
	var pairs [][2]*decode.File
	table, _ := os.ReadFile("../../testdata/linkage/directxtk-pairs.tsv")
	for _, line := range strings.Split(string(table), "\n") {
		if vs, ps, ok := strings.Cut(line, "\t"); ok && files[vs] != nil && files[ps] != nil {
			pairs = append(pairs, [2]*decode.File{files[vs], files[ps]})
		}
	}
	corpus.Bench(b, pairs, func(p [2]*decode.File) int { return len(p[0].Data()) + len(p[1].Data()) },
		func(p [2]*decode.File) { linkage.Check(p[0], p[1]) })
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pairs)), "ns/pair")
}

// rootCBVs is a version 1.1 root signature of n root CBVs, b0 to b(n-1).
func rootCBVs(t *testing.T, n int) []byte {
	t.Helper()
	params := make([]string, n)
	for i := range params {
		params[i] = fmt.Sprintf("CBV(b%d)", i)
	}
	rs, err := rootsig.Parse(strings.Join(params, ", "), rootsig.Version1_1)
	if err != nil {
		t.Fatal(err)
	}
	return rootsig.Encode(rs, rootsig.Version1_1)
}
