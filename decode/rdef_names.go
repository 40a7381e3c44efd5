package decode

import "github.com/dxscope/dxscope/decode/report"

// report.Enum and flag names for RDEF, spelled as d3dcommon.h / d3d11shader.h spell
// them (vkd3d's vkd3d_d3dcommon.idl carries the same values).

// rdefProgramTypes names the high half of RDEF's Target word (FXC's program type).
var rdefProgramTypes = map[uint16]string{0xFFFF: "Pixel", 0xFFFE: "Vertex", 0x4753: "Geometry", 0x4853: "Hull",
	0x4453: "Domain", 0x4353: "Compute", 0x4C46: "Library" /* 'LF' */, 0x4658: "Effect" /* 'FX' */}

var rdefProgramPrefix = map[uint16]string{0xFFFF: "ps", 0xFFFE: "vs", 0x4753: "gs", 0x4853: "hs", 0x4453: "ds",
	0x4353: "cs", 0x4C46: "lib", 0x4658: "fx"}

// D3D_SHADER_INPUT_TYPE: what an RDEF resource binding binds.
const (
	SITCBuffer                    = 0
	SITTBuffer                    = 1
	SITTexture                    = 2
	SITSampler                    = 3
	SITUAVRWTyped                 = 4
	SITStructured                 = 5
	SITUAVRWStructured            = 6
	SITByteAddress                = 7
	SITUAVRWByteAddress           = 8
	SITUAVAppendStructured        = 9
	SITUAVConsumeStructured       = 10
	SITUAVRWStructuredWithCounter = 11
	SITRTAccelerationStructure    = 12
	SITUAVFeedbackTexture         = 13
)

var shaderInputTypeNames = []string{"D3D_SIT_CBUFFER", "D3D_SIT_TBUFFER", "D3D_SIT_TEXTURE", "D3D_SIT_SAMPLER",
	"D3D_SIT_UAV_RWTYPED", "D3D_SIT_STRUCTURED", "D3D_SIT_UAV_RWSTRUCTURED", "D3D_SIT_BYTEADDRESS",
	"D3D_SIT_UAV_RWBYTEADDRESS", "D3D_SIT_UAV_APPEND_STRUCTURED", "D3D_SIT_UAV_CONSUME_STRUCTURED",
	"D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER", "D3D_SIT_RTACCELERATIONSTRUCTURE", "D3D_SIT_UAV_FEEDBACKTEXTURE"}

// D3D_CBUFFER_TYPE: what an RDEF constant buffer is.
const (
	CTCBuffer           = 0
	CTTBuffer           = 1
	CTInterfacePointers = 2
	CTResourceBindInfo  = 3
)

var cbufferTypeNames = []string{"D3D_CT_CBUFFER", "D3D_CT_TBUFFER", "D3D_CT_INTERFACE_POINTERS", "D3D_CT_RESOURCE_BIND_INFO"}

// D3D_SHADER_VARIABLE_CLASS: the shape of an RDEF type.
const (
	SVCScalar           = 0
	SVCVector           = 1
	SVCMatrixRows       = 2
	SVCMatrixColumns    = 3
	SVCObject           = 4
	SVCStruct           = 5
	SVCInterfaceClass   = 6
	SVCInterfacePointer = 7
)

var variableClassNames = []string{"D3D_SVC_SCALAR", "D3D_SVC_VECTOR", "D3D_SVC_MATRIX_ROWS", "D3D_SVC_MATRIX_COLUMNS",
	"D3D_SVC_OBJECT", "D3D_SVC_STRUCT", "D3D_SVC_INTERFACE_CLASS", "D3D_SVC_INTERFACE_POINTER"}

