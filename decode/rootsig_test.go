package decode

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// rtsParam is one root parameter for buildRTS: its header and payload words
// in the layout of the version being built.
type rtsParam struct {
	typ, vis uint32
	words    []uint32   // Constants32Bit and root descriptor payloads
	ranges   [][]uint32 // descriptor table ranges
}

// buildRTS lays a root signature out the way DXC does: header, parameter
// headers, each payload (tables followed by their ranges), then the samplers.
func buildRTS(version, flags uint32, params []rtsParam, samplers [][]uint32) []byte {
	payloadStart := 24 + 12*len(params)
	var headers, payload []uint32
	at := payloadStart
	for _, p := range params {
		headers = append(headers, p.typ, p.vis, uint32(at))
		if p.typ == 0 {
			rangesAt := at + 8
			payload = append(payload, uint32(len(p.ranges)), uint32(rangesAt))
			at += 8
			for _, r := range p.ranges {
				payload = append(payload, r...)
				at += 4 * len(r)
			}
		} else {
			payload = append(payload, p.words...)
			at += 4 * len(p.words)
		}
	}
	out := le32(version, uint32(len(params)), 24, uint32(len(samplers)), uint32(at), flags)
	out = append(out, le32(headers...)...)
	out = append(out, le32(payload...)...)
	for _, s := range samplers {
		out = append(out, le32(s...)...)
	}
	return out
}

func f32bits(f float32) uint32 { return math.Float32bits(f) }

// sampler words: Filter, U, V, W, MipLODBias, MaxAniso, Cmp, Border, MinLOD, MaxLOD, reg, space, vis [, flags]
func samplerWords(extra ...uint32) []uint32 {
	w := []uint32{0x55, 1, 3, 4, f32bits(-0.5), 8, 4, 3, f32bits(1), f32bits(math.MaxFloat32), 7, 2, 5}
	return append(w, extra...)
}

func decodeBuilt(t *testing.T, data []byte) (*File, *rootsig.RootSignature) {
	t.Helper()
	f, err := Parse(wrapPart("RTS0", data))
	if err != nil {
		t.Fatal(err)
	}
	checkNoInternalError(t, f, "RTS0")
	return f, f.Parts[0].RootSignature
}

// TestRootSignatureBuiltEveryKind decodes hand-built root signatures with
// every parameter kind in each version and checks each value by hand.
func TestRootSignatureBuiltEveryKind(t *testing.T) {
	for _, v := range []uint32{1, 2, 3} {
		t.Run(fmt.Sprintf("v1.%d", v-1), func(t *testing.T) {
			var desc []uint32
			rng := func(typ, n, base, space, flags, off uint32) []uint32 {
				if v >= 2 {
					return []uint32{typ, n, base, space, flags, off}
				}
				return []uint32{typ, n, base, space, off}
			}
			desc = []uint32{5, 6}
			if v >= 2 {
				desc = append(desc, 0x8) // DATA_STATIC
			}
			var sflags []uint32
			if v >= 3 {
				sflags = []uint32{0x3}
			}
			params := []rtsParam{
				{typ: 1, vis: 1, words: []uint32{3, 1, 16}}, // b3, space1, 16 constants, Vertex
				{typ: 2, vis: 5, words: desc},               // CBV b5 space6, Pixel
				{typ: 3, vis: 0, words: desc},               // SRV
				{typ: 4, vis: 7, words: desc},               // UAV, Mesh
				{typ: 0, vis: 6, ranges: [][]uint32{ // table, Amplification
					rng(0, 0xFFFFFFFF, 2, 0, 0x1, 0xFFFFFFFF), // unbounded SRVs, append
					rng(2, 4, 0, 9, 0x1, 10),                  // 4 CBVs at offset 10
				}},
			}
			data := buildRTS(v, 0x80000001|0x80, params, [][]uint32{samplerWords(sflags...)})
			f, rs := decodeBuilt(t, data)
			if ps := partProblems(f, "RTS0"); len(ps) != 0 {
				t.Errorf("problems: %v", ps)
			}
			for _, sp := range f.Parts[0].Spans {
				if sp.Kind == SpanUnknown {
					t.Errorf("unclaimed bytes %+v", sp)
				}
			}
			if rs == nil {
				t.Fatal("not decoded")
			}
			if rs.Version != v || rs.VersionName != fmt.Sprintf("1.%d", v-1) || rs.NumRootParameters != 5 || rs.NumStaticSamplers != 1 || rs.RootParametersOffset != 24 {
				t.Errorf("header %+v", rs)
			}
			if !rs.AllowInputAssemblerInputLayout || !rs.LocalRootSignature || !rs.AllowLowTierReservedHwCbLimit || rs.DenyPixelShaderRootAccess {
				t.Errorf("flags %+v", rs.FlagNames)
			}
			want := fmt.Sprintf("v1.%d, 5 parameters, 1 static sampler", v-1)
			if f.Parts[0].Summary != want {
				t.Errorf("summary %q, want %q", f.Parts[0].Summary, want)
			}
			p := rs.Parameters
			if p[0].ParameterType != rootsig.RootParamConstants32Bit || p[0].ShaderVisibility != 1 || *p[0].Constants != (rootsig.RootConstants{Num32BitValues: 16, RegisterSpace: 1, ShaderRegister: 3}) {
				t.Errorf("constants %+v %+v", p[0], p[0].Constants)
			}
			for i, typ := range []rootsig.RootParameterType{rootsig.RootParamCBV, rootsig.RootParamSRV, rootsig.RootParamUAV} {
				d := p[1+i].Descriptor
				if p[1+i].ParameterType != typ || d == nil || d.ShaderRegister != 5 || d.RegisterSpace != 6 {
					t.Fatalf("descriptor %d: %+v %+v", i, p[1+i], d)
				}
				if d.DataStatic != (v >= 2) || d.DataVolatile || d.DataStaticWhileSetAtExecute {
					t.Errorf("descriptor %d flags %+v", i, d)
				}
			}
			tb := p[4].Table
			if p[4].ShaderVisibility != 6 || tb == nil || tb.NumRanges != 2 || len(tb.Ranges) != 2 || tb.RangesOffset != p[4].PayloadOffset+8 {
				t.Fatalf("table %+v %+v", p[4], tb)
			}
			r0, r1 := tb.Ranges[0], tb.Ranges[1]
			if r0.RangeType != 0 || r0.NumDescriptors != -1 || !r0.Unbounded || r0.BaseShaderRegister != 2 || !r0.Append || r0.OffsetInDescriptorsFromTableStart != 0xFFFFFFFF {
				t.Errorf("range 0 %+v", r0)
			}
			if r1.RangeType != 2 || r1.NumDescriptors != 4 || r1.Unbounded || r1.RegisterSpace != 9 || r1.Append || r1.OffsetInDescriptorsFromTableStart != 10 {
				t.Errorf("range 1 %+v", r1)
			}
			if r0.DescriptorsVolatile != (v >= 2) || r1.Flags != map[bool]uint32{true: 1, false: 0}[v >= 2] {
				t.Errorf("range flags %+v %+v", r0, r1)
			}
			s := rs.Samplers[0]
			ws := rootsig.StaticSampler{Filter: 0x55, AddressU: 1, AddressV: 3, AddressW: 4, MipLODBias: -0.5, MaxAnisotropy: 8, ComparisonFunc: 4, BorderColor: 3,
				MinLOD: 1, MaxLOD: math.MaxFloat32, ShaderRegister: 7, RegisterSpace: 2, ShaderVisibility: 5}
			if v >= 3 {
				ws.Flags, ws.UintBorderColor, ws.NonNormalizedCoordinates = 3, true, true
				ws.FlagNames = []string{"SAMPLER_FLAG_UINT_BORDER_COLOR", "SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"}
			} else {
				ws.FlagNames = []string{}
			}
			if !reflect.DeepEqual(s, ws) {
				t.Errorf("sampler\n got  %+v\n want %+v", s, ws)
			}

			// JSON: LLVM's keys and names.
			b, err := json.Marshal(rs)
			if err != nil {
				t.Fatal(err)
			}
			keys := []string{`"ParameterType":"Constants32Bit"`, `"ShaderVisibility":"Vertex"`, `"Num32BitValues":16`, `"ParameterType":"DescriptorTable"`,
				`"RangeType":"CBV"`, `"NumDescriptors":-1`, `"OffsetInDescriptorsFromTableStart":4294967295`, `"Filter":"Anisotropic"`,
				`"AddressV":"Clamp"`, `"ComparisonFunc":"LessEqual"`, `"BorderColor":"OpaqueBlackUint"`, `"MaxLOD":3.4028235e+38`,
				`"AllowInputAssemblerInputLayout":true`, `"LocalRootSignature":true`, `"NumRootParameters":5`, `"StaticSamplersOffset":`}
			if v >= 2 {
				keys = append(keys, `"DATA_STATIC":true`, `"DESCRIPTORS_VOLATILE":true`)
			}
			if v >= 3 {
				keys = append(keys, `"SAMPLER_FLAG_UINT_BORDER_COLOR":true`)
			}
			for _, k := range keys {
				if !strings.Contains(string(b), k) {
					t.Errorf("JSON lacks %s", k)
				}
			}
			var back rootsig.RootSignature
			if err := json.Unmarshal(b, &back); err != nil || back.Samplers[0].Filter != 0x55 || back.Parameters[4].Table.Ranges[1].RangeType != 2 {
				t.Errorf("JSON does not round-trip: %v", err)
			}
		})
	}
}

