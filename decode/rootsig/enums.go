package rootsig

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// Enums and flags of the serialized root signature, named as LLVM's
// DXContainerConstants.def names them (the names obj2yaml prints), with
// values from DXC's DxilRootSignature.h and d3d12.h.

// RootParameterType is a root parameter's kind (D3D12_ROOT_PARAMETER_TYPE).
type RootParameterType uint32

// Root parameter kinds.
const (
	RootParamDescriptorTable RootParameterType = 0
	RootParamConstants32Bit  RootParameterType = 1
	RootParamCBV             RootParameterType = 2
	RootParamSRV             RootParameterType = 3
	RootParamUAV             RootParameterType = 4
)

var rootParameterTypes = report.Enum{Type: "RootParameterType", Names: []string{0: "DescriptorTable", 1: "Constants32Bit", 2: "CBV", 3: "SRV", 4: "UAV"}}

func (v RootParameterType) String() string { return report.EnumString(rootParameterTypes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v RootParameterType) Known() bool { return report.Named(rootParameterTypes.Names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v RootParameterType) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *RootParameterType) UnmarshalText(b []byte) error {
	return report.ParseEnum(rootParameterTypes, v, b)
}

// ShaderVisibility says which stages see a root parameter or static sampler (D3D12_SHADER_VISIBILITY).
type ShaderVisibility uint32

// Shader visibilities.
const (
	VisibilityAll           ShaderVisibility = 0
	VisibilityVertex        ShaderVisibility = 1
	VisibilityHull          ShaderVisibility = 2
	VisibilityDomain        ShaderVisibility = 3
	VisibilityGeometry      ShaderVisibility = 4
	VisibilityPixel         ShaderVisibility = 5
	VisibilityAmplification ShaderVisibility = 6
	VisibilityMesh          ShaderVisibility = 7
)

var shaderVisibilities = report.Enum{Type: "ShaderVisibility", Names: []string{0: "All", 1: "Vertex", 2: "Hull", 3: "Domain", 4: "Geometry", 5: "Pixel", 6: "Amplification", 7: "Mesh"}}

func (v ShaderVisibility) String() string { return report.EnumString(shaderVisibilities, v) }

// Known reports whether v has a name (is a value the format defines).
func (v ShaderVisibility) Known() bool { return report.Named(shaderVisibilities.Names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v ShaderVisibility) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *ShaderVisibility) UnmarshalText(b []byte) error {
	return report.ParseEnum(shaderVisibilities, v, b)
}

// DescriptorRangeType is the kind of a descriptor table range (D3D12_DESCRIPTOR_RANGE_TYPE).
type DescriptorRangeType uint32

// Descriptor range types.
const (
	RangeSRV     DescriptorRangeType = 0
	RangeUAV     DescriptorRangeType = 1
	RangeCBV     DescriptorRangeType = 2
	RangeSampler DescriptorRangeType = 3
)

var descriptorRangeTypes = report.Enum{Type: "DescriptorRangeType", Names: []string{0: "SRV", 1: "UAV", 2: "CBV", 3: "Sampler"}}

func (v DescriptorRangeType) String() string { return report.EnumString(descriptorRangeTypes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v DescriptorRangeType) Known() bool { return report.Named(descriptorRangeTypes.Names, uint64(v)) }

// Letter is the register letter of the type in HLSL (t, u, b, s), "" for a
// type nobody defines.
func (v DescriptorRangeType) Letter() string {
	if !v.Known() {
		return ""
	}
	return "tubs"[v : v+1]
}

// RangeType is the register type a root descriptor (CBV, SRV, UAV) binds;
// ok is false for a table, root constants or a type nobody defines.
func (v RootParameterType) RangeType() (t DescriptorRangeType, ok bool) {
	switch v {
	case RootParamCBV:
		return RangeCBV, true
	case RootParamSRV:
		return RangeSRV, true
	case RootParamUAV:
		return RangeUAV, true
	}
	return 0, false
}

// MarshalText writes the name, as obj2yaml does.
func (v DescriptorRangeType) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *DescriptorRangeType) UnmarshalText(b []byte) error {
	return report.ParseEnum(descriptorRangeTypes, v, b)
}

// SamplerFilter is a static sampler's filter (D3D12_FILTER).
type SamplerFilter uint32

// samplerFilters names the whole D3D12_FILTER list: 9 basic filters (LLVM's
// names) plus MinMagAnisotropicMipPoint (0x54, newer d3d12.h), each in four
// reduction groups: plain, Comparison (0x80), Minimum (0x100), Maximum (0x180).
var samplerFilters = report.Enum{Type: "SamplerFilter", Names: func() []string {
	base := []struct {
		v    uint32
		name string
	}{
		{0x00, "MinMagMipPoint"}, {0x01, "MinMagPointMipLinear"}, {0x04, "MinPointMagLinearMipPoint"},
		{0x05, "MinPointMagMipLinear"}, {0x10, "MinLinearMagMipPoint"}, {0x11, "MinLinearMagPointMipLinear"},
		{0x14, "MinMagLinearMipPoint"}, {0x15, "MinMagMipLinear"}, {0x54, "MinMagAnisotropicMipPoint"}, {0x55, "Anisotropic"},
	}
	m := make([]string, 0x200)
	for _, g := range []struct {
		v      uint32
		prefix string
	}{{0, ""}, {0x80, "Comparison"}, {0x100, "Minimum"}, {0x180, "Maximum"}} {
		for _, b := range base {
			m[g.v|b.v] = g.prefix + b.name
		}
	}
	return m
}()}

func (v SamplerFilter) String() string { return report.EnumString(samplerFilters, v) }

// Known reports whether v has a name (is a value the format defines).
func (v SamplerFilter) Known() bool { return report.Named(samplerFilters.Names, uint64(v)) }

// Comparison reports whether v is a comparison filter (D3D12_FILTER's
// reduction type, bits 7 and 8, is D3D12_FILTER_REDUCTION_TYPE_COMPARISON).
func (v SamplerFilter) Comparison() bool { return v>>7&3 == 1 }

// MarshalText writes the name, as obj2yaml does.
func (v SamplerFilter) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *SamplerFilter) UnmarshalText(b []byte) error { return report.ParseEnum(samplerFilters, v, b) }

