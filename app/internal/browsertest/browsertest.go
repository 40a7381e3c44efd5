//go:build !wasm

// Package browsertest starts what the page's browser tests share: headless
// Debian Chromium with the flags this machine kind needs, and the real
// bundle served in-process. Only tests import it.
package browsertest

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/serve"
	"github.com/dxscope/dxscope/decode/corpus"
)

// ChromiumPath is Debian's Chromium (package chromium).
const ChromiumPath = "/usr/bin/chromium"

// Available skips the test when Chromium is not installed.
func Available(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err != nil {
		corpus.Skip(t, "chromium", "no Chromium at %s (apt-get install chromium): skipping the browser test", ChromiumPath)
	}
}

// Chromium starts one headless Chromium with a fresh profile and returns the
// context it is bound to. The first action binds a browser to the context it
// runs on, so it is started here, on a context without a deadline; callers
// put their own timeouts on later steps. It stops when the test ends.
func Chromium(t testing.TB) context.Context {
	t.Helper()
	Available(t)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(ChromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", ChromiumPath, err)
	}
	return ctx
}

// ScreenshotDir is $DXSCOPE_SCREENSHOTS (created if needed) or a temporary folder.
func ScreenshotDir(t testing.TB) string {
	d := os.Getenv("DXSCOPE_SCREENSHOTS")
	if d == "" {
		return t.TempDir()
	}
	os.MkdirAll(d, 0o755)
	return d
}

// Serve prepares the bundle as cmd/serve does (o.Root and o.Dir; Prepare
// builds the wasm when stale) and serves it on 127.0.0.1:0. It returns the
// base URL ("http://127.0.0.1:N/"), the bundle version and the server, which
// the test may close early; it is closed when the test ends.
func Serve(t testing.TB, o serve.Options) (url, version string, srv *http.Server) {
	t.Helper()
	version, err := serve.Prepare(o)
	if err != nil {
		t.Fatalf("preparing the bundle: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv = serve.NewHTTPServer(&serve.Server{Dir: o.Dir, Version: version}, serve.DefaultLimits)
	go srv.Serve(serve.LimitListener(ln, serve.DefaultLimits.MaxConns))
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/", version, srv
}

// Page drives one browser tab for a test: every step has a timeout, and a
// failing step saves a screenshot before it fails the test.
type Page struct {
	T     testing.TB
	Ctx   context.Context // the tab's context, without a deadline
	Shots string          // screenshot folder
}

// Run performs steps, failing the test (after a screenshot) if they fail.
func (p *Page) Run(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.Shoot("failed-" + strings.ReplaceAll(what, " ", "-"))
		p.T.Fatalf("%s: %v", what, err)
	}
}

// Eval evaluates a JavaScript expression.
func (p *Page) Eval(expr string) any {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr))
	if err != nil {
		p.T.Fatalf("eval %.80s: %v", expr, err)
	}
	return v
}

// WaitFor polls a JavaScript condition until it holds.
func (p *Page) WaitFor(what, cond string) {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 120*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(110*time.Second))); err != nil {
		p.Shoot("failed-wait")
		text, _ := chromedp.Run(p.Ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 1500)`))
		p.T.Fatalf("waiting for %s: %v\npage text: %s", what, err, text)
	}
}

// Shoot saves a full-page screenshot as name.png in the screenshot folder.
func (p *Page) Shoot(name string) {
	ctx, cancel := context.WithTimeout(p.Ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err == nil {
		err = os.WriteFile(filepath.Join(p.Shots, name+".png"), buf, 0o644)
	}
	if err != nil {
		p.T.Logf("screenshot %s: %v", name, err)
	}
}
