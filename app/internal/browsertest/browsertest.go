//go:build !wasm

// Package browsertest holds what the page's browser tests share: headless
// Debian Chromium with the flags this machine kind needs, the real bundle
// served in-process, and Page, one tab with the steps every test takes.
// Only tests import it.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/serve"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// ChromiumPath is Debian's Chromium (package chromium).
const ChromiumPath = "/usr/bin/chromium"

// How long the page may take. The whole test suite runs every package at
// once on two cores, where loading the page, compiling app.wasm and
// decoding the file a link carries took 6–21 s; a step (an action, an
// evaluation, a wait for what it shows) gets as long, since the same load
// slows it too. Only a failing test waits the whole time.
const (
	AppStartTimeout = 2 * time.Minute
	StepTimeout     = 90 * time.Second
)

// Available skips the test when Chromium is not installed.
func Available(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err != nil {
		corpus.Skip(t, "chromium", "no Chromium at %s (apt-get install chromium): skipping the browser test", ChromiumPath)
	}
}

// Chromium starts one headless Chromium with a fresh profile for the test
// alone and returns the context it is bound to. The first action binds a
// browser to the context it runs on, so it is started here, on a context
// without a deadline; callers put their own timeouts on later steps. It
// stops when the test ends.
func Chromium(t testing.TB) context.Context {
	t.Helper()
	Available(t)
	ctx, stop, err := startChromium(t.TempDir())
	if err != nil {
		t.Fatalf("starting %s: %v", ChromiumPath, err)
	}
	t.Cleanup(stop)
	return ctx
}

func startChromium(profile string) (ctx context.Context, stop func(), err error) {
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
		// The tests' tabs share one browser: none may be throttled or
		// given less CPU for being in the background (chromedp's defaults).
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(profile),
	)
	ctx, cancel := chromedp.NewContext(alloc)
	stop = func() { cancel(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}

// shared is the one Chromium the tests of a package open their tabs in
// (Start): starting a browser took 4–5 s a test on a loaded machine, and a
// package's browser tests must end within go test's 10 minutes. Each tab
// has a browser context of its own, so tests share no storage, cache or
// service worker. StopAfter stops it.
var shared struct {
	sync.Mutex
	ctx     context.Context
	stop    func()
	profile string
}

func sharedChromium(t testing.TB) context.Context {
	t.Helper()
	Available(t)
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx
	}
	stopShared()
	profile, err := os.MkdirTemp("", "dxscope-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop, err := startChromium(profile)
	if err != nil {
		os.RemoveAll(profile)
		t.Fatalf("starting %s: %v", ChromiumPath, err)
	}
	shared.ctx, shared.stop, shared.profile = ctx, stop, profile
	return ctx
}

// stopShared stops the shared Chromium, if it runs, and removes its profile.
func stopShared() {
	if shared.stop != nil {
		shared.stop()
		os.RemoveAll(shared.profile)
	}
	shared.ctx, shared.stop, shared.profile = nil, nil, ""
}

// StopAfter makes a package's test run (TestMain's m) stop the shared
// Chromium when its tests end: corpus.Main(browsertest.StopAfter(m)).
func StopAfter(m corpus.M) corpus.M { return stopAfter{m} }

type stopAfter struct{ m corpus.M }

func (s stopAfter) Run() int {
	defer func() {
		shared.Lock()
		stopShared()
		shared.Unlock()
	}()
	return s.m.Run()
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

// Log is a writer whose lines go to the test log.
func Log(t testing.TB) io.Writer { return logWriter{t} }

type logWriter struct{ t testing.TB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
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
	go srv.Serve(serve.LimitListener(ln, serve.DefaultLimits))
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/", version, srv
}

// ServeWeb serves the repository's own web/ folder, uncompressed (the tests
// need no brotli), logging to the test: Serve's results.
func ServeWeb(t testing.TB) (url, version string, srv *http.Server) {
	t.Helper()
	root, err := serve.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	return Serve(t, serve.Options{Root: root, Dir: filepath.Join(root, "web"), Log: Log(t), NoCompress: true})
}

// Page drives one browser tab for a test: every step has a timeout, and a
// failing step saves a screenshot and says what the page shows before it
// fails the test.
type Page struct {
	T     testing.TB
	Ctx   context.Context // the tab's context, without a deadline
	URL   string          // the page's address ("http://127.0.0.1:N/")
	Shots string          // screenshot folder
}

// Start opens a tab for the test, on no page yet, in the package's one
// Chromium (started by the first test that asks) and in a browser context
// of its own; screenshots go to ScreenshotDir.
func Start(t testing.TB, url string) *Page {
	t.Helper()
	return newTab(t, sharedChromium(t), url, ScreenshotDir(t))
}

// NewTab opens another tab of p's browser, for t, in a browser context of
// its own (no storage, cache or service worker shared with other tabs), on
// no page yet.
func (p *Page) NewTab(t testing.TB) *Page {
	t.Helper()
	return newTab(t, p.Ctx, p.URL, p.Shots)
}

// newTab opens a tab of browser in a browser context of its own: 1500 ×
// 1000, the page's console errors and uncaught exceptions in the test log.
func newTab(t testing.TB, browser context.Context, url, shots string) *Page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action on a tab's own context creates the tab: it runs
	// without a timeout context, whose end would close the tab.
	if err := chromedp.Listen(ctx, func(ev any) { logConsole(t, ev) }); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1500, 1000)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return &Page{T: t, Ctx: ctx, URL: url, Shots: shots}
}

