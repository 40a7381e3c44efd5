package rootsig

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
)

// le writes words little-endian: the expected bytes below are laid out by
// hand from DXC's serializer (header, parameter headers, payloads with each
// table's ranges right after it, samplers).
func le(words ...uint32) []byte {
	var b []byte
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

func bits(f float32) uint32 { return math.Float32bits(f) }

const (
	all  = 0xFFFFFFFF // unbounded / append
	fmax = 0x7f7fffff // FLT_MAX, DXC's default maxLOD
)

// compile is Parse then Encode, failing the test on an error.
func compile(t *testing.T, text string, v uint32) []byte {
	t.Helper()
	rs, err := Parse(text, v)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return Encode(rs, v)
}

// TestParseStatements compiles every statement with every parameter and
// compares with bytes laid out by hand.
func TestParseStatements(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		v    uint32
		want []byte
	}{
		{"empty", "", 2, le(2, 0, 24, 0, 24, 0)},
		{"root flags", "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | DENY_PIXEL_SHADER_ROOT_ACCESS | LOCAL_ROOT_SIGNATURE)", 1,
			le(1, 0, 24, 0, 24, 0xA1)},
		{"every root flag", "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT | DENY_VERTEX_SHADER_ROOT_ACCESS | DENY_HULL_SHADER_ROOT_ACCESS | " +
			"DENY_DOMAIN_SHADER_ROOT_ACCESS | DENY_GEOMETRY_SHADER_ROOT_ACCESS | DENY_PIXEL_SHADER_ROOT_ACCESS | ALLOW_STREAM_OUTPUT | " +
			"LOCAL_ROOT_SIGNATURE | DENY_AMPLIFICATION_SHADER_ROOT_ACCESS | DENY_MESH_SHADER_ROOT_ACCESS | CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED | " +
			"SAMPLER_HEAP_DIRECTLY_INDEXED | ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT)", 2, le(2, 0, 24, 0, 24, 0x80000fff)},
		{"root flags 0", "RootFlags(0)", 2, le(2, 0, 24, 0, 24, 0)},
		// header; parameter header (type, visibility, payload offset); payload (register, space, count)
		{"root constants", "RootConstants(num32BitConstants = 16, b3, space = 1, visibility = SHADER_VISIBILITY_VERTEX)", 1,
			le(1, 1, 24, 0, 48, 0, 1, 1, 36, 3, 1, 16)},
		{"root descriptors", "CBV(b5, space = 6, visibility = SHADER_VISIBILITY_GEOMETRY, flags = DATA_STATIC), " +
			"SRV(t1, flags = DATA_VOLATILE), UAV(u2, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE, visibility = SHADER_VISIBILITY_AMPLIFICATION)", 2,
			le(2, 3, 24, 0, 96, 0, 2, 4, 60, 3, 0, 72, 4, 6, 84, 5, 6, 8, 1, 0, 2, 2, 0, 4)},
		{"root descriptors 1.0", "CBV(b5, space = 6), SRV(t1), UAV(u2)", 1,
			le(1, 3, 24, 0, 84, 0, 2, 0, 60, 3, 0, 68, 4, 0, 76, 5, 6, 1, 0, 2, 0)},
		{"descriptor tables", "DescriptorTable(CBV(b1, space = 7, flags = DESCRIPTORS_VOLATILE), " +
			"SRV(t16, numDescriptors = 8, flags = DESCRIPTORS_VOLATILE | DATA_VOLATILE), " +
			"UAV(u3, numDescriptors = unbounded, offset = 44, flags = DATA_STATIC), visibility = SHADER_VISIBILITY_PIXEL), " +
			"DescriptorTable(visibility = SHADER_VISIBILITY_ALL, Sampler(s2, numDescriptors = 2, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, flags = DESCRIPTORS_VOLATILE))", 2,
			le(2, 2, 24, 0, 160, 0, 0, 5, 48, 0, 0, 128,
				3, 56, 2, 1, 1, 7, 1, all, 0, 8, 16, 0, 3, all, 1, all, 3, 0, 8, 44,
				1, 136, 3, 2, 2, 0, 1, all)},
		{"descriptor range flags", "DescriptorTable(SRV(t0, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE | DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS))", 3,
			le(3, 1, 24, 0, 68, 0, 0, 0, 36, 1, 44, 0, 1, 0, 0, 0x10004, all)},
		{"descriptor table 1.0", "DescriptorTable(SRV(t0, numDescriptors = 4, space = 1, offset = 2), visibility = SHADER_VISIBILITY_HULL)", 1,
			le(1, 1, 24, 0, 64, 0, 0, 2, 36, 1, 44, 0, 4, 0, 1, 2)},
		{"empty descriptor table", "DescriptorTable(visibility = SHADER_VISIBILITY_DOMAIN)", 2,
			le(2, 1, 24, 0, 44, 0, 0, 3, 36, 0, 44)},
		{"static sampler, every parameter", "StaticSampler(s7, space = 2, filter = FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT, " +
			"addressU = TEXTURE_ADDRESS_MIRROR, addressV = TEXTURE_ADDRESS_CLAMP, addressW = TEXTURE_ADDRESS_MIRROR_ONCE, mipLODBias = -0.5, " +
			"maxAnisotropy = 8, comparisonFunc = COMPARISON_GREATER_EQUAL, borderColor = STATIC_BORDER_COLOR_TRANSPARENT_BLACK, " +
			"minLOD = 1, maxLOD = 12.5f, visibility = SHADER_VISIBILITY_MESH)", 1,
			le(1, 0, 24, 1, 24, 0, 0x94, 2, 3, 5, bits(-0.5), 8, 7, 0, bits(1), bits(12.5), 7, 2, 7)},
		{"static sampler 1.2 flags", "StaticSampler(s0, borderColor = STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, flags = UINT_BORDER_COLOR | NON_NORMALIZED_COORDINATES)", 3,
			le(3, 0, 24, 1, 24, 0, 0x55, 1, 1, 1, 0, 16, 4, 4, 0, fmax, 0, 0, 0, 3)},
		{"static sampler spellings", "StaticSampler(s1, filter = FILTER_MAXIMUM_ANISOTROPIC, addressU = TEXTURE_ADDRESS_MIRRORONCE, " +
			"comparisonFunc = COMPARISON_NONE, borderColor = STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT, mipLODBias = .25, minLOD = -2, maxLOD = 1e3)", 2,
			le(2, 0, 24, 1, 24, 0, 0x1d5, 5, 1, 1, bits(0.25), 16, 0, 3, bits(-2), bits(1000), 1, 0, 0)},
		{"parameters in any order, any case, a trailing comma", "rootflags(deny_vertex_shader_root_access), cbv(SPACE = 1, Visibility = shader_visibility_pixel, b2),", 2,
			le(2, 1, 24, 0, 48, 2, 2, 5, 36, 2, 1, 0)},
		{"parameters then samplers, whatever the order written", "StaticSampler(s0), RootConstants(b0, num32BitConstants = 2)", 2,
			le(2, 1, 24, 1, 48, 0, 1, 0, 36, 0, 0, 2, 0x55, 1, 1, 1, 0, 16, 4, 2, 0, fmax, 0, 0, 0)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := compile(t, c.text, c.v); !bytes.Equal(got, c.want) {
				t.Errorf("got  % x\nwant % x", got, c.want)
			}
		})
	}
}

