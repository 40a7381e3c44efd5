//go:build !wasm

package app_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/hostile"
	"github.com/dxscope/dxscope/views/model"
)

// A million-cell dependency grid is an image on a canvas, not an SVG of a
// million squares: the page stays small and a hover still reads a cell.
func TestHugeGridsAreImages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge-grid.dxbc")
	if err := os.WriteFile(path, hostile.HugeGrids(), 0o644); err != nil {
		t.Fatal(err)
	}
	p := browserPage(t)
	p.Upload("#file-input", path)
	p.WaitFile("huge-grid.dxbc")
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the grids", `document.querySelectorAll('.grid-canvas').length === 4`)
	if n := browsertest.Eval[float64](p, `document.querySelectorAll('*').length`); n > 20000 {
		t.Errorf("%v elements in the page with four million-cell grids", n)
	}
	// The canvas holds one pixel per cell, every one set here.
	px := browsertest.Eval[[]float64](p, `(() => { const c = document.querySelector('.grid-canvas'); const d = c.getContext('2d').getImageData(1019, 1019, 1, 1).data; return [c.width, c.height, d[3]] })()`)
	if px[0] != 1020 || px[1] != 1020 || px[2] != 255 {
		t.Errorf("canvas %v × %v, last cell alpha %v", px[0], px[1], px[2])
	}
	browsertest.Eval[bool](p, `(() => { const g = document.querySelector('.grid-canvas').parentElement; const r = g.getBoundingClientRect();
		g.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: r.left + 2*5 + 1, clientY: r.top + 2*9 + 1})); return true })()`)
	p.WaitFor("a hovered cell is described", `[...document.querySelectorAll('.grid-sentence')].some(s => s.textContent === 'input v2.y affects output o1.y')`)
	p.Shoot("huge-grid")

	// The PSV0 dump of these grids is 56 MB: the Text tab writes 2 MiB of it,
	// says where the rest is, and draws it a page at a time.
	p.Click("#tab-text")
	p.WaitFor("the cut text", `[...document.querySelectorAll('#dump-psv p')].some(e => e.textContent.includes('dxscope psv FILE prints all of it'))`)
	p.WaitFor("the text's pager", `!!document.querySelector('#dump-psv-pager')`)
	if n := browsertest.Eval[float64](p, `document.querySelector('#dump-psv .dump-text').textContent.length`); n > model.TextPageBytes || n == 0 {
		t.Errorf("the Text tab's page holds %v characters of the PSV0 dump", n)
	}
}

// A container listing 100,000 parts (all at one offset) once drew 1.6
// million elements. The decoder keeps the first decode.MaxParts (4,096) and
// says so; the part list draws a page of them, with the count and buttons to
// the others.
func TestHundredThousandPartsArePaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "many-parts.dxbc")
	if err := os.WriteFile(path, hostile.PartsAtOneOffset(100000), 0o644); err != nil {
		t.Fatal(err)
	}
	p := browserPage(t)
	t0 := time.Now()
	p.Upload("#file-input", path)
	p.WaitFile("many-parts.dxbc")
	t.Logf("100,000 parts shown in %.2fs", time.Since(t0).Seconds())
	if n := browsertest.Eval[float64](p, `document.querySelectorAll('#part-list .part').length`); n != 200 {
		t.Errorf("%v parts drawn, want a page of 200", n)
	}
	if got := browsertest.Eval[string](p, `document.querySelector('#part-pager .pager-where').textContent`); got != "parts 1–200 of 4097" {
		t.Errorf("pager says %q", got)
	}
	if n := browsertest.Eval[float64](p, `document.querySelectorAll('*').length`); n > 5000 {
		t.Errorf("%v elements in the page", n)
	}
	p.Click(`#part-pager .pager-last`)
	p.WaitFor("the last page", `document.querySelector('#part-pager .pager-where').textContent === 'parts 4001–4097 of 4097'`)
	p.Click(`#part-4096`)
	p.WaitFor("the last part selected", `(document.querySelector('#part-list .part.selected') || {}).id === 'part-4096'`)
	p.Click(`#part-pager .pager-first`)
	p.WaitFor("the first page", `document.querySelector('#part-pager .pager-where').textContent === 'parts 1–200 of 4097'`)
	p.Click(`#part-3`)
	p.WaitFor("part 3 selected", `(document.querySelector('#part-list .part.selected') || {}).id === 'part-3'`)
	p.Shoot("many-parts")
	if got := browsertest.Eval[float64](p, `document.querySelectorAll('#problems .problem').length`); got > 200 {
		t.Errorf("%v problems drawn at once", got)
	}
}

