package decode

import (
	"encoding/binary"
	"runtime"
	"testing"
	"time"
)

// Inputs that once cost time or memory out of proportion to their size
// (issue: hostile input costs what its size justifies). Each decodes within
// a fixed allocation bound; the time is logged, not asserted.

// repeatedHeaders is n bytes of 'DXBC' headers every 44 bytes, each claiming
// the most parts that fit: every offset of the table points at a header.
func repeatedHeaders(n int) []byte {
	b := make([]byte, n)
	for i := 0; i+44 <= n; i += 44 {
		copy(b[i:], "DXBC")
		binary.LittleEndian.PutUint32(b[i+24:], uint32(n))
		binary.LittleEndian.PutUint32(b[i+28:], uint32((n-32)/4))
	}
	return b
}

// partsAtOneOffset is a container listing k parts, all at one PRIV part.
func partsAtOneOffset(k int) []byte {
	c := make([]byte, 32+4*k+8+4)
	copy(c, "DXBC")
	binary.LittleEndian.PutUint32(c[24:], uint32(len(c)))
	binary.LittleEndian.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		binary.LittleEndian.PutUint32(c[32+4*i:], uint32(32+4*k))
	}
	copy(c[32+4*k:], "PRIV")
	binary.LittleEndian.PutUint32(c[32+4*k+4:], 4)
	return c
}

// hostileAllocLimit is what decoding any of these inputs may allocate in
// all: far below what they once cost (gigabytes), and what a browser tab
// can spare.
const hostileAllocLimit = 256 << 20

// costOf decodes b and returns the bytes allocated and the time taken.
func costOf(t *testing.T, b []byte) (uint64, time.Duration, *File) {
	t.Helper()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	t0 := time.Now()
	f, err := Parse(b)
	d := time.Since(t0)
	runtime.ReadMemStats(&m1)
	if err != nil {
		t.Fatal(err)
	}
	return m1.TotalAlloc - m0.TotalAlloc, d, f
}

func TestHostileContainerTablesCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"8 MB of repeated headers", repeatedHeaders(8 << 20)},
		{"100,000 parts at one offset", partsAtOneOffset(100000)},
	} {
		alloc, d, f := costOf(t, c.data)
		t.Logf("%s: %d bytes decoded in %v, %d MB allocated, %d parts, %d problems", c.name, len(c.data), d, alloc>>20, len(f.Parts), len(f.Problems))
		// Allocation: a few times the input at most (the input itself is not copied).
		if limit := uint64(hostileAllocLimit); alloc > limit {
			t.Errorf("%s: %d MB allocated, over %d MB", c.name, alloc>>20, limit>>20)
		}
		if len(f.Parts) > MaxParts {
			t.Errorf("%s: %d parts decoded", c.name, len(f.Parts))
		}
		// Problems of one kind are summed up after the first few.
		if len(f.Problems) > 64 {
			t.Errorf("%s: %d problems", c.name, len(f.Problems))
		}
	}
}

func BenchmarkHostileRepeatedHeaders(b *testing.B) {
	data := repeatedHeaders(8 << 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Parse(data)
	}
}

func BenchmarkHostilePartsAtOneOffset(b *testing.B) {
	data := partsAtOneOffset(100000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Parse(data)
	}
}

// longNamePSV is a PSV0 part whose 765 signature elements all name one
// string of about n bytes (and whose semantic indexes all point at one run).
func longNamePSV(n int) []byte {
	name := make([]byte, n)
	for i := range name {
		name[i] = 'A' + byte(i%26)
	}
	strs := string(name) + "\x00"
	for len(strs)%4 != 0 {
		strs += "\x00"
	}
	p := testPSV{info: newRT(36).v1(ShaderKind(1), 0, 0, 0, 255, 255, 255, 32, [4]uint8{32}), strings: strs,
		indices: []uint32{0}, elemSize: 16}
	for range 765 {
		p.elems = append(p.elems, sigEl(0, 0, 1, 0, 4, 0, true, 0, 3, 0, 0, 0))
	}
	return buildContainer(testPart{"PSV0", p.bytes()})
}

func TestHostilePSVNamesCostTheirSize(t *testing.T) {
	data := longNamePSV(1 << 20)
	alloc, d, f := costOf(t, data)
	t.Logf("PSV0, 765 elements naming one 1 MB string: %d bytes decoded in %v, %d MB allocated, %d problems", len(data), d, alloc>>20, len(f.Problems))
	if limit := uint64(hostileAllocLimit); alloc > limit {
		t.Errorf("%d MB allocated, over %d MB", alloc>>20, limit>>20)
	}
	if p := f.Part("PSV0"); p == nil || p.PSVInfo == nil || len(p.PSVInfo.SigInputElements) != 255 {
		t.Fatalf("elements not decoded")
	}
}

// manyNamesRDEF is an SM4 RDEF part with k resource bindings whose names all
// start inside one string of n bytes (each at a different offset into it).
func manyNamesRDEF(k, n int) []byte {
	const hdr, binding = 28, 32
	strAt := hdr + k*binding
	b := make([]byte, strAt+n+1)
	le := binary.LittleEndian
	le.PutUint32(b[8:], uint32(k))    // ResourceCount
	le.PutUint32(b[12:], uint32(hdr)) // ResourceOffset
	b[16], b[17] = 0, 4               // Target: 4.0
	le.PutUint16(b[18:], 0xFFFF)      // pixel shader
	le.PutUint32(b[24:], uint32(strAt))
	for i := range k {
		r := b[hdr+i*binding:]
		le.PutUint32(r, uint32(strAt+i%n)) // NameOffset: a different offset into the string
		le.PutUint32(r[4:], 2)             // D3D_SIT_TEXTURE
		le.PutUint32(r[24:], 1)            // BindCount
	}
	for i := range n {
		b[strAt+i] = 'a' + byte(i%26)
	}
	return buildContainer(testPart{"RDEF", b})
}

func TestHostileRDEFNamesCostTheirSize(t *testing.T) {
	data := manyNamesRDEF(8000, 256<<10)
	alloc, d, f := costOf(t, data)
	t.Logf("RDEF, 8,000 bindings named inside one 256 KB string: %d bytes decoded in %v, %d MB allocated, %d problems", len(data), d, alloc>>20, len(f.Problems))
	if limit := uint64(hostileAllocLimit); alloc > limit {
		t.Errorf("%d MB allocated, over %d MB", alloc>>20, limit>>20)
	}
	p := f.Part("RDEF")
	if p == nil || p.ResourceDefs == nil || len(p.ResourceDefs.ResourceBindings) != 8000 {
		t.Fatalf("bindings not decoded: %v", f.Problems)
	}
	if got := p.ResourceDefs.ResourceBindings[1].Name; len(got) != 256<<10-1 || got[:2] != "bc" {
		t.Errorf("binding 1 is named %.10q… (%d bytes)", got, len(got))
	}
}
