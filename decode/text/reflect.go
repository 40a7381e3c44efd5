package text

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
)

// WriteReflection prints a container's reflection with d3d12shader.h's
// names: the shader (or library) desc with the part each field came from,
// constant buffers with their variables and types, bound resources,
// signature parameters, the thread-group size, a library's functions, the
// requirements, and what the container does not hold. It is what
// `dxscope reflect` prints and the page's Text tab offers.
func WriteReflection(w io.Writer, r *reflect.Reflection) {
	switch r.Container {
	case "":
		fmt.Fprintln(w, "Reflection: the container holds no shader")
	default:
		fmt.Fprintf(w, "Reflection of a %s container (%s)\n", r.Container, orNone(r.Requirements.Target))
	}
	if d := r.Desc; d != nil {
		fmt.Fprintln(w, "\nD3D12_SHADER_DESC:")
		writeDesc(w, d)
	}
	if l := r.LibraryDesc; l != nil {
		fmt.Fprintln(w, "\nD3D12_LIBRARY_DESC:")
		if l.Creator != nil {
			fmt.Fprintf(w, "  %-28s %s  [%s]\n", "Creator", Safe(*l.Creator), l.Sources["Creator"])
		}
		fmt.Fprintf(w, "  %-28s %d  [%s]\n", "FunctionCount", l.FunctionCount, orNone(l.Sources["FunctionCount"]))
	}
	if r.Container != "" {
		writeBuffers(w, "", r.ConstantBuffers)
		writeBinds(w, "", r.BoundResources)
		writeParams(w, "Input parameters", r.InputParameters)
		writeParams(w, "Output parameters", r.OutputParameters)
		writeParams(w, "Patch constant parameters", r.PatchConstantParameters)
	}
	if t := r.ThreadGroupSize; t != nil {
		fmt.Fprintf(w, "\nThread group size: %d, %d, %d  [%s]\n", t.X, t.Y, t.Z, t.Source)
	}
	if r.Functions != nil {
		fmt.Fprintf(w, "\nFunctions (%d):\n", len(r.Functions))
		for _, fn := range r.Functions {
			d := fn.Desc
			fmt.Fprintf(w, "\n  %s  (%s, %s, needs %s)  [%s]\n", Safe(d.Name), d.ShaderKind, d.VersionName, orNone(d.MinShaderTarget), fn.Source)
			if d.UnmangledName != "" && d.UnmangledName != d.Name {
				fmt.Fprintf(w, "    UnmangledName: %s\n", Safe(d.UnmangledName))
			}
			fmt.Fprintf(w, "    RequiredFeatureFlags: 0x%x", d.RequiredFeatureFlags)
			if len(d.RequiredFeatures) > 0 {
				fmt.Fprintf(w, " (%s)", strings.Join(d.RequiredFeatures, ", "))
			}
			fmt.Fprintln(w)
			if t := fn.ThreadGroupSize; t != nil {
				fmt.Fprintf(w, "    Thread group size: %d, %d, %d  [%s]\n", t.X, t.Y, t.Z, t.Source)
			}
			if i := fn.SameResourcesAs; i != nil && *i >= 0 && *i < len(r.Functions) {
				fmt.Fprintf(w, "\n    Bound resources (%d): as %s above\n", d.BoundResources, Safe(r.Functions[*i].Desc.Name))
				continue
			}
			writeBinds(w, "  ", fn.BoundResources)
		}
		if r.SharedResourceLists > 0 {
			fmt.Fprintf(w, "\n  (%d functions name the resources of a function above rather than list them again: the file repeats more of them than dxscope writes out)\n", r.SharedResourceLists)
		}
	}
	fmt.Fprintln(w, "\nRequirements:")
	WriteRequirements(w, r.Requirements, "  ")
	if len(r.Absent) > 0 {
		fmt.Fprintln(w, "\nNot in the container:")
		for _, a := range r.Absent {
			fmt.Fprintf(w, "  - %s\n", a)
		}
	}
}

