package d3d9

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// Opcode is the opcode of an SM 1.x-3.0 instruction token
// (D3DSHADER_INSTRUCTION_OPCODE_TYPE, bits 0-15).
type Opcode uint16

// The opcodes, named after their mnemonics (D3DSIO_*).
const (
	OpNop          Opcode = 0
	OpMov          Opcode = 1
	OpAdd          Opcode = 2
	OpSub          Opcode = 3
	OpMad          Opcode = 4
	OpMul          Opcode = 5
	OpRcp          Opcode = 6
	OpRsq          Opcode = 7
	OpDp3          Opcode = 8
	OpDp4          Opcode = 9
	OpMin          Opcode = 10
	OpMax          Opcode = 11
	OpSlt          Opcode = 12
	OpSge          Opcode = 13
	OpExp          Opcode = 14
	OpLog          Opcode = 15
	OpLit          Opcode = 16
	OpDst          Opcode = 17
	OpLrp          Opcode = 18
	OpFrc          Opcode = 19
	OpM4x4         Opcode = 20
	OpM4x3         Opcode = 21
	OpM3x4         Opcode = 22
	OpM3x3         Opcode = 23
	OpM3x2         Opcode = 24
	OpCall         Opcode = 25
	OpCallNZ       Opcode = 26
	OpLoop         Opcode = 27
	OpRet          Opcode = 28
	OpEndLoop      Opcode = 29
	OpLabel        Opcode = 30
	OpDcl          Opcode = 31
	OpPow          Opcode = 32
	OpCrs          Opcode = 33
	OpSgn          Opcode = 34
	OpAbs          Opcode = 35
	OpNrm          Opcode = 36
	OpSinCos       Opcode = 37
	OpRep          Opcode = 38
	OpEndRep       Opcode = 39
	OpIf           Opcode = 40
	OpIfc          Opcode = 41 // if_gt, if_eq, ...
	OpElse         Opcode = 42
	OpEndIf        Opcode = 43
	OpBreak        Opcode = 44
	OpBreakc       Opcode = 45 // break_gt, break_eq, ...
	OpMova         Opcode = 46
	OpDefB         Opcode = 47
	OpDefI         Opcode = 48
	OpTexCoord     Opcode = 64
	OpTexKill      Opcode = 65
	OpTex          Opcode = 66 // tex in ps_1_x, texld (texldp, texldb) from ps_2_0 on
	OpTexBem       Opcode = 67
	OpTexBemL      Opcode = 68
	OpTexReg2AR    Opcode = 69
	OpTexReg2GB    Opcode = 70
	OpTexM3x2Pad   Opcode = 71
	OpTexM3x2Tex   Opcode = 72
	OpTexM3x3Pad   Opcode = 73
	OpTexM3x3Tex   Opcode = 74
	OpTexM3x3Spec  Opcode = 76
	OpTexM3x3VSpec Opcode = 77
	OpExpP         Opcode = 78
	OpLogP         Opcode = 79
	OpCnd          Opcode = 80
	OpDef          Opcode = 81
	OpTexReg2RGB   Opcode = 82
	OpTexDp3Tex    Opcode = 83
	OpTexM3x2Depth Opcode = 84
	OpTexDp3       Opcode = 85
	OpTexM3x3      Opcode = 86
	OpTexDepth     Opcode = 87
	OpCmp          Opcode = 88
	OpBem          Opcode = 89
	OpDp2Add       Opcode = 90
	OpDsx          Opcode = 91
	OpDsy          Opcode = 92
	OpTexLdd       Opcode = 93
	OpSetp         Opcode = 94 // setp_gt, setp_eq, ...
	OpTexLdl       Opcode = 95
	OpBreakp       Opcode = 96
	OpPhase        Opcode = 0xFFFD
	OpComment      Opcode = 0xFFFE
	OpEnd          Opcode = 0xFFFF
)

