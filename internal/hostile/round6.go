package hostile

// UncoveredBindingsRDEF is a container whose SM4 RDEF part has k texture
// bindings, all at register t(1<<30) in space 0, where no range of
// SharedRangesRTS0 reaches: checking a root signature against them looks
// at every range for every binding.
func UncoveredBindingsRDEF(k int) []byte {
	const hdr, binding = 28, 32
	strAt := hdr + k*binding
	b := make([]byte, strAt+4)
	le.PutUint32(b[8:], uint32(k))    // ResourceCount
	le.PutUint32(b[12:], uint32(hdr)) // ResourceOffset
	b[16], b[17] = 0, 4               // Target: 4.0
	le.PutUint16(b[18:], 0xFFFF)      // pixel shader
	le.PutUint32(b[24:], uint32(strAt))
	copy(b[strAt:], "t")
	for i := range k {
		r := b[hdr+i*binding:]
		le.PutUint32(r, uint32(strAt)) // NameOffset
		le.PutUint32(r[4:], 2)         // D3D_SIT_TEXTURE
		le.PutUint32(r[20:], 1<<30)    // BindPoint
		le.PutUint32(r[24:], 1)        // BindCount
	}
	return Container(Part{"RDEF", b})
}
