package decode

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Aon9 is the Aon9 part FXC writes for the *_4_0_level_9_* targets: a D3D9
// (SM 2.x) version of the shader that Direct3D 11 runs on feature-level 9
// hardware, with the tables that map the SM4 constant buffers, samplers and
// runtime values onto D3D9 registers. Offsets count from the part's data.
// (Layout as the Direct3D 11 runtime reads it; DXDecompiler's Level9ShaderChunk
// reads the same fields.)
type Aon9 struct {
	ChunkSize     uint32 // repeats the part size
	ShaderVersion uint32 // the D3D9 version token (0xFFFE0200 vs_2_0, 0xFFFF0200 ps_2_0)
	ShaderSize    uint32 // bytes of the D3D9 token stream
	ShaderOffset  uint32 // where it starts

	ConstantBufferMappingCount   uint16
	ConstantBufferMappingOffset  uint16
	LoopRegisterMappingCount     uint16
	LoopRegisterMappingOffset    uint16
	UnknownMappingCount          uint16 // no known compiler output sets it
	UnknownMappingOffset         uint16
	SamplerMappingCount          uint16
	SamplerMappingOffset         uint16
	RuntimeConstantMappingCount  uint16
	RuntimeConstantMappingOffset uint16

	ConstantBufferMappings  []Aon9ConstantBufferMapping  `json:",omitempty"`
	LoopRegisterMappings    []Aon9LoopRegisterMapping    `json:",omitempty"`
	SamplerMappings         []Aon9SamplerMapping         `json:",omitempty"`
	RuntimeConstantMappings []Aon9RuntimeConstantMapping `json:",omitempty"`

	Shader D3D9Shader
}

// Aon9ConstantBufferMapping copies RegisterCount registers of constant buffer
// Buffer, from StartRegister, into D3D9 float constants from c<TargetRegister>.
type Aon9ConstantBufferMapping struct {
	Buffer         uint16
	StartRegister  uint16
	RegisterCount  uint16
	TargetRegister uint16
	DataConversion [4]Aon9DataConversion
	Offset         int64 // added: absolute offset of the entry
}

// Aon9LoopRegisterMapping loads a D3D9 integer register i<TargetRegister>
// from one component of a constant-buffer register.
type Aon9LoopRegisterMapping struct {
	Buffer         uint16
	SourceRegister uint16
	Component      uint16
	TargetRegister uint16
	Offset         int64 // added
}

// Aon9SamplerMapping binds D3D9 sampler s<TargetSampler> to the SM4 sampler
// and texture it was made from.
type Aon9SamplerMapping struct {
	SourceResource uint8
	SourceSampler  uint8
	TargetSampler  uint8
	Reserved       uint8
	Offset         int64 // added
}

// Aon9RuntimeConstantMapping is a D3D9 constant the runtime fills (the
// half-pixel position offset of vertex shaders).
type Aon9RuntimeConstantMapping struct {
	ConstantDescription Aon9RuntimeConstant
	TargetRegister      uint16
	Offset              int64 // added
}

// D3D9Shader is an SM 1.x-3.0 token stream: a version token, then
// instructions and comment blocks up to the end token.
type D3D9Shader struct {
	Version      uint32
	ProgramType  string // added: "vs" or "ps"
	Major        uint8
	Minor        uint8
	Instructions []D3D9Instruction
	Comments     []D3D9Comment  `json:",omitempty"`
	Debug        *D3D9DebugInfo `json:",omitempty"` // the DBUG comment block, when the shader was compiled with debug information
	End          uint32         // the end token (0x0000FFFF)
	Offset       int64          // added: absolute offset of the version token
}

// Profile returns the target name as the listing prints it ("vs_2_0", "ps_2_x").
func (s *D3D9Shader) Profile() string {
	if s.Major == 2 && s.Minor == 1 {
		return s.ProgramType + "_2_x"
	}
	return fmt.Sprintf("%s_%d_%d", s.ProgramType, s.Major, s.Minor)
}

// D3D9Instruction is one instruction: its token, its parameter tokens and
// its text as FXC's disassembler prints it.
type D3D9Instruction struct {
	Offset     int64 // absolute offset of the instruction token
	Size       int64
	Token      uint32
	Opcode     D3D9Opcode
	Length     uint8 // parameter dwords the token declares (SM 2.0+)
	Predicated bool  `json:",omitempty"`
	Coissue    bool  `json:",omitempty"`
	Params     []D3D9Param
	Text       string

	// Added from the debug information (when there is a DBUG block).
	Line    uint16 `json:",omitempty"`
	File    int    // index in Debug.Files, -1 when none
	Comment string `json:",omitempty"` // the variables the instruction writes: "::vout<0>, pin<1>"
}

