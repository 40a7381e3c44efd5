package model

import (
	"strings"
	"testing"
)

// Expected rows written from the root signature's HLSL, which DXC's own
// test (dxbc2dxil nonuniform1) declares: two tables, SRV t3 ×5 and
// Sampler s2 ×3, both appended.
func TestRootSignatureView(t *testing.T) {
	pv := corpusPart(t, "real/microsoft__DirectXShaderCompiler/test__dxbc2dxil__nonuniform1.dxbc", "RTS0")
	v := pv.RootSignature()
	if v == nil || v.Version != "1.1" || len(v.Lines) != 2 || len(v.Params) != 2 || len(v.Ranges) != 2 || len(v.Samplers) != 0 {
		t.Fatalf("view %+v", v)
	}
	if v.Ranges[0].Registers != "t3-t7" || v.Ranges[0].Offset != "append" || v.Ranges[1].Registers != "s2-s4" {
		t.Errorf("ranges %+v", v.Ranges)
	}
	// Two descriptor tables: a DWORD each of D3D12's 64.
	if v.Cost != 2 || v.Params[0].Cost != 1 || v.Params[1].Cost != 1 || !strings.HasPrefix(v.CostText(), "The parameters cost 2 of the 64 DWORDs") {
		t.Errorf("cost %d (%d, %d): %q", v.Cost, v.Params[0].Cost, v.Params[1].Cost, v.CostText())
	}
	lo, hi := pv.Offset+8, pv.Offset+pv.Size
	for _, l := range v.Lines {
		if l.Off < lo || l.Off+l.Size > hi || l.Size >= hi-lo {
			t.Errorf("line %q at 0x%x+%d, not a parameter inside RTS0 [0x%x, 0x%x)", l.Text, l.Off, l.Size, lo, hi)
		}
	}
}
