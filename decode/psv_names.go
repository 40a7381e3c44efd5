package decode

import (
	"encoding/json"
	"fmt"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// Enumerations used by the PSV0 part. Values and names follow DXC's
// DxilConstants.h and DxilPipelineStateValidation.h; where LLVM's obj2yaml
// prints a name (signature element Kind, ComponentType, Interpolation) the
// names are LLVM's, which agree with DXC's for every value LLVM knows.

// PSVResourceType is PSVResourceType: how the runtime binds a resource.
type PSVResourceType uint32

// PSV resource types.
const (
	PSVInvalid                  PSVResourceType = 0
	PSVSampler                  PSVResourceType = 1
	PSVCBV                      PSVResourceType = 2
	PSVSRVTyped                 PSVResourceType = 3
	PSVSRVRaw                   PSVResourceType = 4
	PSVSRVStructured            PSVResourceType = 5
	PSVUAVTyped                 PSVResourceType = 6
	PSVUAVRaw                   PSVResourceType = 7
	PSVUAVStructured            PSVResourceType = 8
	PSVUAVStructuredWithCounter PSVResourceType = 9
)

var psvResourceTypeNames = []string{"Invalid", "Sampler", "CBV", "SRVTyped", "SRVRaw", "SRVStructured",
	"UAVTyped", "UAVRaw", "UAVStructured", "UAVStructuredWithCounter"}

// String names the value (PSVResourceType(n) when unknown).
func (t PSVResourceType) String() string {
	return report.EnumName(psvResourceTypeNames, uint64(t), "PSVResourceType")
}

// PSVResourceKind is PSVResourceKind (= DXIL::ResourceKind): the resource's shape.
type PSVResourceKind uint32

// String names the value as DXIL::ResourceKind does (PSVResourceKind(n) when unknown).
func (k PSVResourceKind) String() string {
	if dxil.ResourceKind(k).Named() {
		return dxil.ResourceKind(k).String()
	}
	return fmt.Sprintf("PSVResourceKind(%d)", uint32(k))
}

// PSVResourceFlags is PSVResourceFlag: a bit set (only UsedByAtomic64 is defined).
type PSVResourceFlags uint32

// PSVResourceFlagUsedByAtomic64 marks a UAV used by 64-bit atomics.
const PSVResourceFlagUsedByAtomic64 PSVResourceFlags = 1

// String names the value (PSVResourceFlags(n) when unknown).
func (f PSVResourceFlags) String() string {
	switch {
	case f == 0:
		return "None"
	case f == PSVResourceFlagUsedByAtomic64:
		return "UsedByAtomic64"
	case f&PSVResourceFlagUsedByAtomic64 != 0:
		return fmt.Sprintf("UsedByAtomic64|0x%x", uint32(f&^PSVResourceFlagUsedByAtomic64))
	}
	return fmt.Sprintf("PSVResourceFlags(0x%x)", uint32(f))
}

// PSVSemanticKind is the SemanticKind byte of a PSV signature element. DXC
// writes DXIL::SemanticKind values, so this uses DXIL's numbering, where 31
// and 32 are StartVertexLocation and StartInstanceLocation (SM 6.8) and 33 is
// Invalid; DXC's PSVSemanticKind enum and LLVM stop at 30/31.
type PSVSemanticKind uint8

var semanticKindNames = []string{"Arbitrary", "VertexID", "InstanceID", "Position", "RenderTargetArrayIndex",
	"ViewPortArrayIndex", "ClipDistance", "CullDistance", "OutputControlPointID", "DomainLocation", "PrimitiveID",
	"GSInstanceID", "SampleIndex", "IsFrontFace", "Coverage", "InnerCoverage", "Target", "Depth",
	"DepthLessEqual", "DepthGreaterEqual", "StencilRef", "DispatchThreadID", "GroupID", "GroupIndex",
	"GroupThreadID", "TessFactor", "InsideTessFactor", "ViewID", "Barycentrics", "ShadingRate", "CullPrimitive",
	"StartVertexLocation", "StartInstanceLocation", "Invalid"}

// String names the value (PSVSemanticKind(n) when unknown).
func (k PSVSemanticKind) String() string {
	return report.EnumName(semanticKindNames, uint64(k), "PSVSemanticKind")
}

// SystemValueName is the HLSL semantic of a system-value kind ("SV_Position"),
// or "" for Arbitrary and unknown kinds.
func (k PSVSemanticKind) SystemValueName() string {
	switch {
	case k == 0 || int(k) >= len(semanticKindNames)-1:
		return ""
	case k == 5:
		return "SV_ViewportArrayIndex"
	}
	return "SV_" + semanticKindNames[k]
}

// MarshalJSON writes the kind by name, as obj2yaml does.
func (k PSVSemanticKind) MarshalJSON() ([]byte, error) { return json.Marshal(k.String()) }

// PSVComponentType is the ComponentType byte (DxilProgramSigCompType).
type PSVComponentType uint8

// Signature component types.
const (
	PSVCompUnknown PSVComponentType = iota
	PSVCompUInt32
	PSVCompSInt32
	PSVCompFloat32
	PSVCompUInt16
	PSVCompSInt16
	PSVCompFloat16
	PSVCompUInt64
	PSVCompSInt64
	PSVCompFloat64
)

var psvComponentTypeNames = []string{"Unknown", "UInt32", "SInt32", "Float32", "UInt16", "SInt16", "Float16",
	"UInt64", "SInt64", "Float64"}

// String names the value (PSVComponentType(n) when unknown).
func (t PSVComponentType) String() string {
	return report.EnumName(psvComponentTypeNames, uint64(t), "PSVComponentType")
}

// MarshalJSON writes the type by name, as obj2yaml does.
func (t PSVComponentType) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// PSVInterpolationMode is the InterpolationMode byte (DXIL::InterpolationMode).
type PSVInterpolationMode uint8

var interpolationModeNames = []string{"Undefined", "Constant", "Linear", "LinearCentroid",
	"LinearNoperspective", "LinearNoperspectiveCentroid", "LinearSample", "LinearNoperspectiveSample", "Invalid"}

// String names the value (PSVInterpolationMode(n) when unknown).
func (m PSVInterpolationMode) String() string {
	return report.EnumName(interpolationModeNames, uint64(m), "PSVInterpolationMode")
}

// MarshalJSON writes the mode by name, as obj2yaml does.
func (m PSVInterpolationMode) MarshalJSON() ([]byte, error) { return json.Marshal(m.String()) }

// TessellatorDomain is DXIL::TessellatorDomain (hull and domain shaders).
type TessellatorDomain uint32

var tessellatorDomainNames = []string{"Undefined", "IsoLine", "Tri", "Quad"}

// String names the value (TessellatorDomain(n) when unknown).
func (d TessellatorDomain) String() string {
	return report.EnumName(tessellatorDomainNames, uint64(d), "TessellatorDomain")
}

// TessellatorOutputPrimitive is DXIL::TessellatorOutputPrimitive (hull shaders).
type TessellatorOutputPrimitive uint32

var tessellatorOutputPrimitiveNames = []string{"Undefined", "Point", "Line", "TriangleCW", "TriangleCCW"}

// String names the value (TessellatorOutputPrimitive(n) when unknown).
func (p TessellatorOutputPrimitive) String() string {
	return report.EnumName(tessellatorOutputPrimitiveNames, uint64(p), "TessellatorOutputPrimitive")
}

// InputPrimitive is DXIL::InputPrimitive (geometry shader input).
type InputPrimitive uint32

// String names the value (InputPrimitive(n) when unknown).
func (p InputPrimitive) String() string {
	switch {
	case p <= 3:
		return [...]string{"Undefined", "Point", "Line", "Triangle"}[p]
	case p == 6:
		return "LineWithAdjacency"
	case p == 7:
		return "TriangleWithAdjacency"
	case p >= 8 && p <= 39:
		return fmt.Sprintf("ControlPointPatch%d", p-7)
	}
	return fmt.Sprintf("InputPrimitive(%d)", uint32(p))
}

// PrimitiveTopology is DXIL::PrimitiveTopology (geometry shader output).
type PrimitiveTopology uint32

var primitiveTopologyNames = []string{"Undefined", "PointList", "LineList", "LineStrip", "TriangleList", "TriangleStrip"}

// String names the value (PrimitiveTopology(n) when unknown).
func (t PrimitiveTopology) String() string {
	return report.EnumName(primitiveTopologyNames, uint64(t), "PrimitiveTopology")
}

// MeshOutputTopology is DXIL::MeshOutputTopology.
type MeshOutputTopology uint8

var meshOutputTopologyNames = []string{"Undefined", "Line", "Triangle"}

// String names the value (MeshOutputTopology(n) when unknown).
func (t MeshOutputTopology) String() string {
	return report.EnumName(meshOutputTopologyNames, uint64(t), "MeshOutputTopology")
}
