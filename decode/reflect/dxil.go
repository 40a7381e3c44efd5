package reflect

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
)

// DXC's containers spread reflection over several parts: the DXIL module's
// metadata (resources, entry properties), the STAT part (the same module
// with the names and type annotations that -Qstrip_reflect removes from
// DXIL), the signature parts, PSV0 (what the runtime reads) and, for
// libraries, RDAT (functions and the resources each uses).

// dxilModules returns the module reflection reads (STAT's when the
// container has one, since DXC moves reflection there) and its part name,
// and the DXIL part's own module.
func dxilModules(f *decode.File) (refl *dxil.Module, from string, dxil *dxil.Module) {
	if p := programPart(f); p != nil {
		dxil = p.Module
	}
	if p := f.Part("STAT"); p != nil && p.Program != nil && p.Module != nil {
		return p.Module, "STAT", dxil
	}
	return dxil, "DXIL", dxil
}

func reflectDXIL(f *decode.File, r *Reflection) {
	prog := programPart(f)
	h := prog.Program
	mod, from, dxilMod := dxilModules(f)
	lib := h.ShaderKind == dxil.Library

	r.Absent = append(r.Absent,
		"constant buffer variables and their types: DXC keeps them in the module's dx.typeAnnotations, which dxscope does not read yet",
		"instruction counts: DXC's reflection counts the module's instructions itself; the container stores no count",
		"compile flags: DXC records none")
	if lib {
		reflectLibrary(f, r, mod, from)
		return
	}

	d := &ShaderDesc{}
	r.Desc = d
	ver := uint32(h.ShaderKind)<<16 | h.MajorVersion<<4 | h.MinorVersion
	d.set(&d.Version, "Version", ver, "DXIL")
	d.VersionName = dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion)
	d.VersionType = name(shaderVersionTypes, uint32(h.ShaderKind), "D3D12_SHADER_VERSION_TYPE")
	if mod != nil && mod.Producer != "" {
		c := mod.Producer
		d.Creator = &c
		d.source("Creator", from)
	}

	if mod == nil {
		r.Absent = append(r.Absent, "constant buffers and bound resources: the DXIL module does not decode")
	} else {
		res := entryResources(mod)
		r.ConstantBuffers, r.BoundResources = dxilBindings(res, from)
		d.set(&d.ConstantBuffers, "ConstantBuffers", uint32(len(r.ConstantBuffers)), from)
		d.set(&d.BoundResources, "BoundResources", uint32(len(r.BoundResources)), from)
		for _, b := range r.BoundResources {
			if b.Name == "" {
				r.Absent = append(r.Absent, "resource names: stripped from the DXIL part (-Qstrip_reflect) and no STAT part keeps them")
				break
			}
		}
	}

	r.signatures(f, []string{"ISG1"}, []string{"OSG1"}, []string{"PSG1"})
	switch h.ShaderKind {
	case dxil.Hull, dxil.Domain, dxil.Mesh: // a patch-constant or primitive signature
	default:
		if r.PatchConstantParameters == nil {
			r.PatchConstantParameters = []SignatureParameter{}
		}
	}
	for _, l := range []struct {
		list []SignatureParameter
		what string
	}{{r.InputParameters, "input (ISG1)"}, {r.OutputParameters, "output (OSG1)"}, {r.PatchConstantParameters, "patch-constant or primitive (PSG1)"}} {
		if l.list == nil {
			r.Absent = append(r.Absent, "the "+l.what+" signature: the container has no such part")
		}
	}

	var entry *dxil.EntryPoint
	for _, m := range []*dxil.Module{dxilMod, mod} {
		if e := m.Entry(); e != nil && entry == nil {
			entry = e
		}
	}
	stageFacts(f, d, entry)
	if n := numThreads(entry); n != nil {
		r.ThreadGroupSize = &ThreadGroupSize{X: n[0], Y: n[1], Z: n[2], Source: "DXIL"}
	} else if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil && p.PSVInfo.Version >= 2 && p.PSVInfo.NumThreadsX != 0 {
		i := p.PSVInfo
		r.ThreadGroupSize = &ThreadGroupSize{X: i.NumThreadsX, Y: i.NumThreadsY, Z: i.NumThreadsZ, Source: "PSV0"}
	}
}

