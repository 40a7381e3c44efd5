package decode

import "fmt"

// Opcode is a D3D10/11/12 tokenized-program opcode (bits 0-10 of the opcode token).
type Opcode uint32

// The opcodes the decoder treats specially; the rest only need their name.
const (
	OpBreakc              Opcode = 0x03
	OpCase                Opcode = 0x06
	OpContinuec           Opcode = 0x08
	OpDefault             Opcode = 0x0a
	OpDiscard             Opcode = 0x0d
	OpElse                Opcode = 0x12
	OpEndif               Opcode = 0x15
	OpEndloop             Opcode = 0x16
	OpEndswitch           Opcode = 0x17
	OpIf                  Opcode = 0x1f
	OpLoop                Opcode = 0x30
	OpCustomData          Opcode = 0x35
	OpResinfo             Opcode = 0x3d
	OpRetc                Opcode = 0x3f
	OpSwitch              Opcode = 0x4c
	OpDclResource         Opcode = 0x58
	OpDclConstantBuffer   Opcode = 0x59
	OpDclSampler          Opcode = 0x5a
	OpDclIndexRange       Opcode = 0x5b
	OpDclOutputTopology   Opcode = 0x5c
	OpDclInputPrimitive   Opcode = 0x5d
	OpDclMaxOutputVertex  Opcode = 0x5e
	OpDclInput            Opcode = 0x5f
	OpDclInputSGV         Opcode = 0x60
	OpDclInputSIV         Opcode = 0x61
	OpDclInputPS          Opcode = 0x62
	OpDclInputPSSGV       Opcode = 0x63
	OpDclInputPSSIV       Opcode = 0x64
	OpDclOutput           Opcode = 0x65
	OpDclOutputSGV        Opcode = 0x66
	OpDclOutputSIV        Opcode = 0x67
	OpDclTemps            Opcode = 0x68
	OpDclIndexableTemp    Opcode = 0x69
	OpDclGlobalFlags      Opcode = 0x6a
	OpSampleInfo          Opcode = 0x6f
	OpDclStream           Opcode = 0x8f
	OpDclFunctionBody     Opcode = 0x90
	OpDclFunctionTable    Opcode = 0x91
	OpDclInterface        Opcode = 0x92
	OpDclInputCPCount     Opcode = 0x93
	OpDclOutputCPCount    Opcode = 0x94
	OpDclTessDomain       Opcode = 0x95
	OpDclTessPartitioning Opcode = 0x96
	OpDclTessOutputPrim   Opcode = 0x97
	OpDclHSMaxTessFactor  Opcode = 0x98
	OpDclHSForkCount      Opcode = 0x99
	OpDclHSJoinCount      Opcode = 0x9a
	OpDclThreadGroup      Opcode = 0x9b
	OpDclUAVTyped         Opcode = 0x9c
	OpDclUAVRaw           Opcode = 0x9d
	OpDclUAVStructured    Opcode = 0x9e
	OpDclTGSMRaw          Opcode = 0x9f
	OpDclTGSMStructured   Opcode = 0xa0
	OpDclResourceRaw      Opcode = 0xa1
	OpDclResourceStruct   Opcode = 0xa2
	OpFcall               Opcode = 0x78
	OpSync                Opcode = 0xbe
	OpDclGSInstances      Opcode = 0xce
)

// opInfo is what the listing needs to know about one opcode: its FXC
// mnemonic, how many operands it has (-1 for declarations, which are read by
// their own layouts), and how immediates in each source are typed, which
// decides whether FXC prints them as floats, integers or by guessing.
// Names and operand counts follow Microsoft's ShaderBinary.cpp instruction
// table (DirectXShaderCompiler, projects/dxilconv), which agrees with FXC.
type opInfo struct {
	name     string
	operands int
	// src holds one letter per source operand (the last repeats):
	// f float, i int, u uint, d double, x untyped (FXC guesses per component), * resource.
	src string
}