// TestParseDefaults checks the value of every parameter left out, in each
// version: DXC's RootSignatureParser defaults (numDescriptors 1, space 0,
// offset DESCRIPTOR_RANGE_OFFSET_APPEND, visibility ALL; the static sampler's
// ANISOTROPIC, WRAP, 0 bias, 16, LESS_EQUAL, OPAQUE_WHITE, 0, FLT_MAX), and
// flags that are 0 (NONE) in the bytes in 1.1 and 1.2 — DXC writes what it
// was given, and D3D12 reads NONE in 1.1 as DATA_STATIC_WHILE_SET_AT_EXECUTE
// for CBVs and SRVs and DATA_VOLATILE for UAVs; 1.0 has no flags at all.
// (TestCorpusSources holds DXC's own bytes for such text.)
func TestParseDefaults(t *testing.T) {
	sampler := []uint32{0x55, 1, 1, 1, 0, 16, 4, 2, 0, fmax, 0, 0, 0}
	for _, c := range []struct {
		text string
		want [3][]byte // 1.0, 1.1, 1.2
	}{
		{"CBV(b0)", [3][]byte{le(1, 1, 24, 0, 44, 0, 2, 0, 36, 0, 0), le(2, 1, 24, 0, 48, 0, 2, 0, 36, 0, 0, 0), le(3, 1, 24, 0, 48, 0, 2, 0, 36, 0, 0, 0)}},
		{"UAV(u0)", [3][]byte{le(1, 1, 24, 0, 44, 0, 4, 0, 36, 0, 0), le(2, 1, 24, 0, 48, 0, 4, 0, 36, 0, 0, 0), le(3, 1, 24, 0, 48, 0, 4, 0, 36, 0, 0, 0)}},
		{"RootConstants(num32BitConstants = 1, b0)", [3][]byte{le(1, 1, 24, 0, 48, 0, 1, 0, 36, 0, 0, 1), le(2, 1, 24, 0, 48, 0, 1, 0, 36, 0, 0, 1), le(3, 1, 24, 0, 48, 0, 1, 0, 36, 0, 0, 1)}},
		{"DescriptorTable(SRV(t0))", [3][]byte{
			le(1, 1, 24, 0, 64, 0, 0, 0, 36, 1, 44, 0, 1, 0, 0, all),
			le(2, 1, 24, 0, 68, 0, 0, 0, 36, 1, 44, 0, 1, 0, 0, 0, all),
			le(3, 1, 24, 0, 68, 0, 0, 0, 36, 1, 44, 0, 1, 0, 0, 0, all)}},
		{"DescriptorTable(Sampler(s0))", [3][]byte{
			le(1, 1, 24, 0, 64, 0, 0, 0, 36, 1, 44, 3, 1, 0, 0, all),
			le(2, 1, 24, 0, 68, 0, 0, 0, 36, 1, 44, 3, 1, 0, 0, 0, all),
			le(3, 1, 24, 0, 68, 0, 0, 0, 36, 1, 44, 3, 1, 0, 0, 0, all)}},
		{"StaticSampler(s0)", [3][]byte{
			le(append([]uint32{1, 0, 24, 1, 24, 0}, sampler...)...),
			le(append([]uint32{2, 0, 24, 1, 24, 0}, sampler...)...),
			le(append(append([]uint32{3, 0, 24, 1, 24, 0}, sampler...), 0)...)}},
	} {
		for i, want := range c.want {
			v := uint32(i + 1)
			if got := compile(t, c.text, v); !bytes.Equal(got, want) {
				t.Errorf("%s in %s:\ngot  % x\nwant % x", c.text, VersionName(v), got, want)
			}
		}
	}
}