// TextureAddressMode is a static sampler's address mode (D3D12_TEXTURE_ADDRESS_MODE).
type TextureAddressMode uint32

var textureAddressModes = report.Enum{Type: "TextureAddressMode", Names: []string{1: "Wrap", 2: "Mirror", 3: "Clamp", 4: "Border", 5: "MirrorOnce"}}

func (v TextureAddressMode) String() string { return report.EnumString(textureAddressModes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v TextureAddressMode) Known() bool { return report.Named(textureAddressModes.Names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v TextureAddressMode) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *TextureAddressMode) UnmarshalText(b []byte) error {
	return report.ParseEnum(textureAddressModes, v, b)
}

// ComparisonFunc is a static sampler's comparison function (D3D12_COMPARISON_FUNC; 0 None in newer headers).
type ComparisonFunc uint32

var comparisonFuncs = report.Enum{Type: "ComparisonFunc", Names: []string{0: "None", 1: "Never", 2: "Less", 3: "Equal", 4: "LessEqual", 5: "Greater", 6: "NotEqual", 7: "GreaterEqual", 8: "Always"}}

func (v ComparisonFunc) String() string { return report.EnumString(comparisonFuncs, v) }

// Known reports whether v has a name (is a value the format defines).
func (v ComparisonFunc) Known() bool { return report.Named(comparisonFuncs.Names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v ComparisonFunc) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *ComparisonFunc) UnmarshalText(b []byte) error {
	return report.ParseEnum(comparisonFuncs, v, b)
}

// StaticBorderColor is a static sampler's border colour (D3D12_STATIC_BORDER_COLOR).
type StaticBorderColor uint32

var staticBorderColors = report.Enum{Type: "StaticBorderColor", Names: []string{0: "TransparentBlack", 1: "OpaqueBlack", 2: "OpaqueWhite", 3: "OpaqueBlackUint", 4: "OpaqueWhiteUint"}}

func (v StaticBorderColor) String() string { return report.EnumString(staticBorderColors, v) }

// Known reports whether v has a name (is a value the format defines).
func (v StaticBorderColor) Known() bool { return report.Named(staticBorderColors.Names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v StaticBorderColor) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *StaticBorderColor) UnmarshalText(b []byte) error {
	return report.ParseEnum(staticBorderColors, v, b)
}

// Root signature flags (D3D12_ROOT_SIGNATURE_FLAGS; LLVM ROOT_SIGNATURE_FLAG names).
var rootFlagBits = []report.FlagBit{
	{Bit: 0x1, Name: "AllowInputAssemblerInputLayout"}, {Bit: 0x2, Name: "DenyVertexShaderRootAccess"}, {Bit: 0x4, Name: "DenyHullShaderRootAccess"},
	{Bit: 0x8, Name: "DenyDomainShaderRootAccess"}, {Bit: 0x10, Name: "DenyGeometryShaderRootAccess"}, {Bit: 0x20, Name: "DenyPixelShaderRootAccess"},
	{Bit: 0x40, Name: "AllowStreamOutput"}, {Bit: 0x80, Name: "LocalRootSignature"}, {Bit: 0x100, Name: "DenyAmplificationShaderRootAccess"},
	{Bit: 0x200, Name: "DenyMeshShaderRootAccess"}, {Bit: 0x400, Name: "CBVSRVUAVHeapDirectlyIndexed"}, {Bit: 0x800, Name: "SamplerHeapDirectlyIndexed"},
	{Bit: 0x80000000, Name: "AllowLowTierReservedHwCbLimit"}, // DXC only
}

// Root descriptor flags (D3D12_ROOT_DESCRIPTOR_FLAGS; the YAML keys are LLVM's upper-case flag names).
var rootDescriptorFlagBits = []report.FlagBit{{Bit: 0x2, Name: "DATA_VOLATILE"}, {Bit: 0x4, Name: "DATA_STATIC_WHILE_SET_AT_EXECUTE"}, {Bit: 0x8, Name: "DATA_STATIC"}}

// Descriptor range flags (D3D12_DESCRIPTOR_RANGE_FLAGS).
var descriptorRangeFlagBits = []report.FlagBit{
	{Bit: 0x1, Name: "DESCRIPTORS_VOLATILE"}, {Bit: 0x2, Name: "DATA_VOLATILE"}, {Bit: 0x4, Name: "DATA_STATIC_WHILE_SET_AT_EXECUTE"},
	{Bit: 0x8, Name: "DATA_STATIC"}, {Bit: 0x10000, Name: "DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS"},
}

// Static sampler flags (D3D12_SAMPLER_FLAGS, root signature 1.2).
var staticSamplerFlagBits = []report.FlagBit{{Bit: 0x1, Name: "SAMPLER_FLAG_UINT_BORDER_COLOR"}, {Bit: 0x2, Name: "SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"}}

// The bits each flags word may hold (DXC's ValidFlags; the sampler flags of
// D3D12_SAMPLER_FLAGS); the tables above name exactly these.
const (
	ValidRootFlags            = 0x80000fff
	ValidRootDescriptorFlags  = 0xe
	ValidDescriptorRangeFlags = 0x1000f
	ValidSamplerFlags         = 0x3
)

// SamplerFloat is a float field of a static sampler. It prints as a JSON
// number, or as the string "NaN", "+Inf" or "-Inf" (which JSON numbers cannot hold).
type SamplerFloat float32

// MarshalJSON writes the shortest number that reads back as the same float32.
func (f SamplerFloat) MarshalJSON() ([]byte, error) {
	if b, ok := report.NonFiniteJSON(float64(f)); ok {
		return b, nil
	}
	return []byte(strconv.FormatFloat(float64(f), 'g', -1, 32)), nil
}

// UnmarshalJSON reads a value written by MarshalJSON.
func (f *SamplerFloat) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, err := strconv.ParseFloat(s, 32)
	*f = SamplerFloat(v)
	return err
}