var opTable = map[Opcode]opInfo{
	0x00: {"add", 3, "f"},
	0x01: {"and", 3, "u"},
	0x02: {"break", 0, ""},
	0x03: {"breakc", 1, "u"},
	0x04: {"call", 1, "u"},
	0x05: {"callc", 2, "u"},
	0x06: {"case", 1, "u"},
	0x07: {"continue", 0, ""},
	0x08: {"continuec", 1, "u"},
	0x09: {"cut", 0, ""},
	0x0a: {"default", 0, ""},
	0x0b: {"deriv_rtx", 2, "f"},
	0x0c: {"deriv_rty", 2, "f"},
	0x0d: {"discard", 1, "u"},
	0x0e: {"div", 3, "f"},
	0x0f: {"dp2", 3, "f"},
	0x10: {"dp3", 3, "f"},
	0x11: {"dp4", 3, "f"},
	0x12: {"else", 0, ""},
	0x13: {"emit", 0, ""},
	0x14: {"emit_then_cut", 0, ""},
	0x15: {"endif", 0, ""},
	0x16: {"endloop", 0, ""},
	0x17: {"endswitch", 0, ""},
	0x18: {"eq", 3, "f"},
	0x19: {"exp", 2, "f"},
	0x1a: {"frc", 2, "f"},
	0x1b: {"ftoi", 2, "f"},
	0x1c: {"ftou", 2, "f"},
	0x1d: {"ge", 3, "f"},
	0x1e: {"iadd", 3, "i"},
	0x1f: {"if", 1, "u"},
	0x20: {"ieq", 3, "i"},
	0x21: {"ige", 3, "i"},
	0x22: {"ilt", 3, "i"},
	0x23: {"imad", 4, "i"},
	0x24: {"imax", 3, "i"},
	0x25: {"imin", 3, "i"},
	0x26: {"imul", 4, "i"},
	0x27: {"ine", 3, "i"},
	0x28: {"ineg", 2, "i"},
	0x29: {"ishl", 3, "i"},
	0x2a: {"ishr", 3, "i"},
	0x2b: {"itof", 2, "i"},
	0x2c: {"label", 1, "u"},
	0x2d: {"ld", 3, "i*"},
	0x2e: {"ldms", 4, "i*i"},
	0x2f: {"log", 2, "f"},
	0x30: {"loop", 0, ""},
	0x31: {"lt", 3, "f"},
	0x32: {"mad", 4, "f"},
	0x33: {"min", 3, "f"},
	0x34: {"max", 3, "f"},
	0x35: {"customdata", -1, ""},
	0x36: {"mov", 2, "x"},
	0x37: {"movc", 4, "uxx"},
	0x38: {"mul", 3, "f"},
	0x39: {"ne", 3, "f"},
	0x3a: {"nop", 0, ""},
	0x3b: {"not", 2, "u"},
	0x3c: {"or", 3, "u"},
	0x3d: {"resinfo", 3, "u*"},
	0x3e: {"ret", 0, ""},
	0x3f: {"retc", 1, "u"},
	0x40: {"round_ne", 2, "f"},
	0x41: {"round_ni", 2, "f"},
	0x42: {"round_pi", 2, "f"},
	0x43: {"round_z", 2, "f"},
	0x44: {"rsq", 2, "f"},
	0x45: {"sample", 4, "f**"},
	0x46: {"sample_c", 5, "f**f"},
	0x47: {"sample_c_lz", 5, "f**f"},
	0x48: {"sample_l", 5, "f**f"},
	0x49: {"sample_d", 6, "f**f"},
	0x4a: {"sample_b", 5, "f**f"},
	0x4b: {"sqrt", 2, "f"},
	0x4c: {"switch", 1, "i"},
	0x4d: {"sincos", 3, "f"},
	0x4e: {"udiv", 4, "u"},
	0x4f: {"ult", 3, "u"},
	0x50: {"uge", 3, "u"},
	0x51: {"umul", 4, "u"},
	0x52: {"umad", 4, "u"},
	0x53: {"umax", 3, "u"},
	0x54: {"umin", 3, "u"},
	0x55: {"ushr", 3, "u"},
	0x56: {"utof", 2, "u"},
	0x57: {"xor", 3, "u"},
	0x58: {"dcl_resource", 1, ""},
	0x59: {"dcl_constantbuffer", 1, ""},
	0x5a: {"dcl_sampler", 1, ""},
	0x5b: {"dcl_indexrange", 1, ""},
	0x5c: {"dcl_outputtopology", 0, ""},
	0x5d: {"dcl_inputprimitive", 0, ""},
	0x5e: {"dcl_maxout", 0, ""},
	0x5f: {"dcl_input", 1, ""},
	0x60: {"dcl_input_sgv", 1, ""},
	0x61: {"dcl_input_siv", 1, ""},
	0x62: {"dcl_input_ps", 1, ""},
	0x63: {"dcl_input_ps_sgv", 1, ""},
	0x64: {"dcl_input_ps_siv", 1, ""},
	0x65: {"dcl_output", 1, ""},
	0x66: {"dcl_output_sgv", 1, ""},
	0x67: {"dcl_output_siv", 1, ""},
	0x68: {"dcl_temps", 0, ""},
	0x69: {"dcl_indexableTemp", 0, ""},
	0x6a: {"dcl_globalFlags", 0, ""},
	0x6b: {"jmp", 0, ""},
	0x6c: {"lod", 4, "f**"},
	0x6d: {"gather4", 4, "f**"},
	0x6e: {"samplepos", 3, "*u"},
	0x6f: {"sampleinfo", 2, "*"},
	0x70: {"reserved1", -1, ""},
	0x71: {"hs_decls", 0, ""},
	0x72: {"hs_control_point_phase", 0, ""},
	0x73: {"hs_fork_phase", 0, ""},
	0x74: {"hs_join_phase", 0, ""},
	0x75: {"emit_stream", 1, ""},
	0x76: {"cut_stream", 1, ""},
	0x77: {"emit_then_cut_stream", 1, ""},
	0x78: {"fcall", 1, "u"},
	0x79: {"bufinfo", 2, "*"},
	0x7a: {"deriv_rtx_coarse", 2, "f"},
	0x7b: {"deriv_rtx_fine", 2, "f"},
	0x7c: {"deriv_rty_coarse", 2, "f"},
	0x7d: {"deriv_rty_fine", 2, "f"},
	0x7e: {"gather4_c", 5, "f**f"},
	0x7f: {"gather4_po", 5, "ii**"},
	0x80: {"gather4_po_c", 6, "ii**i"},
	0x81: {"rcp", 2, "f"},
	0x82: {"f32tof16", 2, "f"},
	0x83: {"f16tof32", 2, "u"},
	0x84: {"uaddc", 4, "u"},
	0x85: {"usubb", 4, "u"},
	0x86: {"countbits", 2, "u"},
	0x87: {"firstbit_hi", 2, "u"},
	0x88: {"firstbit_lo", 2, "u"},
	0x89: {"firstbit_shi", 2, "i"},
	0x8a: {"ubfe", 4, "u"},
	0x8b: {"ibfe", 4, "i"},
	0x8c: {"bfi", 5, "u"},
	0x8d: {"bfrev", 2, "u"},
	0x8e: {"swapc", 5, "uxx"},
	0x8f: {"dcl_stream", 1, ""},
	0x90: {"dcl_function_body", 0, ""},
	0x91: {"dcl_function_table", 0, ""},
	0x92: {"dcl_interface", 0, ""},
	0x93: {"dcl_input_control_point_count", 0, ""},
	0x94: {"dcl_output_control_point_count", 0, ""},
	0x95: {"dcl_tessellator_domain", 0, ""},
	0x96: {"dcl_tessellator_partitioning", 0, ""},
	0x97: {"dcl_tessellator_output_primitive", 0, ""},
	0x98: {"dcl_hs_max_tessfactor", 0, ""},
	0x99: {"dcl_hs_fork_phase_instance_count", 0, ""},
	0x9a: {"dcl_hs_join_phase_instance_count", 0, ""},
	0x9b: {"dcl_thread_group", 0, ""},
	0x9c: {"dcl_uav_typed", 1, ""},
	0x9d: {"dcl_uav_raw", 1, ""},
	0x9e: {"dcl_uav_structured", 1, ""},
	0x9f: {"dcl_tgsm_raw", 1, ""},
	0xa0: {"dcl_tgsm_structured", 1, ""},
	0xa1: {"dcl_resource_raw", 1, ""},
	0xa2: {"dcl_resource_structured", 1, ""},
	0xa3: {"ld_uav_typed", 3, "u*"},
	0xa4: {"store_uav_typed", 3, "ux"},
	0xa5: {"ld_raw", 3, "u*"},
	0xa6: {"store_raw", 3, "ux"},
	0xa7: {"ld_structured", 4, "uu*"},
	0xa8: {"store_structured", 4, "uux"},
	0xa9: {"atomic_and", 3, "u"},
	0xaa: {"atomic_or", 3, "u"},
	0xab: {"atomic_xor", 3, "u"},
	0xac: {"atomic_cmp_store", 4, "u"},
	0xad: {"atomic_iadd", 3, "i"},
	0xae: {"atomic_imax", 3, "i"},
	0xaf: {"atomic_imin", 3, "i"},
	0xb0: {"atomic_umax", 3, "u"},
	0xb1: {"atomic_umin", 3, "u"},
	0xb2: {"imm_atomic_alloc", 2, "u"},
	0xb3: {"imm_atomic_consume", 2, "u"},
	0xb4: {"imm_atomic_iadd", 4, "i"},
	0xb5: {"imm_atomic_and", 4, "u"},
	0xb6: {"imm_atomic_or", 4, "u"},
	0xb7: {"imm_atomic_xor", 4, "u"},
	0xb8: {"imm_atomic_exch", 4, "u"},
	0xb9: {"imm_atomic_cmp_exch", 5, "u"},
	0xba: {"imm_atomic_imax", 4, "i"},
	0xbb: {"imm_atomic_imin", 4, "i"},
	0xbc: {"imm_atomic_umax", 4, "u"},
	0xbd: {"imm_atomic_umin", 4, "u"},
	0xbe: {"sync", 0, ""},
	0xbf: {"dadd", 3, "d"},
	0xc0: {"dmax", 3, "d"},
	0xc1: {"dmin", 3, "d"},
	0xc2: {"dmul", 3, "d"},
	0xc3: {"deq", 3, "d"},
	0xc4: {"dge", 3, "d"},
	0xc5: {"dlt", 3, "d"},
	0xc6: {"dne", 3, "d"},
	0xc7: {"dmov", 2, "d"},
	0xc8: {"dmovc", 4, "udd"},
	0xc9: {"dtof", 2, "d"},
	0xca: {"ftod", 2, "f"},
	0xcb: {"eval_snapped", 3, "fi"},
	0xcc: {"eval_sample_index", 3, "fi"},
	0xcd: {"eval_centroid", 2, "f"},
	0xce: {"dcl_gsinstances", 0, ""},
	0xcf: {"abort", 0, ""},
	0xd0: {"debug_break", 0, ""},
	0xd1: {"reserved2", -1, ""},
	0xd2: {"ddiv", 3, "d"},
	0xd3: {"dfma", 4, "d"},
	0xd4: {"drcp", 2, "d"},
	0xd5: {"msad", 4, "u"},
	0xd6: {"dtoi", 2, "d"},
	0xd7: {"dtou", 2, "d"},
	0xd8: {"itod", 2, "i"},
	0xd9: {"utod", 2, "u"},
	0xda: {"reserved3", -1, ""},
	0xdb: {"gather4_s", 5, "f**"},
	0xdc: {"gather4_c_s", 6, "f**f"},
	0xdd: {"gather4_po_s", 6, "ii**"},
	0xde: {"gather4_po_c_s", 7, "ii**i"},
	0xdf: {"ld_s", 4, "i*"},
	0xe0: {"ldms_s", 5, "i*i"},
	0xe1: {"ld_uav_typed_s", 4, "u*"},
	0xe2: {"ld_raw_s", 4, "u*"},
	0xe3: {"ld_structured_s", 5, "uu*"},
	0xe4: {"sample_l_s", 6, "f**f"},
	0xe5: {"sample_c_lz_s", 6, "f**f"},
	0xe6: {"sample_cl_s", 6, "f**f"},
	0xe7: {"sample_b_cl_s", 7, "f**ff"},
	0xe8: {"sample_d_cl_s", 8, "f**fff"},
	0xe9: {"sample_c_cl_s", 7, "f**ff"},
	0xea: {"check_access_fully_mapped", 2, "u"},
}

