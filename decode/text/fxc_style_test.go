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

// TestChooseFXCStyle checks which row of the spellings table each creator
// string selects, and the sentence the CLI prints about it.
func TestChooseFXCStyle(t *testing.T) {
	tests := []struct {
		creator string
		version []int
		style   sm4.Style
		rule    string
	}{
		{"", nil, sm4.Style{},
			"no RDEF creator string: CB0[n] declarations and %f ties rounded to even, as the D3D Shader Disassembler of current SDKs prints"},
		{"Microsoft (R) HLSL Shader Compiler 10.1", []int{10, 1}, sm4.Style{FloatTiesAway: true},
			`creator "Microsoft (R) HLSL Shader Compiler 10.1" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
		{"Microsoft (R) HLSL Shader Compiler 10.0.10011.16384", []int{10, 0, 10011, 16384}, sm4.Style{FloatTiesAway: true},
			`creator "Microsoft (R) HLSL Shader Compiler 10.0.10011.16384" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
		{"Microsoft (R) HLSL Shader Compiler 9.29.952.3111", []int{9, 29, 952, 3111}, sm4.Style{LowerCaseCB: true, FloatTiesAway: true},
			`creator "Microsoft (R) HLSL Shader Compiler 9.29.952.3111" is FXC 9.x: cb0[n] declarations, %f ties rounded away from zero`},
		{"Some other tool", nil, sm4.Style{FloatTiesAway: true},
			`creator "Some other tool" is FXC 10 or later (or unrecognised): CB0[n] declarations, %f ties rounded away from zero`},
	}
	for _, tc := range tests {
		st := ChooseFXCStyle(withCreator(tc.creator))
		if !reflect.DeepEqual(st.Version, tc.version) || st.Style != tc.style || st.Rule != tc.rule {
			t.Errorf("%q: version %v, style %+v, rule %q\nwant %v, %+v, %q", tc.creator, st.Version, st.Style, st.Rule, tc.version, tc.style, tc.rule)
		}
	}
}
