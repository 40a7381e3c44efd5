package decode

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
)

// ShaderBytecode is a decoded SM4/SM5/SM5.1 token stream (the SHDR or SHEX
// part): the version and length tokens, then every instruction with the bytes
// it came from and its text as FXC's disassembler prints it.
type ShaderBytecode struct {
	ProgramType     ProgramType
	ProgramTypeName string // added: "ps", "vs", ...
	Major           uint8
	Minor           uint8
	LengthInDwords  uint32
	Instructions    []Instruction
}

// Instruction is one instruction or declaration of the token stream.
type Instruction struct {
	Offset     int64 // absolute offset of the opcode token in the file
	Size       int64 // bytes, including extended opcode tokens and operands
	Opcode     Opcode
	OpcodeName string // added: the mnemonic without decorations ("sample_l", "dcl_temps")
	Text       string // the FXC listing line (declarations of immediate constant buffers span several lines)

	Saturate    bool      `json:",omitempty"`
	TestNonZero bool      `json:",omitempty"` // _nz rather than _z, for if/breakc/continuec/retc/discard
	PreciseMask uint8     `json:",omitempty"` // SM5 precise components (x=1 ... w=8)
	Operands    []Operand `json:",omitempty"`
	// Indent is the nesting depth FXC indents the line by (if/loop/switch).
	Indent int `json:"-"`
}

// Operand is one operand of an instruction.
type Operand struct {
	Type     OperandType
	TypeName string // added: the register file as FXC prefixes it ("r", "cb", "vThreadID")
	// NumComponents is 0, 1 or 4 (N-component operands are not produced by any compiler).
	NumComponents uint8
	// SelectionMode is 0 mask, 1 swizzle, 2 select-1 (for 4-component operands).
	SelectionMode uint8        `json:",omitempty"`
	Mask          uint8        `json:",omitempty"`
	Swizzle       [4]uint8     `json:"-"`
	Indices       []OperandIdx `json:",omitempty"`
	Modifier      uint8        `json:",omitempty"` // 1 neg, 2 abs, 3 -abs
	MinPrecision  uint8        `json:",omitempty"`
	NonUniform    bool         `json:",omitempty"`
	Immediate     []uint32     `json:",omitempty"` // immediate32 values, or immediate64 as lo/hi pairs
	Text          string

	core string // register and components, before precision, modifiers and nonuniform
}

// OperandIdx is one index of an operand: an immediate, a register, or both added.
type OperandIdx struct {
	Representation uint8 // 0 imm32, 1 imm64, 2 relative, 3 imm32+relative, 4 imm64+relative
	Value          uint64
	Relative       *Operand `json:",omitempty"`
}