// writeDesc prints the present fields of a D3D12_SHADER_DESC in the header's order.
func writeDesc(w io.Writer, d *reflect.ShaderDesc) {
	row := func(key string, v *uint32, extra string) {
		if v == nil {
			return
		}
		val := fmt.Sprint(*v)
		if extra != "" {
			val += " (" + extra + ")"
		}
		fmt.Fprintf(w, "  %-28s %s  [%s]\n", key, val, d.Sources[key])
	}
	if d.Version != nil {
		fmt.Fprintf(w, "  %-28s 0x%x (%s, %s)  [%s]\n", "Version", *d.Version, d.VersionName, d.VersionType, d.Sources["Version"])
	}
	if d.Creator != nil {
		fmt.Fprintf(w, "  %-28s %s  [%s]\n", "Creator", Safe(*d.Creator), d.Sources["Creator"])
	}
	if d.Flags != nil {
		fmt.Fprintf(w, "  %-28s 0x%x (%s)  [%s]\n", "Flags", *d.Flags, orNone(strings.Join(d.FlagNames, " | ")), d.Sources["Flags"])
	}
	for _, f := range []struct {
		key   string
		v     *uint32
		extra string
	}{
		{"ConstantBuffers", d.ConstantBuffers, ""}, {"BoundResources", d.BoundResources, ""},
		{"InputParameters", d.InputParameters, ""}, {"OutputParameters", d.OutputParameters, ""},
		{"InstructionCount", d.InstructionCount, ""}, {"TempRegisterCount", d.TempRegisterCount, ""},
		{"TempArrayCount", d.TempArrayCount, ""}, {"DefCount", d.DefCount, ""}, {"DclCount", d.DclCount, ""},
		{"TextureNormalInstructions", d.TextureNormalInstructions, ""}, {"TextureLoadInstructions", d.TextureLoadInstructions, ""},
		{"TextureCompInstructions", d.TextureCompInstructions, ""}, {"TextureBiasInstructions", d.TextureBiasInstructions, ""},
		{"TextureGradientInstructions", d.TextureGradientInstructions, ""}, {"FloatInstructionCount", d.FloatInstructionCount, ""},
		{"IntInstructionCount", d.IntInstructionCount, ""}, {"UintInstructionCount", d.UintInstructionCount, ""},
		{"StaticFlowControlCount", d.StaticFlowControlCount, ""}, {"DynamicFlowControlCount", d.DynamicFlowControlCount, ""},
		{"MacroInstructionCount", d.MacroInstructionCount, ""}, {"ArrayInstructionCount", d.ArrayInstructionCount, ""},
		{"CutInstructionCount", d.CutInstructionCount, ""}, {"EmitInstructionCount", d.EmitInstructionCount, ""},
		{"GSOutputTopology", d.GSOutputTopology, d.GSOutputTopologyName}, {"GSMaxOutputVertexCount", d.GSMaxOutputVertexCount, ""},
		{"InputPrimitive", d.InputPrimitive, d.InputPrimitiveName}, {"PatchConstantParameters", d.PatchConstantParameters, ""},
		{"cGSInstanceCount", d.GSInstanceCount, ""}, {"cControlPoints", d.ControlPoints, ""},
		{"HSOutputPrimitive", d.HSOutputPrimitive, d.HSOutputPrimitiveName}, {"HSPartitioning", d.HSPartitioning, d.HSPartitioningName},
		{"TessellatorDomain", d.TessellatorDomain, d.TessellatorDomainName},
		{"cBarrierInstructions", d.BarrierInstructions, ""}, {"cInterlockedInstructions", d.InterlockedInstructions, ""},
		{"cTextureStoreInstructions", d.TextureStoreInstructions, ""},
		{"MovInstructionCount", d.MovInstructionCount, ""}, {"MovcInstructionCount", d.MovcInstructionCount, ""},
		{"ConversionInstructionCount", d.ConversionInstructionCount, ""},
	} {
		row(f.key, f.v, f.extra)
	}
}

