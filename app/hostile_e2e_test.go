//go:build !wasm

package app_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// hugeGridContainer is a geometry shader container whose PSV0 claims the
// largest masks its header can: 255 input and 255 output vectors in each of
// four streams, with ViewID on, every dependency bit set. Its four
// input→output tables are 1,020 × 1,020 components each.
func hugeGridContainer() []byte {
	const vec = 255
	info := make([]byte, 36)
	info[24], info[25], info[31] = 2, 1, vec // geometry (four streams), ViewID used, input vectors
	copy(info[32:36], []byte{vec, vec, vec, vec})
	var psv []byte
	u32 := func(v uint32) { psv = binary.LittleEndian.AppendUint32(psv, v) }
	u32(uint32(len(info)))
	psv = append(psv, info...)
	u32(0) // resources
	u32(0) // string table bytes
	u32(0) // semantic indices
	words := 4*((vec+7)>>3) + 4*vec*4*((vec+7)>>3)
	for i := 0; i < words; i++ {
		u32(0xffffffff)
	}
	c := []byte("DXBC")
	c = append(c, make([]byte, 16)...)
	c = binary.LittleEndian.AppendUint16(c, 1)
	c = binary.LittleEndian.AppendUint16(c, 0)
	c = binary.LittleEndian.AppendUint32(c, uint32(36+8+len(psv)))
	c = binary.LittleEndian.AppendUint32(c, 1)
	c = binary.LittleEndian.AppendUint32(c, 36)
	c = append(c, "PSV0"...)
	c = binary.LittleEndian.AppendUint32(c, uint32(len(psv)))
	return append(c, psv...)
}

// A million-cell dependency grid is an image on a canvas, not an SVG of a
// million squares: the page stays small and a hover still reads a cell.
func TestHugeGridsAreImages(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped in -short mode")
	}
	browsertest.Available(t)
	path := filepath.Join(t.TempDir(), "huge-grid.dxbc")
	if err := os.WriteFile(path, hugeGridContainer(), 0o644); err != nil {
		t.Fatal(err)
	}
	base := startPage(t)
	browser := startBrowser(t)
	shots := os.Getenv("DXSCOPE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	p := newPage(t, browser, base, shots)
	p.open("")
	p.upload("#file-input", path)
	p.wait("the file opens", `(document.getElementById('file-name') || {}).textContent === 'huge-grid.dxbc'`)
	p.do(chromedp.Click(chromedp.CSS(`#part-list .part[data-name="PSV0"]`)))
	p.wait("the grids", `document.querySelectorAll('.grid-canvas').length === 4`)
	if n := eval[float64](p, `document.querySelectorAll('*').length`); n > 20000 {
		t.Errorf("%v elements in the page with four million-cell grids", n)
	}
	// The canvas holds one pixel per cell, every one set here.
	px := eval[[]float64](p, `(() => { const c = document.querySelector('.grid-canvas'); const d = c.getContext('2d').getImageData(1019, 1019, 1, 1).data; return [c.width, c.height, d[3]] })()`)
	if px[0] != 1020 || px[1] != 1020 || px[2] != 255 {
		t.Errorf("canvas %v × %v, last cell alpha %v", px[0], px[1], px[2])
	}
	eval[bool](p, `(() => { const g = document.querySelector('.grid-canvas').parentElement; const r = g.getBoundingClientRect();
		g.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: r.left + 2*5 + 1, clientY: r.top + 2*9 + 1})); return true })()`)
	p.wait("a hovered cell is described", `[...document.querySelectorAll('.grid-sentence')].some(s => s.textContent === 'input v2.y affects output o1.y')`)
	p.screenshot("huge-grid")
}

// partsAtOneOffset is a container listing k parts, all at one PRIV part.
func partsAtOneOffset(k int) []byte {
	c := make([]byte, 32+4*k+8+4)
	copy(c, "DXBC")
	binary.LittleEndian.PutUint32(c[24:], uint32(len(c)))
	binary.LittleEndian.PutUint32(c[28:], uint32(k))
	for i := 0; i < k; i++ {
		binary.LittleEndian.PutUint32(c[32+4*i:], uint32(32+4*k))
	}
	copy(c[32+4*k:], "PRIV")
	binary.LittleEndian.PutUint32(c[32+4*k+4:], 4)
	return c
}

