package hostile

// ViewIDStateBitcode is a module whose !dx.viewIdState is a vertex shader's
// state of inputs inputs and outputs outputs with every input contributing
// to every output: inputs × ⌈outputs/32⌉ words of all ones, about 4.5 bytes
// of bitcode each, each word 32 dependencies. The disassembly's header
// lists them, output by output.
func ViewIDStateBitcode(inputs, outputs int) []byte {
	words := 2 + inputs*((outputs+31)/32)
	w, mod := NewModule()
	w.typeTable(func(next uint64) uint64 {
		w.Unabbrev(4, 11, uint64(words), 1) // 7: [words x i32]
		return next + 1
	})
	data := make([]uint64, words)
	data[0], data[1] = uint64(inputs), uint64(outputs)
	for i := 2; i < words; i++ {
		data[i] = 0xFFFFFFFF
	}
	cb := w.Enter(3, 11, 4)
	w.Unabbrev(4, 1, 7)        // SETTYPE [words x i32]
	w.Unabbrev(4, 22, data...) // DATA: value 0
	w.Unabbrev(4, 1, 1)        // SETTYPE i32
	w.Unabbrev(4, 4, 2)        // value 1: i32 1
	w.Unabbrev(4, 4, 0)        // value 2: i32 0
	w.Unabbrev(4, 4, 12)       // value 3: i32 6
	w.Exit(4, cb)
	md := w.Enter(3, 15, 4)
	w.Unabbrev(4, 2, 7, 0)           // !0 = the state
	w.Unabbrev(4, 3, 1)              // !1 = !{!0}
	w.Unabbrev(4, 2, 1, 1)           // !2 = i32 1
	w.Unabbrev(4, 2, 1, 2)           // !3 = i32 0
	w.Unabbrev(4, 2, 1, 3)           // !4 = i32 6
	w.Unabbrev(4, 3, 3, 4)           // !5 = !{i32 1, i32 0}
	w.Unabbrev(4, 1, Chars("vs")...) // !6 = !"vs"
	w.Unabbrev(4, 3, 7, 5, 4)        // !7 = !{!"vs", i32 6, i32 0}
	w.NamedNode("dx.version", 5)
	w.NamedNode("dx.shaderModel", 7)
	w.NamedNode("dx.viewIdState", 1)
	w.Exit(4, md)
	w.Exit(3, mod)
	return w.B
}

// ViewIDState is ViewIDStateBitcode in a DXIL container.
func ViewIDState(inputs, outputs int) []byte {
	return dxilContainer(ViewIDStateBitcode(inputs, outputs))
}
