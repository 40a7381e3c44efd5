package decode

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// TestRTS012AsLLVMWritesIt assembles, by hand, the RTS0 part of LLVM's
// llvm/test/ObjectYAML/DXContainer/RootSignature-StaticSamplers1.3.yaml
// (llvm-project a373bec; LLVM 19's yaml2obj predates RTS0): version 3
// (root signature 1.2), no parameters, one static sampler of 56 bytes (the
// 52 of D3D12_STATIC_SAMPLER_DESC and the 1.2 Flags word), 80 bytes in all
// as the YAML's Size says, and checks every value the YAML gives.
func TestRTS012AsLLVMWritesIt(t *testing.T) {
	u := func(b []byte, v ...uint32) []byte {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		return b
	}
	f32 := func(v float32) uint32 { return math.Float32bits(v) }
	var b []byte
	// Version, NumRootParameters, RootParametersOffset, NumStaticSamplers,
	// StaticSamplersOffset, Flags (AllowInputAssemblerInputLayout 0x1 |
	// DenyGeometryShaderRootAccess 0x10).
	b = u(b, 3, 0, 24, 1, 24, 0x11)
	// Filter MinLinearMagMipPoint (0x10), AddressU Wrap (1), V Mirror (2),
	// W MirrorOnce (5), MipLODBias 1.23, MaxAnisotropy 20, ComparisonFunc
	// LessEqual (4), BorderColor TransparentBlack (0), MinLOD 4.56, MaxLOD
	// 8.90, ShaderRegister 31, RegisterSpace 32, ShaderVisibility Mesh (7),
	// Flags SAMPLER_FLAG_UINT_BORDER_COLOR (1).
	b = u(b, 0x10, 1, 2, 5, f32(1.23), 20, 4, 0, f32(4.56), f32(8.90), 31, 32, 7, 1)
	if len(b) != 80 {
		t.Fatalf("assembled %d bytes, the YAML says 80", len(b))
	}
	f, err := Parse(buildContainer(testPart{"RTS0", b}))
	if err != nil {
		t.Fatal(err)
	}
	// LLVM's test sampler asks for MaxAnisotropy 20, which D3D12 refuses
	// (D3D12_MAX_MAXANISOTROPY is 16): that is the one problem.
	var probs []string
	for _, p := range f.Problems {
		if p.Part == "RTS0" {
			probs = append(probs, p.Message)
		}
	}
	if len(probs) != 1 || !strings.Contains(probs[0], "MaxAnisotropy 20") {
		t.Errorf("problems %q, want the one about MaxAnisotropy 20", probs)
	}
	rs := f.Part("RTS0").RootSignature
	if rs == nil || rs.Version != 3 || len(rs.Samplers) != 1 || !rs.AllowInputAssemblerInputLayout || !rs.DenyGeometryShaderRootAccess {
		t.Fatalf("root signature %+v", rs)
	}
	s := rs.Samplers[0]
	got := []string{s.Filter.String(), s.AddressU.String(), s.AddressV.String(), s.AddressW.String(), s.ComparisonFunc.String(),
		s.BorderColor.String(), s.ShaderVisibility.String()}
	want := []string{"MinLinearMagMipPoint", "Wrap", "Mirror", "MirrorOnce", "LessEqual", "TransparentBlack", "Mesh"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("enums %v, want %v", got, want)
	}
	if s.MipLODBias != 1.23 || s.MaxAnisotropy != 20 || s.MinLOD != 4.56 || s.MaxLOD != 8.90 || s.ShaderRegister != 31 || s.RegisterSpace != 32 {
		t.Errorf("sampler %+v", s)
	}
	if s.Flags != 1 || !s.UintBorderColor || s.NonNormalizedCoordinates {
		t.Errorf("flags %d uint border %t non-normalized %t", s.Flags, s.UintBorderColor, s.NonNormalizedCoordinates)
	}
	if h := rs.HLSL(); !strings.Contains(h, "flags = UINT_BORDER_COLOR") || !strings.Contains(h, "SHADER_VISIBILITY_MESH") {
		t.Errorf("HLSL:\n%s", h)
	}
}
