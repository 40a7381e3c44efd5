package text

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
)

// WritePSV prints every section of a decoded PSV0 part in the layout of
// DXC's dxa -dumppsv, with enums named, references resolved and each
// dependency also listed by signature element.
func WritePSV(w io.Writer, info *decode.PSVInfo) {
	fmt.Fprintf(w, "DxilPipelineStateValidation: version %d (RuntimeInfoSize %d)\n", info.Version, info.RuntimeInfoSize)
	fmt.Fprintln(w, "PSVRuntimeInfo:")
	switch {
	case !info.StageKnown:
		fmt.Fprintf(w, " Unknown stage (%s); stage union % x\n", info.ShaderStage, []byte(info.StageInfo))
	case stageTitle[info.ShaderStage] != "":
		fmt.Fprintf(w, " %s\n", stageTitle[info.ShaderStage])
	default:
		fmt.Fprintf(w, " %s shader\n", info.ShaderStage)
	}
	if info.StageSource != "ShaderStage" && info.StageSource != "" {
		fmt.Fprintf(w, " (stage taken from the %s program header: PSV version 0 does not store it)\n", info.StageSource)
	}
	switch {
	case info.VS != nil:
		fmt.Fprintf(w, " OutputPositionPresent=%t\n", info.VS.OutputPositionPresent != 0)
	case info.HS != nil:
		fmt.Fprintf(w, " InputControlPointCount=%d\n OutputControlPointCount=%d\n Domain=%s\n OutputPrimitive=%s\n",
			info.HS.InputControlPointCount, info.HS.OutputControlPointCount, info.HS.TessellatorDomain, info.HS.TessellatorOutputPrimitive)
	case info.DS != nil:
		fmt.Fprintf(w, " InputControlPointCount=%d\n OutputPositionPresent=%t\n Domain=%s\n",
			info.DS.InputControlPointCount, info.DS.OutputPositionPresent != 0, info.DS.TessellatorDomain)
	case info.GS != nil:
		fmt.Fprintf(w, " InputPrimitive=%s\n OutputTopology=%s\n OutputStreamMask=%d\n OutputPositionPresent=%t\n",
			info.GS.InputPrimitive, info.GS.OutputTopology, info.GS.OutputStreamMask, info.GS.OutputPositionPresent != 0)
	case info.PS != nil:
		fmt.Fprintf(w, " DepthOutput=%t\n SampleFrequency=%t\n", info.PS.DepthOutput != 0, info.PS.SampleFrequency != 0)
	case info.MS != nil, info.AS != nil, info.IsStage(dxil.Compute), info.IsStage(dxil.Mesh), info.IsStage(dxil.Amplification):
		// DXC's PrintPSVRuntimeInfo (what dxc -dumpbin prints under
		// ";PSVRuntimeInfo:"): the mesh topology from v1, the thread group
		// from v2, NumBytesGroupSharedMemory from v4, in that order; then
		// the stage union's fields, which DXC does not print.
		if info.IsStage(dxil.Mesh) && info.Version >= 1 {
			fmt.Fprintf(w, " MeshOutputTopology=%s\n", meshTopologyText(info.MeshOutputTopology))
		}
		if info.Version >= 2 {
			fmt.Fprintf(w, " NumThreads=(%d,%d,%d)\n", info.NumThreadsX, info.NumThreadsY, info.NumThreadsZ)
		}
		if info.Version >= 4 {
			fmt.Fprintf(w, " NumBytesGroupSharedMemory: %d\n", info.NumBytesGroupSharedMemory)
		}
		switch {
		case info.MS != nil:
			fmt.Fprintf(w, " MaxOutputVertices=%d\n MaxOutputPrimitives=%d\n PayloadSizeInBytes=%d\n GroupSharedBytesUsed=%d\n GroupSharedBytesDependentOnViewID=%d\n",
				info.MS.MaxOutputVertices, info.MS.MaxOutputPrimitives, info.MS.PayloadSizeInBytes, info.MS.GroupSharedBytesUsed, info.MS.GroupSharedBytesDependentOnViewID)
		case info.AS != nil:
			fmt.Fprintf(w, " PayloadSizeInBytes=%d\n", info.AS.PayloadSizeInBytes)
		}
	}
	if info.Version >= 2 && !info.IsStage(dxil.Compute) && !info.IsStage(dxil.Mesh) && !info.IsStage(dxil.Amplification) && info.NumThreadsX|info.NumThreadsY|info.NumThreadsZ != 0 {
		fmt.Fprintf(w, " NumThreads=(%d,%d,%d)\n", info.NumThreadsX, info.NumThreadsY, info.NumThreadsZ)
	}
	lane := func(v uint32, unused uint32) string {
		if v == unused {
			return fmt.Sprintf("%d (unused)", v)
		}
		return strconv.FormatUint(uint64(v), 10)
	}
	if info.MinimumWaveLaneCount == info.MaximumWaveLaneCount {
		fmt.Fprintf(w, " WaveSize=%d\n", info.MinimumWaveLaneCount)
	} else {
		fmt.Fprintf(w, " MinimumExpectedWaveLaneCount: %s\n", lane(info.MinimumWaveLaneCount, 0))
		fmt.Fprintf(w, " MaximumExpectedWaveLaneCount: %s\n", lane(info.MaximumWaveLaneCount, 0xFFFFFFFF))
	}
	if info.Version >= 1 {
		fmt.Fprintf(w, " UsesViewID: %t\n", info.UsesViewID != 0)
		switch {
		case info.IsStage(dxil.Geometry):
			fmt.Fprintf(w, " MaxVertexCount: %d\n", info.MaxVertexCount)
		case info.IsStage(dxil.Hull), info.IsStage(dxil.Domain):
			fmt.Fprintf(w, " SigPatchConstOrPrimVectors: %d\n", info.SigPatchConstOrPrimVectors)
		case info.IsStage(dxil.Mesh):
			fmt.Fprintf(w, " SigPrimVectors: %d\n", info.SigPatchConstOrPrimVectors)
		}
		fmt.Fprintf(w, " SigInputElements: %d\n SigOutputElements: %d\n SigPatchConstOrPrimElements: %d\n SigInputVectors: %d\n",
			info.SigInputElementCount, info.SigOutputElementCount, info.SigPatchConstOrPrimElementCount, info.SigInputVectors)
		for i, v := range info.SigOutputVectors {
			fmt.Fprintf(w, " SigOutputVectors[%d]: %d\n", i, v)
		}
	}
	if info.Version >= 3 {
		fmt.Fprintf(w, " EntryFunctionName: %s\n", Safe(info.EntryName))
	}
	if info.Version >= 4 && !info.IsStage(dxil.Compute) && !info.IsStage(dxil.Mesh) && !info.IsStage(dxil.Amplification) {
		// DXC prints it only for the stages with group shared memory.
		fmt.Fprintf(w, " NumBytesGroupSharedMemory: %d\n", info.NumBytesGroupSharedMemory)
	}
	if len(info.UnknownRuntimeInfo) > 0 {
		fmt.Fprintf(w, " (%d bytes of a newer runtime info, not decoded: %x)\n", len(info.UnknownRuntimeInfo), []byte(info.UnknownRuntimeInfo))
	}

	fmt.Fprintf(w, "ResourceCount : %d\n", info.ResourceCount)
	if info.ResourceCount > 0 {
		fmt.Fprintf(w, " ResourceStride : %d\n", info.ResourceStride)
	}
	for _, r := range info.Resources {
		fmt.Fprintln(w, " PSVResourceBindInfo:")
		fmt.Fprintf(w, "  Space: %d\n  LowerBound: %d\n", r.Space, r.LowerBound)
		if r.Unbounded() {
			fmt.Fprintln(w, "  UpperBound: 4294967295 (unbounded)")
		} else {
			fmt.Fprintf(w, "  UpperBound: %d\n", r.UpperBound)
		}
		fmt.Fprintf(w, "  ResType: %s\n", r.Type)
		if r.HasKindAndFlags {
			fmt.Fprintf(w, "  ResKind: %s\n  ResFlags: %s\n", r.Kind, r.Flags)
		}
	}
	if info.Version == 0 {
		return
	}

	fmt.Fprintf(w, "StringTable: %d bytes\n", info.StringTableSize)
	for _, s := range info.StringTable {
		if s.Value != "" {
			fmt.Fprintf(w, "  [%d] %q\n", s.Offset, s.Value)
		}
	}
	fmt.Fprintf(w, "SemanticIndexTable: %d entries:", len(info.SemanticIndexTable))
	for _, v := range info.SemanticIndexTable {
		fmt.Fprintf(w, " %d", v)
	}
	fmt.Fprintln(w)
	for _, sig := range []decode.PSVSigKind{decode.PSVSigInput, decode.PSVSigOutput, decode.PSVSigPatchOrPrim} {
		for i, e := range info.Elements(sig) {
			fmt.Fprintf(w, "PSVSignatureElement: (%s[%d])\n", sig, i)
			if sv := e.Semantic(); e.Name == "" && sv != "" {
				fmt.Fprintf(w, "  SemanticName:  (system value %s)\n", sv)
			} else {
				fmt.Fprintf(w, "  SemanticName: %s\n", Safe(e.Name))
			}
			idx := make([]string, len(e.Indices))
			for j, v := range e.Indices {
				idx[j] = strconv.FormatUint(uint64(v), 10)
			}
			fmt.Fprintf(w, "  SemanticIndex: %s\n", strings.Join(idx, " "))
			alloc := 0
			if e.Allocated {
				alloc = 1
			}
			fmt.Fprintf(w, "  IsAllocated: %d\n  StartRow: %d\n  StartCol: %d\n  Rows: %d\n  Cols: %d\n", alloc, e.StartRow, e.StartCol, e.Rows, e.Cols)
			fmt.Fprintf(w, "  SemanticKind: %s\n  InterpolationMode: %d (%s)\n  OutputStream: %d\n  ComponentType: %d (%s)\n  DynamicIndexMask: %d\n",
				e.Kind, uint8(e.Interpolation), e.Interpolation, e.Stream, uint8(e.ComponentType), e.ComponentType, e.DynamicMask)
		}
	}
	writeViewID(w, info)
}

