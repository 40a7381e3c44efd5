package decode

import (
	"encoding/binary"

	"github.com/dxscope/dxscope/decode/dxil"
)

// Builders for test containers: a container with correct header, offsets and
// sizes around parts written byte by byte, and a PSV0 part assembled from its
// sections, so each test states every byte it expects the decoder to read.

// testPart and buildContainer live in build_test.go.

// programPart is a DXIL part whose program header says kind (shader model 6.0)
// followed by a 4-byte stand-in for the bitcode.
func programPart(kind dxil.ShaderKind) testPart {
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, uint32(kind)<<16|0x60)
	b = binary.LittleEndian.AppendUint32(b, 7)
	b = append(b, "DXIL"...)
	b = binary.LittleEndian.AppendUint32(b, 0x100)
	b = binary.LittleEndian.AppendUint32(b, 16)
	b = binary.LittleEndian.AppendUint32(b, 4)
	b = append(b, 'B', 'C', 0xC0, 0xDE)
	return testPart{"DXIL", b}
}

// rtInfo is a PSVRuntimeInfo record under construction.
type rtInfo []byte

func newRT(size int) rtInfo { return make(rtInfo, size) }

func (r rtInfo) u8(off int, v uint8) rtInfo   { r[off] = v; return r }
func (r rtInfo) u16(off int, v uint16) rtInfo { binary.LittleEndian.PutUint16(r[off:], v); return r }
func (r rtInfo) u32(off int, v uint32) rtInfo { binary.LittleEndian.PutUint32(r[off:], v); return r }

// v1 sets the PSVRuntimeInfo1 fields (offsets 24-35).
func (r rtInfo) v1(stage dxil.ShaderKind, viewID uint8, b26, b27 uint8, in, out, pc, inVec uint8, outVec [4]uint8) rtInfo {
	r.u8(24, uint8(stage)).u8(25, viewID).u8(26, b26).u8(27, b27)
	r.u8(28, in).u8(29, out).u8(30, pc).u8(31, inVec)
	copy(r[32:36], outVec[:])
	return r
}

// testPSV holds the sections of a PSV0 part in file order.
type testPSV struct {
	info      rtInfo
	stride    uint32     // resource record size (used when resources is non-empty)
	resources [][]uint32 // each record's dwords
	strings   string     // the string table, NULs included, already padded
	indices   []uint32
	elemSize  uint32 // written when elems is non-empty
	elems     [][]byte
	dwords    []uint32 // ViewID masks and dependency tables, in order
	tail      []byte   // anything after
}

func (p testPSV) bytes() []byte {
	var b []byte
	u32 := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	u32(uint32(len(p.info)))
	b = append(b, p.info...)
	u32(uint32(len(p.resources)))
	if len(p.resources) > 0 {
		u32(p.stride)
		for _, r := range p.resources {
			for _, v := range r {
				u32(v)
			}
		}
	}
	if len(p.info) >= 36 {
		u32(uint32(len(p.strings)))
		b = append(b, p.strings...)
		u32(uint32(len(p.indices)))
		for _, v := range p.indices {
			u32(v)
		}
		if len(p.elems) > 0 {
			u32(p.elemSize)
			for _, e := range p.elems {
				b = append(b, e...)
			}
		}
		for _, v := range p.dwords {
			u32(v)
		}
	}
	return append(b, p.tail...)
}

// sigEl builds a 16-byte PSVSignatureElement0.
func sigEl(name, indexes uint32, rows, startRow, cols, startCol uint8, allocated bool, kind PSVSemanticKind, ct PSVComponentType, interp PSVInterpolationMode, dynMask, stream uint8) []byte {
	b := binary.LittleEndian.AppendUint32(nil, name)
	b = binary.LittleEndian.AppendUint32(b, indexes)
	cs := cols & 0xF
	if allocated {
		cs |= 0x40 | (startCol&3)<<4
	} else {
		startRow = 0
	}
	return append(b, rows, startRow, cs, uint8(kind), uint8(ct), uint8(interp), dynMask&0xF|(stream&3)<<4, 0)
}