// Listing returns the disassembly as FXC prints it: the version line, then
// one line per instruction, indented inside control flow.
func (s *ShaderBytecode) Listing() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s_%d_%d\n", s.ProgramType, s.Major, s.Minor)
	for _, in := range s.Instructions {
		pad := strings.Repeat("  ", in.Indent)
		for _, line := range strings.Split(in.Text, "\n") {
			b.WriteString(pad)
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Version returns the shader target as FXC names it, e.g. "ps_5_0".
func (s *ShaderBytecode) Version() string {
	return fmt.Sprintf("%s_%d_%d", s.ProgramType, s.Major, s.Minor)
}

// maxIndent bounds the listing's indentation.
const maxIndent = 64

func decodeShaderBytecode(p *Part, r *binread.Reader) {
	s := &ShaderBytecode{}
	p.Bytecode = s
	r.What = "shader bytecode"
	if r.Len() < 8 {
		r.Problem(Error, "the %s part holds %d bytes; a token stream needs at least the 8-byte version and length tokens", p.Name, r.Len())
		r.Raw("Data", r.Len())
		p.Summary = "truncated token stream"
		return
	}
	ver := r.U32("Version")
	s.ProgramType = ProgramType(ver >> 16)
	s.ProgramTypeName = s.ProgramType.String()
	s.Major = uint8(ver >> 4 & 0xf)
	s.Minor = uint8(ver & 0xf)
	s.LengthInDwords = r.U32("LengthInDwords")
	if _, ok := programTypeNames[s.ProgramType]; !ok {
		r.ProblemAt(Warning, 0, "version token", "unknown program type %d in the version token (0 ps, 1 vs, 2 gs, 3 hs, 4 ds, 5 cs)", ver>>16)
	}
	if s.Major < 4 || s.Major > 5 {
		r.ProblemAt(Warning, 0, "version token", "shader model %d.%d in the version token: SHDR/SHEX hold models 4.0 to 5.1", s.Major, s.Minor)
	}
	n := int(s.LengthInDwords)
	have := r.Len() / 4
	switch {
	case s.LengthInDwords < 2:
		r.ProblemAt(Error, 4, "length token", "the token stream says it is %d dwords long, less than its own 2 header tokens; decoding the %d dwords of the part", s.LengthInDwords, have)
		n = have
	case uint64(s.LengthInDwords) > uint64(have):
		r.ProblemAt(Error, 4, "length token", "the token stream says it is %d dwords (%d bytes) long, but the part holds only %d bytes; decoding the %d dwords present", s.LengthInDwords, uint64(s.LengthInDwords)*4, r.Len(), have)
		n = have
	}
	words := make([]uint32, n)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(r.Data[i*4:])
	}
	// Instructions average about five dwords; sizing once avoids regrowing a slice of large structs.
	s.Instructions = make([]Instruction, 0, n/5+1)
	d := &tokenDecoder{w: words, s: s, r: r, sm51: s.Major > 5 || (s.Major == 5 && s.Minor >= 1)}
	d.run()
	r.Seek(n * 4)
	if rest := r.Remaining(); rest > 0 {
		r.Problem(Warning, "%d bytes after the token stream's %d dwords, inside the %s part", rest, n, p.Name)
		r.Bytes("Trailing", rest)
	}
	p.Summary = fmt.Sprintf("%s, %d instructions", s.Version(), len(s.Instructions))
}

// tokenDecoder walks the token stream one instruction at a time.
type tokenDecoder struct {
	w      []uint32
	s      *ShaderBytecode
	r      *binread.Reader
	sm51   bool
	indent int
	// per instruction
	start, end, pos int
	bad             string // first decoding failure inside the current instruction
	idx             int    // the instruction's index
	pathPrefix      string // its tokens' span path prefix: "SHEX/Instructions/12/"
	kinds           [len(tokenKinds)]uint16
}

// tokenKinds name the dwords of an instruction as span path segments, one
// per what next is asked to read: a lesson teaches each kind's bit fields.
var tokenKinds = [...]string{"OpcodeToken", "ExtendedOpcodeToken", "OperandToken", "ExtendedOperandToken", "ImmediateValue", "Index",
	"ByteCount", "CallSite", "ComponentCount", "ConstantBufferSize", "Count", "FunctionBody", "FunctionBodyCount", "FunctionTable",
	"Interface", "MaxTessellationFactor", "Register", "RegisterCount", "RegisterSpace", "ReturnType", "StructureCount",
	"StructureStride", "SystemValue", "TableCountAndArraySize", "ThreadGroupSizeX", "ThreadGroupSizeY", "ThreadGroupSizeZ", "Token"}

// tokenKindOf maps next's what to its kind's index in tokenKinds.
var tokenKindOf = map[string]int{"opcode": 0, "extended opcode token": 1, "operand token": 2, "extended operand token": 3,
	"immediate value": 4, "index": 5, "byte count": 6, "call site": 7, "component count": 8, "constant buffer size": 9,
	"count": 10, "function body": 11, "function body count": 12, "function table": 13, "interface": 14,
	"max tessellation factor": 15, "register": 16, "register count": 17, "register space": 18, "return type": 19,
	"structure count": 20, "structure stride": 21, "system value": 22, "table count and array size": 23,
	"thread group size x": 24, "thread group size y": 25, "thread group size z": 26}

func (d *tokenDecoder) problemAt(sev Severity, word int, format string, args ...any) {
	d.r.ProblemAt(sev, word*4, "instruction", format, args...)
}

func (d *tokenDecoder) run() {
	pos := 2
	for pos < len(d.w) {
		tok := d.w[pos]
		op := Opcode(tok & 0x7ff)
		length := int(tok >> 24 & 0x7f)
		if op == OpCustomData {
			if pos+1 >= len(d.w) {
				d.problemAt(Error, pos, "custom data block at 0x%x has no length token: the token stream ends", d.r.Base+int64(pos*4))
				d.raw(pos, len(d.w))
				return
			}
			length = int(min(d.w[pos+1], 1<<30))
		}
		if length == 0 {
			d.problemAt(Error, pos, "instruction %d at 0x%x (opcode %s) has length 0: the rest of the token stream cannot be walked and is shown raw", len(d.s.Instructions), d.r.Base+int64(pos*4), op)
			d.raw(pos, len(d.w))
			return
		}
		if pos+length > len(d.w) {
			d.problemAt(Error, pos, "instruction %d at 0x%x (opcode %s) says it is %d dwords long, past the end of the token stream (%d dwords remain); shown raw", len(d.s.Instructions), d.r.Base+int64(pos*4), op, length, len(d.w)-pos)
			d.raw(pos, len(d.w))
			return
		}
		d.instruction(pos, pos+length)
		pos += length
	}
}

// raw claims words [a, b) as undecodable.
func (d *tokenDecoder) raw(a, b int) {
	if b > a {
		d.r.Out.Span(Span{Path: d.r.Join("Undecoded"), Off: d.r.Base + int64(a*4), Size: int64(b-a) * 4, Kind: SpanRaw})
	}
}

// next returns the next token of the current instruction; past its end it
// records the failure and returns 0.
func (d *tokenDecoder) next(what string) uint32 {
	if d.pos >= d.end {
		if d.bad == "" {
			d.bad = fmt.Sprintf("the instruction ends (after %d dwords) before its %s", d.end-d.start, what)
		}
		d.pos++
		return 0
	}
	v := d.w[d.pos]
	d.pos++
	d.token(what, v)
	return v
}

// token records the span of the dword next just read, named by its kind
// and its count among the instruction's tokens of that kind
// (SHEX/Instructions/12/OperandToken/1), its value in hex.
func (d *tokenDecoder) token(what string, v uint32) {
	k, ok := tokenKindOf[what]
	if !ok {
		k = len(tokenKinds) - 1
	}
	n := d.kinds[k]
	d.kinds[k]++
	var hex [10]byte
	hex[0], hex[1] = '0', 'x'
	for i := 9; i >= 2; i-- {
		hex[i] = "0123456789abcdef"[v&15]
		v >>= 4
	}
	d.r.Out.Span(Span{Path: d.pathPrefix + tokenKinds[k] + "/" + strconv.Itoa(int(n)),
		Off: d.r.Base + int64((d.pos-1)*4), Size: 4, Kind: SpanField, Value: string(hex[:])})
}

func (d *tokenDecoder) instruction(start, end int) {
	d.start, d.end, d.pos, d.bad = start, end, start, ""
	d.idx, d.kinds = len(d.s.Instructions), [len(tokenKinds)]uint16{}
	d.pathPrefix = d.r.Path + "/Instructions/" + strconv.Itoa(d.idx) + "/"
	tok := d.next("opcode")
	in := Instruction{Offset: d.r.Base + int64(start*4), Size: int64(end-start) * 4, Opcode: Opcode(tok & 0x7ff)}
	in.OpcodeName = in.Opcode.String()
	info, known := opTable[in.Opcode]
	idx := len(d.s.Instructions)
	if !known {
		in.Text = fmt.Sprintf("unknown_opcode_%d", uint32(in.Opcode))
		d.problemAt(Error, start, "unknown opcode %d in instruction %d at 0x%x; its %d dwords are skipped", uint32(in.Opcode), idx, in.Offset, end-start)
	} else if in.Opcode == OpCustomData {
		in.Text = d.customData(tok)
	} else if in.Opcode.isDeclaration() {
		in.Text = d.declaration(&in, tok)
	} else {
		in.Text = d.code(&in, tok, info)
	}
	if d.bad != "" {
		d.problemAt(Error, start, "instruction %d at 0x%x (%s): %s", idx, in.Offset, in.Opcode, d.bad)
		in.Text += " <truncated>"
	} else if d.pos < end && known && in.Opcode != OpCustomData {
		// FXC pads samplepos and the feedback (_s) samples with a zero token
		// after their operands; its own disassembler ignores it.
		sev, what := Warning, "unexplained"
		if zeroTokens(d.w[d.pos:end]) {
			sev, what = Note, "zero, ignored as FXC's disassembler ignores them"
		}
		d.problemAt(sev, d.pos, "instruction %d at 0x%x (%s) is %d dwords long but its operands end after %d: %d dwords %s", idx, in.Offset, in.Opcode, end-start, d.pos-start, end-d.pos, what)
	}
	// FXC's indentation: blocks open after if/loop/switch/else and close before endif/endloop/endswitch/else.
	switch in.Opcode {
	case OpElse, OpEndif, OpEndloop, OpEndswitch:
		d.indent = max(0, d.indent-1)
	}
	in.Indent = d.indent
	switch in.Opcode {
	case OpIf, OpLoop, OpSwitch, OpElse:
		// SM4/5 flow control nests at most 64 deep; a hostile stream of
		// thousands of if tokens must not make the listing quadratic.
		d.indent = min(d.indent+1, maxIndent)
	}
	d.r.Out.Span(Span{Path: fmt.Sprintf("%s/Instructions[%d]", d.r.Path, idx), Off: in.Offset, Size: in.Size, Kind: SpanStruct, Value: in.Text})
	d.s.Instructions = append(d.s.Instructions, in)
}

// opcodeTail decodes the extended opcode tokens and returns the mnemonic
// decorations FXC prints: _aoffimmi, _indexable, (offsets)(dimension)(types).
func (d *tokenDecoder) extended(tok uint32) (words string, brackets string) {
	var offs, dim, types string
	ext := tok>>31 != 0
	for ext {
		e := d.next("extended opcode token")
		if d.bad != "" {
			return
		}
		ext = e>>31 != 0
		switch e & 0x3f {
		case 1: // sample controls: 4-bit signed texel offsets
			s4 := func(v uint32) int32 { return int32(v<<28) >> 28 }
			offs = fmt.Sprintf("(%d,%d,%d)", s4(e>>9&0xf), s4(e>>13&0xf), s4(e>>17&0xf))
		case 2: // resource dimension, and the structure stride for structured buffers
			rd := e >> 6 & 0x1f
			if rd == 12 {
				dim = fmt.Sprintf("(%s, stride=%d)", name(resourceDimNames[:], rd, "dimension"), e>>11&0xfff)
			} else {
				dim = "(" + name(resourceDimNames[:], rd, "dimension") + ")"
			}
		case 3: // resource return type per component
			var t [4]string
			for i := range t {
				t[i] = name(returnTypeNames[:], e>>(6+4*uint(i))&0xf, "type")
			}
			types = "(" + strings.Join(t[:], ",") + ")"
		default:
			d.problemAt(Warning, d.pos-1, "unknown extended opcode token type %d", e&0x3f)
		}
	}
	if offs != "" {
		words += "_aoffimmi"
	}
	if dim != "" {
		words += "_indexable"
	}
	return words, offs + dim + types
}

// code formats a non-declaration instruction.
func (d *tokenDecoder) code(in *Instruction, tok uint32, info opInfo) string {
	var b strings.Builder
	b.WriteString(info.name)
	words, brackets := d.extended(tok)
	b.WriteString(words)
	b.WriteString(brackets)
	switch in.Opcode {
	case OpBreakc, OpContinuec, OpDiscard, OpIf, OpRetc, 0x05 /* callc */ :
		in.TestNonZero = tok>>18&1 != 0
		if in.TestNonZero {
			b.WriteString("_nz")
		} else {
			b.WriteString("_z")
		}
	case OpResinfo:
		switch tok >> 11 & 3 {
		case 1:
			b.WriteString("_rcpFloat")
		case 2:
			b.WriteString("_uint")
		}
	case OpSampleInfo:
		if tok>>11&1 != 0 {
			b.WriteString("_uint")
		}
	case OpSync:
		f := tok >> 11
		for _, s := range []struct {
			bit  uint32
			text string
		}{{8, "_uglobal"}, {4, "_ugroup"}, {2, "_g"}, {1, "_t"}} {
			if f&s.bit != 0 {
				b.WriteString(s.text)
			}
		}
	}
	// sync keeps its flags in bits 11-14, where other instructions have _sat at bit 13.
	if tok>>13&1 != 0 && in.Opcode != OpSync {
		in.Saturate = true
		b.WriteString("_sat")
	}
	if m := uint8(tok >> 19 & 0xf); m != 0 && d.s.Major >= 5 {
		in.PreciseMask = m
		b.WriteString(" [precise")
		if m != 0xf {
			b.WriteString("(" + maskText(m) + ")")
		}
		b.WriteString("]")
	}
	if in.Opcode == OpFcall {
		// fcall names the call site first, then the interface operand: fcall fp0[r0.x + 0][2].
		site := d.next("call site")
		o := d.operand('u')
		in.Operands = append(in.Operands, o)
		return fmt.Sprintf("%s %s[%d]", b.String(), o.Text, site)
	}
	nDst := dstCount(in.Opcode)
	in.Operands = make([]Operand, 0, max(info.operands, 0))
	for i := 0; i < info.operands && d.bad == ""; i++ {
		kind := byte('x')
		if i >= nDst && len(info.src) > 0 {
			kind = info.src[min(i-nDst, len(info.src)-1)]
		}
		o := d.operand(kind)
		in.Operands = append(in.Operands, o)
	}
	d.precisionNotes(in, info, nDst)
	for i, o := range in.Operands {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteString(", ")
		}
		b.WriteString(o.Text)
	}
	return b.String()
}

