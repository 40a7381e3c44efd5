//go:build !wasm

package app_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// The viewport, measured: what the user looks at must be inside the
// window, not only in the DOM.

const (
	shexFile = "real/bkaradzic__bgfx/shaders__dxbc__cs_fsr_easu_32.bin__off3c.dxbc"
	dxilCode = "real/microsoft__DirectXShaderCompiler/TestDxilWithEmptyDefine.h__g_TestDxilWithEmptyDefine.dxil"
)

// inView is a JS function: whether the element the selector finds lies
// inside the window and inside every box that scrolls it.
const inView = `((sel) => {
  const el = document.querySelector(sel);
  if (!el) return 'missing ' + sel;
  const r = el.getBoundingClientRect();
  if (r.height === 0) return sel + ' is not drawn';
  if (r.top < 0 || r.bottom > innerHeight + 1 || r.left < 0 || r.right > innerWidth + 1) return sel + ' is outside the window: ' + JSON.stringify([r.top, r.bottom, innerHeight]);
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX)) continue;
    const b = p.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return sel + ' is scrolled out of ' + (p.id || p.className) + ': ' + JSON.stringify([r.top, r.bottom, b.top, b.bottom]);
  }
  return '';
})`

// viewport sizes the tab's window.
func viewport(p *browsertest.Page, w, h int64) {
	p.T.Helper()
	p.Do(chromedp.EmulateViewport(w, h))
}

// visible fails the test unless the selector's element is in view.
func visible(t *testing.T, p *browsertest.Page, what, sel string) {
	t.Helper()
	if why := browsertest.Eval[string](p, inView+`(`+browsertest.JSString(sel)+`)`); why != "" {
		p.Shoot("not-in-view-" + strings.ReplaceAll(what, " ", "-"))
		t.Errorf("%s: %s", what, why)
	}
}

// gotoByte shows a byte in the hex view (Go to offset) and clicks it.
func gotoByte(p *browsertest.Page, off int64) {
	p.T.Helper()
	hexGoTo(p, off)
	p.ClickByte(off)
}

// TestSelectionsStayInView: a byte clicked inside SHEX code and inside DXIL
// bitcode keeps the code view, selects its instruction and shows the line;
// an instruction line or a tree field clicked shows its bytes.
func TestSelectionsStayInView(t *testing.T) {
	t.Run("SHEX", func(t *testing.T) {
		path, _, _ := corpusFile(t, shexFile)
		p := openFile(t, path)
		viewport(p, 1400, 900)
		p.Click(`#part-list .part[data-name="SHEX"]`)
		p.WaitFor("the listing", `!!document.querySelector('#listing .listing-line')`)
		gotoByte(p, 0xe20)
		p.WaitFor("the instruction selected", `!!document.querySelector('#listing .listing-line.selected')`)
		if !browsertest.Eval[bool](p, `document.querySelector('#tab-view').getAttribute('aria-selected') === 'true' && !document.querySelector('.tree-tab')`) {
			t.Error("a byte of code left the SHEX view")
		}
		line := browsertest.Eval[string](p, `document.querySelector('#listing .listing-line.selected').textContent`)
		if !strings.HasPrefix(line, "0e14") {
			t.Errorf("byte 0xe20 selects the line %q, want the instruction at 0x0e14 that holds it", line)
		}
		p.WaitFor("the line scrolled in", inView+`('#listing .listing-line.selected') === ''`)
		visible(t, p, "the line of byte 0xe20", "#listing .listing-line.selected")
		// The last instruction of the listing: its bytes come into view.
		browsertest.Eval[bool](p, `(document.querySelector('#listing').scrollTop = 1e9, true)`)
		// Pick and click in one step: the view redraws its window after the
		// scroll, and a second lookup could find another last line.
		last := browsertest.Eval[string](p, `(l => (l.click(), l.dataset.off))([...document.querySelectorAll('#listing .listing-line[data-off]')].pop())`)
		p.WaitFor("its bytes selected", `!!document.querySelector('#hex-rows .hex-bytes .b.sel[data-off="`+last+`"]')`)
		visible(t, p, "the bytes of the last instruction", `#hex-rows .hex-bytes .b.sel[data-off="`+last+`"]`)
		p.Shoot("selection-shex")
	})
	t.Run("DXIL", func(t *testing.T) {
		path, _, _ := corpusFile(t, dxilCode)
		p := openFile(t, path)
		viewport(p, 1400, 900)
		p.Click(`#part-list .part[data-name="DXIL"]`)
		const call = `[...document.querySelectorAll('.disasm-line')].find(e => e.textContent.includes('@dx.op.storeOutput.f32(i32 5'))`
		p.WaitFor("the call", `!!`+call)
		off := int64(browsertest.Eval[float64](p, `+`+call+`.dataset.off`))
		size := int64(browsertest.Eval[float64](p, `(() => { const l = `+call+`; return +l.title.match(/\+(\d+)\)/)[1] })()`))
		// The disassembly back at the top, the call's line out of view.
		browsertest.Eval[bool](p, `(document.getElementById('disasm-scroll').scrollTop = 0, true)`)
		gotoByte(p, off+size/2)
		p.WaitFor("the call selected", `document.querySelector('.disasm-line.selected')?.textContent.includes('@dx.op.storeOutput.f32(i32 5')`)
		if !browsertest.Eval[bool](p, `document.querySelector('#tab-view').getAttribute('aria-selected') === 'true'`) {
			t.Error("a byte of bitcode left the DXIL view")
		}
		if n := browsertest.Eval[int](p, browsertest.HexSelected+`.length`); int64(n) != size {
			t.Errorf("%d bytes selected, want the call record's %d, not its whole block", n, size)
		}
		visible(t, p, "the call's line", ".disasm-line.selected")
		// A tree field far from the bytes shown: its bytes come into view.
		p.Click(`#part-list .part[data-name="Header"]`)
		p.WaitFor("the header", `document.querySelector('#part-list .part.selected')?.dataset.name === 'Header'`)
		if browsertest.Eval[bool](p, `!!document.getElementById('tab-tree')`) {
			p.Click("#tab-tree")
		}
		p.WaitFor("the header's tree", `!!document.querySelector('#tree .node[data-path="Header/FileSize"]') && document.querySelector('#tree').offsetHeight > 0`)
		browsertest.Eval[bool](p, `(document.getElementById('hex-scroll').scrollTop = 2000, true)`)
		p.WaitFor("the hex view far from the header", "!"+browsertest.HexByte(24))
		browsertest.Eval[bool](p, `(document.querySelector('#tree .node[data-path="Header/FileSize"]').click(), true)`)
		p.WaitFor("the field selected", `document.querySelector('#teach-path')?.textContent === 'Header/FileSize'`)
		// The hex view draws the bytes after the selection (a deferred reveal).
		p.WaitFor("the field's bytes drawn", `!!document.querySelector('#hex-rows .hex-bytes .b.sel')`)
		visible(t, p, "the field's bytes", "#hex-rows .hex-bytes .b.sel")
		p.Shoot("selection-dxil")
	})
}

