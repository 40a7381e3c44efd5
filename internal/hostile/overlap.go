package hostile

// NestedParts is a container listing k parts, each starting 8 bytes after
// the last (inside its data) and running to the end of the file, behind
// which n bytes of 'A' follow: each part's size is exactly what the file
// holds after its header, and part i's data holds the headers of the parts
// after it. Every part's data is a view of one run of bytes; a reader that
// goes through every part's data byte by byte (comparing, marking,
// dumping) goes through about k × n of them.
func NestedParts(k, n int) []byte { return ShiftedNestedParts(k, n, 0) }

// ShiftedNestedParts is NestedParts with shift bytes between the part table
// and the first part: against NestedParts(k, n) every pair of parts holds
// the same bytes at offsets shift apart, so a comparison that checks each
// pair for equality reads all of each, about k × n bytes.
func ShiftedNestedParts(k, n, shift int) []byte {
	table := 32 + 4*k + shift
	c := make([]byte, table+8*k+n)
	copy(c, "DXBC")
	le.PutUint16(c[20:], 1)
	le.PutUint32(c[24:], uint32(len(c)))
	le.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		off := table + 8*i
		le.PutUint32(c[32+4*i:], uint32(off))
		copy(c[off:], "NEST")
		le.PutUint32(c[off+4:], uint32(len(c)-off-8))
	}
	for i := table + 8*k; i < len(c); i++ {
		c[i] = 'A'
	}
	return c
}

// OverlappingParts is a container listing k parts whose headers start at k
// consecutive bytes of one run of n+k bytes of 'A': every part is named
// "AAAA" and claims 0x41414141 bytes (1 GiB), so holds the rest of the
// file. A reader that goes through each part's claimed size goes through
// k GiB.
func OverlappingParts(k, n int) []byte {
	table := 32 + 4*k
	c := make([]byte, table+k+n)
	copy(c, "DXBC")
	le.PutUint16(c[20:], 1)
	le.PutUint32(c[24:], uint32(len(c)))
	le.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		le.PutUint32(c[32+4*i:], uint32(table+i))
	}
	for i := table; i < len(c); i++ {
		c[i] = 'A'
	}
	return c
}
