package sm4

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// Opcode is a D3D10/11/12 tokenized-program opcode (bits 0-10 of the opcode
// token; D3D10_SB_OPCODE_TYPE). The constants are named after FXC's
// mnemonics.
type Opcode uint32

// The opcodes, in their numeric order.
const (
	OpAdd                           Opcode = 0x00 // add
	OpAnd                           Opcode = 0x01 // and
	OpBreak                         Opcode = 0x02 // break
	OpBreakc                        Opcode = 0x03 // breakc
	OpCall                          Opcode = 0x04 // call
	OpCallc                         Opcode = 0x05 // callc
	OpCase                          Opcode = 0x06 // case
	OpContinue                      Opcode = 0x07 // continue
	OpContinuec                     Opcode = 0x08 // continuec
	OpCut                           Opcode = 0x09 // cut
	OpDefault                       Opcode = 0x0a // default
	OpDerivRtx                      Opcode = 0x0b // deriv_rtx
	OpDerivRty                      Opcode = 0x0c // deriv_rty
	OpDiscard                       Opcode = 0x0d // discard
	OpDiv                           Opcode = 0x0e // div
	OpDp2                           Opcode = 0x0f // dp2
	OpDp3                           Opcode = 0x10 // dp3
	OpDp4                           Opcode = 0x11 // dp4
	OpElse                          Opcode = 0x12 // else
	OpEmit                          Opcode = 0x13 // emit
	OpEmitThenCut                   Opcode = 0x14 // emit_then_cut
	OpEndif                         Opcode = 0x15 // endif
	OpEndloop                       Opcode = 0x16 // endloop
	OpEndswitch                     Opcode = 0x17 // endswitch
	OpEq                            Opcode = 0x18 // eq
	OpExp                           Opcode = 0x19 // exp
	OpFrc                           Opcode = 0x1a // frc
	OpFToI                          Opcode = 0x1b // ftoi
	OpFToU                          Opcode = 0x1c // ftou
	OpGe                            Opcode = 0x1d // ge
	OpIadd                          Opcode = 0x1e // iadd
	OpIf                            Opcode = 0x1f // if
	OpIeq                           Opcode = 0x20 // ieq
	OpIge                           Opcode = 0x21 // ige
	OpIlt                           Opcode = 0x22 // ilt
	OpImad                          Opcode = 0x23 // imad
	OpImax                          Opcode = 0x24 // imax
	OpImin                          Opcode = 0x25 // imin
	OpImul                          Opcode = 0x26 // imul
	OpIne                           Opcode = 0x27 // ine
	OpIneg                          Opcode = 0x28 // ineg
	OpIshl                          Opcode = 0x29 // ishl
	OpIshr                          Opcode = 0x2a // ishr
	OpIToF                          Opcode = 0x2b // itof
	OpLabel                         Opcode = 0x2c // label
	OpLd                            Opcode = 0x2d // ld
	OpLdms                          Opcode = 0x2e // ldms
	OpLog                           Opcode = 0x2f // log
	OpLoop                          Opcode = 0x30 // loop
	OpLt                            Opcode = 0x31 // lt
	OpMad                           Opcode = 0x32 // mad
	OpMin                           Opcode = 0x33 // min
	OpMax                           Opcode = 0x34 // max
	OpCustomData                    Opcode = 0x35 // customdata
	OpMov                           Opcode = 0x36 // mov
	OpMovc                          Opcode = 0x37 // movc
	OpMul                           Opcode = 0x38 // mul
	OpNe                            Opcode = 0x39 // ne
	OpNop                           Opcode = 0x3a // nop
	OpNot                           Opcode = 0x3b // not
	OpOr                            Opcode = 0x3c // or
	OpResInfo                       Opcode = 0x3d // resinfo
	OpRet                           Opcode = 0x3e // ret
	OpRetc                          Opcode = 0x3f // retc
	OpRoundNE                       Opcode = 0x40 // round_ne
	OpRoundNI                       Opcode = 0x41 // round_ni
	OpRoundPI                       Opcode = 0x42 // round_pi
	OpRoundZ                        Opcode = 0x43 // round_z
	OpRsq                           Opcode = 0x44 // rsq
	OpSample                        Opcode = 0x45 // sample
	OpSampleC                       Opcode = 0x46 // sample_c
	OpSampleCLz                     Opcode = 0x47 // sample_c_lz
	OpSampleL                       Opcode = 0x48 // sample_l
	OpSampleD                       Opcode = 0x49 // sample_d
	OpSampleB                       Opcode = 0x4a // sample_b
	OpSqrt                          Opcode = 0x4b // sqrt
	OpSwitch                        Opcode = 0x4c // switch
	OpSincos                        Opcode = 0x4d // sincos
	OpUdiv                          Opcode = 0x4e // udiv
	OpUlt                           Opcode = 0x4f // ult
	OpUge                           Opcode = 0x50 // uge
	OpUmul                          Opcode = 0x51 // umul
	OpUmad                          Opcode = 0x52 // umad
	OpUmax                          Opcode = 0x53 // umax
	OpUmin                          Opcode = 0x54 // umin
	OpUshr                          Opcode = 0x55 // ushr
	OpUToF                          Opcode = 0x56 // utof
	OpXor                           Opcode = 0x57 // xor
	OpDclResource                   Opcode = 0x58 // dcl_resource
	OpDclConstantBuffer             Opcode = 0x59 // dcl_constantbuffer
	OpDclSampler                    Opcode = 0x5a // dcl_sampler
	OpDclIndexRange                 Opcode = 0x5b // dcl_indexrange
	OpDclOutputTopology             Opcode = 0x5c // dcl_outputtopology
	OpDclInputPrimitive             Opcode = 0x5d // dcl_inputprimitive
	OpDclMaxOutputVertexCount       Opcode = 0x5e // dcl_maxout
	OpDclInput                      Opcode = 0x5f // dcl_input
	OpDclInputSGV                   Opcode = 0x60 // dcl_input_sgv
	OpDclInputSIV                   Opcode = 0x61 // dcl_input_siv
	OpDclInputPS                    Opcode = 0x62 // dcl_input_ps
	OpDclInputPSSGV                 Opcode = 0x63 // dcl_input_ps_sgv
	OpDclInputPSSIV                 Opcode = 0x64 // dcl_input_ps_siv
	OpDclOutput                     Opcode = 0x65 // dcl_output
	OpDclOutputSGV                  Opcode = 0x66 // dcl_output_sgv
	OpDclOutputSIV                  Opcode = 0x67 // dcl_output_siv
	OpDclTemps                      Opcode = 0x68 // dcl_temps
	OpDclIndexableTemp              Opcode = 0x69 // dcl_indexableTemp
	OpDclGlobalFlags                Opcode = 0x6a // dcl_globalFlags
	OpJmp                           Opcode = 0x6b // jmp
	OpLod                           Opcode = 0x6c // lod
	OpGather4                       Opcode = 0x6d // gather4
	OpSamplePos                     Opcode = 0x6e // samplepos
	OpSampleInfo                    Opcode = 0x6f // sampleinfo
	OpReserved1                     Opcode = 0x70 // reserved1
	OpHSDecls                       Opcode = 0x71 // hs_decls
	OpHSControlPointPhase           Opcode = 0x72 // hs_control_point_phase
	OpHSForkPhase                   Opcode = 0x73 // hs_fork_phase
	OpHSJoinPhase                   Opcode = 0x74 // hs_join_phase
	OpEmitStream                    Opcode = 0x75 // emit_stream
	OpCutStream                     Opcode = 0x76 // cut_stream
	OpEmitThenCutStream             Opcode = 0x77 // emit_then_cut_stream
	OpFcall                         Opcode = 0x78 // fcall
	OpBufInfo                       Opcode = 0x79 // bufinfo
	OpDerivRtxCoarse                Opcode = 0x7a // deriv_rtx_coarse
	OpDerivRtxFine                  Opcode = 0x7b // deriv_rtx_fine
	OpDerivRtyCoarse                Opcode = 0x7c // deriv_rty_coarse
	OpDerivRtyFine                  Opcode = 0x7d // deriv_rty_fine
	OpGather4C                      Opcode = 0x7e // gather4_c
	OpGather4Po                     Opcode = 0x7f // gather4_po
	OpGather4PoC                    Opcode = 0x80 // gather4_po_c
	OpRcp                           Opcode = 0x81 // rcp
	OpF32ToF16                      Opcode = 0x82 // f32tof16
	OpF16ToF32                      Opcode = 0x83 // f16tof32
	OpUaddc                         Opcode = 0x84 // uaddc
	OpUsubb                         Opcode = 0x85 // usubb
	OpCountBits                     Opcode = 0x86 // countbits
	OpFirstBitHi                    Opcode = 0x87 // firstbit_hi
	OpFirstBitLo                    Opcode = 0x88 // firstbit_lo
	OpFirstBitShi                   Opcode = 0x89 // firstbit_shi
	OpUbfe                          Opcode = 0x8a // ubfe
	OpIbfe                          Opcode = 0x8b // ibfe
	OpBfi                           Opcode = 0x8c // bfi
	OpBfrev                         Opcode = 0x8d // bfrev
	OpSwapc                         Opcode = 0x8e // swapc
	OpDclStream                     Opcode = 0x8f // dcl_stream
	OpDclFunctionBody               Opcode = 0x90 // dcl_function_body
	OpDclFunctionTable              Opcode = 0x91 // dcl_function_table
	OpDclInterface                  Opcode = 0x92 // dcl_interface
	OpDclInputControlPointCount     Opcode = 0x93 // dcl_input_control_point_count
	OpDclOutputControlPointCount    Opcode = 0x94 // dcl_output_control_point_count
	OpDclTessellatorDomain          Opcode = 0x95 // dcl_tessellator_domain
	OpDclTessellatorPartitioning    Opcode = 0x96 // dcl_tessellator_partitioning
	OpDclTessellatorOutputPrimitive Opcode = 0x97 // dcl_tessellator_output_primitive
	OpDclHSMaxTessFactor            Opcode = 0x98 // dcl_hs_max_tessfactor
	OpDclHSForkPhaseInstanceCount   Opcode = 0x99 // dcl_hs_fork_phase_instance_count
	OpDclHSJoinPhaseInstanceCount   Opcode = 0x9a // dcl_hs_join_phase_instance_count
	OpDclThreadGroup                Opcode = 0x9b // dcl_thread_group
	OpDclUAVTyped                   Opcode = 0x9c // dcl_uav_typed
	OpDclUAVRaw                     Opcode = 0x9d // dcl_uav_raw
	OpDclUAVStructured              Opcode = 0x9e // dcl_uav_structured
	OpDclTGSMRaw                    Opcode = 0x9f // dcl_tgsm_raw
	OpDclTGSMStructured             Opcode = 0xa0 // dcl_tgsm_structured
	OpDclResourceRaw                Opcode = 0xa1 // dcl_resource_raw
	OpDclResourceStructured         Opcode = 0xa2 // dcl_resource_structured
	OpLdUAVTyped                    Opcode = 0xa3 // ld_uav_typed
	OpStoreUAVTyped                 Opcode = 0xa4 // store_uav_typed
	OpLdRaw                         Opcode = 0xa5 // ld_raw
	OpStoreRaw                      Opcode = 0xa6 // store_raw
	OpLdStructured                  Opcode = 0xa7 // ld_structured
	OpStoreStructured               Opcode = 0xa8 // store_structured
	OpAtomicAnd                     Opcode = 0xa9 // atomic_and
	OpAtomicOr                      Opcode = 0xaa // atomic_or
	OpAtomicXor                     Opcode = 0xab // atomic_xor
	OpAtomicCmpStore                Opcode = 0xac // atomic_cmp_store
	OpAtomicIadd                    Opcode = 0xad // atomic_iadd
	OpAtomicImax                    Opcode = 0xae // atomic_imax
	OpAtomicImin                    Opcode = 0xaf // atomic_imin
	OpAtomicUmax                    Opcode = 0xb0 // atomic_umax
	OpAtomicUmin                    Opcode = 0xb1 // atomic_umin
	OpImmAtomicAlloc                Opcode = 0xb2 // imm_atomic_alloc
	OpImmAtomicConsume              Opcode = 0xb3 // imm_atomic_consume
	OpImmAtomicIadd                 Opcode = 0xb4 // imm_atomic_iadd
	OpImmAtomicAnd                  Opcode = 0xb5 // imm_atomic_and
	OpImmAtomicOr                   Opcode = 0xb6 // imm_atomic_or
	OpImmAtomicXor                  Opcode = 0xb7 // imm_atomic_xor
	OpImmAtomicExch                 Opcode = 0xb8 // imm_atomic_exch
	OpImmAtomicCmpExch              Opcode = 0xb9 // imm_atomic_cmp_exch
	OpImmAtomicImax                 Opcode = 0xba // imm_atomic_imax
	OpImmAtomicImin                 Opcode = 0xbb // imm_atomic_imin
	OpImmAtomicUmax                 Opcode = 0xbc // imm_atomic_umax
	OpImmAtomicUmin                 Opcode = 0xbd // imm_atomic_umin
	OpSync                          Opcode = 0xbe // sync
	OpDadd                          Opcode = 0xbf // dadd
	OpDmax                          Opcode = 0xc0 // dmax
	OpDmin                          Opcode = 0xc1 // dmin
	OpDmul                          Opcode = 0xc2 // dmul
	OpDeq                           Opcode = 0xc3 // deq
	OpDge                           Opcode = 0xc4 // dge
	OpDlt                           Opcode = 0xc5 // dlt
	OpDne                           Opcode = 0xc6 // dne
	OpDmov                          Opcode = 0xc7 // dmov
	OpDmovc                         Opcode = 0xc8 // dmovc
	OpDToF                          Opcode = 0xc9 // dtof
	OpFToD                          Opcode = 0xca // ftod
	OpEvalSnapped                   Opcode = 0xcb // eval_snapped
	OpEvalSampleIndex               Opcode = 0xcc // eval_sample_index
	OpEvalCentroid                  Opcode = 0xcd // eval_centroid
	OpDclGSInstances                Opcode = 0xce // dcl_gsinstances
	OpAbort                         Opcode = 0xcf // abort
	OpDebugBreak                    Opcode = 0xd0 // debug_break
	OpReserved2                     Opcode = 0xd1 // reserved2
	OpDdiv                          Opcode = 0xd2 // ddiv
	OpDfma                          Opcode = 0xd3 // dfma
	OpDrcp                          Opcode = 0xd4 // drcp
	OpMsad                          Opcode = 0xd5 // msad
	OpDToI                          Opcode = 0xd6 // dtoi
	OpDToU                          Opcode = 0xd7 // dtou
	OpIToD                          Opcode = 0xd8 // itod
	OpUToD                          Opcode = 0xd9 // utod
	OpReserved3                     Opcode = 0xda // reserved3
	OpGather4S                      Opcode = 0xdb // gather4_s
	OpGather4CS                     Opcode = 0xdc // gather4_c_s
	OpGather4PoS                    Opcode = 0xdd // gather4_po_s
	OpGather4PoCS                   Opcode = 0xde // gather4_po_c_s
	OpLdS                           Opcode = 0xdf // ld_s
	OpLdmsS                         Opcode = 0xe0 // ldms_s
	OpLdUAVTypedS                   Opcode = 0xe1 // ld_uav_typed_s
	OpLdRawS                        Opcode = 0xe2 // ld_raw_s
	OpLdStructuredS                 Opcode = 0xe3 // ld_structured_s
	OpSampleLS                      Opcode = 0xe4 // sample_l_s
	OpSampleCLzS                    Opcode = 0xe5 // sample_c_lz_s
	OpSampleClS                     Opcode = 0xe6 // sample_cl_s
	OpSampleBClS                    Opcode = 0xe7 // sample_b_cl_s
	OpSampleDClS                    Opcode = 0xe8 // sample_d_cl_s
	OpSampleCClS                    Opcode = 0xe9 // sample_c_cl_s
	OpCheckAccessFullyMapped        Opcode = 0xea // check_access_fully_mapped
)