// TestParseValueMatchesLayout checks the counts, offsets and derived fields
// Parse fills against the bytes Encode writes.
func TestParseValueMatchesLayout(t *testing.T) {
	rs, err := Parse("RootFlags(LOCAL_ROOT_SIGNATURE), CBV(b1, flags = DATA_STATIC), DescriptorTable(UAV(u0, numDescriptors = unbounded), SRV(t0, offset = 3)), StaticSampler(s0)", 2)
	if err != nil {
		t.Fatal(err)
	}
	b := Encode(rs, 2)
	word := func(off uint32) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	tb := rs.Parameters[1].Table
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"NumRootParameters", rs.NumRootParameters, word(4)}, {"RootParametersOffset", rs.RootParametersOffset, word(8)},
		{"NumStaticSamplers", rs.NumStaticSamplers, word(12)}, {"StaticSamplersOffset", rs.StaticSamplersOffset, word(16)},
		{"PayloadOffset 0", rs.Parameters[0].PayloadOffset, word(24 + 8)}, {"PayloadOffset 1", rs.Parameters[1].PayloadOffset, word(36 + 8)},
		{"NumRanges", tb.NumRanges, word(rs.Parameters[1].PayloadOffset)}, {"RangesOffset", tb.RangesOffset, word(rs.Parameters[1].PayloadOffset + 4)},
		{"size", uint32(len(b)), rs.StaticSamplersOffset + 52},
	} {
		if c.got != c.want {
			t.Errorf("%s: value says %d, bytes %d", c.name, c.got, c.want)
		}
	}
	g := tb.Ranges[0]
	if !rs.LocalRootSignature || rs.VersionName != "1.1" || !rs.Parameters[0].Descriptor.DataStatic || !g.Unbounded || g.NumDescriptors != -1 || !g.Append ||
		tb.Ranges[1].Append || tb.Ranges[1].OffsetInDescriptorsFromTableStart != 3 || fmt.Sprint(rs.FlagNames) != "[LocalRootSignature]" {
		t.Errorf("derived fields: %+v", rs)
	}
}

