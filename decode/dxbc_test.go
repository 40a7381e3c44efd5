package decode

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// TestShaderBytecodePart checks what the SHEX part adds to package sm4's
// decoding (the header tokens and a span per dword, named by its kind): a
// span per instruction labelled with its text, the summary, and
// the bytes after the stream claimed with a warning. The tokens are written
// out from the tokenized program format: vs_5_0, dcl_temps 2,
// mov o0.xyzw, v0.xyzw, ret, then one dword the length token leaves out.
func TestShaderBytecodePart(t *testing.T) {
	const base = 0x100
	words := []uint32{
		1<<16 | 5<<4, 10, // vs_5_0, 10 dwords
		0x68 | 2<<24, 2, // dcl_temps 2
		0x36 | 5<<24, 0x0010_20f2, 0, 0x0010_1e46, 0, // mov o0.xyzw, v0.xyzw
		0x3e | 1<<24, // ret
		0,            // after the stream
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	p := &Part{Name: "SHEX", data: b, DataOffset: base}
	out := &report.Sink{}
	decodeShaderBytecode(p, binread.New(b, base, "SHEX", "SHEX", out))
	if p.Summary != "vs_5_0, 3 instructions" {
		t.Errorf("summary %q", p.Summary)
	}
	// package sm4 names each dword of an instruction by its kind (the
	// opcode token's length in bits 24-30, the operand tokens' register
	// files output 2 and input 1 in bits 12-19, swizzle xyzw 0xe4, one index).
	tok := func(path string, off int64, v string) Span {
		return Span{Path: path, Off: base + off, Size: 4, Kind: SpanField, Value: v}
	}
	want := []Span{
		{Path: "SHEX/Version", Off: base, Size: 4, Kind: SpanField, Value: "65616"},
		{Path: "SHEX/LengthInDwords", Off: base + 4, Size: 4, Kind: SpanField, Value: "10"},
		tok("SHEX/Instructions/0/OpcodeToken/0", 8, "0x02000068"),
		tok("SHEX/Instructions/0/Count/0", 12, "0x00000002"),
		tok("SHEX/Instructions/1/OpcodeToken/0", 16, "0x05000036"),
		tok("SHEX/Instructions/1/OperandToken/0", 20, "0x001020f2"),
		tok("SHEX/Instructions/1/Index/0", 24, "0x00000000"),
		tok("SHEX/Instructions/1/OperandToken/1", 28, "0x00101e46"),
		tok("SHEX/Instructions/1/Index/1", 32, "0x00000000"),
		tok("SHEX/Instructions/2/OpcodeToken/0", 36, "0x0100003e"),
		{Path: "SHEX/Instructions/0", Off: base + 8, Size: 8, Kind: SpanStruct, Value: "dcl_temps 2"},
		{Path: "SHEX/Instructions/1", Off: base + 16, Size: 20, Kind: SpanStruct, Value: "mov o0.xyzw, v0.xyzw"},
		{Path: "SHEX/Instructions/2", Off: base + 36, Size: 4, Kind: SpanStruct, Value: "ret"},
		{Path: "SHEX/Trailing", Off: base + 40, Size: 4, Kind: SpanField},
	}
	if len(out.Spans) != len(want) {
		t.Fatalf("spans %+v", out.Spans)
	}
	for i := range want {
		out.Spans[i].Part = "" // the container gives every span of the part its FourCC (decodePart)
		if out.Spans[i] != want[i] {
			t.Errorf("span %d: %+v, want %+v", i, out.Spans[i], want[i])
		}
	}
	if len(out.Problems) != 1 || out.Problems[0].Severity != Warning || out.Problems[0].Offset != base+40 {
		t.Errorf("problems %v, want one Warning at 0x%x", out.Problems, base+40)
	}
	s := p.Bytecode
	if s.Listing() != "vs_5_0\ndcl_temps 2\nmov o0.xyzw, v0.xyzw\nret \n" { // FXC's "ret " ends in a blank
		t.Errorf("listing %q", s.Listing())
	}
	mov := s.Instructions[1]
	if mov.OpcodeName != "mov" || len(mov.Operands) != 2 || mov.Operands[0].Text != "o0.xyzw" || mov.Operands[1].TypeName != "v" {
		t.Errorf("mov %+v", mov)
	}
	if !strings.HasPrefix(s.Instructions[0].Text, "dcl_temps") || s.Program == nil || len(s.Program.Instructions) != 3 {
		t.Errorf("instructions %+v", s.Instructions)
	}
}

// TestShaderBytecodeTooShort: a part without the two header tokens is raw.
func TestShaderBytecodeTooShort(t *testing.T) {
	p := &Part{Name: "SHDR", data: []byte{1, 2, 3}}
	out := &report.Sink{}
	decodeShaderBytecode(p, binread.New(p.data, 0, "SHDR", "SHDR", out))
	if p.Summary != "truncated token stream" || p.Bytecode == nil || len(out.Spans) != 1 || out.Spans[0].Kind != SpanRaw {
		t.Errorf("summary %q, spans %+v", p.Summary, out.Spans)
	}
}
