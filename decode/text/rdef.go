package text

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// WriteResourceDefinitions prints d in the spirit of FXC's listing header:
// buffer definitions with offsets and sizes, then the resource bindings.
func WriteResourceDefinitions(w io.Writer, d *decode.ResourceDefinitions) {
	h := d.Header
	fmt.Fprintf(w, "Creator: %s\n", Safe(h.Creator))
	fmt.Fprintf(w, "Target: %s (0x%08x)\n", h.Profile, h.Target)
	fmt.Fprintf(w, "Flags: 0x%x (%s)\n", h.Flags, h.FlagsNames)
	if x := d.RD11; x != nil {
		fmt.Fprintf(w, "%s: header %d, cbuffer %d, binding %d, variable %d, type %d, member %d, interface slots %d\n",
			x.MagicName, x.HeaderSize, x.CBufferSize, x.BindingSize, x.VariableSize, x.TypeSize, x.MemberSize, x.InterfaceSlotCount)
	}
	if len(d.ConstantBuffers) > 0 {
		fmt.Fprintln(w, "\nBuffer Definitions:")
		for _, cb := range d.ConstantBuffers {
			fmt.Fprintf(w, "\n%s %s  // Size: %d, %s, flags %s\n{\n", strings.ToLower(strings.TrimPrefix(cb.TypeName, "D3D_CT_")), Safe(cb.Name), cb.Size, cb.TypeName, cb.FlagsNames)
			for _, v := range cb.Variables {
				decl := fmt.Sprintf("  %s %s;", Safe(v.TypeText), Safe(v.Name))
				extra := ""
				if v.Flags&2 == 0 {
					extra = " [unused]"
				}
				if len(v.DefaultValue) > 0 {
					extra += " = " + v.DefaultValue.String()
				}
				fmt.Fprintf(w, "%-38s // Offset: %4d Size: %5d%s\n", decl, v.StartOffset, v.Size, extra)
				if v.TypeIndex >= 0 {
					writeMembers(w, d, v.TypeIndex, 2, 0)
				}
			}
			fmt.Fprintln(w, "}")
		}
	}
	if len(d.ResourceBindings) > 0 {
		fmt.Fprintln(w, "\nResource Bindings:")
		fmt.Fprintf(w, "\n%-30s %-32s %-26s %-26s %6s %5s %5s %s\n", "Name", "Type", "ReturnType", "Dimension", "Bind", "Count", "Space", "Flags")
		for _, b := range d.ResourceBindings {
			space := "-"
			if b.Space != nil {
				space = fmt.Sprint(*b.Space)
			}
			fmt.Fprintf(w, "%-30s %-32s %-26s %-26s %6d %5d %5s %s\n", Safe(b.Name), b.TypeName, orNone(b.ReturnTypeName), b.DimensionName, b.BindPoint, b.BindCount, space, b.FlagsNames)
		}
	}
}

// writeMembers prints a struct type's members, indented, with a depth bound.
func writeMembers(w io.Writer, d *decode.ResourceDefinitions, ti, indent, depth int) {
	if depth > 16 || ti < 0 || ti >= len(d.Types) {
		return
	}
	for _, m := range d.Types[ti].MemberList {
		text := "?"
		if m.TypeIndex >= 0 {
			t := d.Types[m.TypeIndex]
			text = Safe(t.HLSLTypeText)
			if t.Elements > 0 {
				text += fmt.Sprintf("[%d]", t.Elements)
			}
		}
		fmt.Fprintf(w, "%s%s %s; // Offset: %d\n", strings.Repeat("  ", indent+1), text, Safe(m.Name), m.Offset)
		writeMembers(w, d, m.TypeIndex, indent+1, depth+1)
	}
}