// TestEncodeConvertsVersions writes values in another version than theirs:
// 1.0 up to 1.1 takes the flags DXC's conversion gives 1.0 structures
// (DATA_VOLATILE; DESCRIPTORS_VOLATILE | DATA_VOLATILE, samplers
// DESCRIPTORS_VOLATILE), and going down drops what the version lacks.
func TestEncodeConvertsVersions(t *testing.T) {
	const text = "CBV(b0), DescriptorTable(SRV(t0)), DescriptorTable(Sampler(s0))"
	rs10, _ := Parse(text, 1)
	if got, want := Encode(rs10, 2), le(2, 3, 24, 0, 136, 0, 2, 0, 60, 0, 0, 72, 0, 0, 104,
		0, 0, 2, 1, 80, 0, 1, 0, 0, 3, all, 1, 112, 3, 1, 0, 0, 1, all); !bytes.Equal(got, want) {
		t.Errorf("1.0 as 1.1:\ngot  % x\nwant % x", got, want)
	}
	rs11, _ := Parse("CBV(b0, flags = DATA_STATIC), DescriptorTable(SRV(t0, flags = DATA_VOLATILE))", 2)
	if got, want := Encode(rs11, 1), le(1, 2, 24, 0, 84, 0, 2, 0, 48, 0, 0, 56, 0, 0, 1, 64, 0, 1, 0, 0, all); !bytes.Equal(got, want) {
		t.Errorf("1.1 as 1.0:\ngot  % x\nwant % x", got, want)
	}
	rs12, _ := Parse("StaticSampler(s0, flags = UINT_BORDER_COLOR)", 3)
	if got := Encode(rs12, 2); len(got) != 24+52 {
		t.Errorf("1.2 sampler as 1.1: %d bytes, want 76", len(got))
	}
}

