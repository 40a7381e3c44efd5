package decode

import (
	"bytes"
	"encoding/json"

	"github.com/dxscope/dxscope/decode/dxil"
)

// orderedJSON is a JSON object whose keys keep the order they were added in,
// so PSVInfo prints in obj2yaml's order with the stage's own keys only.
type orderedJSON struct {
	keys []string
	vals []any
}

func (o *orderedJSON) add(k string, v any) { o.keys = append(o.keys, k); o.vals = append(o.vals, v) }

func (o *orderedJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// words returns a mask's dwords, or an empty list when absent (obj2yaml prints "[ ]").
func words(w []uint32) []uint32 {
	if w == nil {
		return []uint32{}
	}
	return w
}

// dwords is the mask's Words for the JSON: [] when the file has no such mask.
func (m *PSVComponentMask) dwords() []uint32 {
	if m == nil {
		return []uint32{}
	}
	return m.Words
}

// dwords is the table's Words for the JSON: [] when the file has no such table.
func (t *PSVDependencyTable) dwords() []uint32 {
	if t == nil {
		return []uint32{}
	}
	return t.Words
}

// MarshalJSON writes the part under obj2yaml's PSVInfo keys and value forms
// (numbers where obj2yaml prints numbers, each with a "<Key>Name"), followed
// by added keys for what obj2yaml does not show.
func (info *PSVInfo) MarshalJSON() ([]byte, error) {
	o := &orderedJSON{}
	o.add("Version", info.Version)
	o.add("ShaderStage", uint32(info.ShaderStage))
	o.add("ShaderStageName", info.ShaderStage.String())
	switch {
	case info.PS != nil:
		o.add("DepthOutput", info.PS.DepthOutput)
		o.add("SampleFrequency", info.PS.SampleFrequency)
	case info.VS != nil:
		o.add("OutputPositionPresent", info.VS.OutputPositionPresent)
	case info.GS != nil:
		o.add("InputPrimitive", uint32(info.GS.InputPrimitive))
		o.add("InputPrimitiveName", info.GS.InputPrimitive.String())
		o.add("OutputTopology", uint32(info.GS.OutputTopology))
		o.add("OutputTopologyName", info.GS.OutputTopology.String())
		o.add("OutputStreamMask", info.GS.OutputStreamMask)
		o.add("OutputPositionPresent", info.GS.OutputPositionPresent)
	case info.HS != nil:
		o.add("InputControlPointCount", info.HS.InputControlPointCount)
		o.add("OutputControlPointCount", info.HS.OutputControlPointCount)
		o.add("TessellatorDomain", uint32(info.HS.TessellatorDomain))
		o.add("TessellatorDomainName", info.HS.TessellatorDomain.String())
		o.add("TessellatorOutputPrimitive", uint32(info.HS.TessellatorOutputPrimitive))
		o.add("TessellatorOutputPrimitiveName", info.HS.TessellatorOutputPrimitive.String())
	case info.DS != nil:
		o.add("InputControlPointCount", info.DS.InputControlPointCount)
		o.add("OutputPositionPresent", info.DS.OutputPositionPresent)
		o.add("TessellatorDomain", uint32(info.DS.TessellatorDomain))
		o.add("TessellatorDomainName", info.DS.TessellatorDomain.String())
	case info.MS != nil:
		o.add("GroupSharedBytesUsed", info.MS.GroupSharedBytesUsed)
		o.add("GroupSharedBytesDependentOnViewID", info.MS.GroupSharedBytesDependentOnViewID)
		o.add("PayloadSizeInBytes", info.MS.PayloadSizeInBytes)
		o.add("MaxOutputVertices", info.MS.MaxOutputVertices)
		o.add("MaxOutputPrimitives", info.MS.MaxOutputPrimitives)
	case info.AS != nil:
		o.add("PayloadSizeInBytes", info.AS.PayloadSizeInBytes)
	}
	o.add("MinimumWaveLaneCount", info.MinimumWaveLaneCount)
	o.add("MaximumWaveLaneCount", info.MaximumWaveLaneCount)
	if info.Version >= 1 {
		o.add("UsesViewID", info.UsesViewID)
		switch {
		case info.IsStage(dxil.Geometry):
			o.add("MaxVertexCount", info.MaxVertexCount)
		case info.IsStage(dxil.Hull), info.IsStage(dxil.Domain):
			o.add("SigPatchConstOrPrimVectors", info.SigPatchConstOrPrimVectors)
		case info.IsStage(dxil.Mesh):
			o.add("SigPrimVectors", info.SigPatchConstOrPrimVectors)
			o.add("MeshOutputTopology", uint8(info.MeshOutputTopology))
			o.add("MeshOutputTopologyName", info.MeshOutputTopology.String())
		}
		o.add("SigInputVectors", info.SigInputVectors)
		o.add("SigOutputVectors", []int{int(info.SigOutputVectors[0]), int(info.SigOutputVectors[1]), int(info.SigOutputVectors[2]), int(info.SigOutputVectors[3])})
	}
	if info.Version >= 2 {
		o.add("NumThreadsX", info.NumThreadsX)
		o.add("NumThreadsY", info.NumThreadsY)
		o.add("NumThreadsZ", info.NumThreadsZ)
	}
	if info.Version >= 3 {
		o.add("EntryName", info.EntryName)
	}
	if info.Version >= 4 {
		o.add("NumBytesGroupSharedMemory", info.NumBytesGroupSharedMemory)
	}
	if info.ResourceStride != 0 {
		o.add("ResourceStride", info.ResourceStride)
	} else {
		// No resources, so no stride in the file: print what obj2yaml prints
		// (24, the size of PSVResourceBindInfo1 that DXC writes) and say it is not stored.
		o.add("ResourceStride", 24)
		o.add("ResourceStrideStored", false)
	}
	res := make([]*orderedJSON, len(info.Resources))
	for i, b := range info.Resources {
		ro := &orderedJSON{}
		ro.add("Type", uint32(b.Type))
		ro.add("TypeName", b.Type.String())
		ro.add("Space", b.Space)
		ro.add("LowerBound", b.LowerBound)
		ro.add("UpperBound", b.UpperBound)
		if b.HasKindAndFlags {
			ro.add("Kind", uint32(b.Kind))
			ro.add("KindName", b.Kind.String())
			ro.add("Flags", uint32(b.Flags))
			ro.add("FlagsName", b.Flags.String())
		}
		ro.add("Unbounded", b.Unbounded())
		ro.add("Offset", b.Offset)
		if len(b.Unknown) > 0 {
			ro.add("Unknown", b.Unknown)
		}
		res[i] = ro
	}
	o.add("Resources", res)
	if info.Version >= 1 {
		o.add("SigInputElements", elementsJSON(info.SigInputElements))
		o.add("SigOutputElements", elementsJSON(info.SigOutputElements))
		o.add("SigPatchOrPrimElements", elementsJSON(info.SigPatchOrPrimElements))
		if info.UsesViewID != 0 {
			m := info.ViewIDOutputMasks
			o.add("OutputVectorMasks", [4][]uint32{m[0].dwords(), m[1].dwords(), m[2].dwords(), m[3].dwords()})
			if info.IsStage(dxil.Hull) || info.IsStage(dxil.Mesh) {
				o.add("PatchOrPrimMasks", words(info.ViewIDPatchOrPrimMask.dwords()))
			}
		}
		t := info.InputToOutput
		o.add("InputOutputMap", [4][]uint32{t[0].dwords(), t[1].dwords(), t[2].dwords(), t[3].dwords()})
		if info.IsStage(dxil.Hull) {
			o.add("InputPatchMap", words(info.InputToPatch.dwords()))
		}
		if info.IsStage(dxil.Domain) {
			o.add("PatchOutputMap", words(info.PatchToOutput.dwords()))
		}
	}

	// Added keys.
	o.add("RuntimeInfoSize", info.RuntimeInfoSize)
	o.add("StageKnown", info.StageKnown)
	o.add("StageSource", info.StageSource)
	if info.Version >= 1 {
		o.add("SigInputElementCount", info.SigInputElementCount)
		o.add("SigOutputElementCount", info.SigOutputElementCount)
		o.add("SigPatchConstOrPrimElementCount", info.SigPatchConstOrPrimElementCount)
	}
	if info.Version >= 3 {
		o.add("EntryFunctionName", info.EntryFunctionName)
	}
	o.add("StageInfo", info.StageInfo)
	if len(info.UnknownRuntimeInfo) > 0 {
		o.add("UnknownRuntimeInfo", info.UnknownRuntimeInfo)
	}
	o.add("ResourceCount", info.ResourceCount)
	if info.Version >= 1 {
		o.add("StringTableSize", info.StringTableSize)
		st := info.StringTable
		if st == nil {
			st = []psvString{}
		}
		o.add("StringTable", st)
		si := info.SemanticIndexTable
		if si == nil {
			si = []uint32{}
		}
		o.add("SemanticIndexTable", si)
		if info.SignatureElementSize != 0 {
			o.add("SignatureElementSize", info.SignatureElementSize)
		}
	}
	o.add("Sections", info.Sections)
	o.add("TrailingBytes", info.TrailingBytes)
	o.add("Complete", info.Complete)
	return o.MarshalJSON()
}

// psvElementJSON is a PSVSignatureElement as the JSON shows it: obj2yaml's
// keys in obj2yaml's order, then the added ones.
type psvElementJSON struct {
	Name          string
	Indices       []uint32
	StartRow      uint8 // as stored
	Cols          uint8
	StartCol      uint8 // as stored
	Allocated     bool
	Kind          PSVSemanticKind
	ComponentType PSVComponentType
	Interpolation PSVInterpolationMode
	DynamicMask   uint8
	Stream        uint8

	// Added keys.
	Rows                  uint8
	Semantic              string
	AllocatedStartRow     int
	AllocatedStartCol     int
	SemanticNameOffset    uint32
	SemanticIndexesOffset uint32
	Reserved              uint8
	Offset                int64
	Unknown               HexBytes `json:",omitempty"`
}

func elementsJSON(els []PSVSignatureElement) []psvElementJSON {
	out := make([]psvElementJSON, len(els))
	for i := range els {
		e := &els[i]
		out[i] = psvElementJSON{
			Name: e.Name, Indices: e.Indices, StartRow: e.StartRowRaw, Cols: e.Cols, StartCol: e.StartColRaw,
			Allocated: e.Allocated, Kind: e.Kind, ComponentType: e.ComponentType, Interpolation: e.Interpolation,
			DynamicMask: e.DynamicMask, Stream: e.Stream,
			Rows: e.Rows, Semantic: e.Semantic(), AllocatedStartRow: e.StartRow, AllocatedStartCol: e.StartCol,
			SemanticNameOffset: e.SemanticName, SemanticIndexesOffset: e.SemanticIndexes,
			Reserved: e.Reserved, Offset: e.Offset, Unknown: e.Unknown,
		}
	}
	return out
}
