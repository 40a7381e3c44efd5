package decode

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Tokens of the D3D9 shader token format (D3D9 "Shader Binary Format").
const (
	vs20 = 0xFFFE0200
	ps20 = 0xFFFF0200
)

func d9ins(op D3D9Opcode, n int) uint32 { return uint32(op) | uint32(n)<<24 }

func d9reg(t D3D9RegisterType, n uint32) uint32 {
	return 0x80000000 | n&0x7ff | uint32(t&7)<<28 | uint32(t&0x18)<<8
}

func d9dst(t D3D9RegisterType, n uint32, mask uint32) uint32 { return d9reg(t, n) | mask<<16 }

// swz packs a swizzle written as "xyzw" letters.
func d9swz(s string) uint32 {
	var v uint32
	for i := 0; i < 4; i++ {
		v |= uint32(strings.IndexByte("xyzw", s[i])) << (2 * i)
	}
	return v << 16
}

func d9src(t D3D9RegisterType, n uint32, sw string) uint32 { return d9reg(t, n) | d9swz(sw) }

func d9bytes(words ...uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

func fbits(f float32) uint32 { return math.Float32bits(f) }

// TestD3D9InstructionText checks one instruction of each kind and each
// register file the corpus's level-9 code uses; the expected text follows
// the D3D9 assembly reference's spelling.
func TestD3D9InstructionText(t *testing.T) {
	const (
		neg = 1 << 24
		sat = 1 << 20
		rel = 1 << 13
	)
	tests := []struct {
		name    string
		version uint32
		words   []uint32
		want    string
	}{
		{"dcl input usage", vs20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000 | 5 | 1<<16, d9dst(D3D9RegInput, 1, 0xf)}, "dcl_texcoord1 v1"},
		{"dcl position", vs20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000, d9dst(D3D9RegInput, 0, 0xf)}, "dcl_position v0"},
		{"ps dcl texture register", ps20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000, d9dst(D3D9RegAddr, 1, 0x3)}, "dcl t1.xy"},
		{"dcl 2d sampler", ps20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000 | 2<<27, d9dst(D3D9RegSampler, 0, 0xf)}, "dcl_2d s0"},
		{"dcl cube sampler", ps20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000 | 3<<27, d9dst(D3D9RegSampler, 1, 0xf)}, "dcl_cube s1"},
		{"def", ps20, []uint32{d9ins(D3D9OpDef, 5), d9dst(D3D9RegConst, 10, 0xf), fbits(-1), 0x80000000, fbits(0.5), fbits(2)}, "def c10, -1, -0, 0.5, 2"},
		{"dp4 to oPos", vs20, []uint32{d9ins(9, 3), d9dst(D3D9RegRastOut, 0, 0x4), d9src(D3D9RegInput, 0, "xyzw"), d9src(D3D9RegConst, 4, "xyzw")}, "dp4 oPos.z, v0, c4"},
		{"mad replicate swizzle", vs20, []uint32{d9ins(4, 4), d9dst(D3D9RegRastOut, 0, 0x3), d9src(D3D9RegTemp, 0, "zzzz"), d9src(D3D9RegConst, 0, "xyzw"), d9src(D3D9RegTemp, 0, "xyzw")}, "mad oPos.xy, r0.z, c0, r0"},
		{"mov to oT with swizzle", vs20, []uint32{d9ins(1, 2), d9dst(D3D9RegTexCrdOut, 1, 0xc), d9src(D3D9RegInput, 2, "xyyx")}, "mov oT1.zw, v2.xyyx"},
		{"mova", vs20, []uint32{d9ins(46, 2), d9dst(D3D9RegAddr, 0, 0x3), d9src(D3D9RegTemp, 0, "yxzw")}, "mova a0.xy, r0.yxzw"},
		{"relative constant", vs20, []uint32{d9ins(5, 4), d9dst(D3D9RegTemp, 0, 0xf), d9src(D3D9RegInput, 4, "xxxx"), d9src(D3D9RegConst, 26, "xyzw") | rel, d9src(D3D9RegAddr, 0, "xxxx")}, "mul r0, v4.x, c26[a0.x]"},
		{"negated source", vs20, []uint32{d9ins(2, 3), d9dst(D3D9RegTemp, 3, 0x7), d9src(D3D9RegTemp, 3, "xyzw") | neg, d9src(D3D9RegConst, 13, "xyzw")}, "add r3.xyz, -r3, c13"},
		{"saturate", vs20, []uint32{d9ins(8, 3), d9dst(D3D9RegTemp, 0, 0x8) | sat, d9src(D3D9RegConst, 6, "xyzw"), d9src(D3D9RegTemp, 2, "xyzw")}, "dp3_sat r0.w, c6, r2"},
		{"nrm of texture register", ps20, []uint32{d9ins(36, 2), d9dst(D3D9RegTemp, 0, 0x7), d9src(D3D9RegAddr, 2, "xyzw")}, "nrm r0.xyz, t2"},
		{"texld", ps20, []uint32{d9ins(D3D9OpTex, 3), d9dst(D3D9RegTemp, 0, 0xf), d9src(D3D9RegAddr, 3, "xyzw"), d9src(D3D9RegSampler, 1, "xyzw")}, "texld r0, t3, s1"},
		{"texkill", ps20, []uint32{d9ins(65, 1), d9dst(D3D9RegTemp, 1, 0xf)}, "texkill r1"},
		{"cmp", ps20, []uint32{d9ins(88, 4), d9dst(D3D9RegTemp, 2, 0xf), d9src(D3D9RegTemp, 0, "wwww") | neg, d9src(D3D9RegConst, 10, "xxxx"), d9src(D3D9RegConst, 10, "yyyy")}, "cmp r2, -r0.w, c10.x, c10.y"},
		{"mov to oC0", ps20, []uint32{d9ins(1, 2), d9dst(D3D9RegColorOut, 0, 0xf), d9src(D3D9RegTemp, 1, "xyzw")}, "mov oC0, r1"},
		{"abs", ps20, []uint32{d9ins(35, 2), d9dst(D3D9RegTemp, 1, 0x1), d9src(D3D9RegTemp, 1, "wwww")}, "abs r1.x, r1.w"},
		{"pow", vs20, []uint32{d9ins(32, 3), d9dst(D3D9RegTemp, 0, 0x1), d9src(D3D9RegTemp, 0, "xxxx"), d9src(D3D9RegConst, 0, "yyyy")}, "pow r0.x, r0.x, c0.y"},
		{"log exp rsq rcp", vs20, []uint32{d9ins(15, 2), d9dst(D3D9RegTemp, 2, 0x1), d9src(D3D9RegTemp, 1, "xxxx")}, "log r2.x, r1.x"},
		{"sge min max", vs20, []uint32{d9ins(13, 3), d9dst(D3D9RegTemp, 2, 0x7), d9src(D3D9RegTemp, 0, "xyzw"), d9src(D3D9RegConst, 25, "xxxx")}, "sge r2.xyz, r0, c25.x"},
		{"exp", vs20, []uint32{d9ins(14, 2), d9dst(D3D9RegTemp, 2, 0x2), d9src(D3D9RegTemp, 1, "yyyy")}, "exp r2.y, r1.y"},
		{"rsq", vs20, []uint32{d9ins(7, 2), d9dst(D3D9RegTemp, 0, 0x8), d9src(D3D9RegTemp, 0, "wwww")}, "rsq r0.w, r0.w"},
		{"rcp", ps20, []uint32{d9ins(6, 2), d9dst(D3D9RegTemp, 0, 0x1), d9src(D3D9RegAddr, 0, "wwww")}, "rcp r0.x, t0.w"},
		{"min", vs20, []uint32{d9ins(10, 3), d9dst(D3D9RegTemp, 1, 0x7), d9src(D3D9RegTemp, 1, "xyzw"), d9src(D3D9RegConst, 0, "yyyy")}, "min r1.xyz, r1, c0.y"},
		{"max", vs20, []uint32{d9ins(11, 3), d9dst(D3D9RegTemp, 1, 0x7), d9src(D3D9RegTemp, 3, "xyzw"), d9src(D3D9RegConst, 25, "xxxx")}, "max r1.xyz, r3, c25.x"},
		{"dp3 with negated constant", vs20, []uint32{d9ins(8, 3), d9dst(D3D9RegTemp, 0, 0x1), d9src(D3D9RegConst, 4, "xyzw") | neg, d9src(D3D9RegTemp, 1, "xyzw")}, "dp3 r0.x, -c4, r1"},
		{"dcl_texcoord6", vs20, []uint32{d9ins(D3D9OpDcl, 2), 0x80000000 | 5 | 6<<16, d9dst(D3D9RegInput, 6, 0xf)}, "dcl_texcoord6 v6"},
		{"mov to oT with xyzz swizzle", vs20, []uint32{d9ins(1, 2), d9dst(D3D9RegTexCrdOut, 2, 0x7), d9src(D3D9RegTemp, 0, "xyzz")}, "mov oT2.xyz, r0.xyzz"},
		{"relative with a0.w", vs20, []uint32{d9ins(4, 5), d9dst(D3D9RegTemp, 0, 0xf), d9src(D3D9RegConst, 0, "xyzw") | rel, d9src(D3D9RegAddr, 0, "wwww"), d9src(D3D9RegInput, 5, "wwww"), d9src(D3D9RegTemp, 0, "xyzw")}, "mad r0, c0[a0.w], v5.w, r0"},
		{"mad_sat", ps20, []uint32{d9ins(4, 4), d9dst(D3D9RegTemp, 0, 0xf) | sat, d9src(D3D9RegTemp, 0, "xyzw"), d9src(D3D9RegConst, 0, "xyzw"), d9src(D3D9RegTemp, 1, "xyzw")}, "mad_sat r0, r0, c0, r1"},
		{"partial precision", ps20, []uint32{d9ins(1, 2), d9dst(D3D9RegTemp, 0, 0xf) | 2<<20, d9src(D3D9RegTemp, 1, "xyzw")}, "mov_pp r0, r1"},
		{"source abs modifier", ps20, []uint32{d9ins(1, 2), d9dst(D3D9RegTemp, 0, 0xf), d9src(D3D9RegTemp, 1, "xyzw") | 11<<24}, "mov r0, r1_abs"},
	}
	for _, tc := range tests {
		words := append(append([]uint32{tc.version}, tc.words...), 0x0000FFFF)
		s, probs, _ := ParseD3D9Shader(d9bytes(words...))
		for _, p := range probs {
			t.Errorf("%s: %s", tc.name, p)
		}
		if len(s.Instructions) != 1 {
			t.Errorf("%s: %d instructions", tc.name, len(s.Instructions))
			continue
		}
		if got := s.Instructions[0].Text; got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestD3D9RegisterNames covers every register file's spelling (D3D9 asm reference).
func TestD3D9RegisterNames(t *testing.T) {
	tests := []struct {
		typ   D3D9RegisterType
		n     uint32
		pixel bool
		want  string
	}{
		{D3D9RegTemp, 3, false, "r3"}, {D3D9RegInput, 1, false, "v1"}, {D3D9RegConst, 26, false, "c26"},
		{D3D9RegAddr, 0, false, "a0"}, {D3D9RegAddr, 2, true, "t2"}, {D3D9RegRastOut, 0, false, "oPos"},
		{D3D9RegRastOut, 1, false, "oFog"}, {D3D9RegRastOut, 2, false, "oPts"}, {D3D9RegAttrOut, 1, false, "oD1"},
		{D3D9RegTexCrdOut, 4, false, "oT4"}, {D3D9RegConstInt, 0, false, "i0"}, {D3D9RegColorOut, 0, true, "oC0"},
		{D3D9RegDepthOut, 0, true, "oDepth"}, {D3D9RegSampler, 1, true, "s1"}, {D3D9RegConstBool, 2, false, "b2"},
		{D3D9RegLoop, 0, false, "aL"}, {D3D9RegMisc, 0, true, "vPos"}, {D3D9RegMisc, 1, true, "vFace"},
		{D3D9RegPredicate, 0, true, "p0"}, {D3D9RegConst2, 1, false, "c2049"},
	}
	for _, tc := range tests {
		if got := d3d9RegText(tc.typ, tc.n, tc.pixel, 2); got != tc.want {
			t.Errorf("%s %d: got %q, want %q", tc.typ, tc.n, got, tc.want)
		}
	}
}

// TestAon9Header decodes a hand-made Aon9 part: one constant-buffer
// mapping, one sampler mapping, one runtime constant and a two-instruction shader.
func TestAon9Header(t *testing.T) {
	shader := d9bytes(vs20, d9ins(1, 2), d9dst(D3D9RegRastOut, 0, 0xf), d9src(D3D9RegInput, 0, "xyzw"), 0xFFFF)
	hdr := make([]byte, 0x40)
	le := binary.LittleEndian
	le.PutUint32(hdr[0:], uint32(len(hdr)+len(shader)))
	le.PutUint32(hdr[4:], vs20)
	le.PutUint32(hdr[8:], uint32(len(shader)))
	le.PutUint32(hdr[12:], uint32(len(hdr)))
	le.PutUint16(hdr[16:], 1) // one constant-buffer mapping at 0x24
	le.PutUint16(hdr[18:], 0x24)
	le.PutUint16(hdr[28:], 1) // one sampler mapping at 0x30
	le.PutUint16(hdr[30:], 0x30)
	le.PutUint16(hdr[32:], 1) // one runtime constant at 0x34
	le.PutUint16(hdr[34:], 0x34)
	// Buffer 0, StartRegister 3, RegisterCount 4, TargetRegister 2, FLT x4.
	copy(hdr[0x24:], []byte{0, 0, 3, 0, 4, 0, 2, 0, 0, 0, 0, 0})
	copy(hdr[0x30:], []byte{1, 2, 3, 0}) // resource t1, sampler s2, target s3
	copy(hdr[0x34:], []byte{0, 0, 5, 0}) // position offset in c5
	data := append(hdr, shader...)
	p := &Part{Name: "Aon9", data: data, DataOffset: 0}
	out := &report.Sink{}
	decodeAon9(p, binread.New(data, 0, "Aon9", "Aon9", out))
	a := p.Level9
	if a == nil {
		t.Fatal("no Aon9")
	}
	if len(a.ConstantBufferMappings) != 1 || a.ConstantBufferMappings[0] != (Aon9ConstantBufferMapping{Buffer: 0, StartRegister: 3, RegisterCount: 4, TargetRegister: 2, Offset: 0x24}) {
		t.Errorf("constant-buffer mappings %+v", a.ConstantBufferMappings)
	}
	if len(a.SamplerMappings) != 1 || a.SamplerMappings[0].SourceResource != 1 || a.SamplerMappings[0].SourceSampler != 2 || a.SamplerMappings[0].TargetSampler != 3 {
		t.Errorf("sampler mappings %+v", a.SamplerMappings)
	}
	if len(a.RuntimeConstantMappings) != 1 || a.RuntimeConstantMappings[0].TargetRegister != 5 || a.RuntimeConstantMappings[0].ConstantDescription.String() != "Vertex Shader position offset" {
		t.Errorf("runtime constant mappings %+v", a.RuntimeConstantMappings)
	}
	if a.Shader.Profile() != "vs_2_0" || len(a.Shader.Instructions) != 1 || a.Shader.Instructions[0].Text != "mov oPos, v0" {
		t.Errorf("shader %s %+v", a.Shader.Profile(), a.Shader.Instructions)
	}
	seen := map[string]bool{}
	for _, sp := range out.Spans {
		seen[sp.Path] = true
	}
	for _, want := range []string{"Aon9/ShaderOffset", "Aon9/ConstantBufferMappings/0/TargetRegister", "Aon9/SamplerMappings/0/TargetSampler", "Aon9/Shader/Version", "Aon9/Shader/Instructions/0/Token", "Aon9/Shader/Instructions/0/Params/1/Token"} {
		if !seen[want] {
			t.Errorf("no span %s", want)
		}
	}
}

// TestD3D9TruncatedNeverPanics cuts a shader at every length.
func TestD3D9TruncatedNeverPanics(t *testing.T) {
	b := d9bytes(vs20, 0xFFFE|3<<16, 0x47554244, 0, 0, d9ins(5, 4), d9dst(D3D9RegTemp, 0, 0xf), d9src(D3D9RegInput, 4, "xxxx"), d9src(D3D9RegConst, 26, "xyzw")|1<<13, d9src(D3D9RegAddr, 0, "xxxx"), 0xFFFF)
	for n := 0; n <= len(b); n++ {
		ParseD3D9Shader(b[:n])
	}
}

func FuzzAon9(f *testing.F) {
	shader := d9bytes(vs20, d9ins(1, 2), d9dst(D3D9RegRastOut, 0, 0xf), d9src(D3D9RegInput, 0, "xyzw"), 0xFFFF)
	hdr := make([]byte, 0x24)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(len(shader)))
	binary.LittleEndian.PutUint32(hdr[12:], 0x24)
	f.Add(append(hdr, shader...))
	f.Add(d9bytes(0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &Part{Name: "Aon9", data: data}
		out := &report.Sink{}
		decodeAon9(p, binread.New(data, 0, "Aon9", "Aon9", out))
		ParseD3D9Shader(data)
	})
}