func compList(cs []int) string {
	if len(cs) == 0 {
		return "  None"
	}
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = strconv.Itoa(c)
	}
	return " " + strings.Join(s, "  ")
}

func labels(info *decode.PSVInfo, sig decode.PSVSigKind, stream int, cs []int) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = Safe(info.StreamComponentLabel(sig, stream, c))
	}
	return strings.Join(s, ", ")
}

func writeViewID(w io.Writer, info *decode.PSVInfo) {
	streams := 1
	if info.IsStage(dxil.Geometry) {
		streams = 4
	}
	if info.UsesViewID != 0 {
		for i := 0; i < streams; i++ {
			fmt.Fprintf(w, "Outputs affected by ViewID as a bitmask for stream %d:\n", i)
			cs := info.ViewIDOutputMasks[i].Components()
			fmt.Fprintf(w, "  ViewID influencing Outputs[%d] :%s\n", i, compList(cs))
			if len(cs) > 0 {
				fmt.Fprintf(w, "    = %s\n", labels(info, decode.PSVSigOutput, i, cs))
			}
		}
		if info.IsStage(dxil.Hull) || info.IsStage(dxil.Mesh) {
			fmt.Fprintln(w, "PCOutputs affected by ViewID as a bitmask:")
			cs := info.ViewIDPatchOrPrimMask.Components()
			fmt.Fprintf(w, "  ViewID influencing PCOutputs :%s\n", compList(cs))
			if len(cs) > 0 {
				fmt.Fprintf(w, "    = %s\n", labels(info, decode.PSVSigPatchOrPrim, 0, cs))
			}
		}
	}
	for i := 0; i < streams; i++ {
		fmt.Fprintf(w, "Outputs affected by inputs as a table of bitmasks for stream %d:\n", i)
		writeTable(w, info, info.InputToOutput[i], "Inputs", fmt.Sprintf("Outputs[%d]", i))
	}
	switch {
	case info.IsStage(dxil.Hull):
		fmt.Fprintln(w, "Patch constant outputs affected by inputs as a table of bitmasks:")
		writeTable(w, info, info.InputToPatch, "Inputs", "PatchConstantOutputs")
	case info.IsStage(dxil.Domain):
		fmt.Fprintln(w, "Outputs affected by patch constant inputs as a table of bitmasks:")
		writeTable(w, info, info.PatchToOutput, "PatchConstantInputs", "Outputs")
	}
}

