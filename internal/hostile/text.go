// Families whose cost is in the texts made from them: source annotations,
// source files written out, records' names, shader messages.

package hostile

import "strconv"

// SourceLinesBitcode is a module whose one function's insts allocas each
// carry a debug location in a lexical block of the file "a", alternating
// between line 1, n bytes of 'y', and line lines+1, after lines empty
// lines; !dx.source.contents holds the file's text. Every instruction
// starts a run of its own source line, so a listing with the source
// interleaved prints a line above each: the long one every other time,
// found by walking the text from its start.
func SourceLinesBitcode(insts, lines, n int) []byte { return sourceLinesBitcode(insts, lines, n, 1) }

// LongFileNameBitcode is SourceLinesBitcode(insts, 1, 1) whose file's name
// is name bytes long: the listing names the file above every instruction.
func LongFileNameBitcode(insts, name int) []byte { return sourceLinesBitcode(insts, 1, 1, name) }

// LongFileName is LongFileNameBitcode in a DXIL container.
func LongFileName(insts, name int) []byte { return dxilContainer(LongFileNameBitcode(insts, name)) }

func sourceLinesBitcode(insts, lines, n, name int) []byte {
	w, mod := NewModule()
	w.typeTable(nil)
	w.Unabbrev(3, 8, 3, 0, 0, 0) // FUNCTION: void (i32*), with a body
	md := w.Enter(3, 15, 4)
	text := make([]uint64, 0, n+lines+1)
	for range n {
		text = append(text, 'y')
	}
	for range lines {
		text = append(text, '\n')
	}
	text = append(text, 'z')
	fileName := make([]uint64, name)
	for i := range fileName {
		fileName[i] = 'a'
	}
	w.Unabbrev(4, 1, fileName...) // !0 = "a", or name bytes of it
	w.Unabbrev(4, 16, 0, 1, 1)    // !1 = DIFile(filename: !0, directory: !0)
	w.Unabbrev(4, 22, 0, 2, 2, 1) // !2 = DILexicalBlock(scope: !1, file: !1, line: 1)
	w.Unabbrev(4, 1, text...)     // !3 = the text
	w.Unabbrev(4, 3, 1, 4)        // !4 = !{!0, !3}
	w.NamedNode("dx.source.contents", 4)
	w.Exit(4, md)
	fb := w.Enter(3, 12, 4)
	w.Unabbrev(4, 1, 1)                  // DECLAREBLOCKS 1
	w.abbrevLiterals(4, 19, 1, 1, 1, 64) // 4: alloca i32
	for i := range insts {
		w.Emit(4, 4)
		line := uint64(1)
		if i%2 == 1 {
			line = uint64(lines + 1)
		}
		w.Unabbrev(4, 35, line, 1, 3, 0) // DEBUG_LOC: line, column 1, scope !2
	}
	w.Unabbrev(4, 10) // ret void
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// SourceLines is SourceLinesBitcode in a DXIL container.
func SourceLines(insts, lines, n int) []byte {
	return dxilContainer(SourceLinesBitcode(insts, lines, n))
}

// SameNamedSourcesBitcode is a module whose !dx.source.contents lists
// files source files, each named "<i>/a.hlsl" (one path each, one file
// name for all) and holding the one string "x". Writing them out
// (sources -o) names the second a-2.hlsl, the third a-3.hlsl, …: trying
// every earlier suffix again for each file is files² names.
func SameNamedSourcesBitcode(files int) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 1, 'x') // !0 = "x"
	w.sourceContents(files, "/a.hlsl")
	return w.endModule(md, mod)
}

// sourceContents writes, in a metadata block whose !0 is a string, files
// nodes !{name, !0} named "<i>" and suffix, and !dx.source.contents
// listing them: files files holding one text.
func (w *Bits) sourceContents(files int, suffix string) {
	named := make([]uint64, files)
	for i := range files {
		w.Unabbrev(4, 1, Chars(strconv.Itoa(i)+suffix)...) // !2i+1: the name
		w.Unabbrev(4, 3, uint64(2*i+2), 1)                 // !2i+2 = !{!2i+1, !0}
		named[i] = uint64(2*i + 2)
	}
	w.NamedNode("dx.source.contents", named...)
}

