package text

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sm4"
)

// FXCStyle is the spelling an FXC build would use for this file and the rule
// that chose it.
type FXCStyle struct {
	Creator string // the RDEF creator string, "" when the file has none
	// Style is how the instructions are spelled (package sm4).
	sm4.Style
	Rule string // which rule applied, in a sentence
}

var creatorVersion = regexp.MustCompile(`HLSL Shader Compiler (\d+)\.`)

// ChooseFXCStyle picks the spellings from the RDEF creator string and says
// which rule applied:
//   - FXC 9.x (D3DCompiler_43 and older, creator "... 9.29.952.3111") declares
//     constant buffers as cb0[1]; 10.x builds print CB0[1].
//   - A listing FXC writes itself (the file has its creator string) rounds %f
//     ties away from zero (the 10.1 listing of DirectX-Graphics-Samples'
//     presentPS shows 18.851563). Containers without RDEF were listed in the
//     corpus by the D3D Shader Disassembler of current SDKs, whose runtime
//     rounds ties to even (DirectXTK12's listings show 18.851562 and 0.007812).
//     This split fits every listing in the corpus; the FXC build itself is
//     not recorded in the file.
func ChooseFXCStyle(f *decode.File) FXCStyle {
	var creator string
	if p := f.Part("RDEF"); p != nil && p.ResourceDefs != nil {
		creator = p.ResourceDefs.Header.Creator
	}
	st := FXCStyle{Creator: creator}
	if creator == "" {
		st.Rule = "no RDEF creator string: CB0[n] declarations and %f ties rounded to even, as the D3D Shader Disassembler of current SDKs prints"
		return st
	}
	st.FloatTiesAway = true
	if m := creatorVersion.FindStringSubmatch(creator); m != nil {
		if v, err := strconv.Atoi(m[1]); err == nil && v < 10 {
			st.LowerCaseCB = true
			st.Rule = fmt.Sprintf("creator %q is FXC %d.x: cb0[n] declarations, %%f ties rounded away from zero", creator, v)
			return st
		}
	}
	st.Rule = fmt.Sprintf("creator %q is FXC 10 or later (or unrecognised): CB0[n] declarations, %%f ties rounded away from zero", creator)
	return st
}