// opInfo is what the decoder and the listing need of one opcode: its
// mnemonic, how many parameters it takes (for SM 1.x tokens, which carry no
// length), whether the first is a destination, and its instruction-slot cost
// as FXC's "approximately N instruction slots used" line counts it.
type opInfo struct {
	name    string
	params  int
	noDst   bool
	slots   int
	texture bool // counted in the "T texture" part of a pixel shader's slot line
}

// ops is indexed by Opcode (names from the D3D9 assembly reference). The
// slot costs are FXC's where its listings show one: lrp counts one slot
// (Effekseer's vs_4_0_level_9_3 shaders, FXC 9.29: 56 instructions, three
// of them lrp, "approximately 56 instruction slots used").
var ops = map[Opcode]opInfo{
	OpNop: {"nop", 0, true, 1, false}, OpMov: {"mov", 2, false, 1, false}, OpAdd: {"add", 3, false, 1, false},
	OpSub: {"sub", 3, false, 1, false}, OpMad: {"mad", 4, false, 1, false}, OpMul: {"mul", 3, false, 1, false},
	OpRcp: {"rcp", 2, false, 1, false}, OpRsq: {"rsq", 2, false, 1, false}, OpDp3: {"dp3", 3, false, 1, false},
	OpDp4: {"dp4", 3, false, 1, false}, OpMin: {"min", 3, false, 1, false}, OpMax: {"max", 3, false, 1, false},
	OpSlt: {"slt", 3, false, 1, false}, OpSge: {"sge", 3, false, 1, false}, OpExp: {"exp", 2, false, 1, false},
	OpLog: {"log", 2, false, 1, false}, OpLit: {"lit", 2, false, 3, false}, OpDst: {"dst", 3, false, 1, false},
	OpLrp: {"lrp", 4, false, 1, false}, OpFrc: {"frc", 2, false, 1, false}, OpM4x4: {"m4x4", 3, false, 4, false},
	OpM4x3: {"m4x3", 3, false, 3, false}, OpM3x4: {"m3x4", 3, false, 4, false}, OpM3x3: {"m3x3", 3, false, 3, false},
	OpM3x2: {"m3x2", 3, false, 2, false}, OpCall: {"call", 1, true, 2, false}, OpCallNZ: {"callnz", 2, true, 3, false},
	OpLoop: {"loop", 2, true, 3, false}, OpRet: {"ret", 0, true, 1, false}, OpEndLoop: {"endloop", 0, true, 2, false},
	OpLabel: {"label", 1, true, 0, false}, OpDcl: {"dcl", 2, false, 0, false}, OpPow: {"pow", 3, false, 3, false},
	OpCrs: {"crs", 3, false, 2, false}, OpSgn: {"sgn", 4, false, 3, false}, OpAbs: {"abs", 2, false, 1, false},
	OpNrm: {"nrm", 2, false, 3, false}, OpSinCos: {"sincos", 4, false, 8, false}, OpRep: {"rep", 1, true, 3, false},
	OpEndRep: {"endrep", 0, true, 2, false}, OpIf: {"if", 1, true, 3, false}, OpIfc: {"if", 2, true, 3, false},
	OpElse: {"else", 0, true, 1, false}, OpEndIf: {"endif", 0, true, 1, false}, OpBreak: {"break", 0, true, 1, false},
	OpBreakc: {"break", 2, true, 3, false}, OpMova: {"mova", 2, false, 1, false}, OpDefB: {"defb", 2, false, 0, false},
	OpDefI:     {"defi", 5, false, 0, false},
	OpTexCoord: {"texcoord", 1, false, 1, true}, OpTexKill: {"texkill", 1, false, 1, false}, OpTex: {"texld", 3, false, 1, true},
	OpTexBem: {"texbem", 2, false, 1, true}, OpTexBemL: {"texbeml", 2, false, 2, true}, OpTexReg2AR: {"texreg2ar", 2, false, 1, true},
	OpTexReg2GB: {"texreg2gb", 2, false, 1, true}, OpTexM3x2Pad: {"texm3x2pad", 2, false, 1, true}, OpTexM3x2Tex: {"texm3x2tex", 2, false, 1, true},
	OpTexM3x3Pad: {"texm3x3pad", 2, false, 1, true}, OpTexM3x3Tex: {"texm3x3tex", 2, false, 1, true}, OpTexM3x3Spec: {"texm3x3spec", 3, false, 1, true},
	OpTexM3x3VSpec: {"texm3x3vspec", 2, false, 1, true}, OpExpP: {"expp", 2, false, 1, false}, OpLogP: {"logp", 2, false, 1, false},
	OpCnd: {"cnd", 4, false, 1, false}, OpDef: {"def", 5, false, 0, false}, OpTexReg2RGB: {"texreg2rgb", 2, false, 1, true},
	OpTexDp3Tex: {"texdp3tex", 2, false, 1, true}, OpTexM3x2Depth: {"texm3x2depth", 2, false, 1, true}, OpTexDp3: {"texdp3", 2, false, 1, true},
	OpTexM3x3: {"texm3x3", 2, false, 1, true}, OpTexDepth: {"texdepth", 1, false, 1, true}, OpCmp: {"cmp", 4, false, 1, false},
	OpBem: {"bem", 3, false, 2, false}, OpDp2Add: {"dp2add", 4, false, 1, false}, OpDsx: {"dsx", 2, false, 2, false},
	OpDsy: {"dsy", 2, false, 2, false}, OpTexLdd: {"texldd", 5, false, 3, true}, OpSetp: {"setp", 3, false, 1, false},
	OpTexLdl: {"texldl", 3, false, 2, true}, OpBreakp: {"break", 1, true, 3, false},
	OpPhase: {"phase", 0, true, 0, false},
}

