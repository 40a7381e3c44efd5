package model

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// spanOf is where the decoder records part's value path, or fails.
func spanOf(t *testing.T, m *Model, part, path string) (off, size int64) {
	t.Helper()
	for _, s := range m.File.AllSpans() {
		if s.Part == part && s.Path == path {
			return m.Base + s.Off, s.Size
		}
	}
	t.Fatalf("no span %s", path)
	return 0, 0
}

// The compare view's linkage of the examples: a row per pixel-shader
// input, each element's bytes where the decoder's span for it is; two
// builds of one stage show none.
func TestCompareLinkageOfTheExamples(t *testing.T) {
	vs := Build("vertex.dxbc", corpus.RepoFile(t, "web/examples/vertex.dxbc"), 0)
	ps := Build("pixel.dxbc", corpus.RepoFile(t, "web/examples/pixel.dxbc"), 0)
	for _, order := range [][2]*Model{{vs, ps}, {ps, vs}} {
		v := CompareLinkage(order[0], order[1])
		// The examples carry no root signature: one note says so.
		if v == nil || !v.Links || len(v.Rows) != 2 || len(v.Problems) != 1 || v.Problems[0].Rule != "LINK.NOROOTSIG" || v.EarlierIsB != (order[0] == ps) {
			t.Fatalf("%s first: %+v", order[0].Name, v)
		}
		if v.Title != "Vertex vs_6_0 (OSG1) → Pixel ps_6_0 (ISG1): links" {
			t.Errorf("title %q", v.Title)
		}
		for i, r := range v.Rows {
			inOff, inSize := spanOf(t, ps, "ISG1", "Signature/Parameters/"+string(rune('0'+i)))
			outOff, outSize := spanOf(t, vs, "OSG1", "Signature/Parameters/"+string(rune('0'+i)))
			if r.InOff != inOff || r.InSize != inSize || r.OutOff != outOff || r.OutSize != outSize || r.Verdict != "ok" {
				t.Errorf("row %d: %+v; input at 0x%x+%d, output at 0x%x+%d", i, r, inOff, inSize, outOff, outSize)
			}
		}
		if got := v.Rows[1].Input; got != [4]string{"TEXCOORD0", "1", "xy", "Float32"} {
			t.Errorf("row 1's input %q", got)
		}
	}
	if v := CompareLinkage(ps, Build("pixel-sm5.dxbc", corpus.RepoFile(t, "web/examples/pixel-sm5.dxbc"), 0)); v != nil {
		t.Errorf("two pixel shaders: %+v", v)
	}
}
