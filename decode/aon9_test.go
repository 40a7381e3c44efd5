package decode

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/d3d9"
	"github.com/dxscope/dxscope/decode/report"
)

// Tokens of the D3D9 shader token format (D3D9 "Shader Binary Format").
const (
	vs20 = 0xFFFE0200
	ps20 = 0xFFFF0200
)

func d9ins(op d3d9.Opcode, n int) uint32 { return uint32(op) | uint32(n)<<24 }

func d9reg(t d3d9.RegisterType, n uint32) uint32 {
	return 0x80000000 | n&0x7ff | uint32(t&7)<<28 | uint32(t&0x18)<<8
}

func d9dst(t d3d9.RegisterType, n uint32, mask uint32) uint32 { return d9reg(t, n) | mask<<16 }

// swz packs a swizzle written as "xyzw" letters.
func d9swz(s string) uint32 {
	var v uint32
	for i := 0; i < 4; i++ {
		v |= uint32(strings.IndexByte("xyzw", s[i])) << (2 * i)
	}
	return v << 16
}

func d9src(t d3d9.RegisterType, n uint32, sw string) uint32 { return d9reg(t, n) | d9swz(sw) }

func d9bytes(words ...uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// TestAon9Header decodes a hand-made Aon9 part: one constant-buffer
// mapping, one sampler mapping, one runtime constant and a two-instruction shader.
func TestAon9Header(t *testing.T) {
	shader := d9bytes(vs20, d9ins(d3d9.OpMov, 2), d9dst(d3d9.RegRastOut, 0, 0xf), d9src(d3d9.RegInput, 0, "xyzw"), 0xFFFF)
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
	if len(a.ConstantBufferMappings) != 1 || a.ConstantBufferMappings[0] != (aon9ConstantBufferMapping{Buffer: 0, StartRegister: 3, RegisterCount: 4, TargetRegister: 2, Offset: 0x24}) {
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

func FuzzAon9(f *testing.F) {
	shader := d9bytes(vs20, d9ins(d3d9.OpMov, 2), d9dst(d3d9.RegRastOut, 0, 0xf), d9src(d3d9.RegInput, 0, "xyzw"), 0xFFFF)
	hdr := make([]byte, 0x24)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(len(shader)))
	binary.LittleEndian.PutUint32(hdr[12:], 0x24)
	f.Add(append(hdr, shader...))
	f.Add(d9bytes(0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff))
	warmJSON()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &Part{Name: "Aon9", data: data}
		out := &report.Sink{}
		decodeAon9(p, binread.New(data, 0, "Aon9", "Aon9", out))
	})
}

// TestAon9Level93Version: for the *_level_9_3 targets FXC writes 2.0 in the
// header and 2_x in the shader (ANGLE's compiled clear11_fl9vs.h, fxc /T
// vs_4_0_level_9_3: 0xFFFE0200 and 0xFFFE0201, its listing says vs_2_x);
// that is no problem, while a header naming another stage or version is.
func TestAon9Level93Version(t *testing.T) {
	for _, c := range []struct {
		header, shader uint32
		warned         bool
	}{
		{vs20, vs20, false},
		{vs20, vs20 | 1, false}, // vs_4_0_level_9_3
		{ps20, ps20 | 1, false}, // ps_4_0_level_9_3
		{ps20, vs20 | 1, true},
		{vs20 | 1, vs20, true},
		{0xFFFE0300, 0xFFFE0301, true},
	} {
		shader := d9bytes(c.shader, d9ins(d3d9.OpMov, 2), d9dst(d3d9.RegTemp, 0, 0xf), d9src(d3d9.RegInput, 0, "xyzw"), 0xFFFF)
		hdr := make([]byte, 0x24)
		binary.LittleEndian.PutUint32(hdr[0:], uint32(len(hdr)+len(shader)))
		binary.LittleEndian.PutUint32(hdr[4:], c.header)
		binary.LittleEndian.PutUint32(hdr[8:], uint32(len(shader)))
		binary.LittleEndian.PutUint32(hdr[12:], uint32(len(hdr)))
		data := append(hdr, shader...)
		out := &report.Sink{}
		decodeAon9(&Part{Name: "Aon9", data: data}, binread.New(data, 0, "Aon9", "Aon9", out))
		warned := false
		for _, p := range out.Problems {
			if strings.Contains(p.Message, "differs from the shader's own version token") {
				warned = true
			}
		}
		if warned != c.warned {
			t.Errorf("header %#08x, shader %#08x: warned %v, want %v (%v)", c.header, c.shader, warned, c.warned, out.Problems)
		}
	}
}
