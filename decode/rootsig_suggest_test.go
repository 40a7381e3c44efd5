package decode

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestSuggestedRootSignatureServesEveryCorpusShader suggests a root
// signature for each shader of the corpus alone and holds it to what D3D12
// and DXC's verifier ask of one: it compiles at every version, the decoder
// reads the bytes back without a problem (no register claimed twice, at
// most 64 DWORDs, DXC's verifier's rules), and it covers every binding of
// the shader as RootSignatureCovers checks it (the rules
// TestRootSignatureGivenAsD3D12Decides holds to D3D12's answers).
func TestSuggestedRootSignatureServesEveryCorpusShader(t *testing.T) {
	var n, bound, unbounded, spaces, ia, libs, stages int
	for _, e := range corpus.Entries(t) {
		if e.Stage != "lib" && e.Stage != "none" {
			stages++ // a shader, as the manifest says
		}
		f := parseFile(t, e.Path)
		if f.Identity().Stage == "" {
			continue
		}
		text, probs := SuggestRootSignature(f)
		if len(probs) > 0 {
			if strings.Contains(probs[0].Message, "library") {
				libs++
				continue
			}
			if _, from := f.shaderBindings(); from == "" {
				continue
			}
			t.Errorf("%s: %v", e.Rel, probs)
			continue
		}
		n++
		if text != "" {
			bound++
		}
		unbounded += strings.Count(text, "unbounded")
		spaces += strings.Count(text, "space =")
		if strings.HasPrefix(text, "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT)") {
			ia++
		}
		for _, v := range []uint32{rootsig.Version1_0, rootsig.Version1_1, rootsig.Version1_2} {
			rs, err := rootsig.Parse(text, v)
			if err != nil {
				t.Errorf("%s: version %d: the suggestion does not compile: %v\n%s", e.Rel, v, err, text)
				continue
			}
			rts0 := rootsig.Encode(rs, v)
			for _, p := range RootSignatureErrors(rts0) {
				t.Errorf("%s: version %d: D3D12 would not take the suggestion: %v\n%s", e.Rel, v, p, text)
			}
			for _, p := range f.RootSignatureCovers(rts0) {
				t.Errorf("%s: version %d: the suggestion does not serve the shader: %v\n%s", e.Rel, v, p, text)
			}
		}
	}
	t.Logf("%d shaders served (%d bind something; %d unbounded ranges, %d ranges in a space other than 0, %d with the input assembler); %d libraries refused", n, bound, unbounded, spaces, ia, libs)
	if n < stages*9/10 {
		t.Errorf("only %d shaders of the manifest's %d", n, stages)
	}
}

// The suggestion for real shaders, written by hand from the compiler's
// listing ("Resource Bindings") or the HLSL source beside them: the
// registers each binds, one constant buffer of one register as a
// root CBV, the rest in tables by visibility, samplers apart.
func TestSuggestedRootSignatureOfListedShaders(t *testing.T) {
	for _, c := range []struct{ rel, want string }{
		// g_sampler s0, g_scene t0, g_ui t1, RootConstants cb0.
		{"real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc",
			"CBV(b0, visibility = SHADER_VISIBILITY_PIXEL),\n" +
				"DescriptorTable(SRV(t0, numDescriptors = 2), visibility = SHADER_VISIBILITY_PIXEL),\n" +
				"DescriptorTable(Sampler(s0), visibility = SHADER_VISIBILITY_PIXEL)"},
		// A compute shader (visible to all), SM 5.1, one register of each
		// kind in its own space: CBuf b1 space1; Buf, AddrBuf,
		// StructuredBuf t1 in spaces 2 to 4, Tex t1 space9; RWBuf,
		// RWAddrBuf, RWStructuredBuf, RWStructuredBufResult u1 in spaces 5
		// to 8, RWTex u1 space10; Samp s1 space11, StaticSamp s1 space12.
		{"real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__cs_code_dxbc.dxbc",
			"CBV(b1, space = 1),\n" +
				"DescriptorTable(SRV(t1, space = 2), SRV(t1, space = 3), SRV(t1, space = 4), SRV(t1, space = 9), " +
				"UAV(u1, space = 5), UAV(u1, space = 6), UAV(u1, space = 7), UAV(u1, space = 8), UAV(u1, space = 10)),\n" +
				"DescriptorTable(Sampler(s1, space = 11), Sampler(s1, space = 12))"},
		// cb b2 space1; t1[2] at t2 and t2[] at t4 in space2; u1[2] at u1
		// and u2[] at u3 in space3: each unbounded array a table of its own.
		{"real/ValveSoftware__vkd3d/d3d12.c__cs_code__v2.dxbc",
			"CBV(b2, space = 1),\n" +
				"DescriptorTable(SRV(t2, numDescriptors = 2, space = 2), UAV(u1, numDescriptors = 2, space = 3)),\n" +
				"DescriptorTable(SRV(t4, numDescriptors = unbounded, space = 2)),\n" +
				"DescriptorTable(UAV(u3, numDescriptors = unbounded, space = 3))"},
	} {
		_, b := corpus.File(t, c.rel)
		f, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if text, probs := SuggestRootSignature(f); text != c.want || len(probs) != 0 {
			t.Errorf("%s:\n%s\n%v\nwant\n%s", c.rel, text, probs, c.want)
		}
	}
}