// SameNamedSources is SameNamedSourcesBitcode in a DXIL container.
func SameNamedSources(files int) []byte { return dxilContainer(SameNamedSourcesBitcode(files)) }

// SharedSourceContentsBitcode is a module whose !dx.source.contents lists
// files source files, named "0", "1", …, each holding one string of n
// newlines: a few bytes a file. Every reader of the files' texts (the
// page's source pane splits each into lines, sources -o writes each) pays
// for the one string once per file.
func SharedSourceContentsBitcode(files, n int) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4)
	w.abbrevArray(4, 1, 1, 8) // STRING: an array of 8-bit characters
	w.Emit(4, 4)              // !0 = n newlines
	w.VBR(uint64(n), 6)
	for range n {
		w.Emit('\n', 8)
	}
	w.sourceContents(files, "")
	return w.endModule(md, mod)
}

// SharedSourceContents is SharedSourceContentsBitcode in a DXIL container.
func SharedSourceContents(files, n int) []byte {
	return dxilContainer(SharedSourceContentsBitcode(files, n))
}

// SharedResourceNameBitcode is a module whose !dx.resources lists k SRV
// records, each its own node of six operands (two bits each), all naming
// one metadata string of n characters: a consumer that writes each
// record's name writes k × n bytes.
func SharedResourceNameBitcode(k, n int) []byte {
	w, mod := NewModule()
	md := w.enterStringMetadata(n)
	for range k {
		w.arrayRecord(4, 5, 2, 0, 0, 1, 0, 0, 0) // !1…!k: a resource named !0
	}
	list := make([]uint64, k)
	for i := range list {
		list[i] = uint64(i + 2)
	}
	w.Unabbrev(4, 3, list...)              // !k+1: the SRVs
	w.Unabbrev(4, 3, uint64(k+2), 0, 0, 0) // !k+2: SRVs, no UAVs, CBuffers or samplers
	w.NamedNode("dx.resources", uint64(k+2))
	return w.endModule(md, mod)
}

// SharedResourceName is SharedResourceNameBitcode in a DXIL container.
func SharedResourceName(k, n int) []byte { return dxilContainer(SharedResourceNameBitcode(k, n)) }

// ShaderMessageSHEX is a ps_5_0 container whose SHEX part holds one printf
// shader message (a custom-data block) of k operands, r0 … r(k-1), then
// ret.
func ShaderMessageSHEX(k int) []byte {
	data := []uint32{0x00200102, 0, 4, uint32(k), uint32(2 * k)} // printf, 4 characters, k operands of 2 dwords
	for i := range k {
		data = append(data, 2|0xf<<4|1<<20, uint32(i)) // r#.xyzw
	}
	data = append(data, 0x00782525, 0) // "%%x", NUL
	words := []uint32{5 << 4, uint32(2 + 2 + len(data) + 1), 0x35 | 4<<11, uint32(2 + len(data))}
	words = append(words, data...)
	words = append(words, 0x3e|1<<24) // ret
	b := make([]byte, 0, 4*len(words))
	for _, w := range words {
		b = le.AppendUint32(b, w)
	}
	return Container(Part{"SHEX", b})
}

