package decode

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// The RDAT structures, named and laid out as DXC's RDAT_*.inl declare them.

// RuntimeData is the decoded RDAT part (DXC's DxilRuntimeData): a header, a
// list of sub-parts, and the tables those sub-parts hold. Each table keeps DXC's
// name (ResourceTable, FunctionTable, ...); references between tables are kept
// as raw values and also resolved (names, row lists) for display.
type RuntimeData struct {
	Version     uint32
	PartCount   uint32
	PartOffsets []uint32
	Parts       []RuntimeDataPartHeader

	StringBuffer *StringBuffer `json:",omitempty"`
	IndexArrays  []uint32      `json:",omitempty"` // u32 elements; index-array references are element indices
	RawBytes     HexBytes      `json:",omitempty"`

	ResourceTable             *RecordTable[RuntimeDataResourceInfo]  `json:",omitempty"`
	FunctionTable             *RecordTable[RuntimeDataFunctionInfo]  `json:",omitempty"`
	SubobjectTable            *RecordTable[RuntimeDataSubobjectInfo] `json:",omitempty"`
	NodeIDTable               *RecordTable[NodeID]                   `json:",omitempty"`
	NodeShaderIOAttribTable   *RecordTable[NodeShaderIOAttrib]       `json:",omitempty"`
	NodeShaderFuncAttribTable *RecordTable[NodeShaderFuncAttrib]     `json:",omitempty"`
	IONodeTable               *RecordTable[IONode]                   `json:",omitempty"`
	NodeShaderInfoTable       *RecordTable[NodeShaderInfo]           `json:",omitempty"`
	SignatureElementTable     *RecordTable[SignatureElement]         `json:",omitempty"`
	VSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	PSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	HSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	DSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	GSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	CSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	MSInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	ASInfoTable               *RecordTable[StageInfo]                `json:",omitempty"`
	DxilPdbInfoTable          *RecordTable[DxilPdbInfo]              `json:",omitempty"`
	DxilPdbInfoSourceTable    *RecordTable[DxilPdbInfoSource]        `json:",omitempty"`
	DxilPdbInfoLibraryTable   *RecordTable[DxilPdbInfoLibrary]       `json:",omitempty"`

	// Added keys.
	Nodes              []ResolvedNode `json:",omitempty"` // every node shader with its references followed
	DanglingReferences int            // references that point outside their table (each is also a Problem)
}

// RuntimeDataPartHeader is RuntimeDataPartHeader: one sub-part's type and size.
type RuntimeDataPartHeader struct {
	Type     RuntimeDataPartType
	TypeName string
	Size     uint32 // bytes after this 8-byte header
	Offset   uint32 // added: from the RDAT header start
}

// MarshalJSON writes the type as a number (its name is in TypeName).
func (t RuntimeDataPartType) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprint(uint32(t))), nil }

// StringBuffer is the StringBuffer sub-part: NUL-terminated UTF-8 strings that
// string references address by byte offset.
type StringBuffer struct {
	Size    uint32
	Strings []RDATString
}

// RDATString is one string of the StringBuffer and its byte offset.
type RDATString struct {
	Offset uint32
	Value  string
}

// RecordTable is one record table (RuntimeDataTableHeader + records).
type RecordTable[T any] struct {
	RecordCount  uint32
	RecordStride uint32
	RecordType   string // added: the record structure decoded (RuntimeDataFunctionInfo2 ...)
	Records      []T
}

// Len is how many records were decoded: 0 for a table the part does not have.
func (t *RecordTable[T]) Len() int {
	if t == nil {
		return 0
	}
	return len(t.Records)
}

// BytesRef is an RDAT BYTES field: a range of the RawBytes sub-part.
type BytesRef struct {
	Offset uint32
	Size   uint32
}

// RuntimeDataResourceInfo is one ResourceTable record.
type RuntimeDataResourceInfo struct {
	Class      uint32
	ClassName  string
	Kind       uint32
	KindName   string
	ID         uint32
	Space      uint32
	LowerBound uint32
	UpperBound uint32
	Name       string
	NameOffset uint32
	Flags      uint32
	FlagsNames FlagNames
}

