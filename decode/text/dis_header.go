package text

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// The comment block dxc -dumpbin prints above the IR (dxcdisassembler.cpp,
// DXC 1.7): feature flags, the container's signatures, debug name and hash,
// PSV0's runtime information, the module's signatures with interpolation
// modes, buffer definitions, resource bindings and the ViewID state.

// WriteDisassembly writes what `dxc -dumpbin` prints for a container: the
// header comments from the other parts, then the module's IR.
func WriteDisassembly(w io.Writer, f *decode.File, m *ir.Module) error {
	bw := bufio.NewWriter(w)
	writeDisassemblyHeader(bw, f, m)
	if err := bw.Flush(); err != nil {
		return err
	}
	return WriteIRStyle(w, m, ChooseDXCStyle(f))
}

// DisassemblyHeader returns the comment lines dxc -dumpbin prints above the
// IR of module m (the ILDB or DXIL part's, decoded with decode.PartIR).
func DisassemblyHeader(f *decode.File, m *ir.Module) []string {
	var b strings.Builder
	writeDisassemblyHeader(&b, f, m)
	if b.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// writeDisassemblyHeader writes the header as it is made, a line at a time
// (the ViewID state's lists a number at a time: they run to 32 numbers a
// word of the module), so a text under a cap (the page's) stops making it
// when the cap stops the writer.
func writeDisassemblyHeader(w io.Writer, f *decode.File, m *ir.Module) {
	mod, kind, ok := writeHeaderTop(w, f, m)
	if !ok {
		return
	}
	writeViewIDState(w, f, mod, kind)
	writeLines(w, subobjects(f)...)
}

// writeLines writes each line and its newline.
func writeLines(w io.Writer, lines ...string) {
	for _, l := range lines {
		io.WriteString(w, l+"\n")
	}
}

var featureInfoNames = [...]string{"Double-precision floating point", "Raw and Structured buffers",
	"UAVs at every shader stage", "64 UAV slots", "Minimum-precision data types", "Double-precision extensions for 11.1",
	"Shader extensions for 11.1", "Comparison filtering for feature level 9", "Tiled resources", "PS Output Stencil Ref",
	"PS Inner Coverage", "Typed UAV Load Additional Formats", "Raster Ordered UAVs",
	"SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer", "Wave level operations",
	"64-Bit integer", "View Instancing", "Barycentrics", "Use native low precision", "Shading Rate",
	"Raytracing tier 1.1 features", "Sampler feedback", "64-bit Atomics on Typed Resources",
	"64-bit Atomics on Group Shared", "Derivatives in mesh and amplification shaders",
	"Resource descriptor heap indexing", "Sampler descriptor heap indexing", "Wave Matrix",
	"64-bit Atomics on Heap Resources", "Advanced Texture Ops", "Writeable MSAA Textures",
	"SampleCmp with gradient or bias", "Extended command info"}

var optFeatureInfoNames = [...]string{"Function uses derivatives", "Function requires visible group"}

func ljust(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

func rjust(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

var sigCompTypeNames = map[decode.SigComponentType]string{1: "uint", 2: "int", 3: "float", 4: "uint16", 5: "int16", 6: "fp16", 7: "uint64", 8: "int64", 9: "double"}

// writeHeaderTop writes the header's lines up to the ViewID state, each as
// it is made, and returns, when the header goes on (ok), the module and
// shader kind the state is read with.
func writeHeaderTop(w io.Writer, f *decode.File, m *ir.Module) (refMod *dxil.Module, kind dxil.ShaderKind, ok bool) {
	st := ChooseDXCStyle(f)
	add := func(s string) { writeLines(w, s) }
	addAll := func(lines ...string) { writeLines(w, lines...) }
	if p := f.Part("SFI0"); p != nil && p.Flags != nil && *p.Flags != 0 {
		fl := uint64(*p.Flags)
		add(";")
		add("; Note: shader requires additional functionality:")
		for i, n := range featureInfoNames {
			if fl&(1<<i) != 0 {
				add(";       " + n)
			}
		}
		add(";")
		if opt := fl >> 40; opt != 0 && st.OptionalFeatureNote {
			add("; Note: shader has optional feature flags set:")
			for i, n := range optFeatureInfoNames {
				if opt&(1<<i) != 0 {
					add(";       " + n)
				}
			}
			add(";")
		}
	}
	sig := func(title string, names []string, input bool) {
		var p *decode.Part
		for _, n := range names {
			if p = f.Part(n); p != nil && p.Signature != nil {
				break
			}
		}
		if p == nil || p.Signature == nil {
			return
		}
		addAll(heading(title+" signature:", "; Name                 Index   Mask Register SysValue  Format   Used",
			"; -------------------- ----- ------ -------- -------- ------- ------")...)
		ps := p.Signature.Parameters
		if len(ps) == 0 {
			add("; no parameters")
			return
		}
		streams := false
		for _, e := range ps {
			if e.Stream != 0 {
				streams = true
			}
		}
		for _, e := range ps {
			s := "; "
			if streams {
				s += "m" + strconv.Itoa(int(e.Stream)) + ":" + ljust(Safe(e.Name), 17)
			} else {
				s += ljust(Safe(e.Name), 20)
			}
			s += " " + rjust(strconv.Itoa(int(e.Index)), 5)
			if e.Register == decode.NoRegister {
				s += "    N/A"
				switch strings.ToLower(e.Name) {
				case "sv_depth":
					s += "   oDepth"
				case "sv_depthgreaterequal":
					s += " oDepthGE"
				case "sv_depthlessequal":
					s += " oDepthLE"
				case "sv_coverage":
					s += "    oMask"
				case "sv_stencilref":
					s += "    oStencilRef"
				default:
					if e.SystemValue == decode.SVPrimitiveID {
						s += "   primID"
					} else {
						s += "  special"
					}
				}
			} else {
				s += "   " + decode.MaskColumns(e.Mask) + " " + rjust(strconv.FormatUint(uint64(e.Register), 10), 8)
			}
			s += rjust(sysValueName(e.SystemValue), 9)
			ft, ok := sigCompTypeNames[e.CompType]
			if !ok {
				ft = "unknown"
			}
			s += rjust(ft, 8)
			rw := e.ExclusiveMask
			if !input {
				rw = ^rw
			}
			if e.Register == decode.NoRegister {
				if rw != 0 {
					s += "    YES"
				} else {
					s += "     NO"
				}
			} else {
				s += "   " + decode.MaskColumns(rw)
			}
			add(s)
		}
		add(";")
	}
	sig("Input", []string{"ISG1", "ISGN"}, true)
	sig("Output", []string{"OSG1", "OSG5", "OSGN"}, false)
	if st.DoubledPatchSignature {
		sig("Patch Constant signature", []string{"PSG1", "PCSG"}, false)
	} else {
		sig("Patch Constant", []string{"PSG1", "PCSG"}, false)
	}
	if p := f.Part("ILDN"); p != nil && p.DebugName != nil {
		if !p.DebugName.Valid {
			add("; shader debug name present; corruption detected")
		} else if p.DebugName.DebugName != "" {
			add("; shader debug name: " + Safe(p.DebugName.DebugName))
		}
	}
	if p := f.Part("HASH"); p != nil && p.Hash != nil {
		s := "; shader hash: " + fmt.Sprintf("%x", []byte(p.Hash.Digest))
		if p.Hash.IncludesSource {
			s += " (includes source)"
		}
		add(s)
	}
	prog := f.Part("ILDB")
	if prog == nil || prog.Program == nil {
		prog = f.Part("DXIL")
	}
	if prog == nil || prog.Program == nil {
		return nil, 0, false
	}
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		addAll(psvRuntimeInfo(p.PSVInfo, prog.Program.ShaderKind, st)...)
	}
	mod := prog.Module
	if mod == nil || mod.DXILVersion == nil {
		return nil, 0, false
	}
	kind = dxil.Invalid // the kind the metadata's shader model names
	if sm := mod.ShaderModel; sm != nil {
		if k, ok := dxil.KindOfProfile(sm.Kind); ok {
			kind = k
		}
	}
	if kind != dxil.Library && len(mod.EntryPoints) > 0 && mod.EntryPoints[0].Signatures != nil {
		s := mod.EntryPoints[0].Signatures
		dxilSig := func(title string, els []dxil.SignatureElement) {
			if len(els) == 0 {
				return
			}
			addAll(heading(title+" signature:", "; Name                 Index             InterpMode DynIdx",
				"; -------------------- ----- ---------------------- ------")...)
			for _, e := range els {
				idx := uint32(0)
				if len(e.SemanticIndices) > 0 {
					idx = e.SemanticIndices[0]
				}
				m := strings.ReplaceAll(decode.MaskColumns(uint8(e.DynIdxCompMask)), " ", "")
				add("; " + ljust(Safe(e.Name), 20) + " " + rjust(strconv.Itoa(int(idx)), 5) + " " + rjust(interpModeName(e.InterpMode), 22) + "   " + rjust(m, 4))
			}
		}
		dxilSig("Input", s.Inputs)
		if kind == dxil.Mesh {
			dxilSig("Vertex Output", s.Outputs)
			dxilSig("Primitive Output", s.PatchConstant)
		} else {
			dxilSig("Output", s.Outputs)
			if st.DoubledDXILPatchSignature {
				dxilSig("Patch Constant signature", s.PatchConstant)
			} else {
				dxilSig("Patch Constant", s.PatchConstant)
			}
		}
	}
	refMod = mod
	if st := f.Part("STAT"); st != nil && st.Module != nil {
		refMod = st.Module
	}
	addAll(heading("Buffer Definitions:")...)
	refIR := m
	if x := f.StatIR(); x != nil {
		refIR = x
	}
	if refIR != nil {
		minPrec := true
		if len(refMod.EntryPoints) > 0 && refMod.EntryPoints[0].ShaderFlags&(1<<23) != 0 {
			minPrec = false // UseNativeLowPrecision
		}
		addAll(bufferDefinitions(refIR, minPrec, st)...)
	}
	addAll(heading("Resource Bindings:", "; Name                                 Type  Format         Dim      ID      HLSL Bind  Count",
		"; ------------------------------ ---------- ------- ----------- ------- -------------- ------")...)
	for _, class := range []string{"CBuffer", "Sampler", "SRV", "UAV"} {
		for _, r := range refMod.Resources {
			if r.Class == class {
				add(resourceBinding(r))
			}
		}
	}
	add(";")
	return refMod, kind, true
}

func interpModeName(m uint32) string {
	names := [...]string{"", "nointerpolation", "linear", "centroid", "noperspective", "noperspective centroid", "sample", "noperspective sample"}
	if int(m) < len(names) {
		return names[m]
	}
	return "invalid"
}

var sysValueNames = map[decode.D3DSystemValue]string{1: "POS", 2: "CLIPDST", 3: "CULLDST", 4: "RTINDEX", 5: "VPINDEX",
	6: "VERTID", 7: "PRIMID", 8: "INSTID", 9: "FFACE", 10: "SAMPLE", 11: "QUADEDGE", 12: "QUADINT", 13: "TRIEDGE",
	14: "TRIINT", 15: "LINEDET", 16: "LINEDEN", 23: "BARYCEN", 24: "SHDINGRATE", 25: "CULLPRIM", 64: "TARGET",
	65: "DEPTH", 66: "COVERAGE", 67: "DEPTHGE", 68: "DEPTHLE", 69: "STENCILREF", 70: "INNERCOV"}

func sysValueName(v decode.D3DSystemValue) string {
	if n, ok := sysValueNames[v]; ok {
		return n
	}
	return "NONE"
}

var resDimNames = map[string]string{"Texture1D": "1d", "Texture2D": "2d", "Texture2DMS": "2dMS", "Texture3D": "3d",
	"TextureCube": "cube", "Texture1DArray": "1darray", "Texture2DArray": "2darray", "Texture2DMSArray": "2darrayMS",
	"TextureCubeArray": "cubearray", "TypedBuffer": "buf", "RawBuffer": "rawbuf", "StructuredBuffer": "structbuf",
	"CBuffer": "cbuffer", "Sampler": "sampler", "TBuffer": "tbuffer", "RTAccelerationStructure": "ras",
	"FeedbackTexture2D": "fbtex2d", "FeedbackTexture2DArray": "fbtex2darray"}

var compTypeShort = [...]string{"invalid", "i1", "i16", "u16", "i32", "u32", "i64", "u64", "f16", "f32", "f64",
	"snorm_f16", "unorm_f16", "snorm_f32", "unorm_f32", "snorm_f64", "unorm_f64", "p32i8", "p32u8"}

func resourceBinding(r dxil.Resource) string {
	class := map[string]string{"SRV": "texture", "UAV": "UAV", "CBuffer": "cbuffer", "Sampler": "sampler"}[r.Class]
	idp := map[string]string{"SRV": "T", "UAV": "U", "CBuffer": "CB", "Sampler": "S"}[r.Class]
	bp := map[string]string{"SRV": "t", "UAV": "u", "CBuffer": "cb", "Sampler": "s"}[r.Class]
	s := "; " + ljust(Safe(r.Name), 31) + rjust(class, 10)
	format, dim := "NA", "NA"
	if r.Class == "SRV" || r.Class == "UAV" {
		switch r.Kind {
		case "RawBuffer":
			format = "byte"
		case "StructuredBuffer":
			format = "struct"
		default:
			format = "invalid"
			if int(r.ElementType) < len(compTypeShort) {
				format = compTypeShort[r.ElementType]
			}
		}
		switch r.Kind {
		case "RawBuffer", "StructuredBuffer":
			switch {
			case r.Class == "SRV":
				dim = "r/o"
			case r.HasCounter:
				dim = "r/w+cnt"
			default:
				dim = "r/w"
			}
		case "TypedBuffer":
			dim = "buf"
		case "Texture2DMS", "Texture2DMSArray":
			dim = resDimNames[r.Kind]
			if r.SampleCount != 0 {
				dim += strconv.Itoa(int(r.SampleCount))
			}
		default:
			dim = resDimNames[r.Kind]
			if dim == "" {
				dim = "invalid"
			}
		}
	}
	s += rjust(format, 8) + rjust(dim, 12) + rjust(idp+strconv.Itoa(int(r.ID)), 8)
	bind := bp + strconv.FormatUint(uint64(r.LowerBound), 10)
	if r.Space != 0 {
		bind += ",space" + strconv.FormatUint(uint64(r.Space), 10)
	}
	s += rjust(bind, 15)
	if r.RangeSize != 0xFFFFFFFF {
		s += rjust(strconv.FormatUint(uint64(r.RangeSize), 10), 6)
	} else {
		s += rjust("unbounded", 6)
	}
	return s
}

// psvRuntimeInfo is the "Pipeline Runtime Information" section: PSV0's
// runtime information for the stage, as the DXC build of style st prints
// it (PrintPSVRuntimeInfo from DXC 1.8.2502, the disassembler's own
// stage lines before).
func psvRuntimeInfo(p *decode.PSVInfo, kind dxil.ShaderKind, st DXCStyle) []string {
	out := []string{";", "; Pipeline Runtime Information: ", ";"}
	add := func(s string) { out = append(out, "; "+s) }
	b := func(v uint8) string {
		if v != 0 {
			return "1"
		}
		return "0"
	}
	if st.PSVRuntimeInfo {
		out = append(out, ";PSVRuntimeInfo:")
		if p.Version >= 1 { // PrintPSVRuntimeInfo believes PSV0's stage over the program's
			kind = p.ShaderStage
			if !p.StageKnown {
				kind = dxil.Invalid
			}
		}
	}
	threads := func() {
		if p.Version >= 2 {
			add(fmt.Sprintf("NumThreads=(%d,%d,%d)", p.NumThreadsX, p.NumThreadsY, p.NumThreadsZ))
		}
		if st.PSVRuntimeInfo && p.Version >= 4 {
			add(fmt.Sprintf("NumBytesGroupSharedMemory: %d", p.NumBytesGroupSharedMemory))
		}
	}
	switch kind {
	case dxil.Hull:
		h := orZero(p.HS)
		add("Hull Shader")
		add(fmt.Sprintf("InputControlPointCount=%d", h.InputControlPointCount))
		add(fmt.Sprintf("OutputControlPointCount=%d", h.OutputControlPointCount))
		add("Domain=" + pick([]string{"invalid", "isoline", "tri", "quad"}, uint32(h.TessellatorDomain)))
		add("OutputPrimitive=" + pick([]string{"invalid", "point", "line", "triangle_cw", "triangle_ccw"}, uint32(h.TessellatorOutputPrimitive)))
	case dxil.Domain:
		d := orZero(p.DS)
		add("Domain Shader")
		add(fmt.Sprintf("InputControlPointCount=%d", d.InputControlPointCount))
		add("OutputPositionPresent=" + b(d.OutputPositionPresent))
	case dxil.Geometry:
		g := orZero(p.GS)
		add("Geometry Shader")
		ip := uint32(g.InputPrimitive)
		in := "invalid"
		switch {
		case ip >= 1 && ip <= 3:
			in = []string{"", "point", "line", "triangle"}[ip]
		case ip == 6:
			in = "lineadj"
		case ip == 7:
			in = "triangleadj"
		case ip >= 8 && ip <= 39:
			in = "patch" + strconv.Itoa(int(ip-7))
		}
		add("InputPrimitive=" + in)
		top := map[uint32]string{1: "point", 3: "line", 5: "triangle"}[uint32(g.OutputTopology)]
		if top == "" {
			top = "invalid"
		}
		add("OutputTopology=" + top)
		add(fmt.Sprintf("OutputStreamMask=%d", g.OutputStreamMask))
		add("OutputPositionPresent=" + b(g.OutputPositionPresent))
	case dxil.Vertex:
		v := orZero(p.VS)
		add("Vertex Shader")
		add("OutputPositionPresent=" + b(v.OutputPositionPresent))
	case dxil.Pixel:
		ps := orZero(p.PS)
		add("Pixel Shader")
		add("DepthOutput=" + b(ps.DepthOutput))
		add("SampleFrequency=" + b(ps.SampleFrequency))
	case dxil.Compute:
		if st.ThreadsTitle {
			add("Compute Shader")
			threads()
		}
	case dxil.Amplification:
		if st.ThreadsTitle {
			add("Amplification Shader")
			threads()
		}
	case dxil.Mesh:
		if st.ThreadsTitle {
			add("Mesh Shader")
			if p.Version >= 1 {
				add("MeshOutputTopology=" + pick([]string{"undefined", "line", "triangle"}, uint32(p.MeshOutputTopology)))
			}
			threads()
		}
	}
	switch {
	case p.MinimumWaveLaneCount == p.MaximumWaveLaneCount && (st.WaveSizeLine || st.PSVRuntimeInfo):
		add(fmt.Sprintf("WaveSize=%d", p.MinimumWaveLaneCount))
	case st.PSVRuntimeInfo:
		add(fmt.Sprintf("MinimumExpectedWaveLaneCount: %d", p.MinimumWaveLaneCount))
		add(fmt.Sprintf("MaximumExpectedWaveLaneCount: %d", p.MaximumWaveLaneCount))
	}
	if st.PSVRuntimeInfo && p.Version >= 1 {
		add("UsesViewID: " + strconv.FormatBool(p.UsesViewID != 0))
		add(fmt.Sprintf("SigInputElements: %d", p.SigInputElementCount))
		add(fmt.Sprintf("SigOutputElements: %d", p.SigOutputElementCount))
		add(fmt.Sprintf("SigPatchConstOrPrimElements: %d", p.SigPatchConstOrPrimElementCount))
		add(fmt.Sprintf("SigInputVectors: %d", p.SigInputVectors))
		for i, n := range p.SigOutputVectors {
			add(fmt.Sprintf("SigOutputVectors[%d]: %d", i, n))
		}
	}
	if st.PSVRuntimeInfo && p.Version >= 3 {
		add("EntryFunctionName: " + Safe(p.EntryName))
	}
	out = append(out, ";")
	return out
}

// heading is a section's title between comment lines, then its column
// heads, as dxc -dumpbin prints them.
func heading(title string, columns ...string) []string {
	return append([]string{";", "; " + title, ";"}, columns...)
}

// orZero is the stage's info, or zeros when PSV0 has none (DXC prints the
// fields all the same).
func orZero[T any](p *T) *T {
	if p == nil {
		return new(T)
	}
	return p
}

func pick(names []string, v uint32) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return "invalid"
}

// writeViewIDState writes !dx.viewIdState as DXC's PrintViewIdState, a
// number at a time: the state's words hold 32 dependencies each.
func writeViewIDState(w io.Writer, f *decode.File, m *dxil.Module, kind dxil.ShaderKind) {
	if m.ViewIDState == nil {
		return
	}
	usesViewID := false
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil && p.PSVInfo.Version >= 1 {
		usesViewID = p.PSVInfo.UsesViewID != 0
	} else if len(m.EntryPoints) > 0 {
		usesViewID = m.EntryPoints[0].ShaderFlags&(1<<21) != 0
	}
	v := dxil.ReadViewIDState(m.ViewIDState, kind, usesViewID)
	gs := kind == dxil.Geometry
	line := func(s string) { writeLines(w, s) }
	writeLines(w, heading("ViewId state:")...)
	s := fmt.Sprintf("; Number of inputs: %d", v.Inputs)
	if !gs {
		s += fmt.Sprintf(", outputs: %d", v.Outputs[0])
	} else {
		s += fmt.Sprintf(", outputs per stream: { %d, %d, %d, %d }", v.Outputs[0], v.Outputs[1], v.Outputs[2], v.Outputs[3])
	}
	switch kind {
	case dxil.Hull, dxil.Domain:
		s += fmt.Sprintf(", patchconst: %d", v.PatchConstants)
	case dxil.Mesh:
		s += fmt.Sprintf(", primitive outputs: %d", v.PatchConstants)
	}
	line(s)
	var num []byte
	// list writes "{ a, b }" of the members has reports among the first n.
	list := func(n uint32, has func(uint32) bool) {
		io.WriteString(w, "{ ")
		first := true
		for i := range n {
			if !has(i) {
				continue
			}
			if !first {
				io.WriteString(w, ", ")
			}
			first = false
			num = strconv.AppendUint(num[:0], uint64(i), 10)
			w.Write(num)
		}
		io.WriteString(w, " }\n")
	}
	depLine := func(name string, b dxil.BitSet) {
		io.WriteString(w, "; "+name+" dependent on ViewId: ")
		// Bits past the words are clear: a count the words cannot hold is not walked.
		list(min(b.N, uint32(min(len(b.Words)*32, math.MaxUint32))), b.Has)
	}
	contribLines := func(in, outName string, t dxil.DependencyTable) {
		line("; " + in + " contributing to computation of " + outName + ":")
		if len(t.Rows) == 0 {
			return
		}
		// The table's rows fit in the state's words (ReadViewIDState), so
		// inputs × outputs is at most 32 a word.
		for o := range t.Outputs {
			for i := range t.Inputs {
				if t.Depends(o, i) {
					io.WriteString(w, ";   output "+strconv.FormatUint(uint64(o), 10)+" depends on inputs: ")
					list(t.Inputs, func(i uint32) bool { return t.Depends(o, i) })
					break
				}
			}
		}
	}
	if !gs {
		depLine("Outputs", v.OutputsOnViewID[0])
	} else {
		for i := range 4 {
			if v.Outputs[i] > 0 {
				depLine(fmt.Sprintf("Outputs for Stream %d", i), v.OutputsOnViewID[i])
			}
		}
	}
	switch kind {
	case dxil.Hull:
		depLine("PCOutputs", v.PatchConstantsOnViewID)
	case dxil.Mesh:
		depLine("Primitive Outputs", v.PatchConstantsOnViewID)
	}
	if !gs {
		contribLines("Inputs", "Outputs", v.InputsOf[0])
	} else {
		for i := range 4 {
			if v.Outputs[i] > 0 {
				contribLines("Inputs", fmt.Sprintf("Outputs for Stream %d", i), v.InputsOf[i])
			}
		}
	}
	switch kind {
	case dxil.Hull:
		contribLines("Inputs", "PCOutputs", v.InputsOfPatchConstant)
	case dxil.Mesh:
		contribLines("Inputs", "Primitive Outputs", v.InputsOfPatchConstant)
	case dxil.Domain:
		contribLines("PCInputs", "Outputs", v.PatchConstantsOf)
	}
	line(";")
}

var subobjectKindNames = map[uint32]string{0: "StateObjectConfig", 1: "GlobalRootSignature", 2: "LocalRootSignature",
	8: "SubobjectToExportsAssociation", 9: "RaytracingShaderConfig", 10: "RaytracingPipelineConfig", 11: "HitGroup",
	12: "RaytracingPipelineConfig1"}

// flagsText prints flags one bit at a time, lowest first, as DXC's PrintFlags.
func flagsText(f uint32, names map[uint32]string, invalid string) string {
	if f == 0 {
		return "0"
	}
	var parts []string
	for f != 0 {
		bit := f & -f
		f ^= bit
		n, ok := names[bit]
		if !ok {
			n = invalid
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " | ")
}

// subobjects prints RDAT's subobject table as DXC's PrintSubobjects.
func subobjects(f *decode.File) []string {
	p := f.Part("RDAT")
	if p == nil || p.RuntimeData == nil || p.RuntimeData.SubobjectTable == nil || len(p.RuntimeData.SubobjectTable.Records) == 0 {
		return nil
	}
	out := []string{";", "; Subobjects:", ";"}
	for _, s := range p.RuntimeData.SubobjectTable.Records {
		kind, ok := subobjectKindNames[s.Kind]
		if !ok {
			kind = "<invalid kind>"
		}
		line := ";  " + kind + " " + Safe(s.Name) + " = { "
		switch {
		case s.StateObjectConfig != nil:
			line += flagsText(s.StateObjectConfig.Flags, map[uint32]string{
				1: "STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS",
				2: "STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS",
				4: "STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS"}, "<invalid StateObjectFlag>")
		case s.RootSignature != nil:
			line += fmt.Sprintf("<%d bytes>", s.RootSignature.Data.Size)
		case s.SubobjectToExportsAssociation != nil:
			a := s.SubobjectToExportsAssociation
			q := make([]string, len(a.Exports))
			for i, e := range a.Exports {
				q[i] = `"` + Safe(e) + `"`
			}
			line += `"` + Safe(a.Subobject) + `", { ` + strings.Join(q, ", ") + " } "
		case s.RaytracingShaderConfig != nil:
			line += fmt.Sprintf("MaxPayloadSizeInBytes = %d, MaxAttributeSizeInBytes = %d", s.RaytracingShaderConfig.MaxPayloadSizeInBytes, s.RaytracingShaderConfig.MaxAttributeSizeInBytes)
		case s.RaytracingPipelineConfig != nil:
			line += fmt.Sprintf("MaxTraceRecursionDepth = %d", s.RaytracingPipelineConfig.MaxTraceRecursionDepth)
		case s.HitGroup != nil:
			h := s.HitGroup
			t := map[uint32]string{0: "Triangle", 1: "ProceduralPrimitive"}[h.Type]
			if t == "" {
				t = "<invalid HitGroupType>"
			}
			line += fmt.Sprintf(`HitGroupType = %s, Anyhit = "%s", Closesthit = "%s", Intersection = "%s"`, t, Safe(h.AnyHit), Safe(h.ClosestHit), Safe(h.Intersection))
		case s.RaytracingPipelineConfig1 != nil:
			c := s.RaytracingPipelineConfig1
			flags := "RAYTRACING_PIPELINE_FLAG_NONE"
			if c.Flags != 0 {
				flags = flagsText(c.Flags, map[uint32]string{0x100: "RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES",
					0x200: "RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x400: "RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS"}, "<invalid RaytracingPipelineFlags>")
			}
			line += fmt.Sprintf("MaxTraceRecursionDepth = %d, Flags = %s", c.MaxTraceRecursionDepth, flags)
		default:
			line += "<error getting subobject>"
		}
		out = append(out, line+" };")
	}
	return append(out, ";")
}
