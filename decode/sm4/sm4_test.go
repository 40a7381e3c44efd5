package sm4

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
func op(code Opcode, ctl uint32, words ...uint32) []uint32 {
	n := uint32(1 + len(words))
	return append([]uint32{uint32(code) | ctl | n<<24}, words...)
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

// decodeStream runs Decode on a payload as the SHEX part does, without the
// container's recover, so a panic fails the test.
func decodeStream(b []byte) (*Program, *report.Sink) {
	out := &report.Sink{}
	r := binread.New(b, testBase, "SHEX", "SHEX", out)
	r.What = "SHEX"
	return Decode(r), out
}

// texts formats every instruction in the default style.
func texts(p *Program) []string {
	if p == nil {
		return nil
	}
	var out []string
	for i := range p.Instructions {
		out = append(out, Format(&p.Instructions[i], Style{}))
	}
	return out
}

func TestOperandEncodings(t *testing.T) {
	rel := func(t OperandType, c string, i uint32) []uint32 { return sel(t, c, i) }
	tests := []struct {
		name         string
		major, minor uint32
		words        []uint32
		want         string
	}{
		{"mask and swizzle", 5, 0, op(OpMov, 0, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyxx", 1))...), "mov r0.xyzw, r1.xyxx"},
		{"select-1", 5, 0, op(OpMov, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandInput, "w", 2))...), "mov r0.x, v2.w"},
		{"constant buffer with immediate plus relative index", 5, 0,
			op(OpMov, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("y"), OperandConstantBuffer, 2, 0, 3), 0, 2}, rel(OperandTemp, "x", 1))...),
			"mov r0.x, cb0[r1.x + 2].y"},
		{"immediate constant buffer with relative index", 5, 0,
			op(OpMov, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("z"), OperandImmConstantBuffer, 1, 2)}, rel(OperandTemp, "w", 3))...),
			"mov r0.x, icb[r3.w + 0].z"},
		{"indexable temp", 5, 0,
			op(OpMov, 0, catWords(dst(OperandTemp, "x", 0),
				[]uint32{otok(comp4, selSelect1, swz("x"), OperandIndexableTemp, 2, 0, 3), 0, 1}, rel(OperandTemp, "y", 1))...),
			"mov r0.x, x0[r1.y + 1].x"},
		{"2D input of a geometry shader", 5, 0,
			op(OpMov, 0, catWords(dst(OperandOutput, "xyzw", 0), []uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandInput, 2, 0, 0), 2, 1})...),
			"mov o0.xyzw, v[2][1].xyzw"},
		{"negate", 5, 0, op(OpMov, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 1<<6, 1})...), "mov r0.x, -r1.x"},
		{"abs", 5, 0, op(OpMov, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 2<<6, 1})...), "mov r0.x, |r1.x|"},
		{"negated abs", 5, 0, op(OpMov, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 3<<6, 1})...), "mov r0.x, -|r1.x|"},
		{"saturate", 4, 0, op(OpMad, 1<<13, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyzw", 1), src(OperandTemp, "xyzw", 2), src(OperandTemp, "xyzw", 3))...), "mad_sat r0.xyzw, r1.xyzw, r2.xyzw, r3.xyzw"},
		{"precise on some components", 5, 0,
			op(OpAdd, 3<<19, catWords(dst(OperandTemp, "xy", 0), src(OperandTemp, "xyxx", 1), imm4(f32(1), f32(2), f32(0.5), f32(-1)))...),
			"add [precise(xy)] r0.xy, r1.xyxx, l(1.000000, 2.000000, 0.500000, -1.000000)"},
		{"precise on all components", 5, 0, op(OpMul, 0xf<<19, catWords(dst(OperandTemp, "xyzw", 0), src(OperandTemp, "xyzw", 1), src(OperandTemp, "xyzw", 2))...), "mul [precise] r0.xyzw, r1.xyzw, r2.xyzw"},
		// Before the resource suffixes: ld_indexable [precise](texture1d)(...),
		// as FXC's disassembler writes it (3Dmigoto's fixtures, issue 25).
		{"precise before the resource suffixes", 5, 0,
			op(OpLdRaw, 1<<31|0xf<<19, catWords([]uint32{2 | 11<<6 | 1<<31, 3 | 0x6666<<6}, dst(OperandTemp, "xyzw", 0), imm1(0), src(OperandResource, "xyzw", 0))...),
			"ld_raw_indexable [precise](raw_buffer)(mixed,mixed,mixed,mixed) r0.xyzw, l(0), t0.xyzw"},
		{"partly precise before the resource suffixes", 5, 0,
			op(OpLd, 1<<31|3<<19, catWords([]uint32{2 | 2<<6 | 1<<31, 3 | 0x5555<<6}, dst(OperandTemp, "xy", 2), imm4(29, 0, 0, 0), src(OperandResource, "xyzw", 120))...),
			"ld_indexable [precise(xy)](texture1d)(float,float,float,float) r2.xy, l(29, 0, 0, 0), t120.xyzw"},
		{"test zero", 4, 0, op(OpIf, 0, sel(OperandTemp, "x", 0)...), "if_z r0.x"},
		{"test nonzero", 4, 0, op(OpBreakc, 1<<18, sel(OperandTemp, "y", 0)...), "breakc_nz r0.y"},
		{"untyped immediates guessed per component", 4, 0, op(OpMov, 0, catWords(dst(OperandTemp, "xyzw", 0), imm4(f32(1), 0, 0xffffffff, 0x80000000))...), "mov r0.xyzw, l(1.000000,0,-1,-0.000000)"},
		{"integer immediates", 4, 0, op(OpIadd, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandTemp, "x", 0), imm1(0xfffffffc))...), "iadd r0.x, r0.x, l(-4)"},
		{"large integer immediates in hex", 4, 0, op(OpAnd, 0, catWords(dst(OperandTemp, "x", 0), sel(OperandTemp, "x", 0), imm1(0x3f800000))...), "and r0.x, r0.x, l(0x3f800000)"},
		{"double immediates", 5, 0,
			op(OpDmov, 0, catWords(dst(OperandTemp, "xy", 0), []uint32{otok(comp4, 0, 0, OperandImmediate64, 0), 0, 0x3ff00000, 0, 0x40000000})...),
			"dmov r0.xy, d(1.000000l, 2.000000l)"},
		{"sample offsets in SM4", 4, 0,
			op(OpSample, 1<<31, catWords([]uint32{1 | 0xf<<9}, dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0), src(OperandResource, "xyzw", 0), []uint32{otok(comp0, 0, 0, OperandSampler, 1, 0), 0})...),
			"sample_aoffimmi(-1,0,0) r0.xyzw, v0.xyxx, t0.xyzw, s0"},
		{"resource dimension and return type", 5, 0,
			op(OpLd, 1<<31, catWords([]uint32{2 | 3<<6 | 1<<31, 3 | 0x5555<<6}, dst(OperandTemp, "xyzw", 0), imm4(0, 0, 0, 0), src(OperandResource, "xyzw", 0))...),
			"ld_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0, 0, 0, 0), t0.xyzw"},
		{"structured buffer stride", 5, 0,
			op(OpLdStructured, 1<<31, catWords([]uint32{2 | 12<<6 | 16<<11 | 1<<31, 3 | 0x6666<<6}, dst(OperandTemp, "x", 0), sel(OperandInput, "x", 0), imm1(4), src(OperandResource, "xxxx", 0))...),
			"ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r0.x, v0.x, l(4), t0.xxxx"},
		{"resinfo return type", 4, 0, op(OpResInfo, 2<<11, catWords(dst(OperandTemp, "xy", 0), imm1(0), src(OperandResource, "xyzw", 0))...), "resinfo_uint r0.xy, l(0), t0.xyzw"},
		{"sync flags", 5, 0, op(OpSync, 0xf<<11), "sync_uglobal_ugroup_g_t"},
		{"minimum precision conversion", 5, 0,
			op(OpAdd, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandTemp, 1, 0) | 1<<31, 1 | 1<<14, 1}, sel(OperandTemp, "x", 2))...),
			"add r0.x, r1.x {min16f as def32}, r2.x"},
		{"SM5.1 constant buffer, 3D", 5, 1,
			op(OpMov, 0, catWords(dst(OperandTemp, "xyzw", 0), []uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 3, 0, 0, 0), 0, 0, 3})...),
			"mov r0.xyzw, CB0[0][3].xyzw"},
		{"SM5.1 constant buffer with relative offset", 5, 1,
			op(OpMov, 0, catWords(dst(OperandTemp, "x", 0), []uint32{otok(comp4, selSelect1, 0, OperandConstantBuffer, 3, 0, 0, 3), 1, 2, 4}, sel(OperandTemp, "y", 2))...),
			"mov r0.x, CB1[2][r2.y + 4].x"},
		{"SM5.1 resource and sampler, 2D", 5, 1,
			op(OpSample, 0, catWords(dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0),
				[]uint32{otok(comp4, selSwizzle, swz("xyzw"), OperandResource, 2, 0, 3), 1, 10}, sel(OperandTemp, "x", 1),
				[]uint32{otok(comp0, 0, 0, OperandSampler, 2, 0, 0), 0, 5})...),
			"sample r0.xyzw, v0.xyxx, T1[r1.x + 10].xyzw, S0[5]"},
		{"SM5.1 constant buffer declaration", 5, 1,
			op(OpDclConstantBuffer, 0, otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 3, 0, 0, 0), 0, 0, 0, 3, 0),
			"dcl_constantbuffer CB0[0:0][3], immediateIndexed, space=0"},
		{"SM5.1 unbounded resource range", 5, 1,
			op(OpDclResource, 3<<11, otok(comp0, 0, 0, OperandResource, 3, 0, 0, 0), 1, 10, 0xffffffff, 0x5555, 0),
			"dcl_resource_texture2d (float,float,float,float) T1[10:*], space=0"},
		{"SM5.1 sampler declaration", 5, 1,
			op(OpDclSampler, 0, otok(comp0, 0, 0, OperandSampler, 3, 0, 0, 0), 0, 5, 5, 2),
			"dcl_sampler S0[5:5], mode_default, space=2"},
		{"SM5.0 constant buffer declaration", 5, 0,
			op(OpDclConstantBuffer, 1<<11, otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 2, 0, 0), 2, 12),
			"dcl_constantbuffer CB2[12], dynamicIndexed"},
		{"input with interpolation and system value", 4, 0,
			op(OpDclInputPSSIV, 4<<11, catWords(dst(OperandInput, "xy", 0), []uint32{1})...),
			"dcl_input_ps_siv linear noperspective v0.xy, position"},
		// FXC lists store_uav_typed's immediate address untyped, without
		// spaces, and ld_uav_typed's typed (issue 25, FXC 10.0.10011 listings).
		{"store_uav_typed immediate address", 5, 0,
			op(OpStoreUAVTyped, 0, catWords(dst(OperandUAV, "xyzw", 0), imm4(1, 1, 1, 1), imm4(1, 1, 1, 1))...),
			"store_uav_typed u0.xyzw, l(1,1,1,1), l(1,1,1,1)"},
		{"ld_uav_typed immediate address", 5, 0,
			op(OpLdUAVTyped, 0, catWords(dst(OperandTemp, "xyzw", 0), imm4(0, 0, 0, 0), src(OperandUAV, "xyzw", 1))...),
			"ld_uav_typed r0.xyzw, l(0, 0, 0, 0), u1.xyzw"},
		{"immediate constant buffer", 4, 0,
			[]uint32{uint32(OpCustomData) | 3<<11, 6, f32(1), 0, 0xffffffff, 0x00012345},
			"dcl_immediateConstantBuffer { { 1.000000, 0, -1, 0x00012345} }"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, out := decodeStream(stream(0, tc.major, tc.minor, tc.words))
			for _, p := range out.Problems {
				t.Errorf("unexpected problem: %s", p)
			}
			if len(s.Instructions) != 1 {
				t.Fatalf("%d instructions, want 1", len(s.Instructions))
			}
			in := s.Instructions[0]
			if got := Format(&in, Style{}); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if in.Offset != testBase+8 || in.Size != int64(4*len(tc.words)) {
				t.Errorf("offset/size %#x/%d, want %#x/%d", in.Offset, in.Size, testBase+8, 4*len(tc.words))
			}
		})
	}
}