// numThreads is the entry's numthreads: its NumThreads property, or (for a
// mesh or amplification shader) the first operand of MSState/ASState, which
// dxil puts in NumThreads as well.
func numThreads(e *dxil.EntryPoint) []uint32 {
	if e == nil || len(e.NumThreads) != 3 {
		return nil
	}
	return e.NumThreads
}

// entryResources is what the shader's entry binds: its own list, or the module's.
func entryResources(m *dxil.Module) []dxil.Resource {
	if e := m.Entry(); e != nil && !e.ModuleResources && len(e.Resources) > 0 {
		return e.Resources
	}
	return m.Resources
}

// ints reads the i32 operands of a rendered metadata node, in order: each
// "i32 " followed by an optional "-" and digits. (By hand, not with package
// regexp, which would be in the page for this alone.)
func ints(s string) []uint32 {
	var out []uint32
	for {
		i := strings.Index(s, "i32 ")
		if i < 0 {
			return out
		}
		s = s[i+4:]
		n := 0
		if n < len(s) && s[n] == '-' {
			n++
		}
		d := n
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == d {
			continue // no number after this "i32 "
		}
		v, err := strconv.ParseInt(s[:n], 10, 64)
		if err != nil {
			return out
		}
		out = append(out, uint32(v))
		s = s[n:]
	}
}

// stageFacts fills the geometry and tessellation fields of the desc from the
// entry's GSState/HSState/DSState properties (what DXC's reflection reads),
// else from PSV0's stage record.
func stageFacts(f *decode.File, d *ShaderDesc, e *dxil.EntryPoint) {
	found := false
	if e != nil {
		for _, p := range e.Properties {
			v := ints(p.Value)
			switch p.Name {
			case "GSState": // inputPrimitive, maxVertexCount, activeStreamMask, outputTopology, instanceCount
				if len(v) == 5 {
					d.set(&d.InputPrimitive, "InputPrimitive", v[0], "DXIL")
					d.set(&d.GSMaxOutputVertexCount, "GSMaxOutputVertexCount", v[1], "DXIL")
					d.set(&d.GSOutputTopology, "GSOutputTopology", v[3], "DXIL")
					d.set(&d.GSInstanceCount, "cGSInstanceCount", v[4], "DXIL")
					found = true
				}
			case "HSState": // patchConstantFunction, inputControlPoints, outputControlPoints, domain, partitioning, outputPrimitive, maxTessFactor
				if len(v) >= 5 {
					d.set(&d.InputPrimitive, "InputPrimitive", 7+v[0], "DXIL") // D3D_PRIMITIVE_n_CONTROL_POINT_PATCH
					d.set(&d.ControlPoints, "cControlPoints", v[1], "DXIL")
					d.set(&d.TessellatorDomain, "TessellatorDomain", v[2], "DXIL")
					d.set(&d.HSPartitioning, "HSPartitioning", v[3], "DXIL")
					d.set(&d.HSOutputPrimitive, "HSOutputPrimitive", v[4], "DXIL")
					found = true
				}
			case "DSState": // domain, inputControlPoints
				if len(v) == 2 {
					d.set(&d.TessellatorDomain, "TessellatorDomain", v[0], "DXIL")
					d.set(&d.ControlPoints, "cControlPoints", v[1], "DXIL")
					found = true
				}
			}
		}
	}
	if p := f.Part("PSV0"); !found && p != nil && p.PSVInfo != nil {
		i := p.PSVInfo
		switch {
		case i.GS != nil:
			d.set(&d.InputPrimitive, "InputPrimitive", uint32(i.GS.InputPrimitive), "PSV0")
			d.set(&d.GSOutputTopology, "GSOutputTopology", uint32(i.GS.OutputTopology), "PSV0")
			if i.Version >= 1 {
				d.set(&d.GSMaxOutputVertexCount, "GSMaxOutputVertexCount", uint32(i.MaxVertexCount), "PSV0")
			}
		case i.HS != nil:
			d.set(&d.ControlPoints, "cControlPoints", i.HS.OutputControlPointCount, "PSV0")
			d.set(&d.TessellatorDomain, "TessellatorDomain", uint32(i.HS.TessellatorDomain), "PSV0")
			d.set(&d.HSOutputPrimitive, "HSOutputPrimitive", uint32(i.HS.TessellatorOutputPrimitive), "PSV0")
		case i.DS != nil:
			d.set(&d.ControlPoints, "cControlPoints", i.DS.InputControlPointCount, "PSV0")
			d.set(&d.TessellatorDomain, "TessellatorDomain", uint32(i.DS.TessellatorDomain), "PSV0")
		}
	}
	d.names()
}

