// Package d3d9 decodes and prints the Direct3D 9 shader token stream
// (shader models 1.x to 3.0), the code FXC embeds in the Aon9 part of its
// *_4_0_level_9_* targets.
//
// Decode returns the instructions with typed parameter tokens (register
// file, number, write mask or swizzle, modifiers, relative addressing), the
// comment blocks and the DBUG debug information; Format prints an
// instruction as FXC's level-9 listing does. The values Decode returns hold
// no text; the spans it records label each parameter token with its
// spelling (FormatParam), as the hex view shows it. The layout follows the
// D3D9 "Shader Binary Format" (d3d9types.h); the spellings follow the D3D9
// assembly reference and FXC's listings.
package d3d9

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Version is a D3D9 version token: 0xFFFE (vertex) or 0xFFFF (pixel) in
// the high half, then the major and minor shader model.
type Version uint32

// Type returns "vs", "ps", or "unknown".
func (v Version) Type() string {
	switch v >> 16 {
	case 0xFFFE:
		return "vs"
	case 0xFFFF:
		return "ps"
	}
	return "unknown"
}

// Pixel reports a pixel shader's version token.
func (v Version) Pixel() bool { return v>>16 == 0xFFFF }

// Major is the shader model's major number.
func (v Version) Major() uint8 { return uint8(v >> 8) }

// Minor is the shader model's minor number.
func (v Version) Minor() uint8 { return uint8(v) }

// Profile returns the target name as the listing prints it ("vs_2_0", "ps_2_x").
func (v Version) Profile() string {
	if v.Major() == 2 && v.Minor() == 1 {
		return v.Type() + "_2_x"
	}
	return fmt.Sprintf("%s_%d_%d", v.Type(), v.Major(), v.Minor())
}

// Shader is an SM 1.x-3.0 token stream: a version token, then instructions
// and comment blocks up to the end token.
type Shader struct {
	Version      Version
	Instructions []Instruction
	Comments     []Comment
	Debug        *DebugInfo // the DBUG comment block, when the shader was compiled with debug information
	End          uint32     // the end token (0x0000FFFF)
	Offset       int64      // absolute offset of the version token
}

// Instruction is one instruction: its token and its parameter tokens.
type Instruction struct {
	Offset     int64 // absolute offset of the instruction token
	Size       int64
	Token      uint32
	Opcode     Opcode
	Length     uint8 // parameter dwords the token declares (SM 2.0+)
	Predicated bool
	Coissue    bool
	// Params are in token order: dcl's usage token, the destination, the
	// predicate (a predicated instruction's first source), the sources,
	// the immediates of def, defi and defb.
	Params []Param
	// Version is the shader's version token: registers are spelled per
	// shader type and model.
	Version Version

	// From the debug information (when there is a DBUG block).
	Line   uint16
	File   int     // index in Debug.Files, -1 when none
	Writes []Write // the variables the instruction writes

	// Cut says the shader's bytes end (the file is cut short) before the
	// parameters the token declares: Size counts only those present.
	Cut bool
}

// Param is one parameter token (or the dcl usage token, or an immediate of
// def/defi/defb).
type Param struct {
	Offset         int64
	Token          uint32
	Role           Role
	RegisterType   RegisterType
	Register       uint32
	WriteMask      uint8    // dst: x=1 ... w=8
	ResultModifier uint8    // dst: 1 saturate, 2 partial precision, 4 centroid
	Shift          int8     // dst
	Swizzle        [4]uint8 // src, rel
	SourceModifier uint8    // src: D3DSPSM_*
	Relative       *Param
}

// Write is the part of a source variable one instruction writes (from DBUG).
type Write struct {
	Variable   int      // index in Debug.Variables
	Components []uint16 // the variable's components (flattened to scalars) in the register's x, y, z, w
}

