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
	OutputsOnViewID        [4]BitSet
	PatchConstantsOnViewID BitSet
	// InputsOf per stream and InputsOfPatchConstant (hull, mesh): the
	// inputs each output depends on; PatchConstantsOf (domain): the patch
	// constants each output depends on.
	InputsOf              [4]DependencyTable
	InputsOfPatchConstant DependencyTable
	PatchConstantsOf      DependencyTable
}

// BitSet is a set of N bits as the state stores it, bit i in word i/32:
// the state's own words, not a list of members (a word of all ones is 32
// members).
type BitSet struct {
	N     uint32
	Words []uint32 // fewer than ⌈N/32⌉ when the state ends early: the rest are clear
}

// Has reports whether bit i is set.
func (b BitSet) Has(i uint32) bool {
	w := int(i / 32)
	return i < b.N && w < len(b.Words) && b.Words[w]&(1<<(i%32)) != 0
}

// DependencyTable says which of Inputs inputs each of Outputs outputs
// depends on: a row of ⌈Outputs/32⌉ words per input, as the state stores it.
type DependencyTable struct {
	Inputs, Outputs uint32
	Rows            []uint32 // shorter when the state ends early: the rest are clear
}

// Depends reports whether output out depends on input in.
func (t DependencyTable) Depends(out, in uint32) bool {
	if out >= t.Outputs || in >= t.Inputs {
		return false
	}
	i := uint64(in)*uint64((t.Outputs+31)/32) + uint64(out/32)
	return i < uint64(len(t.Rows)) && t.Rows[i]&(1<<(out%32)) != 0
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
	dependent := func(n uint32) BitSet {
		from := min(pos, len(d))
		to := min(from+count(n), len(d))
		if pos < len(d) {
			pos = to
		}
		return BitSet{N: n, Words: d[from:to]}
	}
	// A table the words cannot hold is read as empty, and the words after
	// it as past the end.
	contributing := func(nin, nout uint32) DependencyTable {
		w := count(nout)
		if w == 0 {
			return DependencyTable{}
		}
		if int64(nin)*int64(w) > int64(len(d)) {
			pos = len(d) + 1
			return DependencyTable{}
		}
		start := pos
		pos = start + int(nin)*w
		return DependencyTable{Inputs: nin, Outputs: nout, Rows: d[min(start, len(d)):min(pos, len(d))]}
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