// A crafted RDEF of thousands of bindings: the suggestion writes at most
// MaxSuggestedRanges ranges, says when there are more, and costs memory in
// proportion to the file.
func TestSuggestedRootSignatureOfManyBindings(t *testing.T) {
	perByte := hostile.PerByte([]int{1000, 2000, 8000}, func(k int) (int, float64) {
		// k textures two registers apart, so none merges with another.
		c := hostile.UncoveredBindingsRDEF(k)
		rdef := c[len(c)-(28+32*k+4):]
		for i := range k {
			binary.LittleEndian.PutUint32(rdef[28+32*i+20:], uint32(2*i))
		}
		f, err := Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		var text string
		var probs []Problem
		alloc, d := corpus.Cost(func() { text, probs = SuggestRootSignature(f) })
		t.Logf("k=%d: %v, %d bytes allocated, %d bytes of text, %v", k, d, alloc, len(text), probs)
		switch {
		case k <= MaxSuggestedRanges && (len(probs) != 0 || strings.Count(text, "SRV(") != k):
			t.Errorf("k=%d: %d ranges, %v", k, strings.Count(text, "SRV("), probs)
		case k > MaxSuggestedRanges && (text != "" || len(probs) != 1 || !strings.Contains(probs[0].Message, "more than 1024")):
			t.Errorf("k=%d: %d bytes of text, %v", k, len(text), probs)
		}
		return len(c), float64(alloc)
	})
	if perByte[2] > 1.5*perByte[0]+1 {
		t.Errorf("allocation per input byte grows with the input: %.1f", perByte)
	}
}

// What no root signature can hold is left out and said: a binding in the
// register spaces D3D12 reserves; a range of 0xFFFFFFFF registers from 0 is
// how a range says unbounded. vkd3d-proton's pixel shader (b0, t0) with its
// PSV0 records changed.
func TestSuggestedRootSignatureOfOddBindings(t *testing.T) {
	_, b := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_shaders.c__ps_code_dxil__v5.dxil")
	f, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	res := f.Part("PSV0").PSVInfo.Resources
	if len(res) != 2 || res[0].Type != PSVCBV || res[1].Type != PSVSRVTyped {
		t.Fatalf("resources %+v", res)
	}
	odd := append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(odd[res[0].Offset+4:], 0xFFFFFFF3)  // b0's space
	binary.LittleEndian.PutUint32(odd[res[1].Offset+12:], 0xFFFFFFFE) // t0's upper bound
	g, err := Parse(odd)
	if err != nil {
		t.Fatal(err)
	}
	text, probs := SuggestRootSignature(g)
	if want := "DescriptorTable(SRV(t0, numDescriptors = unbounded), visibility = SHADER_VISIBILITY_PIXEL)"; text != want {
		t.Errorf("%q, want %q", text, want)
	}
	if len(probs) != 1 || probs[0].Severity != Warning || !strings.Contains(probs[0].Message, "the pixel shader binds 1 register(s) in the spaces D3D12 reserves") {
		t.Errorf("%v", probs)
	}
}

// BenchmarkSuggestRootSignature suggests a root signature for each corpus
// shader that binds something (decoded beforehand): the suggestion alone.
func BenchmarkSuggestRootSignature(b *testing.B) {
	var files []*File
	for _, e := range corpus.Entries(b) {
		f := parseFile(b, e.Path)
		if text, probs := SuggestRootSignature(f); text != "" && len(probs) == 0 {
			files = append(files, f)
		}
	}
	corpus.Bench(b, files, func(f *File) int { return len(f.Data()) }, func(f *File) { SuggestRootSignature(f) })
}
