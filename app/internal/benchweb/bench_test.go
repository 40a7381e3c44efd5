//go:build !wasm

// Package benchweb measures the page as a user feels it, in real headless
// Chromium against the bundle served as `go run ./cmd/serve` serves it
// (precompressed, same server limits): the cold load to a live page, the
// first file opened, the p50/p90 of 20 corpus files (2–40 KB), two 50 MB
// files, and the script time of selecting a field on the largest corpus
// file. It only runs when asked:
//
//	DXSCOPE_BENCH_WEB=1 go test ./app/internal/benchweb -run TestBenchWeb -v
//
// DXSCOPE_BENCH_URL=http://127.0.0.1:8080/ measures a server already
// running instead; DXSCOPE_BENCH_PROFILE=out.cpuprofile records a CPU
// profile of the opens (load it in Chrome's performance panel) and prints
// where the script time went; DXSCOPE_BENCH_CASES=cases.txt writes the
// chosen files as open_perf.mjs arguments (FILE:PART,PART);
// DXSCOPE_BENCH_ROUNDS=3 opens the 20 files twice more and also prints the
// p50/p90 of each file's best time (the machine's other load only adds). docs/performance.md explains the figures.
package benchweb

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/serve"
	"github.com/dxscope/dxscope/internal/corpus"
)

// liveScript runs in every new document: it records (in ms since
// navigation start) when go-app's loader is gone and the Inspector is
// mounted, checked every animation frame as the shared open_perf tool does.
const liveScript = `(() => {
  window.__benchLive = 0;
  const check = () => {
    if (!document.getElementById('app-wasm-loader') && window.dxscopeReady === true) { window.__benchLive = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`

// openScript starts timing one open: it records now, then checks every
// animation frame until the file's name is shown with its part names (or
// the embedded-container list), and records that moment.
const openScript = `((name, parts, embedded) => {
  window.__benchOpen = {t0: performance.now(), t1: 0};
  const shown = () => {
    const fn = document.getElementById('file-name');
    if (!fn || fn.textContent !== name) return false;
    if (embedded) return !!document.getElementById('embedded');
    const pl = document.getElementById('part-list');
    if (!pl) return false;
    const text = pl.textContent;
    return parts.every(p => text.includes(p));
  };
  const check = () => {
    if (shown()) { window.__benchOpen.t1 = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  return true;
})`

type openCase struct {
	path     string
	name     string
	parts    []string
	embedded bool
	size     int64
}