// goodRTS is a 1.1 root signature of 4 root constants, a table of one SRV
// range and a static sampler: parameters at 24 (2×12), constants at 48, the
// table at 60, its range at 68, the sampler at 92.
func goodRTS() []byte {
	return buildRTS(2, 0, []rtsParam{{typ: 1, words: []uint32{0, 0, 4}}, {typ: 0, ranges: [][]uint32{{0, 1, 0, 0, 0, 0}}}}, [][]uint32{samplerWords()})
}

// setWord is a copy of b with the word at off set to v.
func setWord(b []byte, off int, v uint32) []byte {
	c := append([]byte(nil), b...)
	copy(c[off:], le32(v))
	return c
}

// TestRootSignatureBadLayoutIsReported: offsets out of bounds or into other structures, bad values.
func TestRootSignatureBadLayoutIsReported(t *testing.T) {
	good, set := goodRTS(), setWord
	cases := []struct {
		name string
		data []byte
		sev  Severity
		text string
	}{
		{"huge parameter count", set(good, 4, 0x40000000), Error, "root parameters of 12 bytes"},
		{"parameters past the end", set(good, 8, 0x1000), Error, "run past the end"},
		{"payload past the end", set(good, 24+8, 0xFFFFFFF0), Error, "past the end of the"},
		{"payload inside the header", set(good, 24+8, 4), Warning, "and the root signature header"},
		{"ranges past the end", set(good, 64, 0x7FFFFFFF), Error, "ranges of 24 bytes"},
		{"ranges on the sampler", set(good, 64, 92), Warning, "and root parameter 1's ranges"},
		{"huge sampler count", set(good, 12, 0xFFFFFFFF), Error, "static samplers of 52 bytes"},
		{"unknown version", set(good, 0, 9), Error, "version 9 is unknown"},
		{"unknown parameter type", set(good, 24, 7), Error, "ParameterType 7"},
		{"bad visibility", set(good, 28, 8), Warning, "ShaderVisibility 8"},
		{"bad root flags", set(good, 20, 0x1000), Warning, "bits 0x1000"},
		{"bad range flags", set(good, 68+16, 0x20), Warning, "not descriptor range flags"},
		{"sampler range with data flags", set(set(good, 68, 3), 68+16, 0x8), Warning, "sampler range"},
		{"bad range type", set(good, 68, 4), Warning, "RangeType 4"},
		{"bad filter", set(good, 92, 0x56), Warning, "Filter 86"},
		{"bad address mode", set(good, 96, 0), Warning, "AddressU 0"},
		{"bad border colour", set(good, 92+28, 5), Warning, "BorderColor 5"},
		{"too much anisotropy", set(good, 92+20, 17), Warning, "MaxAnisotropy 17"},
		{"empty table", set(good, 60, 0), Warning, "no ranges"},
		{"samplers mixed with SRVs", buildRTS(2, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 1, 0, 0, 0, 0}, {3, 1, 0, 0, 0, 1}}}}, nil), Warning, "mixes sampler ranges"},
		{"append after unbounded", buildRTS(1, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 0xFFFFFFFF, 0, 0, 0}, {1, 1, 0, 0, 0xFFFFFFFF}}}}, nil), Warning, "appended after an unbounded range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, _ := decodeBuilt(t, c.data)
			found := false
			for _, p := range partProblems(f, "RTS0") {
				if p.Severity == c.sev && strings.Contains(p.Message, c.text) {
					found = true
				}
			}
			if !found {
				t.Errorf("no %v problem containing %q in %v", c.sev, c.text, partProblems(f, "RTS0"))
			}
		})
	}
	if f, _ := decodeBuilt(t, good); len(partProblems(f, "RTS0")) != 0 {
		t.Errorf("the unmodified root signature has problems: %v", f.Problems)
	}
}

