package model

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// The dxil-spirv test shader (assembled from LLVM IR) binds two structured
// UAVs at u0 and u1, as its DXIL metadata says; neither PSV0 nor its
// modules name them, so the rows carry no name.
func TestPSVResourcesInRegisterNotation(t *testing.T) {
	rows := corpusPart(t, "real/HansKristian-Work__dxil-spirv/shaders__asm__control-flow-multi-break-with-non-idom-loop-header.dxil", "PSV0").PSVResources()
	if len(rows) != 2 || rows[0].Binding != "u0" || rows[1].Binding != "u1" || rows[0].Kind != "StructuredBuffer" {
		t.Fatalf("rows %+v", rows)
	}
	if rows[0].Name != "" || rows[1].Name != "" {
		t.Errorf("names %q %q from nowhere", rows[0].Name, rows[1].Name)
	}
}

// Over the corpus: a DXIL resource row keeps the metadata's name; where the
// metadata has none and RDAT names the same binding (class, space, first
// register), the row shows RDAT's name. RDAT is written by another part of
// the compiler, so the two agree or the test fails.
func TestDXILResourcesNamedFromOtherParts(t *testing.T) {
	if _, ok := corpus.Dir(); !ok {
		corpus.Skip(t, "corpus", "corpus not found")
	}
	borrowed, rows := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") {
			continue
		}
		m := Build("x", e.Bytes(t), 0)
		rdat := map[string]string{}
		if m.File != nil {
			if p := m.File.Part("RDAT"); p != nil && p.RuntimeData != nil && p.RuntimeData.ResourceTable != nil {
				for _, r := range p.RuntimeData.ResourceTable.Records {
					rdat[bindingKey(RegisterLetter(r.ClassName), r.Space, r.LowerBound)] = r.Name
				}
			}
		}
		for _, pv := range m.Parts {
			if pv.Name != "DXIL" || pv.module() == nil {
				continue
			}
			for i, row := range pv.DXILResources() {
				rows++
				r := pv.module().Resources[i]
				want := r.Name
				if want == "" {
					want = rdat[bindingKey(RegisterLetter(r.Class), r.Space, r.LowerBound)]
					if want != "" {
						borrowed++
					}
				}
				if want != "" && row.Name != want {
					t.Errorf("%s: resource %s named %q, want %q", e.Path, row.Binding, row.Name, want)
				}
			}
		}
	}
	t.Logf("%d DXIL resource rows, %d named from RDAT where the metadata has no name", rows, borrowed)
}
