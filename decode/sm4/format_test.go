package sm4

import (
	"math"
	"strconv"
	"testing"
)

// TestFormatFloatTiesAway checks %f at exact halfway cases: the older
// Microsoft C runtime rounds them away from zero (presentPS's listing:
// 18.851563), Go and the Universal CRT to even (DirectXTK12: 18.851562).
func TestFormatFloatTiesAway(t *testing.T) {
	tests := []struct {
		f          float64
		away, even string
	}{
		{18.8515625, "18.851563", "18.851562"},
		{-18.8515625, "-18.851563", "-18.851562"},
		{0.0078125, "0.007813", "0.007812"},
		{-0.0078125, "-0.007813", "-0.007812"},
		{0.8359375, "0.835938", "0.835938"}, // the odd digit rounds up under both rules
		{0.0234375, "0.023438", "0.023438"},
		{0.1, "0.100000", "0.100000"}, // not a tie
		{1.5, "1.500000", "1.500000"},
		{0.00000049, "0.000000", "0.000000"},
		{float64(float32(0.333333343)), "0.333333", "0.333333"},
		{math.Inf(1), "1.#INF00", "1.#INF00"},
	}
	for _, tc := range tests {
		if got := FormatFloatTiesAway(tc.f); got != tc.away {
			t.Errorf("FormatFloatTiesAway(%v) = %s, want %s", tc.f, got, tc.away)
		}
		if got := formatFloat(tc.f); got != tc.even {
			t.Errorf("formatFloat(%v) = %s, want %s", tc.f, got, tc.even)
		}
	}
}

// TestStyle checks the spellings Style selects, on instructions decoded
// from tokens: FXC 9.x's cb0[1] (the vkd3d test listings), the older C
// runtime's rounding of ties (presentPS's 10.1 listing: 18.851563), which
// reaches every float literal of an operand, typed or guessed, and the
// immediate constant buffer's values (FXC 9.30's listings print those with
// the same C runtime: 17 significant digits, TestSeventeenDigits), and FXC
// 6.3.9600's (and 9.30.9200's) dcl_input_ps_sgv without an interpolation mode
// (issue 25), which leaves the other input declarations alone, and FXC 9.x's
// and 6.3's blank after dcl_resource_structured (SlimShader's 9.29 and 9.30
// listings, DirectXTex's of 2013; its 10.x copies of 2016-2019 have none).
func TestStyle(t *testing.T) {
	tie, odd := f32(18.8515625), f32(0.8359375)
	s, out := decodeStream(stream(0, 5, 0,
		op(OpDclConstantBuffer, 0, otok(comp4, selSwizzle, swz("xyzw"), OperandConstantBuffer, 2, 0, 0), 0, 1),
		op(OpMad, 0, catWords(dst(OperandTemp, "xyz", 1), src(OperandTemp, "xyzx", 0), imm4(tie, tie, tie, 0), imm4(odd, odd, odd, 0))...),
		op(OpMov, 0, catWords(dst(OperandTemp, "xyz", 0), imm4(f32(0.0078125), 1, 0, 0))...),
		[]uint32{uint32(OpCustomData) | 3<<11, 6, tie, 0, 0, 0},
		op(OpDclInputPSSGV, 1<<11, catWords(dst(OperandInput, "x", 2), []uint32{9})...),
		op(OpDclInputPSSIV, 4<<11, catWords(dst(OperandInput, "xy", 0), []uint32{1})...),
		op(OpDclResourceStructured, 0, otok(comp0, 0, 0, OperandResource, 1, 0), 1, 16),
		op(OpDiscard, 1<<18, sel(OperandTemp, "y", 0)...),
		// An extended token of sample controls: texel offsets (-3, 0, 0).
		op(OpSample, 1<<31, catWords([]uint32{1 | 0xd<<9}, dst(OperandTemp, "xyz", 0), src(OperandInput, "xyxx", 1),
			src(OperandResource, "xyzw", 0), []uint32{otok(comp0, 0, 0, OperandSampler, 1, 0), 0})...),
	))
	if len(out.Problems) != 0 || len(s.Instructions) != 9 {
		t.Fatalf("%d instructions, problems %v", len(s.Instructions), out.Problems)
	}
	tests := []struct {
		st   Style
		i    int
		want string
	}{
		{Style{}, 0, "dcl_constantbuffer CB0[1], immediateIndexed"},
		{Style{LowerCaseCB: true}, 0, "dcl_constantbuffer cb0[1], immediateIndexed"},
		{Style{}, 1, "mad r1.xyz, r0.xyzx, l(18.851562, 18.851562, 18.851562, 0.000000), l(0.835938, 0.835938, 0.835938, 0.000000)"},
		{Style{FloatTiesAway: true}, 1, "mad r1.xyz, r0.xyzx, l(18.851563, 18.851563, 18.851563, 0.000000), l(0.835938, 0.835938, 0.835938, 0.000000)"},
		{Style{FloatTiesAway: true}, 2, "mov r0.xyz, l(0.007813,1,0,0)"},
		{Style{}, 3, "dcl_immediateConstantBuffer { { 18.851562, 0, 0, 0} }"},
		{Style{FloatTiesAway: true}, 3, "dcl_immediateConstantBuffer { { 18.851563, 0, 0, 0} }"},
		{Style{}, 4, "dcl_input_ps_sgv constant v2.x, is_front_face"},
		{Style{OmitSGVInterpolation: true}, 4, "dcl_input_ps_sgv v2.x, is_front_face"},
		{Style{OmitSGVInterpolation: true}, 5, "dcl_input_ps_siv linear noperspective v0.xy, position"},
		{Style{}, 6, "dcl_resource_structured t1, 16"},
		{Style{StructuredBlank: true}, 6, "dcl_resource_structured t1, 16 "},
		// Effekseer's FXC 9.29.952 listings.
		{Style{}, 7, "discard_nz r0.y"},
		{Style{BareDiscard: true}, 7, "discard r0.y"},
		{Style{}, 8, "sample_aoffimmi(-3,0,0) r0.xyz, v1.xyxx, t0.xyzw, s0"},
		{Style{BareTexelOffsets: true}, 8, "sample(-3,0,0) r0.xyz, v1.xyxx, t0.xyzw, s0"},
	}
	for _, tc := range tests {
		if got := Format(&s.Instructions[tc.i], tc.st); got != tc.want {
			t.Errorf("%+v %d: got %q, want %q", tc.st, tc.i, got, tc.want)
		}
	}
}

