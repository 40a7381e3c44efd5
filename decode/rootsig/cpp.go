package rootsig

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// CPP renders the root signature as C++ that fills D3D12's structures
// (d3d12.h): a function returning the D3D12_VERSIONED_ROOT_SIGNATURE_DESC,
// ready for D3D12SerializeVersionedRootSignature, for engines that build
// their root signatures in code rather than from HLSL text.
//
// The structures are those of the signature's version (D3D12_ROOT_PARAMETER
// for 1.0, D3D12_ROOT_PARAMETER1 from 1.1, D3D12_STATIC_SAMPLER_DESC1 in
// 1.2). Ranges and samplers are aggregate-initialized arrays, a comment
// naming their fields; root parameters are assigned field by field, because
// their payload is a union that an aggregate initializer cannot choose.
// Unlike the HLSL text, every value can be written: one d3d12.h does not
// name prints as a cast of its number. Tables that share ranges
// (SameRangesAs) point at the same array.
func (rs *RootSignature) CPP() string {
	if rs == nil {
		return ""
	}
	w := &cppWriter{v1: rs.Version >= Version1_1}
	desc, rangeT, paramT, samplerT := "Desc_1_0", "D3D12_DESCRIPTOR_RANGE", "D3D12_ROOT_PARAMETER", "D3D12_STATIC_SAMPLER_DESC"
	version := "D3D_ROOT_SIGNATURE_VERSION_1_0"
	switch {
	case rs.Version >= Version1_2:
		desc, rangeT, paramT, samplerT = "Desc_1_2", "D3D12_DESCRIPTOR_RANGE1", "D3D12_ROOT_PARAMETER1", "D3D12_STATIC_SAMPLER_DESC1"
		version = "D3D_ROOT_SIGNATURE_VERSION_1_2"
	case rs.Version == Version1_1:
		desc, rangeT, paramT = "Desc_1_1", "D3D12_DESCRIPTOR_RANGE1", "D3D12_ROOT_PARAMETER1"
		version = "D3D_ROOT_SIGNATURE_VERSION_1_1"
	}
	if VersionName(rs.Version) == "" { // the nearest version's structures
		w.line("// Version %d is none D3D12 defines: written as %s.", rs.Version, strings.TrimPrefix(version, "D3D_ROOT_SIGNATURE_VERSION_"))
	}
	w.line("inline D3D12_VERSIONED_ROOT_SIGNATURE_DESC RootSignatureDesc()")
	w.line("{")

	// The ranges of each table, an array each, named after the parameter.
	rangeFields := "RangeType, NumDescriptors, BaseShaderRegister, RegisterSpace, OffsetInDescriptorsFromTableStart"
	if w.v1 {
		rangeFields = "RangeType, NumDescriptors, BaseShaderRegister, RegisterSpace, Flags, OffsetInDescriptorsFromTableStart"
	}
	for i, p := range rs.Parameters {
		if p.Table == nil || p.Table.SameRangesAs != nil || len(p.Table.Ranges) == 0 {
			continue
		}
		if rangeFields != "" { // named once, above the first array
			w.line("    // %s: %s", rangeT, rangeFields)
			rangeFields = ""
		}
		w.line("    static const %s ranges%d[] = {", rangeT, i)
		for _, g := range p.Table.Ranges {
			n := strconv.FormatInt(g.NumDescriptors, 10)
			if g.Unbounded {
				n = "UINT_MAX" // unbounded
			}
			off := strconv.FormatUint(uint64(g.OffsetInDescriptorsFromTableStart), 10)
			if g.Append {
				off = "D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND"
			}
			fields := []string{cppEnum("D3D12_DESCRIPTOR_RANGE_TYPE_", "D3D12_DESCRIPTOR_RANGE_TYPE", g.RangeType.String(), uint32(g.RangeType), g.RangeType.Known()),
				n, strconv.FormatUint(uint64(g.BaseShaderRegister), 10), strconv.FormatUint(uint64(g.RegisterSpace), 10)}
			if w.v1 {
				fields = append(fields, cppFlags(g.Flags, descriptorRangeFlagBits, "D3D12_DESCRIPTOR_RANGE_FLAG_", "D3D12_DESCRIPTOR_RANGE_FLAG_NONE", "D3D12_DESCRIPTOR_RANGE_FLAGS"))
			}
			w.line("        { %s },", strings.Join(append(fields, off), ", "))
		}
		w.line("    };")
	}

	if len(rs.Samplers) > 0 {
		w.line("    static const %s samplers[] = {", samplerT)
		fields := "Filter, AddressU, AddressV, AddressW, MipLODBias, MaxAnisotropy, ComparisonFunc, BorderColor, MinLOD, MaxLOD, ShaderRegister, RegisterSpace, ShaderVisibility"
		if rs.Version >= Version1_2 {
			fields += ", Flags"
		}
		w.line("        // %s", fields)
		for _, m := range rs.Samplers {
			address := func(a TextureAddressMode) string {
				return cppEnum("D3D12_TEXTURE_ADDRESS_MODE_", "D3D12_TEXTURE_ADDRESS_MODE", a.String(), uint32(a), a.Known())
			}
			f := []string{cppEnum("D3D12_FILTER_", "D3D12_FILTER", m.Filter.String(), uint32(m.Filter), m.Filter.Known()),
				address(m.AddressU), address(m.AddressV), address(m.AddressW), cppFloat(m.MipLODBias), strconv.FormatUint(uint64(m.MaxAnisotropy), 10),
				cppEnum("D3D12_COMPARISON_FUNC_", "D3D12_COMPARISON_FUNC", m.ComparisonFunc.String(), uint32(m.ComparisonFunc), m.ComparisonFunc.Known()),
				cppEnum("D3D12_STATIC_BORDER_COLOR_", "D3D12_STATIC_BORDER_COLOR", m.BorderColor.String(), uint32(m.BorderColor), m.BorderColor.Known()),
				cppFloat(m.MinLOD), cppFloat(m.MaxLOD), strconv.FormatUint(uint64(m.ShaderRegister), 10), strconv.FormatUint(uint64(m.RegisterSpace), 10),
				cppVisibility(m.ShaderVisibility)}
			if rs.Version >= Version1_2 {
				f = append(f, cppFlags(m.Flags, staticSamplerFlagBits, "D3D12_", "D3D12_SAMPLER_FLAG_NONE", "D3D12_SAMPLER_FLAGS"))
			}
			w.line("        { %s },", strings.Join(f, ", "))
		}
		w.line("    };")
	}

	if len(rs.Parameters) > 0 {
		w.line("    static %s params[%d] = {};", paramT, len(rs.Parameters))
	}
	for i, p := range rs.Parameters {
		at := fmt.Sprintf("    params[%d].", i)
		w.line("%sParameterType = %s;", at, cppParameterType(p.ParameterType))
		switch {
		case p.Constants != nil:
			c := p.Constants
			w.line("%sConstants.ShaderRegister = %d;", at, c.ShaderRegister)
			w.line("%sConstants.RegisterSpace = %d;", at, c.RegisterSpace)
			w.line("%sConstants.Num32BitValues = %d;", at, c.Num32BitValues)
		case p.Descriptor != nil:
			d := p.Descriptor
			w.line("%sDescriptor.ShaderRegister = %d;", at, d.ShaderRegister)
			w.line("%sDescriptor.RegisterSpace = %d;", at, d.RegisterSpace)
			if w.v1 {
				w.line("%sDescriptor.Flags = %s;", at, cppFlags(d.Flags, rootDescriptorFlagBits, "D3D12_ROOT_DESCRIPTOR_FLAG_", "D3D12_ROOT_DESCRIPTOR_FLAG_NONE", "D3D12_ROOT_DESCRIPTOR_FLAGS"))
			}
		case p.Table != nil:
			ranges, of := rs.TableRanges(i), i
			if j := p.Table.SameRangesAs; j != nil && len(ranges) > 0 {
				of = *j
			}
			if int64(p.Table.NumRanges) != int64(len(ranges)) { // a damaged table: say what the C++ leaves out
				w.line("    // parameter %d: the table names %d ranges; %d could be read", i, p.Table.NumRanges, len(ranges))
			}
			w.line("%sDescriptorTable.NumDescriptorRanges = %d;", at, len(ranges))
			if len(ranges) == 0 {
				w.line("%sDescriptorTable.pDescriptorRanges = nullptr;", at)
			} else {
				w.line("%sDescriptorTable.pDescriptorRanges = ranges%d;", at, of)
			}
		default:
			w.line("    // parameter %d: its payload was not read", i)
		}
		w.line("%sShaderVisibility = %s;", at, cppVisibility(p.ShaderVisibility))
	}

	w.line("    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {};")
	w.line("    desc.Version = %s;", version)
	at := "    desc." + desc + "."
	w.line("%sNumParameters = %d;", at, len(rs.Parameters))
	w.line("%spParameters = %s;", at, arrayOrNull(len(rs.Parameters), "params"))
	w.line("%sNumStaticSamplers = %d;", at, len(rs.Samplers))
	w.line("%spStaticSamplers = %s;", at, arrayOrNull(len(rs.Samplers), "samplers"))
	if rs.Flags&dxcOnlyRootFlag != 0 {
		w.line("    // 0x80000000 is DXC's ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT, which d3d12.h does not name.")
	}
	// One flag a line: root signatures often deny four or five stages.
	flags := cppFlags(rs.Flags, cppRootFlagBits, "D3D12_ROOT_SIGNATURE_FLAG_", "D3D12_ROOT_SIGNATURE_FLAG_NONE", "D3D12_ROOT_SIGNATURE_FLAGS")
	w.line("%sFlags = %s;", at, strings.ReplaceAll(flags, " | ", " |\n        "))
	w.line("    return desc;")
	w.line("}")
	return w.b.String()
}