func logConsole(t testing.TB, ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			t.Logf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		desc := d.Text
		if d.Exception != nil {
			desc += " " + d.Exception.Description
		}
		t.Logf("page exception: %s", desc)
	}
}

// Open loads the page at the fragment ("" for none) and waits for the wasm
// app to run, as long as AppStartTimeout.
func (p *Page) Open(fragment string) {
	p.T.Helper()
	u := p.URL
	if fragment != "" {
		u += "#" + fragment
	}
	t0 := time.Now()
	p.Run("loading "+u, chromedp.Navigate(u))
	t1 := time.Now()
	p.WaitReady("the app")
	p.T.Logf("page load %.2fs, app start %.2fs", t1.Sub(t0).Seconds(), time.Since(t1).Seconds())
}

// WaitReady waits as long as AppStartTimeout for the wasm app to run
// (window.dxscopeReady), after a load, a reload or a restart.
func (p *Page) WaitReady(what string) {
	p.T.Helper()
	p.poll(what, `window.dxscopeReady === true`, AppStartTimeout)
}

// Run performs steps, failing the test (after a screenshot) if they fail.
func (p *Page) Run(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, StepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.Shoot("failed-" + strings.ReplaceAll(what, " ", "-"))
		p.T.Fatalf("%s: %v (page says: %s)", what, err, p.messages())
	}
}

// Do is Run for steps the test does not name.
func (p *Page) Do(steps ...chromedp.Action[chromedp.Void]) {
	p.T.Helper()
	p.Run("browser", steps...)
}

// Click clicks the element the CSS selector finds, once it is visible. The
// page redraws windows of rows (the hex view, listings) as they scroll, so
// an element found may be replaced before the click lands: the click is
// tried again on the element found afresh.
func (p *Page) Click(sel string) {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, StepTimeout)
	defer cancel()
	var err error
	for try := 0; try < 5; try++ {
		if err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err == nil || !staleNode(err) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		p.Shoot("failed-click-" + strings.ReplaceAll(sel, " ", "-"))
		p.T.Fatalf("click %s: %v (page says: %s)", sel, err, p.messages())
	}
}

// staleNode says whether err is the browser's answer for an element that
// was replaced after it was found.
func staleNode(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Could not find node with given id") || strings.Contains(s, "No node with given id") ||
		strings.Contains(s, "Node is detached")
}

// Upload sets the file on the file input the CSS selector finds.
func (p *Page) Upload(input, file string) { p.UploadFiles(input, file) }

// UploadFiles sets several files on a file input at once, as a user
// selecting them together does.
func (p *Page) UploadFiles(input string, files ...string) {
	p.T.Helper()
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	p.Run("upload "+strings.Join(names, ", "), chromedp.SetUploadFiles(chromedp.CSS(input), files))
}

// Eval evaluates a JavaScript expression.
func Eval[T any](p *Page, expr string) T {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, StepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.T.Fatalf("evaluating %.200s: %v", expr, err)
	}
	return v
}

// Eval evaluates a JavaScript expression of any type.
func (p *Page) Eval(expr string) any {
	p.T.Helper()
	return Eval[any](p, expr)
}

// WaitFor polls a JavaScript condition until it holds.
func (p *Page) WaitFor(what, cond string) {
	p.T.Helper()
	p.poll(what, cond, StepTimeout)
}

// WaitFile waits until the page shows the file of that name.
func (p *Page) WaitFile(name string) {
	p.T.Helper()
	p.WaitFor(name+" to open", `document.getElementById('file-name')?.textContent === `+JSString(name))
}

