package reflect_test

import (
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// k struct types naming one list of k members (each of one of the types)
// reflect at a cost linear in the part: the type budget counts every member
// named, so nodes at the depth bound do not walk the whole list again for
// every copy (before: k = 1,024, 2,048, 4,096 took 44, 187 and 541 ms and
// 52, 61, 81 bytes allocated per input byte). The measure is the members
// walked, counted through the allocation the walk makes at each size.
func TestReflectSharedMemberListsCostTheirSize(t *testing.T) {
	var perByte []float64
	for _, k := range []int{1024, 2048, 4096} {
		b := hostile.SharedMembersRDEF(k, k)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		var r *reflect.Reflection
		alloc, d := corpus.Cost(func() { r = reflect.Reflect(f) })
		perByte = append(perByte, float64(alloc)/float64(len(b)))
		t.Logf("k=%d, %d bytes: %v, %d bytes allocated (%.1f per input byte), %d members walked", k, len(b), d, alloc, perByte[len(perByte)-1], walked(r))
		if n := walked(r); n > len(b)/8+256 {
			t.Errorf("k=%d: %d type nodes copied from %d bytes", k, n, len(b))
		}
	}
	if perByte[2] > 1.25*perByte[0]+1 {
		t.Errorf("allocation per input byte grows with the input: %.1f", perByte)
	}
}

// walked counts the type nodes of a reflection's constant buffers.
func walked(r *reflect.Reflection) int {
	n := 0
	var count func(t *reflect.Type)
	count = func(t *reflect.Type) {
		if t == nil {
			return
		}
		n++
		for i := range t.Members {
			count(&t.Members[i].Type)
		}
	}
	for _, cb := range r.ConstantBuffers {
		for _, v := range cb.Variables {
			count(v.Type)
		}
	}
	return n
}
