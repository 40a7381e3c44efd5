package model

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/rootsig"
)

// RootSigView is an RTS0 part as the root-signature view shows it: the HLSL
// text a shader source would declare, one clause a line, and tables of the
// parameters, descriptor ranges and static samplers in register notation.
// Every line and row carries the bytes it was read from (absolute offsets).
type RootSigView struct {
	Version string // "1.1"
	// Cost is what the parameters cost in DWORDs (rootsig.Cost), against
	// the 64 D3D12 allows unless Local (a local root signature).
	Cost     uint64
	Local    bool
	Lines    []SpanLine
	Params   []RootParamRow
	Ranges   []RootRangeRow
	Samplers []RootSamplerRow
}

// SpanLine is a line of text and the bytes it stands for.
type SpanLine struct {
	Text      string
	Off, Size int64
}

// RootParamRow is one root parameter.
type RootParamRow struct {
	Index      int
	Type       string // "DescriptorTable", "CBV", "Constants32Bit", …
	Visibility string
	Binding    string // "b0, space1", "3 ranges", "4 constants at b2"
	Cost       uint64 // DWORDs: a table 1, a root descriptor 2, constants one each
	Off, Size  int64
}

// RootRangeRow is one descriptor range of a table.
type RootRangeRow struct {
	Param     int
	Type      string // SRV, UAV, CBV, Sampler
	Registers string // "t0-t3, space1", "u0-unbounded"
	Offset    string // descriptors from the table start, or "append"
	Off, Size int64
}

// RootSamplerRow is one static sampler.
type RootSamplerRow struct {
	Register   string
	Filter     string
	Address    string // U, V, W
	Visibility string
	Off, Size  int64
}

// RootSignature builds the view of an RTS0 part, or nil for another part.
func (pv *PartView) RootSignature() *RootSigView {
	if pv.Part == nil || pv.Part.RootSignature == nil {
		return nil
	}
	rs := pv.Part.RootSignature
	where := pv.spanFinder()
	v := &RootSigView{Version: rootsig.VersionName(rs.Version), Cost: rs.Cost(), Local: rs.LocalRootSignature}
	for _, c := range rs.HLSLClauses() {
		off, size := where(c.Path)
		v.Lines = append(v.Lines, SpanLine{Text: c.Text, Off: off, Size: size})
	}
	for i, p := range rs.Parameters {
		off, size := where(fmt.Sprintf("Parameters/%d", i))
		r := RootParamRow{Index: i, Type: p.ParameterType.String(), Visibility: p.ShaderVisibility.String(), Cost: p.Cost(), Off: off, Size: size}
		switch {
		case p.Constants != nil:
			r.Binding = fmt.Sprintf("%d constants at %s", p.Constants.Num32BitValues, Register("b", p.Constants.ShaderRegister, 1, p.Constants.RegisterSpace))
		case p.Descriptor != nil:
			letter := map[string]string{"CBV": "b", "SRV": "t", "UAV": "u"}[r.Type]
			r.Binding = Register(letter, p.Descriptor.ShaderRegister, 1, p.Descriptor.RegisterSpace)
		case p.Table != nil && p.Table.SameRangesAs != nil:
			r.Binding = fmt.Sprintf("%d ranges, those of parameter %d", p.Table.NumRanges, *p.Table.SameRangesAs)
		case p.Table != nil:
			r.Binding = fmt.Sprintf("%d ranges", len(p.Table.Ranges))
			if len(p.Table.Ranges) == 1 {
				r.Binding = "1 range"
			}
			for j, g := range p.Table.Ranges {
				goff, gsize := where(fmt.Sprintf("Parameters/%d/Table/Ranges/%d", i, j))
				count := uint32(g.NumDescriptors)
				if g.Unbounded {
					count = Unbounded
				}
				letter := map[string]string{"SRV": "t", "UAV": "u", "CBV": "b", "Sampler": "s"}[g.RangeType.String()]
				at := fmt.Sprint(g.OffsetInDescriptorsFromTableStart)
				if g.Append {
					at = "append"
				}
				v.Ranges = append(v.Ranges, RootRangeRow{Param: i, Type: g.RangeType.String(),
					Registers: Register(letter, g.BaseShaderRegister, count, g.RegisterSpace), Offset: at, Off: goff, Size: gsize})
			}
		}
		v.Params = append(v.Params, r)
	}
	for i, m := range rs.Samplers {
		off, size := where(fmt.Sprintf("Samplers/%d", i))
		v.Samplers = append(v.Samplers, RootSamplerRow{Register: Register("s", m.ShaderRegister, 1, m.RegisterSpace),
			Filter: m.Filter.String(), Address: strings.Join([]string{m.AddressU.String(), m.AddressV.String(), m.AddressW.String()}, ", "),
			Visibility: m.ShaderVisibility.String(), Off: off, Size: size})
	}
	return v
}

// CostText says what the parameters cost against D3D12's limit, for people
// sizing a root signature (a smaller one is cheaper to change per draw).
func (v *RootSigView) CostText() string {
	switch {
	case v.Local:
		return fmt.Sprintf("The parameters cost %d DWORDs. A local root signature lives in a shader record, so D3D12's 64-DWORD limit does not apply.", v.Cost)
	case v.Cost > rootsig.MaxCost:
		return fmt.Sprintf("The parameters cost %d DWORDs, more than the %d D3D12 allows: CreateRootSignature refuses this root signature (a descriptor table costs 1, a root descriptor 2, each root constant 1).", v.Cost, rootsig.MaxCost)
	}
	return fmt.Sprintf("The parameters cost %d of the %d DWORDs D3D12 allows (a descriptor table costs 1, a root descriptor 2, each root constant 1; static samplers nothing).", v.Cost, rootsig.MaxCost)
}