// opInfo is what decoding and printing need to know about one opcode: its
// FXC mnemonic, how many operands it has (declarations are read by their own
// layouts whatever it says; -1 marks custom data and the reserved opcodes),
// and how immediates in each
// source are typed, which decides whether FXC prints them as floats,
// integers or by guessing. Names and operand counts follow Microsoft's
// ShaderBinary.cpp instruction table (DirectXShaderCompiler,
// projects/dxilconv), which agrees with FXC.
type opInfo struct {
	name     string
	operands int
	// src holds one letter per source operand (the last repeats):
	// f float, i int, u uint, d double, x untyped (FXC guesses per component), * resource.
	src string
}

// opTable is indexed by Opcode; an opcode without a name is unknown.
var opTable = [...]opInfo{
	OpAdd:                           {"add", 3, "f"},
	OpAnd:                           {"and", 3, "u"},
	OpBreak:                         {"break", 0, ""},
	OpBreakc:                        {"breakc", 1, "u"},
	OpCall:                          {"call", 1, "u"},
	OpCallc:                         {"callc", 2, "u"},
	OpCase:                          {"case", 1, "u"},
	OpContinue:                      {"continue", 0, ""},
	OpContinuec:                     {"continuec", 1, "u"},
	OpCut:                           {"cut", 0, ""},
	OpDefault:                       {"default", 0, ""},
	OpDerivRtx:                      {"deriv_rtx", 2, "f"},
	OpDerivRty:                      {"deriv_rty", 2, "f"},
	OpDiscard:                       {"discard", 1, "u"},
	OpDiv:                           {"div", 3, "f"},
	OpDp2:                           {"dp2", 3, "f"},
	OpDp3:                           {"dp3", 3, "f"},
	OpDp4:                           {"dp4", 3, "f"},
	OpElse:                          {"else", 0, ""},
	OpEmit:                          {"emit", 0, ""},
	OpEmitThenCut:                   {"emit_then_cut", 0, ""},
	OpEndif:                         {"endif", 0, ""},
	OpEndloop:                       {"endloop", 0, ""},
	OpEndswitch:                     {"endswitch", 0, ""},
	OpEq:                            {"eq", 3, "f"},
	OpExp:                           {"exp", 2, "f"},
	OpFrc:                           {"frc", 2, "f"},
	OpFToI:                          {"ftoi", 2, "f"},
	OpFToU:                          {"ftou", 2, "f"},
	OpGe:                            {"ge", 3, "f"},
	OpIadd:                          {"iadd", 3, "i"},
	OpIf:                            {"if", 1, "u"},
	OpIeq:                           {"ieq", 3, "i"},
	OpIge:                           {"ige", 3, "i"},
	OpIlt:                           {"ilt", 3, "i"},
	OpImad:                          {"imad", 4, "i"},
	OpImax:                          {"imax", 3, "i"},
	OpImin:                          {"imin", 3, "i"},
	OpImul:                          {"imul", 4, "i"},
	OpIne:                           {"ine", 3, "i"},
	OpIneg:                          {"ineg", 2, "i"},
	OpIshl:                          {"ishl", 3, "i"},
	OpIshr:                          {"ishr", 3, "i"},
	OpIToF:                          {"itof", 2, "i"},
	OpLabel:                         {"label", 1, "u"},
	OpLd:                            {"ld", 3, "i*"},
	OpLdms:                          {"ldms", 4, "i*i"},
	OpLog:                           {"log", 2, "f"},
	OpLoop:                          {"loop", 0, ""},
	OpLt:                            {"lt", 3, "f"},
	OpMad:                           {"mad", 4, "f"},
	OpMin:                           {"min", 3, "f"},
	OpMax:                           {"max", 3, "f"},
	OpCustomData:                    {"customdata", -1, ""},
	OpMov:                           {"mov", 2, "x"},
	OpMovc:                          {"movc", 4, "uxx"},
	OpMul:                           {"mul", 3, "f"},
	OpNe:                            {"ne", 3, "f"},
	OpNop:                           {"nop", 0, ""},
	OpNot:                           {"not", 2, "u"},
	OpOr:                            {"or", 3, "u"},
	OpResInfo:                       {"resinfo", 3, "u*"},
	OpRet:                           {"ret", 0, ""},
	OpRetc:                          {"retc", 1, "u"},
	OpRoundNE:                       {"round_ne", 2, "f"},
	OpRoundNI:                       {"round_ni", 2, "f"},
	OpRoundPI:                       {"round_pi", 2, "f"},
	OpRoundZ:                        {"round_z", 2, "f"},
	OpRsq:                           {"rsq", 2, "f"},
	OpSample:                        {"sample", 4, "f**"},
	OpSampleC:                       {"sample_c", 5, "f**f"},
	OpSampleCLz:                     {"sample_c_lz", 5, "f**f"},
	OpSampleL:                       {"sample_l", 5, "f**f"},
	OpSampleD:                       {"sample_d", 6, "f**f"},
	OpSampleB:                       {"sample_b", 5, "f**f"},
	OpSqrt:                          {"sqrt", 2, "f"},
	OpSwitch:                        {"switch", 1, "i"},
	OpSincos:                        {"sincos", 3, "f"},
	OpUdiv:                          {"udiv", 4, "u"},
	OpUlt:                           {"ult", 3, "u"},
	OpUge:                           {"uge", 3, "u"},
	OpUmul:                          {"umul", 4, "u"},
	OpUmad:                          {"umad", 4, "u"},
	OpUmax:                          {"umax", 3, "u"},
	OpUmin:                          {"umin", 3, "u"},
	OpUshr:                          {"ushr", 3, "u"},
	OpUToF:                          {"utof", 2, "u"},
	OpXor:                           {"xor", 3, "u"},
	OpDclResource:                   {"dcl_resource", 1, ""},
	OpDclConstantBuffer:             {"dcl_constantbuffer", 1, ""},
	OpDclSampler:                    {"dcl_sampler", 1, ""},
	OpDclIndexRange:                 {"dcl_indexrange", 1, ""},
	OpDclOutputTopology:             {"dcl_outputtopology", 0, ""},
	OpDclInputPrimitive:             {"dcl_inputprimitive", 0, ""},
	OpDclMaxOutputVertexCount:       {"dcl_maxout", 0, ""},
	OpDclInput:                      {"dcl_input", 1, ""},
	OpDclInputSGV:                   {"dcl_input_sgv", 1, ""},
	OpDclInputSIV:                   {"dcl_input_siv", 1, ""},
	OpDclInputPS:                    {"dcl_input_ps", 1, ""},
	OpDclInputPSSGV:                 {"dcl_input_ps_sgv", 1, ""},
	OpDclInputPSSIV:                 {"dcl_input_ps_siv", 1, ""},
	OpDclOutput:                     {"dcl_output", 1, ""},
	OpDclOutputSGV:                  {"dcl_output_sgv", 1, ""},
	OpDclOutputSIV:                  {"dcl_output_siv", 1, ""},
	OpDclTemps:                      {"dcl_temps", 0, ""},
	OpDclIndexableTemp:              {"dcl_indexableTemp", 0, ""},
	OpDclGlobalFlags:                {"dcl_globalFlags", 0, ""},
	OpJmp:                           {"jmp", 0, ""},
	OpLod:                           {"lod", 4, "f**"},
	OpGather4:                       {"gather4", 4, "f**"},
	OpSamplePos:                     {"samplepos", 3, "*u"},
	OpSampleInfo:                    {"sampleinfo", 2, "*"},
	OpReserved1:                     {"reserved1", -1, ""},
	OpHSDecls:                       {"hs_decls", 0, ""},
	OpHSControlPointPhase:           {"hs_control_point_phase", 0, ""},
	OpHSForkPhase:                   {"hs_fork_phase", 0, ""},
	OpHSJoinPhase:                   {"hs_join_phase", 0, ""},
	OpEmitStream:                    {"emit_stream", 1, ""},
	OpCutStream:                     {"cut_stream", 1, ""},
	OpEmitThenCutStream:             {"emit_then_cut_stream", 1, ""},
	OpFcall:                         {"fcall", 1, "u"},
	OpBufInfo:                       {"bufinfo", 2, "*"},
	OpDerivRtxCoarse:                {"deriv_rtx_coarse", 2, "f"},
	OpDerivRtxFine:                  {"deriv_rtx_fine", 2, "f"},
	OpDerivRtyCoarse:                {"deriv_rty_coarse", 2, "f"},
	OpDerivRtyFine:                  {"deriv_rty_fine", 2, "f"},
	OpGather4C:                      {"gather4_c", 5, "f**f"},
	OpGather4Po:                     {"gather4_po", 5, "ii**"},
	OpGather4PoC:                    {"gather4_po_c", 6, "ii**i"},
	OpRcp:                           {"rcp", 2, "f"},
	OpF32ToF16:                      {"f32tof16", 2, "f"},
	OpF16ToF32:                      {"f16tof32", 2, "u"},
	OpUaddc:                         {"uaddc", 4, "u"},
	OpUsubb:                         {"usubb", 4, "u"},
	OpCountBits:                     {"countbits", 2, "u"},
	OpFirstBitHi:                    {"firstbit_hi", 2, "u"},
	OpFirstBitLo:                    {"firstbit_lo", 2, "u"},
	OpFirstBitShi:                   {"firstbit_shi", 2, "i"},
	OpUbfe:                          {"ubfe", 4, "u"},
	OpIbfe:                          {"ibfe", 4, "i"},
	OpBfi:                           {"bfi", 5, "u"},
	OpBfrev:                         {"bfrev", 2, "u"},
	OpSwapc:                         {"swapc", 5, "uxx"},
	OpDclStream:                     {"dcl_stream", 1, ""},
	OpDclFunctionBody:               {"dcl_function_body", 0, ""},
	OpDclFunctionTable:              {"dcl_function_table", 0, ""},
	OpDclInterface:                  {"dcl_interface", 0, ""},
	OpDclInputControlPointCount:     {"dcl_input_control_point_count", 0, ""},
	OpDclOutputControlPointCount:    {"dcl_output_control_point_count", 0, ""},
	OpDclTessellatorDomain:          {"dcl_tessellator_domain", 0, ""},
	OpDclTessellatorPartitioning:    {"dcl_tessellator_partitioning", 0, ""},
	OpDclTessellatorOutputPrimitive: {"dcl_tessellator_output_primitive", 0, ""},
	OpDclHSMaxTessFactor:            {"dcl_hs_max_tessfactor", 0, ""},
	OpDclHSForkPhaseInstanceCount:   {"dcl_hs_fork_phase_instance_count", 0, ""},
	OpDclHSJoinPhaseInstanceCount:   {"dcl_hs_join_phase_instance_count", 0, ""},
	OpDclThreadGroup:                {"dcl_thread_group", 0, ""},
	OpDclUAVTyped:                   {"dcl_uav_typed", 1, ""},
	OpDclUAVRaw:                     {"dcl_uav_raw", 1, ""},
	OpDclUAVStructured:              {"dcl_uav_structured", 1, ""},
	OpDclTGSMRaw:                    {"dcl_tgsm_raw", 1, ""},
	OpDclTGSMStructured:             {"dcl_tgsm_structured", 1, ""},
	OpDclResourceRaw:                {"dcl_resource_raw", 1, ""},
	OpDclResourceStructured:         {"dcl_resource_structured", 1, ""},
	OpLdUAVTyped:                    {"ld_uav_typed", 3, "u*"},
	OpStoreUAVTyped:                 {"store_uav_typed", 3, "xx"}, // FXC prints its address untyped too: l(1,1,1,1)
	OpLdRaw:                         {"ld_raw", 3, "u*"},
	OpStoreRaw:                      {"store_raw", 3, "ux"},
	OpLdStructured:                  {"ld_structured", 4, "uu*"},
	OpStoreStructured:               {"store_structured", 4, "uux"},
	OpAtomicAnd:                     {"atomic_and", 3, "u"},
	OpAtomicOr:                      {"atomic_or", 3, "u"},
	OpAtomicXor:                     {"atomic_xor", 3, "u"},
	OpAtomicCmpStore:                {"atomic_cmp_store", 4, "u"},
	OpAtomicIadd:                    {"atomic_iadd", 3, "i"},
	OpAtomicImax:                    {"atomic_imax", 3, "i"},
	OpAtomicImin:                    {"atomic_imin", 3, "i"},
	OpAtomicUmax:                    {"atomic_umax", 3, "u"},
	OpAtomicUmin:                    {"atomic_umin", 3, "u"},
	OpImmAtomicAlloc:                {"imm_atomic_alloc", 2, "u"},
	OpImmAtomicConsume:              {"imm_atomic_consume", 2, "u"},
	OpImmAtomicIadd:                 {"imm_atomic_iadd", 4, "i"},
	OpImmAtomicAnd:                  {"imm_atomic_and", 4, "u"},
	OpImmAtomicOr:                   {"imm_atomic_or", 4, "u"},
	OpImmAtomicXor:                  {"imm_atomic_xor", 4, "u"},
	OpImmAtomicExch:                 {"imm_atomic_exch", 4, "u"},
	OpImmAtomicCmpExch:              {"imm_atomic_cmp_exch", 5, "u"},
	OpImmAtomicImax:                 {"imm_atomic_imax", 4, "i"},
	OpImmAtomicImin:                 {"imm_atomic_imin", 4, "i"},
	OpImmAtomicUmax:                 {"imm_atomic_umax", 4, "u"},
	OpImmAtomicUmin:                 {"imm_atomic_umin", 4, "u"},
	OpSync:                          {"sync", 0, ""},
	OpDadd:                          {"dadd", 3, "d"},
	OpDmax:                          {"dmax", 3, "d"},
	OpDmin:                          {"dmin", 3, "d"},
	OpDmul:                          {"dmul", 3, "d"},
	OpDeq:                           {"deq", 3, "d"},
	OpDge:                           {"dge", 3, "d"},
	OpDlt:                           {"dlt", 3, "d"},
	OpDne:                           {"dne", 3, "d"},
	OpDmov:                          {"dmov", 2, "d"},
	OpDmovc:                         {"dmovc", 4, "udd"},
	OpDToF:                          {"dtof", 2, "d"},
	OpFToD:                          {"ftod", 2, "f"},
	OpEvalSnapped:                   {"eval_snapped", 3, "fi"},
	OpEvalSampleIndex:               {"eval_sample_index", 3, "fi"},
	OpEvalCentroid:                  {"eval_centroid", 2, "f"},
	OpDclGSInstances:                {"dcl_gsinstances", 0, ""},
	OpAbort:                         {"abort", 0, ""},
	OpDebugBreak:                    {"debug_break", 0, ""},
	OpReserved2:                     {"reserved2", -1, ""},
	OpDdiv:                          {"ddiv", 3, "d"},
	OpDfma:                          {"dfma", 4, "d"},
	OpDrcp:                          {"drcp", 2, "d"},
	OpMsad:                          {"msad", 4, "u"},
	OpDToI:                          {"dtoi", 2, "d"},
	OpDToU:                          {"dtou", 2, "d"},
	OpIToD:                          {"itod", 2, "i"},
	OpUToD:                          {"utod", 2, "u"},
	OpReserved3:                     {"reserved3", -1, ""},
	OpGather4S:                      {"gather4_s", 5, "f**"},
	OpGather4CS:                     {"gather4_c_s", 6, "f**f"},
	OpGather4PoS:                    {"gather4_po_s", 6, "ii**"},
	OpGather4PoCS:                   {"gather4_po_c_s", 7, "ii**i"},
	OpLdS:                           {"ld_s", 4, "i*"},
	OpLdmsS:                         {"ldms_s", 5, "i*i"},
	OpLdUAVTypedS:                   {"ld_uav_typed_s", 4, "u*"},
	OpLdRawS:                        {"ld_raw_s", 4, "u*"},
	OpLdStructuredS:                 {"ld_structured_s", 5, "uu*"},
	OpSampleLS:                      {"sample_l_s", 6, "f**f"},
	OpSampleCLzS:                    {"sample_c_lz_s", 6, "f**f"},
	OpSampleClS:                     {"sample_cl_s", 6, "f**f"},
	OpSampleBClS:                    {"sample_b_cl_s", 7, "f**ff"},
	OpSampleDClS:                    {"sample_d_cl_s", 8, "f**fff"},
	OpSampleCClS:                    {"sample_c_cl_s", 7, "f**ff"},
	OpCheckAccessFullyMapped:        {"check_access_fully_mapped", 2, "u"},
}

