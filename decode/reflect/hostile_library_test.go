package reflect_test

import (
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// A library's reflection finds each RDAT function's thread-group size among
// the module's entry points (up to 4,096). Found by a walk of the entry
// points per function (each a copy of the entry), k functions beside k entry
// points cost k² steps: 155–268, 313–469 and 630–959 ns per input byte at
// k = 512, 1,024 and 2,048 (0.56 s for 212 KB at k = 4,096); through a map,
// 8–15 at every size. The walk allocates nothing, so the measure is time:
// the best of five runs at each size, at most 2.5 times the smallest size's
// per byte at the largest.
func TestLibraryThreadGroupSizesCostTheirSize(t *testing.T) {
	var perByte []float64
	for _, k := range []int{512, 1024, 2048} {
		b := hostile.LibraryEntries(k, k)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		best := time.Duration(1 << 62)
		var r *reflect.Reflection
		for range 5 {
			_, d := corpus.Cost(func() { r = reflect.Reflect(f) })
			best = min(best, d)
		}
		if len(r.Functions) != k {
			t.Fatalf("k=%d: %d functions reflected", k, len(r.Functions))
		}
		perByte = append(perByte, float64(best.Nanoseconds())/float64(len(b)))
		t.Logf("k=%d, %d bytes: %v at best (%.0f ns per input byte)", k, len(b), best, perByte[len(perByte)-1])
	}
	hostile.Flat(t, "k RDAT functions beside k entry points", perByte, 2.5, "ns")
}