// The D3D_SHADER_INPUT_TYPE (decode.SIT*), D3D_SRV_DIMENSION and
// D3D_RESOURCE_RETURN_TYPE values a DXIL resource is reflected as
// (d3dcommon.h), chosen from its class and kind as DXC's reflection chooses
// them.
var kindDimension = map[string]uint32{"TypedBuffer": 1, "StructuredBuffer": 1, "RawBuffer": 1, "Texture1D": 2,
	"Texture1DArray": 3, "Texture2D": 4, "FeedbackTexture2D": 4, "Texture2DArray": 5, "FeedbackTexture2DArray": 5,
	"Texture2DMS": 6, "Texture2DMSArray": 7, "Texture3D": 8, "TextureCube": 9, "TextureCubeArray": 10}

// inputType is the D3D_SHADER_INPUT_TYPE of a DXIL resource.
func inputType(class, kind string, counter bool) (uint32, bool) {
	uav := class == "UAV"
	switch {
	case class == "CBuffer":
		return decode.SITCBuffer, true
	case class == "Sampler":
		return decode.SITSampler, true
	case kind == "RawBuffer" && uav:
		return decode.SITUAVRWByteAddress, true
	case kind == "RawBuffer":
		return decode.SITByteAddress, true
	case kind == "StructuredBuffer" && !uav:
		return decode.SITStructured, true
	case kind == "StructuredBuffer" && counter:
		return decode.SITUAVRWStructuredWithCounter, true
	case kind == "StructuredBuffer":
		return decode.SITUAVRWStructured, true
	case kind == "TBuffer":
		return decode.SITTBuffer, true
	case kind == "RTAccelerationStructure":
		return decode.SITRTAccelerationStructure, true
	case kind == "FeedbackTexture2D" || kind == "FeedbackTexture2DArray":
		return decode.SITUAVFeedbackTexture, true
	case kindDimension[kind] != 0:
		if uav {
			return decode.SITUAVRWTyped, true
		}
		return decode.SITTexture, true
	}
	return 0, false
}

// returnType is the D3D_RESOURCE_RETURN_TYPE of a typed resource's element
// (DXIL::ComponentType): 64-bit floats are DOUBLE, normalized types UNORM or
// SNORM, integers SINT or UINT, other floats FLOAT, and anything else MIXED.
func returnType(ct uint32) uint32 {
	switch ct {
	case dxil.CompF64:
		return decode.ReturnTypeDouble
	case dxil.CompUNormF16, dxil.CompUNormF32, dxil.CompUNormF64:
		return decode.ReturnTypeUNorm
	case dxil.CompSNormF16, dxil.CompSNormF32, dxil.CompSNormF64:
		return decode.ReturnTypeSNorm
	case dxil.CompI16, dxil.CompI32, dxil.CompI64:
		return decode.ReturnTypeSInt
	case dxil.CompU16, dxil.CompU32, dxil.CompU64:
		return decode.ReturnTypeUInt
	case dxil.CompF16, dxil.CompF32:
		return decode.ReturnTypeFloat
	}
	return decode.ReturnTypeMixed
}

