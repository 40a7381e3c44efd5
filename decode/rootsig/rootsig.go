// Package rootsig is the HLSL root signature language and the serialized
// root signature it compiles to (the RTS0 part of a shader container, or the
// bytes of an RDAT root-signature subobject), versions 1.0, 1.1 and 1.2.
//
// The values here are what package decode fills when it reads RTS0 bytes;
// [RootSignature.HLSL] prints one in the language, [Parse] compiles the
// language back to a value, and [Encode] writes a value as RTS0 bytes laid out
// the way DXC's serializer lays them out. docs/edit.md describes the language,
// its defaults per version and the compiler sources they follow.
package rootsig

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// Versions of the serialized root signature, as the header's Version field
// holds them (D3D_ROOT_SIGNATURE_VERSION_1_0, _1_1, _1_2).
const (
	Version1_0 = 1
	Version1_1 = 2
	Version1_2 = 3
)

// MaxCost is the most a root signature's parameters may cost, in DWORDs
// (D3D12_MAX_ROOT_COST): CreateRootSignature refuses one that costs more,
// unless it is a local root signature, which a shader record holds.
const MaxCost = 64

// Cost is what the root parameters cost in DWORDs, as D3D12 counts it
// against MaxCost (RootParameter.Cost); static samplers cost nothing.
func (rs *RootSignature) Cost() uint64 {
	var n uint64
	for _, p := range rs.Parameters {
		n += p.Cost()
	}
	return n
}

// Cost is what the parameter costs in DWORDs: a descriptor table 1, a root
// descriptor 2 (a GPU address), root constants one each; 0 for a
// parameter whose payload was not read.
func (p *RootParameter) Cost() uint64 {
	switch {
	case p.Table != nil:
		return 1
	case p.Descriptor != nil:
		return 2
	case p.Constants != nil:
		return uint64(p.Constants.Num32BitValues)
	}
	return 0
}

// VersionName returns "1.0", "1.1" or "1.2" for a header Version, "" for
// one nobody defined.
func VersionName(v uint32) string {
	if v < Version1_0 || v > Version1_2 {
		return ""
	}
	return fmt.Sprintf("1.%d", v-1)
}

// VersionByName is the header Version that VersionName names "1.0", "1.1"
// or "1.2"; ok is false for another name.
func VersionByName(name string) (v uint32, ok bool) {
	for v := uint32(Version1_0); v <= Version1_2; v++ {
		if VersionName(v) == name {
			return v, true
		}
	}
	return 0, false
}

// RootSignature is a decoded serialized root signature (the RTS0 part, or an
// RDAT root-signature subobject): versions 1.0, 1.1 and 1.2. Keys follow LLVM
// obj2yaml's RootSignature; flags print as obj2yaml does, one key per set flag.
type RootSignature struct {
	Version              uint32 // 1 = 1.0, 2 = 1.1, 3 = 1.2
	NumRootParameters    uint32
	RootParametersOffset uint32
	NumStaticSamplers    uint32
	StaticSamplersOffset uint32
	Parameters           []RootParameter
	Samplers             []StaticSampler

	AllowInputAssemblerInputLayout    bool `json:",omitempty"`
	DenyVertexShaderRootAccess        bool `json:",omitempty"`
	DenyHullShaderRootAccess          bool `json:",omitempty"`
	DenyDomainShaderRootAccess        bool `json:",omitempty"`
	DenyGeometryShaderRootAccess      bool `json:",omitempty"`
	DenyPixelShaderRootAccess         bool `json:",omitempty"`
	AllowStreamOutput                 bool `json:",omitempty"`
	LocalRootSignature                bool `json:",omitempty"`
	DenyAmplificationShaderRootAccess bool `json:",omitempty"`
	DenyMeshShaderRootAccess          bool `json:",omitempty"`
	CBVSRVUAVHeapDirectlyIndexed      bool `json:",omitempty"`
	SamplerHeapDirectlyIndexed        bool `json:",omitempty"`
	AllowLowTierReservedHwCbLimit     bool `json:",omitempty"` // DXC only (0x80000000)

	// Added keys.
	VersionName string   // "1.0", "1.1", "1.2"
	Flags       uint32   // the raw D3D12_ROOT_SIGNATURE_FLAGS word
	FlagNames   []string // names of the set flags ("0x..." for bits nobody defines)
}