// String returns FXC's mnemonic, or Opcode(n) for an opcode nobody named.
func (o Opcode) String() string {
	if o.Known() {
		return opTable[o].name
	}
	return fmt.Sprintf("Opcode(%d)", uint32(o))
}

// Known reports whether the opcode is one of the format's.
func (o Opcode) Known() bool { return int(o) < len(opTable) && opTable[o].name != "" }

// IsDeclaration reports opcodes that declare rather than compute (they come
// before the code, and FXC does not indent them). Custom data counts as a
// declaration: its one compiler use is the immediate constant buffer.
func (o Opcode) IsDeclaration() bool {
	return (o >= OpDclResource && o <= OpDclGlobalFlags) || (o >= OpDclStream && o <= OpDclResourceStructured) ||
		o == OpDclGSInstances || o == OpCustomData
}

// Destinations is how many leading operands are destinations (their
// literals, if any, are untyped; FXC's precision notes compare the sources
// with the first of them).
func (o Opcode) Destinations() int {
	switch o {
	case OpBreakc, OpContinuec, OpDiscard, OpIf, OpRetc, OpCase, OpSwitch, OpCall, OpCallc, OpLabel, OpFcall,
		OpEmitStream, OpCutStream, OpEmitThenCutStream:
		return 0
	case OpSincos, OpUdiv, OpUmul, OpUmad, OpUaddc, OpUsubb, OpSwapc,
		OpImmAtomicIadd, OpImmAtomicAnd, OpImmAtomicOr, OpImmAtomicXor, OpImmAtomicExch, OpImmAtomicCmpExch,
		OpImmAtomicImax, OpImmAtomicImin, OpImmAtomicUmax, OpImmAtomicUmin,
		OpGather4S, OpGather4CS, OpGather4PoS, OpGather4PoCS, OpLdS, OpLdmsS, OpLdUAVTypedS, OpLdRawS,
		OpLdStructuredS, OpSampleLS, OpSampleCLzS, OpSampleClS, OpSampleBClS, OpSampleDClS, OpSampleCClS:
		return 2
	}
	return 1
}