// Part names are four bytes of the file: a terminal escape or a bidi
// override in one shows as text (\x1b, U+202E), in the list and the summary.
func TestNamesFromTheFileAreShownSafely(t *testing.T) {
	c := hostile.PartsAtOneOffset(2)
	at := 32 + 4*2
	copy(c[at:], "\x1b[2J")
	c = append(c[:len(c)-4], 0xe2, 0x80, 0xae, 'x') // the part's data: U+202E x
	binary.LittleEndian.PutUint32(c[24:], uint32(len(c)))
	path := filepath.Join(t.TempDir(), "escapes.dxbc")
	if err := os.WriteFile(path, c, 0o644); err != nil {
		t.Fatal(err)
	}
	p := browserPage(t)
	p.Upload("#file-input", path)
	p.WaitFile("escapes.dxbc")
	names := browsertest.Eval[[]string](p, `[...document.querySelectorAll('#part-list .part-name')].map(e => e.textContent)`)
	if len(names) != 3 || names[1] != `\x1b[2J` || names[2] != `\x1b[2J` {
		t.Errorf("part names shown as %q", names)
	}
	if body := browsertest.Eval[string](p, `document.body.innerText`); strings.ContainsAny(body, "\x1b\u202e") {
		i := strings.IndexAny(body, "\x1b\u202e")
		t.Errorf("a raw escape or bidi override reached the page's text: %q", body[max(0, i-200):min(len(body), i+100)])
	}
}

// The files above, and the other inputs that once took the decoder seconds
// and gigabytes, as links carrying the file: each opens (or says why not)
// and the page stays live, which an example opening afterwards shows.
func TestHostileLinksKeepThePageLive(t *testing.T) {
	browser := startBrowser(t)
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"parts-at-one-offset.dxbc", hostile.PartsAtOneOffset(100000)},
		{"psv-long-names.dxbc", hostile.LongNamePSV(1 << 20)},
		{"blockinfo.dxbc", hostile.BlockInfo(1<<16-1, 10000)},
		{"repeated-headers.bin", hostile.RepeatedHeaders(8 << 20)},
		{"rdef-names.dxbc", hostile.ManyNamesRDEF(8000, 256<<10)},
		{"huge-grids.dxbc", hostile.HugeGrids()},
		{"rdat-references.dxbc", hostile.RDAT(512 << 10)},
	} {
		p := openAsLink(t, browser, c.name, c.data)
		stillLive(t, p, c.name+": ")
	}
}

// A file larger than the page reads (a 3 GiB file, sparse on disk) is
// refused before a byte is read, with its size and the command-line tool
// that reads it; the page goes on to open the next file.
func TestFileTooLargeIsRefusedBeforeReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(3 << 30); err != nil {
		t.Skipf("no sparse file of 3 GiB here: %v", err)
	}
	f.Close()
	p := browserPage(t)
	p.Upload("#file-input", path)
	p.WaitFor("the refusal", `document.body.innerText.includes('huge.bin is 3.0 GiB: the page reads files of up to 2.0 GiB')`)
	if got := browsertest.Eval[string](p, `document.body.innerText`); !strings.Contains(got, "dxscope check --max-size 3GiB FILE") || strings.Contains(got, "Reading huge.bin") {
		t.Errorf("the refusal does not name the command that reads the file, or says it is reading it:\n%.600s", got)
	}
	next, err := filepath.Abs(filepath.Join("..", "web", "examples", "vertex.dxbc"))
	if err != nil {
		t.Fatal(err)
	}
	p.Upload("#file-input", next)
	p.WaitFile("vertex.dxbc")
}