func TestListingIndentsControlFlow(t *testing.T) {
	s, _ := decodeStream(stream(0, 4, 0,
		op(OpIf, 1<<18, sel(OperandTemp, "x", 0)...),
		op(OpLoop, 0),
		op(OpBreak, 0),
		op(OpEndloop, 0),
		op(OpElse, 0),
		op(OpNop, 0),
		op(OpEndif, 0),
		op(OpRet, 0),
	))
	want := "if_nz r0.x\n  loop \n    break \n  endloop \nelse \n  nop \nendif \nret \n" // no operands: a blank after the mnemonic, as FXC writes
	var b strings.Builder
	for i, t := range texts(s) {
		b.WriteString(strings.Repeat("  ", s.Instructions[i].Depth) + t + "\n")
	}
	if got := b.String(); got != want {
		t.Errorf("listing:\n%s\nwant:\n%s", got, want)
	}
}

func TestInstructionOffsets(t *testing.T) {
	b := stream(1, 5, 0,
		op(OpDclTemps, 0, 2),
		op(OpMov, 0, catWords(dst(OperandOutput, "xyzw", 0), src(OperandInput, "xyzw", 0))...),
		op(OpRet, 0))
	s, out := decodeStream(b)
	if len(out.Problems) != 0 {
		t.Errorf("problems %v", out.Problems)
	}
	want := []struct {
		off, size int64
		op        Opcode
	}{{testBase + 8, 8, OpDclTemps}, {testBase + 16, 20, OpMov}, {testBase + 36, 4, OpRet}}
	if len(s.Instructions) != len(want) {
		t.Fatalf("%d instructions, want %d", len(s.Instructions), len(want))
	}
	for i, w := range want {
		in := s.Instructions[i]
		if in.Offset != w.off || in.Size != w.size || in.Opcode != w.op {
			t.Errorf("instruction %d: %s at %#x+%d, want %s at %#x+%d", i, in.Opcode, in.Offset, in.Size, w.op, w.off, w.size)
		}
	}
	if s.LengthInDwords != uint32(len(b)/4) || s.Type != VertexShader || s.Major != 5 || s.Minor != 0 || s.Version() != "vs_5_0" {
		t.Errorf("header %+v", s)
	}
	if s.Words != len(b)/4 || s.Undecoded != s.Words {
		t.Errorf("walked %d dwords, undecoded from %d; want %d, none", s.Words, s.Undecoded, len(b)/4)
	}
	// The header tokens and every dword an instruction reads, by its kind,
	// are Decode's spans; the instructions are the caller's.
	var paths []string
	for _, sp := range out.Spans {
		paths = append(paths, sp.Path)
	}
	if strings.Join(paths, " ") != "SHEX/Version SHEX/LengthInDwords SHEX/Instructions/0/OpcodeToken/0 SHEX/Instructions/0/Count/0 "+
		"SHEX/Instructions/1/OpcodeToken/0 SHEX/Instructions/1/OperandToken/0 SHEX/Instructions/1/Index/0 SHEX/Instructions/1/OperandToken/1 SHEX/Instructions/1/Index/1 "+
		"SHEX/Instructions/2/OpcodeToken/0" {
		t.Errorf("spans %q", paths)
	}
}

