package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestDBNamesALongDescriptionAgain (issue: hostile input, fourth round): k
// pipelines naming one depth-stencil description that holds a 64k-byte
// text printed the text once per pipeline (10 MB for 78 KB at k=400). It is
// printed once, then named; the text's size per input byte stays flat over
// three sizes, each twice the last.
func TestDBNamesALongDescriptionAgain(t *testing.T) {
	var perByte []float64
	for _, k := range []int{200, 400, 800} {
		path := filepath.Join(t.TempDir(), "desc.sodb")
		corpus.SQLite(t, path, hostile.SharedLongDescSQL(k, 0, 64*k))
		out := runOK(t, "db", path)
		size := fileSize(t, path)
		t.Logf("k=%d: %d bytes of text for a %d-byte database", k, len(out), size)
		if n := strings.Count(out, "depth_stencil_descs D: 2 fields, as above"); n != k-1 {
			t.Errorf("k=%d: %d pipelines name the description printed above, want %d", k, n, k-1)
		}
		if !strings.Contains(out, fmt.Sprintf("Name=%q", strings.Repeat("d", 64*k))) {
			t.Errorf("k=%d: the description's text is not printed once", k)
		}
		perByte = append(perByte, float64(len(out))/float64(size))
	}
	if last, first := perByte[len(perByte)-1], perByte[0]; last > 2*first {
		t.Errorf("%.0f bytes of text per input byte at the largest size, %.0f at the smallest", last, first)
	}
}