// describeRTS renders a root signature in the vocabulary of the HLSL root
// signature language, so expectations can be written from the source string.
func describeRTS(rs *rootsig.RootSignature) []string {
	var out []string
	if len(rs.FlagNames) > 0 {
		out = append(out, "RootFlags("+strings.Join(rs.FlagNames, "|")+")")
	}
	reg := map[uint32]string{0: "t", 1: "u", 2: "b", 3: "s"}
	for _, p := range rs.Parameters {
		vis := ""
		if p.ShaderVisibility != 0 {
			vis = ", vis=" + p.ShaderVisibility.String()
		}
		switch {
		case p.Constants != nil:
			c := p.Constants
			out = append(out, fmt.Sprintf("RootConstants(num=%d, b%d, space=%d%s)", c.Num32BitValues, c.ShaderRegister, c.RegisterSpace, vis))
		case p.Descriptor != nil:
			d := p.Descriptor
			r := map[rootsig.RootParameterType]string{2: "b", 3: "t", 4: "u"}[p.ParameterType]
			out = append(out, fmt.Sprintf("%s(%s%d, space=%d, flags=%s%s)", p.ParameterType, r, d.ShaderRegister, d.RegisterSpace, strings.Join(d.FlagNames, "|"), vis))
		case p.Table != nil:
			var rs []string
			for _, g := range p.Table.Ranges {
				off := "append"
				if !g.Append {
					off = fmt.Sprint(g.OffsetInDescriptorsFromTableStart)
				}
				n := fmt.Sprint(g.NumDescriptors)
				if g.Unbounded {
					n = "unbounded"
				}
				rs = append(rs, fmt.Sprintf("%s(%s%d, num=%s, space=%d, offset=%s, flags=%s)", g.RangeType, reg[uint32(g.RangeType)], g.BaseShaderRegister, n, g.RegisterSpace, off, strings.Join(g.FlagNames, "|")))
			}
			out = append(out, "DescriptorTable("+strings.Join(rs, ", ")+vis+")")
		}
	}
	for _, s := range rs.Samplers {
		out = append(out, fmt.Sprintf("StaticSampler(s%d, space=%d, filter=%s, u=%s, v=%s, w=%s, bias=%g, aniso=%d, cmp=%s, border=%s, minLOD=%g, maxLOD=%g, vis=%s)",
			s.ShaderRegister, s.RegisterSpace, s.Filter, s.AddressU, s.AddressV, s.AddressW, float32(s.MipLODBias), s.MaxAnisotropy, s.ComparisonFunc, s.BorderColor, float32(s.MinLOD), float32(s.MaxLOD), s.ShaderVisibility))
	}
	return out
}

