package model

import (
	"strings"
	"testing"
)

// Flag words, versions and targets show in hex with what they decode to;
// the values come from d3dcompiler.h, d3d12.h and the token formats.
func TestDisplayValue(t *testing.T) {
	for _, c := range []struct{ path, raw, want string }{
		{"Bytecode/Version", "327760", "0x50050 (cs_5_0)"}, // program type 5 (cs), 5.0
		{"Bytecode/Version", "65600", "0x10040 (vs_4_0)"},  // program type 1 (vs), 4.0
		{"Level9/ShaderVersion", "4294902272", "0xffff0200 (ps_2_0)"},
		{"Level9/ShaderVersion", "4294836736", "0xfffe0200 (vs_2_0)"},
		{"Level9/Shader/Version", "4294902273", "0xffff0201 (ps_2_x)"},
		{"Hash/Flags", "0", "0x0 (none)"},
		{"PSVInfo/SigInputElementCount", "3", "3"},
	} {
		if got := DisplayValue(c.path, c.raw, nil); got != c.want {
			t.Errorf("DisplayValue(%s, %s) = %q, want %q", c.path, c.raw, got, c.want)
		}
	}
	// Names the decoder put beside the value: RDEF's compile flags
	// (D3DCOMPILE_DEBUG 1 | SKIP_OPTIMIZATION 4 | NO_PRESHADER 0x100 = 261).
	pv := corpusPart(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc", "RDEF")
	n := pv.Tree().Find(func(n *Node) bool { return n.JSONPath == "ResourceDefs/Header/Flags" })
	if n == nil || n.Value != "0x105 (D3DCOMPILE_DEBUG | D3DCOMPILE_SKIP_OPTIMIZATION | D3DCOMPILE_NO_PRESHADER)" {
		t.Errorf("RDEF flags shown as %+v", n)
	}
	tg := pv.Tree().Find(func(n *Node) bool { return n.JSONPath == "ResourceDefs/Header/Target" })
	if tg == nil || tg.Value != "0xffff0500 (ps_5_0)" {
		t.Errorf("RDEF target shown as %+v", tg)
	}
}

// A token's bit fields, checked against tokens whose meaning FXC's listing
// gives (d3d11TokenizedProgramFormat.hpp's layouts).
func TestTokenFields(t *testing.T) {
	fields := func(path, raw, role string) string {
		var b []string
		for _, f := range TokenFields(path, raw, role) {
			b = append(b, f.Name+"="+f.Value)
		}
		return strings.Join(b, "; ")
	}
	for _, c := range []struct{ path, raw, role, want string }{
		// dcl_constantbuffer CB0[1], immediateIndexed: its opcode token and cb0[1].xyzw.
		{"Bytecode/Instructions/1/OpcodeToken/0", "0x04000059", "", "opcode=89 (dcl_constantbuffer); opcode controls=0x0; length in dwords=4; extended opcode token follows=no"},
		{"Bytecode/Instructions/1/OperandToken/0", "0x00208e46", "", "components=4; component selection=swizzle .xyzw; register file=8 (cb); index dimension=2; index representations=imm32, imm32; extended operand token follows=no"},
		// mov r0.xyz (a write mask on a temp register, 1D index).
		{"Bytecode/Instructions/3/OperandToken/0", "0x00100072", "", "components=4; component selection=mask .xyz; register file=0 (r); index dimension=1; index representations=imm32; extended operand token follows=no"},
		// D3D9: mov (opcode 1) of length 2 at SM 2; r1.xy destination; c3.wzyx source.
		{"Level9/Shader/Instructions/0/Token", "0x02000001", "", "opcode=1 (mov); controls=0x0; length in dwords (SM 2+)=2; predicated=no; co-issue=no"},
		{"Level9/Shader/Instructions/0/Params/0/Token", "0x80030001", "dst", "register number=1; register type=0 (TEMP); relative addressing=no; write mask=.xy; result modifier=0x0; shift=0"},
		{"Level9/Shader/Instructions/0/Params/1/Token", "0xa01b0003", "src", "register number=3; register type=2 (CONST); relative addressing=no; swizzle=.wzyx; source modifier=0"},
		{"Bytecode/Version", "327760", "", ""},
	} {
		if got := fields(c.path, c.raw, c.role); got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.path, c.raw, got, c.want)
		}
	}
}
