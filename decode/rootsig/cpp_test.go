package rootsig_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestCPPMeansTheSameRootSignature compiles the C++ that RootSignature.CPP
// prints with g++, against d3d12.h's declarations written out by hand
// (testdata/cpp/d3d12_rootsig.h: names, values and field orders from the
// SDK, not from this package's tables), runs it, and reads back every value
// of the D3D12_VERSIONED_ROOT_SIGNATURE_DESC it builds: they must be the
// values decoded from the bytes. Over every corpus RTS0 part, each one's
// HLSL compiled again as 1.0 and 1.2 (the other structures), and a
// signature of values nobody named (casts), unnamed flag bits, shared
// ranges and floats no literal spells.
func TestCPPMeansTheSameRootSignature(t *testing.T) {
	gxx := corpus.GXX(t)
	type signature struct {
		name string
		rs   *rootsig.RootSignature
	}
	var sigs []signature
	if _, ok := corpus.Dir(); ok {
		for _, p := range corpusParts(t) {
			rs := p.part.RootSignature
			sigs = append(sigs, signature{p.rel, rs})
			for _, v := range []uint32{rootsig.Version1_0, rootsig.Version1_2} {
				if again, err := rootsig.Parse(rs.HLSL(), v); err == nil {
					sigs = append(sigs, signature{fmt.Sprintf("%s as %s", p.rel, rootsig.VersionName(v)), again})
				}
			}
		}
	}
	for _, v := range []uint32{0, 9} { // versions nobody defined
		h := unnamedValues()[1]
		h.Version = v
		sigs = append(sigs, signature{fmt.Sprintf("version %d", v), h})
	}
	for _, h := range unnamedValues() {
		sigs = append(sigs, signature{"values nobody named, " + rootsig.VersionName(h.Version), h})
	}

	units := make([]string, len(sigs))
	for i, s := range sigs {
		units[i] = s.rs.CPP()
	}
	got := corpus.RunCPPUnits(t, gxx, "#include \"dump.h\"\n", units, "dump(u%[1]d::RootSignatureDesc())")
	bad := 0
	for i, s := range sigs {
		if want := canonical(s.rs); got[i] != want {
			if bad++; bad <= 5 {
				t.Errorf("%s: the C++ builds\n%s\nwant (decoded)\n%s\nC++:\n%s", s.name, got[i], want, s.rs.CPP())
			}
		}
	}
	t.Logf("%d root signatures compiled and read back (g++ %s), %d differ", len(sigs), gxx, bad)
	if len(sigs) < 4 {
		t.Errorf("only %d root signatures: the hand-built ones alone are 3", len(sigs))
	}
}

// canonical writes a root signature as testdata/cpp/dump.h prints the
// desc its C++ builds: what each version's structures can hold (no flags
// before 1.1, no sampler flags before 1.2), a payload read by the
// parameter's type as the union is.
func canonical(rs *rootsig.RootSignature) string {
	var b strings.Builder
	v := min(max(rs.Version, rootsig.Version1_0), rootsig.Version1_2) // versions nobody defined: the nearest one's structures
	fmt.Fprintf(&b, "version %d flags %d params %d samplers %d\n", v, rs.Flags, len(rs.Parameters), len(rs.Samplers))
	since := func(min uint32, flags uint32) uint32 {
		if v < min {
			return 0
		}
		return flags
	}
	for i, p := range rs.Parameters {
		fmt.Fprintf(&b, " param %d type %d visibility %d\n", i, p.ParameterType, p.ShaderVisibility)
		switch p.ParameterType {
		case 0:
			ranges := rs.TableRanges(i)
			fmt.Fprintf(&b, "  table %d\n", len(ranges))
			for _, g := range ranges {
				fmt.Fprintf(&b, "  range %d %d %d %d %d %d\n", g.RangeType, uint32(g.NumDescriptors), g.BaseShaderRegister, g.RegisterSpace, since(rootsig.Version1_1, g.Flags), g.OffsetInDescriptorsFromTableStart)
			}
		case 1:
			c := p.Constants
			if c == nil {
				c = &rootsig.RootConstants{}
			}
			fmt.Fprintf(&b, "  constants %d %d %d\n", c.ShaderRegister, c.RegisterSpace, c.Num32BitValues)
		case 2, 3, 4:
			d := p.Descriptor
			if d == nil {
				d = &rootsig.RootDescriptor{}
			}
			fmt.Fprintf(&b, "  descriptor %d %d %d\n", d.ShaderRegister, d.RegisterSpace, since(rootsig.Version1_1, d.Flags))
		}
	}
	float := func(f rootsig.SamplerFloat) string {
		if math.IsNaN(float64(f)) {
			return "nan"
		}
		return fmt.Sprintf("%08x", math.Float32bits(float32(f)))
	}
	for _, m := range rs.Samplers {
		fmt.Fprintf(&b, " sampler %d %d %d %d %s %d %d %d %s %s %d %d %d %d\n", m.Filter, m.AddressU, m.AddressV, m.AddressW, float(m.MipLODBias),
			m.MaxAnisotropy, m.ComparisonFunc, m.BorderColor, float(m.MinLOD), float(m.MaxLOD), m.ShaderRegister, m.RegisterSpace, m.ShaderVisibility, since(rootsig.Version1_2, m.Flags))
	}
	return b.String()
}

