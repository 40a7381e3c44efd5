package edit

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestPartsSharingBytesAreNotCopiedPerPart (issue: hostile input, fourth
// round): k parts listed at one part of 16k bytes were each written out with
// their own copy, k × 16k bytes (k=2,048, 8 KB of offsets and 32 KB of part:
// 64 MB). A file whose parts share bytes is refused, as one whose parts are
// cut short is; what writing costs per input byte stays flat over three
// sizes, each twice the last.
func TestPartsSharingBytesAreNotCopiedPerPart(t *testing.T) {
	perByte := hostile.PerByte([]int{512, 1024, 2048}, func(k int) (int, float64) {
		b := hostile.SharedPartContainer(k, 16*k)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Parts) != k {
			t.Fatalf("k=%d: %d parts decoded", k, len(f.Parts))
		}
		var out []byte
		alloc, d := corpus.Cost(func() { out, err = Write(f, nil, Keep) })
		t.Logf("k=%d: %d bytes, written in %v to %d bytes (%v), %d allocated per byte", k, len(b), d, len(out), err, alloc/uint64(len(b)))
		if err == nil || !strings.Contains(err.Error(), "share") {
			t.Errorf("k=%d: %d bytes written, error %v", k, len(out), err)
		}
		return len(b), float64(alloc)
	})
	if last, first := perByte[len(perByte)-1], perByte[0]; last > 2*first+64 {
		t.Errorf("%.0f bytes allocated per input byte at the largest size, %.0f at the smallest", last, first)
	}
}
