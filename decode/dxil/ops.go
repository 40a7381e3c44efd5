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
	Stages   stageSet // the shader kinds that may call it
	Args     string   // the argument names after the opcode, comma-separated
}

// stageSet is a set of shader kinds, by its index in opStageSets.
type stageSet uint8

// allows says whether the set holds kind k (the set 0 holds every kind).
func (s stageSet) allows(k ShaderKind) bool {
	m := opStageSets[s]
	return m == 0 || m&(1<<k) != 0
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

// Released shader model: the highest DXC ships as released
// (DxilShaderModel.h kHighestReleasedMajor/Minor and DxilConstants.h
// kDxilReleasedMinor at DXC 9a3e225: 6.9; 6.10 is the preview).
const (
	releasedMajor = 6
	releasedMinor = 9
)

// OpExperimental says whether an opcode is still experimental: DXC keeps it
// in its experimental table (OpCodeTableID::ExperimentalOps, 0x8000, so the
// opcode is 0x8000xxxx: the SM 6.10 LinAlg, cluster and triangle-position
// operations) or allows it only from a preview shader model. Such an
// operation may be renumbered or change before it is released.
func OpExperimental(op uint32) bool {
	if op>>16 == 0x8000 {
		return true
	}
	o, ok := lookupOp(op)
	return ok && (o.MinMajor > releasedMajor || o.MinMajor == releasedMajor && o.MinMinor > releasedMinor)
}
