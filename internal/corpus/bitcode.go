package corpus

import (
	"encoding/binary"
	"slices"
)

// Parts returns the data of a DXBC container's parts with one of the given
// names, read by hand from the container header (part count at 28, offsets
// from 32) and each part's header (FourCC, size), so the tests of a
// language's package need not import the decoder. Parts that do not fit
// are left out.
func Parts(b []byte, names ...string) [][]byte {
	le := binary.LittleEndian
	if len(b) < 32 || string(b[:4]) != "DXBC" {
		return nil
	}
	var out [][]byte
	n := int(le.Uint32(b[28:]))
	for i := 0; i < n && 32+4*i+4 <= len(b); i++ {
		off := int(le.Uint32(b[32+4*i:]))
		if off < 0 || off+8 > len(b) || !slices.Contains(names, string(b[off:off+4])) {
			continue
		}
		if size := int(le.Uint32(b[off+4:])); off+8+size <= len(b) {
			out = append(out, b[off+8:off+8+size])
		}
	}
	return out
}

// DXILBitcode returns the LLVM bitcode inside a container's DXIL part (see
// ProgramBitcode).
func DXILBitcode(b []byte) (bc []byte, ok bool) {
	bc, _, ok = ProgramBitcode(b, "DXIL")
	return bc, ok
}

// ProgramBitcode returns the LLVM bitcode inside a container's program
// part (DXIL, ILDB, STAT) and its offset in the file, read by hand from the
// layouts (container header, part table, program header) rather than
// through the decoder, so the bitcode readers' tests need not import it. ok
// is false when the container has no such part with bitcode in bounds.
func ProgramBitcode(b []byte, part string) (bc []byte, off int64, ok bool) {
	le := binary.LittleEndian
	if len(b) < 32 || string(b[:4]) != "DXBC" {
		return nil, 0, false
	}
	n := int(le.Uint32(b[28:]))
	for i := 0; i < n && 32+4*i+4 <= len(b); i++ {
		at := int(le.Uint32(b[32+4*i:]))
		if at < 0 || at+8 > len(b) || string(b[at:at+4]) != part {
			continue
		}
		size := int(le.Uint32(b[at+4:]))
		data := b[at+8:]
		if size < 24 || size > len(data) {
			return nil, 0, false
		}
		data = data[:size]
		// Program header: version, size, then DxilBitcodeHeader ("DXIL",
		// version, offset from the magic, size).
		start := 8 + int(le.Uint32(data[16:]))
		end := start + int(le.Uint32(data[20:]))
		if string(data[8:12]) != "DXIL" || start < 24 || end < start || end > len(data) {
			return nil, 0, false
		}
		return data[start:end], int64(at + 8 + start), true
	}
	return nil, 0, false
}
