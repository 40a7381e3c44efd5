package decode

import (
	"math"
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

func TestStyledText(t *testing.T) {
	s := &ShaderBytecode{Instructions: []Instruction{
		{Opcode: OpDclConstantBuffer, Text: "dcl_constantbuffer CB0[1], immediateIndexed"},
		{Text: "mad r1.xyz, r0.xyzx, l(18.851562, 18.851562, 18.851562, 0.000000), l(0.835938, 0.835938, 0.835938, 0.000000)", Operands: []Operand{
			{Text: "r1.xyz"}, {Text: "r0.xyzx"},
			{Text: "l(18.851562, 18.851562, 18.851562, 0.000000)", Immediate: []uint32{math.Float32bits(18.8515625), math.Float32bits(18.8515625), math.Float32bits(18.8515625), 0}},
			{Text: "l(0.835938, 0.835938, 0.835938, 0.000000)", Immediate: []uint32{math.Float32bits(0.8359375), math.Float32bits(0.8359375), math.Float32bits(0.8359375), 0}},
		}},
		{Text: "mov r0.xyz, l(0.007812,1,0,0)", Operands: []Operand{{Text: "r0.xyz"}, {Text: "l(0.007812,1,0,0)", Immediate: []uint32{math.Float32bits(0.0078125), 1, 0, 0}}}},
	}}
	tests := []struct {
		st   ListingStyle
		i    int
		want string
	}{
		{ListingStyle{}, 0, "dcl_constantbuffer CB0[1], immediateIndexed"},
		{ListingStyle{LowerCaseCB: true}, 0, "dcl_constantbuffer cb0[1], immediateIndexed"},
		{ListingStyle{}, 1, s.Instructions[1].Text},
		{ListingStyle{FloatTiesAway: true}, 1, "mad r1.xyz, r0.xyzx, l(18.851563, 18.851563, 18.851563, 0.000000), l(0.835938, 0.835938, 0.835938, 0.000000)"},
		{ListingStyle{FloatTiesAway: true}, 2, "mov r0.xyz, l(0.007813,1,0,0)"},
	}
	for _, tc := range tests {
		if got := s.StyledText(tc.i, tc.st); got != tc.want {
			t.Errorf("%+v %d: got %q, want %q", tc.st, tc.i, got, tc.want)
		}
	}
}