// NestedStructsBitcode is a module whose type table holds depth named
// struct types, each of fanout fields of the next (the last's fields i32,
// or, with self set, the last itself), all annotated in
// !dx.typeAnnotations (one annotation node of fanout unnamed fields), and
// whose !dx.resources names the first through a cbuffer and a structured
// buffer. Each type is a few bytes; a buffer definition that prints every
// field's struct in full prints fanout^depth lines, and one whose struct
// holds itself goes on for as deep as the printer lets it.
func NestedStructsBitcode(depth, fanout int, self bool) []byte {
	w, mod := NewModule()
	tb := w.Enter(3, 17, 4) // TYPE_BLOCK_ID_NEW
	w.Unabbrev(4, 7, 32)    // 0: i32
	for i := 1; i <= depth; i++ {
		next := uint64(i + 1)
		switch {
		case i == depth && self:
			next = uint64(i)
		case i == depth:
			next = 0
		}
		fields := []uint64{0} // not packed
		for range fanout {
			fields = append(fields, next)
		}
		w.Unabbrev(4, 19, 's')       // STRUCT_NAME "s"
		w.Unabbrev(4, 20, fields...) // i: STRUCT_NAMED
	}
	ptr := uint64(depth + 1)
	w.Unabbrev(4, 8, 1, 0) // depth+1: the first struct's pointer
	w.Exit(4, tb)
	cb := w.Enter(3, 11, 4) // CONSTANTS_BLOCK
	w.Unabbrev(4, 1, 0)     // SETTYPE i32
	w.Unabbrev(4, 4, 24)    // value 0: i32 12 (StructuredBuffer)
	w.Exit(4, cb)
	md := w.Enter(3, 15, 4)
	// Node operands are ids+1 (0: null); named nodes list ids.
	w.Unabbrev(4, 3, make([]uint64, fanout+1)...) // !0: the struct annotation: size, fanout unnamed fields
	ann := []uint64{0}                            // the tag: null reads as 0, a struct annotation
	for i := 1; i <= depth; i++ {
		w.Unabbrev(4, 2, uint64(i), 0) // !i: %s undef (the value is i32 12; nothing checks)
		ann = append(ann, uint64(i)+1, 1)
	}
	sym := uint64(depth + 1)
	w.Unabbrev(4, 2, ptr, 0)                      // !sym: the resources' symbol, a pointer to the first struct
	w.Unabbrev(4, 2, 0, 0)                        // !sym+1: i32 12
	w.Unabbrev(4, 3, ann...)                      // !sym+2: the type annotations
	w.Unabbrev(4, 3, 0, sym+1, 0, 0, 0, 0, 0)     // !sym+3: a cbuffer
	w.Unabbrev(4, 3, 0, sym+1, 0, 0, 0, 0, sym+2) // !sym+4: a structured buffer (kind 12)
	w.Unabbrev(4, 3, sym+5)                       // !sym+5: the SRVs
	w.Unabbrev(4, 3, sym+4)                       // !sym+6: the cbuffers
	w.Unabbrev(4, 3, sym+6, 0, sym+7, 0)          // !sym+7: SRVs, no UAVs, cbuffers, no samplers
	w.Unabbrev(4, 3, sym+2, sym+2)                // !sym+8: a DXIL version (12.12), which the header asks for
	w.NamedNode("dx.version", sym+8)
	w.NamedNode("dx.typeAnnotations", sym+2)
	w.NamedNode("dx.resources", sym+7)
	return w.endModule(md, mod)
}

// NestedStructsDXIL is NestedStructsBitcode in a DXIL container.
func NestedStructsDXIL(depth, fanout int, self bool) []byte {
	return dxilContainer(NestedStructsBitcode(depth, fanout, self))
}

// FieldAnnotationsBitcode is a module of one struct type of fields i32
// fields, which !dx.typeAnnotations annotates pairs times over, each time
// with one struct annotation naming, for every field, one field annotation
// of ops null operands: a few bytes for each pair, field and operand, and
// a reader that reads each field's annotation for each pair reads pairs ×
// fields × ops operands.
func FieldAnnotationsBitcode(pairs, fields, ops int) []byte {
	w, mod := NewModule()
	tb := w.Enter(3, 17, 4)
	w.Unabbrev(4, 7, 32)                           // 0: i32
	w.Unabbrev(4, 20, make([]uint64, fields+1)...) // 1: { i32 × fields }
	w.Exit(4, tb)
	cb := w.Enter(3, 11, 4) // CONSTANTS_BLOCK
	w.Unabbrev(4, 1, 0)     // SETTYPE i32
	w.Unabbrev(4, 4, 2)     // value 0: i32 1
	w.Exit(4, cb)
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 3, make([]uint64, ops)...) // !0: a field annotation of ops nulls
	sa := []uint64{0}                        // !1: the struct annotation: size, then !0 for each field
	for range fields {
		sa = append(sa, 1)
	}
	w.Unabbrev(4, 3, sa...)
	w.Unabbrev(4, 2, 1, 0) // !2: the struct's value
	ann := []uint64{0}     // !3: the tag (null reads as 0), then (struct, !1) pairs times
	for range pairs {
		ann = append(ann, 3, 2)
	}
	w.Unabbrev(4, 3, ann...)
	w.Unabbrev(4, 2, 0, 0) // !4: i32 1
	w.Unabbrev(4, 3, 5, 5) // !5: DXIL 1.1, which the disassembly's header asks for
	w.NamedNode("dx.typeAnnotations", 3)
	w.NamedNode("dx.version", 5)
	return w.endModule(md, mod)
}

