package hostile

// LibraryEntriesBitcode is an LLVM 3.7 module whose only content is
// !dx.entryPoints naming entries entry-point nodes, each its own node of
// five null operands (no function, no name, no signatures, resources or
// properties): a few bytes each.
func LibraryEntriesBitcode(entries int) []byte {
	w, mod := NewModule()
	md := w.Enter(3, 15, 4) // METADATA_BLOCK
	var named []uint64
	for i := range entries {
		w.Unabbrev(4, 3, 0, 0, 0, 0, 0) // METADATA_NODE !i: five nulls
		named = append(named, uint64(i))
	}
	w.NamedNode("dx.entryPoints", named...)
	return w.endModule(md, mod)
}

// LibraryEntries is a library container (lib_6_0) whose DXIL part holds
// LibraryEntriesBitcode(entries) and whose RDAT part's FunctionTable holds
// functions records, each named by the empty string (as the entry points'
// null functions are): a reflection that looks for each function's entry
// point by a walk of the entry points does functions × entries steps.
func LibraryEntries(functions, entries int) []byte {
	u32s := func(b []byte, vs ...uint32) []byte {
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return b
	}
	fnTable := u32s(nil, uint32(functions), 44)
	for range functions {
		// Name, UnmangledName: the empty string; no resources or
		// dependencies; a library function (6) needing lib_6_3.
		fnTable = u32s(fnTable, 0, 0, 0xFFFFFFFF, 0xFFFFFFFF, 6, 0, 0, 0, 0, 0x1fff, 6<<16|0x63)
	}
	rdat := RDATPart(RDATTable{1, []byte{0, 0, 0, 0}}, RDATTable{4, fnTable})
	return Container(Part{"DXIL", Program(6, LibraryEntriesBitcode(entries))}, Part{"RDAT", rdat})
}

// LibrarySharedResources is RDATSharedResources(functions, resources)'s RDAT
// beside a library's DXIL part (LibraryEntriesBitcode(0)): reflection
// reports each function's resources as D3D12's does, every function the
// whole list it names.
func LibrarySharedResources(functions, resources int) []byte {
	rdat := PartData(RDATSharedResources(functions, resources), "RDAT")
	return Container(Part{"DXIL", Program(6, LibraryEntriesBitcode(0))}, Part{"RDAT", rdat})
}
