package text

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/d3d9"
)

// TestBufferDefinitionsStructAndDefaults checks the parts of "Buffer
// Definitions" the corpus listings do not show: a structured buffer's
// element struct and default values. Expected text from FXC 10.1 listings
// of Stride effects published on GitHub (column layout as printed there).
func TestBufferDefinitionsStructAndDefaults(t *testing.T) {
	one := []byte{0, 0, 0x80, 0x3f}
	d := &decode.ResourceDefinitions{
		ConstantBuffers: []decode.RDEFConstantBuffer{
			{Name: "InstanceWorld_id40", Type: 3, Variables: []decode.RDEFVariable{
				{Name: "$Element", Size: 64, Flags: 2, TypeIndex: 0},
			}},
			{Name: "Globals", Variables: []decode.RDEFVariable{
				{Name: "Reset_id95", StartOffset: 80, Size: 4, Flags: 2, TypeIndex: 2},
				{Name: "SamplerScale_id123", StartOffset: 128, Size: 8, TypeIndex: 3, DefaultValue: append(append([]byte{}, one...), one...)},
			}},
		},
		Types: []decode.RDEFType{
			{Class: 5, Name: "InstanceTransform", MemberList: []decode.RDEFMember{{Name: "Matrix", TypeIndex: 1}}},
			{Class: 3, Rows: 4, Columns: 4, HLSLTypeText: "float4x4"},
			{Class: 0, HLSLTypeText: "bool"},
			{Class: 1, Columns: 2, HLSLTypeText: "float2"},
		},
	}
	l := &lister{f: &decode.File{}}
	l.rdef(d)
	var got []string
	for _, ln := range l.out {
		got = append(got, strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(ln.Text, "//"), " "), " "))
	}
	want := []string{
		"Buffer Definitions:",
		"",
		"Resource bind info for InstanceWorld_id40",
		"{",
		"",
		"  struct InstanceTransform",
		"  {",
		"",
		"      float4x4 Matrix;               // Offset:    0",
		"",
		"  } $Element;                        // Offset:    0 Size:    64",
		"",
		"}",
		"",
		"cbuffer Globals",
		"{",
		"",
		"  bool Reset_id95;                   // Offset:   80 Size:     4",
		"  float2 SamplerScale_id123;         // Offset:  128 Size:     8 [unused]",
		"     = 0x3f800000 0x3f800000",
		"",
		"}",
		"",
		"",
	}
	sameLines(t, "", got, want)
}

// TestLevel9SlotLine checks the singular and the texture split of the
// level-9 slot count (as the DirectXTK listings print them).
func TestLevel9SlotLine(t *testing.T) {
	tests := []struct {
		s    decode.D3D9Shader
		want string
	}{
		{decode.D3D9Shader{ProgramType: "ps", Major: 2, Instructions: []decode.D3D9Instruction{{Opcode: d3d9.OpMov, File: -1, Text: "mov oC0, r0"}}}, "approximately 1 instruction slot used"},
		{decode.D3D9Shader{ProgramType: "ps", Major: 2, Instructions: []decode.D3D9Instruction{{Opcode: d3d9.OpTex, File: -1}, {Opcode: d3d9.OpTexKill, File: -1}, {Opcode: d3d9.OpNrm, File: -1}}}, "approximately 5 instruction slots used (1 texture, 4 arithmetic)"},
		{decode.D3D9Shader{ProgramType: "vs", Major: 2, Instructions: []decode.D3D9Instruction{{Opcode: d3d9.OpDcl, File: -1}, {Opcode: d3d9.OpPow, File: -1}, {Opcode: d3d9.OpDp4, File: -1}}}, "approximately 4 instruction slots used"},
	}
	for _, tc := range tests {
		ls := Level9Code(&tc.s, "Level9/Shader")
		if got := ls[len(ls)-1].Text; got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestLevel9ListingWritesTheCodeBare checks the level-9 section's comment
// markers against FXC's own output (its /Fh headers in SDL's
// src/render/direct3d11, FXC 10.1, and Xenko's effect logs, FXC 6.3): the
// tables and the section's title are "//" comments, the D3D9 code, its
// #line lines and the blank lines between them are bare, and only the slot
// count is a comment again. The corpus keeps its listings with "// " taken
// off, so it cannot tell the two apart.
func TestLevel9ListingWritesTheCodeBare(t *testing.T) {
	a := &decode.Aon9{Shader: decode.D3D9Shader{ProgramType: "ps", Major: 2, Instructions: []decode.D3D9Instruction{
		{Opcode: d3d9.OpMov, File: 0, Line: 7, Text: "mov oC0, c0"},
	}}}
	got := lineTexts(Level9Listing(a))
	want := []string{
		"// Level9 shader bytecode:",
		"//",
		"    ps_2_0",
		"",
		"#line 7",
		"    mov oC0, c0",
		"",
		"// approximately 1 instruction slot used",
	}
	sameLines(t, "", got, want)
}

// sameLines reports got and want whole when they differ, what names them first.
func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("%sgot\n%s\nwant\n%s", what, g, w)
	}
}
