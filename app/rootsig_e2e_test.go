//go:build !wasm

package app_test

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// An RTS0 part reads as the HLSL a shader declares: its RootFlags( line
// selects bytes inside the RTS0 part, and a descriptor range shows its
// registers in HLSL notation.
func TestRootSignatureViewInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__deny_ps_rootsig.dxbc")
	rts := f.Part("RTS0")
	lo, hi := rts.DataOffset, rts.DataOffset+int64(rts.Size)

	p := openFile(t, path)
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="RTS0"]`)))
	const flags = `[...document.querySelectorAll('#rootsig .rs-line')].find(e => e.textContent.includes('RootFlags('))`
	p.wait("the RootFlags line", `!!`+flags)
	eval[bool](p, `(`+flags+`.click(), true)`)
	p.wait("selected bytes", `document.querySelectorAll('.hex-rows .b.sel').length > 0`)
	offs := eval[[]string](p, `[...document.querySelectorAll('.hex-rows .b.sel')].map(e => e.getAttribute('data-off'))`)
	for _, s := range offs {
		o, _ := strconv.ParseInt(s, 10, 64)
		if o < lo || o >= hi {
			t.Fatalf("selected byte 0x%x is outside the RTS0 part [0x%x, 0x%x)", o, lo, hi)
		}
	}
	t.Logf("the RootFlags line selects %d bytes inside RTS0", len(offs))
	p.screenshot("rootsig")
}
