package model

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestFromHeaderBounds: a header over maxHeaderText is not read as one (the
// page shows it as any other file), one under it is; a file that holds a
// container as bytes, and a container, are not headers.
func TestFromHeaderBounds(t *testing.T) {
	c := corpus.RepoFile(t, "testdata/containers/valid.dxbc")
	text := corpus.CHeader(false, corpus.CArray{Name: "g_main", Bytes: c})
	defer func(n int) { maxHeaderText = n }(maxHeaderText)
	maxHeaderText = len(text)
	if out, _, ok := FromHeader("h.h", text); !ok || string(out) != string(c) {
		t.Errorf("a header at the bound: ok %v, %d bytes", ok, len(out))
	}
	maxHeaderText = len(text) - 1
	if _, _, ok := FromHeader("h.h", text); ok {
		t.Errorf("a header over the bound was read")
	}
	maxHeaderText = 1 << 20
	if _, _, ok := FromHeader("a.dxbc", c); ok {
		t.Errorf("a container was read as a header")
	}
	if _, _, ok := FromHeader("pack.bin", append(append([]byte("pack"), c...), text...)); ok {
		t.Errorf("a file with a container inside was read as a header")
	}
}
