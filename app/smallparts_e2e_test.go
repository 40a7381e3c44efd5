//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Small parts read as what they are for: a PDB's container shows its
// embedded source (SRCI) as text, the DXC version (VERS) and the shader hash.
func TestSmallPartViewsInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil")
	src := f.Part("SRCI").SourceInfo.Contents.Entries[0].FileContent
	vers := f.Part("VERS").CompilerVersion

	p := openFile(t, path)
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="SRCI"]`)))
	p.wait("the embedded source", `!!document.querySelector('#part-facts .source-text')`)
	if got := eval[string](p, `document.querySelector('#part-facts .source-text').textContent`); got != src {
		t.Errorf("SRCI source shown as %q, the part holds %q", got, src)
	}
	p.screenshot("srci")
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="VERS"]`)))
	p.wait("the compiler version", `(document.querySelector('#part-facts')?.textContent || '').includes(`+jsString(vers.CommitSha)+`)`)
	if got := eval[string](p, `document.querySelector('#part-facts')?.textContent || ''`); !strings.Contains(got, vers.CustomVersionString) {
		t.Errorf("VERS view %q lacks the version string %q", got, vers.CustomVersionString)
	}
	p.screenshot("vers")
}
