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
