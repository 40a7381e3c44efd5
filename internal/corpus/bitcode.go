package corpus

import "encoding/binary"

// DXILBitcode returns the LLVM bitcode inside a container's DXIL part,
// read by hand from the layouts (container header, part table, program
// header) rather than through the decoder, so the bitcode readers' tests
// need not import it. ok is false when the container has no DXIL part with
// bitcode in bounds.
func DXILBitcode(b []byte) (bc []byte, ok bool) {
	le := binary.LittleEndian
	if len(b) < 32 || string(b[:4]) != "DXBC" {
		return nil, false
	}
	n := int(le.Uint32(b[28:]))
	for i := 0; i < n && 32+4*i+4 <= len(b); i++ {
		off := int(le.Uint32(b[32+4*i:]))
		if off < 0 || off+8 > len(b) || string(b[off:off+4]) != "DXIL" {
			continue
		}
		size := int(le.Uint32(b[off+4:]))
		part := b[off+8:]
		if size < 24 || size > len(part) {
			return nil, false
		}
		part = part[:size]
		// Program header: version, size, then DxilBitcodeHeader ("DXIL",
		// version, offset from the magic, size).
		start := 8 + int(le.Uint32(part[16:]))
		end := start + int(le.Uint32(part[20:]))
		if string(part[8:12]) != "DXIL" || start < 24 || end < start || end > len(part) {
			return nil, false
		}
		return part[start:end], true
	}
	return nil, false
}