// TestParseForms reads the same root signature written in each shape the
// compiler takes: bare, string literals, a #define (as `dxscope rootsig`
// prints it), an attribute, an attribute naming a #define.
func TestParseForms(t *testing.T) {
	want := compile(t, "CBV(b0, space = 1)", 2)
	for _, text := range []string{
		"CBV(b0,\n\tspace = 1) // a comment\n",
		"/* a */ CBV(b0, /* b */ space = 1)",
		`"CBV(b0, " "space = 1)"`,
		"\"CBV(b0, \"\n  \"space = 1)\"\n",
		"#define RS \"CBV(b0, \" \\\n    \"space = 1)\"\n",
		"// RTS0: v1.1, 1 parameter, no static samplers\n// compile with -T rootsig_1_1\n#define RS \\\n    \"CBV(b0, space = 1)\"\n",
		"#define RS \"CBV(b0, space = 1)\" // the root signature\n",
		"#define RS \"CBV(b0,\\tspace = 1)\"\r\n",
		"#define N 3\n#define RS \"CBV(b0, \\\n space = 1)\"\n",
		"[RootSignature(\"CBV(b0, space = 1)\")]\n[numthreads(1, 1, 1)]\nvoid main() {}\n",
		"#define A \"SRV(t0)\"\n#define RS \"CBV(b0, space = 1)\"\n[rootsignature(RS)]\nvoid main() {}\n",
		"// \"#define X \\\"SRV(t0)\\\"\" in a comment, then in a string:\nstatic const char *s = \"#define Y \\\"SRV(t0)\\\"\";\n#define RS \"CBV(b0, space = 1)\"\n",
	} {
		rs, err := Parse(text, 2)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := Encode(rs, 2); !bytes.Equal(got, want) {
			t.Errorf("%q: got % x, want % x", text, got, want)
		}
	}
}

