//go:build !wasm

package app_test

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// A Go panic in the page (here go-app's own: its popstate handler reads an
// address Go's URL parser rejects, bypassing the page's link repair) used to
// end the program. The page must restart, say what happened and with which
// file, drop the link that may have caused it, and open files again.
func TestPanicRestartsThePage(t *testing.T) {
	p := browserPage(t)
	p.Click(`#example-vertex\.dxbc`)
	p.WaitFile("vertex.dxbc")

	browsertest.Eval[bool](p, `(window.dxscopeReady = false, history.pushState(null, '', '#field=%ZZ'), window.onpopstate(new PopStateEvent('popstate')), true)`)
	p.WaitFor("the page to restart and report", `window.dxscopeReady === true && !!document.getElementById('crash')`)
	report := browsertest.Eval[string](p, `document.getElementById('crash').textContent`)
	for _, want := range []string{"hit a bug and restarted", "nil pointer", "file given to the page: vertex.dxbc (", "field=%ZZ"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q: %s", want, report)
		}
	}
	if h := p.Fragment(); h != "" {
		t.Errorf("the address still carries #%s after the restart", h)
	}
	p.Shoot("crash-restart")

	p.Click(`#example-compute\.dxbc`)
	p.WaitFile("compute.dxbc")
	p.Click(`#crash button`)
	p.WaitFor("the report goes when dismissed", `!document.getElementById('crash')`)
}
