package shaderdb

import (
	"fmt"
	"strings"
)

// The D3D12/DXGI enums the SODB sub-state tables store as numbers, named as
// d3d12.h and dxgiformat.h name them (prefix dropped).

// dxgiFormats is DXGI_FORMAT (dxgiformat.h).
var dxgiFormats = map[int64]string{
	0: "UNKNOWN", 1: "R32G32B32A32_TYPELESS", 2: "R32G32B32A32_FLOAT", 3: "R32G32B32A32_UINT", 4: "R32G32B32A32_SINT",
	5: "R32G32B32_TYPELESS", 6: "R32G32B32_FLOAT", 7: "R32G32B32_UINT", 8: "R32G32B32_SINT",
	9: "R16G16B16A16_TYPELESS", 10: "R16G16B16A16_FLOAT", 11: "R16G16B16A16_UNORM", 12: "R16G16B16A16_UINT", 13: "R16G16B16A16_SNORM", 14: "R16G16B16A16_SINT",
	15: "R32G32_TYPELESS", 16: "R32G32_FLOAT", 17: "R32G32_UINT", 18: "R32G32_SINT",
	19: "R32G8X24_TYPELESS", 20: "D32_FLOAT_S8X24_UINT", 21: "R32_FLOAT_X8X24_TYPELESS", 22: "X32_TYPELESS_G8X24_UINT",
	23: "R10G10B10A2_TYPELESS", 24: "R10G10B10A2_UNORM", 25: "R10G10B10A2_UINT", 26: "R11G11B10_FLOAT",
	27: "R8G8B8A8_TYPELESS", 28: "R8G8B8A8_UNORM", 29: "R8G8B8A8_UNORM_SRGB", 30: "R8G8B8A8_UINT", 31: "R8G8B8A8_SNORM", 32: "R8G8B8A8_SINT",
	33: "R16G16_TYPELESS", 34: "R16G16_FLOAT", 35: "R16G16_UNORM", 36: "R16G16_UINT", 37: "R16G16_SNORM", 38: "R16G16_SINT",
	39: "R32_TYPELESS", 40: "D32_FLOAT", 41: "R32_FLOAT", 42: "R32_UINT", 43: "R32_SINT",
	44: "R24G8_TYPELESS", 45: "D24_UNORM_S8_UINT", 46: "R24_UNORM_X8_TYPELESS", 47: "X24_TYPELESS_G8_UINT",
	48: "R8G8_TYPELESS", 49: "R8G8_UNORM", 50: "R8G8_UINT", 51: "R8G8_SNORM", 52: "R8G8_SINT",
	53: "R16_TYPELESS", 54: "R16_FLOAT", 55: "D16_UNORM", 56: "R16_UNORM", 57: "R16_UINT", 58: "R16_SNORM", 59: "R16_SINT",
	60: "R8_TYPELESS", 61: "R8_UNORM", 62: "R8_UINT", 63: "R8_SNORM", 64: "R8_SINT", 65: "A8_UNORM", 66: "R1_UNORM",
	67: "R9G9B9E5_SHAREDEXP", 68: "R8G8_B8G8_UNORM", 69: "G8R8_G8B8_UNORM",
	70: "BC1_TYPELESS", 71: "BC1_UNORM", 72: "BC1_UNORM_SRGB", 73: "BC2_TYPELESS", 74: "BC2_UNORM", 75: "BC2_UNORM_SRGB",
	76: "BC3_TYPELESS", 77: "BC3_UNORM", 78: "BC3_UNORM_SRGB", 79: "BC4_TYPELESS", 80: "BC4_UNORM", 81: "BC4_SNORM",
	82: "BC5_TYPELESS", 83: "BC5_UNORM", 84: "BC5_SNORM", 85: "B5G6R5_UNORM", 86: "B5G5R5A1_UNORM",
	87: "B8G8R8A8_UNORM", 88: "B8G8R8X8_UNORM", 89: "R10G10B10_XR_BIAS_A2_UNORM", 90: "B8G8R8A8_TYPELESS",
	91: "B8G8R8A8_UNORM_SRGB", 92: "B8G8R8X8_TYPELESS", 93: "B8G8R8X8_UNORM_SRGB",
	94: "BC6H_TYPELESS", 95: "BC6H_UF16", 96: "BC6H_SF16", 97: "BC7_TYPELESS", 98: "BC7_UNORM", 99: "BC7_UNORM_SRGB",
	100: "AYUV", 101: "Y410", 102: "Y416", 103: "NV12", 104: "P010", 105: "P016", 106: "420_OPAQUE", 107: "YUY2",
	108: "Y210", 109: "Y216", 110: "NV11", 111: "AI44", 112: "IA44", 113: "P8", 114: "A8P8", 115: "B4G4R4A4_UNORM",
	130: "P208", 131: "V208", 132: "V408",
	189: "SAMPLER_FEEDBACK_MIN_MIP_OPAQUE", 190: "SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE", 191: "A4B4G4R4_UNORM",
}