func writeBuffers(w io.Writer, indent string, cbs []reflect.ConstantBuffer) {
	if cbs == nil {
		fmt.Fprintf(w, "\n%sConstant buffers: not in the container\n", indent)
		return
	}
	fmt.Fprintf(w, "\n%sConstant buffers (%d):\n", indent, len(cbs))
	for _, cb := range cbs {
		d := cb.Desc
		vars := "variables not in the container"
		if d.Variables != nil {
			vars = fmt.Sprintf("%d variables", *d.Variables)
		}
		flags := ""
		if d.UFlags != nil {
			flags = fmt.Sprintf(", uFlags 0x%x (%s)", *d.UFlags, orNone(strings.Join(d.FlagNames, " | ")))
		}
		fmt.Fprintf(w, "%s  %s  %s, size %d, %s%s  [%s]\n", indent, Safe(d.Name), d.TypeName, d.Size, vars, flags, cb.Source)
		for _, v := range cb.Variables {
			vd := v.Desc
			fmt.Fprintf(w, "%s    %-24s offset %4d size %5d uFlags 0x%x", indent, Safe(vd.Name), vd.StartOffset, vd.Size, vd.UFlags)
			if len(vd.DefaultValue) > 0 {
				fmt.Fprintf(w, " default %s", vd.DefaultValue)
			}
			fmt.Fprintln(w)
			if v.Type != nil {
				writeType(w, indent+"      ", "", *v.Type)
			}
		}
	}
}

// writeType prints a type and its members, one per line, indented.
func writeType(w io.Writer, indent, member string, t reflect.Type) {
	d := t.Desc
	label := ""
	if member != "" {
		label = Safe(member) + ": "
	}
	fmt.Fprintf(w, "%s%s%s %s rows %d columns %d elements %d members %d offset %d", indent, label, d.ClassName, d.TypeName, d.Rows, d.Columns, d.Elements, d.Members, d.Offset)
	if d.Name != "" {
		fmt.Fprintf(w, " name %s", Safe(d.Name))
	}
	fmt.Fprintln(w)
	for _, m := range t.Members {
		writeType(w, indent+"  ", m.Name, m.Type)
	}
}

func writeBinds(w io.Writer, indent string, bs []reflect.InputBind) {
	if bs == nil {
		fmt.Fprintf(w, "\n%sBound resources: not in the container\n", indent)
		return
	}
	fmt.Fprintf(w, "\n%sBound resources (%d):\n", indent, len(bs))
	if len(bs) == 0 {
		return
	}
	fmt.Fprintf(w, "%s  %-24s %-38s %-26s %-36s %9s %9s %5s %10s %-8s %s\n", indent, "Name", "Type", "ReturnType", "Dimension", "BindPoint", "BindCount", "Space", "NumSamples", "uID", "uFlags")
	for _, b := range bs {
		ret, dim, samples, id, flags := "-", "-", "-", "-", "-"
		if b.ReturnType != nil {
			ret = b.ReturnTypeName
		}
		if b.Dimension != nil {
			dim = b.DimensionName
		}
		if b.NumSamples != nil {
			samples = fmt.Sprint(*b.NumSamples)
		}
		if b.UID != nil {
			id = fmt.Sprint(*b.UID)
		}
		if b.UFlags != nil {
			flags = fmt.Sprintf("0x%x %s", *b.UFlags, strings.Join(b.FlagNames, " | "))
		}
		name := Safe(b.Name)
		if name == "" {
			name = "-" // stripped
		}
		fmt.Fprintf(w, "%s  %-24s %-38s %-26s %-36s %9d %9d %5d %10s %-8s %s  [%s]\n", indent, name, b.TypeName, ret, dim, b.BindPoint, b.BindCount, b.Space, samples, id, strings.TrimSpace(flags), b.Source)
	}
}

func writeParams(w io.Writer, title string, ps []reflect.SignatureParameter) {
	if ps == nil {
		fmt.Fprintf(w, "\n%s: not in the container\n", title)
		return
	}
	src := ""
	if len(ps) > 0 {
		src = "  [" + ps[0].Source + "]"
	}
	fmt.Fprintf(w, "\n%s (%d):%s\n", title, len(ps), src)
	if len(ps) == 0 {
		return
	}
	fmt.Fprintf(w, "  %-20s %5s %8s %-40s %-32s %4s %13s %6s %s\n", "SemanticName", "Index", "Register", "SystemValueType", "ComponentType", "Mask", "ReadWriteMask", "Stream", "MinPrecision")
	for _, p := range ps {
		reg := fmt.Sprint(p.Register)
		if p.Register == 0xFFFFFFFF {
			reg = "-"
		}
		fmt.Fprintf(w, "  %-20s %5d %8s %-40s %-32s %4s %13s %6d %s\n", Safe(p.SemanticName), p.SemanticIndex, reg, p.SystemValueName, p.ComponentTypeName,
			maskText(p.Mask), maskText(p.ReadWriteMask), p.Stream, p.MinPrecisionName)
	}
}