// RuntimeDataFunctionInfo is one FunctionTable record: RuntimeDataFunctionInfo
// (44 bytes), or RuntimeDataFunctionInfo2 (52 bytes, validator 1.8+) whose
// extra fields sit in the embedded FunctionInfo2.
type RuntimeDataFunctionInfo struct {
	Name                    string
	NameOffset              uint32
	UnmangledName           string
	UnmangledNameOffset     uint32
	Resources               []uint32 // ResourceTable rows
	ResourcesRef            uint32   // index-array reference
	ResourceNames           []string // added: the resources' names
	FunctionDependencies    []string
	FunctionDependenciesRef uint32
	ShaderKind              dxil.ShaderKind
	ShaderKindName          string
	PayloadSizeInBytes      uint32
	AttributeSizeInBytes    uint32
	FeatureInfo1            uint32
	FeatureInfo2            uint32
	FeatureFlagNames        []string // added: FeatureInfo2<<32|FeatureInfo1 named as SFI0 names the bits
	ShaderStageFlag         uint32
	ShaderStageFlagNames    FlagNames
	MinShaderTarget         uint32
	MinShaderTargetName     string // added: e.g. lib_6_3 (kind<<16 | major<<4 | minor)

	*FunctionInfo2 `json:",omitempty"`
}

// FunctionInfo2 holds the fields RuntimeDataFunctionInfo2 adds.
type FunctionInfo2 struct {
	MinimumExpectedWaveLaneCount uint8
	MaximumExpectedWaveLaneCount uint8
	ShaderFlags                  uint16
	ShaderFlagsNames             FlagNames
	Union                        uint32  // the raw union value; the member it is depends on ShaderKind
	RawShaderRef                 *uint32 `json:",omitempty"` // ShaderKind Invalid
	Node                         *uint32 `json:",omitempty"` // NodeShaderInfoTable row
	VS                           *uint32 `json:",omitempty"` // experimental stage tables
	PS                           *uint32 `json:",omitempty"`
	HS                           *uint32 `json:",omitempty"`
	DS                           *uint32 `json:",omitempty"`
	GS                           *uint32 `json:",omitempty"`
	CS                           *uint32 `json:",omitempty"`
	MS                           *uint32 `json:",omitempty"`
	AS                           *uint32 `json:",omitempty"`
}

// RuntimeDataSubobjectInfo is one SubobjectTable record; the member matching Kind is set.
type RuntimeDataSubobjectInfo struct {
	Kind                          uint32
	KindName                      string
	Name                          string
	NameOffset                    uint32
	StateObjectConfig             *StateObjectConfig             `json:",omitempty"`
	RootSignature                 *SubobjectRootSignature        `json:",omitempty"`
	SubobjectToExportsAssociation *SubobjectToExportsAssociation `json:",omitempty"`
	RaytracingShaderConfig        *RaytracingShaderConfig        `json:",omitempty"`
	RaytracingPipelineConfig      *RaytracingPipelineConfig      `json:",omitempty"`
	HitGroup                      *HitGroup                      `json:",omitempty"`
	RaytracingPipelineConfig1     *RaytracingPipelineConfig1     `json:",omitempty"`
}

// StateObjectConfig is StateObjectConfig_t.
type StateObjectConfig struct {
	Flags      uint32
	FlagsNames FlagNames
}

// SubobjectRootSignature is RootSignature_t: a serialized root signature in RawBytes.
type SubobjectRootSignature struct {
	Data          BytesRef
	RootSignature *rootsig.RootSignature `json:",omitempty"` // the bytes decoded
	// SameRootSignatureAs is set instead of RootSignature when two
	// subobjects already decoded these bytes: the SubobjectTable record of
	// the first, whose RootSignature they are.
	SameRootSignatureAs *int `json:",omitempty"`
}

