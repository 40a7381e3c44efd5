package text

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// A listing with its source interleaved (issue: hostile input, seventh
// round): k instructions alternating between a k-byte line 1 and line k+1
// printed the long line above every other instruction (k² bytes: 34 MB from
// 76 KB) and walked the text from its start for each. The source text the
// annotations print is budgeted, and each file's lines are indexed once:
// what a byte costs stays flat over three sizes, each twice the last.
func TestSourceAnnotationsCostTheirSize(t *testing.T) {
	var allocs, outs []float64
	for _, k := range []int{4096, 8192, 16384} {
		data := hostile.SourceLines(k, k, k)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		sm := decode.Sources(f)
		m := decode.PartIR(f.Part("DXIL"))
		if sm == nil || m == nil {
			t.Fatal("no source map or module")
		}
		var lines []string
		alloc, _ := corpus.Cost(func() { lines = DisassemblyWithSource(f, m, sm, false) })
		n := 0
		for _, l := range lines {
			n += len(l) + 1
		}
		long := strings.Count(strings.Join(lines, "\n"), "; a:1: yyy")
		t.Logf("k=%d: %d bytes, %d MB allocated (%d per byte), %d bytes of text (%d per byte), the long line printed %d times",
			k, len(data), alloc>>20, alloc/uint64(len(data)), n, n/len(data), long)
		if long == 0 || long == k/2 {
			t.Errorf("k=%d: the long line printed %d times: want its text at least once and left out past the budget", k, long)
		}
		allocs = append(allocs, float64(alloc)/float64(len(data)))
		outs = append(outs, float64(n)/float64(len(data)))
	}
	hostile.Flat(t, "bytes allocated", allocs, 1.5, "bytes allocated")
	hostile.Flat(t, "text", outs, 1.5, "bytes of text")
}

// FuzzSourceAnnotations: the listings with their source interleaved (dis
// --source, asm --source) never panic and cost what the page's model of the
// file may.
func FuzzSourceAnnotations(f *testing.F) {
	f.Add(hostile.SourceLines(64, 64, 256))
	for _, b := range hostile.Seeds() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer corpus.CheckAlloc(t, corpus.ModelAlloc, len(data))()
		file, err := decode.Parse(data)
		if err != nil {
			return
		}
		sm := decode.Sources(file)
		if sm == nil {
			return
		}
		if m := decode.PartIR(file.Part(sm.Part)); m != nil {
			DisassemblyWithSource(file, m, sm, true)
		}
		if p := file.Part(sm.Part); p != nil && p.Bytecode != nil {
			FXCListingWithSource(file, sm)
		}
	})
}
