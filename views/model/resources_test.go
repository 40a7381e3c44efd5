package model

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// The dxil-spirv test shader (assembled from LLVM IR) binds two structured
// UAVs at u0 and u1, as its DXIL metadata says; neither PSV0 nor its
// modules name them, so the rows carry no name.
func TestPSVResourcesInRegisterNotation(t *testing.T) {
	d, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found")
	}
	b, err := os.ReadFile(filepath.Join(d, "real/HansKristian-Work__dxil-spirv/shaders__asm__control-flow-multi-break-with-non-idom-loop-header.dxil"))
	if err != nil {
		t.Skip(err)
	}
	m := Build("x", b, 0)
	for _, pv := range m.Parts {
		if pv.Name != "PSV0" {
			continue
		}
		rows := pv.PSVResources()
		if len(rows) != 2 || rows[0].Binding != "u0" || rows[1].Binding != "u1" || rows[0].Kind != "StructuredBuffer" {
			t.Fatalf("rows %+v", rows)
		}
		if rows[0].Name != "" || rows[1].Name != "" {
			t.Errorf("names %q %q from nowhere", rows[0].Name, rows[1].Name)
		}
	}
}
