//go:build !wasm

package benchweb

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestFirstOpenAB times the first file opened in a fresh page, alternating
// between served bundles (DXSCOPE_BENCH_URLS, space-separated), so two
// builds are compared under the same machine load: per URL, the median of
// DXSCOPE_BENCH_ROUNDS runs (default 7) of a fresh browser context, the page
// live, 500 ms, then TestBenchWeb's first file, with Chromium's layout and
// style time for it. DXSCOPE_BENCH_PROFILE=FILE writes a CPU profile of
// the last round's open per URL (FILE-N.cpuprofile) and prints its top.
func TestFirstOpenAB(t *testing.T) {
	urls := strings.Fields(os.Getenv("DXSCOPE_BENCH_URLS"))
	if len(urls) == 0 {
		t.Skip("set DXSCOPE_BENCH_URLS to the served bundles to compare (docs/performance.md)")
	}
	browsertest.Available(t)
	first := pickFiles(t, corpus.Entries(t), 20)[0]
	rounds, _ := strconv.Atoi(os.Getenv("DXSCOPE_BENCH_ROUNDS"))
	if rounds <= 0 {
		rounds = 7
	}
	browser := browsertest.Chromium(t)
	type sample struct{ ms, layout, style, script float64 }
	runs := make([][]sample, len(urls))
	for r := 0; r < rounds; r++ {
		for i, url := range urls {
			ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
			loadLive(t, ctx, url)
			time.Sleep(500 * time.Millisecond)
			run(t, ctx, enableMetrics())
			profile := os.Getenv("DXSCOPE_BENCH_PROFILE")
			if profile != "" && r == rounds-1 {
				startProfile(t, ctx)
			}
			ms, m := open(t, ctx, first)
			if profile != "" && r == rounds-1 {
				stopProfile(t, ctx, fmt.Sprintf("%s-%d.cpuprofile", strings.TrimSuffix(profile, ".cpuprofile"), i))
			}
			runs[i] = append(runs[i], sample{ms, m["LayoutDuration"], m["RecalcStyleDuration"], m["ScriptDuration"]})
			cancel()
		}
	}
	for i, url := range urls {
		rs := runs[i]
		sort.Slice(rs, func(a, b int) bool { return rs[a].ms < rs[b].ms })
		var all []string
		for _, r := range rs {
			all = append(all, fmt.Sprintf("%.0f", r.ms))
		}
		med := rs[len(rs)/2]
		fmt.Printf("  %s: first open median %.0f ms (layout %.0f, style %.0f, script %.0f) of %d: %s\n", url, med.ms, med.layout, med.style, med.script, len(rs), strings.Join(all, " "))
	}
}
