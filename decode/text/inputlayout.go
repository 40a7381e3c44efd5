package text

import (
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
)

// IsVertexInput reports whether p is the input signature of a vertex
// shader: the elements a pipeline's input layout must provide.
func IsVertexInput(f *decode.File, p *decode.Part) bool {
	s := p.Signature
	return s != nil && s.Direction == decode.SigInput && !s.PatchConstant && f.Kind() == dxil.Vertex
}

// WriteInputLayout prints a vertex shader's input signature as the C++
// array of D3D12_INPUT_ELEMENT_DESC (d3d12.h) that provides every element
// from one vertex buffer, in order: what a pipeline's InputLayout must
// hold for CreateGraphicsPipelineState to take the shader. The formats are
// the shader's own types at full width; system values the input assembler
// makes (SV_VertexID, SV_InstanceID) are named in a comment, not listed.
func WriteInputLayout(w io.Writer, f *decode.File, p *decode.Part) {
	s := p.Signature
	fmt.Fprintf(w, "// %s: the vertex shader's inputs as D3D12's input layout (d3d12.h, dxgiformat.h).\n", Safe(p.Name))
	var rows, made []string
	for _, e := range s.Parameters {
		if e.SystemValue != decode.SVUndefined {
			made = append(made, fmt.Sprintf("%s%d", e.Name, e.Index))
			continue
		}
		format, why := inputFormat(e)
		if why != "" {
			why = " // " + why
		}
		rows = append(rows, fmt.Sprintf("    { %s, %d, %s, 0, D3D12_APPEND_ALIGNED_ELEMENT, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },%s", cString(e.Name), e.Index, format, why))
	}
	if len(made) > 0 {
		fmt.Fprintf(w, "// Made by the input assembler, not read from a buffer: %s.\n", Safe(strings.Join(made, ", ")))
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "// The shader reads no vertex buffer: a pipeline can give it an empty input layout (NumElements 0).")
		return
	}
	fmt.Fprintln(w, "// One buffer in slot 0, each element after the one before. The formats are the shader's own types at full")
	fmt.Fprintln(w, "// width; a buffer holding narrower data (a color as DXGI_FORMAT_R8G8B8A8_UNORM) names its own format.")
	fmt.Fprintln(w, "static const D3D12_INPUT_ELEMENT_DESC inputLayout[] = {")
	fmt.Fprintln(w, "    // SemanticName, SemanticIndex, Format, InputSlot, AlignedByteOffset, InputSlotClass, InstanceDataStepRate")
	for _, r := range rows {
		fmt.Fprintln(w, r)
	}
	fmt.Fprintln(w, "};")
	fmt.Fprintln(w, "// D3D12_INPUT_LAYOUT_DESC{ inputLayout, _countof(inputLayout) }")
}

// inputFormat is the DXGI format that delivers an element as the shader
// declares it: its component type, and as many components as its mask
// reaches (a mask of x and z needs three). Minimum precision reads 32-bit
// data (the hardware may compute in less), native 16-bit types 16-bit
// data; there is no three-component
// 16-bit format, nor a 64-bit one: why says what was chosen instead.
func inputFormat(e decode.SignatureParameter) (format, why string) {
	n := max(1, bits.Len8(e.Mask&0xF))
	var suffix string
	switch e.CompType {
	case 1, 4: // UInt32, UInt16
		suffix = "UINT"
	case 2, 5: // SInt32, SInt16
		suffix = "SINT"
	case 3, 6: // Float32, Float16
		suffix = "FLOAT"
	case 0:
		return "DXGI_FORMAT_UNKNOWN", "the signature gives no component type"
	default:
		return "DXGI_FORMAT_UNKNOWN", fmt.Sprintf("no DXGI format reads %s components", e.CompType)
	}
	width := "32"
	// DXC writes min16float as Float16 with a MinPrecision; native 16-bit
	// types (-enable-16bit-types) as Float16 with none.
	if e.CompType >= 4 && e.MinPrecision == 0 {
		width = "16"
		if n == 3 {
			n, why = 4, "no three-component 16-bit format: the fourth is read and unused"
		}
	}
	var b strings.Builder
	b.WriteString("DXGI_FORMAT_")
	for _, c := range "RGBA"[:n] {
		b.WriteRune(c)
		b.WriteString(width)
	}
	return b.String() + "_" + suffix, why
}

// cString writes s as a C string literal: printable ASCII as it is, the
// rest as three-digit octal escapes, which, unlike \x, never swallow the
// character after them.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
