package hostile

// The inputs of this file are LLVM 3.7 modules whose few bytes name one
// thing many times: a function type of many parameters named by many
// function bodies, a long name or string named by many instructions, a
// type table a per-instruction lookup walks. Each is a few bytes a
// reference; a reader or printer that costs the thing once per reference
// costs references × thing.

// abbrevLiterals defines, in a block of abbreviation width width, an
// abbreviation of literals only: the record code and its operands. A
// record through it is its abbreviation id and nothing else.
func (w *Bits) abbrevLiterals(width uint, code uint64, ops ...uint64) {
	w.Emit(defineAbbrev, width)
	w.VBR(uint64(1+len(ops)), 5)
	for _, v := range append([]uint64{code}, ops...) {
		w.Emit(1, 1)
		w.VBR(v, 8)
	}
}

// abbrevChar6Name defines, in a block of abbreviation width width, an
// abbreviation for a symbol-table ENTRY (code code): a VBR6 value id, then
// the name as an array of Char6 characters.
func (w *Bits) abbrevChar6Name(width uint, code uint64) {
	w.Emit(defineAbbrev, width)
	w.VBR(4, 5)
	w.Emit(1, 1)
	w.VBR(code, 8)
	w.Emit(0, 1)
	w.Emit(2, 3) // VBR
	w.VBR(6, 5)
	w.Emit(0, 1)
	w.Emit(3, 3) // an array
	w.Emit(0, 1)
	w.Emit(4, 3) // of Char6
}

// char6Record writes a record through abbrevChar6Name (abbreviation id
// id): the value id and a name of n 'a's.
func (w *Bits) char6Record(width uint, id, value uint64, n int) {
	w.Emit(id, width)
	w.VBR(value, 6)
	w.VBR(uint64(n), 6)
	for range n {
		w.Emit(0, 6) // 'a'
	}
}

// abbrevArray defines an abbreviation for records of code code whose
// operands are an array of enc elements (Fixed or VBR of bits bits, or
// Char6 with bits 0).
func (w *Bits) abbrevArray(width uint, code uint64, enc uint64, bits uint64) {
	w.Emit(defineAbbrev, width)
	w.VBR(3, 5)
	w.Emit(1, 1)
	w.VBR(code, 8)
	w.Emit(0, 1)
	w.Emit(3, 3) // an array
	w.Emit(0, 1)
	w.Emit(enc, 3)
	if enc == 1 || enc == 2 {
		w.VBR(bits, 5)
	}
}

// char6Array writes a record through abbrevArray(…, Char6): n 'a's.
func (w *Bits) char6Array(width uint, id uint64, n int) {
	w.Emit(id, width)
	w.VBR(uint64(n), 6)
	for range n {
		w.Emit(0, 6)
	}
}

// typeTable writes a TYPE_BLOCK of abbreviation width 4: the fixed types
// void (0), i32 (1), i32* (2), void (i32*) (3), void () (4), i8 (5), void ()* (6), then
// extra's records, and returns the next type id.
func (w *Bits) typeTable(extra func(next uint64) uint64) uint64 {
	tb := w.Enter(3, 17, 4)
	w.Unabbrev(4, 2)           // 0: void
	w.Unabbrev(4, 7, 32)       // 1: i32
	w.Unabbrev(4, 8, 1, 0)     // 2: i32*
	w.Unabbrev(4, 21, 0, 0, 2) // 3: void (i32*)
	w.Unabbrev(4, 21, 0, 0)    // 4: void ()
	w.Unabbrev(4, 7, 8)        // 5: i8
	w.Unabbrev(4, 8, 4, 0)     // 6: void ()*
	next := uint64(7)
	if extra != nil {
		next = extra(next)
	}
	w.Exit(4, tb)
	return next
}

// SharedArgumentsBitcode is a module whose one function type of params i32
// parameters is the type of bodies functions, each defined with a body of
// one "ret void": a few bytes a body, params arguments each.
func SharedArgumentsBitcode(params, bodies int) []byte {
	w, mod := NewModule()
	w.paramsTypeTable(params)
	w.abbrevLiterals(3, 8, 2, 0, 0, 0) // FUNCTION: type 2, ccc, with a body, external
	for range bodies {
		w.Emit(4, 3)
	}
	for range bodies {
		w.RetVoidBody(3, 3)
	}
	w.Exit(3, mod)
	return w.B
}