// D3D9Param is one parameter token (or the dcl usage token, or an immediate
// of def/defi/defb).
type D3D9Param struct {
	Offset         int64
	Token          uint32
	Role           string // "dst", "src", "dcl", "imm", "rel"
	RegisterType   D3D9RegisterType
	Register       uint32
	WriteMask      uint8      `json:",omitempty"` // dst: x=1 ... w=8
	ResultModifier uint8      `json:",omitempty"` // dst: 1 saturate, 2 partial precision, 4 centroid
	Shift          int8       `json:",omitempty"` // dst
	Swizzle        [4]uint8   `json:"-"`
	SourceModifier uint8      `json:",omitempty"` // src: D3DSPSM_*
	Relative       *D3D9Param `json:",omitempty"`
	Text           string
}

// D3D9Comment is one comment block of the token stream (CTAB, DBUG, ...).
type D3D9Comment struct {
	Offset int64 // absolute offset of the comment token
	Size   int64
	Token  uint32 // 0xFFFE and the length in dwords (bits 16-30)
	FourCC string
}

// D3D9DebugInfo is the DBUG comment block: the source files, the source
// line of each instruction and the variables each instruction writes. The
// offsets count from the byte after "DBUG"; the instruction offsets count
// from the version token.
type D3D9DebugInfo struct {
	Size              uint32 // of this header
	CreatorOffset     uint32
	Reserved          uint32
	FileCount         uint32
	FileOffset        uint32
	InstructionCount  uint32
	InstructionOffset uint32
	VariableCount     uint32
	VariableOffset    uint32
	EntryPointOffset  uint32

	Creator         string
	EntryPoint      string
	FileNameOffsets []uint32
	Files           []string
	Instructions    []D3D9DebugInstruction
	Variables       []D3D9DebugVariable
}

// D3D9DebugInstruction gives one instruction's source position.
type D3D9DebugInstruction struct {
	Line   uint16
	File   uint16 // 0xFFFF: no source position (declarations)
	Offset uint32 // of the instruction token, from the version token
}

// D3D9DebugVariable is a source variable and where its components are written.
type D3D9DebugVariable struct {
	ScopeOffset    uint32 // the enclosing function's name; 0 at global scope
	NameOffset     uint32
	TypeOffset     uint32
	RegisterCount  uint32
	RegisterOffset uint32
	Scope          string
	Name           string
	Registers      []D3D9DebugRegister
}

// D3D9DebugRegister says which components of the variable (flattened to
// scalars) instruction Instruction writes to x, y, z, w (0xFFFF: none).
type D3D9DebugRegister struct {
	Instruction uint32
	Components  [4]uint16
}

// Label names the variable as the listing comments do: bare inside the entry
// point, "::name" at global scope, "Function::name" elsewhere.
func (v *D3D9DebugVariable) label(entryOffset uint32) string {
	if v.ScopeOffset == entryOffset && v.ScopeOffset != 0 {
		return v.Name
	}
	return v.Scope + "::" + v.Name
}

func init() {
	RegisterPart(PartKind{Name: "Aon9", Title: "10Level9 shader",
		About:  "A Direct3D 9 style shader for feature level 9 devices, embedded by FXC for 4_0_level_9_x targets: the SM 2.x code and the tables that map constant buffers and samplers onto D3D9 registers.",
		Decode: partOnly(decodeAon9)})
}