// A container listing 100,000 parts (all at one offset) once drew 1.6
// million elements. The decoder keeps the first decode.MaxParts (4,096) and
// says so; the part list draws a page of them, with the count and buttons to
// the others.
func TestHundredThousandPartsArePaged(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped in -short mode")
	}
	browsertest.Available(t)
	path := filepath.Join(t.TempDir(), "many-parts.dxbc")
	if err := os.WriteFile(path, partsAtOneOffset(100000), 0o644); err != nil {
		t.Fatal(err)
	}
	base := startPage(t)
	browser := startBrowser(t)
	shots := os.Getenv("DXSCOPE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	p := newPage(t, browser, base, shots)
	p.open("")
	t0 := time.Now()
	p.upload("#file-input", path)
	p.wait("the file opens", `(document.getElementById('file-name') || {}).textContent === 'many-parts.dxbc'`)
	t.Logf("100,000 parts shown in %.2fs", time.Since(t0).Seconds())
	if n := eval[float64](p, `document.querySelectorAll('#part-list .part').length`); n != 200 {
		t.Errorf("%v parts drawn, want a page of 200", n)
	}
	if got := eval[string](p, `document.querySelector('#part-pager .pager-where').textContent`); got != "parts 1–200 of 4097" {
		t.Errorf("pager says %q", got)
	}
	if n := eval[float64](p, `document.querySelectorAll('*').length`); n > 5000 {
		t.Errorf("%v elements in the page", n)
	}
	p.do(chromedp.Click(chromedp.CSS(`#part-pager .pager-last`)))
	p.wait("the last page", `document.querySelector('#part-pager .pager-where').textContent === 'parts 4001–4097 of 4097'`)
	p.do(chromedp.Click(chromedp.CSS(`#part-4096`)))
	p.wait("the last part selected", `(document.querySelector('#part-list .part.selected') || {}).id === 'part-4096'`)
	p.do(chromedp.Click(chromedp.CSS(`#part-pager .pager-first`)))
	p.wait("the first page", `document.querySelector('#part-pager .pager-where').textContent === 'parts 1–200 of 4097'`)
	p.do(chromedp.Click(chromedp.CSS(`#part-3`)))
	p.wait("part 3 selected", `(document.querySelector('#part-list .part.selected') || {}).id === 'part-3'`)
	p.screenshot("many-parts")
	if got := eval[float64](p, `document.querySelectorAll('#problems .problem').length`); got > 200 {
		t.Errorf("%v problems drawn at once", got)
	}
}

// Part names are four bytes of the file: a terminal escape or a bidi
// override in one shows as text (\x1b, U+202E), in the list and the summary.
func TestNamesFromTheFileAreShownSafely(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped in -short mode")
	}
	browsertest.Available(t)
	c := partsAtOneOffset(2)
	at := 32 + 4*2
	copy(c[at:], "\x1b[2J")
	c = append(c[:len(c)-4], 0xe2, 0x80, 0xae, 'x') // the part's data: U+202E x
	binary.LittleEndian.PutUint32(c[24:], uint32(len(c)))
	path := filepath.Join(t.TempDir(), "escapes.dxbc")
	if err := os.WriteFile(path, c, 0o644); err != nil {
		t.Fatal(err)
	}
	base := startPage(t)
	browser := startBrowser(t)
	p := newPage(t, browser, base, t.TempDir())
	p.open("")
	p.upload("#file-input", path)
	p.wait("the file opens", `(document.getElementById('file-name') || {}).textContent === 'escapes.dxbc'`)
	names := eval[[]string](p, `[...document.querySelectorAll('#part-list .part-name')].map(e => e.textContent)`)
	if len(names) != 3 || names[1] != `\x1b[2J` || names[2] != `\x1b[2J` {
		t.Errorf("part names shown as %q", names)
	}
	if body := eval[string](p, `document.body.innerText`); strings.ContainsAny(body, "\x1b\u202e") {
		i := strings.IndexAny(body, "\x1b\u202e")
		t.Errorf("a raw escape or bidi override reached the page's text: %q", body[max(0, i-200):min(len(body), i+100)])
	}
}
