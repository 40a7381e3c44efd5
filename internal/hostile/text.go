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
	w.Unabbrev(4, 4, Chars("dx.source.contents")...)
	w.Unabbrev(4, 10, 4)
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
	named := make([]uint64, files)
	for i := range files {
		name := Chars(strconv.Itoa(i) + "/a.hlsl")
		w.Unabbrev(4, 1, name...)          // !2i+1: the name
		w.Unabbrev(4, 3, uint64(2*i+2), 1) // !2i+2 = !{!2i+1, !0}
		named[i] = uint64(2*i + 2)
	}
	w.Unabbrev(4, 4, Chars("dx.source.contents")...)
	w.Unabbrev(4, 10, named...)
	w.Exit(4, md)
	w.Exit(3, mod)
	return w.B
}

// SameNamedSources is SameNamedSourcesBitcode in a DXIL container.
func SameNamedSources(files int) []byte { return dxilContainer(SameNamedSourcesBitcode(files)) }

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
	w.Unabbrev(4, 4, Chars("dx.resources")...)
	w.Unabbrev(4, 10, uint64(k+2))
	w.Exit(4, md)
	w.Exit(3, mod)
	return w.B
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
