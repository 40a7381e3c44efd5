package model

import "fmt"

// ResourceRow is one resource binding as a table shows it.
type ResourceRow struct {
	Name    string // "" when the part does not name it
	Type    string // the part's word for it: "SRVTyped", "CBV", …
	Kind    string // "Texture2D", "RawBuffer", … ("" when unknown)
	Binding string // HLSL register notation: "t3, space1", "u0-u7"
	Off     int64  // absolute offset of the record (-1: no bytes of its own)
	Size    int64  // bytes of the record
}

// PSVResources lists PSV0's resource bindings in register notation. PSV0
// stores no names; another part of the container often does (see
// resourceNames), so a binding that matches one there takes its name.
func (pv *PartView) PSVResources() []ResourceRow {
	if pv.Part == nil || pv.Part.PSVInfo == nil {
		return nil
	}
	names := pv.m.resourceNames()
	var rows []ResourceRow
	for _, r := range pv.Part.PSVInfo.Resources {
		letter := RegisterLetter(r.Type.String())
		row := ResourceRow{Type: r.Type.String(), Binding: Register(letter, r.LowerBound, RangeCount(r.LowerBound, r.UpperBound), r.Space),
			Off: r.Offset + pv.Base(), Size: int64(pv.Part.PSVInfo.ResourceStride), Name: names[fmt.Sprint(letter, r.Space, "/", r.LowerBound)]}
		if r.HasKindAndFlags {
			row.Kind = r.Kind.String()
		}
		rows = append(rows, row)
	}
	return rows
}

// bindingKey identifies a binding across parts: register class, space and
// first register.
func bindingKey(letter string, space, lower uint32) string {
	return fmt.Sprint(letter, space, "/", lower)
}

// resourceNames maps bindings to the names the container's parts give them:
// the DXIL metadata (or STAT's reflection module, which keeps names when a
// release build's DXIL does not), then RDAT, then RDEF. Built once.
func (m *Model) resourceNames() map[string]string {
	if m == nil || m.File == nil {
		return nil
	}
	if m.names != nil {
		return m.names
	}
	names := map[string]string{}
	put := func(letter string, space, lower uint32, name string) {
		if k := bindingKey(letter, space, lower); name != "" && names[k] == "" {
			names[k] = name
		}
	}
	// By kind of value, not part name: the bitcode's metadata first, then
	// RDAT's table, then RDEF's bindings.
	for _, p := range m.File.Parts {
		if p.Module != nil {
			for _, r := range p.Module.Resources {
				put(RegisterLetter(r.Class), r.Space, r.LowerBound, r.Name)
			}
		}
	}
	for _, p := range m.File.Parts {
		if p.RuntimeData != nil && p.RuntimeData.ResourceTable != nil {
			for _, r := range p.RuntimeData.ResourceTable.Records {
				put(RegisterLetter(r.ClassName), r.Space, r.LowerBound, r.Name)
			}
		}
	}
	for _, p := range m.File.Parts {
		if p.ResourceDefs == nil {
			continue
		}
		for _, b := range p.ResourceDefs.ResourceBindings {
			var space uint32
			if b.Space != nil {
				space = *b.Space
			}
			put(RegisterLetter(b.TypeName), space, b.BindPoint, b.Name)
		}
	}
	m.names = names
	return names
}

// DXILResources lists the DXIL metadata's resources in register notation.
// A release build's metadata often has no names; RDAT or the STAT module
// may, and then the row takes it. Off is -1: the metadata's bits are not
// byte-addressable.
func (pv *PartView) DXILResources() []ResourceRow {
	mod := pv.module()
	if mod == nil {
		return nil
	}
	names := pv.m.resourceNames()
	rows := make([]ResourceRow, 0, len(mod.Resources))
	for _, r := range mod.Resources {
		letter := RegisterLetter(r.Class)
		name := r.Name
		if name == "" {
			name = names[bindingKey(letter, r.Space, r.LowerBound)]
		}
		rows = append(rows, ResourceRow{Name: name, Type: r.Class, Kind: r.Kind, Binding: Register(letter, r.LowerBound, r.RangeSize, r.Space), Off: -1})
	}
	return rows
}
