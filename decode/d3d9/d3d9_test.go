package d3d9

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

func d9ins(op Opcode, n int) uint32 { return uint32(op) | uint32(n)<<24 }

func d9reg(t RegisterType, n uint32) uint32 {
	return 0x80000000 | n&0x7ff | uint32(t&7)<<28 | uint32(t&0x18)<<8
}

func d9dst(t RegisterType, n uint32, mask uint32) uint32 { return d9reg(t, n) | mask<<16 }

// swz packs a swizzle written as "xyzw" letters.
func d9swz(s string) uint32 {
	var v uint32
	for i := 0; i < 4; i++ {
		v |= uint32(strings.IndexByte("xyzw", s[i])) << (2 * i)
	}
	return v << 16
}

func d9src(t RegisterType, n uint32, sw string) uint32 { return d9reg(t, n) | d9swz(sw) }

func d9bytes(words ...uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

func fbits(f float32) uint32 { return math.Float32bits(f) }

// decodeBytes decodes a bare token stream (as D3DCompile returns for a D3D9
// target), without a recover, so a panic fails the test.
func decodeBytes(b []byte) (*Shader, []report.Problem, []report.Span) {
	out := &report.Sink{}
	s := &Shader{}
	Decode(s, binread.New(b, 0, "Shader", "", out))
	return s, out.Problems, out.Spans
}

// TestInstructionText checks one instruction of each kind and each
// register file the corpus's level-9 code uses; the expected text follows
// the D3D9 assembly reference's spelling.
func TestInstructionText(t *testing.T) {
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
		{"dcl input usage", vs20, []uint32{d9ins(OpDcl, 2), 0x80000000 | 5 | 1<<16, d9dst(RegInput, 1, 0xf)}, "dcl_texcoord1 v1"},
		{"dcl position", vs20, []uint32{d9ins(OpDcl, 2), 0x80000000, d9dst(RegInput, 0, 0xf)}, "dcl_position v0"},
		{"ps dcl texture register", ps20, []uint32{d9ins(OpDcl, 2), 0x80000000, d9dst(RegAddr, 1, 0x3)}, "dcl t1.xy"},
		{"dcl 2d sampler", ps20, []uint32{d9ins(OpDcl, 2), 0x80000000 | 2<<27, d9dst(RegSampler, 0, 0xf)}, "dcl_2d s0"},
		{"dcl cube sampler", ps20, []uint32{d9ins(OpDcl, 2), 0x80000000 | 3<<27, d9dst(RegSampler, 1, 0xf)}, "dcl_cube s1"},
		{"def", ps20, []uint32{d9ins(OpDef, 5), d9dst(RegConst, 10, 0xf), fbits(-1), 0x80000000, fbits(0.5), fbits(2)}, "def c10, -1, -0, 0.5, 2"},
		{"dp4 to oPos", vs20, []uint32{d9ins(OpDp4, 3), d9dst(RegRastOut, 0, 0x4), d9src(RegInput, 0, "xyzw"), d9src(RegConst, 4, "xyzw")}, "dp4 oPos.z, v0, c4"},
		{"mad replicate swizzle", vs20, []uint32{d9ins(OpMad, 4), d9dst(RegRastOut, 0, 0x3), d9src(RegTemp, 0, "zzzz"), d9src(RegConst, 0, "xyzw"), d9src(RegTemp, 0, "xyzw")}, "mad oPos.xy, r0.z, c0, r0"},
		{"mov to oT with swizzle", vs20, []uint32{d9ins(OpMov, 2), d9dst(RegTexCrdOut, 1, 0xc), d9src(RegInput, 2, "xyyx")}, "mov oT1.zw, v2.xyyx"},
		{"mova", vs20, []uint32{d9ins(OpMova, 2), d9dst(RegAddr, 0, 0x3), d9src(RegTemp, 0, "yxzw")}, "mova a0.xy, r0.yxzw"},
		{"relative constant", vs20, []uint32{d9ins(OpMul, 4), d9dst(RegTemp, 0, 0xf), d9src(RegInput, 4, "xxxx"), d9src(RegConst, 26, "xyzw") | rel, d9src(RegAddr, 0, "xxxx")}, "mul r0, v4.x, c26[a0.x]"},
		{"negated source", vs20, []uint32{d9ins(OpAdd, 3), d9dst(RegTemp, 3, 0x7), d9src(RegTemp, 3, "xyzw") | neg, d9src(RegConst, 13, "xyzw")}, "add r3.xyz, -r3, c13"},
		{"saturate", vs20, []uint32{d9ins(OpDp3, 3), d9dst(RegTemp, 0, 0x8) | sat, d9src(RegConst, 6, "xyzw"), d9src(RegTemp, 2, "xyzw")}, "dp3_sat r0.w, c6, r2"},
		{"nrm of texture register", ps20, []uint32{d9ins(OpNrm, 2), d9dst(RegTemp, 0, 0x7), d9src(RegAddr, 2, "xyzw")}, "nrm r0.xyz, t2"},
		{"texld", ps20, []uint32{d9ins(OpTex, 3), d9dst(RegTemp, 0, 0xf), d9src(RegAddr, 3, "xyzw"), d9src(RegSampler, 1, "xyzw")}, "texld r0, t3, s1"},
		{"texkill", ps20, []uint32{d9ins(OpTexKill, 1), d9dst(RegTemp, 1, 0xf)}, "texkill r1"},
		{"cmp", ps20, []uint32{d9ins(OpCmp, 4), d9dst(RegTemp, 2, 0xf), d9src(RegTemp, 0, "wwww") | neg, d9src(RegConst, 10, "xxxx"), d9src(RegConst, 10, "yyyy")}, "cmp r2, -r0.w, c10.x, c10.y"},
		{"mov to oC0", ps20, []uint32{d9ins(OpMov, 2), d9dst(RegColorOut, 0, 0xf), d9src(RegTemp, 1, "xyzw")}, "mov oC0, r1"},
		{"abs", ps20, []uint32{d9ins(OpAbs, 2), d9dst(RegTemp, 1, 0x1), d9src(RegTemp, 1, "wwww")}, "abs r1.x, r1.w"},
		{"pow", vs20, []uint32{d9ins(OpPow, 3), d9dst(RegTemp, 0, 0x1), d9src(RegTemp, 0, "xxxx"), d9src(RegConst, 0, "yyyy")}, "pow r0.x, r0.x, c0.y"},
		{"log exp rsq rcp", vs20, []uint32{d9ins(OpLog, 2), d9dst(RegTemp, 2, 0x1), d9src(RegTemp, 1, "xxxx")}, "log r2.x, r1.x"},
		{"sge min max", vs20, []uint32{d9ins(OpSge, 3), d9dst(RegTemp, 2, 0x7), d9src(RegTemp, 0, "xyzw"), d9src(RegConst, 25, "xxxx")}, "sge r2.xyz, r0, c25.x"},
		{"exp", vs20, []uint32{d9ins(OpExp, 2), d9dst(RegTemp, 2, 0x2), d9src(RegTemp, 1, "yyyy")}, "exp r2.y, r1.y"},
		{"rsq", vs20, []uint32{d9ins(OpRsq, 2), d9dst(RegTemp, 0, 0x8), d9src(RegTemp, 0, "wwww")}, "rsq r0.w, r0.w"},
		{"rcp", ps20, []uint32{d9ins(OpRcp, 2), d9dst(RegTemp, 0, 0x1), d9src(RegAddr, 0, "wwww")}, "rcp r0.x, t0.w"},
		{"min", vs20, []uint32{d9ins(OpMin, 3), d9dst(RegTemp, 1, 0x7), d9src(RegTemp, 1, "xyzw"), d9src(RegConst, 0, "yyyy")}, "min r1.xyz, r1, c0.y"},
		{"max", vs20, []uint32{d9ins(OpMax, 3), d9dst(RegTemp, 1, 0x7), d9src(RegTemp, 3, "xyzw"), d9src(RegConst, 25, "xxxx")}, "max r1.xyz, r3, c25.x"},
		{"dp3 with negated constant", vs20, []uint32{d9ins(OpDp3, 3), d9dst(RegTemp, 0, 0x1), d9src(RegConst, 4, "xyzw") | neg, d9src(RegTemp, 1, "xyzw")}, "dp3 r0.x, -c4, r1"},
		{"dcl_texcoord6", vs20, []uint32{d9ins(OpDcl, 2), 0x80000000 | 5 | 6<<16, d9dst(RegInput, 6, 0xf)}, "dcl_texcoord6 v6"},
		{"mov to oT with xyzz swizzle", vs20, []uint32{d9ins(OpMov, 2), d9dst(RegTexCrdOut, 2, 0x7), d9src(RegTemp, 0, "xyzz")}, "mov oT2.xyz, r0.xyzz"},
		{"relative with a0.w", vs20, []uint32{d9ins(OpMad, 5), d9dst(RegTemp, 0, 0xf), d9src(RegConst, 0, "xyzw") | rel, d9src(RegAddr, 0, "wwww"), d9src(RegInput, 5, "wwww"), d9src(RegTemp, 0, "xyzw")}, "mad r0, c0[a0.w], v5.w, r0"},
		{"mad_sat", ps20, []uint32{d9ins(OpMad, 4), d9dst(RegTemp, 0, 0xf) | sat, d9src(RegTemp, 0, "xyzw"), d9src(RegConst, 0, "xyzw"), d9src(RegTemp, 1, "xyzw")}, "mad_sat r0, r0, c0, r1"},
		{"partial precision", ps20, []uint32{d9ins(OpMov, 2), d9dst(RegTemp, 0, 0xf) | 2<<20, d9src(RegTemp, 1, "xyzw")}, "mov_pp r0, r1"},
		{"source abs modifier", ps20, []uint32{d9ins(OpMov, 2), d9dst(RegTemp, 0, 0xf), d9src(RegTemp, 1, "xyzw") | 11<<24}, "mov r0, r1_abs"},
	}
	for _, tc := range tests {
		words := append(append([]uint32{tc.version}, tc.words...), 0x0000FFFF)
		s, probs, _ := decodeBytes(d9bytes(words...))
		for _, p := range probs {
			t.Errorf("%s: %s", tc.name, p)
		}
		if len(s.Instructions) != 1 {
			t.Errorf("%s: %d instructions", tc.name, len(s.Instructions))
			continue
		}
		if got := Format(&s.Instructions[0]); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestRegisterNames covers every register file's spelling (D3D9 asm reference).
func TestRegisterNames(t *testing.T) {
	tests := []struct {
		typ   RegisterType
		n     uint32
		pixel bool
		want  string
	}{
		{RegTemp, 3, false, "r3"}, {RegInput, 1, false, "v1"}, {RegConst, 26, false, "c26"},
		{RegAddr, 0, false, "a0"}, {RegAddr, 2, true, "t2"}, {RegRastOut, 0, false, "oPos"},
		{RegRastOut, 1, false, "oFog"}, {RegRastOut, 2, false, "oPts"}, {RegAttrOut, 1, false, "oD1"},
		{RegTexCrdOut, 4, false, "oT4"}, {RegConstInt, 0, false, "i0"}, {RegColorOut, 0, true, "oC0"},
		{RegDepthOut, 0, true, "oDepth"}, {RegSampler, 1, true, "s1"}, {RegConstBool, 2, false, "b2"},
		{RegLoop, 0, false, "aL"}, {RegMisc, 0, true, "vPos"}, {RegMisc, 1, true, "vFace"},
		{RegPredicate, 0, true, "p0"}, {RegConst2, 1, false, "c2049"},
	}
	for _, tc := range tests {
		if got := registerName(tc.typ, tc.n, tc.pixel, 2); got != tc.want {
			t.Errorf("%s %d: got %q, want %q", tc.typ, tc.n, got, tc.want)
		}
	}
}

// TestTruncatedNeverPanics cuts a shader at every length.
func TestTruncatedNeverPanics(t *testing.T) {
	b := d9bytes(vs20, 0xFFFE|3<<16, 0x47554244, 0, 0, d9ins(OpMul, 4), d9dst(RegTemp, 0, 0xf), d9src(RegInput, 4, "xxxx"), d9src(RegConst, 26, "xyzw")|1<<13, d9src(RegAddr, 0, "xxxx"), 0xFFFF)
	for n := 0; n <= len(b); n++ {
		decodeBytes(b[:n])
	}
}

// FuzzDecode feeds arbitrary bytes to the decoder and the printers: they
// must never panic, and every span stays inside the input.
func FuzzDecode(f *testing.F) {
	f.Add(d9bytes(vs20, d9ins(OpMov, 2), d9dst(RegRastOut, 0, 0xf), d9src(RegInput, 0, "xyzw"), 0xFFFF))
	f.Add(d9bytes(vs20, 0xFFFE|3<<16, 0x47554244, 0, 0, d9ins(OpMul, 4), d9dst(RegTemp, 0, 0xf), d9src(RegInput, 4, "xxxx"), d9src(RegConst, 26, "xyzw")|1<<13, d9src(RegAddr, 0, "xxxx"), 0xFFFF))
	f.Add(d9bytes(0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, spans := decodeBytes(data)
		for _, sp := range spans {
			if sp.Off < 0 || sp.End() > int64(len(data)) {
				t.Fatalf("span %+v outside the shader's %d bytes", sp, len(data))
			}
		}
		for i := range s.Instructions {
			Format(&s.Instructions[i])
			FormatWrites(s, &s.Instructions[i])
		}
	})
}

// TestDefFloat checks def constants against the D3D9 disassembler's
// spellings in FXC's level-9 listings: %g of nine digits, three exponent
// digits (DirectXTK's DGSLPhong_mainTk: "def c13, -1, -0, 9.99999975e-005, 0").
func TestDefFloat(t *testing.T) {
	for f, want := range map[float32]string{
		0.5: "0.5", -1: "-1", 1.44269502: "1.44269502", 9.99999975e-05: "9.99999975e-005",
		1e10: "1e+010", 0.00999999978: "0.00999999978", 3.40282347e+38: "3.40282347e+038",
	} {
		if got := defFloat(f); got != want {
			t.Errorf("defFloat(%v) = %q, want %q", f, got, want)
		}
	}
	if got := defFloat(float32(math.Copysign(0, -1))); got != "-0" {
		t.Errorf("defFloat(-0) = %q, want -0", got)
	}
}

// A DBUG block cut with the file, mid-dword inside its entry point's name,
// holds no name: the bytes before the cut are the start of a longer one
// (DirectXTK's AlphaTestEffect_PSAlphaTestEqNeNoFog cut at 0x156 showed
// "PSAlphaT"). The same block whole names it.
func TestCutDebugStringIsAbsent(t *testing.T) {
	name := []byte("PSAlphaTestEqNeNoFog\x00\x00\x00\x00") // padded to whole dwords
	hdr := make([]byte, 40)
	binary.LittleEndian.PutUint32(hdr[0:], uint32(40+len(name)))
	binary.LittleEndian.PutUint32(hdr[36:], 40) // EntryPointOffset
	body := append(append(d9bytes(0x47554244), hdr...), name...)
	b := append(d9bytes(ps20, 0xFFFE|uint32(len(body)/4)<<16), body...)
	b = append(b, d9bytes(0xFFFF)...)
	decode := func(b []byte, short bool) (*Shader, *report.Sink) {
		out := &report.Sink{}
		s := &Shader{}
		r := binread.New(b, 0, "Shader", "", out)
		r.Short = short
		Decode(s, r)
		return s, out
	}
	if s, _ := decode(b, false); s.Debug == nil || s.Debug.EntryPoint != "PSAlphaTestEqNeNoFog" {
		t.Fatalf("whole: %+v", s.Debug)
	}
	cut := len(b) - 4 - 14 // inside the name, two bytes into a dword
	s, out := decode(b[:cut], true)
	if s.Debug == nil || s.Debug.EntryPoint != "" {
		t.Errorf("cut: entry point %q, want none", s.Debug.EntryPoint)
	}
	if !strings.Contains(strings.Join(out.Absent, " "), "Debug/EntryPoint") {
		t.Errorf("cut: absent %v, want the entry point", out.Absent)
	}
}

// lrp counts one instruction slot in FXC's "approximately N instruction
// slots used" line: Effekseer's ShaderDistortion_VS (fxc /Tvs_4_0_level_9_3,
// FXC 9.29.952) lists 56 instructions, three of them lrp, and says 56.
func TestLrpSlots(t *testing.T) {
	if n, tex := OpLrp.Slots(); n != 1 || tex {
		t.Errorf("lrp: %d slots (texture %v), want 1", n, tex)
	}
}
