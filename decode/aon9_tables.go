package decode

import "fmt"

// D3D9Opcode is the opcode of an SM 1.x-3.0 instruction token (D3DSHADER_INSTRUCTION_OPCODE_TYPE).
type D3D9Opcode uint16

// The opcodes the listing code looks at by value.
const (
	D3D9OpNop     D3D9Opcode = 0
	D3D9OpDcl     D3D9Opcode = 31
	D3D9OpTex     D3D9Opcode = 66 // texld from ps_2_0 on
	D3D9OpDef     D3D9Opcode = 81
	D3D9OpDefB    D3D9Opcode = 47
	D3D9OpDefI    D3D9Opcode = 48
	D3D9OpIfc     D3D9Opcode = 41
	D3D9OpBreakc  D3D9Opcode = 45
	D3D9OpSetp    D3D9Opcode = 94
	D3D9OpComment D3D9Opcode = 0xFFFE
	D3D9OpEnd     D3D9Opcode = 0xFFFF
)

// d3d9OpInfo is what the decoder and the listing need of one opcode: its
// mnemonic, how many parameters it takes (for SM 1.x tokens, which carry no
// length), whether the first is a destination, and its instruction-slot cost
// as FXC's "approximately N instruction slots used" line counts it.
type d3d9OpInfo struct {
	name    string
	params  int
	noDst   bool
	slots   int
	texture bool // counted in the "T texture" part of a pixel shader's slot line
}

// d3d9Ops is indexed by D3D9Opcode (names from the D3D9 assembly reference).
var d3d9Ops = map[D3D9Opcode]d3d9OpInfo{
	0: {"nop", 0, true, 1, false}, 1: {"mov", 2, false, 1, false}, 2: {"add", 3, false, 1, false},
	3: {"sub", 3, false, 1, false}, 4: {"mad", 4, false, 1, false}, 5: {"mul", 3, false, 1, false},
	6: {"rcp", 2, false, 1, false}, 7: {"rsq", 2, false, 1, false}, 8: {"dp3", 3, false, 1, false},
	9: {"dp4", 3, false, 1, false}, 10: {"min", 3, false, 1, false}, 11: {"max", 3, false, 1, false},
	12: {"slt", 3, false, 1, false}, 13: {"sge", 3, false, 1, false}, 14: {"exp", 2, false, 1, false},
	15: {"log", 2, false, 1, false}, 16: {"lit", 2, false, 3, false}, 17: {"dst", 3, false, 1, false},
	18: {"lrp", 4, false, 2, false}, 19: {"frc", 2, false, 1, false}, 20: {"m4x4", 3, false, 4, false},
	21: {"m4x3", 3, false, 3, false}, 22: {"m3x4", 3, false, 4, false}, 23: {"m3x3", 3, false, 3, false},
	24: {"m3x2", 3, false, 2, false}, 25: {"call", 1, true, 2, false}, 26: {"callnz", 2, true, 3, false},
	27: {"loop", 2, true, 3, false}, 28: {"ret", 0, true, 1, false}, 29: {"endloop", 0, true, 2, false},
	30: {"label", 1, true, 0, false}, 31: {"dcl", 2, false, 0, false}, 32: {"pow", 3, false, 3, false},
	33: {"crs", 3, false, 2, false}, 34: {"sgn", 4, false, 3, false}, 35: {"abs", 2, false, 1, false},
	36: {"nrm", 2, false, 3, false}, 37: {"sincos", 4, false, 8, false}, 38: {"rep", 1, true, 3, false},
	39: {"endrep", 0, true, 2, false}, 40: {"if", 1, true, 3, false}, 41: {"if", 2, true, 3, false},
	42: {"else", 0, true, 1, false}, 43: {"endif", 0, true, 1, false}, 44: {"break", 0, true, 1, false},
	45: {"break", 2, true, 3, false}, 46: {"mova", 2, false, 1, false}, 47: {"defb", 2, false, 0, false},
	48: {"defi", 5, false, 0, false},
	64: {"texcoord", 1, false, 1, true}, 65: {"texkill", 1, false, 1, false}, 66: {"texld", 3, false, 1, true},
	67: {"texbem", 2, false, 1, true}, 68: {"texbeml", 2, false, 2, true}, 69: {"texreg2ar", 2, false, 1, true},
	70: {"texreg2gb", 2, false, 1, true}, 71: {"texm3x2pad", 2, false, 1, true}, 72: {"texm3x2tex", 2, false, 1, true},
	73: {"texm3x3pad", 2, false, 1, true}, 74: {"texm3x3tex", 2, false, 1, true}, 76: {"texm3x3spec", 3, false, 1, true},
	77: {"texm3x3vspec", 2, false, 1, true}, 78: {"expp", 2, false, 1, false}, 79: {"logp", 2, false, 1, false},
	80: {"cnd", 4, false, 1, false}, 81: {"def", 5, false, 0, false}, 82: {"texreg2rgb", 2, false, 1, true},
	83: {"texdp3tex", 2, false, 1, true}, 84: {"texm3x2depth", 2, false, 1, true}, 85: {"texdp3", 2, false, 1, true},
	86: {"texm3x3", 2, false, 1, true}, 87: {"texdepth", 1, false, 1, true}, 88: {"cmp", 4, false, 1, false},
	89: {"bem", 3, false, 2, false}, 90: {"dp2add", 4, false, 1, false}, 91: {"dsx", 2, false, 2, false},
	92: {"dsy", 2, false, 2, false}, 93: {"texldd", 5, false, 3, true}, 94: {"setp", 3, false, 1, false},
	95: {"texldl", 3, false, 2, true}, 96: {"break", 1, true, 3, false},
	0xFFFD: {"phase", 0, true, 0, false},
}

