package text

import (
	"reflect"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sm4"
)

// withCreator is a file whose RDEF names creator (nothing else is needed to
// choose the spellings).
func withCreator(creator string) *decode.File {
	return &decode.File{Parts: []*decode.Part{{Name: "RDEF", ResourceDefs: &decode.ResourceDefinitions{Header: decode.RDEFHeader{Creator: creator}}}}}
}

// TestChooseFXCStyle checks which rows of the spellings table each creator
// string selects, and the sentence the CLI prints about it.
func TestChooseFXCStyle(t *testing.T) {
	const c = "Microsoft (R) HLSL Shader Compiler "
	tests := []FXCStyle{
		{Rule: "no RDEF creator string: CB0[n] declarations and %f ties rounded to even, as the D3D Shader Disassembler of current SDKs prints"},
		{Creator: c + "10.1", Version: []int{10, 1}, Style: sm4.Style{FloatTiesAway: true},
			Rule: `creator "` + c + `10.1" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
		{Creator: c + "10.0.10011.16384", Version: []int{10, 0, 10011, 16384}, Style: sm4.Style{FloatTiesAway: true},
			Rule: `creator "` + c + `10.0.10011.16384" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
		{Creator: c + "9.29.952.3111", Version: []int{9, 29, 952, 3111}, Style: sm4.Style{LowerCaseCB: true, FloatTiesAway: true, StructuredBlank: true, BareDiscard: true, BareTexelOffsets: true},
			SlotBindings: true, NarrowSignatureFormat: true,
			Rule: `creator "` + c + `9.29.952.3111" is FXC 9.x: cb0[n] declarations, %f ties rounded away from zero, Resource Bindings by Slot and Elements, a 6-wide signature Format column, a blank after dcl_resource_structured, discard for discard_nz, texel offsets without _aoffimmi`},
		{Creator: c + "9.30.9200.16384", Version: []int{9, 30, 9200, 16384}, Style: sm4.Style{LowerCaseCB: true, FloatTiesAway: true, OmitSGVInterpolation: true, StructuredBlank: true},
			SlotBindings: true, SlashLine: true,
			Rule: `creator "` + c + `9.30.9200.16384" is FXC 9.x: cb0[n] declarations, %f ties rounded away from zero, Resource Bindings by Slot and Elements, a /// line after the header, dcl_input_ps_sgv without interpolation, a blank after dcl_resource_structured`},
		{Creator: c + "6.3.9600.16384", Version: []int{6, 3, 9600, 16384}, Style: sm4.Style{LowerCaseCB: true, FloatTiesAway: true, OmitSGVInterpolation: true, StructuredBlank: true},
			SlotBindings: true,
			Rule:         `creator "` + c + `6.3.9600.16384" is FXC 6.x: cb0[n] declarations, %f ties rounded away from zero, Resource Bindings by Slot and Elements, dcl_input_ps_sgv without interpolation, a blank after dcl_resource_structured`},
		{Creator: "Some other tool", Style: sm4.Style{FloatTiesAway: true},
			Rule: `creator "Some other tool" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
	}
	for _, want := range tests {
		if got := ChooseFXCStyle(withCreator(want.Creator)); !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", want.Creator, got, want)
		}
	}
}
