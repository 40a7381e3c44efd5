package decode

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// A small assembler for the tests: token streams are written word by word
// from the D3D10/11 tokenized program format, so every encoding a test
// exercises is spelled out here rather than taken from a compiler.

const testBase = 0x100 // where the test part's data starts in an imaginary file

// op builds an instruction: opcode token (with its length) then the words.
func op(code uint32, ctl uint32, words ...uint32) []uint32 {
	n := uint32(1 + len(words))
	return append([]uint32{code | ctl | n<<24}, words...)
}

// Operand token fields.
const (
	comp0 = 0
	comp1 = 1
	comp4 = 2

	selMask    = 0 << 2
	selSwizzle = 1 << 2
	selSelect1 = 2 << 2
)

func otok(ncomp, sel, compBits uint32, t OperandType, dims uint32, reps ...uint32) uint32 {
	v := ncomp | sel | compBits<<4 | uint32(t)<<12 | dims<<20
	for i, r := range reps {
		v |= r << (22 + 3*uint(i))
	}
	return v
}

func swz(s string) uint32 {
	var v uint32
	for i, c := range s {
		v |= uint32(strings.IndexRune("xyzw", c)) << (2 * uint(i))
	}
	return v
}

func mask(s string) uint32 {
	var v uint32
	for _, c := range s {
		v |= 1 << uint(strings.IndexRune("xyzw", c))
	}
	return v
}

// dst is a 1D register with a write mask, src one with a swizzle, sel one with select-1.
func dst(t OperandType, m string, i uint32) []uint32 {
	return []uint32{otok(comp4, selMask, mask(m), t, 1, 0), i}
}
func src(t OperandType, s string, i uint32) []uint32 {
	return []uint32{otok(comp4, selSwizzle, swz(s), t, 1, 0), i}
}
func sel(t OperandType, c string, i uint32) []uint32 {
	return []uint32{otok(comp4, selSelect1, swz(c), t, 1, 0), i}
}
func imm4(v ...uint32) []uint32 {
	return append([]uint32{otok(comp4, 0, 0, OperandImmediate32, 0)}, v...)
}
func imm1(v uint32) []uint32 { return []uint32{otok(comp1, 0, 0, OperandImmediate32, 0), v} }
func f32(f float32) uint32   { return math.Float32bits(f) }

