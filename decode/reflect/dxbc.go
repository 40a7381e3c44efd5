package reflect

import (
	"encoding/binary"

	"github.com/dxscope/dxscope/decode"
)

// FXC's containers hold their reflection whole: RDEF (constant buffers,
// variables, types, bindings, creator, compile flags), the signature parts,
// STAT (instruction counts and stage facts) and the bytecode's declarations
// (thread-group size, GS instance count).

// The SM4/5 opcodes of the declarations reflection reads (d3d11TokenizedProgramFormat.hpp).
const (
	opDclOutputTopology             = 0x5c
	opDclInputPrimitive             = 0x5d
	opDclMaxOutputVertexCount       = 0x5e
	opDclInputControlPointCount     = 0x93
	opDclOutputControlPointCount    = 0x94
	opDclTessellatorDomain          = 0x95
	opDclTessellatorPartitioning    = 0x96
	opDclTessellatorOutputPrimitive = 0x97
	opDclThreadGroup                = 0x9b
	opDclGSInstanceCount            = 0xce
)

// declFacts fills what the desc still lacks from the bytecode's
// declarations (the value sits in the opcode token's bits 11 and up, or in
// the dword after it), and returns the thread-group size when declared.
func declFacts(f *decode.File, code *decode.Part, d *ShaderDesc) *ThreadGroupSize {
	data := f.Data()
	var tg *ThreadGroupSize
	word := func(at int64) (uint32, bool) {
		if at < 0 || at+4 > int64(len(data)) {
			return 0, false
		}
		return binary.LittleEndian.Uint32(data[at:]), true
	}
	fill := func(field **uint32, key string, v uint32) {
		if *field == nil {
			d.set(field, key, v, code.Name)
		}
	}
	isHull := code.Bytecode.ProgramTypeName == "hs"
	for _, in := range code.Bytecode.Instructions {
		tok, ok := word(in.Offset)
		if !ok {
			continue
		}
		field := tok >> 11 & 0x3f
		switch int(in.Opcode) {
		case opDclOutputTopology:
			fill(&d.GSOutputTopology, "GSOutputTopology", field)
		case opDclInputPrimitive:
			fill(&d.InputPrimitive, "InputPrimitive", field)
		case opDclMaxOutputVertexCount:
			if v, ok := word(in.Offset + 4); ok && in.Size >= 8 {
				fill(&d.GSMaxOutputVertexCount, "GSMaxOutputVertexCount", v)
			}
		case opDclInputControlPointCount:
			if isHull {
				fill(&d.InputPrimitive, "InputPrimitive", 7+field) // D3D_PRIMITIVE_n_CONTROL_POINT_PATCH
			} else {
				fill(&d.ControlPoints, "cControlPoints", field)
			}
		case opDclOutputControlPointCount:
			fill(&d.ControlPoints, "cControlPoints", field)
		case opDclTessellatorDomain:
			fill(&d.TessellatorDomain, "TessellatorDomain", field&3)
		case opDclTessellatorPartitioning:
			fill(&d.HSPartitioning, "HSPartitioning", field&7)
		case opDclTessellatorOutputPrimitive:
			fill(&d.HSOutputPrimitive, "HSOutputPrimitive", field&7)
		case opDclGSInstanceCount:
			if v, ok := word(in.Offset + 4); ok && in.Size >= 8 {
				fill(&d.GSInstanceCount, "cGSInstanceCount", v)
			}
		case opDclThreadGroup:
			x, ok1 := word(in.Offset + 4)
			y, ok2 := word(in.Offset + 8)
			z, ok3 := word(in.Offset + 12)
			if in.Size >= 16 && ok1 && ok2 && ok3 {
				tg = &ThreadGroupSize{X: x, Y: y, Z: z, Source: code.Name}
			}
		}
	}
	d.names()
	return tg
}