// RootParameter is one root parameter: a header (type, visibility, payload
// offset) and the payload its type selects.
type RootParameter struct {
	ParameterType    RootParameterType
	ShaderVisibility ShaderVisibility
	Table            *RootDescriptorTable `json:",omitempty"` // DescriptorTable
	Constants        *RootConstants       `json:",omitempty"` // Constants32Bit
	Descriptor       *RootDescriptor      `json:",omitempty"` // CBV, SRV, UAV

	// Added keys.
	PayloadOffset uint32 // offset of the payload from the start of the root signature
}

// RootConstants is the payload of a Constants32Bit parameter.
type RootConstants struct {
	Num32BitValues uint32
	RegisterSpace  uint32
	ShaderRegister uint32
}

// RootDescriptor is the payload of a CBV, SRV or UAV root descriptor (flags from 1.1).
type RootDescriptor struct {
	RegisterSpace               uint32
	ShaderRegister              uint32
	DataVolatile                bool     `json:"DATA_VOLATILE,omitempty"`
	DataStaticWhileSetAtExecute bool     `json:"DATA_STATIC_WHILE_SET_AT_EXECUTE,omitempty"`
	DataStatic                  bool     `json:"DATA_STATIC,omitempty"`
	Flags                       uint32   // added: raw flags (0 in 1.0, which has none)
	FlagNames                   []string `json:",omitempty"` // added
}

// RootDescriptorTable is the payload of a DescriptorTable parameter.
type RootDescriptorTable struct {
	NumRanges    uint32
	RangesOffset uint32
	Ranges       []DescriptorRange
	// SameRangesAs is set instead of Ranges when two tables already decoded
	// these ranges (same RangesOffset and NumRanges): the index in
	// Parameters of the first, whose Ranges they are.
	// RootSignature.TableRanges resolves it.
	SameRangesAs *int `json:",omitempty"`
}

// LastRegister is the range's last register: 0xFFFFFFFF for an unbounded
// range, or one whose registers would run past it. Meaningful for a range
// of at least one descriptor.
func (g *DescriptorRange) LastRegister() uint32 {
	if g.Unbounded {
		return 0xFFFFFFFF
	}
	return uint32(min(int64(g.BaseShaderRegister)+g.NumDescriptors-1, 0xFFFFFFFF))
}

// TableRanges is the ranges of parameter i's descriptor table: its own, or
// those it shares (SameRangesAs); nil when parameter i is not a table.
func (rs *RootSignature) TableRanges(i int) []DescriptorRange {
	if i < 0 || i >= len(rs.Parameters) || rs.Parameters[i].Table == nil {
		return nil
	}
	t := rs.Parameters[i].Table
	if j := t.SameRangesAs; j != nil && *j >= 0 && *j < len(rs.Parameters) && rs.Parameters[*j].Table != nil {
		return rs.Parameters[*j].Table.Ranges
	}
	return t.Ranges
}

// DescriptorRange is one range of a descriptor table (flags from 1.1).
type DescriptorRange struct {
	RangeType DescriptorRangeType
	// NumDescriptors prints -1 for unbounded (0xFFFFFFFF), as obj2yaml does.
	NumDescriptors                    int64
	BaseShaderRegister                uint32
	RegisterSpace                     uint32
	OffsetInDescriptorsFromTableStart uint32 // 0xFFFFFFFF: append after the previous range

	DescriptorsVolatile                        bool `json:"DESCRIPTORS_VOLATILE,omitempty"`
	DataVolatile                               bool `json:"DATA_VOLATILE,omitempty"`
	DataStaticWhileSetAtExecute                bool `json:"DATA_STATIC_WHILE_SET_AT_EXECUTE,omitempty"`
	DataStatic                                 bool `json:"DATA_STATIC,omitempty"`
	DescriptorsStaticKeepingBufferBoundsChecks bool `json:"DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS,omitempty"`

	// Added keys.
	Unbounded bool     // NumDescriptors is 0xFFFFFFFF
	Append    bool     // OffsetInDescriptorsFromTableStart is 0xFFFFFFFF (D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND)
	Flags     uint32   // raw flags (0 in 1.0, which has none)
	FlagNames []string `json:",omitempty"`
}

// StaticSampler is one static sampler (D3D12_STATIC_SAMPLER_DESC; 1.2 adds Flags).
type StaticSampler struct {
	Filter           SamplerFilter
	AddressU         TextureAddressMode
	AddressV         TextureAddressMode
	AddressW         TextureAddressMode
	MipLODBias       SamplerFloat
	MaxAnisotropy    uint32
	ComparisonFunc   ComparisonFunc
	BorderColor      StaticBorderColor
	MinLOD           SamplerFloat
	MaxLOD           SamplerFloat
	ShaderRegister   uint32
	RegisterSpace    uint32
	ShaderVisibility ShaderVisibility

	UintBorderColor          bool `json:"SAMPLER_FLAG_UINT_BORDER_COLOR,omitempty"`
	NonNormalizedCoordinates bool `json:"SAMPLER_FLAG_NON_NORMALIZED_COORDINATES,omitempty"`

	// Added keys.
	Flags     uint32   // raw flags (1.2 only)
	FlagNames []string `json:",omitempty"`
}

