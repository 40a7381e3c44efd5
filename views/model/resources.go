package model

import "fmt"

// ResourceRow is one resource binding as a table shows it.
type ResourceRow struct {
	Name    string // "" when the part does not name it
	Type    string // the part's word for it: "SRVTyped", "CBV", …
	Kind    string // "Texture2D", "RawBuffer", … ("" when unknown)
	Binding string // HLSL register notation: "t3, space1", "u0-u7"
	Off     int64  // absolute offset of the record
}

// PSVResources lists PSV0's resource bindings in register notation. PSV0
// stores no names; the DXIL metadata of the same container (or of its STAT
// reflection module, which keeps them when DXIL does not) often does, so a
// binding that matches one there (class, space, lower bound) takes its name.
func (pv *PartView) PSVResources() []ResourceRow {
	if pv.Part == nil || pv.Part.PSVInfo == nil {
		return nil
	}
	names := map[string]string{}
	if m := pv.m; m != nil && m.File != nil {
		for _, name := range []string{"DXIL", "ILDB", "STAT"} { // STAT: DXC's reflection module keeps the names
			if p := m.File.Part(name); p != nil && p.Module != nil {
				for _, r := range p.Module.Resources {
					if r.Name != "" {
						names[fmt.Sprint(RegisterLetter(r.Class), r.Space, "/", r.LowerBound)] = r.Name
					}
				}
			}
		}
	}
	var rows []ResourceRow
	for _, r := range pv.Part.PSVInfo.Resources {
		letter := RegisterLetter(r.Type.String())
		row := ResourceRow{Type: r.Type.String(), Binding: Register(letter, r.LowerBound, RangeCount(r.LowerBound, r.UpperBound), r.Space),
			Off: r.Offset + pv.Base(), Name: names[fmt.Sprint(letter, r.Space, "/", r.LowerBound)]}
		if r.HasKindAndFlags {
			row.Kind = r.Kind.String()
		}
		rows = append(rows, row)
	}
	return rows
}