// rtsFromSource holds, for each corpus root signature with its source beside
// it, the version and what the source's #define RS string declares, written by
// hand from that string with the language's documented defaults (static
// samplers: Anisotropic, Wrap, bias 0, MaxAnisotropy 16, LessEqual, OpaqueWhite,
// LOD 0 to FLT_MAX; descriptors: 1, append). Flags the string does not give are
// serialized as 0 (NONE: the runtime, not the blob, applies the 1.1 defaults).
// The version follows the test suite's naming: "...rootsig1" files were compiled
// for rootsig_1_1, the others for 1.0; the attribute form in a 5.1 shader gives 1.1.
var rtsFromSource = map[string]struct {
	version uint32
	want    []string
}{
	// "CBV(b4, space = 1, visibility = SHADER_VISIBILITY_GEOMETRY)" compiled as 1.0
	"d3d12_root_signature.c__cbv2_rootsig.dxbc": {1, []string{"CBV(b4, space=1, flags=, vis=Geometry)"}},
	// "CBV(b3, space = 0)"
	"d3d12_root_signature.c__cbv_rootsig.dxbc": {1, []string{"CBV(b3, space=0, flags=)"}},
	// "RootConstants(num32BitConstants=3, b4), RootConstants(num32BitConstants=4, b5, space = 3)"
	"d3d12_root_signature.c__constants_rootsig.dxbc": {1, []string{"RootConstants(num=3, b4, space=0)", "RootConstants(num=4, b5, space=3)"}},
	// [rootsignature("UAV(u1), UAV(u0)")] in a cs_5_1/6.x shader: 1.1 with UAV default DATA_VOLATILE
	"d3d12_root_signature.c__cs_code.dxbc": {2, []string{"UAV(u1, space=0, flags=)", "UAV(u0, space=0, flags=)"}},
	// "StaticSampler(s4)"
	"d3d12_root_signature.c__default_static_sampler_rootsig.dxbc": {1, []string{
		"StaticSampler(s4, space=0, filter=Anisotropic, u=Wrap, v=Wrap, w=Wrap, bias=0, aniso=16, cmp=LessEqual, border=OpaqueWhite, minLOD=0, maxLOD=3.4028235e+38, vis=All)"}},
	// "RootFlags(DENY_PIXEL_SHADER_ROOT_ACCESS)"
	"d3d12_root_signature.c__deny_ps_rootsig.dxbc": {1, []string{"RootFlags(DenyPixelShaderRootAccess)"}},
	// "DescriptorTable(CBV(b1, space = 7, flags = DESCRIPTORS_VOLATILE), SRV(t16, numDescriptors = 8,
	//   flags = DESCRIPTORS_VOLATILE | DATA_VOLATILE), UAV(u3, numDescriptors = unbounded, offset = 44, flags = DATA_STATIC))"
	"d3d12_root_signature.c__descriptor_table_flags_rootsig1.dxbc": {2, []string{
		"DescriptorTable(CBV(b1, num=1, space=7, offset=append, flags=DESCRIPTORS_VOLATILE), SRV(t16, num=8, space=0, offset=append, flags=DESCRIPTORS_VOLATILE|DATA_VOLATILE), UAV(u3, num=unbounded, space=0, offset=44, flags=DATA_STATIC))"}},
	// ""
	"d3d12_root_signature.c__empty_rootsig.dxbc": {1, nil},
	// "CBV(b4, space = 1, visibility = SHADER_VISIBILITY_VERTEX), SRV(t13, flags = DATA_STATIC), UAV(u6, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE)"
	"d3d12_root_signature.c__root_descriptors_rootsig1.dxbc": {2, []string{
		"CBV(b4, space=1, flags=, vis=Vertex)", "SRV(t13, space=0, flags=DATA_STATIC)", "UAV(u6, space=0, flags=DATA_STATIC_WHILE_SET_AT_EXECUTE)"}},
	// "RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS), SRV(t13)"
	"d3d12_root_signature.c__srv_rootsig.dxbc": {1, []string{"RootFlags(DenyVertexShaderRootAccess)", "SRV(t13, space=0, flags=)"}},
	// "StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_POINT, addressV = TEXTURE_ADDRESS_CLAMP, visibility = SHADER_VISIBILITY_PIXEL),
	//  StaticSampler(s0, filter = FILTER_MIN_MAG_POINT_MIP_LINEAR, AddressW = TEXTURE_ADDRESS_BORDER, MipLODBias = 1, maxLod = 10,
	//  borderColor = STATIC_BORDER_COLOR_OPAQUE_BLACK, space = 3)"
	"d3d12_root_signature.c__static_samplers_rootsig.dxbc": {1, []string{
		"StaticSampler(s0, space=0, filter=MinMagMipPoint, u=Wrap, v=Clamp, w=Wrap, bias=0, aniso=16, cmp=LessEqual, border=OpaqueWhite, minLOD=0, maxLOD=3.4028235e+38, vis=Pixel)",
		"StaticSampler(s0, space=3, filter=MinMagPointMipLinear, u=Wrap, v=Wrap, w=Border, bias=1, aniso=16, cmp=LessEqual, border=OpaqueBlack, minLOD=0, maxLOD=10, vis=All)"}},
	// [RootSignature("")] on a compute shader
	"d3d12.c__cs_with_rs.dxbc": {1, nil},
}

