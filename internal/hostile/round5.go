package hostile

import "strconv"

// AllocaBodiesBitcode is a module of fns functions void (i32*), each with
// a body of insts "alloca i32" instructions (four bits each, abbreviations
// of literals) between two allocas of type ends (1 for i32, 5 for i8) and
// "ret void". Two of them that differ in ends differ in their first and
// last instruction, so aligning their listings line by line compares every
// line of a body with every other.
func AllocaBodiesBitcode(fns, insts int, ends uint64) []byte {
	w, mod := NewModule()
	w.typeTable(nil)
	for range fns {
		w.Unabbrev(3, 8, 3, 0, 0, 0) // FUNCTION: void (i32*), with a body
	}
	for range fns {
		fb := w.Enter(3, 12, 4)
		w.Unabbrev(4, 1, 1)                     // DECLAREBLOCKS 1
		w.abbrevLiterals(4, 19, 1, 1, 1, 64)    // 4: alloca i32, its count the argument
		w.abbrevLiterals(4, 19, ends, 1, 1, 64) // 5: alloca of type ends
		w.Emit(5, 4)
		for range insts {
			w.Emit(4, 4)
		}
		w.Emit(5, 4)
		w.Unabbrev(4, 10) // ret void
		w.Exit(4, fb)
	}
	w.Exit(3, mod)
	return w.B
}

// AllocaBodies is AllocaBodiesBitcode in a DXIL container.
func AllocaBodies(fns, insts int, ends uint64) []byte {
	return dxilContainer(AllocaBodiesBitcode(fns, insts, ends))
}

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