// TestSeventeenDigits: the C runtime FXC prints with writes %f with 17
// significant digits and zeros after them (rounded at the 17th). The
// values are float literals of the SDK's BC7Encode compute shader as FXC
// 9.30.9200's listing prints them (kept by SlimShader's tests), beside the
// exact expansion the Universal CRT, and formatFloat, write.
func TestSeventeenDigits(t *testing.T) {
	for _, tc := range []struct{ exact, fxc string }{
		{"-649211347377382870840004092887040.000000", "-649211347377382870000000000000000.000000"},
		{"-158533394049529107796975419392.000000", "-158533394049529110000000000000.000000"},
		{"-170146051238774108132589051056192749568.000000", "-170146051238774110000000000000000000000.000000"},
		{"-40945461174657351680.000000", "-40945461174657352000.000000"},
		{"272202749625043509051392.000000", "272202749625043510000000.000000"},
		{"151823044794904947458048.000000", "151823044794904950000000.000000"},
	} {
		f, err := strconv.ParseFloat(tc.exact, 64)
		if err != nil || float64(float32(f)) != f {
			t.Fatalf("%s is not a float32: %v", tc.exact, err)
		}
		if got := formatFloat(f); got != tc.exact {
			t.Errorf("formatFloat(%s) = %s", tc.exact, got)
		}
		if got := FormatFloatTiesAway(f); got != tc.fxc {
			t.Errorf("FormatFloatTiesAway(%s) = %s, want FXC's %s", tc.exact, got, tc.fxc)
		}
	}
	// Below 10^17 every digit is written: 17 or fewer before the point.
	if got := FormatFloatTiesAway(99999998430674944); got != "99999998430674944.000000" {
		t.Errorf("FormatFloatTiesAway(99999998430674944) = %s", got)
	}
}