// enumTable is one enum: its C name prefix and value names.
type enumTable struct {
	prefix string
	names  map[int64]string
}

var (
	enumFormat             = enumTable{"DXGI_FORMAT_", dxgiFormats}
	enumTopologyType       = enumTable{"D3D12_PRIMITIVE_TOPOLOGY_TYPE_", map[int64]string{0: "UNDEFINED", 1: "POINT", 2: "LINE", 3: "TRIANGLE", 4: "PATCH"}}
	enumFillMode           = enumTable{"D3D12_FILL_MODE_", map[int64]string{2: "WIREFRAME", 3: "SOLID"}}
	enumCullMode           = enumTable{"D3D12_CULL_MODE_", map[int64]string{1: "NONE", 2: "FRONT", 3: "BACK"}}
	enumBlend              = enumTable{"D3D12_BLEND_", map[int64]string{1: "ZERO", 2: "ONE", 3: "SRC_COLOR", 4: "INV_SRC_COLOR", 5: "SRC_ALPHA", 6: "INV_SRC_ALPHA", 7: "DEST_ALPHA", 8: "INV_DEST_ALPHA", 9: "DEST_COLOR", 10: "INV_DEST_COLOR", 11: "SRC_ALPHA_SAT", 14: "BLEND_FACTOR", 15: "INV_BLEND_FACTOR", 16: "SRC1_COLOR", 17: "INV_SRC1_COLOR", 18: "SRC1_ALPHA", 19: "INV_SRC1_ALPHA", 20: "ALPHA_FACTOR", 21: "INV_ALPHA_FACTOR"}}
	enumBlendOp            = enumTable{"D3D12_BLEND_OP_", map[int64]string{1: "ADD", 2: "SUBTRACT", 3: "REV_SUBTRACT", 4: "MIN", 5: "MAX"}}
	enumLogicOp            = enumTable{"D3D12_LOGIC_OP_", map[int64]string{0: "CLEAR", 1: "SET", 2: "COPY", 3: "COPY_INVERTED", 4: "NOOP", 5: "INVERT", 6: "AND", 7: "NAND", 8: "OR", 9: "NOR", 10: "XOR", 11: "EQUIV", 12: "AND_REVERSE", 13: "AND_INVERTED", 14: "OR_REVERSE", 15: "OR_INVERTED"}}
	enumComparison         = enumTable{"D3D12_COMPARISON_FUNC_", map[int64]string{0: "NONE", 1: "NEVER", 2: "LESS", 3: "EQUAL", 4: "LESS_EQUAL", 5: "GREATER", 6: "NOT_EQUAL", 7: "GREATER_EQUAL", 8: "ALWAYS"}}
	enumStencilOp          = enumTable{"D3D12_STENCIL_OP_", map[int64]string{1: "KEEP", 2: "ZERO", 3: "REPLACE", 4: "INCR_SAT", 5: "DECR_SAT", 6: "INVERT", 7: "INCR", 8: "DECR"}}
	enumDepthWriteMask     = enumTable{"D3D12_DEPTH_WRITE_MASK_", map[int64]string{0: "ZERO", 1: "ALL"}}
	enumInputClass         = enumTable{"D3D12_INPUT_CLASSIFICATION_", map[int64]string{0: "PER_VERTEX_DATA", 1: "PER_INSTANCE_DATA"}}
	enumConservative       = enumTable{"D3D12_CONSERVATIVE_RASTERIZATION_MODE_", map[int64]string{0: "OFF", 1: "ON"}}
	enumLineRaster         = enumTable{"D3D12_LINE_RASTERIZATION_MODE_", map[int64]string{0: "ALIASED", 1: "ALPHA_ANTIALIASED", 2: "QUADRILATERAL_WIDE", 3: "QUADRILATERAL_NARROW"}}
	enumStripCut           = enumTable{"D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_", map[int64]string{0: "DISABLED", 0xffff: "0xFFFF", 0xffffffff: "0xFFFFFFFF"}}
	enumStateObjectType    = enumTable{"D3D12_STATE_OBJECT_TYPE_", map[int64]string{0: "COLLECTION", 2: "RAYTRACING_PIPELINE", 3: "EXECUTABLE"}}
	enumHitGroupType       = enumTable{"D3D12_HIT_GROUP_TYPE_", map[int64]string{0: "TRIANGLES", 1: "PROCEDURAL_PRIMITIVE"}}
	enumCompilerValueTypes = enumTable{"D3D12_COMPILER_VALUE_TYPE_", map[int64]string{0: "OBJECT_CODE", 1: "METADATA", 2: "DEBUG_PDB", 3: "PERFORMANCE_DATA"}}
)

