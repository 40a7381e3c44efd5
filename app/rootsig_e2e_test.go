//go:build !wasm

package app_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/corpus"
)

// An RTS0 part reads as the HLSL a shader declares: its RootFlags( line
// selects bytes inside the RTS0 part, and a descriptor range shows its
// registers in HLSL notation.
func TestRootSignatureViewInBrowser(t *testing.T) {
	d, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found: the browser test opens a corpus file")
	}
	path := filepath.Join(d, "real/HansKristian-Work__vkd3d-proton/d3d12_root_signature.c__deny_ps_rootsig.dxbc")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skip("corpus file missing")
	}
	f, err := decode.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	rts := f.Part("RTS0")
	lo, hi := rts.DataOffset, rts.DataOffset+int64(rts.Size)

	p := browserPage(t)
	p.upload("#file-input", path)
	p.wait("the file", `document.querySelector('#file-name')?.textContent === `+jsString(filepath.Base(path)))
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