// maskText writes a component mask as the listings do ("xy w"), "-" when empty.
func maskText(m uint8) string {
	if s := decode.MaskString(m); s != "" {
		return s
	}
	return "-"
}

// WriteRequirements prints the requirements one item per line, each line
// starting with indent.
func WriteRequirements(w io.Writer, q reflect.Requirements, indent string) {
	if q.ShaderModel == "" && q.RootSignature == nil {
		fmt.Fprintf(w, "%snone: the container holds no shader\n", indent)
		return
	}
	if q.ShaderModel != "" {
		fmt.Fprintf(w, "%sShader model %s  [%s]: %s\n", indent, q.ShaderModel, q.ShaderModelSource, q.Check)
	}
	if r := q.Release; r != nil {
		fmt.Fprintf(w, "%sFirst runs on: %s  (%s)\n", indent, releaseText(*r), r.Source)
	}
	for _, ft := range q.Features {
		opt := ft.Need
		if ft.Option != "" {
			opt = ft.Option + " " + ft.Need
		}
		fns := ""
		if len(ft.Functions) > 0 {
			fns = "; functions: " + Safe(strings.Join(ft.Functions, ", "))
		}
		fmt.Fprintf(w, "%sFeature %s (bit %d, SM %s): %s  [%s%s]\n", indent, ft.Name, ft.Bit, orNone(ft.ShaderModel), opt, ft.Source, fns)
	}
	if rs := q.RootSignature; rs != nil {
		fmt.Fprintf(w, "%sRoot signature %s  [%s]", indent, rs.Version, rs.Source)
		if rs.Check != "" {
			fmt.Fprintf(w, ": %s", rs.Check)
		}
		fmt.Fprintln(w)
	}
	for _, ws := range q.WaveSizes {
		fmt.Fprintf(w, "%sWave size %s  [%s]: %s\n", indent, waveText(ws), ws.Source, ws.Check)
	}
	if t := q.Topology; t != nil {
		fmt.Fprintf(w, "%sOutput topology (%s): %s  [%s]\n", indent, t.Stage, t.Name, t.Source)
	}
}

func releaseText(r reflect.Release) string {
	var s []string
	if r.Windows != "" {
		s = append(s, r.Windows)
	}
	if r.AgilitySDK != "" {
		s = append(s, "Agility SDK "+r.AgilitySDK+" on Windows 10 1909 and later")
	}
	return strings.Join(s, "; ")
}

func waveText(ws reflect.WaveSize) string {
	s := fmt.Sprint(ws.Min)
	if ws.Max != ws.Min {
		s += "-" + fmt.Sprint(ws.Max)
	}
	if ws.Preferred != 0 {
		s += fmt.Sprintf(" (preferred %d)", ws.Preferred)
	}
	if ws.Function != "" {
		s = Safe(ws.Function) + ": " + s
	}
	return s
}

// RequirementsLine is the requirements in one line, as `dxscope parts`
// prints them after the digest: the shader model and where it first runs,
// the features by name, the root signature version, the wave sizes and the
// output topology.
func RequirementsLine(q reflect.Requirements) string {
	if q.ShaderModel == "" && q.RootSignature == nil {
		return "Requirements: none (no shader)"
	}
	var parts []string
	if q.ShaderModel != "" {
		sm := "shader model " + q.ShaderModel
		if r := q.Release; r != nil {
			sm += " (" + releaseText(*r) + ")"
		}
		parts = append(parts, sm)
	}
	if len(q.Features) > 0 {
		var names []string
		for _, ft := range q.Features {
			names = append(names, ft.Name)
		}
		parts = append(parts, "features "+strings.Join(names, ", "))
	}
	if rs := q.RootSignature; rs != nil {
		parts = append(parts, "root signature "+rs.Version)
	}
	for _, ws := range q.WaveSizes {
		parts = append(parts, "wave size "+waveText(ws))
	}
	if t := q.Topology; t != nil {
		parts = append(parts, "output "+t.Name)
	}
	return "Requirements: " + strings.Join(parts, "; ")
}