func decodeAon9(p *Part, r *binread.Reader) {
	a := &Aon9{}
	p.Level9 = a
	r.What = "Aon9 header"
	a.ChunkSize = r.U32("ChunkSize")
	a.ShaderVersion = r.U32("ShaderVersion")
	a.ShaderSize = r.U32("ShaderSize")
	a.ShaderOffset = r.U32("ShaderOffset")
	a.ConstantBufferMappingCount = r.U16("ConstantBufferMappingCount")
	a.ConstantBufferMappingOffset = r.U16("ConstantBufferMappingOffset")
	a.LoopRegisterMappingCount = r.U16("LoopRegisterMappingCount")
	a.LoopRegisterMappingOffset = r.U16("LoopRegisterMappingOffset")
	a.UnknownMappingCount = r.U16("UnknownMappingCount")
	a.UnknownMappingOffset = r.U16("UnknownMappingOffset")
	a.SamplerMappingCount = r.U16("SamplerMappingCount")
	a.SamplerMappingOffset = r.U16("SamplerMappingOffset")
	a.RuntimeConstantMappingCount = r.U16("RuntimeConstantMappingCount")
	a.RuntimeConstantMappingOffset = r.U16("RuntimeConstantMappingOffset")
	if r.Failed {
		p.Summary = "truncated Aon9 header"
		return
	}
	if a.ChunkSize != uint32(r.Len()) {
		r.ProblemAt(Note, 0, "Aon9 header", "ChunkSize is %d, the part holds %d bytes", a.ChunkSize, r.Len())
	}
	a.ConstantBufferMappings = aon9Mappings(r, "ConstantBufferMappings", a.ConstantBufferMappingCount, a.ConstantBufferMappingOffset, 12, func(s *binread.Reader) Aon9ConstantBufferMapping {
		m := Aon9ConstantBufferMapping{Offset: s.Abs(), Buffer: s.U16("Buffer"), StartRegister: s.U16("StartRegister"),
			RegisterCount: s.U16("RegisterCount"), TargetRegister: s.U16("TargetRegister")}
		for j := range m.DataConversion {
			m.DataConversion[j] = Aon9DataConversion(s.U8("DataConversion/" + strconv.Itoa(j)))
		}
		return m
	})
	a.LoopRegisterMappings = aon9Mappings(r, "LoopRegisterMappings", a.LoopRegisterMappingCount, a.LoopRegisterMappingOffset, 8, func(s *binread.Reader) Aon9LoopRegisterMapping {
		return Aon9LoopRegisterMapping{Offset: s.Abs(), Buffer: s.U16("Buffer"), SourceRegister: s.U16("SourceRegister"),
			Component: s.U16("Component"), TargetRegister: s.U16("TargetRegister")}
	})
	if a.UnknownMappingCount != 0 {
		r.ProblemAt(Note, 24, "Aon9 header", "UnknownMappingCount is %d; no known compiler writes these mappings, their bytes stay undecoded", a.UnknownMappingCount)
	}
	a.SamplerMappings = aon9Mappings(r, "SamplerMappings", a.SamplerMappingCount, a.SamplerMappingOffset, 4, func(s *binread.Reader) Aon9SamplerMapping {
		return Aon9SamplerMapping{Offset: s.Abs(), SourceResource: s.U8("SourceResource"), SourceSampler: s.U8("SourceSampler"),
			TargetSampler: s.U8("TargetSampler"), Reserved: s.U8("Reserved")}
	})
	a.RuntimeConstantMappings = aon9Mappings(r, "RuntimeConstantMappings", a.RuntimeConstantMappingCount, a.RuntimeConstantMappingOffset, 4, func(s *binread.Reader) Aon9RuntimeConstantMapping {
		return Aon9RuntimeConstantMapping{Offset: s.Abs(), ConstantDescription: Aon9RuntimeConstant(s.U16("ConstantDescription")), TargetRegister: s.U16("TargetRegister")}
	})
	sr := r.Sub(int(a.ShaderOffset), int(a.ShaderSize), "Aon9/Shader", "D3D9 shader")
	decodeD3D9Shader(&a.Shader, sr)
	if a.Shader.Version != a.ShaderVersion && len(a.Shader.Instructions) > 0 {
		r.ProblemAt(Warning, 4, "Aon9 header", "ShaderVersion 0x%08x differs from the shader's own version token 0x%08x", a.ShaderVersion, a.Shader.Version)
	}
	p.Summary = fmt.Sprintf("%s, %d instructions", a.Shader.Profile(), len(a.Shader.Instructions))
}

// ParseD3D9Shader decodes an SM 1.x-3.0 token stream on its own (the bytes
// D3DCompile returns for a D3D9 target, or the shader inside an Aon9 part).
func ParseD3D9Shader(b []byte) (*D3D9Shader, []Problem, []Span) {
	out := &report.Sink{}
	s := &D3D9Shader{}
	out.Guard(0, "", "D3D9 shader", func() { decodeD3D9Shader(s, binread.New(b, 0, "Shader", "", out)) })
	return s, out.Problems, out.Spans
}