// columnEnums says which enum a column of the SODB sub-state tables holds.
// Columns ending in a digit (RTFormat0..7) are looked up without it.
var columnEnums = map[string]*enumTable{
	"Format": &enumFormat, "RTFormat": &enumFormat, "DSVFormat": &enumFormat,
	"PrimitiveTopology": &enumTopologyType,
	"FillMode":          &enumFillMode, "CullMode": &enumCullMode,
	"SrcBlend": &enumBlend, "DestBlend": &enumBlend, "SrcBlendAlpha": &enumBlend, "DestBlendAlpha": &enumBlend,
	"BlendOp": &enumBlendOp, "BlendOpAlpha": &enumBlendOp, "LogicOp": &enumLogicOp,
	"DepthFunc": &enumComparison, "StencilFunc": &enumComparison,
	"StencilFailOp": &enumStencilOp, "StencilDepthFailOp": &enumStencilOp, "StencilPassOp": &enumStencilOp,
	"DepthWriteMask": &enumDepthWriteMask, "InputSlotClass": &enumInputClass,
	"ConservativeRaster": &enumConservative, "LineRasterizationMode": &enumLineRaster,
	"IBStripCutValue": &enumStripCut,
}

// enumName returns the C name of value v of the column's enum, or "" when the
// column holds no known enum, or "Enum(v)" when the value is not named.
func enumName(column string, v int64) string {
	e := columnEnums[column]
	if e == nil {
		e = columnEnums[strings.TrimRight(column, "0123456789")]
	}
	if e == nil {
		return ""
	}
	return e.name(v)
}

func (e *enumTable) name(v int64) string {
	if n, ok := e.names[v]; ok {
		return e.prefix + n
	}
	return fmt.Sprintf("%s(%d)", strings.TrimSuffix(e.prefix, "_"), v)
}

// FormatName names a DXGI_FORMAT value.
func FormatName(v int64) string { return enumFormat.name(v) }

// CompilerValueType is D3D12_COMPILER_VALUE_TYPE: what a PSDB value holds.
type CompilerValueType int64

func (t CompilerValueType) String() string { return enumCompilerValueTypes.name(int64(t)) }