// String returns the mnemonic, or D3D9Opcode(n) for opcodes nobody named.
func (o D3D9Opcode) String() string {
	switch o {
	case D3D9OpComment:
		return "comment"
	case D3D9OpEnd:
		return "end"
	}
	if i, ok := d3d9Ops[o]; ok {
		return i.name
	}
	return fmt.Sprintf("D3D9Opcode(%d)", uint16(o))
}

// MarshalText writes the opcode by name.
func (o D3D9Opcode) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Slots is the opcode's instruction-slot cost and whether a pixel shader
// counts it as a texture instruction (D3D9 assembly reference, per instruction).
func (o D3D9Opcode) Slots() (n int, texture bool) {
	i, ok := d3d9Ops[o]
	if !ok {
		return 1, false
	}
	return i.slots, i.texture
}

// D3D9RegisterType is the register file of a parameter token (D3DSHADER_PARAM_REGISTER_TYPE).
type D3D9RegisterType uint8

// Register files whose spelling depends on the shader type or number.
const (
	D3D9RegTemp      D3D9RegisterType = 0
	D3D9RegInput     D3D9RegisterType = 1
	D3D9RegConst     D3D9RegisterType = 2
	D3D9RegAddr      D3D9RegisterType = 3 // a0 in vertex shaders, t# (texture) in pixel shaders
	D3D9RegRastOut   D3D9RegisterType = 4
	D3D9RegAttrOut   D3D9RegisterType = 5
	D3D9RegTexCrdOut D3D9RegisterType = 6
	D3D9RegConstInt  D3D9RegisterType = 7
	D3D9RegColorOut  D3D9RegisterType = 8
	D3D9RegDepthOut  D3D9RegisterType = 9
	D3D9RegSampler   D3D9RegisterType = 10
	D3D9RegConst2    D3D9RegisterType = 11
	D3D9RegConst3    D3D9RegisterType = 12
	D3D9RegConst4    D3D9RegisterType = 13
	D3D9RegConstBool D3D9RegisterType = 14
	D3D9RegLoop      D3D9RegisterType = 15
	D3D9RegTempF16   D3D9RegisterType = 16
	D3D9RegMisc      D3D9RegisterType = 17
	D3D9RegLabel     D3D9RegisterType = 18
	D3D9RegPredicate D3D9RegisterType = 19
)

var d3d9RegNames = [...]string{
	"TEMP", "INPUT", "CONST", "ADDR", "RASTOUT", "ATTROUT", "TEXCRDOUT", "CONSTINT", "COLOROUT",
	"DEPTHOUT", "SAMPLER", "CONST2", "CONST3", "CONST4", "CONSTBOOL", "LOOP", "TEMPFLOAT16",
	"MISCTYPE", "LABEL", "PREDICATE",
}

// String returns the D3DSPR_ name without its prefix.
func (t D3D9RegisterType) String() string {
	if int(t) < len(d3d9RegNames) {
		return d3d9RegNames[t]
	}
	return fmt.Sprintf("D3D9RegisterType(%d)", uint8(t))
}

