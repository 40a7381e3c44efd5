package hostile

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