// TestPanesAboveTheFold: at 1280 × 720 and 1400 × 900 the part list, the
// views, the bytes and the teaching panel all start on screen and the page
// itself does not scroll (each pane does); below 1280 px the panes are
// tabs, not one long column.
func TestPanesAboveTheFold(t *testing.T) {
	path, _, _ := corpusFile(t, dxilCode)
	p := openFile(t, path)
	for _, s := range [][2]int64{{1280, 720}, {1400, 900}, {1920, 1080}} {
		viewport(p, s[0], s[1])
		p.Click(`#part-list .part[data-name="DXIL"]`)
		p.WaitFor("the disassembly", `!!document.querySelector('.disasm-line')`)
		for _, pane := range []string{"#pane-parts", "#pane-view", "#pane-bytes", "#pane-meaning", "#hex-scroll", "#teach"} {
			top := browsertest.Eval[float64](p, `document.querySelector('`+pane+`').getBoundingClientRect().top`)
			if top < 0 || top >= float64(s[1])-40 {
				t.Errorf("%d × %d: %s starts at %.0f px, below the fold", s[0], s[1], pane, top)
			}
		}
		if h := browsertest.Eval[float64](p, `document.scrollingElement.scrollHeight`); h > float64(s[1])+1 {
			t.Errorf("%d × %d: the page is %.0f px tall; the panes should scroll, not the page", s[0], s[1], h)
		}
		p.Shoot(fmt.Sprintf("panes-%dx%d", s[0], s[1]))
	}
	// Narrow: tabs choose the pane; the bytes are one click away, not 1,500 px down.
	viewport(p, 1024, 700)
	p.WaitFor("the pane tabs", `getComputedStyle(document.querySelector('.pane-tabs')).display !== 'none'`)
	visible(t, p, "the hex view beside the views", "#hex-scroll")
	p.Click("#show-parts")
	p.WaitFor("the parts pane", `document.querySelector('.columns').dataset.pane === 'parts'`)
	visible(t, p, "the selected part", "#part-list .part.selected")
	p.Shoot("panes-1024x700")
	viewport(p, 800, 900)
	p.Click("#show-bytes")
	p.WaitFor("the bytes pane", `document.querySelector('.columns').dataset.pane === 'bytes'`)
	visible(t, p, "the hex view alone", "#hex-scroll")
	p.WaitFor("the rows that fill it", `document.querySelectorAll('#hex-rows .hex-row').length * 18 >= document.getElementById('hex-scroll').clientHeight`)
	p.Click("#show-meaning")
	p.WaitFor("the meaning pane", `document.querySelector('.columns').dataset.pane === 'meaning'`)
	visible(t, p, "the teaching panel alone", "#teach")
	p.Shoot("panes-800x900")
	if h := browsertest.Eval[float64](p, `document.scrollingElement.scrollHeight`); h > 901 {
		t.Errorf("800 × 900: the page is %.0f px tall", h)
	}
}