// statFields maps FXC STAT's dword names (decode's) to the D3D12_SHADER_DESC field each fills.
var statFields = map[string]func(d *ShaderDesc) (**uint32, string){
	"InstructionCount":        func(d *ShaderDesc) (**uint32, string) { return &d.InstructionCount, "InstructionCount" },
	"TempRegisterCount":       func(d *ShaderDesc) (**uint32, string) { return &d.TempRegisterCount, "TempRegisterCount" },
	"DefCount":                func(d *ShaderDesc) (**uint32, string) { return &d.DefCount, "DefCount" },
	"DclCount":                func(d *ShaderDesc) (**uint32, string) { return &d.DclCount, "DclCount" },
	"FloatInstructionCount":   func(d *ShaderDesc) (**uint32, string) { return &d.FloatInstructionCount, "FloatInstructionCount" },
	"IntInstructionCount":     func(d *ShaderDesc) (**uint32, string) { return &d.IntInstructionCount, "IntInstructionCount" },
	"UintInstructionCount":    func(d *ShaderDesc) (**uint32, string) { return &d.UintInstructionCount, "UintInstructionCount" },
	"StaticFlowControlCount":  func(d *ShaderDesc) (**uint32, string) { return &d.StaticFlowControlCount, "StaticFlowControlCount" },
	"DynamicFlowControlCount": func(d *ShaderDesc) (**uint32, string) { return &d.DynamicFlowControlCount, "DynamicFlowControlCount" },
	"MacroInstructionCount":   func(d *ShaderDesc) (**uint32, string) { return &d.MacroInstructionCount, "MacroInstructionCount" },
	"TempArrayCount":          func(d *ShaderDesc) (**uint32, string) { return &d.TempArrayCount, "TempArrayCount" },
	"ArrayInstructionCount":   func(d *ShaderDesc) (**uint32, string) { return &d.ArrayInstructionCount, "ArrayInstructionCount" },
	"CutInstructionCount":     func(d *ShaderDesc) (**uint32, string) { return &d.CutInstructionCount, "CutInstructionCount" },
	"EmitInstructionCount":    func(d *ShaderDesc) (**uint32, string) { return &d.EmitInstructionCount, "EmitInstructionCount" },
	"TextureNormalInstructions": func(d *ShaderDesc) (**uint32, string) {
		return &d.TextureNormalInstructions, "TextureNormalInstructions"
	},
	"TextureLoadInstructions": func(d *ShaderDesc) (**uint32, string) { return &d.TextureLoadInstructions, "TextureLoadInstructions" },
	"TextureCompInstructions": func(d *ShaderDesc) (**uint32, string) { return &d.TextureCompInstructions, "TextureCompInstructions" },
	"TextureBiasInstructions": func(d *ShaderDesc) (**uint32, string) { return &d.TextureBiasInstructions, "TextureBiasInstructions" },
	"TextureGradientInstructions": func(d *ShaderDesc) (**uint32, string) {
		return &d.TextureGradientInstructions, "TextureGradientInstructions"
	},
	"MovInstructionCount":  func(d *ShaderDesc) (**uint32, string) { return &d.MovInstructionCount, "MovInstructionCount" },
	"MovcInstructionCount": func(d *ShaderDesc) (**uint32, string) { return &d.MovcInstructionCount, "MovcInstructionCount" },
	"ConversionInstructionCount": func(d *ShaderDesc) (**uint32, string) {
		return &d.ConversionInstructionCount, "ConversionInstructionCount"
	},
	"InputPrimitive":          func(d *ShaderDesc) (**uint32, string) { return &d.InputPrimitive, "InputPrimitive" },
	"GSOutputTopology":        func(d *ShaderDesc) (**uint32, string) { return &d.GSOutputTopology, "GSOutputTopology" },
	"GSMaxOutputVertexCount":  func(d *ShaderDesc) (**uint32, string) { return &d.GSMaxOutputVertexCount, "GSMaxOutputVertexCount" },
	"ControlPoints":           func(d *ShaderDesc) (**uint32, string) { return &d.ControlPoints, "cControlPoints" },
	"HSOutputPrimitive":       func(d *ShaderDesc) (**uint32, string) { return &d.HSOutputPrimitive, "HSOutputPrimitive" },
	"HSPartitioning":          func(d *ShaderDesc) (**uint32, string) { return &d.HSPartitioning, "HSPartitioning" },
	"TessellatorDomain":       func(d *ShaderDesc) (**uint32, string) { return &d.TessellatorDomain, "TessellatorDomain" },
	"BarrierInstructions":     func(d *ShaderDesc) (**uint32, string) { return &d.BarrierInstructions, "cBarrierInstructions" },
	"InterlockedInstructions": func(d *ShaderDesc) (**uint32, string) { return &d.InterlockedInstructions, "cInterlockedInstructions" },
	"TextureStoreInstructions": func(d *ShaderDesc) (**uint32, string) {
		return &d.TextureStoreInstructions, "cTextureStoreInstructions"
	},
}

