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
}
