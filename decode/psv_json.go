package decode

import (
	"bytes"
	"encoding/json"
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
		case info.IsStage(2):
			o.add("MaxVertexCount", info.MaxVertexCount)
		case info.IsStage(3), info.IsStage(4):
			o.add("SigPatchConstOrPrimVectors", info.SigPatchConstOrPrimVectors)
		case info.IsStage(13):
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
			var m [4][]uint32
			for i, v := range info.ViewIDOutputMasks {
				m[i] = []uint32{}
				if v != nil {
					m[i] = v.Words
				}
			}
			o.add("OutputVectorMasks", m)
			if info.IsStage(3) || info.IsStage(13) {
				var w []uint32
				if info.ViewIDPatchOrPrimMask != nil {
					w = info.ViewIDPatchOrPrimMask.Words
				}
				o.add("PatchOrPrimMasks", words(w))
			}
		}
		var io [4][]uint32
		for i, t := range info.InputToOutput {
			io[i] = []uint32{}
			if t != nil {
				io[i] = t.Words
			}
		}
		o.add("InputOutputMap", io)
		if info.IsStage(3) {
			var w []uint32
			if info.InputToPatch != nil {
				w = info.InputToPatch.Words
			}
			o.add("InputPatchMap", words(w))
		}
		if info.IsStage(4) {
			var w []uint32
			if info.PatchToOutput != nil {
				w = info.PatchToOutput.Words
			}
			o.add("PatchOutputMap", words(w))
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
			st = []PSVString{}
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

func elementsJSON(els []PSVSignatureElement) []*orderedJSON {
	out := make([]*orderedJSON, len(els))
	for i := range els {
		e := &els[i]
		o := &orderedJSON{}
		o.add("Name", e.Name)
		o.add("Indices", e.Indices)
		o.add("StartRow", e.StartRowRaw)
		o.add("Cols", e.Cols)
		o.add("StartCol", e.StartColRaw)
		o.add("Allocated", e.Allocated)
		o.add("Kind", e.Kind)
		o.add("ComponentType", e.ComponentType)
		o.add("Interpolation", e.Interpolation)
		o.add("DynamicMask", e.DynamicMask)
		o.add("Stream", e.Stream)
		// Added keys.
		o.add("Rows", e.Rows)
		o.add("Semantic", e.Semantic())
		o.add("AllocatedStartRow", e.StartRow)
		o.add("AllocatedStartCol", e.StartCol)
		o.add("SemanticNameOffset", e.SemanticName)
		o.add("SemanticIndexesOffset", e.SemanticIndexes)
		o.add("Reserved", e.Reserved)
		o.add("Offset", e.Offset)
		if len(e.Unknown) > 0 {
			o.add("Unknown", e.Unknown)
		}
		out[i] = o
	}
	return out
}