func TestBenchWeb(t *testing.T) {
	if os.Getenv("DXSCOPE_BENCH_WEB") == "" {
		t.Skip("set DXSCOPE_BENCH_WEB=1 to measure the page in Chromium (docs/performance.md)")
	}
	browsertest.Available(t)
	entries := corpus.Entries(t)
	files := pickFiles(t, entries, 20)
	if out := os.Getenv("DXSCOPE_BENCH_CASES"); out != "" {
		// The same files as arguments for ../shared/tools/open_perf.mjs.
		var b strings.Builder
		for _, f := range files {
			fmt.Fprintf(&b, "%s:%s\n", f.path, strings.Join(f.parts, ","))
		}
		os.WriteFile(out, []byte(b.String()), 0o644)
	}

	url := os.Getenv("DXSCOPE_BENCH_URL")
	if url == "" {
		root, err := serve.FindRoot(".")
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		// As cmd/serve serves once its background compression is done.
		url, _, _ = browsertest.Serve(t, serve.Options{Root: root, Dir: filepath.Join(root, "web"), Log: testLog{t}})
		t.Logf("bundle ready in %.1fs", time.Since(t0).Seconds())
		if st, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err == nil {
			br, _ := os.Stat(filepath.Join(root, "web", "app.wasm.br"))
			gz, _ := os.Stat(filepath.Join(root, "web", "app.wasm.gz"))
			if br != nil && gz != nil {
				t.Logf("app.wasm: %.2f MB raw, %.2f MB brotli (%d bytes), %.2f MB gzip", mb(st.Size()), mb(br.Size()), br.Size(), mb(gz.Size()))
			}
		}
	}
	browser := browsertest.Chromium(t)

	// 1. Cold loads: each in a fresh browser context (empty cache, no
	// service worker).
	var colds []float64
	for i := 0; i < 3; i++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		if err := chromedp.Do(ctx); err != nil {
			t.Fatal(err)
		}
		profileCold := os.Getenv("DXSCOPE_BENCH_PROFILE") != "" && i == 2
		if profileCold {
			startProfile(t, ctx)
		}
		live := loadLive(t, ctx, url)
		if profileCold {
			stopProfile(t, ctx, strings.TrimSuffix(os.Getenv("DXSCOPE_BENCH_PROFILE"), ".cpuprofile")+"-cold.cpuprofile")
		}
		wasmEnd, _ := eval[float64](ctx, `(performance.getEntriesByType('resource').find(e => e.name.includes('.wasm')) || {}).responseEnd || 0`)
		t.Logf("cold load %d: live at %.0f ms (app.wasm received at %.0f ms)", i+1, live, wasmEnd)
		colds = append(colds, live)
		cancel()
	}

	// 2. Opens, in one live page.
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	loadLive(t, ctx, url)
	time.Sleep(500 * time.Millisecond)
	run(t, ctx, enableMetrics())
	profile := os.Getenv("DXSCOPE_BENCH_PROFILE")
	if profile != "" {
		startProfile(t, ctx)
	}
	var opens []float64
	for i, f := range files {
		ms, m := open(t, ctx, f)
		opens = append(opens, ms)
		t.Logf("open %2d: %6.0f ms  (script %4.0f ms, layout %3.0f ms, style %3.0f ms)  %6d bytes  %s", i+1, ms, m["ScriptDuration"], m["LayoutDuration"], m["RecalcStyleDuration"], f.size, f.name)
	}
	if profile != "" {
		stopProfile(t, ctx, profile)
	}
	// More rounds over the same files: the minimum per file is what the
	// page costs without the machine's other load (which only adds).
	rounds, _ := strconv.Atoi(os.Getenv("DXSCOPE_BENCH_ROUNDS"))
	best := append([]float64(nil), opens...)
	for r := 1; r < rounds; r++ {
		for i, f := range files {
			ms, _ := open(t, ctx, f)
			best[i] = min(best[i], ms)
		}
	}

	// 3. Two 50 MB files: a container inside 50 MB of other bytes (the page
	// searches it), and a container with a 50 MB part.
	tmp := t.TempDir()
	bigs := bigFiles(t, tmp, files[0])
	var bigMs []float64
	for _, f := range bigs {
		ms, m := open(t, ctx, f)
		bigMs = append(bigMs, ms)
		t.Logf("50 MB %s: %.0f ms (script %.0f ms)", f.name, ms, m["ScriptDuration"])
	}

	// 4. Selecting a field on the largest corpus file: script time of one click.
	largest := largestFile(t, entries)
	ms, _ := open(t, ctx, largest)
	t.Logf("largest corpus file %s (%d bytes): %.0f ms", largest.name, largest.size, ms)
	sel := selectCost(t, ctx)

	// 5. Selecting the largest parts (issue 30: an 8,000-instruction SHEX, a
	// 16 KB-bitcode DXIL, an ILDB): from the click until the part's code is
	// drawn and painted, median of 3, each after the container header.
	var bigSel []string
	for _, c := range bigCases(t, tmp) {
		open(t, ctx, c)
		ms := bigPartCost(t, ctx, c.parts[0])
		bigSel = append(bigSel, fmt.Sprintf("%s %.0f ms", c.parts[0], ms))
	}

	// 6. Hovering cells of the largest dependency grid a PSV0 can describe
	// (128 × 128 components, the page's demo grid).
	hover := gridHoverCost(t, ctx, url)

	sort.Float64s(colds)
	fmt.Printf("\nbenchweb (%s, %d CPUs, headless Chromium):\n", url, runtime.NumCPU())
	fmt.Printf("  cold load to live page: median %.0f ms of 3 (%.0f, %.0f, %.0f)\n", colds[1], colds[0], colds[1], colds[2])
	fmt.Printf("  first open after live:  %.0f ms (%s, %d bytes)\n", opens[0], files[0].name, files[0].size)
	fmt.Printf("  opens of %d corpus files (2–40 KB): p50 %.0f ms, p90 %.0f ms\n", len(opens), quantile(opens, 0.5), quantile(opens, 0.9))
	if rounds > 1 {
		fmt.Printf("  best of %d rounds per file: p50 %.0f ms, p90 %.0f ms\n", rounds, quantile(best, 0.5), quantile(best, 0.9))
	}
	fmt.Printf("  50 MB file with a container inside: %.0f ms; 50 MB container: %.0f ms\n", bigMs[0], bigMs[1])
	fmt.Printf("  select a field on %s: %.1f ms of script\n", largest.name, sel)
	fmt.Printf("  select the largest parts (click to painted code): %s\n", strings.Join(bigSel, ", "))
	fmt.Printf("  hover a cell of a 128 × 128 dependency grid: %.1f ms of script\n", hover)
}

