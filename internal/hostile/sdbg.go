package hostile

// SharedSourceSDBG is a container whose SDBG part (FXC 9.x debug
// information) lists files source files, each named by and holding the
// same n bytes of the ASCII database: read naively, files copies of it
// for the names and as many for the sources.
func SharedSourceSDBG(files, n int) []byte {
	const header = 0x54
	tables := 16 * files
	b := make([]byte, header+tables, header+tables+n)
	le.PutUint32(b[0:], header)
	le.PutUint32(b[20:], uint32(files))  // Files: count, offset 0
	le.PutUint32(b[76:], uint32(tables)) // Int32DBOffset: nothing between
	le.PutUint32(b[80:], uint32(tables)) // ASCIIDBOffset
	for i := range files {
		r := b[header+16*i:]
		le.PutUint32(r[4:], uint32(n))  // NameOffset 0, NameLength n
		le.PutUint32(r[12:], uint32(n)) // SourceOffset 0, SourceLength n
	}
	const line = "float4 main() : SV_Target { return 1; }\n"
	for i := range n {
		b = append(b, line[i%len(line)])
	}
	return Container(Part{"SDBG", b})
}