// arrayOrNull names an array of n items, or nullptr for none (C++ has no
// empty arrays).
func arrayOrNull(n int, name string) string {
	if n == 0 {
		return "nullptr"
	}
	return name
}

type cppWriter struct {
	b  strings.Builder
	v1 bool // version 1.1 or later: ranges and root descriptors have flags
}

func (w *cppWriter) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

// cppParameterType spells a parameter type as d3d12.h does (its words are
// not LLVM's: Constants32Bit is 32BIT_CONSTANTS).
func cppParameterType(t RootParameterType) string {
	names := []string{"DESCRIPTOR_TABLE", "32BIT_CONSTANTS", "CBV", "SRV", "UAV"}
	if int64(t) < int64(len(names)) {
		return "D3D12_ROOT_PARAMETER_TYPE_" + names[t]
	}
	return fmt.Sprintf("D3D12_ROOT_PARAMETER_TYPE(%d)", t)
}

// cppRootFlagBits are the root signature flags d3d12.h names: rootFlagHLSL
// without DXC's 0x80000000, which no public header defines (it prints as a
// cast of its number).
var cppRootFlagBits = func() []report.FlagBit {
	var out []report.FlagBit
	for _, b := range rootFlagHLSL {
		if b.Bit != dxcOnlyRootFlag {
			out = append(out, b)
		}
	}
	return out
}()