// pickFiles chooses n corpus files of 2–40 KB with distinct names, spread
// over the sizes, the first a 2–4 KB shader (the first file a user opens).
func pickFiles(t testing.TB, entries []corpus.Entry, n int) []openCase {
	var pool []corpus.Entry
	seen := map[string]bool{}
	for _, e := range entries {
		name := filepath.Base(e.Path)
		if e.Size < 2<<10 || e.Size > 40<<10 || seen[name] || len(e.Parts) == 0 {
			continue
		}
		seen[name] = true
		pool = append(pool, e)
	}
	if len(pool) < n {
		t.Fatalf("only %d corpus files of 2–40 KB", len(pool))
	}
	sort.Slice(pool, func(i, j int) bool {
		return pool[i].Size < pool[j].Size || pool[i].Size == pool[j].Size && pool[i].Rel < pool[j].Rel
	})
	var out []openCase
	for i := 0; i < n; i++ {
		out = append(out, caseOf(t, pool[(2*i+1)*len(pool)/(2*n)]))
	}
	// A fixed shuffle, so sizes alternate as a user's choices would, with
	// a small shader first.
	r := rand.New(rand.NewPCG(17, 19))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	for i, f := range out {
		if f.size <= 4<<10 {
			out[0], out[i] = out[i], out[0]
			break
		}
	}
	return out
}

func caseOf(t testing.TB, e corpus.Entry) openCase {
	return openCase{path: e.Path, name: filepath.Base(e.Path), parts: e.Parts, size: e.Size}
}

func largestFile(t *testing.T, entries []corpus.Entry) openCase {
	best := entries[0]
	for _, e := range entries {
		if e.Size > best.Size {
			best = e
		}
	}
	return caseOf(t, best)
}

// bigFiles writes the two 50 MB files.
func bigFiles(t *testing.T, dir string, inner openCase) []openCase {
	raw, err := os.ReadFile(inner.path)
	if err != nil {
		t.Fatal(err)
	}
	const size = 50 << 20
	b := make([]byte, size)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i+8 <= len(b); i += 8 {
		v := r.Uint64()
		for k := 0; k < 8; k++ {
			b[i+k] = byte(v >> (8 * k))
		}
	}
	for i := range b { // no accidental magic
		if b[i] == 'D' {
			b[i] = 'd'
		}
	}
	copy(b[size/2:], raw)
	embedded := filepath.Join(dir, "blob-with-container.bin")
	if err := os.WriteFile(embedded, b, 0o644); err != nil {
		t.Fatal(err)
	}
	c := browsertest.BigContainer(size)
	container := filepath.Join(dir, "big-priv.dxbc")
	if err := os.WriteFile(container, c, 0o644); err != nil {
		t.Fatal(err)
	}
	return []openCase{
		{path: embedded, name: filepath.Base(embedded), embedded: true, size: size},
		{path: container, name: filepath.Base(container), parts: []string{"PRIV"}, size: int64(len(c))},
	}
}

