package model

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// DeepestIn answers as Deepest does for every byte of a range, over files
// whose spans nest deeply (SM5 tokens inside instructions inside the part,
// bitcode records inside blocks).
func TestDeepestInIsDeepest(t *testing.T) {
	for _, rel := range []string{
		"real/bkaradzic__bgfx/shaders__dxbc__cs_fsr_easu_32.bin__off3c.dxbc",
		"real/bkaradzic__bgfx/shaders__dxil__cs_fsr_easu_16.bin__off3c.dxil",
		"real/microsoft__DirectXTK/AlphaTestEffect_PSAlphaTestEqNe.inc__AlphaTestEffect_PSAlphaTestEqNe.dxbc",
	} {
		_, b := corpus.File(t, rel)
		m := Build(rel, b, 0)
		checked := 0
		for from := int64(0); from < int64(len(b)); from += 29 * 16 { // a hex view's worth of rows at a time
			to := min(from+29*16, int64(len(b))+16)
			in := m.Spans.DeepestIn(from, to)
			for off := from; off < to; off++ {
				want, wok := m.Spans.Deepest(off)
				got, gok := in(off)
				if got != want || gok != wok {
					t.Fatalf("%s at 0x%x: DeepestIn %+v, Deepest %+v", rel, off, got, want)
				}
				checked++
			}
		}
		t.Logf("%s: %d bytes agree", rel, checked)
	}
}
