// Package hostile makes the inputs that once cost dxscope time or memory out
// of proportion to their size (a few kilobytes claiming millions of things),
// so the decoder's tests, the page's browser tests and the benchmarks try
// the same bytes. Each is written from the format's description, byte by
// byte; none is signed (the digest is zero), which the decoder reports and
// otherwise ignores.
package hostile

import (
	"crypto/sha256"
	"encoding/binary"
)

var le = binary.LittleEndian

// Part is a part to put in a container.
type Part struct {
	Name string // four bytes
	Data []byte
}

// OneThenCopies is a container of first and k copies of each after it:
// the shape of the families where every copy makes something of the one.
func OneThenCopies(first, each Part, k int) []byte {
	parts := make([]Part, 1, k+1)
	parts[0] = first
	for range k {
		parts = append(parts, each)
	}
	return Container(parts...)
}

// Container lays parts out one after another behind a version 1.0 header
// and its offset table, as DXC does.
func Container(parts ...Part) []byte {
	header := make([]byte, 32)
	copy(header, "DXBC")
	le.PutUint16(header[20:], 1)
	raw := make([][]byte, len(parts))
	for i, p := range parts {
		raw[i] = make([]byte, 8, 8+len(p.Data))
		copy(raw[i], p.Name)
		le.PutUint32(raw[i][4:], uint32(len(p.Data)))
		raw[i] = append(raw[i], p.Data...)
	}
	return Relayout(header, raw)
}

// Relayout lays parts, each with its 8-byte header, out one after another
// behind the first 32 bytes of header (magic, digest and version kept) and
// the offset table, rewriting the container's size and part count: how a
// test edits a real container (the digest goes stale).
func Relayout(header []byte, parts [][]byte) []byte {
	out := append([]byte(nil), header[:32]...)
	at := 32 + 4*len(parts)
	for _, p := range parts {
		out = le.AppendUint32(out, uint32(at))
		at += len(p)
	}
	for _, p := range parts {
		out = append(out, p...)
	}
	le.PutUint32(out[24:], uint32(len(out)))
	le.PutUint32(out[28:], uint32(len(parts)))
	return out
}

// WithNoise is the well-formed container b with a PRIV part of n bytes
// deflate cannot shrink added (a SHA-256 chain seeded by b): too large for
// a share link to carry, and different for each b.
func WithNoise(b []byte, n int) []byte {
	var parts []Part
	for _, p := range RawParts(b) {
		parts = append(parts, Part{Name: string(p[:4]), Data: p[8:]})
	}
	var noise []byte
	for h := sha256.Sum256(b); len(noise) < n; h = sha256.Sum256(h[:]) {
		noise = append(noise, h[:]...)
	}
	return Container(append(parts, Part{Name: "PRIV", Data: noise[:n]})...)
}

// RawParts returns each part of the well-formed container b with its
// 8-byte header, in the order of its offset table.
func RawParts(b []byte) [][]byte {
	n := int(le.Uint32(b[28:]))
	parts := make([][]byte, n)
	for i := range parts {
		off := int(le.Uint32(b[32+4*i:]))
		parts[i] = b[off : off+8+int(le.Uint32(b[off+4:]))]
	}
	return parts
}

// RepeatedHeaders is n bytes of "DXBC" headers every 44 bytes, each
// claiming the most parts that fit: every offset of the table points at a
// header.
func RepeatedHeaders(n int) []byte {
	b := make([]byte, n)
	for i := 0; i+44 <= n; i += 44 {
		copy(b[i:], "DXBC")
		le.PutUint32(b[i+24:], uint32(n))
		le.PutUint32(b[i+28:], uint32((n-32)/4))
	}
	return b
}

// PartsAtOneOffset is a container listing k parts, all at one 4-byte PRIV
// part.
func PartsAtOneOffset(k int) []byte { return OffsetsAtOnePart(Part{"PRIV", make([]byte, 4)}, k) }

// OffsetsAtOnePart is a container whose offset table names one part k
// times: decoded once per offset, the part would cost its size per 4 bytes.
func OffsetsAtOnePart(p Part, k int) []byte {
	c := make([]byte, 32+4*k, 32+4*k+8+len(p.Data))
	copy(c, "DXBC")
	le.PutUint16(c[20:], 1)
	le.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		le.PutUint32(c[32+4*i:], uint32(32+4*k))
	}
	c = append(c, p.Name...)
	c = le.AppendUint32(c, uint32(len(p.Data)))
	c = append(c, p.Data...)
	le.PutUint32(c[24:], uint32(len(c)))
	return c
}

