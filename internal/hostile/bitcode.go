package hostile

// Bits writes an LLVM bitstream (LLVM's BitCodeFormat document): fields
// least significant bit first, VBR chunks, 32-bit aligned block lengths.
// The decoder's bitstream tests build their streams with it too.
type Bits struct {
	B []byte // the stream so far
	N uint64 // bits written
}

// Chars is a string's bytes as record operands, one per byte (the string
// records of a module: its triple, its names, metadata strings).
func Chars(s string) []uint64 {
	v := make([]uint64, len(s))
	for i := range len(s) {
		v[i] = uint64(s[i])
	}
	return v
}

// NewBitcode starts a stream with the bitcode magic, "BC" 0xC0DE.
func NewBitcode() *Bits {
	w := &Bits{}
	for _, c := range []byte("BC\xc0\xde") {
		w.Emit(uint64(c), 8)
	}
	return w
}

// NewModule starts a module's bitcode: the magic, MODULE_BLOCK (8) entered
// with 3-bit abbreviation ids, and its VERSION 1 record (relative value
// ids, as DXC writes). Exit(3, mod) closes the block.
func NewModule() (w *Bits, mod int) {
	w = NewBitcode()
	mod = w.Enter(2, 8, 3)
	w.Unabbrev(3, 1, 1)
	return w, mod
}

// EmptyModuleBitcode is a module of its version record alone.
func EmptyModuleBitcode() []byte {
	w, mod := NewModule()
	w.Exit(3, mod)
	return w.B
}

// Emit writes v in width bits.
func (w *Bits) Emit(v uint64, width uint) {
	for i := uint(0); i < width; i++ {
		if w.N/8 >= uint64(len(w.B)) {
			w.B = append(w.B, 0)
		}
		if v>>i&1 != 0 {
			w.B[w.N/8] |= 1 << (w.N % 8)
		}
		w.N++
	}
}

