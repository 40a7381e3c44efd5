package text

import (
	"testing"

	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// TestFloatText checks LLVM 3.7's float spelling on values worked out by hand:
// %e when it reads back exactly, else the value as a double in hex.
func TestFloatText(t *testing.T) {
	for _, c := range []struct {
		kind ir.TypeKind
		bits uint64
		want string
	}{
		{ir.TypeFloat, 0x00000000, "0.000000e+00"},
		{ir.TypeFloat, 0x80000000, "-0.000000e+00"},
		{ir.TypeFloat, 0x3f800000, "1.000000e+00"},
		{ir.TypeFloat, 0x3f000000, "5.000000e-01"},
		{ir.TypeFloat, 0x3dcccccd, "0x3FB99999A0000000"}, // 0.1f is not 0.1
		{ir.TypeFloat, 0x3a800000, "9.765625e-04"},       // 2^-10 has 7 significant digits: %e keeps them
		{ir.TypeFloat, 0x7f800000, "0x7FF0000000000000"}, // +inf
		{ir.TypeDouble, 0x3ff0000000000000, "1.000000e+00"},
		{ir.TypeDouble, 0x3fb999999999999a, "1.000000e-01"},       // the double 0.1 reads back from %e
		{ir.TypeDouble, 0x3fbf9add3739635f, "0x3FBF9ADD3739635F"}, // 0.123456789 needs more digits
		{ir.TypeHalf, 0x3c00, "0xH3C00"},
	} {
		if got := FloatText(c.kind, c.bits); got != c.want {
			t.Errorf("FloatText(%v, %#x) = %q, want %q", c.kind, c.bits, got, c.want)
		}
	}
}

// TestLLVMNames checks PrintLLVMName's quoting rules.
func TestLLVMNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"main", "@main"},
		{"dx.op.storeOutput.f32", "@dx.op.storeOutput.f32"},
		{"\x01?main@@YAXXZ", `@"\01?main@@YAXXZ"`},
		{"$Globals", `@"$Globals"`},
		{"1abc", `@"1abc"`},
		{`a"b\c`, `@"a\22b\5Cc"`},
	} {
		if got := llvmName("@", c.in); got != c.want {
			t.Errorf("llvmName(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestResourceProps checks the AnnotateHandle comment against
// DxilResourceProperties layouts worked out by hand.
func TestResourceProps(t *testing.T) {
	for _, c := range []struct {
		d0, d1 uint32
		want   string
	}{
		{13, 32, "CBuffer"},
		{14, 0, "SamplerState"},
		{14 | 1<<15, 0, "SamplerComparisonState"},
		{2, 9 | 4<<8, "Texture2D<4xF32>"},
		{2 | 1<<12, 4 | 1<<8, "RWTexture2D<I32>"},
		{11 | 1<<12, 0, "RWByteAddressBuffer"},
		{12, 16, "StructuredBuffer<stride=16>"},
		{12 | 1<<12 | 1<<15, 4, "RWStructuredBuffer<stride=4, counter>"},
		{10 | 1<<12 | 1<<13, 9, "ROVTypedBuffer<F32>"},
	} {
		if got := resourceProps(c.d0, c.d1); got != c.want {
			t.Errorf("resourceProps(%#x, %#x) = %q, want %q", c.d0, c.d1, got, c.want)
		}
	}
}

// TestLineAtBitRoundTrips: every instruction line's first bit finds that line again.
func TestLineAtBitRoundTrips(t *testing.T) {
	mods := smallModules(t, 2)
	n := 0
	for _, bc := range mods {
		lines := DisassembleIR(ir.Decode(bc, 64, "DXIL"))
		for i, l := range lines {
			if l.Inst < 0 {
				continue
			}
			j := LineAtBit(lines, l.Bit+l.Bits/2)
			if j < 0 || lines[j].Inst != l.Inst || lines[j].Func != l.Func {
				t.Fatalf("line %d (%q) at bit %d: LineAtBit gives %d", i, l.Text, l.Bit, j)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no instruction lines")
	}
}