// destinationKind is the type letter (as opInfo.src) of the destinations
// of the opcodes whose results differ in type from their first source.
var destinationKind = map[Opcode]byte{
	OpEq: 'u', OpGe: 'u', OpLt: 'u', OpNe: 'u', OpIeq: 'u', OpIge: 'u', OpIlt: 'u', OpIne: 'u', OpUlt: 'u', OpUge: 'u',
	OpDeq: 'u', OpDge: 'u', OpDlt: 'u', OpDne: 'u', OpFToI: 'i', OpFToU: 'u', OpIToF: 'f', OpUToF: 'f', OpF32ToF16: 'u',
	OpF16ToF32: 'f', OpDToF: 'f', OpFToD: 'd', OpDToI: 'i', OpDToU: 'u', OpIToD: 'd', OpUToD: 'd', OpMovc: 'x',
	OpSwapc: 'x', OpDmovc: 'd',
}

// ProgramType is the shader stage in the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE).
type ProgramType uint16

// The program types.
const (
	PixelShader    ProgramType = 0
	VertexShader   ProgramType = 1
	GeometryShader ProgramType = 2
	HullShader     ProgramType = 3
	DomainShader   ProgramType = 4
	ComputeShader  ProgramType = 5
)

var programTypeNames = [...]string{"ps", "vs", "gs", "hs", "ds", "cs"}