// TestGridHoverKeepsItsPlace: hovering a dependency grid moves nothing
// (the sentence always has two lines' room), and the cell the sentence
// names is the one a click at the same spot selects.
func TestGridHoverKeepsItsPlace(t *testing.T) {
	p := openExample(t, "vertex.dxbc")
	viewport(p, 1400, 900)
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the grid", `!!document.querySelector('.grid-cells')`)
	box := func() string {
		return browsertest.Eval[string](p, `JSON.stringify(['.grid-scroll', '.grid-cells'].map(s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.width, r.height] }))`)
	}
	before := box()
	cells := browsertest.Eval[[]float64](p, `(() => { const r = document.querySelector('.grid-cells').getBoundingClientRect(); return [r.left, r.top] })()`)
	prev := "Hover"
	for _, c := range [][2]int{{4, 0}, {5, 4}, {1, 2}} { // (row, column) of 14-pixel cells
		x, y := cells[0]+float64(14*c[1])+7, cells[1]+float64(14*c[0])+7
		p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
		p.WaitFor("the cell's sentence", `!document.querySelector('.grid-sentence').textContent.startsWith(`+browsertest.JSString(prev)+`)`)
		sentence := browsertest.Eval[string](p, `document.querySelector('.grid-sentence').textContent`)
		prev = sentence
		if after := box(); after != before {
			t.Errorf("hovering cell %v moved the grid: %s → %s", c, before, after)
		}
		p.Do(chromedp.MouseClickXY(x, y))
		p.WaitFor("the cell's bit selected", `document.querySelector('#teach-path')?.textContent.includes(`+browsertest.JSString(sentence)+`)`)
		t.Logf("cell %v: %q", c, sentence)
	}
}

// contrastJS (testdata/contrast.js) computes the WCAG contrast of every
// visible text against its background (layers composed, opacity applied)
// and lists those under 4.5:1 (3:1 for large text).
func contrastJS(t *testing.T) string {
	b, err := os.ReadFile("testdata/contrast.js")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkContrast measures every visible text and button of p against WCAG AA
// in the dark and the light theme (prefers-color-scheme, emulated),
// reporting each that fails and shooting the page when one does.
func checkContrast(t *testing.T, p *browsertest.Page, where string) {
	t.Helper()
	js := contrastJS(t)
	for _, theme := range []string{"dark", "light"} {
		if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}}); err != nil {
			t.Fatal(err)
		}
		var res struct {
			Checked int
			Bad     []string
		}
		raw := browsertest.Eval[string](p, `JSON.stringify(`+js+`)`)
		if err := json.Unmarshal([]byte(raw), &res); err != nil {
			t.Fatal(err)
		}
		if res.Checked < 10 {
			t.Errorf("%s, %s: only %d texts checked", theme, where, res.Checked)
		}
		for i, b := range res.Bad {
			if i == 8 {
				t.Errorf("%s, %s: … %d more", theme, where, len(res.Bad)-8)
				break
			}
			t.Errorf("%s, %s: %s", theme, where, b)
		}
		if len(res.Bad) > 0 {
			p.Shoot("contrast-" + theme + "-" + strings.ReplaceAll(where, " ", "-"))
		}
		t.Logf("%s, %s: %d texts at AA contrast", theme, where, res.Checked)
	}
}

// TestContrastInBothThemes: every text and button the page draws, in the
// light and the dark theme, on the welcome page, a file (its part views,
// tree, listing, disassembly, problems) and a comparison, reads at WCAG AA.
// One page: each state is measured in both themes (the theme follows
// prefers-color-scheme, emulated).
func TestContrastInBothThemes(t *testing.T) {
	a, _, _ := corpusFile(t, "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64.h__cs_wave_size_range_64_code_dxil.dxil")
	b, _, _ := corpusFile(t, "real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64_128.h__cs_wave_size_range_64_128_code_dxil.dxil")
	shex, _, _ := corpusFile(t, shexFile)
	p := browserPage(t)
	viewport(p, 1400, 900)
	check := func(where string) { t.Helper(); checkContrast(t, p, where) }
	// showCode opens file on its code part and waits for the code's lines.
	showCode := func(file, part, what, line string) {
		t.Helper()
		p.Upload("#file-input", file)
		p.Click(`#part-list .part[data-name="` + part + `"]`)
		p.WaitFor(what, `!!document.querySelector('`+line+`')`)
	}
	check("welcome")
	p.Click(`#example-damaged\.dxbc`)
	p.WaitFile("damaged.dxbc")
	check("a damaged file")
	showCode(shex, "SHEX", "the listing", "#listing .listing-line")
	check("an SHEX listing")
	p.Click("#tab-tree")
	check("a tree")
	showCode(a, "DXIL", "the disassembly", ".disasm-line")
	check("a disassembly")
	p.Click(`#part-list .part[data-name="PSV0"]`)
	check("PSV0")
	p.Upload("#compare-input", b)
	p.WaitFor("the comparison", `!!document.getElementById('cmp-name-b')`)
	check("a comparison")
}