func writeTable(w io.Writer, info *decode.PSVInfo, t *decode.PSVDependencyTable, in, out string) {
	if t == nil {
		fmt.Fprintf(w, "Inputs contributing to computation of %s:  None\n", out)
		return
	}
	fmt.Fprintf(w, "Inputs contributing to computation of %s:\n", out)
	var named []string
	for c := 0; c < t.InputVectors*4; c++ {
		cs := t.Outputs(c)
		fmt.Fprintf(w, "  %s[%d] influencing %s :%s\n", in, c, out, compList(cs))
		if len(cs) > 0 {
			named = append(named, fmt.Sprintf("  %s -> %s", Safe(info.StreamComponentLabel(t.Input, 0, c)), labels(info, t.Output, t.Stream, cs)))
		}
	}
	if len(named) > 0 {
		fmt.Fprintf(w, "By element (%s):\n", t.Name)
		for _, n := range named {
			fmt.Fprintln(w, n)
		}
	}
}

var stageTitle = map[dxil.ShaderKind]string{dxil.Pixel: "Pixel Shader", dxil.Vertex: "Vertex Shader", dxil.Geometry: "Geometry Shader",
	dxil.Hull: "Hull Shader", dxil.Domain: "Domain Shader", dxil.Compute: "Compute Shader", dxil.Mesh: "Mesh Shader",
	dxil.Amplification: "Amplification Shader"}

// meshTopologyText is DXIL::MeshOutputTopology as DXC's PrintPSVRuntimeInfo
// spells it: lower case, "invalid" for a value it does not name.
func meshTopologyText(t decode.MeshOutputTopology) string {
	if t > 2 {
		return "invalid"
	}
	return dxil.MeshOutputTopology(t).String()
}

// WritePSVPart is WritePSV for a part, followed by the values a part cut
// short does not hold (printed above as 0, the decoder's fill, not the file's).
func WritePSVPart(w io.Writer, p *decode.Part) {
	WritePSV(w, p.PSVInfo)
	WriteAbsent(w, p)
}

// WriteAbsent names a cut part's absent values (decode.Part.Absent), if any.
func WriteAbsent(w io.Writer, p *decode.Part) {
	if len(p.Absent) == 0 {
		return
	}
	fmt.Fprintf(w, "Absent: %d values are not in the file (the part is cut short; a 0 printed for them is no value):\n", len(p.Absent))
	for _, a := range p.Absent {
		fmt.Fprintf(w, "  %s\n", Safe(a))
	}
}
