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

// OtherStreamRows is a vertex shader container (shader model 6.0, validator
// 1.1, no entry points) whose PSV0 has k input elements of 255 rows each,
// all "A0" in stream 0, and whose ISG1 has the k × 255 rows they describe,
// all "A0" but in stream 1: every row PSV0 gives has k × 255 candidates of
// its name and index in ISG1, and none of its stream.
func OtherStreamRows(k int) []byte {
	el := []byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0x44, 0, 3, 0, 0, 0} // "A", indices from 0, 255 rows, 4 columns allocated, float, stream 0
	elems := make([][]byte, k)
	for i := range elems {
		elems[i] = el
	}
	info := psvInfo1(1, 0, byte(k), 0, 0, 0, [4]byte{})
	psv := psv0(info, []byte("A"), make([]uint32, 255), elems, 0, 0)

	n := 255 * k
	sig := make([]byte, 8+32*n, 8+32*n+4)
	le.PutUint32(sig, uint32(n))
	le.PutUint32(sig[4:], 8)
	for i := range n {
		e := sig[8+32*i:]
		le.PutUint32(e, 1)                    // stream 1
		le.PutUint32(e[4:], uint32(len(sig))) // "A", after the table
		le.PutUint32(e[16:], 3)               // float
		e[24] = 0xf
	}
	sig = append(sig, 'A', 0, 0, 0)
	return Container(Part{"DXIL", Program(1, VertexModuleBitcode())}, Part{"PSV0", psv}, Part{"ISG1", sig})
}

// VertexModuleBitcode is an LLVM 3.7 module whose metadata says only that
// it is a vertex shader of shader model 6.0 for validator 1.1: enough for
// the validator's container rules to run, no entry points.
func VertexModuleBitcode() []byte { return vertexModule(nil) }

// vertexModule is VertexModuleBitcode, and with state, DXIL 1.1 whose
// !dx.viewIdState holds state's words.
func vertexModule(state []uint64) []byte {
	w, mod := NewModule()
	tb := w.Enter(3, 17, 4)
	w.Unabbrev(4, 7, 32) // 0: i32
	if state != nil {
		w.Unabbrev(4, 11, uint64(len(state)), 0) // 1: [n x i32]
	}
	w.Exit(4, tb)
	cb := w.Enter(3, 11, 4)
	w.Unabbrev(4, 1, 0)  // SETTYPE i32
	w.Unabbrev(4, 4, 12) // value 0: i32 6
	w.Unabbrev(4, 4, 0)  // value 1: i32 0
	w.Unabbrev(4, 4, 2)  // value 2: i32 1
	if state != nil {
		w.Unabbrev(4, 1, 1)         // SETTYPE [n x i32]
		w.Unabbrev(4, 22, state...) // value 3: the words
	}
	w.Exit(4, cb)
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 1, Chars("vs")...) // !0
	w.Unabbrev(4, 2, 0, 0)           // !1: i32 6
	w.Unabbrev(4, 2, 0, 1)           // !2: i32 0
	w.Unabbrev(4, 2, 0, 2)           // !3: i32 1
	w.Unabbrev(4, 3, 1, 2, 3)        // !4: vs 6.0
	w.Unabbrev(4, 3, 4, 4)           // !5: 1.1
	w.NamedNode("dx.shaderModel", 4)
	w.NamedNode("dx.valver", 5)
	if state != nil {
		w.Unabbrev(4, 2, 1, 3) // !6: the words
		w.Unabbrev(4, 3, 7)    // !7: !{!6}
		w.NamedNode("dx.version", 5)
		w.NamedNode("dx.viewIdState", 7)
	}
	return w.endModule(md, mod)
}