func reflectDXBC(f *decode.File, r *Reflection) {
	code := bytecodePart(f)
	bc := code.Bytecode
	d := &ShaderDesc{}
	r.Desc = d
	if len(code.Data()) >= 4 {
		ver := binary.LittleEndian.Uint32(code.Data())
		d.set(&d.Version, "Version", ver, code.Name)
		d.VersionName = bc.Version()
		d.VersionType = name(shaderVersionTypes, ver>>16, "D3D12_SHADER_VERSION_TYPE")
	}

	if p := f.Part("RDEF"); p != nil && p.ResourceDefs != nil {
		rd := p.ResourceDefs
		creator := rd.Header.Creator
		d.Creator = &creator
		d.source("Creator", "RDEF")
		d.set(&d.Flags, "Flags", rd.Header.Flags, "RDEF")
		d.FlagNames = decode.D3DCompileFlagNames(rd.Header.Flags)
		var cut bool
		r.ConstantBuffers, cut = rdefBuffers(p)
		if cut {
			r.Absent = append(r.Absent, "part of the variables' type trees: RDEF shares types between variables, and copying them for each use would cost more than the part's size allows")
		}
		r.BoundResources = rdefBindings(rd)
		d.set(&d.ConstantBuffers, "ConstantBuffers", uint32(len(r.ConstantBuffers)), "RDEF")
		d.set(&d.BoundResources, "BoundResources", uint32(len(r.BoundResources)), "RDEF")
	} else {
		r.Absent = append(r.Absent, "constant buffers, bound resources, creator and compile flags: the container has no RDEF part (stripped with D3DCOMPILER_STRIP_REFLECTION_DATA, or never written)")
	}

	r.signatures(f, []string{"ISGN", "ISG1"}, []string{"OSGN", "OSG5", "OSG1"}, []string{"PCSG", "PSG1"})
	if r.PatchConstantParameters == nil && bc.ProgramTypeName != "hs" && bc.ProgramTypeName != "ds" {
		r.PatchConstantParameters = []SignatureParameter{} // the stage has none
	}
	for _, l := range []struct {
		list []SignatureParameter
		what string
	}{{r.InputParameters, "input"}, {r.OutputParameters, "output"}, {r.PatchConstantParameters, "patch-constant"}} {
		if l.list == nil {
			r.Absent = append(r.Absent, "the "+l.what+" signature: the container has no part for it")
		}
	}

	if p := f.Part("STAT"); p != nil && p.Statistics != nil {
		for _, s := range p.Statistics.Fields {
			if field, ok := statFields[s.Name]; ok {
				ptr, key := field(d)
				d.set(ptr, key, s.Value, "STAT")
			}
		}
		d.names()
	} else {
		r.Absent = append(r.Absent, "instruction counts and the stage facts FXC keeps with them: the container has no STAT part")
	}

	r.ThreadGroupSize = declFacts(f, code, d)
}

// names fills the enumeration names of the desc's stage facts.
func (d *ShaderDesc) names() {
	if d.GSOutputTopology != nil {
		d.GSOutputTopologyName = name(primitiveTopologies, *d.GSOutputTopology, "D3D_PRIMITIVE_TOPOLOGY")
	}
	if d.InputPrimitive != nil {
		d.InputPrimitiveName = name(primitives, *d.InputPrimitive, "D3D_PRIMITIVE")
	}
	if d.HSOutputPrimitive != nil {
		d.HSOutputPrimitiveName = name(tessellatorOutputPrimitives, *d.HSOutputPrimitive, "D3D_TESSELLATOR_OUTPUT_PRIMITIVE")
	}
	if d.HSPartitioning != nil {
		d.HSPartitioningName = name(tessellatorPartitionings, *d.HSPartitioning, "D3D_TESSELLATOR_PARTITIONING")
	}
	if d.TessellatorDomain != nil {
		d.TessellatorDomainName = name(tessellatorDomains, *d.TessellatorDomain, "D3D_TESSELLATOR_DOMAIN")
	}
}

