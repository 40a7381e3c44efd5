package hostile

// SharedPartContainer is a container listing k parts, all at one part of
// size bytes with an unregistered name (which may repeat): a writer that
// lays each listed part out with its own bytes writes k × size of them.
func SharedPartContainer(k, size int) []byte {
	table := 32 + 4*k
	c := make([]byte, table+8+size)
	copy(c, "DXBC")
	le.PutUint16(c[20:], 1)
	le.PutUint32(c[24:], uint32(len(c)))
	le.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		le.PutUint32(c[32+4*i:], uint32(table))
	}
	copy(c[table:], "HOST")
	le.PutUint32(c[table+4:], uint32(size))
	return c
}