// d3d9Decoder walks the token stream.
type d3d9Decoder struct {
	r     *binread.Reader
	s     *D3D9Shader
	w     []uint32
	pixel bool
	// unknown counts unknown opcodes; past a few, garbage is not news.
	unknown int
}

const maxUnknownOpcodeProblems = 8

func decodeD3D9Shader(s *D3D9Shader, r *binread.Reader) {
	s.Offset = r.Abs()
	n := r.Len() / 4
	if n == 0 {
		r.Problem(Error, "the D3D9 shader is empty: it needs at least a version token")
		return
	}
	// The shader as a whole: what the decoder adds to it (Offset, the
	// version token's fields) selects its bytes.
	r.Out.Span(Span{Path: r.Path, Off: r.Base, Size: int64(r.Len()), Kind: SpanStruct})
	w := make([]uint32, n)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(r.Data[i*4:])
	}
	s.Version = r.U32("Version")
	switch s.Version >> 16 {
	case 0xFFFE:
		s.ProgramType = "vs"
	case 0xFFFF:
		s.ProgramType = "ps"
	default:
		s.ProgramType = "unknown"
		r.ProblemAt(Error, 0, "D3D9 version token", "version token 0x%08x is neither a vertex (0xFFFE....) nor a pixel (0xFFFF....) shader", s.Version)
	}
	s.Major, s.Minor = uint8(s.Version>>8), uint8(s.Version)
	d := &d3d9Decoder{r: r, s: s, w: w, pixel: s.ProgramType == "ps"}
	d.run()
	if rest := r.Len() - n*4; rest > 0 {
		r.Seek(n * 4)
		r.Problem(Warning, "%d bytes after the last whole dword of the D3D9 shader", rest)
		r.Bytes("Trailing", rest)
	}
	d.applyDebug()
}

func (d *d3d9Decoder) run() {
	w := d.w
	i := 1
	ended := false
	for i < len(w) {
		tok := w[i]
		op := D3D9Opcode(tok & 0xffff)
		if op == D3D9OpEnd {
			d.r.Seek(i * 4)
			d.s.End = d.r.U32("End")
			i++
			ended = true
			break
		}
		if op == D3D9OpComment {
			i = d.comment(i)
			continue
		}
		i = d.instruction(i)
	}
	if !ended {
		d.r.ProblemAt(Warning, len(w)*4, "D3D9 shader", "the D3D9 token stream has no end token (0x0000FFFF)")
	} else if i < len(w) {
		d.r.Seek(i * 4)
		d.r.Problem(Warning, "%d dwords after the end token of the D3D9 shader", len(w)-i)
		d.r.Bytes("AfterEnd", (len(w)-i)*4)
	}
}

func (d *d3d9Decoder) comment(i int) int {
	w := d.w
	n := int(w[i] >> 16 & 0x7fff)
	idx := len(d.s.Comments)
	path := "Comments/" + strconv.Itoa(idx)
	d.r.Seek(i * 4)
	c := D3D9Comment{Offset: d.r.Abs()}
	d.r.Begin(path, "comment block")
	c.Token = d.r.U32("Token")
	if n > len(w)-i-1 {
		d.r.Problem(Error, "comment block of %d dwords runs past the end of the D3D9 shader (%d dwords remain)", n, len(w)-i-1)
		n = len(w) - i - 1
	}
	if n > 0 {
		c.FourCC = printable(d.r.Data[(i+1)*4 : (i+2)*4])
		d.r.Field("FourCC", 4, c.FourCC)
		d.r.Pos += 4
		body := d.r.Sub((i+2)*4, (n-1)*4, d.r.Join("Data"), c.FourCC+" comment")
		if c.FourCC == "DBUG" && d.s.Debug == nil {
			d.s.Debug = decodeD3D9Debug(body, d.r.Path)
		} else if len(body.Data) > 0 {
			body.Raw("", len(body.Data))
		}
	}
	d.r.Seek((i + 1 + n) * 4)
	d.r.End()
	c.Size = d.r.Abs() - c.Offset
	d.s.Comments = append(d.s.Comments, c)
	return i + 1 + n
}

