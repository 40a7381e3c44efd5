// Package sm4 decodes and prints the Shader Model 4, 5 and 5.1 token stream
// (the D3D10/11/12 "tokenized program format" of the SHDR and SHEX parts
// FXC writes).
//
// Decode returns the program's instructions with typed operands (register
// file, indices, component selection, modifiers, immediates) and
// declarations with their typed payloads; it builds no text. Format prints
// one instruction as FXC's disassembler lists it, in a Style: the spellings
// that differ between FXC builds are fields of Style, chosen by the caller
// (decode/text picks them from the compiler version the container records).
// The layout follows Microsoft's d3d11TokenizedProgramFormat.hpp; the
// spellings follow FXC's listings.
package sm4

import (
	"encoding/binary"
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Program is a decoded token stream: its version and length tokens and its
// instructions.
type Program struct {
	Type           ProgramType
	Major, Minor   uint8
	LengthInDwords uint32
	Instructions   []Instruction
	// Words is how many dwords of the part were walked: LengthInDwords, or
	// the part's whole dwords when the length token disagrees with them.
	Words int
	// Undecoded is the dword from which the stream could not be walked
	// (an instruction of length 0, or one running past the end); Words when
	// every instruction decoded.
	Undecoded int
}

// Version returns the shader target as FXC names it, e.g. "ps_5_0".
func (p *Program) Version() string { return fmt.Sprintf("%s_%d_%d", p.Type, p.Major, p.Minor) }

// Instruction is one instruction or declaration of the token stream.
type Instruction struct {
	Offset int64 // absolute offset of the opcode token in the file
	Size   int64 // bytes, including extended opcode tokens and operands
	Opcode Opcode
	Token  uint32 // the opcode token as stored; the fields below decode its controls
	// Major and Minor are the program's shader model: SM 5.1 spells
	// resource ranges and register spaces its own way.
	Major, Minor uint8

	// From the extended opcode tokens, as Extended says which are present.
	Extended    ExtendedTokens
	TexelOffset [3]int8           // sample controls: the u, v, w texel offsets
	Dimension   ResourceDimension // the resource's dimension
	Stride      uint32            // with DimStructuredBuffer: the structure stride
	ReturnType  [4]ReturnType     // the resource's return type per component

	// Controls of computational instructions.
	Saturate       bool              // _sat
	TestNonZero    bool              // _nz rather than _z, for if, breakc, continuec, retc, discard, callc
	PreciseMask    uint8             // SM5 precise components (x=1 ... w=8)
	ResInfoReturn  ResInfoReturnType // resinfo
	SampleInfoUint bool              // sampleinfo_uint
	Sync           SyncFlags         // sync
	CallSite       uint32            // fcall: the call site, printed after the interface operand

	Operands []Operand
	Decl     *Declaration // a declaration's payload beyond its operands; nil for other instructions
	Custom   *CustomData  // a custom-data block; nil for other instructions

	// Depth is the control-flow nesting (if, loop, switch) FXC indents the
	// line by.
	Depth int
	// Err says why the instruction was cut short (its tokens end before its
	// operands do); "" when it decoded whole.
	Err string
}

// Operand is one operand of an instruction.
type Operand struct {
	Type OperandType
	// NumComponents is 0, 1 or 4 (N-component operands, which no compiler
	// produces, read as 4 with nothing selected).
	NumComponents uint8
	Selection     SelectionMode // for four-component operands
	Mask          uint8         // SelectMask: x=1 ... w=8
	Swizzle       [4]uint8      // SelectSwizzle: a component per lane; SelectOne: the first
	Indices       []Index
	Modifier      Modifier
	MinPrecision  MinPrecision
	NonUniform    bool
	Immediate     []uint32 // immediate32 values, or immediate64 values as lo/hi pairs
	// Missing says the instruction ended before this operand's token: it
	// prints as "?".
	Missing bool
}

// Index is one index of an operand: an immediate, a register, or both added.
type Index struct {
	Representation IndexRepresentation
	Value          uint64
	Relative       *Operand
}

// Declaration is the payload of a dcl_ instruction beyond its operands;
// which fields are set depends on the opcode (noted per field).
type Declaration struct {
	GlobalFlags         GlobalFlags       // dcl_globalFlags
	DynamicIndexed      bool              // dcl_constantbuffer (dynamicIndexed), dcl_interface
	Size                uint32            // SM5.1 dcl_constantbuffer: its size in 16-byte registers
	Space               uint32            // SM5.1 range declarations: the register space
	SamplerMode         SamplerMode       // dcl_sampler
	Dimension           ResourceDimension // dcl_resource, dcl_uav_typed
	SampleCount         uint8             // dcl_resource of a texture2dms(array)
	UAVFlags            UAVFlags          // dcl_uav_*
	ReturnType          [4]ReturnType     // dcl_resource, dcl_uav_typed
	Stride              uint32            // structured resources and TGSM
	Count               uint32            // dcl_temps and the other counts, dcl_indexrange, the TGSM byte or structure count, dcl_indexableTemp's registers
	SystemValue         SystemValue       // _sgv and _siv declarations
	Interpolation       Interpolation     // dcl_input_ps*
	Topology            Topology          // dcl_outputtopology
	Primitive           Primitive         // dcl_inputprimitive
	ControlPoints       uint8             // dcl_input/output_control_point_count
	TessDomain          TessellatorDomain
	TessPartitioning    TessellatorPartitioning
	TessOutputPrimitive TessellatorOutputPrimitive
	MaxTessFactor       uint32    // dcl_hs_max_tessfactor: the float's bits
	ThreadGroup         [3]uint32 // dcl_thread_group
	// Register is the number of dcl_indexableTemp's x#, of a function body
	// (fb#), function table (ft#) or interface (fp#).
	Register   uint32
	Components uint32   // dcl_indexableTemp: components per register
	Bodies     []uint32 // dcl_function_table: its function bodies
	BodyCount  uint32   // dcl_interface: function bodies per table
	ArraySize  uint32   // dcl_interface
	Tables     []uint32 // dcl_interface: its function tables
}

// CustomData is a custom-data block: FXC's immediate constant buffer, or a
// comment, debug information, a shader message.
type CustomData struct {
	Class CustomDataClass
	Data  []uint32 // the dwords after the opcode and length tokens
	// Message is a shader message (printf, errorf) that follows the
	// layout; nil otherwise.
	Message *ShaderMessage
}

// ShaderMessage is a printf or errorf custom-data block
// (D3D11_SB_CUSTOMDATA_SHADER_MESSAGE).
type ShaderMessage struct {
	Errorf   bool   // message id 0x00200103
	Format   []byte // the format string, without its NUL
	Operands []Operand
}

// maxIndent bounds the listing's indentation.
const maxIndent = 64

// Decode decodes the token stream in r (an SHDR or SHEX part's bytes).
// Problems go to r with their offsets, and the spans of the version and
// length tokens and of every dword an instruction's decoding reads, named by
// its kind and counted per kind (Instructions/12/OpcodeToken/0,
// …/OperandToken/1, …/Index/0, …/ThreadGroupSizeX/0; of a custom-data block
// only its opcode token and a shader message's operands); the caller records the instructions' spans (each has its
// Offset and Size), labelled with their text, the span of the undecodable
// rest (from Undecoded) and of bytes after the stream (from Words). Decode
// returns nil when r holds less than the two header tokens, after claiming
// the bytes as raw.
func Decode(r *binread.Reader) *Program {
	r.What = "shader bytecode"
	if r.Len() < 8 {
		r.Problem(report.Error, "the %s part holds %d bytes; a token stream needs at least the 8-byte version and length tokens", r.Part, r.Len())
		r.Raw("Data", r.Len())
		return nil
	}
	p := &Program{}
	ver := r.U32("Version")
	p.Type = ProgramType(ver >> 16)
	p.Major = uint8(ver >> 4 & 0xf)
	p.Minor = uint8(ver & 0xf)
	p.LengthInDwords = r.U32("LengthInDwords")
	if !p.Type.Known() {
		r.ProblemAt(report.Warning, 0, "version token", "unknown program type %d in the version token (0 ps, 1 vs, 2 gs, 3 hs, 4 ds, 5 cs)", ver>>16)
	}
	if p.Major < 4 || p.Major > 5 {
		r.ProblemAt(report.Warning, 0, "version token", "shader model %d.%d in the version token: SHDR/SHEX hold models 4.0 to 5.1", p.Major, p.Minor)
	}
	n := int(p.LengthInDwords)
	have := r.Len() / 4
	switch {
	case p.LengthInDwords < 2:
		r.ProblemAt(report.Error, 4, "length token", "the token stream says it is %d dwords long, less than its own 2 header tokens; decoding the %d dwords of the part", p.LengthInDwords, have)
		n = have
	case uint64(p.LengthInDwords) > uint64(have):
		r.ProblemAt(report.Error, 4, "length token", "the token stream says it is %d dwords (%d bytes) long, but the part holds only %d bytes; decoding the %d dwords present", p.LengthInDwords, uint64(p.LengthInDwords)*4, r.Len(), have)
		n = have
	}
	words := make([]uint32, n)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(r.Data[i*4:])
	}
	// Instructions average about five dwords; sizing once avoids regrowing a slice of large structs.
	p.Instructions = make([]Instruction, 0, n/5+1)
	p.Words, p.Undecoded = n, n
	d := &decoder{w: words, p: p, r: r, sm51: p.Major > 5 || (p.Major == 5 && p.Minor >= 1)}
	d.run()
	return p
}