// DamagedParts is a container of VertexModuleBitcode's DXIL part and k
// RTS0 parts of 120 bytes, each claiming 8 root parameters of an unknown
// type and visibility: 16 problems a part, and every part after the first
// a repeat the validator refuses.
func DamagedParts(k int) []byte {
	rs := make([]byte, 24+12*8)
	le.PutUint32(rs, 2)      // version 1.1
	le.PutUint32(rs[4:], 8)  // 8 parameters
	le.PutUint32(rs[8:], 24) // after the header
	for i := range 8 {
		le.PutUint32(rs[24+12*i:], 0xff)   // ParameterType
		le.PutUint32(rs[24+12*i+4:], 0xff) // ShaderVisibility
	}
	return OneThenCopies(Part{"DXIL", Program(1, VertexModuleBitcode())}, Part{"RTS0", rs}, k)
}

// PatchSignaturesAlone is a container of k PSG1 parts of no elements and
// no program part: the page names each PSG1 by the shader's kind (a mesh
// shader's is its primitive signature), and finding the program by a walk
// of the parts for each walks all of them, k² steps.
func PatchSignaturesAlone(k int) []byte {
	parts := make([]Part, k)
	for i := range parts {
		parts[i] = Part{"PSG1", []byte{0, 0, 0, 0, 8, 0, 0, 0}} // no elements, from offset 8
	}
	return Container(parts...)
}

// PSVsBeforeProgram is a container of k PSV0 parts of a version 0 runtime
// info and nothing else, then VertexModuleBitcode's DXIL part: each PSV0
// reads the stage from the program header, and a decoder that finds the program by
// a walk of the parts walks past every PSV0 (and all the parts looking for
// an ILDB there is none of), k² steps.
func PSVsBeforeProgram(k int) []byte {
	psv := make([]byte, 32) // version 0: a runtime info of 24 bytes, no resources
	le.PutUint32(psv, 24)
	parts := make([]Part, 0, k+1)
	for range k {
		parts = append(parts, Part{"PSV0", psv})
	}
	return Container(append(parts, Part{"DXIL", Program(1, VertexModuleBitcode())})...)
}

// LinkagePair is a vertex shader whose output signature (OSGN) has k
// elements and a pixel shader whose input signature (ISGN) has k, every
// one semantic index 0 of one name of n bytes, each in a register of its
// own: every input is fed by the first output, in another register, so
// the linkage prints a row and an error naming the semantic for each.
func LinkagePair(k, n int) (vs, ps []byte) {
	return Container(Part{"SHDR", emptyProgram(1)}, Part{"OSGN", sharedNameSignature(k, n)}),
		Container(Part{"SHDR", emptyProgram(0)}, Part{"ISGN", sharedNameSignature(k, n)})
}

// VertexInputs is a vertex shader whose input signature (ISGN) has k
// elements of one name of n bytes, each in a register of its own: an input
// layout of k elements that each print the name.
func VertexInputs(k, n int) []byte {
	return Container(Part{"SHDR", emptyProgram(1)}, Part{"ISGN", sharedNameSignature(k, n)})
}

// sharedNameSignature is a 24-byte-element signature of k elements, every
// one semantic index 0 of one name of n bytes, register i, all components.
func sharedNameSignature(k, n int) []byte {
	d := make([]byte, 8+24*k, 8+24*k+n+4)
	le.PutUint32(d, uint32(k))
	le.PutUint32(d[4:], 8)
	for i := range k {
		e := d[8+24*i:]
		le.PutUint32(e, uint32(len(d))) // the name, after the table
		le.PutUint32(e[16:], uint32(i)) // register
		e[20], e[21] = 0xf, 0xf         // mask, read or written
	}
	for i := range n {
		d = append(d, 'A'+byte(i%26))
	}
	d = append(d, 0)
	for len(d)%4 != 0 {
		d = append(d, 0)
	}
	return d
}

// emptyProgram is the SHDR data of a shader model 4.0 program of that kind
// (0 pixel, 1 vertex) with no instructions.
func emptyProgram(kind uint32) []byte { return le.AppendUint32(le.AppendUint32(nil, kind<<16|4<<4), 2) }