// String returns the mnemonic, or D3D9Opcode(n) for opcodes nobody named.
func (o Opcode) String() string {
	switch o {
	case OpComment:
		return "comment"
	case OpEnd:
		return "end"
	}
	if i, ok := ops[o]; ok {
		return i.name
	}
	return fmt.Sprintf("D3D9Opcode(%d)", uint16(o))
}

// MarshalText writes the opcode by name.
func (o Opcode) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Slots is the opcode's instruction-slot cost and whether a pixel shader
// counts it as a texture instruction (D3D9 assembly reference, per instruction).
func (o Opcode) Slots() (n int, texture bool) {
	i, ok := ops[o]
	if !ok {
		return 1, false
	}
	return i.slots, i.texture
}

// RegisterType is the register file of a parameter token (D3DSHADER_PARAM_REGISTER_TYPE).
type RegisterType uint8

// The register files.
const (
	RegTemp      RegisterType = 0
	RegInput     RegisterType = 1
	RegConst     RegisterType = 2
	RegAddr      RegisterType = 3 // a0 in vertex shaders, t# (texture) in pixel shaders
	RegRastOut   RegisterType = 4
	RegAttrOut   RegisterType = 5
	RegTexCrdOut RegisterType = 6
	RegConstInt  RegisterType = 7
	RegColorOut  RegisterType = 8
	RegDepthOut  RegisterType = 9
	RegSampler   RegisterType = 10
	RegConst2    RegisterType = 11
	RegConst3    RegisterType = 12
	RegConst4    RegisterType = 13
	RegConstBool RegisterType = 14
	RegLoop      RegisterType = 15
	RegTempF16   RegisterType = 16
	RegMisc      RegisterType = 17
	RegLabel     RegisterType = 18
	RegPredicate RegisterType = 19
)

var registerTypes = report.Enum{Type: "D3D9RegisterType", Names: []string{
	"TEMP", "INPUT", "CONST", "ADDR", "RASTOUT", "ATTROUT", "TEXCRDOUT", "CONSTINT", "COLOROUT",
	"DEPTHOUT", "SAMPLER", "CONST2", "CONST3", "CONST4", "CONSTBOOL", "LOOP", "TEMPFLOAT16",
	"MISCTYPE", "LABEL", "PREDICATE",
}}

