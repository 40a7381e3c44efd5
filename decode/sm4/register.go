package sm4

import "strconv"

// indexed says whether a register file takes an index (r3, v0, cb0) rather
// than naming one register (vThreadID, oDepth).
func (t OperandType) indexed() bool {
	switch t {
	case OperandTemp, OperandInput, OperandOutput, OperandIndexableTemp, OperandSampler, OperandResource,
		OperandConstantBuffer, OperandImmConstantBuffer, OperandInputControlPoint, OperandOutputControlPoint,
		OperandInputPatchConstant, OperandUAV, OperandThreadGroupSharedMemory, OperandStream:
		return true
	}
	return false
}

// scalar says whether a register file holds one value (no component).
func (t OperandType) scalar() bool {
	switch t {
	case OperandInputPrimitiveID, OperandOutputDepth, OperandOutputCoverageMask, OperandInputForkInstanceID,
		OperandInputJoinInstanceID, OperandInputCoverageMask, OperandInputGSInstanceID, OperandOutputDepthGreaterEqual,
		OperandOutputDepthLessEqual, OperandCycleCounter, OperandOutputStencilRef, OperandInnerCoverage:
		return true
	}
	return false
}

// RegisterName spells one component of a register as FXC's listings do:
// the file's prefix, its index when it takes one, and the component (comp
// 0-3; 4 or more: the register alone), as in the variable locations of a
// debug build ("r3.x", "vThreadID.y", "oDepth").
func RegisterName(t OperandType, index uint32, comp uint8) string {
	s := t.String()
	if t.indexed() {
		s += strconv.FormatUint(uint64(index), 10)
	}
	if !t.scalar() && comp < 4 {
		s += "." + string("xyzw"[comp])
	}
	return s
}
