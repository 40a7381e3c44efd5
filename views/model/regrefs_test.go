package model

import (
	"fmt"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// A register's value in an SHDR listing, checked by hand against FXC's own
// listing of the file (EdgeDetectPixelShader.…listing.txt): line numbers
// count the listing's version line as 0 and the six declarations 1-6.
func TestRegisterRefs(t *testing.T) {
	raw := corpus.Bytes(t, "real/microsoft__DirectX-Graphics-Samples/EdgeDetectPixelShader.hlsl.h__g_EdgeDetectPixelShader__v2.dxbc")
	m := Build("edge.dxbc", raw, 0)
	pv := partNamed(m, "SHEX")
	if pv == nil {
		t.Fatal("no SHEX part")
	}
	c := pv.CodeListing()
	r := c.RegisterRefs()
	for _, tc := range []struct {
		line, nth int
		want      string
	}{
		// add r0.xyzw, v1.xyxy, …: read by the samples at 8 (r0.xyxx) and 9
		// (r0.zwzz), each overwriting one component; 10 reads only what 8
		// and 9 wrote, and 15 overwrites the last (w).
		{7, 0, "r0 def 7 uses [8 9] of 2"},
		// mad r0.y, r0.y, l(2.000000), r0.x: its r0.x is 8's, read again at
		// 13, which overwrites it.
		{10, 2, "r0.x def 8 uses [10 13] of 2"},
		{10, 1, "r0.y def 9 uses [10] of 1"},
		{10, 0, "r0.y def 10 uses [14] of 1"},
		// if_nz r0.x ends the block: 29's lt wrote it.
		{30, 0, "r0.x def 29 uses [30] of 1"},
		// sample … o0.xyzw, v1.xyxx: no temporary.
		{31, 0, "<nil>"},
	} {
		ref := r.Of(tc.line, tc.nth)
		got := "<nil>"
		if ref != nil {
			got = fmt.Sprintf("%s def %d uses %v of %d", ref.Name, ref.Def, ref.Uses, ref.Count)
		}
		if got != tc.want {
			t.Errorf("line %d (%s), temporary %d: %s, want %s", tc.line, c.Lines[tc.line].Text, tc.nth, got, tc.want)
		}
	}
}