var variableTypeNames = []string{"D3D_SVT_VOID", "D3D_SVT_BOOL", "D3D_SVT_INT", "D3D_SVT_FLOAT", "D3D_SVT_STRING",
	"D3D_SVT_TEXTURE", "D3D_SVT_TEXTURE1D", "D3D_SVT_TEXTURE2D", "D3D_SVT_TEXTURE3D", "D3D_SVT_TEXTURECUBE",
	"D3D_SVT_SAMPLER", "D3D_SVT_SAMPLER1D", "D3D_SVT_SAMPLER2D", "D3D_SVT_SAMPLER3D", "D3D_SVT_SAMPLERCUBE",
	"D3D_SVT_PIXELSHADER", "D3D_SVT_VERTEXSHADER", "D3D_SVT_PIXELFRAGMENT", "D3D_SVT_VERTEXFRAGMENT", "D3D_SVT_UINT",
	"D3D_SVT_UINT8", "D3D_SVT_GEOMETRYSHADER", "D3D_SVT_RASTERIZER", "D3D_SVT_DEPTHSTENCIL", "D3D_SVT_BLEND",
	"D3D_SVT_BUFFER", "D3D_SVT_CBUFFER", "D3D_SVT_TBUFFER", "D3D_SVT_TEXTURE1DARRAY", "D3D_SVT_TEXTURE2DARRAY",
	"D3D_SVT_RENDERTARGETVIEW", "D3D_SVT_DEPTHSTENCILVIEW", "D3D_SVT_TEXTURE2DMS", "D3D_SVT_TEXTURE2DMSARRAY",
	"D3D_SVT_TEXTURECUBEARRAY", "D3D_SVT_HULLSHADER", "D3D_SVT_DOMAINSHADER", "D3D_SVT_INTERFACE_POINTER",
	"D3D_SVT_COMPUTESHADER", "D3D_SVT_DOUBLE", "D3D_SVT_RWTEXTURE1D", "D3D_SVT_RWTEXTURE1DARRAY", "D3D_SVT_RWTEXTURE2D",
	"D3D_SVT_RWTEXTURE2DARRAY", "D3D_SVT_RWTEXTURE3D", "D3D_SVT_RWBUFFER", "D3D_SVT_BYTEADDRESS_BUFFER",
	"D3D_SVT_RWBYTEADDRESS_BUFFER", "D3D_SVT_STRUCTURED_BUFFER", "D3D_SVT_RWSTRUCTURED_BUFFER",
	"D3D_SVT_APPEND_STRUCTURED_BUFFER", "D3D_SVT_CONSUME_STRUCTURED_BUFFER", "D3D_SVT_MIN8FLOAT", "D3D_SVT_MIN10FLOAT",
	"D3D_SVT_MIN16FLOAT", "D3D_SVT_MIN12INT", "D3D_SVT_MIN16INT", "D3D_SVT_MIN16UINT", "D3D_SVT_INT16", "D3D_SVT_UINT16",
	"D3D_SVT_FLOAT16", "D3D_SVT_INT64", "D3D_SVT_UINT64"}

// hlslTypeNames is the HLSL spelling of the numeric D3D_SHADER_VARIABLE_TYPEs, for type text like "float4x4".
var hlslTypeNames = map[uint16]string{0: "void", 1: "bool", 2: "int", 3: "float", 19: "uint", 20: "uint8", 39: "double",
	52: "min8float", 53: "min10float", 54: "min16float", 55: "min12int", 56: "min16int", 57: "min16uint",
	58: "int16_t", 59: "uint16_t", 60: "float16_t", 61: "int64_t", 62: "uint64_t"}

// D3D_RESOURCE_RETURN_TYPE: what a texture or typed buffer returns (0: none).
const (
	ReturnTypeUNorm     = 1
	ReturnTypeSNorm     = 2
	ReturnTypeSInt      = 3
	ReturnTypeUInt      = 4
	ReturnTypeFloat     = 5
	ReturnTypeMixed     = 6
	ReturnTypeDouble    = 7
	ReturnTypeContinued = 8
)

var rdefReturnTypeNames = []string{"", "D3D_RETURN_TYPE_UNORM", "D3D_RETURN_TYPE_SNORM", "D3D_RETURN_TYPE_SINT",
	"D3D_RETURN_TYPE_UINT", "D3D_RETURN_TYPE_FLOAT", "D3D_RETURN_TYPE_MIXED", "D3D_RETURN_TYPE_DOUBLE",
	"D3D_RETURN_TYPE_CONTINUED"}

