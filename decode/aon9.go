package decode

import (
	"fmt"
	"strconv"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/d3d9"
)

// Aon9 is the Aon9 part FXC writes for the *_4_0_level_9_* targets: a D3D9
// (SM 2.x) version of the shader that Direct3D 11 runs on feature-level 9
// hardware, with the tables that map the SM4 constant buffers, samplers and
// runtime values onto D3D9 registers. Offsets count from the part's data.
// (Layout as the Direct3D 11 runtime reads it; DXDecompiler's Level9ShaderChunk
// reads the same fields.)
type Aon9 struct {
	ChunkSize     uint32 // repeats the part size
	ShaderVersion uint32 // the D3D9 version token (0xFFFE0200 vs_2_0, 0xFFFF0200 ps_2_0); 2.0 also for a 2_x shader (aon9VersionsAgree)
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

	ConstantBufferMappings  []aon9ConstantBufferMapping  `json:",omitempty"`
	LoopRegisterMappings    []aon9LoopRegisterMapping    `json:",omitempty"`
	SamplerMappings         []aon9SamplerMapping         `json:",omitempty"`
	RuntimeConstantMappings []aon9RuntimeConstantMapping `json:",omitempty"`

	Shader D3D9Shader
}

// aon9ConstantBufferMapping copies RegisterCount registers of constant buffer
// Buffer, from StartRegister, into D3D9 float constants from c<TargetRegister>.
type aon9ConstantBufferMapping struct {
	Buffer         uint16
	StartRegister  uint16
	RegisterCount  uint16
	TargetRegister uint16
	DataConversion [4]aon9DataConversion
	Offset         int64 // added: absolute offset of the entry
}

// aon9LoopRegisterMapping loads a D3D9 integer register i<TargetRegister>
// from one component of a constant-buffer register.
type aon9LoopRegisterMapping struct {
	Buffer         uint16
	SourceRegister uint16
	Component      uint16
	TargetRegister uint16
	Offset         int64 // added
}

// aon9SamplerMapping binds D3D9 sampler s<TargetSampler> to the SM4 sampler
// and texture it was made from.
type aon9SamplerMapping struct {
	SourceResource uint8
	SourceSampler  uint8
	TargetSampler  uint8
	Reserved       uint8
	Offset         int64 // added
}

// aon9RuntimeConstantMapping is a D3D9 constant the runtime fills (the
// half-pixel position offset of vertex shaders).
type aon9RuntimeConstantMapping struct {
	ConstantDescription aon9RuntimeConstant
	TargetRegister      uint16
	Offset              int64 // added
}

// D3D9Shader is the level-9 shader as JSON shows it: an SM 1.x-3.0 token
// stream (package d3d9 decodes and prints it), every instruction with its
// text as FXC's listing prints it.
type D3D9Shader struct {
	Version      uint32
	ProgramType  string // added: "vs" or "ps"
	Major        uint8
	Minor        uint8
	Instructions []D3D9Instruction
	Comments     []d3d9.Comment  `json:",omitempty"`
	Debug        *d3d9.DebugInfo `json:",omitempty"` // the DBUG comment block, when the shader was compiled with debug information
	End          uint32          // the end token (0x0000FFFF)
	Offset       int64           // added: absolute offset of the version token
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
	Opcode     d3d9.Opcode
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
	RegisterType   d3d9.RegisterType
	Register       uint32
	WriteMask      uint8      `json:",omitempty"` // dst: x=1 ... w=8
	ResultModifier uint8      `json:",omitempty"` // dst: 1 saturate, 2 partial precision, 4 centroid
	Shift          int8       `json:",omitempty"` // dst
	Swizzle        [4]uint8   `json:"-"`
	SourceModifier uint8      `json:",omitempty"` // src: D3DSPSM_*
	Relative       *D3D9Param `json:",omitempty"`
	Text           string
}