// TestParseErrors checks the position and message of each mistake.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		v    uint32
		want string
	}{
		{"CBV(b0, space = 0; visibility = SHADER_VISIBILITY_ALL)", 2, `1:18: expected ',' or ')' after space = 0, found ";"`},
		{"RootFlags(0,\n  CBV(b0)", 2, `1:12: expected ')' after 0, found ','`},
		{"RootFlags(0) RootFlags(0)", 2, `1:14: expected ',' or the end after RootFlags(0), found 'RootFlags'`},
		{"RootFlags(0), RootFlags(0)", 2, `1:15: RootFlags is given twice (first at 1:1)`},
		{"RootFlags(1)", 2, `1:11: expected 0 or a root signature flag in RootFlags, found '1' (0 is the only number flags may be)`},
		{"RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS DENY_PIXEL_SHADER_ROOT_ACCESS)", 2, `1:42: expected ')' after DENY_VERTEX_SHADER_ROOT_ACCESS, found 'DENY_PIXEL_SHADER_ROOT_ACCESS'`},
		{"RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS | 0)", 2, `1:44: expected 0 or a root signature flag (` + names(rootFlagHLSL) + `) after '|', found '0'`},
		{"CBV(t0)", 2, `1:5: expected a b register (b0, b1, …) in CBV, found 't0'`},
		{"CBV()", 2, `1:5: expected a b register, space, visibility or flags in CBV, found ')'`},
		{"CBV(space = 1)", 2, `1:1: CBV needs a b register (b0, b1, …)`},
		{"CBV(b0, b1)", 2, `1:9: the register is given twice`},
		{"CBV(B0)", 2, `1:5: expected a b register, space, visibility or flags in CBV, found 'B0' (registers are written in lower case)`},
		{"CBV(b4294967296)", 2, `1:5: register b4294967296 does not fit in 32 bits`},
		{"CBV(b0, flags = DATA_VOLATILE)", 1, `1:9: root descriptor flags cannot be given in root signature 1.0 (they exist from 1.1)`},
		{"CBV(b0, flags = DESCRIPTORS_VOLATILE)", 2, `1:17: expected 0 or a root descriptor flag (DATA_VOLATILE, DATA_STATIC_WHILE_SET_AT_EXECUTE, DATA_STATIC) after flags =, found 'DESCRIPTORS_VOLATILE'`},
		{"CBV(b0, flags = 2)", 2, `1:17: expected 0 or a root descriptor flag after flags =, found '2' (0 is the only number flags may be)`},
		{"SRV(t0, space = -1)", 2, `1:17: expected an unsigned integer after space =, found '-1'`},
		{"SRV(t0, space = 1.5)", 2, `1:17: expected an unsigned integer after space =, found '1.5'`},
		{"SRV(t0, space = 4294967296)", 2, `1:17: space = 4294967296 does not fit in 32 bits`},
		{"SRV(t0, space 1)", 2, `1:15: expected '=' after space, found '1'`},
		{"UAV(u0, visibility = PIXEL)", 2, `1:22: expected a SHADER_VISIBILITY_ value (SHADER_VISIBILITY_ALL, _VERTEX, _HULL, _DOMAIN, _GEOMETRY, _PIXEL, _AMPLIFICATION, _MESH) after visibility =, found 'PIXEL'`},
		{"RootConstants(b0)", 2, `1:1: RootConstants needs num32BitConstants = N`},
		{"RootConstants(num32BitConstants = 4)", 2, `1:1: RootConstants needs a b register (b0, b1, …)`},
		{"RootConstants(num32BitConstants = 4, t0)", 2, `1:38: expected a b register (b0, b1, …) in RootConstants, found 't0'`},
		{"DescriptorTable()", 2, `1:17: expected CBV, SRV, UAV, Sampler or visibility in DescriptorTable, found ')'`},
		{"DescriptorTable(SRV(t0), Foo(t1))", 2, `1:26: expected CBV, SRV, UAV, Sampler or visibility in DescriptorTable, found 'Foo'`},
		{"DescriptorTable(SRV(t0, numDescriptors = unbound))", 2, `1:42: expected an unsigned integer after numDescriptors =, found 'unbound'`},
		{"DescriptorTable(SRV(t0, offset = APPEND))", 2, `1:34: expected an unsigned integer after offset =, found 'APPEND'`},
		{"DescriptorTable(Sampler(t0))", 2, `1:25: expected an s register (s0, s1, …) in Sampler, found 't0'`},
		{"DescriptorTable(SRV(space = 1))", 2, `1:17: SRV needs a t register (t0, t1, …)`},
		{"DescriptorTable(SRV(t0), visibility = SHADER_VISIBILITY_ALL, visibility = SHADER_VISIBILITY_ALL)", 2, `1:62: visibility is given twice`},
		{"DescriptorTable(SRV(t0, flags = DATA_STATIC))", 1, `1:25: descriptor range flags cannot be given in root signature 1.0 (they exist from 1.1)`},
		{"DescriptorTable(CBV(b0, numDescriptors = 1, space = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE) x)", 2,
			`1:139: expected ',' or ')' after CBV(…), found 'x'`},
		{"StaticSampler(filter = FILTER_ANISOTROPIC)", 2, `1:1: StaticSampler needs an s register (s0, s1, …)`},
		{"StaticSampler(s0, filter = ANISOTROPIC)", 2, `1:28: expected a FILTER_ value after filter =, found 'ANISOTROPIC'`},
		{"StaticSampler(s0, mipLODBias = x)", 2, `1:32: expected a number after mipLODBias =, found 'x'`},
		{"StaticSampler(s0, maxLOD = 1e39)", 2, `1:28: maxLOD = 1e39 is out of the range of a float`},
		{"StaticSampler(s0, maxAnisotropy = 1.0)", 2, `1:35: expected an unsigned integer after maxAnisotropy =, found '1.0'`},
		{"StaticSampler(s0, flags = UINT_BORDER_COLOR)", 2, `1:19: static sampler flags cannot be given in root signature 1.1 (they exist from 1.2)`},
		{"StaticSampler(s0, addressU = TEXTURE_ADDRESS_WRAP, addressU = TEXTURE_ADDRESS_WRAP)", 2, `1:52: addressU is given twice`},
		{"Foo(b0)", 2, `1:1: expected RootFlags, RootConstants, CBV, SRV, UAV, DescriptorTable or StaticSampler, found 'Foo'`},
		{"CBV(b0),,", 2, `1:9: expected RootFlags, RootConstants, CBV, SRV, UAV, DescriptorTable or StaticSampler, found ','`},
		{"CBV(b0) $", 2, `1:9: expected ',' or the end after CBV(b0), found "$"`},
		{"CBV(b0) é", 2, `1:9: expected ',' or the end after CBV(b0), found "é"`},
		{"CBV(b0) /* x", 2, `1:9: expected ',' or the end after CBV(b0), found a comment that does not end`},
		{"CBV(b0", 2, `1:7: expected ',' or ')' after b0, found the end of the root signature`},
		{"RootFlags(0),\nCBV(b0, space = 0,\n    visibilty = SHADER_VISIBILITY_ALL)", 2, `3:5: expected a b register, space, visibility or flags in CBV, found 'visibilty'`},
		// Positions inside string literals are those of the file.
		{"#define RS \"CBV(b0, \" \\\n   \"space = x)\"", 2, `2:13: expected an unsigned integer after space =, found 'x'`},
		{"#define RS \"CBV(\\\"b0)\"", 2, `1:17: expected a b register, space, visibility or flags in CBV, found "\""`},
		{"#define RS \"CBV(b0\"\n", 2, `1:19: expected ',' or ')' after b0, found the end of the root signature`},
		{"#define RS \"CBV(b0\n", 2, `1:12: string literal is not terminated`},
		{"#define X 1\n", 2, `1:1: found no root signature: expected its text, a string literal, #define NAME "…" or [RootSignature("…")]`},
		{"[RootSignature(MyRS)]\nvoid main() {}", 2, `1:16: [RootSignature(MyRS)] names no #define MyRS whose value is a string`},
		{"\"CBV(b0)\" x", 2, `1:11: expected another string literal or the end of the input, found 'x'`},
	} {
		_, err := Parse(c.text, c.v)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: got %v, want an *Error", c.text, err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%q:\ngot  %s\nwant %s", c.text, err, c.want)
		}
		if line, col := lineCol(c.text, e.Offset); line != e.Line || col != e.Col {
			t.Errorf("%q: offset %d is %d:%d, the error says %d:%d", c.text, e.Offset, line, col, e.Line, e.Col)
		}
	}
	if _, err := Parse("", 4); err == nil || !strings.Contains(err.Error(), "version 4") {
		t.Errorf("version 4: %v", err)
	}
}

