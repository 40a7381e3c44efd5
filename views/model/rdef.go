package model

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/text"
)

// RDEFView is an FXC RDEF part as FXC's listing shows it (Buffer Definitions,
// Resource Bindings) and as tables: one per constant buffer, its variables
// with offset, size and whether the code reads them, and the bindings in
// register notation. Every row and line selects its bytes.
type RDEFView struct {
	Creator, Profile string
	Buffers          []*Table
	Bindings         *Table
	Text             []ListingLine
}

// svfUsed is D3D_SVF_USED: the shader reads the variable.
const svfUsed = 2

// ResourceDefinitions builds the view of an RDEF part, or nil for another part.
func (pv *PartView) ResourceDefinitions() *RDEFView {
	if pv.Part == nil || pv.Part.ResourceDefs == nil {
		return nil
	}
	d := pv.Part.ResourceDefs
	find := pv.locator()
	v := &RDEFView{Creator: Shown(d.Header.Creator), Profile: d.Header.Profile}
	for i, cb := range d.ConstantBuffers {
		tab := &Table{Part: pv.Index, ID: fmt.Sprintf("rdef-cb%d", i),
			Title:   fmt.Sprintf("%s %s (%d bytes, %d variables)", cbufferKind(cb.TypeName), Shown(cb.Name), cb.Size, len(cb.Variables)),
			Columns: []string{"variable", "type", "offset", "size", "used"}}
		for j, va := range cb.Variables {
			off, size, node := find(fmt.Sprintf("ConstantBuffers/%d/Variables/%d", i, j))
			used := "no"
			if va.Flags&svfUsed != 0 {
				used = "yes"
			}
			tab.Rows = append(tab.Rows, TableRow{Off: off, Size: size, Node: node,
				Cells: Cells(Shown(va.Name), Shown(va.TypeText), fmt.Sprint(va.StartOffset), fmt.Sprint(va.Size), used)})
		}
		v.Buffers = append(v.Buffers, tab)
	}
	if len(d.ResourceBindings) > 0 {
		v.Bindings = &Table{Part: pv.Index, ID: "rdef-bindings", Title: fmt.Sprintf("Resource bindings (%d)", len(d.ResourceBindings)),
			Columns: []string{"binding", "name", "type", "return type", "dimension"}}
		for i, b := range d.ResourceBindings {
			off, size, node := find(fmt.Sprintf("ResourceBindings/%d", i))
			count := b.BindCount
			if count == 0 { // SM 5.1: an unbounded array
				count = Unbounded
			}
			var space uint32
			if b.Space != nil {
				space = *b.Space
			}
			v.Bindings.Rows = append(v.Bindings.Rows, TableRow{Off: off, Size: size, Node: node,
				Cells: Cells(Register(RegisterLetter(b.TypeName), b.BindPoint, count, space), Shown(b.Name), b.TypeName, b.ReturnTypeName, b.DimensionName)})
		}
	}
	if m := pv.m; m != nil && m.File != nil {
		// The listing is of the file's first RDEF, whichever part shows it:
		// made once (once per part was parts × the first's bindings).
		if m.rdefListing == nil {
			ls, cut := text.RDEFListingUpTo(m.File, MaxDumpText)
			m.rdefListing = listingLines(m, cutLine(ls, cut, "rdef"), pv.Base())
		}
		v.Text = m.rdefListing
	}
	return v
}

// cbufferKind is how HLSL spells a D3D_CBUFFER_TYPE.
func cbufferKind(t string) string {
	switch t {
	case "D3D_CT_TBUFFER":
		return "tbuffer"
	case "D3D_CT_INTERFACE_POINTERS":
		return "interfaces"
	case "D3D_CT_RESOURCE_BIND_INFO":
		return "resource bind info"
	}
	return "cbuffer"
}