// SubobjectToExportsAssociation is SubobjectToExportsAssociation_t.
type SubobjectToExportsAssociation struct {
	Subobject       string
	SubobjectOffset uint32
	Exports         []string
	ExportsRef      uint32
}

// RaytracingShaderConfig is RaytracingShaderConfig_t.
type RaytracingShaderConfig struct {
	MaxPayloadSizeInBytes   uint32
	MaxAttributeSizeInBytes uint32
}

// RaytracingPipelineConfig is RaytracingPipelineConfig_t.
type RaytracingPipelineConfig struct {
	MaxTraceRecursionDepth uint32
}

// HitGroup is HitGroup_t.
type HitGroup struct {
	Type               uint32
	TypeName           string
	AnyHit             string
	AnyHitOffset       uint32
	ClosestHit         string
	ClosestHitOffset   uint32
	Intersection       string
	IntersectionOffset uint32
}

// RaytracingPipelineConfig1 is RaytracingPipelineConfig1_t.
type RaytracingPipelineConfig1 struct {
	MaxTraceRecursionDepth uint32
	Flags                  uint32
	FlagsNames             FlagNames
}

// NodeID is one NodeIDTable record: a work-graph node's name and array index.
type NodeID struct {
	Name       string
	NameOffset uint32
	Index      uint32
}

// NodeShaderFuncAttrib is one NodeShaderFuncAttribTable record: a node
// shader attribute; the member matching AttribKind is set.
type NodeShaderFuncAttrib struct {
	AttribKind                   uint32
	AttribKindName               string
	Value                        uint32   // the raw union value
	ID                           *uint32  `json:",omitempty"` // NodeIDTable row
	IDName                       string   `json:",omitempty"` // added: "Name[Index]"
	NumThreads                   []uint32 `json:",omitempty"`
	ShareInputOf                 *uint32  `json:",omitempty"` // NodeIDTable row
	ShareInputOfName             string   `json:",omitempty"`
	DispatchGrid                 []uint32 `json:",omitempty"`
	MaxRecursionDepth            *uint32  `json:",omitempty"`
	LocalRootArgumentsTableIndex *uint32  `json:",omitempty"`
	MaxDispatchGrid              []uint32 `json:",omitempty"`
}

// NodeShaderIOAttrib is one NodeShaderIOAttribTable record: an attribute of a
// node input or output; the member matching AttribKind is set.
type NodeShaderIOAttrib struct {
	AttribKind             uint32
	AttribKindName         string
	Value                  uint32              // the raw union value
	OutputID               *uint32             `json:",omitempty"` // NodeIDTable row
	OutputIDName           string              `json:",omitempty"`
	MaxRecords             *uint32             `json:",omitempty"`
	MaxRecordsSharedWith   *uint32             `json:",omitempty"`
	RecordSizeInBytes      *uint32             `json:",omitempty"`
	RecordDispatchGrid     *RecordDispatchGrid `json:",omitempty"`
	OutputArraySize        *uint32             `json:",omitempty"`
	AllowSparseNodes       *uint32             `json:",omitempty"`
	RecordAlignmentInBytes *uint32             `json:",omitempty"`
	MaxRecordsPerNode      *uint32             `json:",omitempty"`
}

// RecordDispatchGrid is where SV_DispatchGrid sits in a node input record.
type RecordDispatchGrid struct {
	ByteOffset          uint16
	ComponentNumAndType uint16 // bits 0-1 component count, 2-15 DXIL::ComponentType
	NumComponents       uint16
	ComponentType       uint16
	ComponentTypeName   string
}

// IONode is one IONodeTable record: a node input or output.
type IONode struct {
	IOFlagsAndKind uint32
	IOKind         uint32 // IOFlagsAndKind & 0x7F (DXIL::NodeIOKind)
	IOKindName     string
	IOFlagsNames   FlagNames // every flag of IOFlagsAndKind by DXIL::NodeIOFlags name
	Attribs        []uint32
	AttribsRef     uint32
}

