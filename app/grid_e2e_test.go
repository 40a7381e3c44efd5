//go:build !wasm

package app_test

import (
	"fmt"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/decode"
)

// Clicking a cell of the input→output grid selects the byte of PSV0 that
// holds the cell's bit: the decoder's own table (its offset and row width)
// says which byte that is.
func TestGridCellSelectsItsBit(t *testing.T) {
	_, f := example(t, "vertex.dxbc")
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

	p := openExample(t, "vertex.dxbc")
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the grid", `[...document.querySelectorAll('.grid h3')].some(h => h.textContent === 'Inputs → outputs')`)
	grid := `[...document.querySelectorAll('.grid')].find(g => g.querySelector('h3').textContent === 'Inputs → outputs')`
	// The click's position is taken where it is dispatched, in one script, so
	// the page cannot move the grid in between.
	browsertest.Eval[bool](p, fmt.Sprintf(`(() => { const cells = (%s).querySelector('.grid-cells'); const r = cells.getBoundingClientRect();
		const cs = r.width / %d; const x = r.left + (%d + 0.5) * cs, y = r.top + (%d + 0.5) * cs;
		cells.dispatchEvent(new MouseEvent('click', {clientX: x, clientY: y, bubbles: true})); return true })()`, grid, 4*table.OutputVectors, col, row))
	p.WaitFor("the bit's byte selected", fmt.Sprintf(`%s.join(',') === '%d'`, browsertest.HexSelected, want))
	t.Logf("cell (%d, %d): %s", row, col, browsertest.Eval[string](p, `document.getElementById('teach-path').textContent`))
	p.Shoot("grid-bit")
}