var srvDimensionNames = []string{"D3D_SRV_DIMENSION_UNKNOWN", "D3D_SRV_DIMENSION_BUFFER", "D3D_SRV_DIMENSION_TEXTURE1D",
	"D3D_SRV_DIMENSION_TEXTURE1DARRAY", "D3D_SRV_DIMENSION_TEXTURE2D", "D3D_SRV_DIMENSION_TEXTURE2DARRAY",
	"D3D_SRV_DIMENSION_TEXTURE2DMS", "D3D_SRV_DIMENSION_TEXTURE2DMSARRAY", "D3D_SRV_DIMENSION_TEXTURE3D",
	"D3D_SRV_DIMENSION_TEXTURECUBE", "D3D_SRV_DIMENSION_TEXTURECUBEARRAY", "D3D_SRV_DIMENSION_BUFFEREX"}

var shaderInputFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "D3D_SIF_USERPACKED"}, {Bit: 0x2, Name: "D3D_SIF_COMPARISON_SAMPLER"}, {Bit: 0x4, Name: "D3D_SIF_TEXTURE_COMPONENT_0"},
	{Bit: 0x8, Name: "D3D_SIF_TEXTURE_COMPONENT_1"}, {Bit: 0x10, Name: "D3D_SIF_UNUSED"},
}

var variableFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "D3D_SVF_USERPACKED"}, {Bit: 0x2, Name: "D3D_SVF_USED"}, {Bit: 0x4, Name: "D3D_SVF_INTERFACE_POINTER"},
	{Bit: 0x8, Name: "D3D_SVF_INTERFACE_PARAMETER"},
}

var cbufferFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "D3D_CBF_USERPACKED"},
}

// compileFlagNames are the D3DCOMPILE_* flags FXC records in the RDEF header.
var compileFlagNames = []report.FlagBit{
	{Bit: 0x1, Name: "D3DCOMPILE_DEBUG"}, {Bit: 0x2, Name: "D3DCOMPILE_SKIP_VALIDATION"}, {Bit: 0x4, Name: "D3DCOMPILE_SKIP_OPTIMIZATION"},
	{Bit: 0x8, Name: "D3DCOMPILE_PACK_MATRIX_ROW_MAJOR"}, {Bit: 0x10, Name: "D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR"},
	{Bit: 0x20, Name: "D3DCOMPILE_PARTIAL_PRECISION"}, {Bit: 0x40, Name: "D3DCOMPILE_FORCE_VS_SOFTWARE_NO_OPT"},
	{Bit: 0x80, Name: "D3DCOMPILE_FORCE_PS_SOFTWARE_NO_OPT"}, {Bit: 0x100, Name: "D3DCOMPILE_NO_PRESHADER"},
	{Bit: 0x200, Name: "D3DCOMPILE_AVOID_FLOW_CONTROL"}, {Bit: 0x400, Name: "D3DCOMPILE_PREFER_FLOW_CONTROL"},
	{Bit: 0x800, Name: "D3DCOMPILE_ENABLE_STRICTNESS"}, {Bit: 0x1000, Name: "D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY"},
	{Bit: 0x2000, Name: "D3DCOMPILE_IEEE_STRICTNESS"}, {Bit: 0x4000, Name: "D3DCOMPILE_OPTIMIZATION_LEVEL0"},
	{Bit: 0x8000, Name: "D3DCOMPILE_OPTIMIZATION_LEVEL3"}, {Bit: 0x40000, Name: "D3DCOMPILE_WARNINGS_ARE_ERRORS"},
	{Bit: 0x80000, Name: "D3DCOMPILE_RESOURCES_MAY_ALIAS"}, {Bit: 0x100000, Name: "D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES"},
	{Bit: 0x200000, Name: "D3DCOMPILE_ALL_RESOURCES_BOUND"}, {Bit: 0x400000, Name: "D3DCOMPILE_DEBUG_NAME_FOR_SOURCE"},
	{Bit: 0x800000, Name: "D3DCOMPILE_DEBUG_NAME_FOR_BINARY"},
}
