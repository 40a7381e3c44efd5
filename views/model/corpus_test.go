package model

// partNamed returns the model's last part of that name, or nil.
func partNamed(m *Model, name string) *PartView {
	var pv *PartView
	for _, p := range m.Parts {
		if p.Name == name {
			pv = p
		}
	}
	return pv
}