// RangeUnbounded is the NumDescriptors value of an unbounded range, and RangeAppend the
// range offset that means "right after the previous range".
const (
	RangeUnbounded = 0xFFFFFFFF
	RangeAppend    = 0xFFFFFFFF
)

// SetFlags sets the root signature flags word and what is derived from it:
// the names of its bits and one bool per named flag.
func (rs *RootSignature) SetFlags(f uint32) {
	rs.Flags = f
	rs.FlagNames = report.BitNames(f, rootFlagBits)
	report.SetFlagFields(f, rootFlagBits,
		&rs.AllowInputAssemblerInputLayout, &rs.DenyVertexShaderRootAccess, &rs.DenyHullShaderRootAccess,
		&rs.DenyDomainShaderRootAccess, &rs.DenyGeometryShaderRootAccess, &rs.DenyPixelShaderRootAccess,
		&rs.AllowStreamOutput, &rs.LocalRootSignature, &rs.DenyAmplificationShaderRootAccess,
		&rs.DenyMeshShaderRootAccess, &rs.CBVSRVUAVHeapDirectlyIndexed, &rs.SamplerHeapDirectlyIndexed,
		&rs.AllowLowTierReservedHwCbLimit)
}

// SetFlags sets the root descriptor's flags word, its names and bools.
func (d *RootDescriptor) SetFlags(f uint32) {
	d.Flags = f
	d.FlagNames = report.BitNames(f, rootDescriptorFlagBits)
	report.SetFlagFields(f, rootDescriptorFlagBits, &d.DataVolatile, &d.DataStaticWhileSetAtExecute, &d.DataStatic)
}

// SetFlags sets the range's flags word, its names and bools.
func (g *DescriptorRange) SetFlags(f uint32) {
	g.Flags = f
	g.FlagNames = report.BitNames(f, descriptorRangeFlagBits)
	report.SetFlagFields(f, descriptorRangeFlagBits, &g.DescriptorsVolatile, &g.DataVolatile,
		&g.DataStaticWhileSetAtExecute, &g.DataStatic, &g.DescriptorsStaticKeepingBufferBoundsChecks)
}

// SetFlags sets the sampler's flags word (1.2), its names and bools.
func (m *StaticSampler) SetFlags(f uint32) {
	m.Flags = f
	m.FlagNames = report.BitNames(f, staticSamplerFlagBits)
	report.SetFlagFields(f, staticSamplerFlagBits, &m.UintBorderColor, &m.NonNormalizedCoordinates)
}

// SetNumDescriptors sets NumDescriptors from the serialized word, which is
// -1 and Unbounded for 0xFFFFFFFF.
func (g *DescriptorRange) SetNumDescriptors(n uint32) {
	g.NumDescriptors, g.Unbounded = int64(n), n == RangeUnbounded
	if g.Unbounded {
		g.NumDescriptors = -1
	}
}

// SetOffset sets OffsetInDescriptorsFromTableStart and Append, which says it
// is D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND.
func (g *DescriptorRange) SetOffset(off uint32) {
	g.OffsetInDescriptorsFromTableStart, g.Append = off, off == RangeAppend
}

// String is the one-line summary: "v1.1, 3 parameters, 1 static sampler".
func (rs *RootSignature) String() string {
	if rs == nil {
		return "unreadable root signature"
	}
	if rs.VersionName == "" {
		return fmt.Sprintf("unknown version %d", rs.Version)
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		if n == 0 {
			return "no " + many
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	return fmt.Sprintf("v%s, %s, %s", rs.VersionName, report.Counted(rs.NumRootParameters, len(rs.Parameters), func(n int) string { return plural(n, "parameter", "parameters") }),
		report.Counted(rs.NumStaticSamplers, len(rs.Samplers), func(n int) string { return plural(n, "static sampler", "static samplers") }))
}

// RootFlagNames names the set bits of a root signature flags word
// (D3D12_ROOT_SIGNATURE_FLAGS), "0x…" for bits nobody defines.
func RootFlagNames(f uint32) []string { return report.BitNames(f, rootFlagBits) }