func init() {
	RegisterPart(PartKind{Name: "Aon9", Title: "10Level9 shader",
		About: "A Direct3D 9 style shader for feature level 9 devices, embedded by FXC for 4_0_level_9_x targets: the SM 2.x code and the tables that map constant buffers and samplers onto D3D9 registers.",
		Key:   "Level9", Decode: partOnly(decodeAon9)})
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
	// The tables and the shader each have their own bytes in every file a
	// compiler wrote; a table whose offset points into bytes already taken
	// is reported and left undecoded, so crafted offsets cannot have the
	// same bytes decoded once per table.
	taken := &aon9Ranges{{"Shader", int(a.ShaderOffset), min(int(a.ShaderOffset)+int(a.ShaderSize), r.Len())}}
	a.ConstantBufferMappings = aon9Mappings(r, taken, "ConstantBufferMappings", a.ConstantBufferMappingCount, a.ConstantBufferMappingOffset, 12, func(s *binread.Reader) aon9ConstantBufferMapping {
		m := aon9ConstantBufferMapping{Offset: s.Abs(), Buffer: s.U16("Buffer"), StartRegister: s.U16("StartRegister"),
			RegisterCount: s.U16("RegisterCount"), TargetRegister: s.U16("TargetRegister")}
		for j := range m.DataConversion {
			m.DataConversion[j] = aon9DataConversion(s.U8("DataConversion/" + strconv.Itoa(j)))
		}
		return m
	})
	a.LoopRegisterMappings = aon9Mappings(r, taken, "LoopRegisterMappings", a.LoopRegisterMappingCount, a.LoopRegisterMappingOffset, 8, func(s *binread.Reader) aon9LoopRegisterMapping {
		return aon9LoopRegisterMapping{Offset: s.Abs(), Buffer: s.U16("Buffer"), SourceRegister: s.U16("SourceRegister"),
			Component: s.U16("Component"), TargetRegister: s.U16("TargetRegister")}
	})
	if a.UnknownMappingCount != 0 {
		r.ProblemAt(Note, 24, "Aon9 header", "UnknownMappingCount is %d; no known compiler writes these mappings, their bytes stay undecoded", a.UnknownMappingCount)
	}
	a.SamplerMappings = aon9Mappings(r, taken, "SamplerMappings", a.SamplerMappingCount, a.SamplerMappingOffset, 4, func(s *binread.Reader) aon9SamplerMapping {
		return aon9SamplerMapping{Offset: s.Abs(), SourceResource: s.U8("SourceResource"), SourceSampler: s.U8("SourceSampler"),
			TargetSampler: s.U8("TargetSampler"), Reserved: s.U8("Reserved")}
	})
	a.RuntimeConstantMappings = aon9Mappings(r, taken, "RuntimeConstantMappings", a.RuntimeConstantMappingCount, a.RuntimeConstantMappingOffset, 4, func(s *binread.Reader) aon9RuntimeConstantMapping {
		return aon9RuntimeConstantMapping{Offset: s.Abs(), ConstantDescription: aon9RuntimeConstant(s.U16("ConstantDescription")), TargetRegister: s.U16("TargetRegister")}
	})
	sr := r.Sub(int(a.ShaderOffset), int(a.ShaderSize), r.Join("Shader"), "D3D9 shader")
	var sh d3d9.Shader
	d3d9.Decode(&sh, sr)
	a.Shader = d3d9JSON(&sh, sr.Len() >= 4)
	// What a cut instruction or comment block would say (its size, its
	// text, a comment's FourCC) is not in the bytes present.
	for i, in := range sh.Instructions {
		if in.Cut {
			for _, k := range []string{"Size", "Text", "Comment"} {
				sr.Absent("Instructions/" + strconv.Itoa(i) + "/" + k)
			}
		}
	}
	for i, c := range sh.Comments {
		if c.Cut {
			sr.Absent("Comments/" + strconv.Itoa(i) + "/Size")
			if c.FourCC == "" {
				sr.Absent("Comments/" + strconv.Itoa(i) + "/FourCC")
			}
		}
	}
	if !aon9VersionsAgree(a.ShaderVersion, a.Shader.Version) && len(a.Shader.Instructions) > 0 {
		r.ProblemAt(Warning, 4, "Aon9 header", "ShaderVersion 0x%08x differs from the shader's own version token 0x%08x", a.ShaderVersion, a.Shader.Version)
	}
	p.Summary = fmt.Sprintf("%s, %d instructions", a.Shader.Profile(), len(a.Shader.Instructions))
}