func catWords(parts ...[]uint32) []uint32 {
	var out []uint32
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// stream assembles a whole SHEX payload: version token, length, instructions.
func stream(prog, major, minor uint32, ins ...[]uint32) []byte {
	body := catWords(ins...)
	words := append([]uint32{prog<<16 | major<<4 | minor, uint32(2 + len(body))}, body...)
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// decodeStream runs the SHEX decoder on a payload as container.go would,
// without its recover, so a panic fails the test.
func decodeStream(b []byte) (*ShaderBytecode, *Part, *report.Sink) {
	p := &Part{Name: "SHEX", data: b, DataOffset: testBase}
	out := &report.Sink{}
	r := binread.New(b, testBase, "SHEX", "SHEX", out)
	r.What = "SHEX"
	decodeShaderBytecode(p, r)
	return p.Bytecode, p, out
}

func TestOperandEncodings(t *testing.T) {
	rel := func(t OperandType, c string, i uint32) []uint32 { return sel(t, c, i) }
	tests := []struct {
		name         string
		major, minor uint32
		words        []uint32
		want         string
	}{
		{"mask and swizzle", 5, 0, op(0x36, 0, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyxx", 1))...), "mov r0.xyzw, r1.xyxx"},
		{"select-1", 5, 0, op(0x36, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandInput, "w", 2))...), "mov r0.x, v2.w"},
		{"constant buffer with immediate plus relative index", 5, 0,
			op(0x36, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("y"), OperandConstantBuffer, 2, 0, 3), 0, 2}, rel(OperandTemp, "x", 1))...),
			"mov r0.x, cb0[r1.x + 2].y"},
		{"immediate constant buffer with relative index", 5, 0,
			op(0x36, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("z"), OperandImmConstantBuffer, 1, 2)}, rel(OperandTemp, "w", 3))...),
			"mov r0.x, icb[r3.w + 0].z"},
		{"indexable temp", 5, 0,
			op(0x36, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("x"), OperandIndexableTemp, 2, 0, 3), 0, 1}, rel(OperandTemp, "y", 1))...),
			"mov r0.x, x0[r1.y + 1].x"},
		{"2D input of a geometry shader", 5, 0,
			op(0x36, 0, catWords(dst(OperandOutput, "xyzw", 0), []uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandInput, 2, 0, 0), 2, 1})...),
			"mov o0.xyzw, v[2][1].xyzw"},
		{"negate", 5, 0, op(0x36, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 1<<6, 1})...), "mov r0.x, -r1.x"},
		{"abs", 5, 0, op(0x36, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 2<<6, 1})...), "mov r0.x, |r1.x|"},
		{"negated abs", 5, 0, op(0x36, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 3<<6, 1})...), "mov r0.x, -|r1.x|"},
		{"saturate", 4, 0, op(0x32, 1<<13, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyzw", 1), src(OperandTemp, "xyzw", 2), src(OperandTemp, "xyzw", 3))...), "mad_sat r0.xyzw, r1.xyzw, r2.xyzw, r3.xyzw"},
		{"precise on some components", 5, 0,
			op(0x00, 3<<19, catWords(dst(OperandTemp, "xy", 0), src(OperandTemp, "xyxx", 1), imm4(f32(1), f32(2), f32(0.5), f32(-1)))...),
			"add [precise(xy)] r0.xy, r1.xyxx, l(1.000000, 2.000000, 0.500000, -1.000000)"},
		{"precise on all components", 5, 0, op(0x38, 0xf<<19, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyzw", 1), src(OperandTemp, "xyzw", 2))...), "mul [precise] r0.xyzw, r1.xyzw, r2.xyzw"},
		{"test zero", 4, 0, op(0x1f, 0, sel(OperandTemp, "x", 0)...), "if_z r0.x"},
		{"test nonzero", 4, 0, op(0x03, 1<<18, sel(OperandTemp, "y", 0)...), "breakc_nz r0.y"},
		{"untyped immediates guessed per component", 4, 0, op(0x36, 0, catWords(dst(OperandTemp, "xyzw", 0), imm4(f32(1), 0, 0xffffffff, 0x80000000))...), "mov r0.xyzw, l(1.000000,0,-1,-0.000000)"},
		{"integer immediates", 4, 0, op(0x1e, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandTemp, "x", 0), imm1(0xfffffffc))...), "iadd r0.x, r0.x, l(-4)"},
		{"large integer immediates in hex", 4, 0, op(0x01, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandTemp, "x", 0), imm1(0x3f800000))...), "and r0.x, r0.x, l(0x3f800000)"},
		{"double immediates", 5, 0,
			op(0xc7, 0, catWords(dst(OperandTemp, "xy", 0), []uint32{otok(comp4, 0, 0, OperandImmediate64, 0), 0, 0x3ff00000, 0, 0x40000000})...),
			"dmov r0.xy, d(1.000000l, 2.000000l)"},
		{"sample offsets in SM4", 4, 0,
			op(0x45, 1<<31, catWords([]uint32{1 | 0xf<<9}, dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0), src(OperandResource, "xyzw", 0), []uint32{otok(comp0, 0, 0, OperandSampler, 1, 0), 0})...),
			"sample_aoffimmi(-1,0,0) r0.xyzw, v0.xyxx, t0.xyzw, s0"},
		{"resource dimension and return type", 5, 0,
			op(0x2d, 1<<31, catWords([]uint32{2 | 3<<6 | 1<<31, 3 | 0x5555<<6}, dst(OperandTemp, "xyzw", 0), imm4(0, 0, 0, 0), src(OperandResource, "xyzw", 0))...),
			"ld_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0, 0, 0, 0), t0.xyzw"},
		{"structured buffer stride", 5, 0,
			op(0xa7, 1<<31, catWords([]uint32{2 | 12<<6 | 16<<11 | 1<<31, 3 | 0x6666<<6}, dst(OperandTemp, "x", 0), sel(OperandInput, "x", 0), imm1(4), src(OperandResource, "xxxx", 0))...),
			"ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r0.x, v0.x, l(4), t0.xxxx"},
		{"resinfo return type", 4, 0, op(0x3d, 2<<11, catWords(dst(OperandTemp, "xy", 0), imm1(0), src(OperandResource, "xyzw", 0))...), "resinfo_uint r0.xy, l(0), t0.xyzw"},
		{"sync flags", 5, 0, op(0xbe, 0xf<<11), "sync_uglobal_ugroup_g_t"},
		{"minimum precision conversion", 5, 0,
			op(0x00, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 1<<14, 1}, sel(OperandTemp, "x", 2))...),
			"add r0.x, r1.x {min16f as def32}, r2.x"},
		{"SM5.1 constant buffer, 3D", 5, 1,
			op(0x36, 0, catWords(dst(OperandTemp, "xyzw", 0), []uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 3, 0, 0, 0), 0, 0, 3})...),
			"mov r0.xyzw, CB0[0][3].xyzw"},
		{"SM5.1 constant buffer with relative offset", 5, 1,
			op(0x36, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandConstantBuffer, 3, 0, 0, 3), 1, 2, 4}, sel(OperandTemp, "y", 2))...),
			"mov r0.x, CB1[2][r2.y + 4].x"},
		{"SM5.1 resource and sampler, 2D", 5, 1,
			op(0x45, 0, catWords(dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0),
				[]uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandResource, 2, 0, 3), 1, 10}, sel(OperandTemp, "x", 1),
				[]uint32{otok(comp0, 0, 0, OperandSampler, 2, 0, 0), 0, 5})...),
			"sample r0.xyzw, v0.xyxx, T1[r1.x + 10].xyzw, S0[5]"},
		{"SM5.1 constant buffer declaration", 5, 1,
			op(0x59, 0, otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 3, 0, 0, 0), 0, 0, 0, 3, 0),
			"dcl_constantbuffer CB0[0:0][3], immediateIndexed, space=0"},
		{"SM5.1 unbounded resource range", 5, 1,
			op(0x58, 3<<11, otok(comp0, 0, 0, OperandResource, 3, 0, 0, 0), 1, 10, 0xffffffff, 0x5555, 0),
			"dcl_resource_texture2d (float,float,float,float) T1[10:*], space=0"},
		{"SM5.1 sampler declaration", 5, 1,
			op(0x5a, 0, otok(comp0, 0, 0, OperandSampler, 3, 0, 0, 0), 0, 5, 5, 2),
			"dcl_sampler S0[5:5], mode_default, space=2"},
		{"SM5.0 constant buffer declaration", 5, 0,
			op(0x59, 1<<11, otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 2, 0, 0), 2, 12),
			"dcl_constantbuffer CB2[12], dynamicIndexed"},
		{"input with interpolation and system value", 4, 0,
			op(0x64, 4<<11, catWords(dst(OperandInput, "xy", 0), []uint32{1})...),
			"dcl_input_ps_siv linear noperspective v0.xy, position"},
		{"immediate constant buffer", 4, 0,
			[]uint32{0x35 | 3<<11, 6, f32(1), 0, 0xffffffff, 0x00012345},
			"dcl_immediateConstantBuffer { { 1.000000, 0, -1, 0x00012345} }"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _, out := decodeStream(stream(0, tc.major, tc.minor, tc.words))
			for _, p := range out.Problems {
				t.Errorf("unexpected problem: %s", p)
			}
			if len(s.Instructions) != 1 {
				t.Fatalf("%d instructions, want 1", len(s.Instructions))
			}
			in := s.Instructions[0]
			if got := normalizeLine(in.Text); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if in.Offset != testBase+8 || in.Size != int64(4*len(tc.words)) {
				t.Errorf("offset/size %#x/%d, want %#x/%d", in.Offset, in.Size, testBase+8, 4*len(tc.words))
			}
		})
	}
}