func (o Opcode) String() string {
	if i, ok := opTable[o]; ok {
		return i.name
	}
	return fmt.Sprintf("Opcode(%d)", uint32(o))
}

// isDeclaration reports opcodes that declare rather than compute (they
// come before the code and FXC does not indent them).
func (o Opcode) isDeclaration() bool {
	return (o >= OpDclResource && o <= OpDclGlobalFlags) || (o >= OpDclStream && o <= OpDclResourceStruct) ||
		o == OpDclGSInstances || o == OpCustomData
}

// ProgramType is the shader stage in the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE).
type ProgramType uint16

var programTypeNames = map[ProgramType]string{0: "ps", 1: "vs", 2: "gs", 3: "hs", 4: "ds", 5: "cs"}

func (p ProgramType) String() string {
	if n, ok := programTypeNames[p]; ok {
		return n
	}
	return fmt.Sprintf("ProgramType(%d)", uint16(p))
}

// OperandType is the register file an operand names (D3D10_SB_OPERAND_TYPE).
type OperandType uint8

// Operand types that the formatter handles specially.
const (
	OperandTemp              OperandType = 0
	OperandInput             OperandType = 1
	OperandOutput            OperandType = 2
	OperandIndexableTemp     OperandType = 3
	OperandImmediate32       OperandType = 4
	OperandImmediate64       OperandType = 5
	OperandSampler           OperandType = 6
	OperandResource          OperandType = 7
	OperandConstantBuffer    OperandType = 8
	OperandImmConstantBuffer OperandType = 9
	OperandLabel             OperandType = 10
	OperandNull              OperandType = 13
	OperandFunctionBody      OperandType = 17
	OperandFunctionTable     OperandType = 18
	OperandInterface         OperandType = 19
	OperandInputCP           OperandType = 25
	OperandOutputCP          OperandType = 26
	OperandPatchConstant     OperandType = 27
	OperandThis              OperandType = 29
	OperandUAV               OperandType = 30
	OperandTGSM              OperandType = 31
)