func (p *Page) poll(what, cond string, timeout time.Duration) {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, timeout)
	defer cancel()
	// The poll's own timeout ends it before the context's, so the failure
	// names the condition rather than a cancelled context.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond),
		chromedp.WithPollingTimeout(timeout-5*time.Second))); err != nil {
		p.Shoot("failed-" + strings.ReplaceAll(what, " ", "-"))
		text, _ := p.evalQuick(`document.body.innerText.slice(0, 1500)`)
		p.T.Fatalf("waiting for %s (%s): %v; page says: %s\npage text: %s", what, cond, err, p.messages(), text)
	}
}

// messages returns the page's status, error and prompt texts, for failures.
func (p *Page) messages() string {
	s, _ := p.evalQuick(`[...document.querySelectorAll('.status')].map(e => e.id + ': ' + e.textContent).join(' | ')`)
	return s
}

func (p *Page) evalQuick(expr string) (string, error) {
	ctx, cancel := context.WithTimeout(p.Ctx, 5*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string](expr))
}

// Href is the page's address, Fragment what follows its '#'.
func (p *Page) Href() string { p.T.Helper(); return Eval[string](p, `location.href`) }

func (p *Page) Fragment() string {
	p.T.Helper()
	return strings.TrimPrefix(Eval[string](p, `location.hash`), "#")
}

// Shoot saves a full-page screenshot as name.png in the screenshot folder
// and returns its path ("" when it could not).
func (p *Page) Shoot(name string) string {
	ctx, cancel := context.WithTimeout(p.Ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	path := filepath.Join(p.Shots, name+".png")
	if err == nil {
		err = os.WriteFile(path, buf, 0o644)
	}
	if err != nil {
		p.T.Logf("screenshot %s: %v", name, err)
		return ""
	}
	return path
}

// JSString is s as a JavaScript string literal.
func JSString(s string) string { b, _ := json.Marshal(s); return string(b) }

// BigContainer builds a container with one PRIV part of n bytes, the shape
// of a shader with a large private payload.
func BigContainer(n int) []byte {
	// The bytes are those of a file offset's multiple of 7 (the data starts
	// at 44, behind the header, its one offset and the part's header).
	const start = decode.HeaderSize + 4 + decode.PartHeaderSize
	data := make([]byte, n)
	for i := range data {
		data[i] = byte((start + i) * 7)
	}
	return hostile.Container(hostile.Part{Name: "PRIV", Data: data})
}

// The hex view draws runs of bytes that share their classes (views/hex.go
// rowsHTML): a run carries its first offset (data-off) and its length
// (data-n), and its bytes are all as wide. hexByteJS finds the run of the
// inspector's hex column that holds byte off and where that byte is drawn.
const hexByteJS = `((off) => { for (const r of document.querySelectorAll('#hex-rows .hex-bytes .b')) { const o = +r.dataset.off, n = +(r.dataset.n || 1); if (off >= o && off < o + n) { const b = r.getBoundingClientRect(), w = b.width / n; return { x: b.left + w * (off - o) + w / 2, y: b.top + b.height / 2, sel: r.classList.contains('sel'), title: r.title } } } return null })`

// HexByte is a JS expression for byte off in the hex view: its centre (x,
// y), whether it is selected (sel) and its run's hover text (title), or
// null when the byte is not drawn.
func HexByte(off int64) string { return fmt.Sprintf("%s(%d)", hexByteJS, off) }

// HexSelected is a JS expression for the offsets of the selected bytes the
// inspector's hex view draws, in order; HexSelectedIn, of the hex view with
// that ID prefix (the compare view's "hexa" and "hexb").
var HexSelected = HexSelectedIn("hex")

func HexSelectedIn(view string) string {
	return `[...document.querySelectorAll('#` + view + `-rows .hex-bytes .b.sel')].flatMap(r => Array.from({length: +(r.dataset.n || 1)}, (_, i) => +r.dataset.off + i))`
}

// ClickByte clicks byte off of the hex view, where a user would, once it is
// drawn.
func (p *Page) ClickByte(off int64) {
	p.T.Helper()
	p.WaitFor(fmt.Sprintf("byte 0x%x drawn", off), "!!"+HexByte(off))
	xy := Eval[[]float64](p, fmt.Sprintf(`(b => [b.x, b.y])(%s)`, HexByte(off)))
	p.Do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// HoverByte moves the pointer over byte off of the hex view.
func (p *Page) HoverByte(off int64) {
	p.T.Helper()
	p.WaitFor(fmt.Sprintf("byte 0x%x drawn", off), "!!"+HexByte(off))
	xy := Eval[[]float64](p, fmt.Sprintf(`(b => [b.x, b.y])(%s)`, HexByte(off)))
	p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]))
}