// bindOf reflects one DXIL resource; the fields its metadata does not hold stay nil.
func bindOf(res dxil.Resource, source string) InputBind {
	b := InputBind{Name: res.Name, BindPoint: res.LowerBound, BindCount: res.RangeSize, Space: res.Space,
		UID: u32(res.ID), Source: source}
	if res.RangeSize == 0xFFFFFFFF && res.Class != "CBuffer" {
		b.BindCount = 0 // unbounded: D3D reports 0, but for constant buffers
	}
	if t, ok := inputType(res.Class, res.Kind, res.HasCounter); ok {
		b.Type = t
	} else {
		b.Type = 0xFFFFFFFF
	}
	b.TypeName = decode.D3DShaderInputTypeName(b.Type)
	switch res.Class {
	case "CBuffer":
		b.UFlags, b.ReturnType, b.Dimension, b.NumSamples = u32(1), u32(0), u32(0), u32(0) // D3D_SIF_USERPACKED
	case "Sampler":
		b.ReturnType, b.Dimension, b.NumSamples = u32(0), u32(0), u32(0)
	case "SRV", "UAV":
		dim := kindDimension[res.Kind] // 0 (UNKNOWN) for TBuffer and acceleration structures
		b.Dimension = &dim
		switch {
		case res.Kind == "TBuffer":
			b.UFlags, b.ReturnType, b.NumSamples = u32(1), u32(0), u32(0)
		case res.Kind == "StructuredBuffer":
			b.ReturnType = u32(decode.ReturnTypeMixed)
			if res.ElementStride != 0 {
				b.NumSamples = u32(res.ElementStride)
			}
		case res.Kind == "RawBuffer" || res.Kind == "RTAccelerationStructure":
			b.ReturnType, b.NumSamples = u32(decode.ReturnTypeMixed), u32(0)
		default:
			if res.ElementType != 0 {
				b.ReturnType = u32(returnType(res.ElementType))
			}
			switch {
			case res.SampleCount != 0:
				b.NumSamples = u32(res.SampleCount)
			case res.Kind == "Texture2DMS" || res.Kind == "Texture2DMSArray":
				b.NumSamples = u32(0)
			default:
				b.NumSamples = u32(0xFFFFFFFF)
			}
		}
	}
	if b.UFlags != nil {
		b.FlagNames = decode.D3DShaderInputFlagNames(*b.UFlags)
	}
	if b.ReturnType != nil {
		b.ReturnTypeName = decode.D3DReturnTypeName(*b.ReturnType)
	}
	if b.Dimension != nil {
		b.DimensionName = decode.D3DSRVDimensionName(*b.Dimension)
	}
	return b
}

// classOrder is the order reflection lists resources in: constant buffers,
// samplers, SRVs, UAVs (the order PSV0 stores them in too).
var classOrder = []string{"CBuffer", "Sampler", "SRV", "UAV"}

// dxilBindings reflects a resource list: the constant buffers (their
// variables absent) and every binding, in reflection order.
func dxilBindings(res []dxil.Resource, source string) ([]ConstantBuffer, []InputBind) {
	cbs, binds := []ConstantBuffer{}, []InputBind{}
	for _, class := range classOrder {
		for _, x := range res {
			if x.Class != class {
				continue
			}
			b := bindOf(x, source)
			binds = append(binds, b)
			if class == "CBuffer" || x.Kind == "TBuffer" {
				typ := uint32(0) // D3D_CT_CBUFFER
				if x.Kind == "TBuffer" {
					typ = 1
				}
				cbs = append(cbs, ConstantBuffer{Desc: BufferDesc{Name: x.Name, Type: typ, TypeName: decode.D3DCBufferTypeName(typ),
					Size: x.SizeInBytes}, Source: source})
			}
		}
	}
	return cbs, binds
}