// loadLive navigates a fresh tab and returns ms from navigation start to live.
func loadLive(t *testing.T, ctx context.Context, url string) float64 {
	t.Helper()
	// The first action on a context opens its tab and binds the tab to the
	// context it runs on: run it on one without a deadline.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: liveScript})
		return err
	}), chromedp.EmulateViewport(1400, 900), chromedp.Navigate(url))
	pctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	live, err := chromedp.Run(pctx, chromedp.Poll[float64](`window.__benchLive || false`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(110*time.Second)))
	if err != nil {
		st, _ := eval[string](ctx, `JSON.stringify({loader: !!document.getElementById('app-wasm-loader'), ready: window.dxscopeReady, live: window.__benchLive, vis: document.visibilityState, label: (document.getElementById('app-wasm-loader-label')||{}).innerText})`)
		t.Fatalf("the page never came live: %v (%s)", err, st)
	}
	return live
}

// open sets a file on the file input and returns ms until it is shown,
// with the page's performance metrics (ms) spent meanwhile.
func open(t *testing.T, ctx context.Context, f openCase) (float64, map[string]float64) {
	t.Helper()
	before := metrics(t, ctx)
	parts, _ := json.Marshal(f.parts)
	start := fmt.Sprintf(`%s(%q, %s, %v)`, openScript, f.name, parts, f.embedded)
	if _, err := eval[bool](ctx, start); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{f.path}))
	pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	ms, err := chromedp.Run(pctx, chromedp.Poll[float64](`window.__benchOpen.t1 ? window.__benchOpen.t1 - window.__benchOpen.t0 : false`, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(55*time.Second)))
	if err != nil {
		t.Fatalf("%s was not shown: %v", f.name, err)
	}
	time.Sleep(300 * time.Millisecond) // let deferred work finish before the next file
	after := metrics(t, ctx)
	d := map[string]float64{}
	for k, v := range after {
		d[k] = (v - before[k]) * 1000
	}
	return ms, d
}

// selectCost clicks tree nodes of the shown file and returns the median
// script time per click (ms), from the page's ScriptDuration metric.
func selectCost(t *testing.T, ctx context.Context) float64 {
	// The tree is drawn when its tab is shown (a part with a view of its
	// own opens on the view).
	eval[bool](ctx, `(document.getElementById('tab-tree')?.click(), true)`)
	time.Sleep(500 * time.Millisecond)
	n, _ := eval[float64](ctx, `document.querySelectorAll('#tree .node').length`)
	if n < 2 {
		t.Logf("no tree nodes to select")
		return 0
	}
	var costs []float64
	for i := 1; i <= 7 && i < int(n); i++ {
		before := metrics(t, ctx)
		eval[bool](ctx, fmt.Sprintf(`(() => { const e = document.querySelectorAll('#tree .node')[%d]; (e.querySelector('.node-label') || e).click(); return true })()`, i))
		time.Sleep(250 * time.Millisecond)
		after := metrics(t, ctx)
		costs = append(costs, (after["ScriptDuration"]-before["ScriptDuration"])*1000)
	}
	t.Logf("select-a-field script ms: %v", costs)
	return quantile(costs, 0.5)
}

// bigPartCost selects a part three times (after the container header) and
// returns the median ms from the click until the part's code is drawn, two
// animation frames later (painted).
func bigPartCost(t *testing.T, ctx context.Context, part string) float64 {
	var ms []float64
	for i := 0; i < 3; i++ {
		eval[bool](ctx, `(document.querySelector('#part-list .part[data-name="Header"]').click(), true)`)
		time.Sleep(600 * time.Millisecond)
		rctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		v, err := chromedp.Run(rctx, chromedp.Evaluate[float64](fmt.Sprintf(`new Promise((res) => {
  const t0 = performance.now();
  document.querySelector('#part-list .part[data-name=%q]').click();
  const check = () => {
    if (document.querySelector('#part-list .part.selected')?.dataset.name === %q && document.querySelector('.listing-line, .disasm-line')) {
      requestAnimationFrame(() => requestAnimationFrame(() => res(performance.now() - t0)));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`, part, part), func(p *cdpruntime.EvaluateParams) { yes := true; p.AwaitPromise = &yes }))
		cancel()
		if err != nil {
			t.Fatalf("selecting %s: %v", part, err)
		}
		ms = append(ms, v)
	}
	t.Logf("select %s: %v ms", part, ms)
	return quantile(ms, 0.5)
}

