package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// TestDisCommandPrintsDXCListing runs `dxscope dis` on the corpus file with
// DXC's listing beside it: the output is that listing; --no-header starts at
// the IR.
func TestDisCommandPrintsDXCListing(t *testing.T) {
	d, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: skipping")
	}
	path := filepath.Join(d, "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil")
	want, err := os.ReadFile(path + ".listing.txt")
	if err != nil {
		t.Skip("corpus file missing: skipping")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"dis", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out.String() != strings.ReplaceAll(string(want), "\r\n", "\n") {
		t.Errorf("dis output differs from DXC's listing:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"dis", "--no-header", path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "target datalayout = ") {
		t.Errorf("--no-header output starts %q", out.String()[:min(60, out.Len())])
	}
	if code := run([]string{"dis"}, &out, &errb); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}