// TestRootSignatureCost: D3D12 refuses a root signature whose parameters
// cost more than 64 DWORDs (D3D12_MAX_ROOT_COST; a table 1, a root
// descriptor 2, root constants one each, static samplers nothing: the
// count vkd3d's d3d12_root_signature_info_from_desc keeps), except a local
// root signature, which a shader record holds: a warning of the part (it
// decodes whole, and nothing else is said of it), an error of
// RootSignatureErrors (a pipeline created with it is not). D3D12's own
// answer is vkd3d-proton's test_root_signature_limits: 64 tables, 65.
func TestRootSignatureCost(t *testing.T) {
	table := rtsParam{typ: 0, ranges: [][]uint32{{0, 1, 0, 0, 0, 0}}}
	cbv := func(reg uint32) rtsParam { return rtsParam{typ: 2, words: []uint32{reg, 0, 0}} }
	cbvs := func(n int) (ps []rtsParam) {
		for i := range n {
			ps = append(ps, cbv(uint32(i)))
		}
		return ps
	}
	// vkd3d-proton's test_root_signature_limits (tests/d3d12_root_signature.c,
	// expectations that hold on native D3D12): D3D12_MAX_ROOT_COST tables of
	// one range each, UAV and SRV by turns at register i/2, are created; one
	// more is E_INVALIDARG. Version 1.0, as its D3D12_ROOT_SIGNATURE_DESC.
	vkd3dTables := func(n int) (ps []rtsParam) {
		for i := range n {
			typ := uint32(1) // UAV
			if i%2 == 1 {
				typ = 0 // SRV
			}
			ps = append(ps, rtsParam{typ: 0, ranges: [][]uint32{{typ, 1, uint32(i / 2), 0, 0}}})
		}
		return ps
	}
	for _, c := range []struct {
		name           string
		version, flags uint32
		params         []rtsParam
		cost           uint64
	}{
		{"64 root constants", 2, 0, []rtsParam{{typ: 1, words: []uint32{0, 0, 64}}}, 64},
		{"65 root constants", 2, 0, []rtsParam{{typ: 1, words: []uint32{0, 0, 65}}}, 65},
		{"a table, 31 root CBVs and a constant", 2, 0, append(append([]rtsParam{table}, cbvs(31)...), rtsParam{typ: 1, words: []uint32{40, 0, 1}}), 64},
		{"a table, 32 root CBVs", 2, 0, append([]rtsParam{table}, cbvs(32)...), 65},
		{"a local root signature of 65 root constants", 2, 0x80, []rtsParam{{typ: 1, words: []uint32{0, 0, 65}}}, 65},
		{"vkd3d-proton: 64 tables, created", 1, 0, vkd3dTables(64), 64},
		{"vkd3d-proton: 65 tables, E_INVALIDARG", 1, 0, vkd3dTables(65), 65},
	} {
		f, rs := decodeBuilt(t, buildRTS(c.version, c.flags, c.params, [][]uint32{samplerWords()}))
		if rs == nil || rs.Cost() != c.cost {
			t.Fatalf("%s: cost %v, want %d", c.name, rs, c.cost)
		}
		var got []string
		for _, p := range partProblems(f, "RTS0") {
			if p.Severity >= Warning {
				got = append(got, fmt.Sprintf("%s at %d: %s", p.Severity, p.Offset-f.Part("RTS0").DataOffset, p.Message))
			}
		}
		want := []string(nil)
		if c.cost > 64 && c.flags&0x80 == 0 {
			want = []string{fmt.Sprintf("warning at 4: the root parameters cost %d DWORDs, more than the 64 D3D12 allows (a descriptor table costs 1, a root descriptor 2, each root constant 1): CreateRootSignature refuses this root signature", c.cost)}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
		errs := RootSignatureErrors(f.Part("RTS0").Data())
		if (len(errs) == 1 && errs[0].Severity == Error && strings.Contains(errs[0].Message, "DWORDs")) != (want != nil) || len(errs) > 1 {
			t.Errorf("%s: RootSignatureErrors %v", c.name, errs)
		}
	}
}

// TestRootSignatureRegisterOverlaps: two bindings of one register type may
// not claim a register in one space for a stage that sees both. D3D12's
// answers are vkd3d-proton's test_create_root_signature
// (tests/d3d12_root_signature.c, expectations that hold on native D3D12:
// root constants at b0 for all stages and for the vertex stage are
// refused, for the pixel and vertex stages taken, and with b1 for all
// beside them taken; root UAVs at u0 for all and for the pixel stage
// refused, for the geometry and pixel stages taken). The rest are the same
// rule as DXC's RootSignatureVerifier states it: across a table's range,
// an unbounded range, spaces and static samplers.
func TestRootSignatureRegisterOverlaps(t *testing.T) {
	const all, vertex, geometry, pixel = 0, 1, 4, 5
	constants := func(vis, reg, n uint32) rtsParam { return rtsParam{typ: 1, vis: vis, words: []uint32{reg, 0, n}} }
	uav := func(vis, reg uint32) rtsParam { return rtsParam{typ: 4, vis: vis, words: []uint32{reg, 0}} }
	srv := func(vis, reg, space uint32) rtsParam { return rtsParam{typ: 3, vis: vis, words: []uint32{reg, space}} }
	table := func(vis uint32, ranges ...[]uint32) rtsParam { return rtsParam{typ: 0, vis: vis, ranges: ranges} }
	for _, c := range []struct {
		name     string
		params   []rtsParam
		samplers [][]uint32
		refused  string // the overlap reported, "" when D3D12 takes it
	}{
		{"vkd3d-proton: b0 constants for all and for vertex", []rtsParam{constants(all, 0, 4), constants(vertex, 0, 8)}, nil,
			"root parameter 1 (visibility Vertex, b0) overlaps root parameter 0 (visibility All, b0)"},
		{"vkd3d-proton: b0 constants for pixel and for vertex", []rtsParam{constants(pixel, 0, 4), constants(vertex, 0, 8)}, nil, ""},
		{"vkd3d-proton: and b1 for all", []rtsParam{constants(pixel, 0, 4), constants(vertex, 0, 8), constants(all, 1, 3)}, nil, ""},
		{"vkd3d-proton: u0 for all and for pixel", []rtsParam{uav(all, 0), uav(pixel, 0)}, nil,
			"root parameter 1 (visibility Pixel, u0) overlaps root parameter 0 (visibility All, u0)"},
		{"vkd3d-proton: u0 for geometry and for pixel", []rtsParam{uav(geometry, 0), uav(pixel, 0)}, nil, ""},
		{"a root SRV inside a table's t0-t3", []rtsParam{table(all, []uint32{0, 4, 0, 0, 0}), srv(pixel, 2, 0)}, nil,
			"root parameter 1 (visibility Pixel, t2) overlaps descriptor table 0 range 0 (visibility All, t0-t3)"},
		{"an unbounded range reaches t100", []rtsParam{table(vertex, []uint32{0, 0xFFFFFFFF, 0, 0, 0}), srv(vertex, 100, 0)}, nil,
			"root parameter 1 (visibility Vertex, t100) overlaps descriptor table 0 range 0 (visibility Vertex, t0-unbounded)"},
		{"one register in two spaces", []rtsParam{srv(all, 0, 0), srv(all, 0, 1)}, nil, ""},
		{"a CBV and an SRV at register 0", []rtsParam{constants(all, 0, 1), srv(all, 0, 0)}, nil, ""},
		{"a static sampler on a table's s0", []rtsParam{table(pixel, []uint32{3, 1, 0, 0, 0})}, [][]uint32{{0x55, 1, 3, 4, f32bits(0), 8, 4, 3, 0, f32bits(1), 0, 0, all}},
			"static sampler 0 (visibility All, s0) overlaps descriptor table 0 range 0 (visibility Pixel, s0)"},
		{"two ranges of one table", []rtsParam{table(all, []uint32{1, 2, 0, 0, 0}, []uint32{1, 1, 1, 0, 0xFFFFFFFF})}, nil,
			"descriptor table 0 range 1 (visibility All, u1) overlaps descriptor table 0 range 0 (visibility All, u0-u1)"},
	} {
		f, rs := decodeBuilt(t, buildRTS(1, 0, c.params, c.samplers))
		if rs == nil {
			t.Fatalf("%s: not decoded", c.name)
		}
		var got []string
		for _, p := range partProblems(f, "RTS0") {
			if p.Severity >= Warning {
				got = append(got, p.Message)
			}
		}
		var want []string
		if c.refused != "" {
			want = []string{c.refused + ": D3D12 refuses a root signature whose bindings claim one register for a stage that sees both (as DXC's root signature validator does)"}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want)
		}
		errs := RootSignatureErrors(f.Part("RTS0").Data())
		if (len(errs) == 1 && errs[0].Severity == Error && want != nil && errs[0].Message == want[0]) != (want != nil) || (want == nil && len(errs) > 0) {
			t.Errorf("%s: RootSignatureErrors %v", c.name, errs)
		}
		// DXC's validator verifies the root signature before a shader
		// against it (VerifyRootSignatureWithShaderPSV): the overlap is
		// what RootSignatureCovers answers, whatever the shader binds.
		if cov := f.RootSignatureCovers(f.Part("RTS0").Data()); want != nil && (len(cov) != 1 || cov[0].Severity != Error || cov[0].Message != want[0]) {
			t.Errorf("%s: RootSignatureCovers %v", c.name, cov)
		}
	}
}