// instruction decodes the instruction at word i and returns the index after it.
func (d *d3d9Decoder) instruction(i int) int {
	w := d.w
	tok := w[i]
	op := D3D9Opcode(tok & 0xffff)
	info, known := d3d9Ops[op]
	in := D3D9Instruction{Token: tok, Opcode: op, File: -1,
		Predicated: tok&(1<<28) != 0, Coissue: tok&(1<<30) != 0}
	var n int
	if d.s.Major >= 2 {
		n = int(tok >> 24 & 0xf)
		in.Length = uint8(n)
	} else {
		// SM 1.x tokens carry no length: the opcode says how many parameters follow.
		n = info.params
	}
	if n > len(w)-i-1 {
		d.r.Seek(i * 4)
		d.r.Problem(Error, "instruction %s needs %d parameter dwords, only %d remain in the D3D9 shader", op, n, len(w)-i-1)
		n = len(w) - i - 1
	}
	if !known {
		d.unknown++
		if d.unknown <= maxUnknownOpcodeProblems {
			d.r.Seek(i * 4)
			d.r.Problem(Warning, "unknown D3D9 opcode %d", uint16(op))
		}
	}
	idx := len(d.s.Instructions)
	d.r.Seek(i * 4)
	in.Offset = d.r.Abs()
	d.r.Begin("Instructions/"+strconv.Itoa(idx), "D3D9 instruction")
	d.r.U32("Token")
	end := i + 1 + n
	j := i + 1
	next := func(role string) *D3D9Param {
		if j >= end {
			return nil
		}
		p := D3D9Param{Offset: d.r.Base + int64(j*4), Token: w[j], Role: role}
		j++
		return &p
	}
	var dst *D3D9Param
	var srcs []*D3D9Param
	var dclTok *D3D9Param
	var imms []*D3D9Param
	switch {
	case op == D3D9OpDcl:
		dclTok = next("dcl")
		dst = next("dst")
	case op == D3D9OpDef || op == D3D9OpDefI || op == D3D9OpDefB:
		dst = next("dst")
		for j < end {
			imms = append(imms, next("imm"))
		}
	default:
		if !info.noDst || !known {
			dst = next("dst")
			if dst != nil && dst.Token&(1<<13) != 0 && d.s.Major >= 3 {
				dst.Relative = next("rel")
			}
		}
		if in.Predicated {
			if p := next("src"); p != nil {
				srcs = append(srcs, p)
			}
		}
		for j < end {
			p := next("src")
			if p.Token&(1<<13) != 0 && d.s.Major >= 2 {
				p.Relative = next("rel")
			}
			srcs = append(srcs, p)
		}
	}
	var pred *D3D9Param
	if in.Predicated && len(srcs) > 0 {
		pred, srcs = srcs[0], srcs[1:]
	}
	// Record the parameters in token order.
	add := func(p *D3D9Param) {
		if p == nil {
			return
		}
		d.fill(p, in.Opcode)
		k := len(in.Params)
		in.Params = append(in.Params, *p)
		d.r.Seek(int(p.Offset - d.r.Base))
		d.r.Begin("Params/"+strconv.Itoa(k), "D3D9 parameter")
		d.r.Field("Token", 4, p.Text)
		d.r.Pos += 4
		if p.Relative != nil {
			d.r.Field("Relative/Token", 4, p.Relative.Text)
			d.r.Pos += 4
		}
		d.r.End()
	}
	add(dclTok)
	add(dst)
	if pred != nil {
		add(pred)
	}
	for _, p := range srcs {
		add(p)
	}
	for _, p := range imms {
		add(p)
	}
	d.r.Seek(end * 4)
	d.r.End()
	in.Size = int64(end-i) * 4
	in.Text = d.text(&in, dclTok, dst, pred, srcs, imms)
	d.s.Instructions = append(d.s.Instructions, in)
	if end <= i {
		return i + 1
	}
	return end
}