// rdefBuffers reads RDEF's constant buffers with their variables and
// types; cut says whether the type trees were cut at their budget.
func rdefBuffers(p *decode.Part) (out []ConstantBuffer, cut bool) {
	rd := p.ResourceDefs
	// Types are shared in RDEF (a struct used by many variables, a member
	// type used by many structs) and copied here per use, so a file could
	// ask for a tree exponential in its size: the copies are budgeted in
	// proportion to the part.
	// A variable of a shared type costs one node per copy; real files (a
	// float4 in every variable, a struct array or two) stay far below.
	tb := &typeBudget{rd: rd, left: len(p.Data())/8 + 256}
	out = []ConstantBuffer{}
	for _, cb := range rd.ConstantBuffers {
		flags := cb.Flags
		c := ConstantBuffer{Desc: BufferDesc{Name: cb.Name, Type: cb.Type, TypeName: cb.TypeName,
			Variables: u32(uint32(len(cb.Variables))), Size: cb.Size, UFlags: &flags, FlagNames: cb.FlagsNames},
			Variables: []Variable{}, Source: "RDEF"}
		for _, v := range cb.Variables {
			c.Variables = append(c.Variables, Variable{
				Desc: VariableDesc{Name: v.Name, StartOffset: v.StartOffset, Size: v.Size, UFlags: v.Flags,
					FlagNames: v.FlagsNames, DefaultValue: v.DefaultValue, StartTexture: v.StartTexture,
					TextureSize: v.TextureSize, StartSampler: v.StartSampler, SamplerSize: v.SamplerSize},
				Type: tb.typ(v.TypeIndex, 0, 0),
			})
		}
		out = append(out, c)
	}
	return out, tb.cut
}

// typeBudget copies RDEF types into reflection types, at most left nodes.
type typeBudget struct {
	rd   *decode.ResourceDefinitions
	left int
	cut  bool
}

// rdefMaxDepth bounds nesting as RDEF's decoder does.
const rdefMaxDepth = 64

// typ is RDEF type i as a reflection type; offset is its offset in the parent.
func (tb *typeBudget) typ(i int, offset uint32, depth int) *Type {
	rd := tb.rd
	if tb.left <= 0 {
		tb.cut = true
		return nil
	}
	// Every member named costs one, copied or not: a list of members
	// below the depth bound or of no type, named again and again, is
	// walked once per name.
	tb.left--
	if i < 0 || i >= len(rd.Types) || depth > rdefMaxDepth {
		return nil
	}
	t := rd.Types[i]
	out := &Type{Desc: TypeDesc{Class: uint32(t.Class), ClassName: t.ClassName, Type: uint32(t.Type), TypeName: t.TypeName,
		Rows: uint32(t.Rows), Columns: uint32(t.Columns), Elements: uint32(t.Elements), Members: uint32(t.Members),
		Offset: offset, Name: t.Name}}
	for _, m := range rd.Members(i) { // its own or the list it shares
		if tb.left <= 0 {
			tb.cut = true
			break
		}
		mt := tb.typ(m.TypeIndex, m.Offset, depth+1)
		if mt == nil {
			continue
		}
		out.Members = append(out.Members, Member{Name: m.Name, Type: *mt})
	}
	return out
}

// rdefBindings reads RDEF's resource bindings.
func rdefBindings(rd *decode.ResourceDefinitions) []InputBind {
	out := []InputBind{}
	for _, b := range rd.ResourceBindings {
		flags, ret, dim, samples := b.Flags, b.ReturnType, b.Dimension, b.NumSamples
		in := InputBind{Name: b.Name, Type: b.Type, TypeName: b.TypeName, BindPoint: b.BindPoint, BindCount: b.BindCount,
			UFlags: &flags, FlagNames: b.FlagsNames, ReturnType: &ret, ReturnTypeName: b.ReturnTypeName,
			Dimension: &dim, DimensionName: b.DimensionName, NumSamples: &samples, Source: "RDEF"}
		if b.Space != nil {
			in.Space = *b.Space
		}
		if b.ID != nil { // SM 5.1; earlier RDEF stores no range ID
			id := *b.ID
			in.UID = &id
		}
		out = append(out, in)
	}
	return out
}
