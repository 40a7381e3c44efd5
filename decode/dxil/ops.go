package dxil

import (
	"fmt"
	"sort"
)

//go:generate go run ./internal/gen

// opInfo is one row of the operation table (ops.csv).
type opInfo struct {
	Opcode   uint32
	Name     string
	MinMajor uint8
	MinMinor uint8
	Stages   uint32 // bit 1<<ShaderKind for each kind that may call it; 0: every kind
	Args     string // the argument names after the opcode, comma-separated
}

func lookupOp(op uint32) (opInfo, bool) {
	i := sort.Search(len(opTable), func(i int) bool { return opTable[i].Opcode >= op })
	if i < len(opTable) && opTable[i].Opcode == op {
		return opTable[i], true
	}
	return opInfo{}, false
}

// OpName returns DXC's name of a dx.op opcode ("StoreOutput"), or "DXOp(N)" when DXC defines none.
func OpName(op uint32) string {
	if o, ok := lookupOp(op); ok {
		return o.Name
	}
	return fmt.Sprintf("DXOp(%d)", op)
}

// OpArgNames returns the argument names DXC prints after a dx.op call
// ("outputSigId,rowIndex,colIndex,value"), and whether the opcode is known.
func OpArgNames(op uint32) (string, bool) {
	o, ok := lookupOp(op)
	return o.Args, ok
}

// OpMinShaderModel returns the lowest shader model DXC allows an opcode in
// (6.0 for most), and false when DXC defines no such opcode.
func OpMinShaderModel(op uint32) (major, minor int, ok bool) {
	o, ok := lookupOp(op)
	return int(o.MinMajor), int(o.MinMinor), ok
}
