package sm4

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// A shader message of k operands (issue: hostile input, seventh round):
// its text added each operand to a string holding the ones before it, k²
// bytes copied (4,000 operands in 32 KB: 100 MB allocated by every decode,
// which labels each instruction's span with its text). Decoding and
// formatting it costs a flat amount per byte over three sizes, each twice
// the last.
func TestShaderMessageOfManyOperandsCostsItsSize(t *testing.T) {
	hostile.FlatPerByte(t, "a shader message of k operands", []int{2000, 4000, 8000}, 1.5, "bytes allocated", func(k int) (int, float64) {
		data := hostile.PartData(hostile.ShaderMessageSHEX(k), "SHEX")
		var text string
		alloc, _ := corpus.Cost(func() {
			p, _ := decodeStream(data)
			text = Format(&p.Instructions[0], Style{})
		})
		if !strings.HasPrefix(text, `printf "%%x\x00", r0.xyzw, r1.xyzw`) || strings.Count(text, ", r") != k {
			t.Fatalf("k=%d: the message prints as %.80q… (%d bytes)", k, text, len(text))
		}
		t.Logf("k=%d: %d bytes, %d KB allocated (%d per byte)", k, len(data), alloc>>10, alloc/uint64(len(data)))
		return len(data), float64(alloc)
	})
}
