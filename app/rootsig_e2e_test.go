//go:build !wasm

package app_test

import (
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// An RTS0 part reads as the HLSL a shader declares: its RootFlags( line
// selects bytes inside the RTS0 part, and a descriptor range shows its
// registers in HLSL notation.
func TestRootSignatureViewInBrowser(t *testing.T) {
	p, f := openPart(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__deny_ps_rootsig.dxbc", "RTS0")
	const flags = `[...document.querySelectorAll('#rootsig .rs-line')].find(e => e.textContent.includes('RootFlags('))`
	p.WaitFor("the RootFlags line", `!!`+flags)
	browsertest.Eval[bool](p, `(`+flags+`.click(), true)`)
	offs := selectionInside(t, p, f.Part("RTS0"))
	t.Logf("the RootFlags line selects %d bytes inside RTS0", len(offs))
	p.Shoot("rootsig")

	// What the parameters cost of D3D12's 64 DWORDs, and each of them:
	// DirectXTK12's root CBV (2) and two tables (1 each).
	q, _ := openPart(t, "real/microsoft__DirectXTK12/AlphaTestEffect_VSAlphaTestNoFog.inc__AlphaTestEffect_VSAlphaTestNoFog.dxbc", "RTS0")
	q.WaitFor("the cost", `!!document.querySelector('#rootsig .rs-cost')`)
	const cost = `document.querySelector('#rootsig .rs-cost').textContent`
	if !browsertest.Eval[bool](q, cost+`.startsWith('The parameters cost 4 of the 64 DWORDs')`) {
		t.Errorf("cost line %q", browsertest.Eval[string](q, cost))
	}
	if got := browsertest.Eval[string](q, `[...document.querySelectorAll('#rootsig .rs-params tbody tr')].map(r => r.cells[4].textContent).join(' ')`); got != "2 1 1" {
		t.Errorf("the parameters' DWORDs %q, want 2 1 1", got)
	}
	q.Shoot("rootsig-cost")
}