// FieldAnnotations is FieldAnnotationsBitcode in a DXIL container.
func FieldAnnotations(pairs, fields, ops int) []byte {
	return dxilContainer(FieldAnnotationsBitcode(pairs, fields, ops))
}

// SignaturesBesideCode is a container of k pairs of parts: an input
// signature (ISGN) of one element and a ps_5_0 SHEX part of one ret. FXC's
// listing is the file's, every signature in its header, and each bytecode
// part offers it: made once per part, it is k × k signatures.
func SignaturesBesideCode(k int) []byte {
	isgn := PartData(ManyElementsISGN(1), "ISGN")
	shex := []byte{0x50, 0, 0, 0, 3, 0, 0, 0, 0x3e, 0, 0, 1} // ps_5_0, 3 dwords, ret
	parts := make([]Part, 0, 2*k)
	for range k {
		parts = append(parts, Part{"ISGN", isgn}, Part{"SHEX", shex})
	}
	return Container(parts...)
}

// ModulesBesideSignature is a container of an input signature (ISGN) of n
// elements and k DXIL parts of one empty vertex-shader module each. The
// disassembly's header prints the file's signatures above every module: a
// text per part is k × n signature lines.
func ModulesBesideSignature(k, n int) []byte {
	dxil := Program(1, EmptyModuleBitcode())
	return OneThenCopies(Part{"ISGN", PartData(ManyElementsISGN(n), "ISGN")}, Part{"DXIL", dxil}, k)
}

// RDEFsBesideBindings is a container of an RDEF part of k texture bindings
// and k RDEF parts of one each after it. FXC's resource listing is of the
// file's first RDEF, whichever part shows it: made once per part, it is
// k × k lines.
func RDEFsBesideBindings(k int) []byte {
	return OneThenCopies(Part{"RDEF", PartData(ManyNamesRDEF(k, 16), "RDEF")}, Part{"RDEF", PartData(ManyNamesRDEF(1, 16), "RDEF")}, k)
}

// ModulesAfterModule is a container of a DXIL part whose module has 4k
// instructions (SourceLinesBitcode) and k DXIL parts of an empty module
// after it. The DXC build a listing is spelled for is read from the first
// module's llvm.ident: read again for each part's listing, it is k × 4k
// instructions decoded.
func ModulesAfterModule(k int) []byte {
	empty := Program(1, EmptyModuleBitcode())
	return OneThenCopies(Part{"DXIL", Program(1, SourceLinesBitcode(4*k, 1, 1))}, Part{"DXIL", empty}, k)
}

// ModulesBesideSTAT is a container of a STAT part whose module has 4k
// instructions (SourceLinesBitcode) and k DXIL parts of a small module
// naming a DXIL version (FieldAnnotationsBitcode(1, 1, 1)). The
// disassembly's header reads its buffer definitions from STAT's module:
// decoded again for each part's text, it is k × 4k instructions.
func ModulesBesideSTAT(k int) []byte {
	dxil := Program(1, FieldAnnotationsBitcode(1, 1, 1))
	return OneThenCopies(Part{"STAT", Program(1, SourceLinesBitcode(4*k, 1, 1))}, Part{"DXIL", dxil}, k)
}

