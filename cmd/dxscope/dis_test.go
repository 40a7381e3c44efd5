package main

import (
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestDisCommandPrintsDXCListing runs `dxscope dis` on the corpus file with
// DXC's listing beside it: the output is that listing; --no-header starts at
// the IR.
func TestDisCommandPrintsDXCListing(t *testing.T) {
	path, _ := corpus.File(t, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	want, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip("corpus file missing: skipping")
	}
	if out := runOK(t, "dis", path); out != strings.ReplaceAll(string(want), "\r\n", "\n") {
		t.Errorf("dis output differs from DXC's listing:\n%s", out)
	}
	if out := runOK(t, "dis", "--no-header", path); !strings.HasPrefix(out, "target datalayout = ") {
		t.Errorf("--no-header output starts %q", out[:min(60, len(out))])
	}
	if code, _, _ := runCmd("dis"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}