// TestRootSignatureVerifiedFirst: what DXC's RootSignatureVerifier rejects
// a root signature for (DxilRootSignatureValidator.cpp: flags, visibility,
// a table's ranges and where they end, range and root descriptor flags,
// static samplers, the system's register spaces) is a
// warning of the part and, first of them, the one answer of
// RootSignatureCovers (the validator verifies the root signature before
// the shader against it) and of RootSignatureErrors; what it does not
// check (a border colour, the comparison function of a filter that does
// not compare, an empty table, 1.2's sampler flags) stays a warning only.
// vkd3d-proton's test_create_root_signature gives D3D12's answer for one:
// a table of an SRV and a sampler is E_INVALIDARG.
func TestRootSignatureVerifiedFirst(t *testing.T) {
	good, set := goodRTS(), setWord
	cbvFlags := func(flags uint32) []byte {
		return buildRTS(2, 0, []rtsParam{{typ: 2, words: []uint32{0, 0, flags}}}, nil)
	}
	for _, c := range []struct {
		name    string
		data    []byte
		refused string // the warning DXC's verifier rejects it for; "" for none
	}{
		{"good", good, ""},
		{"root flags no version defines", set(good, 20, 0x1000), "bits 0x1000 that no version defines"},
		{"a parameter's visibility 8", set(good, 28, 8), "ShaderVisibility 8"},
		{"a root CBV's flags 0x20", cbvFlags(0x20), "not root descriptor flags"},
		{"a root CBV DATA_VOLATILE and DATA_STATIC", cbvFlags(0xA), "exclude each other"},
		{"vkd3d-proton: an SRV and a sampler in one table", buildRTS(2, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 1, 0, 0, 0, 0}, {3, 1, 2, 0, 0, 10}}}}, nil), "mixes sampler ranges"},
		{"a range appended after an unbounded one", buildRTS(1, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 0xFFFFFFFF, 0, 0, 0}, {1, 1, 0, 0, 0xFFFFFFFF}}}}, nil), "appended after an unbounded range"},
		{"range type 4", set(good, 68, 4), "RangeType 4"},
		{"no descriptors", set(good, 72, 0), "NumDescriptors 0"},
		{"range flags 0x20", set(good, 68+16, 0x20), "not descriptor range flags"},
		{"a sampler range DATA_VOLATILE", set(set(good, 68, 3), 68+16, 0x2), "sampler range with flags 0x2"},
		{"a sampler range DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS", set(set(good, 68, 3), 68+16, 0x10000), ""},
		{"a static sampler's filter 0x56", set(good, 92, 0x56), "Filter 86"},
		{"a static sampler's AddressU 0", set(good, 96, 0), "AddressU 0"},
		{"a static sampler's MaxAnisotropy 17", set(good, 92+20, 17), "MaxAnisotropy 17"},
		{"a static sampler's visibility 9", set(good, 92+48, 9), "ShaderVisibility 9"},
		{"a comparison filter's ComparisonFunc 9", set(set(good, 92, 0x95), 92+24, 9), "ComparisonFunc 9"},
		{"a filter that does not compare, ComparisonFunc 9", set(good, 92+24, 9), ""},
		{"a comparison filter's ComparisonFunc 0 (None)", set(set(good, 92, 0x95), 92+24, 0), "a comparison filter (ComparisonMinMagMipLinear) and ComparisonFunc 0 (None)"},
		{"a filter that does not compare, ComparisonFunc 0 (None)", set(good, 92+24, 0), ""},
		{"a static sampler's border colour 5", set(good, 92+28, 5), ""},
		{"an empty table", set(good, 60, 0), ""},
		{"a static sampler's MipLODBias 16", set(good, 92+16, f32bits(16)), "MipLODBias 16"},
		{"a static sampler's MipLODBias -16", set(good, 92+16, f32bits(-16)), ""},
		{"a static sampler's MinLOD NaN", set(good, 92+32, 0x7fc00000), "MinLOD is not a number"},
		{"range flags DATA_VOLATILE and DATA_STATIC", set(good, 68+16, 0xA), "which exclude each other"},
		{"range flags DATA_STATIC and DESCRIPTORS_VOLATILE", set(good, 68+16, 0x9), "which exclude each other"},
		{"range flags DATA_STATIC_WHILE_SET_AT_EXECUTE and DESCRIPTORS_VOLATILE", set(good, 68+16, 0x5), ""},
		{"two registers from 0xFFFFFFFF", set(set(good, 72, 2), 76, 0xFFFFFFFF), "run past register 0xFFFFFFFF"},
		{"three descriptors from 0xFFFFFFFE", set(set(good, 72, 3), 68+20, 0xFFFFFFFE), "run past descriptor 0xFFFFFFFF"},
		{"a range appended where the last ended at 2^32", buildRTS(2, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 2, 0, 0, 0, 0xFFFFFFFE}, {1, 1, 0, 0, 0, 0xFFFFFFFF}}}}, nil), "appended after descriptor 0xFFFFFFFF"},
		{"register space 0xFFFFFFF0", set(good, 80, 0xFFFFFFF0), "reserved for the system"},
		{"register space 0xFFFFFFEF", set(good, 80, 0xFFFFFFEF), ""},
	} {
		f, _ := decodeBuilt(t, c.data)
		warned := ""
		for _, p := range partProblems(f, "RTS0") {
			if c.refused != "" && p.Severity == Warning && strings.Contains(p.Message, c.refused) {
				warned = p.Message
			}
		}
		data := f.Part("RTS0").Data()
		cov, errs := f.RootSignatureCovers(data), RootSignatureErrors(data)
		switch {
		case c.refused == "":
			if len(errs) > 0 || len(cov) > 0 && cov[0].Severity == Error {
				t.Errorf("%s: refused: %v / %v", c.name, errs, cov)
			}
		case warned == "":
			t.Errorf("%s: no warning says %q", c.name, c.refused)
		case len(cov) != 1 || cov[0].Severity != Error || cov[0].Message != warned || len(errs) != 1 || errs[0].Message != warned:
			t.Errorf("%s: RootSignatureCovers %v, RootSignatureErrors %v; want the warning %q", c.name, cov, errs, warned)
		}
	}
}

