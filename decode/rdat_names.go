package decode

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// report.Enum and flag names for RDAT, spelled as DXC's RDAT_*.inl and DxilConstants.h
// spell them (the names dxa -dumprdat prints).

// RuntimeDataPartType is RDAT's RuntimeDataPartType: which table a sub-part holds.
// Values above 0xFFFF carry a group in the high half (1 = PdbInfo).
type RuntimeDataPartType uint32

// Sub-part types (DXC RuntimeDataPartType) that the decoder treats specially.
const (
	rdatStringBuffer            RuntimeDataPartType = 1
	rdatIndexArrays             RuntimeDataPartType = 2
	rdatResourceTable           RuntimeDataPartType = 3
	rdatFunctionTable           RuntimeDataPartType = 4
	rdatRawBytes                RuntimeDataPartType = 5
	rdatSubobjectTable          RuntimeDataPartType = 6
	rdatNodeIDTable             RuntimeDataPartType = 7
	rdatNodeShaderIOAttribTable RuntimeDataPartType = 8
	rdatNodeShaderFuncAttribTab RuntimeDataPartType = 9
	rdatIONodeTable             RuntimeDataPartType = 10
	rdatNodeShaderInfoTable     RuntimeDataPartType = 11
	rdatReservedMeshNodesInfo   RuntimeDataPartType = 12 // a preview's, layout unpublished
	rdatSignatureElementTable   RuntimeDataPartType = 13
	rdatVSInfoTable             RuntimeDataPartType = 14
	rdatPSInfoTable             RuntimeDataPartType = 15
	rdatHSInfoTable             RuntimeDataPartType = 16
	rdatDSInfoTable             RuntimeDataPartType = 17
	rdatGSInfoTable             RuntimeDataPartType = 18
	rdatCSInfoTable             RuntimeDataPartType = 19
	rdatMSInfoTable             RuntimeDataPartType = 20
	rdatASInfoTable             RuntimeDataPartType = 21
	rdatPdbInfoTable            RuntimeDataPartType = 0x10001
	rdatPdbInfoSourceTable      RuntimeDataPartType = 0x10002
	rdatPdbInfoLibraryTable     RuntimeDataPartType = 0x10003
)

// rdatPartType is what the decoder knows of one sub-part type: the name DXC
// gives it and, for a table, the name and size of its record (FunctionTable:
// the 44-byte RuntimeDataFunctionInfo; a 52-byte stride selects
// RuntimeDataFunctionInfo2).
type rdatPartType struct {
	name   string
	record string
	size   int // 0: no table of records this decoder knows
}

// rdatPartTypes has one row per sub-part type DXC defines.
var rdatPartTypes = map[RuntimeDataPartType]rdatPartType{
	0:       {name: "Invalid"},
	1:       {name: "StringBuffer"},
	2:       {name: "IndexArrays"},
	3:       {"ResourceTable", "RuntimeDataResourceInfo", 32},
	4:       {"FunctionTable", "RuntimeDataFunctionInfo", 44},
	5:       {name: "RawBytes"},
	6:       {"SubobjectTable", "RuntimeDataSubobjectInfo", 24},
	7:       {"NodeIDTable", "NodeID", 8},
	8:       {"NodeShaderIOAttribTable", "NodeShaderIOAttrib", 8},
	9:       {"NodeShaderFuncAttribTable", "NodeShaderFuncAttrib", 8},
	10:      {"IONodeTable", "IONode", 8},
	11:      {"NodeShaderInfoTable", "NodeShaderInfo", 20},
	12:      {name: "Reserved_MeshNodesPreviewInfoTable"},
	13:      {"SignatureElementTable", "SignatureElement", 16},
	14:      {"VSInfoTable", "VSInfo", 16},
	15:      {"PSInfoTable", "PSInfo", 8},
	16:      {"HSInfoTable", "HSInfo", 48},
	17:      {"DSInfoTable", "DSInfo", 40},
	18:      {"GSInfoTable", "GSInfo", 28},
	19:      {"CSInfoTable", "CSInfo", 8},
	20:      {"MSInfoTable", "MSInfo", 48},
	21:      {"ASInfoTable", "ASInfo", 12},
	0x10001: {"DxilPdbInfoTable", "DxilPdbInfo", 44},
	0x10002: {"DxilPdbInfoSourceTable", "DxilPdbInfoSource", 8},
	0x10003: {"DxilPdbInfoLibraryTable", "DxilPdbInfoLibrary", 12},
}

func (t RuntimeDataPartType) String() string {
	if p, ok := rdatPartTypes[t]; ok {
		return p.name
	}
	return fmt.Sprintf("RuntimeDataPartType(%d)", uint32(t))
}

// FlagNames names the set bits of a flags field; the raw value sits beside it.
type FlagNames []string

// String joins the names with " | " the way dxa prints them, or "None".
func (f FlagNames) String() string {
	if len(f) == 0 {
		return "None"
	}
	return strings.Join(f, " | ")
}

// MarshalJSON writes an empty list rather than null.
func (f FlagNames) MarshalJSON() ([]byte, error) {
	if f == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]string(f))
}

var dxilResourceFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "UAVGloballyCoherent"}, {Bit: 0x2, Name: "UAVCounter"}, {Bit: 0x4, Name: "UAVRasterizerOrderedView"},
	{Bit: 0x8, Name: "DynamicIndexing"}, {Bit: 0x10, Name: "Atomics64Use"}, {Bit: 0x20, Name: "UAVReorderCoherent"},
}