// decoder walks the token stream one instruction at a time.
type decoder struct {
	w     []uint32
	p     *Program
	r     *binread.Reader
	sm51  bool
	depth int
	// per instruction
	start, end, pos int
	bad             string // first decoding failure inside the current instruction
	toks            tokenSpans
}

func (d *decoder) problemAt(sev report.Severity, word int, format string, args ...any) {
	d.r.ProblemAt(sev, word*4, "instruction", format, args...)
}

func (d *decoder) run() {
	pos := 2
	for pos < len(d.w) {
		tok := d.w[pos]
		op := Opcode(tok & 0x7ff)
		length := int(tok >> 24 & 0x7f)
		if op == OpCustomData {
			if pos+1 >= len(d.w) {
				d.problemAt(report.Error, pos, "custom data block at 0x%x has no length token: the token stream ends", d.r.Base+int64(pos*4))
				d.p.Undecoded = pos
				return
			}
			length = int(min(d.w[pos+1], 1<<30))
		}
		if length == 0 {
			d.problemAt(report.Error, pos, "instruction %d at 0x%x (opcode %s) has length 0: the rest of the token stream cannot be walked and is shown raw", len(d.p.Instructions), d.r.Base+int64(pos*4), op)
			d.p.Undecoded = pos
			return
		}
		if pos+length > len(d.w) {
			d.problemAt(report.Error, pos, "instruction %d at 0x%x (opcode %s) says it is %d dwords long, past the end of the token stream (%d dwords remain); shown raw", len(d.p.Instructions), d.r.Base+int64(pos*4), op, length, len(d.w)-pos)
			d.p.Undecoded = pos
			return
		}
		d.instruction(pos, pos+length)
		pos += length
	}
}

