package dxil

import (
	"reflect"
	"testing"
)

// TestReadViewIDState reads states serialized by hand as
// DxilViewIdState::Serialize writes them: input count, then per stream the
// output count, the view-id bit set (when the shader uses the view id) and
// one output bit set per input; then for hull, domain and mesh shaders the
// patch constants the same way (for a domain shader, as inputs).
func TestReadViewIDState(t *testing.T) {
	hull := ReadViewIDState([]uint32{
		2,            // inputs
		3,            // outputs
		0b010,        // output 1 depends on the view id
		0b001, 0b101, // input 0 feeds output 0; input 1 outputs 0 and 2
		1,         // patch constants
		0b1,       // patch constant 0 depends on the view id
		0b1, 0b0}, // input 0 feeds patch constant 0
		Hull, true)
	if hull.Kind != Hull || hull.Inputs != 2 || hull.Outputs != [4]uint32{3} || hull.PatchConstants != 1 ||
		!reflect.DeepEqual(members(hull.OutputsOnViewID[0]), []uint32{1}) ||
		!reflect.DeepEqual(members(hull.PatchConstantsOnViewID), []uint32{0}) ||
		!reflect.DeepEqual(dependencies(hull.InputsOf[0]), map[uint32][]uint32{0: {0, 1}, 2: {1}}) ||
		!reflect.DeepEqual(dependencies(hull.InputsOfPatchConstant), map[uint32][]uint32{0: {0}}) {
		t.Errorf("hull shader: %+v", hull)
	}
	domain := ReadViewIDState([]uint32{1, 2, 0b11, 2, 0b01, 0b10}, Domain, false)
	if domain.PatchConstants != 2 || !reflect.DeepEqual(dependencies(domain.PatchConstantsOf), map[uint32][]uint32{0: {0}, 1: {1}}) ||
		!reflect.DeepEqual(dependencies(domain.InputsOf[0]), map[uint32][]uint32{0: {0}, 1: {0}}) {
		t.Errorf("domain shader: %+v", domain)
	}
	gs := ReadViewIDState([]uint32{1, 1, 0b1, 0, 0, 2, 0b10}, Geometry, false)
	if gs.Streams() != 4 || gs.Outputs != [4]uint32{1, 0, 0, 2} || !reflect.DeepEqual(dependencies(gs.InputsOf[3]), map[uint32][]uint32{1: {0}}) {
		t.Errorf("geometry shader: %+v", gs)
	}
	// A state that claims more bit sets than it has words reads what is there.
	short := ReadViewIDState([]uint32{1000, 1000}, Pixel, false)
	if short.Inputs != 1000 || short.Outputs[0] != 1000 || len(dependencies(short.InputsOf[0])) != 0 {
		t.Errorf("short state: %+v", short)
	}
}

// members lists the bits set in b.
func members(b BitSet) []uint32 {
	var out []uint32
	for i := range b.N {
		if b.Has(i) {
			out = append(out, i)
		}
	}
	return out
}

// dependencies lists, for each output that depends on inputs, those inputs.
func dependencies(t DependencyTable) map[uint32][]uint32 {
	out := map[uint32][]uint32{}
	for o := range t.Outputs {
		for in := range t.Inputs {
			if t.Depends(o, in) {
				out[o] = append(out[o], in)
			}
		}
	}
	return out
}
