package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// TestDXILCommandPrintsCensus runs `dxscope dxil` on the corpus file that has
// DXC's listing beside it; the listing calls dx.op.storeOutput with opcode 5 once.
func TestDXILCommandPrintsCensus(t *testing.T) {
	path, _ := corpus.File(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	if _, err := os.Stat(path); err != nil {
		t.Skip("corpus file missing: skipping")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"dxil", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"Shader model: ps_6_0", "Entry points: 1", "  main (Pixel)", "StoreOutput", "MODULE_BLOCK (id 8)", "FUNCTION_BLOCK (id 12)"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if code := run([]string{"dxil"}, &out, &errb); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}