// operandPrefix is how FXC spells each register file.
var operandPrefix = [...]string{
	0: "r", 1: "v", 2: "o", 3: "x", 4: "l", 5: "d", 6: "s", 7: "t", 8: "cb", 9: "icb", 10: "label",
	11: "vPrim", 12: "oDepth", 13: "null", 14: "rasterizer", 15: "oMask", 16: "m", 17: "fb", 18: "ft",
	19: "fp", 20: "fi", 21: "fo", 22: "vOutputControlPointID", 23: "vForkInstanceID", 24: "vJoinInstanceID",
	25: "vicp", 26: "vocp", 27: "vpc", 28: "vDomain", 29: "this", 30: "u", 31: "g", 32: "vThreadID",
	33: "vThreadGroupID", 34: "vThreadIDInGroup", 35: "vCoverage", 36: "vThreadIDInGroupFlattened",
	37: "vGSInstanceID", 38: "oDepthGE", 39: "oDepthLE", 40: "vCycleCounter", 41: "oStencilRef",
	42: "vInnerCoverage",
}

func (t OperandType) String() string {
	if int(t) < len(operandPrefix) && operandPrefix[t] != "" {
		return operandPrefix[t]
	}
	return fmt.Sprintf("OperandType(%d)", uint8(t))
}