// DebugValuesBitcode is a module whose one function calls
// llvm.dbg.value(metadata, metadata, metadata, metadata) k times, each
// naming one DILocalVariable !2 (in the file !1 that !dx.source.contents
// holds): k debug variables of a few bytes each. The page's source pane
// lists each variable with the instruction that names it, which it found
// by walking the whole listing per variable: k × k lines.
func DebugValuesBitcode(k int) []byte { return debugValuesBitcode(k, 0) }

// DebugValuesOfOneBitcode is DebugValuesBitcode whose function first calls
// a declared i32 () named by name 'a's, and whose k variables each name
// that call's value (!5, a value as metadata): the source pane says of
// each variable "defined by" the call's line, name and all.
func DebugValuesOfOneBitcode(k, name int) []byte { return debugValuesBitcode(k, name) }

func debugValuesBitcode(k, name int) []byte {
	w, mod := NewModule()
	w.typeTable(func(next uint64) uint64 {
		w.Unabbrev(4, 16)                   // 7: metadata
		w.Unabbrev(4, 21, 0, 0, 7, 7, 7, 7) // 8: void (metadata × 4)
		if name > 0 {
			w.Unabbrev(4, 21, 0, 1) // 9: i32 ()
			return next + 3
		}
		return next + 2
	})
	w.Unabbrev(3, 8, 8, 0, 1, 0) // FUNCTION: llvm.dbg.value, a declaration (value 0)
	w.Unabbrev(3, 8, 4, 0, 0, 0) // FUNCTION: void (), with a body (value 1)
	if name > 0 {
		w.Unabbrev(3, 8, 9, 0, 1, 0) // FUNCTION: i32 (), a declaration (value 2)
	}
	vst := w.Enter(3, 14, 4)
	w.Unabbrev(4, 1, append([]uint64{0}, Chars("llvm.dbg.value")...)...) // VST_ENTRY: value 0's name
	if name > 0 {
		w.abbrevChar6Name(4, 1)
		w.char6Record(4, 4, 2, name) // value 2's name
	}
	w.Exit(4, vst)
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 1, 'a')                            // !0 = "a"
	w.Unabbrev(4, 16, 0, 1, 1)                       // !1 = DIFile(filename: !0, directory: !0)
	w.Unabbrev(4, 28, 0, 0x100, 2, 1, 2, 1, 2, 0, 0) // !2 = DILocalVariable(scope: !1, name: !0, file: !1, line: 1, type: !1)
	w.Unabbrev(4, 1, 'x')                            // !3 = the text
	w.Unabbrev(4, 3, 1, 4)                           // !4 = !{!0, !3}
	w.NamedNode("dx.source.contents", 4)
	if name > 0 {
		w.Unabbrev(4, 2, 1, 3) // !5 = i32 %3, the call's value
	}
	w.Exit(4, md)
	fb := w.Enter(3, 12, 4)
	w.Unabbrev(4, 1, 1) // DECLAREBLOCKS 1
	if name > 0 {
		// %3 = call i32 @aa…(): the type (9) given, callee value 2.
		w.Unabbrev(4, 34, 0, 1<<15, 9, 1)
	}
	for range k {
		// CALL: no attributes, ccc with its type (8) given, callee value
		// 0 and !2 four times, each relative to the next value id (2,
		// or 4 after the call; !5 is 4 - (2³² - 1) in 32 bits).
		if name > 0 {
			w.Unabbrev(4, 34, 0, 1<<15, 8, 4, 1<<32-1, 2, 2, 2)
		} else {
			w.Unabbrev(4, 34, 0, 1<<15, 8, 2, 0, 0, 0, 0)
		}
	}
	w.Unabbrev(4, 10) // ret void
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// DebugValues is DebugValuesBitcode in a DXIL container.
func DebugValues(k int) []byte { return dxilContainer(DebugValuesBitcode(k)) }

// DebugValuesOfOne is DebugValuesOfOneBitcode in a DXIL container.
func DebugValuesOfOne(k, name int) []byte { return dxilContainer(DebugValuesOfOneBitcode(k, name)) }