func TestListingIndentsControlFlow(t *testing.T) {
	s, _, _ := decodeStream(stream(0, 4, 0,
		op(0x1f, 1<<18, sel(OperandTemp, "x", 0)...),
		op(0x30, 0),
		op(0x02, 0),
		op(0x16, 0),
		op(0x12, 0),
		op(0x3a, 0),
		op(0x15, 0),
		op(0x3e, 0),
	))
	want := "ps_4_0\nif_nz r0.x\n  loop\n    break\n  endloop\nelse\n  nop\nendif\nret\n"
	if got := s.Listing(); got != want {
		t.Errorf("listing:\n%s\nwant:\n%s", got, want)
	}
}

func TestInstructionSpans(t *testing.T) {
	b := stream(1, 5, 0,
		op(0x68, 0, 2),
		op(0x36, 0, catWords(dst(OperandOutput, "xyzw", 0), src(OperandInput, "xyzw", 0))...),
		op(0x3e, 0))
	s, p, out := decodeStream(b)
	if p.Summary != "vs_5_0, 3 instructions" {
		t.Errorf("summary %q", p.Summary)
	}
	// Each instruction, and each of its dwords named by kind (the opcode
	// token's length in bits 24-30, the operand tokens' register files
	// output 2 and input 1 in bits 12-19, swizzle xyzw 0xe4, one index).
	tok := func(path string, off int64, v string) Span {
		return Span{Path: path, Off: testBase + off, Size: 4, Kind: SpanField, Value: v}
	}
	want := []Span{
		tok("SHEX/Instructions/0/OpcodeToken/0", 8, "0x02000068"),
		tok("SHEX/Instructions/0/Count/0", 12, "0x00000002"),
		{Path: "SHEX/Instructions/0", Off: testBase + 8, Size: 8, Kind: SpanStruct, Value: "dcl_temps 2"},
		tok("SHEX/Instructions/1/OpcodeToken/0", 16, "0x05000036"),
		tok("SHEX/Instructions/1/OperandToken/0", 20, "0x001020f2"),
		tok("SHEX/Instructions/1/Index/0", 24, "0x00000000"),
		tok("SHEX/Instructions/1/OperandToken/1", 28, "0x00101e46"),
		tok("SHEX/Instructions/1/Index/1", 32, "0x00000000"),
		{Path: "SHEX/Instructions/1", Off: testBase + 16, Size: 20, Kind: SpanStruct, Value: "mov o0.xyzw, v0.xyzw"},
		tok("SHEX/Instructions/2/OpcodeToken/0", 36, "0x0100003e"),
		{Path: "SHEX/Instructions/2", Off: testBase + 36, Size: 4, Kind: SpanStruct, Value: "ret"},
	}
	var got []Span
	for _, sp := range out.Spans {
		if strings.HasPrefix(sp.Path, "SHEX/Instructions") {
			got = append(got, sp)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("spans %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("span %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if s.LengthInDwords != uint32(len(b)/4) || s.ProgramType != 1 || s.Major != 5 || s.Minor != 0 {
		t.Errorf("header %+v", s)
	}
	if gaps := binread.FillGaps(out.Spans, testBase, testBase+int64(len(b)), "SHEX/Unknown"); len(gaps) != 0 {
		t.Errorf("bytes left unclaimed: %+v", gaps)
	}
}

func TestMalformedStreams(t *testing.T) {
	ret := op(0x3e, 0)
	tests := []struct {
		name      string
		b         []byte
		wantOff   int64 // offset of the first Error
		wantText  []string
		wantError string
	}{
		{"zero-length instruction", stream(0, 4, 0, ret, []uint32{0x36}, ret), testBase + 12, []string{"ret"}, "length 0"},
		{"length past the end", stream(0, 4, 0, ret, []uint32{0x36 | 9<<24, 0}), testBase + 12, []string{"ret"}, "past the end"},
		{"unknown opcode, listing continues", stream(0, 4, 0, op(0x7ff, 0, 1), ret), testBase + 8, []string{"unknown_opcode_2047", "ret"}, "unknown opcode"},
		{"operands run out", stream(0, 4, 0, op(0x36, 0, dst(OperandTemp, "x", 0)...), ret), testBase + 8, []string{"mov r0.x, ? <truncated>", "ret"}, "ends"},
		{"custom data without length", stream(0, 4, 0, ret, []uint32{0x35}), testBase + 12, []string{"ret"}, "no length"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _, out := decodeStream(tc.b)
			var texts []string
			for _, in := range s.Instructions {
				texts = append(texts, in.Text)
			}
			if strings.Join(texts, "|") != strings.Join(tc.wantText, "|") {
				t.Errorf("instructions %q, want %q", texts, tc.wantText)
			}
			var first *Problem
			for i, p := range out.Problems {
				if p.Severity == Error {
					first = &out.Problems[i]
					break
				}
			}
			if first == nil {
				t.Fatalf("no Error reported; problems: %v", out.Problems)
			}
			if first.Offset != tc.wantOff || !strings.Contains(first.Message, tc.wantError) {
				t.Errorf("first error at %#x %q, want %#x containing %q", first.Offset, first.Message, tc.wantOff, tc.wantError)
			}
		})
	}
}

func TestStreamLengthDisagreesWithPart(t *testing.T) {
	b := stream(0, 4, 0, op(0x3e, 0))
	binary.LittleEndian.PutUint32(b[4:], 100)
	s, _, out := decodeStream(b)
	if len(s.Instructions) != 1 || s.Instructions[0].Text != "ret" {
		t.Errorf("instructions %+v", s.Instructions)
	}
	if len(out.Problems) == 0 || out.Problems[0].Severity != Error || out.Problems[0].Offset != testBase+4 {
		t.Errorf("problems %v, want an Error at the length token", out.Problems)
	}

	// A stream shorter than its part leaves the rest visible, with a warning.
	b = append(stream(0, 4, 0, op(0x3e, 0)), 0, 0, 0, 0)
	_, _, out = decodeStream(b)
	if len(out.Problems) != 1 || out.Problems[0].Severity != Warning || out.Problems[0].Offset != testBase+12 {
		t.Errorf("problems %v, want one Warning at 0x%x", out.Problems, testBase+12)
	}
}

func TestTruncatedStreamsNeverPanic(t *testing.T) {
	b := stream(0, 5, 0,
		op(0x68, 0, 2),
		op(0x45, 1<<31, catWords([]uint32{1 | 0xf<<9}, dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0), src(OperandResource, "xyzw", 0), []uint32{otok(comp0, 0, 0, OperandSampler, 1, 0), 0})...),
		[]uint32{0x35 | 3<<11, 6, 1, 2, 3, 4},
		op(0x3e, 0))
	for n := 0; n <= len(b); n++ {
		decodeStream(b[:n])
	}
}

func TestCommentCustomData(t *testing.T) {
	s, _, out := decodeStream(stream(0, 4, 0, []uint32{0x35, 4, 'h' | 'i'<<8 | '\n'<<16, 0}))
	if len(out.Problems) != 0 || len(s.Instructions) != 1 || s.Instructions[0].Text != `// comment: "hi\n"` {
		t.Errorf("got %+v, problems %v", s.Instructions, out.Problems)
	}
}
