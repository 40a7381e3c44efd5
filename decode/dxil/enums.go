package dxil

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// DXIL's enumerations that its metadata, PSV0 and RDAT share
// (DxilConstants.h), each a small named type with a String from one table.

// ResourceClass is DXIL::ResourceClass.
type ResourceClass uint32

var resourceClassNames = []string{"SRV", "UAV", "CBuffer", "Sampler", "Invalid"}

func (c ResourceClass) String() string {
	return report.EnumName(resourceClassNames, uint64(c), "ResourceClass")
}

// DXIL::ComponentType: the type of a typed resource's element, a signature
// element's components or an annotated field (not the signature's own
// component type, which decode.PSVComponentType names).
const (
	CompInvalid = iota
	CompI1
	CompI16
	CompU16
	CompI32
	CompU32
	CompI64
	CompU64
	CompF16
	CompF32
	CompF64
	CompSNormF16
	CompUNormF16
	CompSNormF32
	CompUNormF32
	CompSNormF64
	CompUNormF64
)

// ResourceKind is DXIL::ResourceKind: a resource's shape.
type ResourceKind uint32

// Resource kinds.
const (
	ResourceKindInvalid ResourceKind = iota
	ResourceKindTexture1D
	ResourceKindTexture2D
	ResourceKindTexture2DMS
	ResourceKindTexture3D
	ResourceKindTextureCube
	ResourceKindTexture1DArray
	ResourceKindTexture2DArray
	ResourceKindTexture2DMSArray
	ResourceKindTextureCubeArray
	ResourceKindTypedBuffer
	ResourceKindRawBuffer
	ResourceKindStructuredBuffer
	ResourceKindCBuffer
	ResourceKindSampler
	ResourceKindTBuffer
	ResourceKindRTAccelerationStructure
	ResourceKindFeedbackTexture2D
	ResourceKindFeedbackTexture2DArray
)

var resourceKindNames = []string{"Invalid", "Texture1D", "Texture2D", "Texture2DMS", "Texture3D",
	"TextureCube", "Texture1DArray", "Texture2DArray", "Texture2DMSArray", "TextureCubeArray", "TypedBuffer",
	"RawBuffer", "StructuredBuffer", "CBuffer", "Sampler", "TBuffer", "RTAccelerationStructure",
	"FeedbackTexture2D", "FeedbackTexture2DArray"}

func (k ResourceKind) String() string {
	return report.EnumName(resourceKindNames, uint64(k), "ResourceKind")
}

// Named says whether DXIL names the kind (String then returns its name).
func (k ResourceKind) Named() bool { return report.Named(resourceKindNames, uint64(k)) }

// NodeLaunchType is DXIL::NodeLaunchType (DXIL 1.8 work graphs).
type NodeLaunchType uint32

var nodeLaunchTypeNames = []string{"Invalid", "Broadcasting", "Coalescing", "Thread", "Reserved_Mesh"}

func (t NodeLaunchType) String() string {
	return report.EnumName(nodeLaunchTypeNames, uint64(t), "NodeLaunchType")
}

// NodeIOKind is DXIL::NodeIOKind (DXIL 1.8): the low 7 bits of a node
// input's or output's flags, which say what it is.
type NodeIOKind uint32

var nodeIOKindNames = map[NodeIOKind]string{
	0x00: "Invalid", 0x09: "EmptyInput", 0x06: "NodeOutput", 0x16: "NodeOutputArray", 0x0A: "EmptyOutput",
	0x1A: "EmptyOutputArray", 0x61: "DispatchNodeInputRecord", 0x41: "GroupNodeInputRecords",
	0x21: "ThreadNodeInputRecord", 0x65: "RWDispatchNodeInputRecord", 0x45: "RWGroupNodeInputRecords",
	0x25: "RWThreadNodeInputRecord", 0x46: "GroupNodeOutputRecords", 0x26: "ThreadNodeOutputRecords",
}

func (k NodeIOKind) String() string {
	if n, ok := nodeIOKindNames[k]; ok {
		return n
	}
	return fmt.Sprintf("NodeIOKind(0x%x)", uint32(k))
}

// NodeIOFlags is DXIL::NodeIOFlags (DXIL 1.8; GloballyCoherent from later
// DXC), with the node's kind in its low 7 bits.
type NodeIOFlags uint32

// nodeIOFlagBits are the flags but the record granularity, bits 5-6, which is a number.
var nodeIOFlagBits = []report.FlagBit{{Bit: 0x1, Name: "Input"}, {Bit: 0x2, Name: "Output"}, {Bit: 0x4, Name: "ReadWrite"}, {Bit: 0x8, Name: "EmptyRecord"},
	{Bit: 0x10, Name: "NodeArray"}, {Bit: 0x100, Name: "TrackRWInputSharing"}, {Bit: 0x200, Name: "GloballyCoherent"}}

var nodeIORecordNames = []string{1: "ThreadRecord", 2: "GroupRecord", 3: "DispatchRecord"}

// Kind is the node input's or output's kind (the low 7 bits).
func (f NodeIOFlags) Kind() NodeIOKind { return NodeIOKind(f & 0x7f) }

// Names names the flags: the first five, the record granularity (as DXC
// lists them), then the rest, unnamed bits in hex; nil for none.
func (f NodeIOFlags) Names() []string {
	v := uint32(f)
	out := report.BitNames(v&0x1F, nodeIOFlagBits)
	if g := v >> 5 & 3; g != 0 {
		out = append(out, nodeIORecordNames[g])
	}
	return append(out, report.BitNames(v&^0x7F, nodeIOFlagBits)...)
}

// entryTagNames are the entry point property tags (kDxil*Tag).
var entryTagNames = [...]string{"ShaderFlags", "GSState", "DSState", "HSState", "NumThreads", "AutoBindingSpace",
	"RayPayloadSize", "RayAttribSize", "ShaderKind", "MSState", "ASState", "WaveSize", "EntryRootSig",
	"NodeLaunchType", "NodeIsProgramEntry", "NodeId", "NodeLocalRootArgumentsTableIndex", "ShareInputOf",
	"NodeDispatchGrid", "NodeMaxRecursionDepth", "NodeInputs", "NodeOutputs", "NodeMaxDispatchGrid",
	"RangedWaveSize", "GroupSharedLimit"}

func entryTagName(t uint32) string {
	if int(t) < len(entryTagNames) {
		return entryTagNames[t]
	}
	return fmt.Sprintf("Tag(%d)", t)
}

// MeshOutputTopology is DXIL::MeshOutputTopology: the primitive a mesh
// shader emits ([outputtopology("line"|"triangle")]).
type MeshOutputTopology uint32

// meshOutputTopologyNames are the spellings DXC's disassembler and
// PrintPSVRuntimeInfo print ("MeshOutputTopology=triangle").
var meshOutputTopologyNames = []string{"undefined", "line", "triangle"}

func (t MeshOutputTopology) String() string {
	return report.EnumName(meshOutputTopologyNames, uint64(t), "MeshOutputTopology")
}
