package hostile

// ViewIDStateBitcode is a module (VertexModuleBitcode's, DXIL 1.1) whose
// !dx.viewIdState is a vertex shader's state of inputs inputs and outputs
// outputs with every input contributing to every output: inputs ×
// ⌈outputs/32⌉ words of all ones, about 4.5 bytes of bitcode each, each
// word 32 dependencies. The disassembly's header lists them, output by
// output.
func ViewIDStateBitcode(inputs, outputs int) []byte {
	words := make([]uint64, 2+inputs*((outputs+31)/32))
	words[0], words[1] = uint64(inputs), uint64(outputs)
	for i := 2; i < len(words); i++ {
		words[i] = 0xFFFFFFFF
	}
	return vertexModule(words)
}

// ViewIDState is ViewIDStateBitcode in a DXIL container.
func ViewIDState(inputs, outputs int) []byte {
	return dxilContainer(ViewIDStateBitcode(inputs, outputs))
}