// NodeShaderInfo is one NodeShaderInfoTable record.
type NodeShaderInfo struct {
	LaunchType           uint32
	LaunchTypeName       string
	GroupSharedBytesUsed uint32
	Attribs              []uint32 // NodeShaderFuncAttribTable rows
	AttribsRef           uint32
	Outputs              []uint32 // IONodeTable rows
	OutputsRef           uint32
	Inputs               []uint32 // IONodeTable rows
	InputsRef            uint32
}

// SignatureElement is one SignatureElementTable record (experimental).
type SignatureElement struct {
	SemanticName          string
	SemanticNameOffset    uint32
	SemanticIndices       []uint32
	SemanticIndicesRef    uint32
	SemanticKind          uint8
	SemanticKindName      string
	ComponentType         uint8
	ComponentTypeName     string
	InterpolationMode     uint8
	InterpolationModeName string
	StartRow              uint8 // 0xFF: not allocated
	ColsAndStream         uint8
	Cols                  uint8 // added: (ColsAndStream & 3) + 1
	StartCol              uint8
	OutputStream          uint8
	UsageAndDynIndexMasks uint8
	UsageMask             uint8
	DynamicIndexMask      uint8
}

// StageInfo is a record of one of the experimental per-stage tables
// (VSInfo ... ASInfo): its fields in layout order.
type StageInfo struct {
	Fields []StageInfoField
}

// StageInfoField is one field of a StageInfo record. Rows holds the resolved
// rows of a record-array reference or the values of an index array; Bytes the
// RawBytes range of a BYTES field.
type StageInfoField struct {
	Name  string
	Value uint32
	Rows  []uint32 `json:",omitempty"`
	Bytes HexBytes `json:",omitempty"`
}

// DxilPdbInfo is one DxilPdbInfoTable record (the PDBI payload's main record).
type DxilPdbInfo struct {
	Sources                []uint32 // DxilPdbInfoSourceTable rows
	SourcesRef             uint32
	Libraries              []uint32 // DxilPdbInfoLibraryTable rows
	LibrariesRef           uint32
	ArgPairs               []string
	ArgPairsRef            uint32
	Hash                   HexBytes
	HashRef                BytesRef
	PdbName                string
	PdbNameOffset          uint32
	CustomToolchainId      uint32
	CustomToolchainData    HexBytes
	CustomToolchainDataRef BytesRef
	WholeDxil              HexBytes
	WholeDxilRef           BytesRef
}

// DxilPdbInfoSource is one DxilPdbInfoSourceTable record: a source file.
type DxilPdbInfoSource struct {
	Name          string
	NameOffset    uint32
	Content       string
	ContentOffset uint32
}

// DxilPdbInfoLibrary is one DxilPdbInfoLibraryTable record: a linked library.
type DxilPdbInfoLibrary struct {
	Name       string
	NameOffset uint32
	Data       HexBytes
	DataRef    BytesRef
}

// ResolvedNode is a node shader with every reference followed: what the UI and
// the dump show for a work-graph node.
type ResolvedNode struct {
	Function             string // the function's Name
	LaunchType           string
	ID                   string   `json:",omitempty"` // "Name[Index]"
	NumThreads           []uint32 `json:",omitempty"`
	DispatchGrid         []uint32 `json:",omitempty"`
	MaxDispatchGrid      []uint32 `json:",omitempty"`
	MaxRecursionDepth    *uint32  `json:",omitempty"`
	ShareInputOf         string   `json:",omitempty"`
	GroupSharedBytesUsed uint32
	Inputs               []ResolvedIONode
	Outputs              []ResolvedIONode
}

// ResolvedIONode is a node input or output with its attributes by name.
type ResolvedIONode struct {
	Kind       string            // DXIL::NodeIOKind name
	Flags      FlagNames         // DXIL::NodeIOFlags names
	Attributes map[string]string // attribute kind name -> value as text
}
