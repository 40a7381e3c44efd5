package main

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestPSVDump checks the dxa-style dump of a corpus hull shader whose PSV0
// bytes were read by hand: InputOutputMap[0] is 1, 2, 4, 8 (SV_Position
// passes through), InputPatchMap is all zero, 6 patch-constant vectors.
func TestPSVDump(t *testing.T) {
	path, _ := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/dcl_index_range_hs.h__dcl_index_range_hs_code_dxil.dxil")
	out := runOK(t, "psv", path)
	wantAll(t, out,
		" Hull Shader\n",
		" Domain=Quad\n",
		" OutputPrimitive=TriangleCW\n",
		" SigPatchConstOrPrimVectors: 6\n",
		" EntryFunctionName: main\n",
		"  SemanticName:  (system value SV_TessFactor)\n  SemanticIndex: 0 1 2 3\n",
		"  Inputs[0] influencing Outputs[0] : 0\n",
		"  Inputs[3] influencing Outputs[0] : 3\n",
		"  SV_Position0.w -> SV_Position0.w\n",
		"  Inputs[3] influencing PatchConstantOutputs :  None\n",
	)
	if strings.Contains(out, "Problems:") {
		t.Errorf("unexpected problems:\n%s", out)
	}
}
