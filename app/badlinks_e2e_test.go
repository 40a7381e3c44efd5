//go:build !wasm

package app_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// Links go-app's URL parser cannot read used to stop the Go program: the
// page must stay live on them, fresh or already open, and still open files.
func TestBadLinksKeepThePageAlive(t *testing.T) {
	base, browser := browserAndPage(t)
	bad := []string{"field=%ZZ", "name=%zz", "part=PSV0&field=%", "name=%E0%A4%A", "v=1&field=%%%25%2"}
	alive := func(p *page, what string) {
		t.Helper()
		p.wait(what+": the app", `window.dxscopeReady === true`)
		p.do(chromedp.Click(chromedp.CSS(`#example-vertex\.dxbc`)))
		p.wait(what+": the example opens", `(document.getElementById('file-name') || {}).textContent === 'vertex.dxbc'`)
	}
	for _, frag := range bad {
		p := newPage(t, browser, base, t.TempDir())
		p.open(frag) // a fresh page at the bad link
		alive(p, "fresh #"+frag)
		// The same link typed into an open page (a hash change, then Back).
		eval[bool](p, `(location.hash = `+jsString(frag)+`, true)`)
		eval[bool](p, `(history.back(), true)`)
		eval[bool](p, `(location.hash = `+jsString(frag)+`, true)`)
		p.do(chromedp.Click(chromedp.CSS(`#example-compute\.dxbc`)))
		p.wait("open #"+frag+": another example opens", `(document.getElementById('file-name') || {}).textContent === 'compute.dxbc'`)
		if got := eval[bool](p, `window.dxscopeReady === true && !document.body.textContent.includes('panic')`); !got {
			t.Errorf("#%s: the page is not live", frag)
		}
	}
}