// unnamedValues are root signatures no compiler writes, one per version:
// enum values and flag bits nobody named, DXC's flag that d3d12.h lacks, a
// parameter type past the five, two tables sharing their ranges, an empty
// table, one whose ranges could not be read, an unbounded range, and floats that are infinite, NaN, the
// largest, negative zero and subnormal.
func unnamedValues() []*rootsig.RootSignature {
	var out []*rootsig.RootSignature
	for _, v := range []uint32{rootsig.Version1_0, rootsig.Version1_1, rootsig.Version1_2} {
		rs := &rootsig.RootSignature{Version: v}
		rs.SetFlags(0x80000000 | 0x1000 | 0x41)
		table := rootsig.DescriptorRange{RangeType: 3, BaseShaderRegister: 7, RegisterSpace: 2}
		table.SetNumDescriptors(rootsig.RangeUnbounded)
		table.SetOffset(rootsig.RangeAppend)
		table.SetFlags(0x10001)
		odd := rootsig.DescriptorRange{RangeType: 9, NumDescriptors: 4, BaseShaderRegister: 1, OffsetInDescriptorsFromTableStart: 12}
		odd.SetFlags(0x40)
		first := 0
		desc := &rootsig.RootDescriptor{ShaderRegister: 3, RegisterSpace: 4}
		desc.SetFlags(0x8 | 0x20)
		rs.Parameters = []rootsig.RootParameter{
			{ParameterType: 0, ShaderVisibility: 6, Table: &rootsig.RootDescriptorTable{NumRanges: 2, Ranges: []rootsig.DescriptorRange{table, odd}}},
			{ParameterType: 0, ShaderVisibility: 11, Table: &rootsig.RootDescriptorTable{NumRanges: 2, SameRangesAs: &first}},
			{ParameterType: 0, ShaderVisibility: 7, Table: &rootsig.RootDescriptorTable{}},
			{ParameterType: 0, ShaderVisibility: 2, Table: &rootsig.RootDescriptorTable{NumRanges: 5, RangesOffset: 0xFFFF}}, // ranges not read
			{ParameterType: 1, ShaderVisibility: 5, Constants: &rootsig.RootConstants{Num32BitValues: 64, ShaderRegister: 9, RegisterSpace: 0xFFFFFFFF}},
			{ParameterType: 4, ShaderVisibility: 0, Descriptor: desc},
			{ParameterType: 7, ShaderVisibility: 1},
		}
		named := rootsig.StaticSampler{Filter: 0xd4, AddressU: 5, AddressV: 4, AddressW: 1, MipLODBias: rootsig.SamplerFloat(math.Copysign(0, -1)), MaxAnisotropy: 16, ComparisonFunc: 0, BorderColor: 4,
			MinLOD: rootsig.SamplerFloat(math.Float32frombits(1)), MaxLOD: math.MaxFloat32, ShaderRegister: 15, RegisterSpace: 3, ShaderVisibility: 5}
		named.SetFlags(0x3)
		unnamed := rootsig.StaticSampler{Filter: 0x3, AddressU: 0, AddressV: 6, AddressW: 77, MipLODBias: rootsig.SamplerFloat(math.Inf(-1)), MaxAnisotropy: 0xFFFFFFFF,
			ComparisonFunc: 12, BorderColor: 9, MinLOD: rootsig.SamplerFloat(math.NaN()), MaxLOD: rootsig.SamplerFloat(math.Inf(1)), ShaderVisibility: 8}
		unnamed.SetFlags(0x4 | 0x1)
		small := rootsig.StaticSampler{Filter: 0x55, AddressU: 1, AddressV: 1, AddressW: 1, MipLODBias: 1.5, MinLOD: -math.MaxFloat32, MaxLOD: 1e-10, ComparisonFunc: 8}
		rs.Samplers = []rootsig.StaticSampler{named, unnamed, small}
		out = append(out, rs)
	}
	return out
}
