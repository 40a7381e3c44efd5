package reflect_test

import (
	"encoding/binary"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// sharedTypesRDEF is an SM 4.0 RDEF whose one variable has a type with two
// members of the next type, forty deep: 2^40 members once every use is
// copied, from 800 bytes.
func sharedTypesRDEF(depth int) []byte {
	le := binary.LittleEndian
	const header, cbuf, variable, typ, member = 28, 24, 24, 16, 12
	cbOff := header
	varOff := cbOff + cbuf
	typesOff := varOff + variable
	membersOff := typesOff + depth*typ
	nameOff := membersOff + depth*2*member
	b := make([]byte, nameOff+4)
	copy(b[nameOff:], "v\x00\x00\x00")
	put := func(at int, v uint32) { le.PutUint32(b[at:], v) }
	put(0, 1)
	put(4, uint32(cbOff))
	b[16], b[17] = 0, 4          // minor, major
	le.PutUint16(b[18:], 0xFFFF) // pixel
	put(24, uint32(nameOff))
	put(cbOff, uint32(nameOff))
	put(cbOff+4, 1)
	put(cbOff+8, uint32(varOff))
	put(cbOff+12, 16)
	put(varOff, uint32(nameOff))
	put(varOff+8, 16)
	put(varOff+16, uint32(typesOff))
	for i := 0; i < depth; i++ {
		t := typesOff + i*typ
		le.PutUint16(b[t:], 5) // D3D_SVC_STRUCT
		if i == depth-1 {
			le.PutUint16(b[t:], 0) // a scalar at the bottom
			le.PutUint16(b[t+2:], 3)
			continue
		}
		le.PutUint16(b[t+10:], 2)
		put(t+12, uint32(membersOff+i*2*member))
		for m := 0; m < 2; m++ {
			at := membersOff + (i*2+m)*member
			put(at, uint32(nameOff))
			put(at+4, uint32(typesOff+(i+1)*typ))
			put(at+8, uint32(4*m))
		}
	}
	return b
}

// A reflection copies RDEF's shared types per use within a budget the
// part's size sets, so a small file cannot ask for an exponential tree;
// the cut is said in Absent.
func TestSharedTypesCostTheirSize(t *testing.T) {
	rdef := sharedTypesRDEF(40)
	code := []byte{0x40, 0, 0, 0, 2, 0, 0, 0} // ps_4_0, two dwords
	b := hostile.Container(hostile.Part{Name: "RDEF", Data: rdef}, hostile.Part{Name: "SHDR", Data: code})
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	var r *reflect.Reflection
	alloc, d := corpus.Cost(func() { r = reflect.Reflect(f) })
	out, _ := json.Marshal(r)
	t.Logf("%d-byte container: reflection in %v, %d bytes allocated, %d bytes of JSON", len(b), d, alloc, len(out))
	if len(out) > 64*len(b)+64<<10 {
		t.Errorf("%d bytes of JSON from %d bytes", len(out), len(b))
	}
	if !strings.Contains(strings.Join(r.Absent, "\n"), "type trees") {
		t.Errorf("the cut type tree is not said: %q", r.Absent)
	}
}

// Every hostile input of the decoder's tests reflects at a cost linear in its size.
func TestHostileInputsReflectCheaply(t *testing.T) {
	for _, h := range []struct {
		name string
		b    []byte
	}{
		{"long-name PSV0", hostile.LongNamePSV(765)},
		{"RDEF names", withCode(hostile.ManyNamesRDEF(8000, 1<<18))},
		{"huge grids", hostile.HugeGrids()},
		{"parts at one offset", hostile.PartsAtOneOffset(100000)},
	} {
		f, err := decode.Parse(h.b)
		if err != nil {
			t.Fatalf("%s: %v", h.name, err)
		}
		var out []byte
		_, d := corpus.Cost(func() { out, _ = json.Marshal(reflect.Reflect(f)) })
		t.Logf("%s: %d bytes in, %d bytes of reflection JSON, %v", h.name, len(h.b), len(out), d)
		if len(out) > 64*len(h.b)+64<<10 {
			t.Errorf("%s: %d bytes of JSON from %d bytes", h.name, len(out), len(h.b))
		}
	}
}

// FuzzReflect: any input that decodes reflects without a panic, and its
// JSON stays within 64 bytes per input byte.
func FuzzReflect(f *testing.F) {
	if dir, ok := corpus.Dir(); ok {
		corpus.AddSeeds(f, filepath.Join(dir, "real/microsoft__DirectX-Graphics-Samples/*PixelShader*"),
			filepath.Join(dir, "real/HansKristian-Work__vkd3d-proton/*basic*"), filepath.Join(dir, "real/HansKristian-Work__vkd3d-proton/d3d12_tessellation*"))
	}
	f.Add(hostile.Container(hostile.Part{Name: "RDEF", Data: sharedTypesRDEF(12)}, hostile.Part{Name: "SHDR", Data: []byte{0x40, 0, 0, 0, 2, 0, 0, 0}}))
	f.Fuzz(func(t *testing.T, b []byte) {
		dec, err := decode.Parse(b)
		if err != nil {
			return
		}
		out, err := json.Marshal(reflect.Reflect(dec))
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > 64*len(b)+64<<10 {
			t.Errorf("%d bytes of JSON from %d bytes", len(out), len(b))
		}
	})
}

// withCode adds a stand-in SHDR part to a hostile container, so that it
// reflects as an FXC shader.
func withCode(b []byte) []byte {
	f, err := decode.Parse(b)
	if err != nil {
		return b
	}
	var parts []hostile.Part
	for _, p := range f.Parts {
		parts = append(parts, hostile.Part{Name: p.Name, Data: p.Data()})
	}
	return hostile.Container(append(parts, hostile.Part{Name: "SHDR", Data: []byte{0x40, 0, 0, 0, 2, 0, 0, 0}})...)
}

// k struct types naming one list of k members (each of one of the types)
// reflect at a cost linear in the part: the type budget counts every member
// named, so nodes at the depth bound do not walk the whole list again for
// every copy (before: k = 1,024, 2,048, 4,096 took 44, 187 and 541 ms and
// 52, 61, 81 bytes allocated per input byte). The measure is the members
// walked, counted through the allocation the walk makes at each size.
func TestReflectSharedMemberListsCostTheirSize(t *testing.T) {
	perByte := hostile.PerByte([]int{1024, 2048, 4096}, func(k int) (int, float64) {
		b := hostile.SharedMembersRDEF(k, k)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		var r *reflect.Reflection
		alloc, d := corpus.Cost(func() { r = reflect.Reflect(f) })
		t.Logf("k=%d, %d bytes: %v, %d bytes allocated (%.1f per input byte), %d members walked", k, len(b), d, alloc, float64(alloc)/float64(len(b)), walked(r))
		if n := walked(r); n > len(b)/8+256 {
			t.Errorf("k=%d: %d type nodes copied from %d bytes", k, n, len(b))
		}
		return len(b), float64(alloc)
	})
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

// A library's reflection finds each RDAT function's thread-group size among
// the module's entry points (up to 4,096). Found by a walk of the entry
// points per function (each a copy of the entry), k functions beside k entry
// points cost k² steps: 155–268, 313–469 and 630–959 ns per input byte at
// k = 512, 1,024 and 2,048 (0.56 s for 212 KB at k = 4,096); through a map,
// 8–15 at every size. The walk allocates nothing, so the measure is time:
// the best of five runs at each size, at most 2.5 times the smallest size's
// per byte at the largest.
func TestLibraryThreadGroupSizesCostTheirSize(t *testing.T) {
	hostile.FlatPerByte(t, "k RDAT functions beside k entry points", []int{512, 1024, 2048}, 2.5, "ns", func(k int) (int, float64) {
		b := hostile.LibraryEntries(k, k)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		var r *reflect.Reflection
		best := hostile.Fastest(5, func() { r = reflect.Reflect(f) })
		if len(r.Functions) != k {
			t.Fatalf("k=%d: %d functions reflected", k, len(r.Functions))
		}
		t.Logf("k=%d, %d bytes: %v at best (%.0f ns per input byte)", k, len(b), best, float64(best.Nanoseconds())/float64(len(b)))
		return len(b), float64(best.Nanoseconds())
	})
}

// TestReflectSharedResourceListsCostTheirSize (issue: hostile input,
// thirteenth round): k library functions naming one list of k resources
// (hostile.LibrarySharedResources) each made their own k bindings, and the
// JSON and text wrote each again: k² under RDAT's budget, 4.6 GB allocated
// and 368 MB written by `reflect --json` of 82 KB. A list's bindings are made once; once the
// functions repeat more than the budget's bindings a function names the
// first instead. What a byte costs (reflection and its JSON) stays flat
// over three sizes, each twice the last.
func TestReflectSharedResourceListsCostTheirSize(t *testing.T) {
	hostile.FlatPerByte(t, "k functions naming one list of k resources", []int{256, 512, 1024}, 1.5, "bytes allocated", func(k int) (int, float64) {
		data := hostile.LibrarySharedResources(k, k)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var r *reflect.Reflection
		var b []byte
		alloc, d := corpus.Cost(func() {
			r = reflect.Reflect(f)
			b, err = json.Marshal(r)
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("k=%d: %d bytes reflected in %v, %d MB allocated (%d per byte), %d KB of JSON", k, len(data), d, alloc>>20, alloc/uint64(len(data)), len(b)>>10)
		if len(r.Functions) != k || len(r.Functions[0].BoundResources) != k || r.Functions[0].Desc.BoundResources != uint32(k) {
			t.Fatalf("k=%d: %d functions, the first with %d bindings", k, len(r.Functions), len(r.Functions[0].BoundResources))
		}
		// The functions past the budget name the first; those past RDAT's
		// resolve budget have no list to name.
		naming := 0
		for _, fn := range r.Functions {
			if i := fn.SameResourcesAs; i != nil {
				naming++
				if *i != 0 || fn.BoundResources != nil || fn.Desc.BoundResources != uint32(k) {
					t.Fatalf("k=%d: %s names function %d, holds %d bindings and counts %d", k, fn.Desc.Name, *i, len(fn.BoundResources), fn.Desc.BoundResources)
				}
			}
		}
		if naming == 0 || naming != r.SharedResourceLists {
			t.Errorf("k=%d: %d functions name the first, %d counted", k, naming, r.SharedResourceLists)
		}
		return len(data), float64(alloc)
	})
}