// String returns the profile prefix ("ps", "vs", ...), or ProgramType(n).
func (p ProgramType) String() string {
	if p.Known() {
		return programTypeNames[p]
	}
	return fmt.Sprintf("ProgramType(%d)", uint16(p))
}

// Known reports whether the program type is one of the six stages.
func (p ProgramType) Known() bool { return int(p) < len(programTypeNames) }

// OperandType is the register file an operand names (D3D10_SB_OPERAND_TYPE).
type OperandType uint8

// The operand types.
const (
	OperandTemp                     OperandType = 0
	OperandInput                    OperandType = 1
	OperandOutput                   OperandType = 2
	OperandIndexableTemp            OperandType = 3
	OperandImmediate32              OperandType = 4
	OperandImmediate64              OperandType = 5
	OperandSampler                  OperandType = 6
	OperandResource                 OperandType = 7
	OperandConstantBuffer           OperandType = 8
	OperandImmConstantBuffer        OperandType = 9
	OperandLabel                    OperandType = 10
	OperandInputPrimitiveID         OperandType = 11
	OperandOutputDepth              OperandType = 12
	OperandNull                     OperandType = 13
	OperandRasterizer               OperandType = 14
	OperandOutputCoverageMask       OperandType = 15
	OperandStream                   OperandType = 16
	OperandFunctionBody             OperandType = 17
	OperandFunctionTable            OperandType = 18
	OperandInterface                OperandType = 19
	OperandFunctionInput            OperandType = 20
	OperandFunctionOutput           OperandType = 21
	OperandOutputControlPointID     OperandType = 22
	OperandInputForkInstanceID      OperandType = 23
	OperandInputJoinInstanceID      OperandType = 24
	OperandInputControlPoint        OperandType = 25
	OperandOutputControlPoint       OperandType = 26
	OperandInputPatchConstant       OperandType = 27
	OperandInputDomainPoint         OperandType = 28
	OperandThisPointer              OperandType = 29
	OperandUAV                      OperandType = 30
	OperandThreadGroupSharedMemory  OperandType = 31
	OperandInputThreadID            OperandType = 32
	OperandInputThreadGroupID       OperandType = 33
	OperandInputThreadIDInGroup     OperandType = 34
	OperandInputCoverageMask        OperandType = 35
	OperandInputThreadIDInGroupFlat OperandType = 36
	OperandInputGSInstanceID        OperandType = 37
	OperandOutputDepthGreaterEqual  OperandType = 38
	OperandOutputDepthLessEqual     OperandType = 39
	OperandCycleCounter             OperandType = 40
	OperandOutputStencilRef         OperandType = 41
	OperandInnerCoverage            OperandType = 42
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

// String returns the register file's prefix as FXC writes it ("r", "cb",
// "vThreadID"), or OperandType(n).
func (t OperandType) String() string { return report.EnumString(operandTypes, t) }

var operandTypes = report.Enum{Type: "OperandType", Names: operandPrefix[:]}

// SelectionMode says how a four-component operand picks its components
// (D3D10_SB_OPERAND_4_COMPONENT_SELECTION_MODE).
type SelectionMode uint8

// The selection modes; 3 is undefined.
const (
	SelectMask    SelectionMode = 0 // a write mask (destinations)
	SelectSwizzle SelectionMode = 1 // a swizzle (sources)
	SelectOne     SelectionMode = 2 // one component (scalar sources)
)

// IndexRepresentation says how one index of an operand is stored
// (D3D10_SB_OPERAND_INDEX_REPRESENTATION).
type IndexRepresentation uint8

// The index representations; 5-7 are undefined.
const (
	IndexImmediate32         IndexRepresentation = 0
	IndexImmediate64         IndexRepresentation = 1
	IndexRelative            IndexRepresentation = 2
	IndexImmediate32Relative IndexRepresentation = 3 // an immediate plus a register
	IndexImmediate64Relative IndexRepresentation = 4
)

// Modifier is an operand's source modifier (D3D10_SB_OPERAND_MODIFIER).
type Modifier uint8

// The modifiers.
const (
	ModifierNone   Modifier = 0
	ModifierNeg    Modifier = 1
	ModifierAbs    Modifier = 2
	ModifierAbsNeg Modifier = 3
)

// MinPrecision is an operand's minimum precision (D3D11_SB_OPERAND_MIN_PRECISION).
type MinPrecision uint8

// The minimum precisions FXC names.
const (
	PrecisionDefault  MinPrecision = 0
	PrecisionFloat16  MinPrecision = 1
	PrecisionFloat2_8 MinPrecision = 2
	PrecisionSint16   MinPrecision = 4
	PrecisionUint16   MinPrecision = 5
)

var minPrecisionNames = [...]string{1: "min16f", 2: "min2_8f", 4: "min16i", 5: "min16u"}

// note is the precision as FXC's operand notes spell it ("min16f"), "" for
// the default and for values nobody named.
func (p MinPrecision) note() string {
	if int(p) < len(minPrecisionNames) {
		return minPrecisionNames[p]
	}
	return ""
}

// String returns FXC's name ("min16f"), or MinPrecision(n).
func (p MinPrecision) String() string {
	if p == PrecisionDefault {
		return "default"
	}
	return report.EnumString(minPrecisions, p)
}

var minPrecisions = report.Enum{Type: "MinPrecision", Names: minPrecisionNames[:]}

// ExtendedTokens says which extended opcode tokens an instruction carries
// (D3D10_SB_EXTENDED_OPCODE_TYPE, one bit each).
type ExtendedTokens uint8

// The extended opcode tokens the decoder reads.
const (
	HasSampleControls ExtendedTokens = 1 << iota // texel offsets: _aoffimmi(u,v,w)
	HasResourceDim                               // resource dimension (and stride): _indexable(texture2d)
	HasReturnType                                // per-component return types: (float,float,float,float)
)

// ResourceDimension is a resource's dimension (D3D10_SB_RESOURCE_DIMENSION),
// named as FXC prints it.
type ResourceDimension uint8

// The resource dimensions whose spelling the printer tests.
const (
	DimBuffer           ResourceDimension = 1
	DimTexture2DMS      ResourceDimension = 4
	DimTexture2DMSArray ResourceDimension = 9
	DimStructuredBuffer ResourceDimension = 12
)

var resourceDimensions = report.Enum{Type: "dimension", Names: []string{"unknown", "buffer", "texture1d", "texture2d",
	"texture2dms", "texture3d", "texturecube", "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray",
	"raw_buffer", "structured_buffer"}}

// String returns FXC's spelling ("texture2d"), or dimension(n).
func (d ResourceDimension) String() string { return report.EnumString(resourceDimensions, d) }

// ReturnType is the type one component of a resource returns
// (D3D10_SB_RESOURCE_RETURN_TYPE), named as FXC prints it.
type ReturnType uint8

var returnTypes = report.Enum{Type: "type", Names: []string{"", "unorm", "snorm", "sint", "uint", "float", "mixed",
	"double", "<continued>", "<unused>"}}

// String returns FXC's spelling ("float"), or type(n).
func (t ReturnType) String() string { return report.EnumString(returnTypes, t) }

// returnTypeList prints four return types as FXC does: (float,float,float,float).
func returnTypeList(t [4]ReturnType) string {
	var s [4]string
	for i := range s {
		s[i] = t[i].String()
	}
	return "(" + strings.Join(s[:], ",") + ")"
}

// Interpolation is a pixel-shader input's interpolation mode
// (D3D10_SB_INTERPOLATION_MODE), named as FXC prints it.
type Interpolation uint8

var interpolations = report.Enum{Type: "interpolation", Names: []string{"", "constant", "linear", "linear centroid",
	"linear noperspective", "linear noperspective centroid", "linear sample", "linear noperspective sample"}}

// String returns FXC's spelling ("linear centroid"), or interpolation(n).
func (m Interpolation) String() string { return report.EnumString(interpolations, m) }

// SamplerMode is a sampler declaration's mode (D3D10_SB_SAMPLER_MODE).
type SamplerMode uint8

var samplerModes = report.Enum{Type: "mode", Names: []string{"mode_default", "mode_comparison", "mode_mono"}}

// String returns FXC's spelling ("mode_default"), or mode(n).
func (m SamplerMode) String() string { return report.EnumString(samplerModes, m) }

// SystemValue is the system value of an input or output declaration
// (D3D10_SB_NAME), named as FXC prints it.
type SystemValue uint32

var systemValues = report.Enum{Type: "sysvalue", Names: []string{"undefined", "position", "clip_distance",
	"cull_distance", "rendertarget_array_index", "viewport_array_index", "vertex_id", "primitive_id", "instance_id",
	"is_front_face", "sampleIndex", "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
	"finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor", "finalQuadUInsideTessFactor",
	"finalQuadVInsideTessFactor", "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
	"finalTriWeq0EdgeTessFactor", "finalTriInsideTessFactor", "finalLineDetailTessFactor",
	"finalLineDensityTessFactor", "barycentrics", "shadingrate", "cullprimitive"}}

// String returns FXC's spelling ("position"), or sysvalue(n).
func (v SystemValue) String() string { return report.EnumString(systemValues, v) }

// GlobalFlags are the flags of dcl_globalFlags (D3D10_SB_GLOBAL_FLAGS, bits
// 11 and up of the opcode token, shifted down).
type GlobalFlags uint32

var globalFlagNames = [...]string{"refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
	"enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
	"enable11_1ShaderExtensions", "allResourcesBound"}

// String returns the flags as FXC lists them, joined by " | "; bits nobody
// named print as unknown(0x...) in the opcode token's positions.
func (f GlobalFlags) String() string {
	var names []string
	for i, n := range globalFlagNames {
		if f&(1<<uint(i)) != 0 {
			names = append(names, n)
		}
	}
	if rest := f &^ (1<<uint(len(globalFlagNames)) - 1); rest != 0 {
		names = append(names, fmt.Sprintf("unknown(0x%x)", uint32(rest)<<11))
	}
	return strings.Join(names, " | ")
}

// UAVFlags are the flags of a UAV declaration (bits 16, 17 and 23 of the
// opcode token): globally coherent, rasterizer ordered, and the SM 6 (and
// later) counter-free "opc" bit FXC lists as _opc.
type UAVFlags uint8

// The UAV flags.
const (
	UAVGloballyCoherent  UAVFlags = 1 << iota // _glc
	UAVRasterizerOrdered                      // _rov
	UAVOpc                                    // _opc
)

// String returns the suffixes FXC appends to the declaration ("_glc_rov").
func (f UAVFlags) String() string {
	s := ""
	if f&UAVGloballyCoherent != 0 {
		s += "_glc"
	}
	if f&UAVRasterizerOrdered != 0 {
		s += "_rov"
	}
	if f&UAVOpc != 0 {
		s += "_opc"
	}
	return s
}

// Primitive is a geometry or hull shader's input primitive
// (D3D10_SB_PRIMITIVE); 8-39 are patches of 1-32 control points.
type Primitive uint8

var primitives = report.Enum{Type: "primitive", Names: []string{0: "undefined", 1: "point", 2: "line", 3: "triangle",
	6: "lineadj", 7: "triangleadj"}}

// String returns FXC's spelling ("triangle", "patch3"), or primitive(n).
func (p Primitive) String() string {
	if p >= 8 && p <= 39 {
		return fmt.Sprintf("patch%d", p-7)
	}
	return report.EnumString(primitives, p)
}

// Topology is a geometry shader's output topology (D3D10_SB_PRIMITIVE_TOPOLOGY).
type Topology uint8

var topologies = report.Enum{Type: "topology", Names: []string{0: "undefined", 1: "pointlist", 2: "linelist",
	3: "linestrip", 4: "trianglelist", 5: "trianglestrip", 10: "linelistadj", 11: "linestripadj",
	12: "trianglelistadj", 13: "trianglestripadj"}}

// String returns FXC's spelling ("trianglestrip"), or topology(n).
func (t Topology) String() string { return report.EnumString(topologies, t) }

// TessellatorDomain is a hull or domain shader's domain (D3D11_SB_TESSELLATOR_DOMAIN).
type TessellatorDomain uint8

var tessDomains = report.Enum{Type: "domain", Names: []string{"domain_undefined", "domain_isoline", "domain_tri", "domain_quad"}}

// String returns FXC's spelling ("domain_tri"), or domain(n).
func (d TessellatorDomain) String() string { return report.EnumString(tessDomains, d) }

// TessellatorPartitioning is a hull shader's partitioning (D3D11_SB_TESSELLATOR_PARTITIONING).
type TessellatorPartitioning uint8

var tessPartitionings = report.Enum{Type: "partitioning", Names: []string{"partitioning_undefined",
	"partitioning_integer", "partitioning_pow2", "partitioning_fractional_odd", "partitioning_fractional_even"}}

// String returns FXC's spelling ("partitioning_integer"), or partitioning(n).
func (p TessellatorPartitioning) String() string { return report.EnumString(tessPartitionings, p) }

// TessellatorOutputPrimitive is a hull shader's output primitive
// (D3D11_SB_TESSELLATOR_OUTPUT_PRIMITIVE).
type TessellatorOutputPrimitive uint8

var tessOutputPrimitives = report.Enum{Type: "primitive", Names: []string{"output_undefined", "output_point",
	"output_line", "output_triangle_cw", "output_triangle_ccw"}}

// String returns FXC's spelling ("output_triangle_cw"), or primitive(n).
func (p TessellatorOutputPrimitive) String() string {
	return report.EnumString(tessOutputPrimitives, p)
}

// CustomDataClass is the class of a custom-data block (D3D10_SB_CUSTOMDATA_CLASS).
type CustomDataClass uint32

// The custom-data classes.
const (
	CustomComment                   CustomDataClass = 0
	CustomDebugInfo                 CustomDataClass = 1
	CustomOpaque                    CustomDataClass = 2
	CustomImmediateConstantBuffer   CustomDataClass = 3
	CustomShaderMessage             CustomDataClass = 4
	CustomClipPlaneConstantMappings CustomDataClass = 5
)

var customDataClasses = report.Enum{Type: "CustomDataClass", Names: []string{"comment", "debuginfo", "opaque",
	"immediateConstantBuffer", "shaderMessage", "clipPlaneConstantMappingsForDx9"}}

// String names the class, or CustomDataClass(n).
func (c CustomDataClass) String() string { return report.EnumString(customDataClasses, c) }

// SyncFlags are the flags of sync (D3D11_SB_SYNC_FLAGS, bits 11-14 of the opcode token).
type SyncFlags uint8

// The sync flags.
const (
	SyncThreadsInGroup    SyncFlags = 1 // _t
	SyncGroupSharedMemory SyncFlags = 2 // _g
	SyncUAVMemoryGroup    SyncFlags = 4 // _ugroup
	SyncUAVMemoryGlobal   SyncFlags = 8 // _uglobal
)

// ResInfoReturnType is how resinfo returns its values (D3D10_SB_RESINFO_INSTRUCTION_RETURN_TYPE).
type ResInfoReturnType uint8

// The resinfo return types.
const (
	ResInfoFloat    ResInfoReturnType = 0
	ResInfoRcpFloat ResInfoReturnType = 1 // _rcpFloat
	ResInfoUint     ResInfoReturnType = 2 // _uint
)
