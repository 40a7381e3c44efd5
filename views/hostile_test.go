package views

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views/model"
)

// TestHexDrawOfASourceLineCostsWhatItShows (issue: hostile input, twelfth
// round): with a source line selected the hex view marks the bytes of all
// its instructions, and each draw checked every drawn byte against all k
// of them, from a list made again on every draw: one line of k
// instructions (SourceLines(2k, 1, 1)) made a page of 40 rows cost
// 640 × k. The marks are made once per line, sorted and merged, and a draw
// walks the few it shows: what a draw costs stays flat as k doubles (a
// binary search grows by a step; without the index a draw took 29, 56 and
// 111 ms at k = 8,192, 16,384 and 32,768, 0.1 ms now).
func TestHexDrawOfASourceLineCostsWhatItShows(t *testing.T) {
	const rows, draws = 40, 50
	var perDraw []float64
	for _, k := range []int{8192, 16384, 32768} {
		m := model.Build("hostile.dxbc", hostile.SourceLines(2*k, 1, 1), 0)
		sv := m.Sources()
		l := model.SourceLine{File: 0, Line: 1}
		insts := sv.InstsOf(l)
		if len(insts) != k {
			t.Fatalf("k=%d: the line has %d instructions", k, len(insts))
		}
		first := insts[len(insts)/2].Off / 16
		h := &HexView{Model: m}
		var html string
		d := hostile.Fastest(5, func() {
			for range draws {
				h.Also = sv.MarkedBytes(l) // what the page hands the hex view on each redraw
				html = h.rowsHTML(first, first+rows)
			}
		})
		if !strings.Contains(html, " sel") {
			t.Fatalf("k=%d: no byte of the line's instructions marked in rows %#x+%d", k, first*16, rows)
		}
		perDraw = append(perDraw, float64(d)/draws)
		t.Logf("k=%d: a draw of %d rows in %.0f µs", k, rows, float64(d)/draws/1e3)
	}
	if last, first := perDraw[len(perDraw)-1], perDraw[0]; last > 2*first {
		t.Errorf("a draw takes %.0f µs at the largest k, %.0f at the smallest (more than twice)", last/1e3, first/1e3)
	}
}

// TestSourcePaneDrawOfALineCostsWhatItShows: the source pane says how many
// instructions each line it draws produced, and copied them all to count
// them, so a draw showing a line of k instructions cost k: 0.45, 0.87 and
// 2.0 ms at k = 8,192, 16,384 and 32,768 (SourceLines(2k, 1, 1)). It counts
// them: a few µs, so the bound allows 20 µs of a busy machine besides.
func TestSourcePaneDrawOfALineCostsWhatItShows(t *testing.T) {
	var perDraw []float64
	for _, k := range []int{8192, 16384, 32768} {
		m := model.Build("hostile.dxbc", hostile.SourceLines(2*k, 1, 1), 0)
		sv := m.Sources()
		l := model.SourceLine{File: 0, Line: 1}
		p := &SourcePane{Data: sv, Selected: l}
		var html string
		best := math.Inf(1)
		for range 5 {
			// As many draws as fill 5 ms: a fast one is timed over
			// milliseconds, a slow one does not take minutes.
			n, start := 0, time.Now()
			for ; n < 3 || time.Since(start) < 5*time.Millisecond; n++ {
				html = p.linesHTML(0, 2)
			}
			best = min(best, float64(time.Since(start))/float64(n))
		}
		if want := fmt.Sprintf("%d instructions", k); !strings.Contains(html, want) {
			t.Fatalf("k=%d: the line does not say %q:\n%.300s", k, want, html)
		}
		perDraw = append(perDraw, best)
		t.Logf("k=%d: a draw of the pane's lines in %.0f ns", k, best)
	}
	if last, first := perDraw[len(perDraw)-1], perDraw[0]; last > 2*first+20e3 {
		t.Errorf("a draw takes %.0f ns at the largest k, %.0f at the smallest (more than twice, and 20 µs)", last, first)
	}
}