// TestRootSignatureMatchesSource checks corpus root signatures against the
// RS strings they were compiled from.
func TestRootSignatureMatchesSource(t *testing.T) {
	checked := 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("RTS0") || e.HLSL() == "" {
			continue
		}
		w, ok := rtsFromSource[filepath.Base(e.Rel)]
		if !ok {
			t.Logf("%s has a source beside it but no hand-written expectation: not checked", e.Rel)
			continue
		}
		rs := parseFile(t, e.Path).Part("RTS0").RootSignature
		if rs.Version != w.version {
			t.Errorf("%s: version %d, want %d", e.Rel, rs.Version, w.version)
		}
		got := describeRTS(rs)
		if strings.Join(got, "\n") != strings.Join(w.want, "\n") {
			t.Errorf("%s:\n got  %q\n want %q", e.Rel, got, w.want)
		}
		checked++
	}
	t.Logf("%d/%d corpus root signatures with a source match what the source declares", checked, len(rtsFromSource))
	if checked == 0 {
		corpus.Skip(t, "named file", "none of the %d files with a hand-written expectation is in this corpus", len(rtsFromSource))
	}
	if checked < len(rtsFromSource) {
		t.Errorf("only %d of %d expected files found", checked, len(rtsFromSource))
	}
}

// TestRootSignatureCorpusDecodes: every RTS0 in the corpus decodes without an Error and with every byte claimed.
func TestRootSignatureCorpusDecodes(t *testing.T) {
	var n, ok, params, ranges, samplers int
	versions := map[string]int{}
	for _, e := range corpus.Entries(t) {
		if !e.Has("RTS0") {
			continue
		}
		n++
		f := parseFile(t, e.Path)
		p := f.Part("RTS0")
		rs := p.RootSignature
		bad := rs == nil
		for _, pr := range partProblems(f, "RTS0") {
			if pr.Severity == Error {
				bad = true
				t.Errorf("%s: %v", e.Rel, pr)
			} else {
				t.Logf("%s: %v", e.Rel, pr)
			}
		}
		for _, s := range p.Spans {
			if s.Kind == SpanUnknown {
				bad = true
				t.Errorf("%s: bytes no structure explains: %+v", e.Rel, s)
			}
		}
		if bad {
			continue
		}
		ok++
		versions[rs.VersionName]++
		params += len(rs.Parameters)
		samplers += len(rs.Samplers)
		for _, q := range rs.Parameters {
			if q.Table != nil {
				ranges += len(q.Table.Ranges)
			}
		}
	}
	t.Logf("%d/%d RTS0 parts decoded without an error, every byte claimed; versions %v; %d parameters, %d ranges, %d static samplers", ok, n, versions, params, ranges, samplers)
}

// TestRootSignatureTruncationNeverPanics decodes every prefix of real and built root signatures.
func TestRootSignatureTruncationNeverPanics(t *testing.T) {
	var blobs [][]byte
	for _, cp := range corpusParts(t, func(n string) bool { return n == "RTS0" }, 8) {
		blobs = append(blobs, cp.data)
	}
	blobs = append(blobs, buildRTS(3, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 1, 0, 0, 0, 0}}}, {typ: 2, words: []uint32{1, 2, 0}}}, [][]uint32{samplerWords(1)}))
	for _, b := range blobs {
		for n := 0; n < len(b); n++ {
			f, err := Parse(wrapPart("RTS0", b[:n]))
			if err != nil {
				t.Fatal(err)
			}
			checkNoInternalError(t, f, fmt.Sprintf("RTS0 prefix %d", n))
			if len(partProblems(f, "RTS0")) == 0 {
				t.Errorf("prefix %d of %d: no problem reported", n, len(b))
			}
		}
	}
	t.Logf("%d root signatures, every prefix reported", len(blobs))
}

