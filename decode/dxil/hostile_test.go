package dxil

import (
	"testing"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestTypeAnnotationsCostTheirSize: !dx.typeAnnotations naming one struct
// annotation k times, whose k fields each name one field annotation of k
// operands, was read per pair, field and operand: k³ (15 KB at k = 4,000
// took four minutes). Each field annotation is read once, each (struct,
// annotation) pair once. What the read allocates, and its time, per input
// byte stay flat.
func TestTypeAnnotationsCostTheirSize(t *testing.T) {
	sizes := []int{256, 512, 1024}
	var timing []float64
	hostile.FlatPerByte(t, "allocated", sizes, 2, "bytes allocated", func(k int) (int, float64) {
		bc := hostile.FieldAnnotationsBitcode(k, k, k)
		m := ir.Decode(bc, 0, "DXIL")
		var ann map[uint32]*StructAnnotation
		alloc, _ := corpus.Cost(func() { ann = TypeAnnotations(m) })
		if len(ann) != 1 || len(ann[1].Fields) != k {
			t.Fatalf("k=%d: %d annotations (want the struct's, of %d fields)", k, len(ann), k)
		}
		d := hostile.Fastest(3, func() { TypeAnnotations(m) })
		t.Logf("k=%d: %d bytes of bitcode, %d bytes allocated, %v", k, len(bc), alloc, d)
		timing = append(timing, float64(d.Nanoseconds())/float64(len(bc)))
		return len(bc), float64(alloc)
	})
	hostile.Flat(t, "time", timing, 3, "ns")
}
