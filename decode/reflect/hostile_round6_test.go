package reflect_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// A library whose RDAT functions all name one index list of every resource
// (hostile.RDAT in place of the RDAT part of the corpus's raytracing
// library) copied the list into every function: 7, 10.5 and 17 KB made 0.9,
// 3.7 and 5.2 MB of reflection JSON (1.4 KB allocated per input byte, held
// only by RDAT's constant resolve budget). The rows copied now stay under
// 256 plus one per 64 bytes of the part (a row with a long name counts
// one more per 64 bytes of it), and the cut is said in Absent: 10.5 and 17
// KB now make 136 and 251 KB of JSON.
func TestReflectLibrarySharedResourceListsCostTheirSize(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("no corpus")
	}
	lib, err := os.ReadFile(filepath.Join(dir, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil.dxil"))
	if err != nil {
		t.Skip(err)
	}
	lf, err := decode.Parse(lib)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{4 << 10, 8 << 10, 16 << 10} {
		rdat := hostile.PartData(hostile.RDAT(n), "RDAT")
		var parts []hostile.Part
		for _, p := range lf.Parts {
			if p.Name == "RDAT" {
				parts = append(parts, hostile.Part{Name: "RDAT", Data: rdat})
			} else {
				parts = append(parts, hostile.Part{Name: p.Name, Data: p.Data()})
			}
		}
		b := hostile.Container(parts...)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		var r *reflect.Reflection
		alloc, d := corpus.Cost(func() { r = reflect.Reflect(f) })
		out, _ := json.Marshal(r)
		binds := 0
		for _, fn := range r.Functions {
			binds += len(fn.BoundResources)
		}
		t.Logf("%d bytes: %v, %d bytes allocated, %d function bindings, %d bytes of JSON", len(b), d, alloc, binds, len(out))
		if binds > 256+len(rdat)/64 {
			t.Errorf("%d bytes: %d function bindings copied", len(b), binds)
		}
		if binds < len(r.Functions) && !strings.Contains(strings.Join(r.Absent, "\n"), "functions' bindings") {
			t.Errorf("the cut bindings are not said: %q", r.Absent)
		}
	}
}