// String returns the D3DSPR_ name without its prefix.
func (t RegisterType) String() string { return report.EnumString(registerTypes, t) }

// MarshalText writes the register type by name.
func (t RegisterType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// regPrefixes are the letters the D3D9 disassembler writes before a
// register's number, for the files spelled the same in every shader.
var regPrefixes = [...]string{
	RegTemp: "r", RegInput: "v", RegConst: "c", RegAttrOut: "oD", RegConstInt: "i",
	RegColorOut: "oC", RegSampler: "s", RegConstBool: "b", RegTempF16: "half",
	RegLabel: "l", RegPredicate: "p",
}

// registerName spells a register as the D3D9 disassembler does.
func registerName(t RegisterType, n uint32, pixel bool, major uint8) string {
	switch t {
	case RegConst2, RegConst3, RegConst4:
		// The constant file continues in banks of 2048: c2048, c4096, c6144.
		return fmt.Sprintf("c%d", n+2048*uint32(t-RegConst2+1))
	case RegAddr:
		if pixel {
			return fmt.Sprintf("t%d", n)
		}
		return fmt.Sprintf("a%d", n)
	case RegRastOut:
		if n < 3 {
			return [...]string{"oPos", "oFog", "oPts"}[n]
		}
		return fmt.Sprintf("oRast%d", n)
	case RegTexCrdOut:
		if major >= 3 {
			return fmt.Sprintf("o%d", n)
		}
		return fmt.Sprintf("oT%d", n)
	case RegDepthOut:
		return "oDepth"
	case RegLoop:
		return "aL"
	case RegMisc:
		if n < 2 {
			return [...]string{"vPos", "vFace"}[n]
		}
		return fmt.Sprintf("vMisc%d", n)
	}
	if int(t) < len(regPrefixes) && regPrefixes[t] != "" {
		return fmt.Sprintf("%s%d", regPrefixes[t], n)
	}
	return fmt.Sprintf("reg%d_%d", uint8(t), n)
}

// Role is what a parameter token is to its instruction.
type Role uint8

// The roles, in the order an instruction's tokens hold them (a predicate is
// the first source of a predicated instruction).
const (
	RoleDcl      Role = iota // dcl's usage (or sampler type) token
	RoleDst                  // the destination register
	RoleSrc                  // a source register (or the predicate)
	RoleImm                  // an immediate of def, defi, defb
	RoleRelative             // the register that indexes another (a0, aL)
)

var roles = report.Enum{Type: "Role", Names: []string{"dcl", "dst", "src", "imm", "rel"}}

// String returns the role's short name: dcl, dst, src, imm, rel.
func (r Role) String() string { return report.EnumString(roles, r) }

// usages names D3DDECLUSAGE values as dcl_ suffixes.
var usages = [...]string{
	"position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
	"binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample",
}

// samplerTypes names D3DSAMPLER_TEXTURE_TYPE values (bits 27-30 of a sampler dcl token).
var samplerTypes = map[uint32]string{2: "2d", 3: "cube", 4: "volume"}

// sourceModifiers are the prefix and suffix of each D3DSPSM_ value.
var sourceModifiers = [...]struct{ pre, post string }{
	{"", ""}, {"-", ""}, {"", "_bias"}, {"-", "_bias"}, {"", "_bx2"}, {"-", "_bx2"},
	{"1-", ""}, {"", "_x2"}, {"-", "_x2"}, {"", "_dz"}, {"", "_dw"}, {"", "_abs"},
	{"-", "_abs"}, {"!", ""},
}

// comparisons are the ifc/breakc/setp comparison suffixes (D3DSHADER_COMPARISON).
var comparisons = [...]string{"", "_gt", "_eq", "_ge", "_lt", "_ne", "_le", ""}