// Comment is one comment block of the token stream (CTAB, DBUG, ...).
type Comment struct {
	Offset int64 // absolute offset of the comment token
	Size   int64
	Token  uint32 // 0xFFFE and the length in dwords (bits 16-30)
	FourCC string
	// Cut says the shader's bytes end (the file is cut short) inside the
	// block: Size counts only the dwords present.
	Cut bool `json:"-"`
}

// DebugInfo is the DBUG comment block: the source files, the source line
// of each instruction and the variables each instruction writes. The
// offsets count from the byte after "DBUG"; the instruction offsets count
// from the version token.
type DebugInfo struct {
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
	Instructions    []DebugInstruction
	Variables       []DebugVariable
}

// DebugInstruction gives one instruction's source position.
type DebugInstruction struct {
	Line   uint16
	File   uint16 // 0xFFFF: no source position (declarations)
	Offset uint32 // of the instruction token, from the version token
}

// DebugVariable is a source variable and where its components are written.
type DebugVariable struct {
	ScopeOffset    uint32 // the enclosing function's name; 0 at global scope
	NameOffset     uint32
	TypeOffset     uint32
	RegisterCount  uint32
	RegisterOffset uint32
	Scope          string
	Name           string
	Registers      []DebugRegister
}

// DebugRegister says which components of the variable (flattened to
// scalars) instruction Instruction writes to x, y, z, w (0xFFFF: none).
type DebugRegister struct {
	Instruction uint32
	Components  [4]uint16
}

// label names the variable as the listing comments do: bare inside the entry
// point, "::name" at global scope, "Function::name" elsewhere.
func (v *DebugVariable) label(entryOffset uint32) string {
	if v.ScopeOffset == entryOffset && v.ScopeOffset != 0 {
		return v.Name
	}
	return v.Scope + "::" + v.Name
}

// decoder walks the token stream.
type decoder struct {
	r *binread.Reader
	s *Shader
	w []uint32
	// unknown counts unknown opcodes; past a few, garbage is not news.
	unknown int
}

const maxUnknownOpcodeProblems = 8

// Decode decodes the token stream in r into s, with problems and spans
// (paths under r.Path: Version, Instructions/N/Params/K/Token, Comments/N,
// Debug) going to r.
func Decode(s *Shader, r *binread.Reader) {
	s.Offset = r.Abs()
	n := r.Len() / 4
	if n == 0 {
		r.Problem(report.Error, "the D3D9 shader is empty: it needs at least a version token")
		return
	}
	// The shader as a whole: what the decoder adds to it (Offset, the
	// version token's fields) selects its bytes. A shader cut short has no
	// such span: its bytes do not hold all it would say (the end token).
	if !r.Short {
		r.Out.Span(report.Span{Path: r.Path, Off: r.Base, Size: int64(r.Len()), Kind: report.SpanStruct})
	}
	w := make([]uint32, n)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(r.Data[i*4:])
	}
	s.Version = Version(r.U32("Version"))
	if s.Version.Type() == "unknown" {
		r.ProblemAt(report.Error, 0, "D3D9 version token", "version token 0x%08x is neither a vertex (0xFFFE....) nor a pixel (0xFFFF....) shader", uint32(s.Version))
	}
	d := &decoder{r: r, s: s, w: w}
	d.run()
	if rest := r.Len() - n*4; rest > 0 {
		r.Seek(n * 4)
		r.Problem(report.Warning, "%d bytes after the last whole dword of the D3D9 shader", rest)
		r.Bytes("Trailing", rest)
	}
	d.applyDebug()
}

func (d *decoder) run() {
	w := d.w
	i := 1
	ended := false
	for i < len(w) {
		tok := w[i]
		op := Opcode(tok & 0xffff)
		if op == OpEnd {
			d.r.Seek(i * 4)
			d.s.End = d.r.U32("End")
			i++
			ended = true
			break
		}
		if op == OpComment {
			i = d.comment(i)
			continue
		}
		i = d.instruction(i)
	}
	if !ended {
		d.r.ProblemAt(report.Warning, len(w)*4, "D3D9 shader", "the D3D9 token stream has no end token (0x0000FFFF)")
	} else if i < len(w) {
		d.r.Seek(i * 4)
		d.r.Problem(report.Warning, "%d dwords after the end token of the D3D9 shader", len(w)-i)
		d.r.Bytes("AfterEnd", (len(w)-i)*4)
	}
}

