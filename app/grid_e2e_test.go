//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/decode"
)

// Clicking a cell of the input→output grid selects the byte of PSV0 that
// holds the cell's bit: the decoder's own table (its offset and row width)
// says which byte that is.
func TestGridCellSelectsItsBit(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "web", "examples", "vertex.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := decode.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	var table *decode.PSVDependencyTable
	for _, tb := range f.Part("PSV0").PSVInfo.Tables() {
		if tb.Name == "InputOutputMap[0]" {
			table = tb
		}
	}
	if table == nil {
		t.Fatal("the vertex example has no input→output table")
	}
	// The last set cell: its word and bit, as the format lays them out.
	row, col := -1, -1
	for r := 0; r < 4*table.InputVectors; r++ {
		for c := 0; c < 4*table.OutputVectors; c++ {
			if table.Depends(r, c) {
				row, col = r, c
			}
		}
	}
	word := int64(row*table.RowDwords() + col/32)
	want := table.Offset + 4*word + int64(col%32/8)

	p := browserPage(t)
	p.do(chromedp.Click(chromedp.CSS(`#example-vertex\.dxbc`)))
	p.wait("the example", `document.querySelector('#file-name')?.textContent === 'vertex.dxbc'`)
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)))
	p.wait("the grid", `[...document.querySelectorAll('.grid h3')].some(h => h.textContent === 'Inputs → outputs')`)
	grid := `[...document.querySelectorAll('.grid')].find(g => g.querySelector('h3').textContent === 'Inputs → outputs')`
	xy := eval[[]float64](p, fmt.Sprintf(`(() => { const g = %s; const cells = g.querySelector('.grid-cells'); const r = cells.getBoundingClientRect();
		const cs = r.width / %d; return [r.left + (%d + 0.5) * cs, r.top + (%d + 0.5) * cs] })()`, grid, 4*table.OutputVectors, col, row))
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
	p.wait("the bit's byte selected", fmt.Sprintf(`[...document.querySelectorAll('#hex-rows .hex-bytes .sel')].map(e => +e.dataset.off).join(',') === '%d'`, want))
	t.Logf("cell (%d, %d): %s", row, col, eval[string](p, `document.getElementById('teach-path').textContent`))
	p.screenshot("grid-bit")
}
