package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/sm4"
)

// ShaderBytecode is the SHDR or SHEX part as JSON shows it: the SM4/SM5/SM5.1
// token stream's version and length tokens, then every instruction with the
// bytes it came from and its text as FXC's disassembler prints it (package
// sm4 decodes and prints; Program is its typed result).
type ShaderBytecode struct {
	ProgramType     sm4.ProgramType
	ProgramTypeName string // added: "ps", "vs", ...
	Major           uint8
	Minor           uint8
	LengthInDwords  uint32
	Instructions    []Instruction

	// Program is the decoded token stream the instructions were printed
	// from, for printers of other FXC builds' spellings (sm4.Format).
	Program *sm4.Program `json:"-"`
}

// Instruction is one instruction or declaration of the token stream.
type Instruction struct {
	Offset     int64 // absolute offset of the opcode token in the file
	Size       int64 // bytes, including extended opcode tokens and operands
	Opcode     sm4.Opcode
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
	Type     sm4.OperandType
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
	for i, in := range s.Instructions {
		pad := strings.Repeat("  ", in.Indent)
		text := in.Text
		if s.Program != nil && i < len(s.Program.Instructions) {
			text = sm4.Format(&s.Program.Instructions[i], sm4.Style{}) // with FXC's blanks at line ends
		}
		for _, line := range strings.Split(text, "\n") {
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

// decodeShaderBytecode decodes an SHDR/SHEX part with package sm4 and keeps
// each instruction with its text in current FXC's spelling (sm4.Style{}).
func decodeShaderBytecode(p *Part, r *binread.Reader) {
	s := &ShaderBytecode{}
	p.Bytecode = s
	prog := sm4.Decode(r)
	if prog == nil {
		p.Summary = "truncated token stream"
		return
	}
	s.Program = prog
	s.ProgramType, s.ProgramTypeName = prog.Type, prog.Type.String()
	s.Major, s.Minor, s.LengthInDwords = prog.Major, prog.Minor, prog.LengthInDwords
	s.Instructions = make([]Instruction, len(prog.Instructions))
	for i := range prog.Instructions {
		in := &prog.Instructions[i]
		j := &s.Instructions[i]
		*j = Instruction{Offset: in.Offset, Size: in.Size, Opcode: in.Opcode, OpcodeName: in.Opcode.String(),
			Text: strings.TrimRight(sm4.Format(in, sm4.Style{}), " "), Indent: in.Depth} // without the blank FXC ends "ret " with
		if in.Opcode.Known() && !in.Opcode.IsDeclaration() {
			j.Saturate, j.TestNonZero, j.PreciseMask = in.Saturate, in.TestNonZero, in.PreciseMask
		}
		if in.Operands != nil {
			j.Operands = make([]Operand, len(in.Operands))
			for k := range in.Operands {
				j.Operands[k] = operandJSON(in, &in.Operands[k], sm4.FormatOperand(in, k, sm4.Style{}))
			}
		}
		r.Out.Span(Span{Path: fmt.Sprintf("%s/Instructions[%d]", r.Path, i), Off: in.Offset, Size: in.Size, Kind: SpanStruct, Value: j.Text})
	}
	if prog.Undecoded < prog.Words {
		r.Out.Span(Span{Path: r.Join("Undecoded"), Off: r.Base + int64(prog.Undecoded*4), Size: int64(prog.Words-prog.Undecoded) * 4, Kind: SpanRaw})
	}
	r.Seek(prog.Words * 4)
	if rest := r.Remaining(); rest > 0 {
		r.Problem(Warning, "%d bytes after the token stream's %d dwords, inside the %s part", rest, prog.Words, p.Name)
		r.Bytes("Trailing", rest)
	}
	p.Summary = fmt.Sprintf("%s, %d instructions", s.Version(), len(s.Instructions))
}

// operandJSON is an operand as JSON shows it, with its text; a register
// that indexes it is shown the same way.
func operandJSON(in *sm4.Instruction, o *sm4.Operand, text string) Operand {
	if o.Missing {
		return Operand{Text: text}
	}
	j := Operand{Type: o.Type, TypeName: o.Type.String(), NumComponents: o.NumComponents, Mask: o.Mask, Swizzle: o.Swizzle,
		Modifier: uint8(o.Modifier), MinPrecision: uint8(o.MinPrecision), NonUniform: o.NonUniform, Immediate: o.Immediate, Text: text}
	if o.NumComponents == 4 {
		j.SelectionMode = uint8(o.Selection)
	}
	for _, ix := range o.Indices {
		jx := OperandIdx{Representation: uint8(ix.Representation), Value: ix.Value}
		if ix.Relative != nil {
			rel := operandJSON(in, ix.Relative, sm4.FormatRelative(in, ix.Relative))
			jx.Relative = &rel
		}
		j.Indices = append(j.Indices, jx)
	}
	return j
}

func init() {
	RegisterPart(PartKind{Name: "SHDR", Title: "SM4 bytecode", About: "The shader as a Shader Model 4 token stream.", Key: "Bytecode", Decode: partOnly(decodeShaderBytecode)})
	RegisterPart(PartKind{Name: "SHEX", Title: "SM5 bytecode", About: "The shader as a Shader Model 5 token stream.", Key: "Bytecode", Decode: partOnly(decodeShaderBytecode)})
}
