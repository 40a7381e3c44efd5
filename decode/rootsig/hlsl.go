package rootsig

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// HLSL renders the root signature in the HLSL root signature language (the
// string given to [RootSignature(...)] or compiled with -T rootsig_1_x), one
// clause per line, every field spelled out, so a reader can compare it with the
// source or paste it back. Values nobody named print as Type(n), which no
// compiler accepts: such a signature cannot be written in the language.
func (rs *RootSignature) HLSL() string {
	var texts []string
	for _, c := range rs.HLSLClauses() {
		texts = append(texts, c.Text)
	}
	return strings.Join(texts, ",\n")
}

// HLSLClause is one clause of the root signature in the HLSL language, with
// the path (after the part name) of the structure it was written from:
// "Flags", "Parameters/2", "Samplers/0".
type HLSLClause struct {
	Text string
	Path string
}

// HLSLClauses returns the root signature as HLSL clauses in file order:
// RootFlags, one per parameter, one per static sampler.
func (rs *RootSignature) HLSLClauses() []HLSLClause {
	if rs == nil {
		return nil
	}
	var out []HLSLClause
	var clauses []string
	if rs.Flags != 0 {
		clauses = append(clauses, "RootFlags("+hlslFlags(rs.Flags, rootFlagHLSL, "0")+")")
		out = append(out, HLSLClause{Path: "Flags"})
	}
	for i, p := range rs.Parameters {
		out = append(out, HLSLClause{Path: "Parameters/" + strconv.Itoa(i)})
		vis := "visibility = " + hlslVisibility(p.ShaderVisibility)
		switch {
		case p.Constants != nil:
			c := p.Constants
			clauses = append(clauses, fmt.Sprintf("RootConstants(num32BitConstants = %d, b%d, space = %d, %s)", c.Num32BitValues, c.ShaderRegister, c.RegisterSpace, vis))
		case p.Descriptor != nil:
			d := p.Descriptor
			reg := ""
			if rt, ok := p.ParameterType.RangeType(); ok {
				reg = rt.Letter()
			}
			s := fmt.Sprintf("%s(%s%d, space = %d, %s", p.ParameterType, reg, d.ShaderRegister, d.RegisterSpace, vis)
			if rs.Version >= 2 {
				s += ", flags = " + hlslFlags(d.Flags, rootDescriptorFlagBits, "0")
			}
			clauses = append(clauses, s+")")
		case p.Table != nil && p.Table.SameRangesAs != nil:
			// A reference, not a repeat: the ranges are listed once, above.
			clauses = append(clauses, fmt.Sprintf("DescriptorTable(/* the %d ranges of parameter %d */ %s)", p.Table.NumRanges, *p.Table.SameRangesAs, vis))
		case p.Table != nil:
			var ranges []string
			for _, g := range p.Table.Ranges {
				reg := g.RangeType.Letter()
				name := g.RangeType.String()
				n := strconv.FormatInt(g.NumDescriptors, 10)
				if g.Unbounded {
					n = "unbounded"
				}
				off := strconv.FormatUint(uint64(g.OffsetInDescriptorsFromTableStart), 10)
				if g.Append {
					off = "DESCRIPTOR_RANGE_OFFSET_APPEND"
				}
				s := fmt.Sprintf("%s(%s%d, numDescriptors = %s, space = %d, offset = %s", name, reg, g.BaseShaderRegister, n, g.RegisterSpace, off)
				if rs.Version >= 2 {
					s += ", flags = " + hlslFlags(g.Flags, descriptorRangeFlagBits, "0")
				}
				ranges = append(ranges, s+")")
			}
			clauses = append(clauses, "DescriptorTable("+strings.Join(append(ranges, vis), ", ")+")")
		default:
			clauses = append(clauses, fmt.Sprintf("/* %s: not expressible */", p.ParameterType))
		}
	}
	for i, m := range rs.Samplers {
		out = append(out, HLSLClause{Path: "Samplers/" + strconv.Itoa(i)})
		s := fmt.Sprintf("StaticSampler(s%d, space = %d, filter = %s, addressU = %s, addressV = %s, addressW = %s, mipLODBias = %s, maxAnisotropy = %d, comparisonFunc = %s, borderColor = %s, minLOD = %s, maxLOD = %s, visibility = %s",
			m.ShaderRegister, m.RegisterSpace, hlslEnum("FILTER_", m.Filter.String()),
			hlslEnum("TEXTURE_ADDRESS_", m.AddressU.String()), hlslEnum("TEXTURE_ADDRESS_", m.AddressV.String()), hlslEnum("TEXTURE_ADDRESS_", m.AddressW.String()),
			hlslFloat(m.MipLODBias), m.MaxAnisotropy, hlslEnum("COMPARISON_", m.ComparisonFunc.String()),
			hlslEnum("STATIC_BORDER_COLOR_", m.BorderColor.String()), hlslFloat(m.MinLOD), hlslFloat(m.MaxLOD), hlslVisibility(m.ShaderVisibility))
		if rs.Version >= 3 {
			s += ", flags = " + hlslFlags(m.Flags, samplerFlagHLSL, "0")
		}
		clauses = append(clauses, s+")")
	}
	for i := range out {
		out[i].Text = clauses[i]
	}
	return out
}

