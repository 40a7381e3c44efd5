package dxil

// ViewIDState is !dx.viewIdState deserialized as DXC's
// DxilViewIdState::Deserialize reads it: how many inputs and outputs the
// shader has, which outputs depend on the view id, and which inputs each
// output is computed from.
type ViewIDState struct {
	Kind    ShaderKind // what the words were read as (Geometry: four streams; Hull, Domain, Mesh: patch constants)
	Inputs  uint32
	Outputs [4]uint32 // per stream (one but for geometry shaders)
	// PatchConstants: hull and domain shaders' patch constant outputs
	// (inputs, for a domain shader), mesh shaders' primitive outputs.
	PatchConstants uint32
	// OutputsOnViewID per stream and PatchConstantsOnViewID (hull, mesh):
	// the outputs that depend on the view id (read only when the shader
	// uses it).
	OutputsOnViewID        [4][]uint32
	PatchConstantsOnViewID []uint32
	// InputsOf per stream and InputsOfPatchConstant (hull, mesh): for each
	// output that depends on inputs, those inputs; PatchConstantsOf
	// (domain): for each output, the patch constants it depends on.
	InputsOf              [4]map[uint32][]uint32
	InputsOfPatchConstant map[uint32][]uint32
	PatchConstantsOf      map[uint32][]uint32
}

// Streams is how many output streams the state describes.
func (v *ViewIDState) Streams() int {
	if v.Kind == Geometry {
		return 4
	}
	return 1
}

// HasPatchConstants says whether the state counts patch constants (or primitive outputs).
func (v *ViewIDState) HasPatchConstants() bool {
	return v.Kind == Hull || v.Kind == Domain || v.Kind == Mesh
}

// ReadViewIDState deserializes the words of !dx.viewIdState for a shader of
// kind k; usesViewID says whether the shader reads the view id (PSV0's
// UsesViewID, else the entry's shader flags), which decides whether the
// outputs' view-id dependencies were written. Words past the end read as 0.
func ReadViewIDState(words []uint32, k ShaderKind, usesViewID bool) *ViewIDState {
	v := &ViewIDState{Kind: k}
	d := words
	pos := 0
	next := func() uint32 {
		if pos < len(d) {
			pos++
			return d[pos-1]
		}
		pos++
		return 0
	}
	count := func(n uint32) int { return int((n + 31) / 32) }
	dependent := func(n uint32) []uint32 {
		var r []uint32
		for i := 0; i < count(n) && pos < len(d); i++ {
			x := next()
			for j := uint32(0); j < 32 && uint32(i)*32+j < n; j++ {
				if x&(1<<j) != 0 {
					r = append(r, uint32(i)*32+j)
				}
			}
		}
		return r
	}
	contributing := func(nin, nout uint32) map[uint32][]uint32 {
		r := map[uint32][]uint32{}
		w := count(nout)
		start := pos
		if w == 0 {
			return r
		}
		if int64(nin)*int64(w) > int64(len(d)) {
			pos = len(d) + 1
			return r
		}
		for in := uint32(0); in < nin; in++ {
			for o := uint32(0); o < nout; o++ {
				idx := start + int(in)*w + int(o/32)
				if idx < len(d) && d[idx]&(1<<(o%32)) != 0 {
					r[o] = append(r[o], in)
				}
			}
		}
		pos = start + int(nin)*w
		return r
	}
	v.Inputs = next()
	for s := range v.Streams() {
		v.Outputs[s] = next()
		if usesViewID {
			v.OutputsOnViewID[s] = dependent(v.Outputs[s])
		}
		v.InputsOf[s] = contributing(v.Inputs, v.Outputs[s])
	}
	if v.HasPatchConstants() {
		v.PatchConstants = next()
		if k != Domain {
			if usesViewID {
				v.PatchConstantsOnViewID = dependent(v.PatchConstants)
			}
			v.InputsOfPatchConstant = contributing(v.Inputs, v.PatchConstants)
		} else {
			v.PatchConstantsOf = contributing(v.PatchConstants, v.Outputs[0])
		}
	}
	return v
}