// Name tables for declaration fields, in FXC's spelling.
var (
	resourceDimNames = [...]string{"unknown", "buffer", "texture1d", "texture2d", "texture2dms", "texture3d",
		"texturecube", "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray", "raw_buffer", "structured_buffer"}
	returnTypeNames = [...]string{"", "unorm", "snorm", "sint", "uint", "float", "mixed", "double", "<continued>", "<unused>"}
	interpNames     = [...]string{"", "constant", "linear", "linear centroid", "linear noperspective",
		"linear noperspective centroid", "linear sample", "linear noperspective sample"}
	samplerModeNames = [...]string{"mode_default", "mode_comparison", "mode_mono"}
	sysValueNames    = [...]string{"undefined", "position", "clip_distance", "cull_distance", "rendertarget_array_index",
		"viewport_array_index", "vertex_id", "primitive_id", "instance_id", "is_front_face", "sampleIndex",
		"finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor", "finalQuadUeq1EdgeTessFactor",
		"finalQuadVeq1EdgeTessFactor", "finalQuadUInsideTessFactor", "finalQuadVInsideTessFactor",
		"finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor", "finalTriWeq0EdgeTessFactor",
		"finalTriInsideTessFactor", "finalLineDetailTessFactor", "finalLineDensityTessFactor",
		"barycentrics", "shadingrate", "cullprimitive"}
	globalFlagNames = [...]string{"refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
		"enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
		"enable11_1ShaderExtensions", "allResourcesBound"}
	primitiveNames = map[uint32]string{0: "undefined", 1: "point", 2: "line", 3: "triangle", 6: "lineadj", 7: "triangleadj"}
	topologyNames  = map[uint32]string{0: "undefined", 1: "pointlist", 2: "linelist", 3: "linestrip", 4: "trianglelist",
		5: "trianglestrip", 10: "linelistadj", 11: "linestripadj", 12: "trianglelistadj", 13: "trianglestripadj"}
	tessDomainNames   = [...]string{"domain_undefined", "domain_isoline", "domain_tri", "domain_quad"}
	tessPartNames     = [...]string{"partitioning_undefined", "partitioning_integer", "partitioning_pow2", "partitioning_fractional_odd", "partitioning_fractional_even"}
	tessOutPrimNames  = [...]string{"output_undefined", "output_point", "output_line", "output_triangle_cw", "output_triangle_ccw"}
	minPrecisionNames = map[uint32]string{1: "min16f", 2: "min2_8f", 4: "min16i", 5: "min16u"}
)

// name returns table[i], or a fallback that shows the number.
func name(table []string, i uint32, what string) string {
	if int(i) < len(table) && table[i] != "" {
		return table[i]
	}
	return fmt.Sprintf("%s(%d)", what, i)
}