// next returns the next token of the current instruction; past its end it
// records the failure and returns 0.
func (d *decoder) next(what string) uint32 {
	if d.pos >= d.end {
		if d.bad == "" {
			d.bad = fmt.Sprintf("the instruction ends (after %d dwords) before its %s", d.end-d.start, what)
		}
		d.pos++
		return 0
	}
	v := d.w[d.pos]
	d.token(what, d.pos, v)
	d.pos++
	return v
}

func (d *decoder) instruction(start, end int) {
	d.start, d.end, d.pos, d.bad = start, end, start, ""
	d.toks.start(d.r.Path, len(d.p.Instructions))
	tok := d.next("opcode")
	in := Instruction{Offset: d.r.Base + int64(start*4), Size: int64(end-start) * 4, Opcode: Opcode(tok & 0x7ff),
		Token: tok, Major: d.p.Major, Minor: d.p.Minor}
	known := in.Opcode.Known()
	idx := len(d.p.Instructions)
	switch {
	case !known:
		d.problemAt(report.Error, start, "unknown opcode %d in instruction %d at 0x%x; its %d dwords are skipped", uint32(in.Opcode), idx, in.Offset, end-start)
	case in.Opcode == OpCustomData:
		d.customData(&in, tok)
	case in.Opcode.IsDeclaration():
		d.declaration(&in, tok)
	default:
		d.code(&in, tok)
	}
	in.Err = d.bad
	if d.bad != "" {
		d.problemAt(report.Error, start, "instruction %d at 0x%x (%s): %s", idx, in.Offset, in.Opcode, d.bad)
	} else if d.pos < end && known && in.Opcode != OpCustomData {
		// FXC pads samplepos and the feedback (_s) samples with a zero token
		// after their operands; its own disassembler ignores it.
		sev, what := report.Warning, "unexplained"
		if zeroTokens(d.w[d.pos:end]) {
			sev, what = report.Note, "zero, ignored as FXC's disassembler ignores them"
		}
		d.problemAt(sev, d.pos, "instruction %d at 0x%x (%s) is %d dwords long but its operands end after %d: %d dwords %s", idx, in.Offset, in.Opcode, end-start, d.pos-start, end-d.pos, what)
	}
	// FXC's indentation: blocks open after if/loop/switch/else and close before endif/endloop/endswitch/else.
	switch in.Opcode {
	case OpElse, OpEndif, OpEndloop, OpEndswitch:
		d.depth = max(0, d.depth-1)
	}
	in.Depth = d.depth
	switch in.Opcode {
	case OpIf, OpLoop, OpSwitch, OpElse:
		// SM4/5 flow control nests at most 64 deep; a hostile stream of
		// thousands of if tokens must not make the listing quadratic.
		d.depth = min(d.depth+1, maxIndent)
	}
	d.p.Instructions = append(d.p.Instructions, in)
}

