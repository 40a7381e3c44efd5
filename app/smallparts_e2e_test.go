//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// Small parts read as what they are for: a PDB's container shows its
// embedded source (SRCI) as text, the DXC version (VERS) and the shader hash.
func TestSmallPartViewsInBrowser(t *testing.T) {
	p, f := openPart(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil", "SRCI")
	src := f.Part("SRCI").SourceInfo.Contents.Entries[0].FileContent
	vers := f.Part("VERS").CompilerVersion
	p.WaitFor("the embedded source", `!!document.querySelector('#part-facts .source-text')`)
	if got := browsertest.Eval[string](p, `document.querySelector('#part-facts .source-text').textContent`); got != src {
		t.Errorf("SRCI source shown as %q, the part holds %q", got, src)
	}
	p.Shoot("srci")
	p.Click(`#part-list .part[data-name="VERS"]`)
	p.WaitFor("the compiler version", `(document.querySelector('#part-facts')?.textContent || '').includes(`+browsertest.JSString(vers.CommitSha)+`)`)
	if got := browsertest.Eval[string](p, `document.querySelector('#part-facts')?.textContent || ''`); !strings.Contains(got, vers.CustomVersionString) {
		t.Errorf("VERS view %q lacks the version string %q", got, vers.CustomVersionString)
	}
	p.Shoot("vers")
}
