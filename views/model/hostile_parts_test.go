package model

import (
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Each part's view found its header's spans by a walk of every span the
// file records outside the parts (a few per part, and the offset table's):
// a file of k parts did k × that much. k parts at one offset built every
// view and text in 102 ms, 421 ms and 1.5 s at k = 1,024, 2,048 and 4,096
// (24.7, 51.2 and 91.1 µs per input byte, for 16 KB at the last); k empty
// parts 4.0, 5.7 and 10.0 µs per byte (0.49 s for 48 KB). The spans are
// indexed by offset and part once: 6.9-8.6 and 3.1-3.6 µs per byte. The
// walk allocates nothing, so the measure is time: the best of three runs at
// each size, at most 2.5 times the smallest size's per byte at the largest.
func TestModelOfManyPartsCostsItsSize(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(k int) []byte
	}{
		{"k parts at one offset", hostile.PartsAtOneOffset},
		{"k empty parts", func(k int) []byte { return hostile.Container(make([]hostile.Part, k)...) }},
	} {
		var perByte []float64
		for _, k := range []int{1024, 2048, 4096} {
			data := c.make(k)
			best := time.Duration(1 << 62)
			var m *Model
			for range 3 {
				_, d := corpus.Cost(func() { m = Build("hostile.dxbc", data, 0); openAll(m) })
				best = min(best, d)
			}
			if len(m.Parts) != k+1 {
				t.Fatalf("%s, k=%d: %d part views", c.name, k, len(m.Parts))
			}
			if sp, ok := m.Parts[k].Span("Size"); !ok || sp.Off != m.Parts[k].Offset+4 {
				t.Errorf("%s, k=%d: the last part's Size span is %+v", c.name, k, sp)
			}
			perByte = append(perByte, float64(best.Nanoseconds())/float64(len(data)))
			t.Logf("%s, k=%d: %d bytes, every view and text built in %v at best (%.0f ns per input byte)", c.name, k, len(data), best, perByte[len(perByte)-1])
		}
		hostile.Flat(t, c.name, perByte, 2.5, "ns")
	}
}