// TypeScanBitcode is a module of types extra i32 types and one function
// void (i32*) whose body is insts cmpxchg instructions on its argument:
// each asks the type table for its result type ({ i32, i1 }) and for i1,
// which it does not hold.
func TypeScanBitcode(types, insts int) []byte {
	w, mod := NewModule()
	w.typeTable(func(next uint64) uint64 {
		w.abbrevLiterals(4, 7, 32)
		for range types {
			w.Emit(4, 4)
		}
		return next + uint64(types)
	})
	w.Unabbrev(3, 8, 3, 0, 0, 0) // FUNCTION: void (i32*), with a body
	fb := w.Enter(3, 12, 4)
	w.Unabbrev(4, 1, 1) // DECLAREBLOCKS 1
	for k := range insts {
		rel := uint64(1 + k) // the argument, value 1; instruction k is value 2+k
		w.Unabbrev(4, 46, rel, rel, rel, 0, 7, 1, 7, 0)
	}
	w.Unabbrev(4, 10) // ret void
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// LongNameBitcode is a module of one function void (i32*) whose argument
// has a name of nameLen characters and whose body stores it through itself
// uses times ("store i32* %aaa…, i32** %aaa…": half a byte each).
func LongNameBitcode(nameLen, uses int) []byte {
	w, mod := NewModule()
	w.typeTable(nil)
	w.Unabbrev(3, 8, 3, 0, 0, 0) // FUNCTION: void (i32*), with a body
	fb := w.Enter(3, 12, 4)
	w.abbrevLiterals(4, 44, 1, 1, 0, 0) // STORE: pointer and value the argument
	w.Unabbrev(4, 1, 1)                 // DECLAREBLOCKS 1
	for range uses {
		w.Emit(4, 4)
	}
	w.Unabbrev(4, 10) // ret void
	vst := w.Enter(4, 14, 4)
	w.abbrevChar6Name(4, 1)
	w.char6Record(4, 4, 1, nameLen) // the argument, value 1
	w.Exit(4, vst)
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// StringConstantBitcode is a module whose globals globals all have as
// initializer one [n x i8] string constant of n characters.
func StringConstantBitcode(n, globals int) []byte {
	w, mod := NewModule()
	w.typeTable(func(next uint64) uint64 {
		w.Unabbrev(4, 11, uint64(n), 5) // 7: [n x i8]
		return next + 1
	})
	// GLOBALVAR: value type 7, constant with an explicit type, the
	// constant after the globals, internal.
	w.abbrevLiterals(3, 7, 7, 3, uint64(globals)+1, 3)
	for range globals {
		w.Emit(4, 3)
	}
	cb := w.Enter(3, 11, 4)
	w.Unabbrev(4, 1, 7) // SETTYPE [n x i8]
	w.abbrevArray(4, 8, 4, 0)
	w.char6Array(4, 4, n) // STRING
	w.Exit(4, cb)
	w.Exit(3, mod)
	return w.B
}

// enterStringMetadata enters a METADATA_BLOCK (abbreviations 4 bits wide)
// whose first node, !0, is a string of n characters (abbreviation 4), and
// defines abbreviation 5, a node of operands 2 bits each; it returns where
// the block's length goes, for Exit.
func (w *Bits) enterStringMetadata(n int) int {
	md := w.Enter(3, 15, 4)
	w.abbrevArray(4, 1, 4, 0)
	w.char6Array(4, 4, n) // !0: the string
	w.abbrevFixedArray(4, 3, 2)
	return md
}

// MDStringBitcode is a module whose named metadata !x names one node of
// refs operands, each the one metadata string of n characters.
func MDStringBitcode(n, refs int) []byte {
	w, mod := NewModule()
	md := w.enterStringMetadata(n)
	w.arrayRecord(4, 5, 2, make1(refs)...) // !1: refs × !0
	w.NamedNode("x", 1)
	return w.endModule(md, mod)
}

func make1(n int) []uint64 {
	v := make([]uint64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}

// AttributeListBitcode is a module whose one attribute list names groups
// attribute groups (that none defines), and whose one function calls a
// declared void () calls times, every call with that list.
func AttributeListBitcode(groups, calls int) []byte {
	w, mod := NewModule()
	w.typeTable(nil)
	pa := w.Enter(3, 9, 4)
	ids := make([]uint64, groups)
	for i := range ids {
		ids[i] = uint64(i + 1)
	}
	w.Unabbrev(4, 2, ids...)
	w.Exit(4, pa)
	w.Unabbrev(3, 8, 4, 0, 1, 0) // FUNCTION: void (), a declaration (value 0)
	w.Unabbrev(3, 8, 4, 0, 0, 0) // FUNCTION: void (), with a body (value 1)
	fb := w.Enter(3, 12, 4)
	w.abbrevLiterals(4, 34, 1, 0, 2) // CALL: attribute list 1, ccc, callee value 0
	w.Unabbrev(4, 1, 1)
	for range calls {
		w.Emit(4, 4)
	}
	w.Unabbrev(4, 10)
	w.Exit(4, fb)
	w.Exit(3, mod)
	return w.B
}

// SharedArguments is a vertex shader container (shader model 6.0) whose
// DXIL part holds SharedArgumentsBitcode(params, bodies).
func SharedArguments(params, bodies int) []byte {
	return dxilContainer(SharedArgumentsBitcode(params, bodies))
}

// TypeScan is a vertex shader container (shader model 6.0) whose DXIL
// part holds TypeScanBitcode(types, insts).
func TypeScan(types, insts int) []byte {
	return dxilContainer(TypeScanBitcode(types, insts))
}

// LongName, StringConstant, MDString and AttributeList are vertex shader
// containers (shader model 6.0) whose DXIL part holds the bitcode of the
// same name.
func LongName(nameLen, uses int) []byte { return dxilContainer(LongNameBitcode(nameLen, uses)) }

// StringConstant: see LongName.
func StringConstant(n, globals int) []byte { return dxilContainer(StringConstantBitcode(n, globals)) }

// MDString: see LongName.
func MDString(n, refs int) []byte { return dxilContainer(MDStringBitcode(n, refs)) }

// AttributeList: see LongName.
func AttributeList(groups, calls int) []byte {
	return dxilContainer(AttributeListBitcode(groups, calls))
}

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