// reflectLibrary reflects a library: its resources from the module, its
// functions from RDAT.
func reflectLibrary(f *decode.File, r *Reflection, mod *dxil.Module, from string) {
	r.InputParameters, r.OutputParameters, r.PatchConstantParameters = []SignatureParameter{}, []SignatureParameter{}, []SignatureParameter{}
	ld := &LibraryDesc{Sources: map[string]string{}}
	r.LibraryDesc = ld
	if mod != nil {
		if mod.Producer != "" {
			c := mod.Producer
			ld.Creator = &c
			ld.Sources["Creator"] = from
		}
		r.ConstantBuffers, r.BoundResources = dxilBindings(mod.Resources, from)
	} else {
		r.Absent = append(r.Absent, "the library's resources: the DXIL module does not decode")
	}
	var rd *decode.RuntimeData
	if p := f.Part("RDAT"); p != nil {
		rd = p.RuntimeData
	}
	if rd == nil || rd.FunctionTable == nil {
		r.Absent = append(r.Absent, "the library's functions: the container has no RDAT function table")
		return
	}
	h := programPart(f).Program
	r.Functions = []Function{}
	// Each row's module resource is found through a map, not a walk of
	// the module's resources per row.
	byID := map[resourceKey]dxil.Resource{}
	// Each function's thread-group size is found through a map of the
	// entry points' by function name (the last entry naming it wins, as a
	// walk of them per function found it), not a walk per function: a
	// module may list 4,096 entry points beside tens of thousands of RDAT
	// functions.
	threads := map[string][]uint32{}
	if mod != nil {
		for _, m := range mod.Resources {
			byID[resourceKey{m.Class, m.ID}] = m
		}
		for i := range mod.EntryPoints {
			if e := &mod.EntryPoints[i]; numThreads(e) != nil {
				threads[e.Function] = numThreads(e)
			}
		}
	}
	// Functions name their resources by an index array, and DXC writes a
	// list once for all the functions naming it: the bindings of a list
	// are made once and shared (read-only) by those functions, and every
	// consumer writes them out again for each, so once the repeats pass
	// maxRepeatedBinds and one per 8 bytes of the file a function names the
	// first to list them instead (SameResourcesAs).
	type listKey struct{ ref, n uint32 }
	type bindings struct {
		cbs   []ConstantBuffer
		binds []InputBind
		first int // the function that listed them first
	}
	lists := map[listKey]bindings{}
	repeats := maxRepeatedBinds + int(f.Length/8)
	for _, fn := range rd.FunctionTable.Records {
		fr := Function{Desc: FunctionDesc{
			Version:       uint32(fn.ShaderKind)<<16 | h.MajorVersion<<4 | h.MinorVersion,
			VersionName:   dxil.Profile(fn.ShaderKind, h.MajorVersion, h.MinorVersion),
			Name:          fn.Name,
			UnmangledName: fn.UnmangledName,
			ShaderKind:    fn.ShaderKindName,
		}, Source: "RDAT"}
		flags := uint64(fn.FeatureInfo2)<<32 | uint64(fn.FeatureInfo1)
		flags &^= 1<<decode.OptUsesDerivatives | 2 // as DXC's reflection masks them
		fr.Desc.RequiredFeatureFlags = flags
		fr.Desc.RequiredFeatures = decode.FeatureFlags(flags).Names()
		fr.Desc.MinShaderTarget = fn.MinShaderTargetName
		key := listKey{fn.ResourcesRef, uint32(len(fn.Resources))}
		b, ok := lists[key]
		switch {
		case ok && len(b.binds)+len(b.cbs) > repeats:
			first := b.first
			fr.SameResourcesAs = &first
			r.SharedResourceLists++
		case ok:
			repeats -= len(b.binds) + len(b.cbs)
		default:
			var own []dxil.Resource
			for _, row := range fn.Resources {
				if rd.ResourceTable == nil || int(row) >= len(rd.ResourceTable.Records) {
					continue
				}
				own = append(own, rdatResource(rd.ResourceTable.Records[row], byID))
			}
			b.cbs, b.binds = dxilBindings(own, "RDAT")
			b.first = len(r.Functions)
			lists[key] = b
		}
		if fr.SameResourcesAs == nil {
			fr.ConstantBuffers, fr.BoundResources = b.cbs, b.binds
		}
		fr.Desc.ConstantBuffers, fr.Desc.BoundResources = uint32(len(b.cbs)), uint32(len(b.binds))
		if n, ok := threads[fn.Name]; ok {
			fr.ThreadGroupSize = &ThreadGroupSize{X: n[0], Y: n[1], Z: n[2], Source: from}
		}
		r.Functions = append(r.Functions, fr)
	}
	ld.FunctionCount = uint32(len(r.Functions))
	ld.Sources["FunctionCount"] = "RDAT"
}

// maxRepeatedBinds is how many bindings a library's functions repeat from
// lists written for a function before them, besides one per 8 bytes of the
// file, before a function names the first instead: real libraries repeat a
// few dozen (hit groups sharing one list).
const maxRepeatedBinds = 1 << 14

// rdatResource reads an RDAT resource record as a metadata resource,
// completed from the module's record of the same class and ID (element
// type, stride, sample count, which RDAT does not keep).
func rdatResource(x decode.RuntimeDataResourceInfo, byID map[resourceKey]dxil.Resource) dxil.Resource {
	res := dxil.Resource{Class: x.ClassName, ID: x.ID, Name: x.Name, Space: x.Space, LowerBound: x.LowerBound,
		Kind: x.KindName, HasCounter: x.Flags&2 != 0}
	switch {
	case x.UpperBound == 0xFFFFFFFF:
		res.RangeSize = 0xFFFFFFFF
	case x.UpperBound >= x.LowerBound:
		res.RangeSize = x.UpperBound - x.LowerBound + 1
	}
	if m, ok := byID[resourceKey{res.Class, res.ID}]; ok { // the last of that class and ID
		res.ElementType, res.ElementStride, res.SampleCount, res.SizeInBytes = m.ElementType, m.ElementStride, m.SampleCount, m.SizeInBytes
	}
	return res
}

// resourceKey finds a module resource by class and ID.
type resourceKey struct {
	class string
	id    uint32
}