// VBR writes v in chunks of width bits.
func (w *Bits) VBR(v uint64, width uint) {
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.Emit(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.Emit(v, width)
}

// Align32 pads to a 32-bit boundary.
func (w *Bits) Align32() {
	for w.N%32 != 0 {
		w.Emit(0, 1)
	}
}

// The bitstream's builtin abbreviation IDs.
const (
	endBlock      = 0
	enterSubblock = 1
	defineAbbrev  = 2
	unabbrevRec   = 3
)

// Unabbrev writes an UNABBREV_RECORD: code and operands as 6-bit VBRs.
func (w *Bits) Unabbrev(width uint, code uint64, ops ...uint64) {
	w.Emit(unabbrevRec, width)
	w.VBR(code, 6)
	w.VBR(uint64(len(ops)), 6)
	for _, o := range ops {
		w.VBR(o, 6)
	}
}

// Enter opens block id and returns where its length word is.
func (w *Bits) Enter(width uint, id uint64, newWidth uint) int {
	w.Emit(enterSubblock, width)
	w.VBR(id, 8)
	w.VBR(uint64(newWidth), 4)
	w.Align32()
	at := int(w.N / 8)
	w.Emit(0, 32)
	return at
}

// Exit closes the block whose length word is at lenAt.
func (w *Bits) Exit(width uint, lenAt int) {
	w.Emit(endBlock, width)
	w.Align32()
	le.PutUint32(w.B[lenAt:], uint32((len(w.B)-lenAt-4)/4))
}

// RetVoidBody writes a function body (FUNCTION_BLOCK, its abbreviations
// width wide) of one basic block holding "ret void", inside a block whose
// abbreviations are outer wide.
func (w *Bits) RetVoidBody(outer, width uint) {
	fb := w.Enter(outer, 12, width)
	w.Unabbrev(width, 1, 1) // DECLAREBLOCKS 1
	w.Unabbrev(width, 10)   // ret void
	w.Exit(width, fb)
}

// BlockInfoBitcode is a bitstream whose BLOCKINFO block defines abbrevs
// abbreviations (each one fixed 1-bit field) for block id 11, followed by
// blocks empty blocks of that id inside a module block: every block
// inherits the whole list.
func BlockInfoBitcode(abbrevs, blocks int) []byte {
	w := NewBitcode()
	mod := w.Enter(2, 8, 3)
	bi := w.Enter(3, 0, 2)
	w.Unabbrev(2, 1, 11) // SETBID 11
	for range abbrevs {
		w.Emit(defineAbbrev, 2)
		w.VBR(1, 5)  // one operand
		w.Emit(0, 1) // not a literal
		w.Emit(1, 3) // fixed
		w.VBR(1, 5)  // 1 bit wide
	}
	w.Exit(2, bi)
	for range blocks {
		c := w.Enter(3, 11, 2)
		w.Exit(2, c)
	}
	w.Exit(3, mod)
	return w.B
}

// BlockInfo is a container whose DXIL part (a vertex shader, shader model
// 6.0) holds BlockInfoBitcode(abbrevs, blocks).
func BlockInfo(abbrevs, blocks int) []byte {
	return dxilContainer(BlockInfoBitcode(abbrevs, blocks))
}

// endModule closes the metadata block md (opened at abbreviation width 4)
// and the module block mod that NewModule opened, and returns the bitcode.
func (w *Bits) endModule(md, mod int) []byte {
	w.Exit(4, md)
	w.Exit(3, mod)
	return w.B
}

// dxilContainer is a container whose DXIL part (a vertex shader, shader
// model 6.0) holds the bitcode bc.
func dxilContainer(bc []byte) []byte {
	return Container(Part{"DXIL", Program(1, bc)})
}

// Program is a DXIL part's data: the 24-byte program header (shader kind
// kind, shader model 6.0, DXIL 1.0, the bitcode 16 bytes after "DXIL"),
// then the bitcode bc.
func Program(kind uint32, bc []byte) []byte {
	var p []byte
	p = le.AppendUint32(p, kind<<16|6<<4|0)
	p = le.AppendUint32(p, uint32(24+len(bc))/4)
	p = append(p, "DXIL"...)
	p = le.AppendUint32(p, 1<<8|0)
	p = le.AppendUint32(p, 16)
	p = le.AppendUint32(p, uint32(len(bc)))
	return append(p, bc...)
}

// abbrevFixedArray defines, in a block of abbreviation width width, an
// abbreviation for records of code code whose operands are an array of
// bits-bit fields: [literal code, array, fixed(bits)].
func (w *Bits) abbrevFixedArray(width uint, code uint64, bits uint64) {
	w.abbrevArray(width, code, 1, bits)
}

// arrayRecord writes a record with the abbreviation abbrevFixedArray
// defined (abbreviation id id): the operands, each in bits bits.
func (w *Bits) arrayRecord(width uint, id uint64, bits uint, ops ...uint64) {
	w.Emit(id, width)
	w.VBR(uint64(len(ops)), 6)
	for _, o := range ops {
		w.Emit(o, bits)
	}
}

// FunctionTypeBitcode is an LLVM 3.7 module whose type table holds void,
// i32 and one function type of params i32 parameters, and which declares
// decls functions of that type, unnamed. Abbreviations keep it small: 8 KB
// for 16,384 parameters and 2,048 declarations, whose disassembly spells
// the parameter list once per declaration (gigabytes).
func FunctionTypeBitcode(params, decls int) []byte {
	w, mod := NewModule()
	w.paramsTypeTable(params)
	w.abbrevFixedArray(3, 8, 2)
	for range decls {
		w.arrayRecord(3, 4, 2, 2, 0, 1, 0) // FUNCTION: type 2, ccc, a declaration, external
	}
	w.Exit(3, mod)
	return w.B
}

// SharedFunctionType is a vertex shader container (shader model 6.0) whose
// DXIL part holds FunctionTypeBitcode(params, decls).
func SharedFunctionType(params, decls int) []byte {
	return dxilContainer(FunctionTypeBitcode(params, decls))
}

// EntryMetadataBitcode is an LLVM 3.7 module whose only content is DXIL
// metadata: elems signature element nodes (ten null operands each), a list
// naming them, a signatures node naming that list as the inputs, entries
// entry-point nodes naming those signatures, and !dx.entryPoints naming the
// entry points. Read as written, every entry point holds every element: a
// few bytes of bitcode per entry point, elems elements each. With same set,
// one element node is named elems times and one entry-point node entries
// times.
func EntryMetadataBitcode(elems, entries int, same bool) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4) // METADATA_BLOCK
	w.abbrevFixedArray(4, 3, 2)
	// METADATA_NODE records; operands are ids+1 (0: null). The lists are
	// unabbreviated (six-bit VBR operands): their ids outgrow the two bits.
	w.arrayRecord(4, 4, 2, make([]uint64, 10)...) // !0: an element of ten null operands
	list := []uint64{1}
	for i := 1; i < elems; i++ {
		if !same {
			w.arrayRecord(4, 4, 2, make([]uint64, 10)...) // !i
			list = append(list, uint64(i)+1)
		} else {
			list = append(list, 1)
		}
	}
	n := uint64(len(list))
	if same {
		n = 1
	}
	w.Unabbrev(4, 3, list...)   // !n: the element list
	w.Unabbrev(4, 3, n+1, 0, 0) // !n+1: inputs !n; no outputs or patch constants
	var named []uint64          // named nodes list ids, not ids+1
	for i := range entries {
		if same && i > 0 {
			named = append(named, n+2)
			continue
		}
		w.Unabbrev(4, 3, 0, 0, n+2, 0, 0) // an entry point naming !n+1
		named = append(named, n+2+uint64(i))
	}
	w.NamedNode("dx.entryPoints", named...)
	return w.endModule(md, mod)
}