// fill decodes a parameter token's fields and text.
func (d *d3d9Decoder) fill(p *D3D9Param, op D3D9Opcode) {
	t := p.Token
	switch p.Role {
	case "dcl":
		p.Text = d.dclText(t)
		return
	case "imm":
		switch op {
		case D3D9OpDef:
			p.Text = d3d9Float(math.Float32frombits(t))
		case D3D9OpDefB:
			if t != 0 {
				p.Text = "true"
			} else {
				p.Text = "false"
			}
		default:
			p.Text = strconv.Itoa(int(int32(t)))
		}
		return
	}
	p.RegisterType = D3D9RegisterType(t>>28&7 | t>>8&0x18)
	p.Register = t & 0x7ff
	reg := d3d9RegText(p.RegisterType, p.Register, d.pixel, d.s.Major)
	if p.Relative != nil {
		d.fill(p.Relative, op)
		reg += "[" + p.Relative.Text + "]"
	} else if t&(1<<13) != 0 && d.s.Major < 2 && p.Role == "src" {
		reg += "[a0.x]"
	}
	switch p.Role {
	case "dst":
		p.WriteMask = uint8(t >> 16 & 0xf)
		p.ResultModifier = uint8(t >> 20 & 0xf)
		p.Shift = int8(t>>20) >> 4 // bits 24-27 as a signed nibble
		p.Text = reg
		if p.WriteMask != 0xf {
			p.Text += "." + d3d9Mask(p.WriteMask)
		}
	case "rel":
		p.Swizzle = d3d9Swizzle(t)
		// A relative address selects one component: the swizzle's first.
		p.Text = reg + "." + string("xyzw"[p.Swizzle[0]])
	default:
		p.Swizzle = d3d9Swizzle(t)
		p.SourceModifier = uint8(t >> 24 & 0xf)
		s := reg + d3d9SwizzleText(p.Swizzle)
		if int(p.SourceModifier) < len(d3d9SourceModifiers) {
			m := d3d9SourceModifiers[p.SourceModifier]
			s = m.pre + s + m.post
		} else {
			s += fmt.Sprintf("_mod%d", p.SourceModifier)
		}
		p.Text = s
	}
}

func (d *d3d9Decoder) dclText(t uint32) string {
	u := fmt.Sprintf("usage%d", t&0x1f)
	if int(t&0x1f) < len(d3d9Usages) {
		u = d3d9Usages[t&0x1f]
	}
	return fmt.Sprintf("%s%d", u, t>>16&0xf)
}

func d3d9Swizzle(t uint32) [4]uint8 {
	return [4]uint8{uint8(t >> 16 & 3), uint8(t >> 18 & 3), uint8(t >> 20 & 3), uint8(t >> 22 & 3)}
}

// d3d9SwizzleText prints a source swizzle as the D3D9 disassembler does:
// nothing for .xyzw, one letter when all four agree, else all four.
func d3d9SwizzleText(s [4]uint8) string {
	if s == [4]uint8{0, 1, 2, 3} {
		return ""
	}
	if s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
		return "." + string("xyzw"[s[0]])
	}
	b := []byte{'.', "xyzw"[s[0]], "xyzw"[s[1]], "xyzw"[s[2]], "xyzw"[s[3]]}
	return string(b)
}

