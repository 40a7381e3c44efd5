//go:build !wasm

package app_test

import (
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// Links go-app's URL parser cannot read used to stop the Go program: the
// page must stay live on them, fresh or already open, and still open files.
func TestBadLinksKeepThePageAlive(t *testing.T) {
	browser := startBrowser(t)
	bad := []string{"field=%ZZ", "name=%zz", "part=PSV0&field=%", "name=%E0%A4%A", "v=1&field=%%%25%2"}
	alive := func(p *browsertest.Page, what string) {
		t.Helper()
		p.WaitFor(what+": the app", `window.dxscopeReady === true`)
		p.Click(`#example-vertex\.dxbc`)
		p.WaitFor(what+": the example opens", `(document.getElementById('file-name') || {}).textContent === 'vertex.dxbc'`)
	}
	for _, frag := range bad {
		p := browser.NewTab(t)
		p.Open(frag) // a fresh page at the bad link
		alive(p, "fresh #"+frag)
		// The same link typed into an open page (a hash change, then Back).
		browsertest.Eval[bool](p, `(location.hash = `+browsertest.JSString(frag)+`, true)`)
		browsertest.Eval[bool](p, `(history.back(), true)`)
		browsertest.Eval[bool](p, `(location.hash = `+browsertest.JSString(frag)+`, true)`)
		p.Click(`#example-compute\.dxbc`)
		p.WaitFor("open #"+frag+": another example opens", `(document.getElementById('file-name') || {}).textContent === 'compute.dxbc'`)
		if got := browsertest.Eval[bool](p, `window.dxscopeReady === true && !document.body.textContent.includes('panic')`); !got {
			t.Errorf("#%s: the page is not live", frag)
		}
	}
}