// dxcOnlyRootFlag is DXC's ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT.
const dxcOnlyRootFlag = 0x80000000

// cppEnum writes a named value as d3d12.h spells it: prefix and the LLVM
// name upper-cased with underscores ("LessEqual" → D3D12_COMPARISON_FUNC_LESS_EQUAL);
// a value nobody named as a cast of its number to the enum's type. A name
// in capitals is d3d12.h's word already (the range types SRV, UAV, CBV).
func cppEnum(prefix, typ, name string, v uint32, known bool) string {
	if !known {
		return fmt.Sprintf("%s(%d)", typ, v)
	}
	if strings.ToUpper(name) == name {
		return prefix + name
	}
	return hlslEnum(prefix, name)
}

func cppVisibility(v ShaderVisibility) string {
	return cppEnum("D3D12_SHADER_VISIBILITY_", "D3D12_SHADER_VISIBILITY", v.String(), uint32(v), v.Known())
}

// cppFlags joins the set flags with " | " (d3d12.h defines the operator
// for its flag enums); bits nobody named join as a cast of their number to
// typ, and no bit set is typ's none.
func cppFlags(v uint32, bits []report.FlagBit, prefix, none, typ string) string {
	if v == 0 {
		return none
	}
	var parts []string
	rest := v
	for _, b := range bits {
		if v&b.Bit != 0 {
			parts = append(parts, prefix+b.Name)
			rest &^= b.Bit
		}
	}
	if rest != 0 {
		parts = append(parts, fmt.Sprintf("%s(0x%x)", typ, rest))
	}
	return strings.Join(parts, " | ")
}

// cppFloat writes a float literal that reads back as the same float32:
// FLT_MAX as D3D12_FLOAT32_MAX (what samplers use for "no limit"), and the
// values no literal spells (infinities, NaN) from <cmath>.
func cppFloat(f SamplerFloat) string {
	x := float64(f)
	switch {
	case math.IsNaN(x):
		return "NAN"
	case math.IsInf(x, 1):
		return "INFINITY"
	case math.IsInf(x, -1):
		return "-INFINITY"
	case float32(x) == math.MaxFloat32:
		return "D3D12_FLOAT32_MAX"
	case float32(x) == -math.MaxFloat32:
		return "-D3D12_FLOAT32_MAX"
	}
	s := strconv.FormatFloat(x, 'g', -1, 32)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s + "f"
}