func d3d9Mask(m uint8) string {
	var b strings.Builder
	for i, c := range "xyzw" {
		if m&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// d3d9Float prints a def constant as the D3D9 disassembler does: %g with
// up to nine significant digits ("0.5", "-0", "1.44269502").
func d3d9Float(f float32) string {
	return strconv.FormatFloat(float64(f), 'g', 9, 64)
}

// text is the instruction's listing line.
func (d *d3d9Decoder) text(in *D3D9Instruction, dclTok, dst, pred *D3D9Param, srcs, imms []*D3D9Param) string {
	var b strings.Builder
	op := in.Opcode
	if in.Coissue {
		b.WriteString("+")
	}
	if pred != nil {
		b.WriteString("(" + pred.Text + ") ")
	}
	name := op.String()
	ctl := in.Token >> 16 & 0xff
	switch op {
	case D3D9OpDcl:
		name = "dcl"
		if dclTok != nil && dst != nil {
			t := dclTok.Token
			switch {
			case dst.RegisterType == D3D9RegSampler:
				if st, ok := d3d9SamplerTypes[t>>27&0xf]; ok {
					name += "_" + st
				} else {
					name += fmt.Sprintf("_unknown%d", t>>27&0xf)
				}
			case d.pixel && d.s.Major < 3, dst.RegisterType == D3D9RegMisc:
				// ps_2_x declares t# and v# without a usage.
			default:
				u := t & 0x1f
				if int(u) < len(d3d9Usages) {
					name += "_" + d3d9Usages[u]
				} else {
					name += fmt.Sprintf("_usage%d", u)
				}
				if ix := t >> 16 & 0xf; ix != 0 {
					name += strconv.Itoa(int(ix))
				}
			}
		}
	case D3D9OpTex:
		if d.pixel && d.s.Major >= 2 {
			switch ctl {
			case 1:
				name = "texldp"
			case 2:
				name = "texldb"
			}
		} else if d.pixel && d.s.Major < 2 {
			name = "tex"
		}
	case D3D9OpIfc, D3D9OpBreakc, D3D9OpSetp:
		name += d3d9Comparisons[ctl&7]
	}
	b.WriteString(name)
	if dst != nil {
		if dst.ResultModifier&1 != 0 {
			b.WriteString("_sat")
		}
		if dst.ResultModifier&2 != 0 {
			b.WriteString("_pp")
		}
		if dst.ResultModifier&4 != 0 {
			b.WriteString("_centroid")
		}
		switch dst.Shift {
		case 1:
			b.WriteString("_x2")
		case 2:
			b.WriteString("_x4")
		case 3:
			b.WriteString("_x8")
		case -1:
			b.WriteString("_d2")
		case -2:
			b.WriteString("_d4")
		case -3:
			b.WriteString("_d8")
		}
	}
	var ops []string
	if dst != nil {
		ops = append(ops, dst.Text)
	}
	for _, p := range srcs {
		ops = append(ops, p.Text)
	}
	for _, p := range imms {
		ops = append(ops, p.Text)
	}
	if len(ops) > 0 {
		b.WriteString(" ")
		b.WriteString(strings.Join(ops, ", "))
	}
	return b.String()
}

// applyDebug copies each instruction's source position and written
// variables from the DBUG block onto the instruction.
func (d *d3d9Decoder) applyDebug() {
	db := d.s.Debug
	if db == nil {
		return
	}
	byOffset := make(map[int64]int, len(d.s.Instructions))
	for i, in := range d.s.Instructions {
		byOffset[in.Offset-d.s.Offset] = i
	}
	// The variables' instruction numbers index DBUG's instruction list.
	dbIndex := make([]int, len(db.Instructions))
	for k, di := range db.Instructions {
		dbIndex[k] = -1
		if i, ok := byOffset[int64(di.Offset)]; ok {
			dbIndex[k] = i
			in := &d.s.Instructions[i]
			if di.File != 0xFFFF && int(di.File) < len(db.Files) {
				in.Line, in.File = di.Line, int(di.File)
			}
		}
	}
	comments := make([][]string, len(d.s.Instructions))
	for vi := range db.Variables {
		v := &db.Variables[vi]
		label := v.label(db.EntryPointOffset)
		for _, reg := range v.Registers {
			if uint64(reg.Instruction) >= uint64(len(dbIndex)) || dbIndex[reg.Instruction] < 0 {
				continue
			}
			var comps []string
			for _, c := range reg.Components {
				if c != 0xFFFF {
					comps = append(comps, strconv.Itoa(int(c)))
				}
			}
			if len(comps) == 0 {
				continue
			}
			k := dbIndex[reg.Instruction]
			comments[k] = append(comments[k], label+"<"+strings.Join(comps, ",")+">")
		}
	}
	for k, c := range comments {
		d.s.Instructions[k].Comment = strings.Join(c, ", ")
	}
}

// dbugMaxString bounds a DBUG string (source paths are the longest).
const dbugMaxString = 4096

// aon9Mappings reads one of the Aon9 mapping tables: count records of size
// bytes at off, each read by read (as far as whole records remain).
func aon9Mappings[T any](r *binread.Reader, name string, count, off uint16, size int, read func(s *binread.Reader) T) []T {
	if count == 0 {
		return nil
	}
	var out []T
	s := r.Sub(int(off), int(count)*size, "Aon9/"+name, name)
	for i := 0; i < int(count) && s.Remaining() >= size; i++ {
		s.Begin(strconv.Itoa(i), name)
		out = append(out, read(s))
		s.End()
	}
	return out
}

// decodeD3D9Debug reads a DBUG block; r covers the bytes after "DBUG".
func decodeD3D9Debug(r *binread.Reader, commentPath string) *D3D9DebugInfo {
	db := &D3D9DebugInfo{}
	r.Path = strings.TrimSuffix(commentPath, "/Data")
	// The typed value lives at Shader/Debug, whatever comment block held it.
	if k := strings.LastIndex(r.Path, "/Comments/"); k >= 0 {
		r.Path = r.Path[:k] + "/Debug"
	}
	db.Size = r.U32("Size")
	db.CreatorOffset = r.U32("CreatorOffset")
	db.Reserved = r.U32("Reserved")
	db.FileCount = r.U32("FileCount")
	db.FileOffset = r.U32("FileOffset")
	db.InstructionCount = r.U32("InstructionCount")
	db.InstructionOffset = r.U32("InstructionOffset")
	db.VariableCount = r.U32("VariableCount")
	db.VariableOffset = r.U32("VariableOffset")
	db.EntryPointOffset = r.U32("EntryPointOffset")
	if r.Failed {
		return db
	}
	str := func(off uint32, name string, record bool) string {
		if off == 0 || uint64(off) >= uint64(r.Len()) {
			return ""
		}
		// Names are short; the cap keeps many variables that share one
		// unterminated name from costing more than linear time.
		s := r.Sub(int(off), min(r.Len()-int(off), dbugMaxString), r.Path, "DBUG string")
		if record {
			return s.CString(name)
		}
		rest := s.Data
		for i, c := range rest {
			if c == 0 {
				return string(rest[:i])
			}
		}
		return string(rest)
	}
	// fits bounds a table by the bytes that exist, so a huge count costs nothing.
	fits := func(count, off uint32, size int, what string) int {
		if uint64(off) > uint64(r.Len()) {
			r.ProblemAt(Error, 0, "DBUG", "%s at 0x%x is past the end of the DBUG block (%d bytes)", what, off, r.Len())
			return 0
		}
		room := (r.Len() - int(off)) / size
		if uint64(count) > uint64(room) {
			r.ProblemAt(Error, int(off), "DBUG", "%d %s do not fit in the DBUG block; reading %d", count, what, room)
			return room
		}
		return int(count)
	}
	db.Creator = str(db.CreatorOffset, "Creator", true)
	db.EntryPoint = str(db.EntryPointOffset, "EntryPoint", true)
	nf := fits(db.FileCount, db.FileOffset, 4, "files")
	for i := 0; i < nf; i++ {
		r.Seek(int(db.FileOffset) + 4*i)
		off := r.U32("FileNameOffsets/" + strconv.Itoa(i))
		db.FileNameOffsets = append(db.FileNameOffsets, off)
		db.Files = append(db.Files, str(off, "Files/"+strconv.Itoa(i), true))
	}
	ni := fits(db.InstructionCount, db.InstructionOffset, 8, "instructions")
	for i := 0; i < ni; i++ {
		r.Seek(int(db.InstructionOffset) + 8*i)
		r.Begin("Instructions/"+strconv.Itoa(i), "DBUG instruction")
		db.Instructions = append(db.Instructions, D3D9DebugInstruction{
			Line: r.U16("Line"), File: r.U16("File"), Offset: r.U32("Offset")})
		r.End()
	}
	nv := fits(db.VariableCount, db.VariableOffset, 20, "variables")
	// Variables may share one register table; a budget of one read per
	// 12 bytes keeps the work linear in the block's size.
	budget := r.Len() / 12
	for i := 0; i < nv; i++ {
		r.Seek(int(db.VariableOffset) + 20*i)
		p := "Variables/" + strconv.Itoa(i)
		r.Begin(p, "DBUG variable")
		v := D3D9DebugVariable{ScopeOffset: r.U32("ScopeOffset"), NameOffset: r.U32("NameOffset"),
			TypeOffset: r.U32("TypeOffset"), RegisterCount: r.U32("RegisterCount"), RegisterOffset: r.U32("RegisterOffset")}
		r.End()
		v.Scope = str(v.ScopeOffset, "", false)
		v.Name = str(v.NameOffset, p+"/Name", true)
		nr := fits(v.RegisterCount, v.RegisterOffset, 12, "variable registers")
		if nr > budget {
			r.ProblemAt(Error, int(v.RegisterOffset), "DBUG", "the variables' register tables overlap: more entries than the DBUG block holds; reading %d more", budget)
			nr = budget
		}
		budget -= nr
		for k := 0; k < nr; k++ {
			r.Seek(int(v.RegisterOffset) + 12*k)
			r.Begin(p+"/Registers/"+strconv.Itoa(k), "DBUG register")
			reg := D3D9DebugRegister{Instruction: r.U32("Instruction")}
			for c := range reg.Components {
				reg.Components[c] = r.U16("Components/" + strconv.Itoa(c))
			}
			r.End()
			v.Registers = append(v.Registers, reg)
		}
		db.Variables = append(db.Variables, v)
	}
	return db
}