// aon9VersionsAgree reports whether the header's version token and the
// shader's own agree. For the *_level_9_3 targets FXC writes 2.0 in the
// header and 2_x (minor 1) in the shader: ANGLE's compiled clear11_fl9vs.h
// (vs_4_0_level_9_3, 0xFFFE0200 and 0xFFFE0201) and 60 other headers of
// ANGLE's and SDL's, whose listings name the shader vs_2_x or ps_2_x.
func aon9VersionsAgree(header, shader uint32) bool {
	h, s := d3d9.Version(header), d3d9.Version(shader)
	twoX := h.Major() == 2 && h.Minor() == 0 && s.Major() == 2 && s.Minor() == 1
	return h == s || twoX && h>>16 == s>>16
}

// d3d9JSON is the decoded shader as JSON shows it, with the text of every
// instruction and parameter; hasVersion says the stream held its version
// token (an empty one names no program type).
func d3d9JSON(s *d3d9.Shader, hasVersion bool) D3D9Shader {
	j := D3D9Shader{Version: uint32(s.Version), Comments: s.Comments, Debug: s.Debug, End: s.End, Offset: s.Offset}
	if hasVersion {
		j.ProgramType, j.Major, j.Minor = s.Version.Type(), s.Version.Major(), s.Version.Minor()
	}
	for i := range s.Instructions {
		in := &s.Instructions[i]
		ji := D3D9Instruction{Offset: in.Offset, Size: in.Size, Token: in.Token, Opcode: in.Opcode, Length: in.Length,
			Predicated: in.Predicated, Coissue: in.Coissue, Text: d3d9.Format(in), Line: in.Line, File: in.File,
			Comment: d3d9.FormatWrites(s, in)}
		for k := range in.Params {
			ji.Params = append(ji.Params, d3d9ParamJSON(in, &in.Params[k]))
		}
		j.Instructions = append(j.Instructions, ji)
	}
	return j
}

func d3d9ParamJSON(in *d3d9.Instruction, p *d3d9.Param) D3D9Param {
	j := D3D9Param{Offset: p.Offset, Token: p.Token, Role: p.Role.String(), RegisterType: p.RegisterType, Register: p.Register,
		WriteMask: p.WriteMask, ResultModifier: p.ResultModifier, Shift: p.Shift, Swizzle: p.Swizzle,
		SourceModifier: p.SourceModifier, Text: d3d9.FormatParam(in, p)}
	if p.Relative != nil {
		rel := d3d9ParamJSON(in, p.Relative)
		j.Relative = &rel
	}
	return j
}

// aon9Mappings reads one of the Aon9 mapping tables: count records of size
// bytes at off, each read by read (as far as whole records remain).
func aon9Mappings[T any](r *binread.Reader, taken *aon9Ranges, name string, count, off uint16, size int, read func(s *binread.Reader) T) []T {
	if !taken.take(r, name, count, off, size) {
		return nil
	}
	var out []T
	s := r.Sub(int(off), int(count)*size, r.Join(name), name)
	for i := 0; i < int(count) && s.Remaining() >= size; i++ {
		s.Begin(strconv.Itoa(i), name)
		out = append(out, read(s))
		s.End()
	}
	return out
}

// aon9Ranges are the byte ranges of an Aon9 part already decoded, by name.
type aon9Ranges []aon9Range

// take claims the bytes of a mapping table of count records of size bytes
// at off; false when there are none, or they lie in a table already read
// (said as a problem).
func (rs *aon9Ranges) take(r *binread.Reader, name string, count, off uint16, size int) bool {
	if count == 0 {
		return false
	}
	end := min(int(off)+int(count)*size, r.Len())
	if other, ok := rs.overlap(int(off), end); ok {
		r.ProblemAt(Error, int(off), name, "%s (%d records at 0x%x) lies in the bytes of %s: not decoded again", name, count, off, other)
		return false
	}
	*rs = append(*rs, aon9Range{name, int(off), end})
	return true
}

type aon9Range struct {
	name       string
	start, end int
}

// overlap names the range that [start, end) shares a byte with.
func (rs aon9Ranges) overlap(start, end int) (string, bool) {
	for _, o := range rs {
		if start < o.end && o.start < end {
			return o.name, true
		}
	}
	return "", false
}
