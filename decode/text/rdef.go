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
	m := newMemberMemo(d)
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
					writeMembers(w, m, v.TypeIndex, 2, 0)
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
func writeMembers(w io.Writer, m *memberMemo, ti, indent, depth int) {
	d := m.d
	if depth > 16 || ti < 0 || ti >= len(d.Types) {
		return
	}
	pad := strings.Repeat("  ", indent+1)
	leave, ref, ok := m.enter(ti)
	if !ok {
		fmt.Fprintf(w, "%s%s\n", pad, ref)
		return
	}
	defer leave()
	for _, mb := range d.Members(ti) {
		text := "?"
		if mb.TypeIndex >= 0 {
			t := d.Types[mb.TypeIndex]
			text = Safe(t.HLSLTypeText)
			if t.Elements > 0 {
				text += fmt.Sprintf("[%d]", t.Elements)
			}
		}
		m.line()
		fmt.Fprintf(w, "%s%s %s; // Offset: %d\n", pad, text, Safe(mb.Name), mb.Offset)
		writeMembers(w, m, mb.TypeIndex, indent+1, depth+1)
	}
}

// memberMemo keeps the printers of struct types linear. A file can name one
// member list from every member of it (each struct type's members of the
// next type, or of the type itself), so printing types as a tree costs
// members^depth lines: 1.4 KB of RDEF asked for 4^14. Each member list is
// printed in full the first time; again, as FXC does for a struct used
// twice, while the lines printed for repeats stay under maxRepeatLines;
// past that, and for a list inside itself, one line says where it is.
type memberMemo struct {
	d     *decode.ResourceDefinitions
	first map[[2]uint32]int // member list (MemberOffset, Members) → the type first printed with it
	lists repeats[[2]uint32]
}

// maxRepeatLines is how many lines repeats of member lists may print in
// all: far more than real shaders repeat (a struct and an array of it), far
// less than a hostile type graph asks for.
const maxRepeatLines = 4096

// repeats is the rule of the type printers (RDEF's member lists, the DXIL
// disassembly's struct layouts): a list is printed in full the first time,
// again while the lines printed inside repeats stay under maxRepeatLines,
// and past that, or inside itself, named in one line instead.
type repeats[K comparable] struct {
	printed map[K]bool
	open    map[K]bool // being printed
	inside  int        // repeats being printed
	lines   int        // lines printed inside repeats
}

// enter says whether list k is printed: if so (ok), leave ends it; if not,
// open says it is being printed above (else it is a repeat past the budget).
func (r *repeats[K]) enter(k K) (leave func(), open, ok bool) {
	if r.printed == nil {
		r.printed, r.open = map[K]bool{}, map[K]bool{}
	}
	switch {
	case r.open[k]:
		return nil, true, false
	case r.printed[k] && r.lines >= maxRepeatLines:
		return nil, false, false
	}
	repeat := r.printed[k]
	r.printed[k], r.open[k] = true, true
	if repeat {
		r.inside++
	}
	return func() {
		r.open[k] = false
		if repeat {
			r.inside--
		}
	}, false, true
}

// line counts a line printed, against the repeats' budget when inside one.
func (r *repeats[K]) line() {
	if r.inside > 0 {
		r.lines++
	}
}

func newMemberMemo(d *decode.ResourceDefinitions) *memberMemo {
	return &memberMemo{d: d, first: map[[2]uint32]int{}}
}

func memberKey(t decode.RDEFType) [2]uint32 { return [2]uint32{t.MemberOffset, uint32(t.Members)} }

// enter starts printing the members of type ti and returns how to end it
// (calling leave); when they are not to be printed, it returns the line to print
// instead and false.
func (m *memberMemo) enter(ti int) (leave func(), ref string, ok bool) {
	t := m.d.Types[ti]
	k := memberKey(t)
	n := len(m.d.Members(ti))
	if n == 0 {
		return func() {}, "", true
	}
	leave, open, ok := m.lists.enter(k)
	if _, printed := m.first[k]; !printed {
		m.first[k] = ti
	}
	if ok {
		return leave, "", true
	}
	name := fmt.Sprintf("type %d", m.first[k])
	if n := Safe(m.d.Types[m.first[k]].Name); n != "" {
		name += " (" + n + ")"
	}
	if open {
		return nil, fmt.Sprintf("… (the %d members of %s, being printed above)", n, name), false
	}
	return nil, fmt.Sprintf("… (same as %s above: %d members)", name, n), false
}

// line counts a line printed, against the repeats' lines when inside one.
func (m *memberMemo) line() { m.lists.line() }
