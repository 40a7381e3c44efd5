package decode

import "encoding/binary"

// testPart is one part for buildContainer.
type testPart struct {
	name string
	data []byte
}

// buildContainer assembles a well-formed, signed container from parts, laid
// out contiguously after the offset table, as DXC writes them.
func buildContainer(parts ...testPart) []byte {
	n := len(parts)
	size := HeaderSize + 4*n
	offs := make([]int, n)
	for i, p := range parts {
		offs[i] = size
		size += PartHeaderSize + len(p.data)
	}
	b := make([]byte, size)
	copy(b, Magic)
	binary.LittleEndian.PutUint16(b[20:], 1)
	binary.LittleEndian.PutUint32(b[24:], uint32(size))
	binary.LittleEndian.PutUint32(b[28:], uint32(n))
	for i, p := range parts {
		binary.LittleEndian.PutUint32(b[HeaderSize+4*i:], uint32(offs[i]))
		copy(b[offs[i]:], p.name)
		binary.LittleEndian.PutUint32(b[offs[i]+4:], uint32(len(p.data)))
		copy(b[offs[i]+PartHeaderSize:], p.data)
	}
	sign(b)
	return b
}

// sign writes the DXBC checksum of b into its header.
func sign(b []byte) {
	end := int(binary.LittleEndian.Uint32(b[24:]))
	if end > len(b) {
		end = len(b)
	}
	sum := Checksum(b[DigestStart:end])
	copy(b[4:20], sum[:])
}

func le32(vs ...uint32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func le64(v uint64) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, v)
	return b
}

func cat(bs ...[]byte) []byte {
	var out []byte
	for _, b := range bs {
		out = append(out, b...)
	}
	return out
}
