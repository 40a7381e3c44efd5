package hostile

// SharedTypeNameBitcode is a module whose one named struct type, { i32 }
// with a name of n characters, is named by k pointer types and is the value
// type of k globals: each pointer type and each global a record of four
// bits (an abbreviation of literals), each spelling the name again where
// a summary spells types in full.
func SharedTypeNameBitcode(n, k int) []byte {
	w, mod := NewModule()
	w.typeTable(func(next uint64) uint64 {
		w.abbrevArray(4, 19, 4, 0) // STRUCT_NAME as Char6: abbreviation 4
		w.char6Array(4, 4, n)
		w.Unabbrev(4, 20, 0, 1)         // STRUCT_NAMED { i32 }: type next
		w.abbrevLiterals(4, 8, next, 0) // POINTER to it: abbreviation 5
		for range k {
			w.Emit(5, 4)
		}
		return next + 1 + uint64(k)
	})
	// GLOBALVAR: value type 7 (explicit), not constant, no initializer, external.
	w.abbrevLiterals(3, 7, 7, 2, 0, 0)
	for range k {
		w.Emit(4, 3)
	}
	w.Exit(3, mod)
	return w.B
}

// SharedTypeName is SharedTypeNameBitcode in a DXIL container.
func SharedTypeName(n, k int) []byte { return dxilContainer(SharedTypeNameBitcode(n, k)) }

// SharedEntryFunctionBitcode is a module whose one function, declared
// void (), has a name of n characters, and whose !dx.entryPoints names
// entries entry-point nodes, each naming that function (a node of four bits
// through an abbreviation of literals): a reader that copies the
// function's name into every entry point holds it entries times.
func SharedEntryFunctionBitcode(n, entries int) []byte {
	w, mod := NewModule()
	w.typeTable(nil)
	w.Unabbrev(3, 8, 4, 0, 1, 0) // FUNCTION: void (), a declaration: value 0
	vst := w.Enter(3, 14, 4)
	w.abbrevChar6Name(4, 1)
	w.char6Record(4, 4, 0, n) // the function's name
	w.Exit(4, vst)
	md := w.Enter(3, 15, 4) // METADATA_BLOCK
	w.Unabbrev(4, 2, 6, 0)  // !0: void ()* @aaa…
	w.abbrevLiterals(4, 3, 1, 0, 0, 0, 0)
	named := make([]uint64, entries)
	for i := range entries {
		w.Emit(4, 4) // !i+1: an entry point naming !0
		named[i] = uint64(i) + 1
	}
	w.NamedNode("dx.entryPoints", named...)
	return w.endModule(md, mod)
}

// SharedEntryFunction is SharedEntryFunctionBitcode in a DXIL container.
func SharedEntryFunction(n, entries int) []byte {
	return dxilContainer(SharedEntryFunctionBitcode(n, entries))
}

// SharedPropertiesBitcode is a module whose !dx.entryPoints names entries
// entry-point nodes (four bits each, an abbreviation of literals) that all
// name one properties node of one tag/value pair, whose value is a node of
// 24 nodes of 24 strings of n characters each: a reader that renders the
// value for each entry point renders it entries times.
func SharedPropertiesBitcode(n, entries int) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4) // METADATA_BLOCK
	w.abbrevArray(4, 1, 4, 0)
	w.char6Array(4, 4, n) // !0: the string
	w.abbrevFixedArray(4, 3, 2)
	y := make([]uint64, 24)
	x := make([]uint64, 24)
	for i := range y {
		y[i], x[i] = 1, 2
	}
	w.arrayRecord(4, 5, 2, y...)          // !1 = !{!0, !0, …}
	w.arrayRecord(4, 5, 2, x...)          // !2 = !{!1, !1, …}
	w.Unabbrev(4, 3, 0, 3)                // !3: properties, one pair (tag null: 0) whose value is !2
	w.abbrevLiterals(4, 3, 0, 0, 0, 0, 4) // an entry point naming !3 only: abbreviation 6
	named := make([]uint64, entries)
	for i := range entries {
		w.Emit(6, 4)
		named[i] = uint64(i) + 4
	}
	w.NamedNode("dx.entryPoints", named...)
	return w.endModule(md, mod)
}

// SharedProperties is SharedPropertiesBitcode in a DXIL container.
func SharedProperties(n, entries int) []byte {
	return dxilContainer(SharedPropertiesBitcode(n, entries))
}

// TypedMetadataBitcode is a module whose named metadata !x names one node
// refs times (at most 64 are rendered), that node naming one value as
// metadata 24 times; the value's type is a struct of 4 structs of 16
// pointers to a struct of an n-character name, whose spelling is that name
// 64 times: a render of the named metadata that spells the type per
// reference spells it 1,500 times.
func TypedMetadataBitcode(n, refs int) []byte {
	w, mod := NewModule()
	var top uint64
	w.typeTable(func(next uint64) uint64 {
		w.abbrevArray(4, 19, 4, 0) // STRUCT_NAME as Char6: abbreviation 4
		w.char6Array(4, 4, n)
		w.Unabbrev(4, 20, 0, 1)   // next: %aaa… = { i32 }
		w.Unabbrev(4, 8, next, 0) // next+1: %aaa…*
		s := make([]uint64, 17)   // packed no, 16 pointers
		for i := 1; i < len(s); i++ {
			s[i] = next + 1
		}
		w.Unabbrev(4, 18, s...)                              // next+2: { %aaa…*, … }
		w.Unabbrev(4, 18, 0, next+2, next+2, next+2, next+2) // next+3: four of them
		top = next + 3
		return next + 4
	})
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 2, top, 0) // !0: a value of that type
	ops := make([]uint64, 24)
	for i := range ops {
		ops[i] = 1
	}
	w.Unabbrev(4, 3, ops...) // !1 = !{!0, …}
	named := make([]uint64, refs)
	for i := range named {
		named[i] = 1
	}
	w.NamedNode("x", named...)
	return w.endModule(md, mod)
}

// TypedMetadata is TypedMetadataBitcode in a DXIL container.
func TypedMetadata(n, refs int) []byte { return dxilContainer(TypedMetadataBitcode(n, refs)) }