// TestPrintParse checks that what the printer writes, the compiler reads
// back to the same value, for values no corpus file has.
func TestPrintParse(t *testing.T) {
	for _, text := range []string{
		"RootFlags(ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT | SAMPLER_HEAP_DIRECTLY_INDEXED), UAV(u4294967295, space = 4294967295)",
		"StaticSampler(s0, filter = FILTER_MIN_MAG_ANISOTROPIC_MIP_POINT, mipLODBias = -16, minLOD = 1e-05, maxLOD = -0.0, borderColor = STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, flags = NON_NORMALIZED_COORDINATES)",
		"DescriptorTable(SRV(t0, numDescriptors = 4294967294, offset = 4294967294, flags = DATA_STATIC))",
	} {
		rs, err := Parse(text, 3)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		back, err := Parse(rs.HLSL(), 3)
		if err != nil {
			t.Fatalf("%q printed as %q: %v", text, rs.HLSL(), err)
		}
		if !reflect.DeepEqual(back, rs) {
			t.Errorf("%q printed as %q reads back differently", text, rs.HLSL())
		}
	}
}

// TestValidMasks keeps the exported masks equal to the name tables.
func TestValidMasks(t *testing.T) {
	mask := func(bits []report.FlagBit) (m uint32) {
		for _, b := range bits {
			m |= b.Bit
		}
		return m
	}
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"root", ValidRootFlags, mask(rootFlagBits)}, {"root (HLSL)", ValidRootFlags, mask(rootFlagHLSL)},
		{"root descriptor", ValidRootDescriptorFlags, mask(rootDescriptorFlagBits)},
		{"descriptor range", ValidDescriptorRangeFlags, mask(descriptorRangeFlagBits)},
		{"sampler", ValidSamplerFlags, mask(staticSamplerFlagBits)}, {"sampler (HLSL)", ValidSamplerFlags, mask(samplerFlagHLSL)},
	} {
		if c.got != c.want {
			t.Errorf("%s: 0x%x, tables 0x%x", c.name, c.got, c.want)
		}
	}
}
