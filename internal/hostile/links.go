package hostile

import "strconv"

// ManyElementsISGN is a container of one input signature (ISGN) of n
// elements, all named by one string "A": about a dozen tree nodes per
// 24-byte element.
func ManyElementsISGN(n int) []byte {
	d := make([]byte, 8+24*n, 8+24*n+4)
	le.PutUint32(d, uint32(n))
	le.PutUint32(d[4:], 8)
	for i := range n {
		e := d[8+24*i:]
		le.PutUint32(e, uint32(len(d))) // the name, after the table
		le.PutUint32(e[4:], uint32(i))  // semantic index
		le.PutUint32(e[16:], uint32(i)) // register
		e[20], e[21] = 0xf, 0xf         // mask, read or written
	}
	d = append(d, 'A', 0, 0, 0)
	return Container(Part{Name: "ISGN", Data: d})
}

// MissingOpenPaths is a link's open= value of n field paths under part
// that no tree node has, in the form legacyField reads ("ISGN/x1"): each
// is tried against every node's path below its value's key.
func MissingOpenPaths(part string, n int) string {
	var b []byte
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, part+"/x"...)
		b = strconv.AppendInt(b, int64(i), 10)
	}
	return string(b)
}