// rootFlagHLSL spells the root flags the way the language does (the LLVM names
// do not upper-case mechanically: "CBVSRVUAVHeapDirectlyIndexed").
var rootFlagHLSL = []report.FlagBit{
	{Bit: 0x1, Name: "ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT"}, {Bit: 0x2, Name: "DENY_VERTEX_SHADER_ROOT_ACCESS"}, {Bit: 0x4, Name: "DENY_HULL_SHADER_ROOT_ACCESS"},
	{Bit: 0x8, Name: "DENY_DOMAIN_SHADER_ROOT_ACCESS"}, {Bit: 0x10, Name: "DENY_GEOMETRY_SHADER_ROOT_ACCESS"}, {Bit: 0x20, Name: "DENY_PIXEL_SHADER_ROOT_ACCESS"},
	{Bit: 0x40, Name: "ALLOW_STREAM_OUTPUT"}, {Bit: 0x80, Name: "LOCAL_ROOT_SIGNATURE"}, {Bit: 0x100, Name: "DENY_AMPLIFICATION_SHADER_ROOT_ACCESS"},
	{Bit: 0x200, Name: "DENY_MESH_SHADER_ROOT_ACCESS"}, {Bit: 0x400, Name: "CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED"}, {Bit: 0x800, Name: "SAMPLER_HEAP_DIRECTLY_INDEXED"},
	{Bit: 0x80000000, Name: "ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT"},
}

var samplerFlagHLSL = []report.FlagBit{{Bit: 0x1, Name: "UINT_BORDER_COLOR"}, {Bit: 0x2, Name: "NON_NORMALIZED_COORDINATES"}}

// hlslFlags joins the set flags with " | " as the language spells them
// (zero when none is set); bits nobody named print in hex.
func hlslFlags(v uint32, bits []report.FlagBit, zero string) string {
	if v == 0 {
		return zero
	}
	return strings.Join(report.BitNames(v, bits), " | ")
}

func hlslVisibility(v ShaderVisibility) string { return hlslEnum("SHADER_VISIBILITY_", v.String()) }

// hlslEnum turns an LLVM enum name into the language's constant
// ("LessEqual" → COMPARISON_LESS_EQUAL); unnamed values stay as Type(n).
func hlslEnum(prefix, name string) string {
	if strings.ContainsRune(name, '(') {
		return name
	}
	var b strings.Builder
	b.WriteString(prefix)
	for i, c := range name {
		if i > 0 && c >= 'A' && c <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(c)
	}
	return strings.ToUpper(b.String())
}

// hlslFloat prints a float the language reads back to the same float32.
func hlslFloat(f SamplerFloat) string {
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if !strings.ContainsAny(s, ".eEIN") {
		s += ".0"
	}
	return s
}
