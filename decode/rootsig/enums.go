package rootsig

import (
	"fmt"
	"math"
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

var rootParameterTypes = enum{"RootParameterType", []string{0: "DescriptorTable", 1: "Constants32Bit", 2: "CBV", 3: "SRV", 4: "UAV"}}

func (v RootParameterType) String() string { return enumString(rootParameterTypes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v RootParameterType) Known() bool { return report.Named(rootParameterTypes.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v RootParameterType) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *RootParameterType) UnmarshalText(b []byte) error { return parseEnum(rootParameterTypes, v, b) }

// ShaderVisibility says which stages see a root parameter or static sampler (D3D12_SHADER_VISIBILITY).
type ShaderVisibility uint32

var shaderVisibilities = enum{"ShaderVisibility", []string{0: "All", 1: "Vertex", 2: "Hull", 3: "Domain", 4: "Geometry", 5: "Pixel", 6: "Amplification", 7: "Mesh"}}

func (v ShaderVisibility) String() string { return enumString(shaderVisibilities, v) }

// Known reports whether v has a name (is a value the format defines).
func (v ShaderVisibility) Known() bool { return report.Named(shaderVisibilities.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v ShaderVisibility) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *ShaderVisibility) UnmarshalText(b []byte) error { return parseEnum(shaderVisibilities, v, b) }

// DescriptorRangeType is the kind of a descriptor table range (D3D12_DESCRIPTOR_RANGE_TYPE).
type DescriptorRangeType uint32

var descriptorRangeTypes = enum{"DescriptorRangeType", []string{0: "SRV", 1: "UAV", 2: "CBV", 3: "Sampler"}}

func (v DescriptorRangeType) String() string { return enumString(descriptorRangeTypes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v DescriptorRangeType) Known() bool { return report.Named(descriptorRangeTypes.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v DescriptorRangeType) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *DescriptorRangeType) UnmarshalText(b []byte) error {
	return parseEnum(descriptorRangeTypes, v, b)
}

// SamplerFilter is a static sampler's filter (D3D12_FILTER).
type SamplerFilter uint32

// samplerFilters names the whole D3D12_FILTER list: 9 basic filters (LLVM's
// names) plus MinMagAnisotropicMipPoint (0x54, newer d3d12.h), each in four
// reduction groups: plain, Comparison (0x80), Minimum (0x100), Maximum (0x180).
var samplerFilters = enum{"SamplerFilter", func() []string {
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

func (v SamplerFilter) String() string { return enumString(samplerFilters, v) }

// Known reports whether v has a name (is a value the format defines).
func (v SamplerFilter) Known() bool { return report.Named(samplerFilters.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v SamplerFilter) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *SamplerFilter) UnmarshalText(b []byte) error { return parseEnum(samplerFilters, v, b) }

// TextureAddressMode is a static sampler's address mode (D3D12_TEXTURE_ADDRESS_MODE).
type TextureAddressMode uint32

var textureAddressModes = enum{"TextureAddressMode", []string{1: "Wrap", 2: "Mirror", 3: "Clamp", 4: "Border", 5: "MirrorOnce"}}

func (v TextureAddressMode) String() string { return enumString(textureAddressModes, v) }

// Known reports whether v has a name (is a value the format defines).
func (v TextureAddressMode) Known() bool { return report.Named(textureAddressModes.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v TextureAddressMode) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *TextureAddressMode) UnmarshalText(b []byte) error {
	return parseEnum(textureAddressModes, v, b)
}

// ComparisonFunc is a static sampler's comparison function (D3D12_COMPARISON_FUNC; 0 None in newer headers).
type ComparisonFunc uint32

var comparisonFuncs = enum{"ComparisonFunc", []string{0: "None", 1: "Never", 2: "Less", 3: "Equal", 4: "LessEqual", 5: "Greater", 6: "NotEqual", 7: "GreaterEqual", 8: "Always"}}

func (v ComparisonFunc) String() string { return enumString(comparisonFuncs, v) }

// Known reports whether v has a name (is a value the format defines).
func (v ComparisonFunc) Known() bool { return report.Named(comparisonFuncs.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v ComparisonFunc) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *ComparisonFunc) UnmarshalText(b []byte) error { return parseEnum(comparisonFuncs, v, b) }

// StaticBorderColor is a static sampler's border colour (D3D12_STATIC_BORDER_COLOR).
type StaticBorderColor uint32

var staticBorderColors = enum{"StaticBorderColor", []string{0: "TransparentBlack", 1: "OpaqueBlack", 2: "OpaqueWhite", 3: "OpaqueBlackUint", 4: "OpaqueWhiteUint"}}

func (v StaticBorderColor) String() string { return enumString(staticBorderColors, v) }

// Known reports whether v has a name (is a value the format defines).
func (v StaticBorderColor) Known() bool { return report.Named(staticBorderColors.names, uint64(v)) }

// MarshalText writes the name, as obj2yaml does.
func (v StaticBorderColor) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a value written by MarshalText.
func (v *StaticBorderColor) UnmarshalText(b []byte) error { return parseEnum(staticBorderColors, v, b) }

// Root signature flags (D3D12_ROOT_SIGNATURE_FLAGS; LLVM ROOT_SIGNATURE_FLAG names).
var rootFlagBits = []flagBit{
	{0x1, "AllowInputAssemblerInputLayout"}, {0x2, "DenyVertexShaderRootAccess"}, {0x4, "DenyHullShaderRootAccess"},
	{0x8, "DenyDomainShaderRootAccess"}, {0x10, "DenyGeometryShaderRootAccess"}, {0x20, "DenyPixelShaderRootAccess"},
	{0x40, "AllowStreamOutput"}, {0x80, "LocalRootSignature"}, {0x100, "DenyAmplificationShaderRootAccess"},
	{0x200, "DenyMeshShaderRootAccess"}, {0x400, "CBVSRVUAVHeapDirectlyIndexed"}, {0x800, "SamplerHeapDirectlyIndexed"},
	{0x80000000, "AllowLowTierReservedHwCbLimit"}, // DXC only
}

// Root descriptor flags (D3D12_ROOT_DESCRIPTOR_FLAGS; the YAML keys are LLVM's upper-case flag names).
var rootDescriptorFlagBits = []flagBit{{0x2, "DATA_VOLATILE"}, {0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE"}, {0x8, "DATA_STATIC"}}

// Descriptor range flags (D3D12_DESCRIPTOR_RANGE_FLAGS).
var descriptorRangeFlagBits = []flagBit{
	{0x1, "DESCRIPTORS_VOLATILE"}, {0x2, "DATA_VOLATILE"}, {0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE"},
	{0x8, "DATA_STATIC"}, {0x10000, "DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS"},
}

// Static sampler flags (D3D12_SAMPLER_FLAGS, root signature 1.2).
var staticSamplerFlagBits = []flagBit{{0x1, "SAMPLER_FLAG_UINT_BORDER_COLOR"}, {0x2, "SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"}}

// The bits each flags word may hold (DXC's ValidFlags; the sampler flags of
// D3D12_SAMPLER_FLAGS); the tables above name exactly these.
const (
	ValidRootFlags            = 0x80000fff
	ValidRootDescriptorFlags  = 0xe
	ValidDescriptorRangeFlags = 0x1000f
	ValidSamplerFlags         = 0x3
)

// enum is the name table of one enumeration type and the type name printed
// for values the table does not name (report.EnumName, report.EnumValue).
type enum struct {
	typ   string
	names []string
}

func enumString[T ~uint32](e enum, v T) string { return report.EnumName(e.names, uint64(v), e.typ) }

func parseEnum[T ~uint32](e enum, v *T, b []byte) error {
	n, err := report.EnumValue(e.names, e.typ, string(b))
	*v = T(n)
	return err
}

// flagBit names one bit of a flags word.
type flagBit struct {
	bit  uint32
	name string
}

// flagNames names the set bits of v in the table's order; each set bit no
// entry names follows as its hex value ("0x1000"). The list is never nil, so
// it prints as [] in JSON.
func flagNames(v uint32, bits []flagBit) []string {
	out := []string{}
	var named uint32
	for _, b := range bits {
		if b.bit != 0 && v&b.bit == b.bit {
			out = append(out, b.name)
			named |= b.bit
		}
	}
	for rest := v &^ named; rest != 0; rest &= rest - 1 {
		out = append(out, fmt.Sprintf("0x%x", rest&-rest))
	}
	return out
}

// setFlagFields sets each of fields to whether the bit of bits at the same
// index is set in v.
func setFlagFields(v uint32, bits []flagBit, fields ...*bool) {
	for i, f := range fields {
		*f = v&bits[i].bit == bits[i].bit
	}
}

// SamplerFloat is a float field of a static sampler. It prints as a JSON
// number, or as the string "NaN", "+Inf" or "-Inf" (which JSON numbers cannot hold).
type SamplerFloat float32

// MarshalJSON writes the shortest number that reads back as the same float32.
func (f SamplerFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return []byte(`"NaN"`), nil
	case math.IsInf(v, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(v, -1):
		return []byte(`"-Inf"`), nil
	}
	return []byte(strconv.FormatFloat(v, 'g', -1, 32)), nil
}

// UnmarshalJSON reads a value written by MarshalJSON.
func (f *SamplerFloat) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, err := strconv.ParseFloat(s, 32)
	*f = SamplerFloat(v)
	return err
}
