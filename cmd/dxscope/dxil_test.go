package main

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestDXILCommandPrintsCensus runs `dxscope dxil` on the corpus file that has
// DXC's listing beside it; the listing calls dx.op.storeOutput with opcode 5 once.
func TestDXILCommandPrintsCensus(t *testing.T) {
	path, _ := corpus.File(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	wantAll(t, runOK(t, "dxil", path), "Shader model: ps_6_0", "Entry points: 1", "  main (Pixel)", "StoreOutput", "MODULE_BLOCK (id 8)", "FUNCTION_BLOCK (id 12)")
	if code, _, _ := runCmd("dxil"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}
