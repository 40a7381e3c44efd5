package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// sources -o of k files of one name (issue: hostile input, seventh round):
// each file tried every suffix the ones before it took (a-2.hlsl, a-3.hlsl,
// …), k² names (4,096 files in 103 KB: 455 MB allocated, 7.9 s). Now each
// name keeps the suffix to try next: what a byte costs stays flat over
// three sizes, each twice the last, and the names are those it was.
func TestSourcesOfOneNameCostTheirSize(t *testing.T) {
	var perByte []float64
	for _, k := range []int{512, 1024, 2048} {
		data := hostile.SameNamedSources(k)
		dir := t.TempDir()
		path := filepath.Join(dir, "f.dxbc")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		var stdout, stderr bytes.Buffer
		code := 0
		alloc, _ := corpus.Cost(func() { code = run([]string{"sources", path, "-o", out}, &stdout, &stderr) })
		if code != 0 {
			t.Fatalf("k=%d: exit %d: %s", k, code, stderr.String())
		}
		t.Logf("k=%d: %d bytes, %d files written, %d KB allocated (%d per byte)", k, len(data), k, alloc>>10, alloc/uint64(len(data)))
		for _, name := range []string{"a.hlsl", "a-2.hlsl", fmt.Sprintf("a-%d.hlsl", k)} {
			if _, err := os.Stat(filepath.Join(out, name)); err != nil {
				t.Errorf("k=%d: %v", k, err)
			}
		}
		perByte = append(perByte, float64(alloc)/float64(len(data)))
	}
	hostile.Flat(t, "sources -o of files of one name", perByte, 1.5, "bytes allocated")
}