func TestMalformedStreams(t *testing.T) {
	ret := op(OpRet, 0)
	tests := []struct {
		name      string
		b         []byte
		wantOff   int64 // offset of the first Error
		wantText  []string
		wantError string
	}{
		{"zero-length instruction", stream(0, 4, 0, ret, []uint32{uint32(OpMov)}, ret), testBase + 12, []string{"ret "}, "length 0"},
		{"length past the end", stream(0, 4, 0, ret, []uint32{uint32(OpMov) | 9<<24, 0}), testBase + 12, []string{"ret "}, "past the end"},
		{"unknown opcode, listing continues", stream(0, 4, 0, op(0x7ff, 0, 1), ret), testBase + 8, []string{"unknown_opcode_2047", "ret "}, "unknown opcode"},
		{"operands run out", stream(0, 4, 0, op(OpMov, 0, dst(OperandTemp, "x", 0)...), ret), testBase + 8, []string{"mov r0.x, ? <truncated>", "ret "}, "ends"},
		{"custom data without length", stream(0, 4, 0, ret, []uint32{0x35}), testBase + 12, []string{"ret "}, "no length"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, out := decodeStream(tc.b)
			if got := texts(s); strings.Join(got, "|") != strings.Join(tc.wantText, "|") {
				t.Errorf("instructions %q, want %q", got, tc.wantText)
			}
			var first *report.Problem
			for i, p := range out.Problems {
				if p.Severity == report.Error {
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
	b := stream(0, 4, 0, op(OpRet, 0))
	binary.LittleEndian.PutUint32(b[4:], 100)
	s, out := decodeStream(b)
	if got := texts(s); len(got) != 1 || got[0] != "ret " {
		t.Errorf("instructions %q", got)
	}
	if len(out.Problems) == 0 || out.Problems[0].Severity != report.Error || out.Problems[0].Offset != testBase+4 {
		t.Errorf("problems %v, want an Error at the length token", out.Problems)
	}

	// A stream shorter than its part walks its own length; the caller shows the rest.
	b = append(stream(0, 4, 0, op(OpRet, 0)), 0, 0, 0, 0)
	s, out = decodeStream(b)
	if len(out.Problems) != 0 || s.Words != 3 {
		t.Errorf("walked %d dwords, problems %v; want 3, none", s.Words, out.Problems)
	}
}

func TestTruncatedStreamsNeverPanic(t *testing.T) {
	b := stream(0, 5, 0,
		op(OpDclTemps, 0, 2),
		op(OpSample, 1<<31, catWords([]uint32{1 | 0xf<<9}, dst(OperandTemp, "xyzw", 0), src(OperandInput, "xyxx", 0), src(OperandResource, "xyzw", 0), []uint32{otok(comp0, 0, 0, OperandSampler, 1, 0), 0})...),
		[]uint32{uint32(OpCustomData) | 3<<11, 6, 1, 2, 3, 4},
		op(OpRet, 0))
	for n := 0; n <= len(b); n++ {
		decodeStream(b[:n])
	}
}

func TestCommentCustomData(t *testing.T) {
	s, out := decodeStream(stream(0, 4, 0, []uint32{uint32(OpCustomData), 4, 'h' | 'i'<<8 | '\n'<<16, 0}))
	if got := texts(s); len(out.Problems) != 0 || len(got) != 1 || got[0] != `// comment: "hi\n"` {
		t.Errorf("got %q, problems %v", got, out.Problems)
	}
}
