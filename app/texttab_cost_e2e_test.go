//go:build !wasm

package app_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestTextTabCost measures what opening the Text tab costs for hostile files
// whose PSV0 text reaches model.MaxDumpText: the time until the text is
// drawn, and the JS heap's peak over the 10 s after the click (sampled every
// 100 ms through the DevTools protocol, which a busy page cannot delay past
// its next task, and by the page's own performance.memory). It only
// measures (docs/performance.md has the figures):
//
//	DXSCOPE_MEASURE_TEXTTAB=1 go test -p 1 -run TestTextTabCost -v ./app/
func TestTextTabCost(t *testing.T) {
	if os.Getenv("DXSCOPE_MEASURE_TEXTTAB") == "" {
		t.Skip("a measurement: set DXSCOPE_MEASURE_TEXTTAB=1 to run it")
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"huge-grids.dxbc", hostile.HugeGrids()},              // 2 MiB in 440 lines of up to 8,780 bytes
		{"psv-long-names.dxbc", hostile.LongNamePSV(1 << 20)}, // 2 MB in 9,966 lines, one of 1 MiB
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), c.name)
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			p := openFile(t, path)
			p.Click(`#part-list .part[data-name="PSV0"]`)
			p.WaitFor("the PSV0 tabs", `document.querySelector('#part-list .part.selected')?.dataset.name === 'PSV0' && !!document.querySelector('#tab-text')`)
			time.Sleep(2 * time.Second) // the open's garbage, collected or not, is the baseline
			base := heapUsed(t, p)
			browsertest.Eval[bool](p, `(() => { window.heapPeak = 0; window.heapTimer = setInterval(() => { window.heapPeak = Math.max(window.heapPeak, performance.memory.usedJSHeapSize) }, 100); return true })()`)

			var mu sync.Mutex
			peak := base
			stop := make(chan struct{})
			done := make(chan struct{})
			go func() {
				defer close(done)
				for tick := time.NewTicker(100 * time.Millisecond); ; {
					select {
					case <-stop:
						tick.Stop()
						return
					case <-tick.C:
						if u, err := heapUsage(p.Ctx); err == nil {
							mu.Lock()
							peak = max(peak, u)
							mu.Unlock()
						}
					}
				}
			}()
			// From the click until the text is on the page (the text written,
			// the page's Go code done), and until two frames later: the second
			// frame is drawn after the first laid the text out.
			ms, err := evalAwait(p, `new Promise(done => {
				const t0 = performance.now(); document.querySelector('#tab-text').click();
				const tick = () => {
					if (!document.querySelector('#dump-psv .dump-text')) return requestAnimationFrame(tick);
					const on = performance.now() - t0;
					requestAnimationFrame(() => requestAnimationFrame(() => done([on, performance.now() - t0])));
				};
				requestAnimationFrame(tick) })`)
			if err != nil {
				t.Fatalf("opening the Text tab: %v", err)
			}
			time.Sleep(10 * time.Second)
			close(stop)
			<-done
			page := browsertest.Eval[float64](p, `(clearInterval(window.heapTimer), window.heapPeak)`)
			shown := browsertest.Eval[float64](p, `document.querySelector('#dump-psv .dump-text').textContent.length`)
			mu.Lock()
			defer mu.Unlock()
			t.Logf("%s: Text tab's text on the page in %.0f ms, drawn in %.0f ms (%.0f characters shown); JS heap %.1f MB before, peak %.1f MB (+%.1f MB) by Runtime.getHeapUsage, %.1f MB by performance.memory",
				c.name, ms[0], ms[1], shown, base/1e6, peak/1e6, (peak-base)/1e6, page/1e6)
			p.Shoot("texttab-cost-" + c.name)
		})
	}
}

// heapUsed is the page's used JS heap now, in bytes.
func heapUsed(t *testing.T, p *browsertest.Page) float64 {
	t.Helper()
	u, err := heapUsage(p.Ctx)
	if err != nil {
		t.Fatalf("Runtime.getHeapUsage: %v", err)
	}
	return u
}

func evalAwait(p *browsertest.Page, promise string) ([]float64, error) {
	ctx, cancel := context.WithTimeout(p.Ctx, browsertest.StepTimeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[[]float64](promise, chromedp.EvalAwaitPromise))
}

func heapUsage(ctx context.Context) (float64, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	r, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (runtime.GetHeapUsageResult, error) {
		return cdp.Call(ctx, t, runtime.GetHeapUsage, cdp.Empty{})
	})
	// Blink's DOM and layout objects live in the embedder's (Oilpan's)
	// heap, which V8 counts in performance.memory's usedJSHeapSize too.
	return r.UsedSize + r.EmbedderHeapUsedSize, err
}