// MarshalText writes the register type by name.
func (t D3D9RegisterType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// d3d9RegPrefixes are the letters the D3D9 disassembler writes before a
// register's number, for the files spelled the same in every shader.
var d3d9RegPrefixes = [...]string{
	D3D9RegTemp: "r", D3D9RegInput: "v", D3D9RegConst: "c", D3D9RegAttrOut: "oD", D3D9RegConstInt: "i",
	D3D9RegColorOut: "oC", D3D9RegSampler: "s", D3D9RegConstBool: "b", D3D9RegTempF16: "half",
	D3D9RegLabel: "l", D3D9RegPredicate: "p",
}

// d3d9RegText spells a register as the D3D9 disassembler does.
func d3d9RegText(t D3D9RegisterType, n uint32, pixel bool, major uint8) string {
	switch t {
	case D3D9RegConst2, D3D9RegConst3, D3D9RegConst4:
		// The constant file continues in banks of 2048: c2048, c4096, c6144.
		return fmt.Sprintf("c%d", n+2048*uint32(t-D3D9RegConst2+1))
	case D3D9RegAddr:
		if pixel {
			return fmt.Sprintf("t%d", n)
		}
		return fmt.Sprintf("a%d", n)
	case D3D9RegRastOut:
		if n < 3 {
			return [...]string{"oPos", "oFog", "oPts"}[n]
		}
		return fmt.Sprintf("oRast%d", n)
	case D3D9RegTexCrdOut:
		if major >= 3 {
			return fmt.Sprintf("o%d", n)
		}
		return fmt.Sprintf("oT%d", n)
	case D3D9RegDepthOut:
		return "oDepth"
	case D3D9RegLoop:
		return "aL"
	case D3D9RegMisc:
		if n < 2 {
			return [...]string{"vPos", "vFace"}[n]
		}
		return fmt.Sprintf("vMisc%d", n)
	}
	if int(t) < len(d3d9RegPrefixes) && d3d9RegPrefixes[t] != "" {
		return fmt.Sprintf("%s%d", d3d9RegPrefixes[t], n)
	}
	return fmt.Sprintf("reg%d_%d", uint8(t), n)
}

// d3d9Usages names D3DDECLUSAGE values as dcl_ suffixes.
var d3d9Usages = [...]string{
	"position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
	"binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample",
}

// d3d9SamplerTypes names D3DSAMPLER_TEXTURE_TYPE values (bits 27-30 of a sampler dcl token).
var d3d9SamplerTypes = map[uint32]string{2: "2d", 3: "cube", 4: "volume"}

// d3d9SourceModifiers are the prefix and suffix of each D3DSPSM_ value.
var d3d9SourceModifiers = [...]struct{ pre, post string }{
	{"", ""}, {"-", ""}, {"", "_bias"}, {"-", "_bias"}, {"", "_bx2"}, {"-", "_bx2"},
	{"1-", ""}, {"", "_x2"}, {"-", "_x2"}, {"", "_dz"}, {"", "_dw"}, {"", "_abs"},
	{"-", "_abs"}, {"!", ""},
}

// d3d9Comparisons are the ifc/breakc/setp comparison suffixes (D3DSHADER_COMPARISON).
var d3d9Comparisons = [...]string{"", "_gt", "_eq", "_ge", "_lt", "_ne", "_le", ""}

// Aon9DataConversion is how a constant-buffer register is converted into a
// D3D9 float constant (the four "Data Conversion" columns of the listing).
type Aon9DataConversion uint8

var aon9ConversionNames = [...]string{"FLT", "BOOL", "INT", "UINT"}

// String returns the listing's spelling: FLT, BOOL, INT, UINT.
func (c Aon9DataConversion) String() string {
	if int(c) < len(aon9ConversionNames) {
		return aon9ConversionNames[c]
	}
	return fmt.Sprintf("Aon9DataConversion(%d)", uint8(c))
}

// MarshalText writes the conversion by name.
func (c Aon9DataConversion) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Aon9RuntimeConstant is a constant the D3D11 runtime fills in for a level-9 shader.
type Aon9RuntimeConstant uint16

// String returns the listing's description of the constant.
func (c Aon9RuntimeConstant) String() string {
	if c == 0 {
		return "Vertex Shader position offset"
	}
	return fmt.Sprintf("Aon9RuntimeConstant(%d)", uint16(c))
}

// MarshalText writes the description.
func (c Aon9RuntimeConstant) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