// shaderStageFlagNames: DxilShaderStageFlags is 1 << ShaderKind.
func shaderStageFlagNames(v uint32) FlagNames {
	var out FlagNames
	for i := 0; i < 32; i++ {
		if v&(1<<i) != 0 {
			if i < 16 {
				out = append(out, dxil.ShaderKind(i).String())
			} else {
				out = append(out, fmt.Sprintf("0x%x", uint32(1)<<i))
			}
		}
	}
	return out
}

var featureInfo2Names = []report.FlagBit{
	{Bit: 0x1, Name: "ExtendedCommandInfo"}, {Bit: 0x100, Name: "Opt_UsesDerivatives"}, {Bit: 0x200, Name: "Opt_RequiresGroup"},
}

var dxilShaderFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "NodeProgramEntry"}, {Bit: 0x2, Name: "OutputPositionPresent"}, {Bit: 0x4, Name: "DepthOutput"}, {Bit: 0x8, Name: "SampleFrequency"},
	{Bit: 0x10, Name: "UsesViewID"},
}

// DXIL::SubobjectKind: what a subobject record holds.
const (
	subobjectStateObjectConfig             = 0
	subobjectGlobalRootSignature           = 1
	subobjectLocalRootSignature            = 2
	subobjectSubobjectToExportsAssociation = 8
	subobjectRaytracingShaderConfig        = 9
	subobjectRaytracingPipelineConfig      = 10
	subobjectHitGroup                      = 11
	subobjectRaytracingPipelineConfig1     = 12
)

var subobjectKindNames = []string{0: "StateObjectConfig", 1: "GlobalRootSignature", 2: "LocalRootSignature",
	8: "SubobjectToExportsAssociation", 9: "RaytracingShaderConfig", 10: "RaytracingPipelineConfig",
	11: "HitGroup", 12: "RaytracingPipelineConfig1"}

var stateObjectFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "AllowLocalDependenciesOnExternalDefinitions"}, {Bit: 0x2, Name: "AllowExternalDependenciesOnLocalDefinitions"},
	{Bit: 0x4, Name: "AllowStateObjectAdditions"},
}

var hitGroupTypeNames = []string{"Triangle", "ProceduralPrimitive"}

// raytracingPipelineFlagNames is DXIL::RaytracingPipelineFlags
// (DxilConstants.h at DXC 9a3e225: ValidMask 0x700, AllowOpacityMicromaps
// from DXIL 1.9, HLSL proposal 0024), and AllowClusteredGeometry (0x800),
// which only HLSL proposal 0045 (clustered geometry, hlsl-specs 7ba7618)
// defines so far: experimental, no released DXC writes it.
var raytracingPipelineFlagNames = []report.FlagBit{
	{Bit: 0x100, Name: "SkipTriangles"}, {Bit: 0x200, Name: "SkipProceduralPrimitives"}, {Bit: 0x400, Name: "AllowOpacityMicromaps"},
	{Bit: 0x800, Name: "AllowClusteredGeometry"},
}

// DXIL::NodeFuncAttribKind values whose member the decoder fills.
const (
	nodeFuncID                           = 1
	nodeFuncNumThreads                   = 2
	nodeFuncShareInputOf                 = 3
	nodeFuncDispatchGrid                 = 4
	nodeFuncMaxRecursionDepth            = 5
	nodeFuncLocalRootArgumentsTableIndex = 6
	nodeFuncMaxDispatchGrid              = 7
	nodeFuncReservedMeshNodePreview1     = 8 // 8 and 9: reserved, only a Value
)

var nodeFuncAttribKindNames = []string{"None", "ID", "NumThreads", "ShareInputOf", "DispatchGrid",
	"MaxRecursionDepth", "LocalRootArgumentsTableIndex", "MaxDispatchGrid", "Reserved_MeshNodePreview1",
	"Reserved_MeshNodePreview2"}

// DXIL::NodeAttribKind: which attribute of a node input or output a record holds.
const (
	nodeAttribOutputID               = 1
	nodeAttribMaxRecords             = 2
	nodeAttribMaxRecordsSharedWith   = 3
	nodeAttribRecordSizeInBytes      = 4
	nodeAttribRecordDispatchGrid     = 5
	nodeAttribOutputArraySize        = 6
	nodeAttribAllowSparseNodes       = 7
	nodeAttribRecordAlignmentInBytes = 8
	nodeAttribMaxRecordsPerNode      = 9
)

var nodeAttribKindNames = []string{"None", "OutputID", "MaxRecords", "MaxRecordsSharedWith", "RecordSizeInBytes",
	"RecordDispatchGrid", "OutputArraySize", "AllowSparseNodes", "RecordAlignmentInBytes", "MaxRecordsPerNode"}

// dxilComponentTypeNames is DXIL::ComponentType (RDAT and metadata; not the
// signature CompType), as DxilConstants.h has it at DXC 9a3e225: I8, U8,
// F8_E4M3FN and F8_E5M2 (19-22) are SM 6.9's, for long vectors and linear
// algebra; BFloat16 (23) is SM 6.10's, a preview (experimental) model.
var dxilComponentTypeNames = []string{"Invalid", "I1", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32",
	"F64", "SNormF16", "UNormF16", "SNormF32", "UNormF32", "SNormF64", "UNormF64", "PackedS8x32", "PackedU8x32",
	"I8", "U8", "F8_E4M3FN", "F8_E5M2", "BFloat16"}