// gridHoverCost moves the pointer over cells of the demo grid and returns
// the median script time per move (ms).
func gridHoverCost(t *testing.T, parent context.Context, url string) float64 {
	// The demo shows only on a page with no file: a new tab.
	ctx, cancel := chromedp.NewContext(parent)
	defer cancel()
	loadLive(t, ctx, url+"#demo=grid")
	run(t, ctx, enableMetrics(), chromedp.WaitVisible(chromedp.CSS(".grid-cells")))
	rect, err := eval[[]float64](ctx, `(() => { const r = document.querySelector('.grid-cells').getBoundingClientRect(); return [r.left, r.top] })()`)
	if err != nil || len(rect) != 2 {
		t.Logf("no grid to hover: %v", err)
		return 0
	}
	var costs []float64
	for i := 0; i < 9; i++ {
		x, y := rect[0]+float64(8*(3+7*i))+4, rect[1]+float64(8*(2+5*i))+4
		before := metrics(t, ctx)
		run(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
		time.Sleep(200 * time.Millisecond)
		after := metrics(t, ctx)
		costs = append(costs, (after["ScriptDuration"]-before["ScriptDuration"])*1000)
	}
	sentence, _ := eval[string](ctx, `document.querySelector('.grid-sentence').textContent`)
	t.Logf("grid-hover script ms: %v (last: %q)", costs, sentence)
	return quantile(costs, 0.5)
}

// enableMetrics turns on Chromium's performance domain, whose counters
// (script, layout, style time) metrics reads.
func enableMetrics() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, performance.Enable, performance.EnableParams{})
		return err
	})
}

func metrics(t *testing.T, ctx context.Context) map[string]float64 {
	t.Helper()
	res, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (performance.GetMetricsResult, error) {
		return cdp.Call(ctx, tg, performance.GetMetrics, cdp.Empty{})
	})
	out := map[string]float64{}
	if err != nil {
		return out
	}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	return out
}

func startProfile(t *testing.T, ctx context.Context) {
	run(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
		return err
	}))
}

// stopProfile writes the profile and prints the functions with the most
// self time, and the Go packages they belong to.
func stopProfile(t *testing.T, ctx context.Context, out string) {
	res, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (profiler.StopResult, error) {
		return cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
	})
	if err != nil || res.Profile == nil {
		t.Fatalf("profile: %v", err)
	}
	p := res.Profile
	b, _ := json.Marshal(p)
	os.WriteFile(out, b, 0o644)
	self := map[int64]float64{}
	for i, id := range p.Samples {
		if i < len(p.TimeDeltas) {
			self[id] += float64(p.TimeDeltas[i]) / 1000
		}
	}
	byName, byPkg := map[string]float64{}, map[string]float64{}
	total := 0.0
	for _, n := range p.Nodes {
		name := n.CallFrame.FunctionName
		if name == "(idle)" || name == "(program)" || name == "(root)" {
			continue
		}
		byName[name] += self[n.ID]
		byPkg[goPackage(name)] += self[n.ID]
		total += self[n.ID]
	}
	t.Logf("profile written to %s: %.0f ms of script sampled", out, total)
	for _, kv := range top(byPkg, 25) {
		t.Logf("  %7.1f ms  %s", kv.v, kv.k)
	}
	t.Logf("functions:")
	for _, kv := range top(byName, 40) {
		t.Logf("  %7.1f ms  %s", kv.v, kv.k)
	}
}

// goPackage groups a wasm function name ("github.com/x/y.(*T).M") or a
// JavaScript one by package.
func goPackage(name string) string {
	if name == "" {
		return "(anonymous JS)"
	}
	slash := strings.LastIndexByte(name, '/')
	if i := strings.IndexByte(name[slash+1:], '.'); i >= 0 {
		return name[:slash+1+i]
	}
	return name
}

type kv struct {
	k string
	v float64
}

func top(m map[string]float64, n int) []kv {
	var out []kv
	for k, v := range m {
		out = append(out, kv{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v > out[j].v })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func run(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	rctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	if err := chromedp.Do(rctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return chromedp.Run(rctx, chromedp.Evaluate[T](expr))
}

func quantile(a []float64, q float64) float64 {
	s := append([]float64(nil), a...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	// As open_perf.mjs: the element at floor(q·n).
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func mb(n int64) float64 { return float64(n) / 1e6 }

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