// FuzzRootSignature decodes arbitrary RTS0 parts.
func FuzzRootSignature(f *testing.F) {
	for _, cp := range corpusParts(f, func(n string) bool { return n == "RTS0" }, 6) {
		f.Add(cp.data)
	}
	f.Add(buildRTS(3, 0x80000FFF, []rtsParam{{typ: 0, ranges: [][]uint32{{0, 0xFFFFFFFF, 0, 0, 0x10000, 0xFFFFFFFF}}}, {typ: 1, words: []uint32{1, 2, 3}}}, [][]uint32{samplerWords(2)}))
	f.Add(buildRTS(1, 0, []rtsParam{{typ: 0, ranges: [][]uint32{{3, 1, 0, 0, 0}}}}, nil))
	f.Add(hostile.SharedRangesRTS0(64, 64))
	warmJSON()
	f.Fuzz(func(t *testing.T, data []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(data))()
		file, err := Parse(wrapPart("RTS0", data))
		if err != nil {
			t.Fatal(err)
		}
		checkNoInternalError(t, file, "RTS0")
		rs := file.Parts[0].RootSignature
		if rs == nil {
			return
		}
		if len(rs.Parameters)*12 > len(data) || len(rs.Samplers)*52 > len(data) {
			t.Fatalf("%d parameters and %d samplers from %d bytes", len(rs.Parameters), len(rs.Samplers), len(data))
		}
		if _, err := json.Marshal(rs); err != nil {
			t.Fatalf("JSON: %v", err)
		}
	})
}

// TestRootSignatureHLSL checks the HLSL rendering against strings written by hand.
func TestRootSignatureHLSL(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"1.0 constants and CBV", buildRTS(1, 0x21, []rtsParam{{typ: 1, vis: 1, words: []uint32{3, 1, 16}}, {typ: 2, vis: 4, words: []uint32{5, 6}}}, nil),
			"RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | DENY_PIXEL_SHADER_ROOT_ACCESS),\n" +
				"RootConstants(num32BitConstants = 16, b3, space = 1, visibility = SHADER_VISIBILITY_VERTEX),\n" +
				"CBV(b5, space = 6, visibility = SHADER_VISIBILITY_GEOMETRY)"},
		{"1.1 table", buildRTS(2, 0, []rtsParam{{typ: 0, vis: 5, ranges: [][]uint32{{0, 0xFFFFFFFF, 2, 0, 0x10000, 0xFFFFFFFF}, {3, 4, 0, 9, 0, 10}}}, {typ: 4, words: []uint32{1, 0, 2}}}, nil),
			"DescriptorTable(SRV(t2, numDescriptors = unbounded, space = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, flags = DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS), " +
				"Sampler(s0, numDescriptors = 4, space = 9, offset = 10, flags = 0), visibility = SHADER_VISIBILITY_PIXEL),\n" +
				"UAV(u1, space = 0, visibility = SHADER_VISIBILITY_ALL, flags = DATA_VOLATILE)"},
		{"1.2 sampler", buildRTS(3, 0, nil, [][]uint32{samplerWords(1)}),
			"StaticSampler(s7, space = 2, filter = FILTER_ANISOTROPIC, addressU = TEXTURE_ADDRESS_WRAP, addressV = TEXTURE_ADDRESS_CLAMP, addressW = TEXTURE_ADDRESS_BORDER, " +
				"mipLODBias = -0.5, maxAnisotropy = 8, comparisonFunc = COMPARISON_LESS_EQUAL, borderColor = STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT, minLOD = 1.0, maxLOD = 3.4028235e+38, " +
				"visibility = SHADER_VISIBILITY_PIXEL, flags = UINT_BORDER_COLOR)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, rs := decodeBuilt(t, c.data)
			if got := rs.HLSL(); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// BenchmarkRootSignature decodes a built 1.1 root signature with a table, descriptors and a sampler.
func BenchmarkRootSignature(b *testing.B) {
	data := wrapPart("RTS0", buildRTS(2, 1, []rtsParam{
		{typ: 0, ranges: [][]uint32{{0, 8, 0, 0, 0, 0xFFFFFFFF}, {1, 2, 0, 0, 0, 0xFFFFFFFF}}},
		{typ: 2, words: []uint32{0, 0, 0}}, {typ: 1, words: []uint32{1, 0, 4}},
	}, [][]uint32{samplerWords()}))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Parse(data)
	}
}

// builtRootSignatureFiles are containers made by buildRTS, kept under
// testdata/rts so tools and the page can show a 1.2 root signature (the corpus
// has none). DXSCOPE_UPDATE=1 rewrites them.
func builtRootSignatureFiles() map[string][]byte {
	every := func(v uint32) []byte {
		desc := []uint32{5, 6}
		rng := func(typ, n, base, space, flags, off uint32) []uint32 { return []uint32{typ, n, base, space, off} }
		var sflags []uint32
		if v >= 2 {
			desc = append(desc, 0x8)
			rng = func(typ, n, base, space, flags, off uint32) []uint32 {
				return []uint32{typ, n, base, space, flags, off}
			}
		}
		if v >= 3 {
			sflags = []uint32{0x1}
		}
		return wrapPart("RTS0", buildRTS(v, 0x1, []rtsParam{
			{typ: 1, vis: 1, words: []uint32{3, 1, 16}},
			{typ: 2, vis: 5, words: desc}, {typ: 3, words: desc}, {typ: 4, vis: 7, words: desc},
			{typ: 0, vis: 5, ranges: [][]uint32{rng(0, 0xFFFFFFFF, 2, 0, 0x1, 0xFFFFFFFF)}},
			{typ: 0, vis: 5, ranges: [][]uint32{rng(3, 4, 0, 9, 0x1, 0)}},
		}, [][]uint32{samplerWords(sflags...)}))
	}
	return map[string][]byte{
		"rts/every_kind_v1_0.dxbc": every(1),
		"rts/every_kind_v1_1.dxbc": every(2),
		"rts/every_kind_v1_2.dxbc": every(3),
	}
}

// TestRootSignatureTestdataIsCurrent keeps the built files in step with the builder and checks they decode cleanly.
func TestRootSignatureTestdataIsCurrent(t *testing.T) {
	for name, want := range builtRootSignatureFiles() {
		path := filepath.Join("testdata", name)
		got := golden(t, path, want)
		f, _ := Parse(got)
		if ps := partProblems(f, "RTS0"); len(ps) != 0 || f.Parts[0].RootSignature == nil {
			t.Errorf("%s: %v", path, ps)
		}
	}
}
