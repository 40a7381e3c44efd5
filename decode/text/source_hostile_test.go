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
// 76 KB) and walked the text from its start for each; k instructions
// alternating between the two lines of a file with a k-byte name printed
// the name above each (67 MB from 64 KB). The names and source text the
// annotations print are budgeted, and each file's lines are indexed once:
// what a byte costs stays flat over three sizes, each twice the last.
func TestSourceAnnotationsCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(k int) []byte
		seen string // what an annotation shows that each used to
	}{
		{"k instructions naming a k-byte line", func(k int) []byte { return hostile.SourceLines(k, k, k) }, "; a:1: yyy"},
		{"k instructions naming a file of a k-byte name", func(k int) []byte { return hostile.LongFileName(k, k) }, "; aaaa"},
	} {
		var allocs, outs []float64
		for _, k := range []int{4096, 8192, 16384} {
			data := c.make(k)
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
			seen := strings.Count(strings.Join(lines, "\n"), c.seen)
			t.Logf("%s, k=%d: %d bytes, %d MB allocated (%d per byte), %d bytes of text (%d per byte), %d annotations show it",
				c.name, k, len(data), alloc>>20, alloc/uint64(len(data)), n, n/len(data), seen)
			if seen == 0 || seen >= k/2 || !strings.Contains(lines[len(lines)-1], "source annotations, past its budget") {
				t.Errorf("%s, k=%d: %d annotations show it, the last line %.80q: want it shown, then the rest counted", c.name, k, seen, lines[len(lines)-1])
			}
			allocs = append(allocs, float64(alloc)/float64(len(data)))
			outs = append(outs, float64(n)/float64(len(data)))
		}
		hostile.Flat(t, c.name, allocs, 1.5, "bytes allocated")
		hostile.Flat(t, c.name, outs, 1.5, "bytes of text")
	}
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