// MovProgram is the SHEX data of a pixel shader (shader model 5.0) of n
// instructions mov r0.xyzw, r0.xyzw (d3d11TokenizedProgramFormat.hpp).
func MovProgram(n int) []byte {
	words := []uint32{0x50, uint32(2 + 5*n)} // ps_5_0, the length in dwords
	for range n {
		// mov (0x36), 5 dwords: r0 with mask xyzw, r0 with swizzle xyzw.
		words = append(words, 0x36|5<<24, 0x001000F2, 0, 0x00100E46, 0)
	}
	b := make([]byte, 0, 4*len(words))
	for _, w := range words {
		b = le.AppendUint32(b, w)
	}
	return b
}

// psvInfo1 is a 36-byte PSVRuntimeInfo1 for a shader of kind stage with the
// given signature element counts and vector counts.
func psvInfo1(stage, viewID, in, out, pc, inVec byte, outVec [4]byte) []byte {
	info := make([]byte, 36)
	info[24], info[25] = stage, viewID
	info[28], info[29], info[30], info[31] = in, out, pc, inVec
	copy(info[32:36], outVec[:])
	return info
}

// psv0 assembles a PSV0 part: the runtime info, no resources, the string
// table, the semantic index table, the signature elements and the mask and
// dependency dwords.
func psv0(info []byte, strs []byte, indices []uint32, elems [][]byte, dwords int, fill uint32) []byte {
	var b []byte
	u32 := func(v uint32) { b = le.AppendUint32(b, v) }
	u32(uint32(len(info)))
	b = append(b, info...)
	u32(0) // resources
	for len(strs)%4 != 0 {
		strs = append(strs, 0)
	}
	u32(uint32(len(strs)))
	b = append(b, strs...)
	u32(uint32(len(indices)))
	for _, v := range indices {
		u32(v)
	}
	if len(elems) > 0 {
		u32(16)
		for _, e := range elems {
			b = append(b, e...)
		}
	}
	for range dwords {
		u32(fill)
	}
	return b
}

// LongNamePSV is a container whose PSV0 has 765 signature elements (255
// inputs, outputs and patch constants) all naming one string of n bytes.
func LongNamePSV(n int) []byte {
	strs := make([]byte, n+1)
	for i := range n {
		strs[i] = 'A' + byte(i%26)
	}
	el := []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0x44, 0, 3, 0, 0, 0} // name 0, index 0, 1 row, 4 columns allocated, float
	elems := make([][]byte, 765)
	for i := range elems {
		elems[i] = el
	}
	info := psvInfo1(1, 0, 255, 255, 255, 32, [4]byte{32})
	return Container(Part{"PSV0", psv0(info, strs, []uint32{0}, elems, 0, 0)})
}

// HugeGrids is a geometry shader container whose PSV0 claims the largest
// masks its header allows: 255 input and output vectors in each of four
// streams, ViewID on, every dependency bit set. Its four input→output
// tables are 1,020 × 1,020 components each.
func HugeGrids() []byte {
	const vec = 255
	words := 4*((vec+7)>>3) + 4*vec*4*((vec+7)>>3)
	info := psvInfo1(2, 1, 0, 0, 0, vec, [4]byte{vec, vec, vec, vec})
	return Container(Part{"PSV0", psv0(info, nil, nil, nil, words, 0xffffffff)})
}

// ManyNamesRDEF is a container whose SM4 RDEF part has k resource bindings
// named at k different offsets into one string of n bytes.
func ManyNamesRDEF(k, n int) []byte {
	const hdr, binding = 28, 32
	strAt := hdr + k*binding
	b := make([]byte, strAt+n+1)
	le.PutUint32(b[8:], uint32(k))    // ResourceCount
	le.PutUint32(b[12:], uint32(hdr)) // ResourceOffset
	b[16], b[17] = 0, 4               // Target: 4.0
	le.PutUint16(b[18:], 0xFFFF)      // pixel shader
	le.PutUint32(b[24:], uint32(strAt))
	for i := range k {
		r := b[hdr+i*binding:]
		le.PutUint32(r, uint32(strAt+i%n)) // NameOffset
		le.PutUint32(r[4:], 2)             // D3D_SIT_TEXTURE
		le.PutUint32(r[24:], 1)            // BindCount
	}
	for i := range n {
		b[strAt+i] = 'a' + byte(i%26)
	}
	return Container(Part{"RDEF", b})
}