func (d *decoder) comment(i int) int {
	w := d.w
	n := int(w[i] >> 16 & 0x7fff)
	idx := len(d.s.Comments)
	path := "Comments/" + strconv.Itoa(idx)
	d.r.Seek(i * 4)
	c := Comment{Offset: d.r.Abs()}
	d.r.Begin(path, "comment block")
	c.Token = d.r.U32("Token")
	if n > len(w)-i-1 {
		d.r.Problem(report.Error, "comment block of %d dwords runs past the end of the D3D9 shader (%d dwords remain)", n, len(w)-i-1)
		n = len(w) - i - 1
		c.Cut = d.r.Short
	}
	if n > 0 {
		c.FourCC = binread.Printable(d.r.Data[(i+1)*4 : (i+2)*4])
		d.r.Field("FourCC", 4, c.FourCC)
		d.r.Pos += 4
		body := d.r.Sub((i+2)*4, (n-1)*4, d.r.Join("Data"), c.FourCC+" comment")
		// A block cut with the file is cut where its whole dwords end, which
		// may be before the file's last bytes: Sub alone would not know.
		body.Short = body.Short || c.Cut
		if c.FourCC == "DBUG" && d.s.Debug == nil {
			d.s.Debug = decodeDebug(body, d.r.Path)
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
func (d *decoder) instruction(i int) int {
	w := d.w
	tok := w[i]
	op := Opcode(tok & 0xffff)
	info, known := ops[op]
	major := d.s.Version.Major()
	in := Instruction{Token: tok, Opcode: op, File: -1, Version: d.s.Version,
		Predicated: tok&(1<<28) != 0, Coissue: tok&(1<<30) != 0}
	var n int
	if major >= 2 {
		n = int(tok >> 24 & 0xf)
		in.Length = uint8(n)
	} else {
		// SM 1.x tokens carry no length: the opcode says how many parameters follow.
		n = info.params
	}
	if n > len(w)-i-1 {
		d.r.Seek(i * 4)
		d.r.Problem(report.Error, "instruction %s needs %d parameter dwords, only %d remain in the D3D9 shader", op, n, len(w)-i-1)
		n = len(w) - i - 1
		in.Cut = d.r.Short
	}
	if !known {
		d.unknown++
		if d.unknown <= maxUnknownOpcodeProblems {
			d.r.Seek(i * 4)
			d.r.Problem(report.Warning, "unknown D3D9 opcode %d", uint16(op))
		}
	}
	idx := len(d.s.Instructions)
	d.r.Seek(i * 4)
	in.Offset = d.r.Abs()
	d.r.Begin("Instructions/"+strconv.Itoa(idx), "D3D9 instruction")
	d.r.U32("Token")
	end := i + 1 + n
	j := i + 1
	next := func(role Role) *Param {
		if j >= end {
			return nil
		}
		p := Param{Offset: d.r.Base + int64(j*4), Token: w[j], Role: role}
		j++
		return &p
	}
	var dst, dclTok *Param
	var srcs, imms []*Param
	switch {
	case op == OpDcl:
		dclTok = next(RoleDcl)
		dst = next(RoleDst)
	case op == OpDef || op == OpDefI || op == OpDefB:
		dst = next(RoleDst)
		for j < end {
			imms = append(imms, next(RoleImm))
		}
	default:
		if !info.noDst || !known {
			dst = next(RoleDst)
			if dst != nil && dst.Token&(1<<13) != 0 && major >= 3 {
				dst.Relative = next(RoleRelative)
			}
		}
		if in.Predicated {
			if p := next(RoleSrc); p != nil {
				srcs = append(srcs, p)
			}
		}
		for j < end {
			p := next(RoleSrc)
			if p.Token&(1<<13) != 0 && major >= 2 {
				p.Relative = next(RoleRelative)
			}
			srcs = append(srcs, p)
		}
	}
	// Record the parameters in token order (the predicate is the first source).
	add := func(p *Param) {
		if p == nil {
			return
		}
		fill(p, major)
		k := len(in.Params)
		in.Params = append(in.Params, *p)
		d.r.Seek(int(p.Offset - d.r.Base))
		d.r.Begin("Params/"+strconv.Itoa(k), "D3D9 parameter")
		d.r.Field("Token", 4, FormatParam(&in, p))
		d.r.Pos += 4
		if p.Relative != nil {
			d.r.Field("Relative/Token", 4, FormatParam(&in, p.Relative))
			d.r.Pos += 4
		}
		d.r.End()
	}
	add(dclTok)
	add(dst)
	for _, p := range srcs {
		add(p)
	}
	for _, p := range imms {
		add(p)
	}
	d.r.Seek(end * 4)
	d.r.End()
	in.Size = int64(end-i) * 4
	d.s.Instructions = append(d.s.Instructions, in)
	if end <= i {
		return i + 1
	}
	return end
}

// fill decodes a parameter token's fields.
func fill(p *Param, major uint8) {
	t := p.Token
	if p.Role == RoleDcl || p.Role == RoleImm {
		return
	}
	p.RegisterType = RegisterType(t>>28&7 | t>>8&0x18)
	p.Register = t & 0x7ff
	if p.Relative != nil {
		fill(p.Relative, major)
	}
	switch p.Role {
	case RoleDst:
		p.WriteMask = uint8(t >> 16 & 0xf)
		p.ResultModifier = uint8(t >> 20 & 0xf)
		p.Shift = int8(t>>20) >> 4 // bits 24-27 as a signed nibble
	case RoleRelative:
		p.Swizzle = swizzle(t)
	default:
		p.Swizzle = swizzle(t)
		p.SourceModifier = uint8(t >> 24 & 0xf)
	}
}

func swizzle(t uint32) [4]uint8 {
	return [4]uint8{uint8(t >> 16 & 3), uint8(t >> 18 & 3), uint8(t >> 20 & 3), uint8(t >> 22 & 3)}
}

// applyDebug copies each instruction's source position and written
// variables from the DBUG block onto the instruction.
func (d *decoder) applyDebug() {
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
	for vi := range db.Variables {
		v := &db.Variables[vi]
		for _, reg := range v.Registers {
			if uint64(reg.Instruction) >= uint64(len(dbIndex)) || dbIndex[reg.Instruction] < 0 {
				continue
			}
			var comps []uint16
			for _, c := range reg.Components {
				if c != 0xFFFF {
					comps = append(comps, c)
				}
			}
			if len(comps) == 0 {
				continue
			}
			in := &d.s.Instructions[dbIndex[reg.Instruction]]
			in.Writes = append(in.Writes, Write{Variable: vi, Components: comps})
		}
	}
}

// FormatWrites returns the variables instruction in of s writes as FXC's
// listing comments them: "::vout<0>, pin<1,2>" (bare inside the entry
// point, "::name" at global scope, "Function::name" elsewhere).
func FormatWrites(s *Shader, in *Instruction) string {
	if s.Debug == nil || len(in.Writes) == 0 {
		return ""
	}
	parts := make([]string, 0, len(in.Writes))
	for _, w := range in.Writes {
		v := &s.Debug.Variables[w.Variable]
		comps := make([]string, len(w.Components))
		for i, c := range w.Components {
			comps[i] = strconv.Itoa(int(c))
		}
		parts = append(parts, v.label(s.Debug.EntryPointOffset)+"<"+strings.Join(comps, ",")+">")
	}
	return strings.Join(parts, ", ")
}