// extended decodes the extended opcode tokens into in (when in is not nil).
// An instruction cut short inside them keeps none of them.
func (d *decoder) extended(in *Instruction, tok uint32) {
	var ex Instruction
	ext := tok>>31 != 0
	for ext {
		e := d.next("extended opcode token")
		if d.bad != "" {
			return
		}
		ext = e>>31 != 0
		switch e & 0x3f {
		case 1: // sample controls: 4-bit signed texel offsets
			s4 := func(v uint32) int8 { return int8(v<<4) >> 4 }
			ex.Extended |= HasSampleControls
			ex.TexelOffset = [3]int8{s4(e >> 9 & 0xf), s4(e >> 13 & 0xf), s4(e >> 17 & 0xf)}
		case 2: // resource dimension, and the structure stride for structured buffers
			ex.Extended |= HasResourceDim
			ex.Dimension = ResourceDimension(e >> 6 & 0x1f)
			ex.Stride = e >> 11 & 0xfff
		case 3: // resource return type per component
			ex.Extended |= HasReturnType
			for i := range ex.ReturnType {
				ex.ReturnType[i] = ReturnType(e >> (6 + 4*uint(i)) & 0xf)
			}
		default:
			d.problemAt(report.Warning, d.pos-1, "unknown extended opcode token type %d", e&0x3f)
		}
	}
	if in != nil {
		in.Extended, in.TexelOffset, in.Dimension, in.Stride, in.ReturnType = ex.Extended, ex.TexelOffset, ex.Dimension, ex.Stride, ex.ReturnType
	}
}

// code decodes a computational instruction: its controls and operands.
func (d *decoder) code(in *Instruction, tok uint32) {
	info := opTable[in.Opcode]
	d.extended(in, tok)
	switch in.Opcode {
	case OpBreakc, OpContinuec, OpDiscard, OpIf, OpRetc, OpCallc:
		in.TestNonZero = tok>>18&1 != 0
	case OpResInfo:
		in.ResInfoReturn = ResInfoReturnType(tok >> 11 & 3)
	case OpSampleInfo:
		in.SampleInfoUint = tok>>11&1 != 0
	case OpSync:
		in.Sync = SyncFlags(tok >> 11 & 0xf)
	}
	// sync keeps its flags in bits 11-14, where other instructions have _sat at bit 13.
	in.Saturate = tok>>13&1 != 0 && in.Opcode != OpSync
	if m := uint8(tok >> 19 & 0xf); m != 0 && d.p.Major >= 5 {
		in.PreciseMask = m
	}
	if in.Opcode == OpFcall {
		// fcall names the call site first, then the interface operand: fcall fp0[r0.x + 0][2].
		in.CallSite = d.next("call site")
		in.Operands = append(in.Operands, d.operand())
		return
	}
	in.Operands = make([]Operand, 0, max(info.operands, 0))
	for i := 0; i < info.operands && d.bad == ""; i++ {
		in.Operands = append(in.Operands, d.operand())
	}
}

func zeroTokens(w []uint32) bool {
	for _, v := range w {
		if v != 0 {
			return false
		}
	}
	return true
}