// SharedEntryMetadata is a vertex shader container (shader model 6.0) whose
// DXIL part holds EntryMetadataBitcode(elems, entries, same).
func SharedEntryMetadata(elems, entries int, same bool) []byte {
	return dxilContainer(EntryMetadataBitcode(elems, entries, same))
}

// paramsTypeTable writes a TYPE_BLOCK of three types: void (0), i32 (1)
// and void (i32, …) of params parameters (2).
func (w *Bits) paramsTypeTable(params int) {
	tb := w.Enter(3, 17, 4) // TYPE_BLOCK_ID_NEW
	w.Unabbrev(4, 1, 3)     // NUMENTRY 3
	w.Unabbrev(4, 2)        // 0: void
	w.Unabbrev(4, 7, 32)    // 1: i32
	w.abbrevFixedArray(4, 21, 2)
	ops := []uint64{0, 0} // not vararg, returning void
	for range params {
		ops = append(ops, 1)
	}
	w.arrayRecord(4, 4, 2, ops...) // 2: void (i32, ...)
	w.Exit(4, tb)
}

// SharedIndicesBitcode is an LLVM 3.7 module whose one entry point's input
// signature lists k element nodes, each naming one node of m null operands
// as its semantic indices and as its tag/value properties: a few bytes an
// element, and a reader that reads the node for each element reads k × m
// operands (and keeps k × m indices).
func SharedIndicesBitcode(k, m int) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4) // METADATA_BLOCK
	w.abbrevFixedArray(4, 3, 2)
	w.arrayRecord(4, 4, 2, make([]uint64, m)...) // !0: m nulls
	el := make([]uint64, 11)
	el[4], el[10] = 1, 1 // semantic indices !0, properties !0
	list := make([]uint64, k)
	for i := range k {
		w.arrayRecord(4, 4, 2, el...) // !i+1: an element
		list[i] = uint64(i) + 2
	}
	w.Unabbrev(4, 3, list...)                 // !k+1: the element list
	w.Unabbrev(4, 3, uint64(k)+2, 0, 0)       // !k+2: inputs !k+1
	w.Unabbrev(4, 3, 0, 0, uint64(k)+3, 0, 0) // !k+3: an entry point naming !k+2
	w.NamedNode("dx.entryPoints", uint64(k)+3)
	return w.endModule(md, mod)
}

// SharedIndices is a vertex shader container (shader model 6.0) whose
// DXIL part holds SharedIndicesBitcode(k, m).
func SharedIndices(k, m int) []byte { return dxilContainer(SharedIndicesBitcode(k, m)) }

// NamedNode writes named metadata inside a metadata block of abbreviation
// width 4: the name (METADATA_NAME) and the nodes it names
// (METADATA_NAMED_NODE), as every DXIL module's !dx.* lists are written.
func (w *Bits) NamedNode(name string, nodes ...uint64) {
	w.Unabbrev(4, 4, Chars(name)...)
	w.Unabbrev(4, 10, nodes...)
}