func zeroTokens(w []uint32) bool {
	for _, v := range w {
		if v != 0 {
			return false
		}
	}
	return true
}

// kindClass groups immediate kinds into the value classes FXC compares when
// it notes a precision conversion: float, integer, double.
func kindClass(k byte) byte {
	switch k {
	case 'i', 'u':
		return 'i'
	}
	return k
}

// dstKinds are the destination types that differ from the first source's.
var dstKinds = map[Opcode]byte{
	0x18: 'u', 0x1d: 'u', 0x31: 'u', 0x39: 'u', 0x20: 'u', 0x21: 'u', 0x22: 'u', 0x27: 'u', 0x4f: 'u', 0x50: 'u',
	0xc3: 'u', 0xc4: 'u', 0xc5: 'u', 0xc6: 'u', 0x1b: 'i', 0x1c: 'u', 0x2b: 'f', 0x56: 'f', 0x82: 'u', 0x83: 'f',
	0xc9: 'f', 0xca: 'd', 0xd6: 'i', 0xd7: 'u', 0xd8: 'd', 0xd9: 'd', 0x37: 'x', 0x8e: 'x', 0xc8: 'd',
}

// precisionNotes writes each operand's minimum-precision note the way FXC
// does: a source of the same value class as the destination but another
// precision reads "{min16f as def32}" (def32 being the default), anything
// else just its own precision.
func (d *tokenDecoder) precisionNotes(in *Instruction, info opInfo, nDst int) {
	if nDst == 0 || len(in.Operands) <= nDst {
		return
	}
	dk := byte('x')
	if k, ok := dstKinds[in.Opcode]; ok {
		dk = k
	} else if len(info.src) > 0 {
		dk = info.src[0]
	}
	if strings.ContainsRune(info.src, '*') {
		dk = 'r' // loads and samples: the destination's type comes from the resource
	}
	dp := in.Operands[0].MinPrecision
	for i := nDst; i < len(in.Operands); i++ {
		o := &in.Operands[i]
		if o.MinPrecision == dp || o.Type == OperandNull || dk == 'r' {
			continue
		}
		sk := byte('x')
		if len(info.src) > 0 {
			sk = info.src[min(i-nDst, len(info.src)-1)]
		}
		// An untyped destination (movc) converts only its untyped sources; a
		// typed one converts sources of its own class and untyped ones.
		if dk == 'x' && sk != 'x' || sk != 'x' && dk != 'x' && kindClass(sk) != kindClass(dk) {
			continue
		}
		from, to := precisionName(o.MinPrecision), precisionName(dp)
		if from == "" {
			from = "def32"
		}
		if to == "" {
			to = "def32"
		}
		o.Text = o.decorate(from + " as " + to)
	}
}

// dstCount is how many leading operands are destinations (their literals, if any, are untyped).
func dstCount(op Opcode) int {
	switch op {
	case OpBreakc, OpContinuec, OpDiscard, OpIf, OpRetc, OpCase, OpSwitch, 0x04, 0x05, 0x2c, 0x78, 0x75, 0x76, 0x77:
		return 0
	case 0x4d, 0x4e, 0x51, 0x52, 0x84, 0x85, 0x8e, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd,
		0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9:
		return 2
	}
	return 1
}

var compChars = "xyzw"

func maskText(m uint8) string {
	var s []byte
	for i := 0; i < 4; i++ {
		if m&(1<<i) != 0 {
			s = append(s, compChars[i])
		}
	}
	return string(s)
}

func init() {
	RegisterPart(PartKind{Name: "SHDR", Title: "SM4 bytecode", About: "The shader as a Shader Model 4 token stream.", Decode: partOnly(decodeShaderBytecode)})
	RegisterPart(PartKind{Name: "SHEX", Title: "SM5 bytecode", About: "The shader as a Shader Model 5 token stream.", Decode: partOnly(decodeShaderBytecode)})
}
