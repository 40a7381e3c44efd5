//go:build !wasm

package app_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
)

// The hex view's tools in a real browser: text search finds a part's name
// where the decoder says the part is; the data inspector reads the f32 at a
// chosen offset as the browser's own DataView does; a mouse drag selects a
// range and says its size; shift+click stretches the selection.
func TestHexToolsInBrowser(t *testing.T) {
	path, raw, f := corpusFile(t, "real/HansKristian-Work__dxil-spirv/shaders__asm__control-flow-multi-break-with-non-idom-loop-header.dxil")
	psv := f.Part("PSV0")
	if psv == nil {
		t.Fatal("no PSV0")
	}

	p := openFile(t, path)

	// Find the text "PSV0": the first match is the part's header.
	p.Do(chromedp.SetValue(chromedp.ID("hex-find-kind"), "1"), chromedp.SetValue(chromedp.ID("hex-find"), "PSV0"),
		chromedp.Click(chromedp.ID("hex-find-next")))
	p.WaitFor("the match", `document.getElementById('hex-find-status').textContent.startsWith('at ')`)
	if got, want := browsertest.Eval[string](p, `document.getElementById('hex-find-status').textContent`), fmt.Sprintf("at 0x%x (", psv.Offset); !strings.HasPrefix(got, want) {
		t.Errorf("find PSV0: %q, the decoder puts PSV0 at 0x%x", got, psv.Offset)
	}
	p.WaitFor("the match selected", browsertest.HexSelected+`.join(',') === '`+rangeList(psv.Offset, 4)+`'`)
	// Hex search for the container magic finds offset 0 (wrapping around).
	p.Do(chromedp.SetValue(chromedp.ID("hex-find-kind"), "0"), chromedp.SetValue(chromedp.ID("hex-find"), "44 58 42 43"),
		chromedp.Click(chromedp.ID("hex-find-next")))
	p.WaitFor("the magic found", `document.getElementById('hex-find-status').textContent.startsWith('at 0x0 (')`)
	p.Shoot("hex-find")

	// The data inspector at a chosen offset: the f32 there, as JavaScript reads it.
	at := psv.DataOffset + 4
	hexGoTo(p, at)
	p.WaitFor("the inspector at the offset", `document.querySelector('#data-inspector summary')?.textContent.includes(`+browsertest.JSString(fmt.Sprintf("0x%x", at))+`)`)
	got := browsertest.Eval[string](p, `document.querySelector('#data-inspector tr[data-type="f32"] .inspector-value').textContent`)
	b := raw[at : at+4]
	want := browsertest.Eval[float64](p, fmt.Sprintf(`new DataView(new Uint8Array([%d,%d,%d,%d]).buffer).getFloat32(0, true)`, b[0], b[1], b[2], b[3]))
	if v, err := strconv.ParseFloat(got, 64); err != nil || float32(v) != float32(want) {
		t.Errorf("inspector f32 at 0x%x is %q, DataView reads %v", at, got, want)
	}
	p.Shoot("data-inspector")

	// Drag from one byte to another: the range is selected and its size shown.
	from, to := int64(0x20), int64(0x33)
	center := func(off int64) (float64, float64) {
		xy := browsertest.Eval[[]float64](p, fmt.Sprintf(`(b => [b.x, b.y])(%s)`, browsertest.HexByte(off)))
		return xy[0], xy[1]
	}
	held := func(q *input.DispatchMouseEventParams) { q.Buttons = 1 }
	mouse := func(typ input.DispatchMouseEventType, off int64, opts ...chromedp.MouseOption) {
		x, y := center(off)
		p.Do(chromedp.MouseEvent(typ, x, y, opts...))
	}
	hexGoTo(p, 0x0)
	mouse(input.DispatchMouseEventTypeMouseMoved, from)
	mouse(input.DispatchMouseEventTypeMousePressed, from, chromedp.ButtonLeft, held, chromedp.ClickCount(1))
	mouse(input.DispatchMouseEventTypeMouseMoved, from+5, chromedp.ButtonLeft, held)
	mouse(input.DispatchMouseEventTypeMouseMoved, to, chromedp.ButtonLeft, held)
	mouse(input.DispatchMouseEventTypeMouseReleased, to, chromedp.ButtonLeft, chromedp.ClickCount(1))
	n := to - from + 1
	p.WaitFor("the dragged range", `document.getElementById('hex-sel').textContent.includes(', `+strconv.FormatInt(n, 10)+` bytes')`)
	if sel := browsertest.Eval[string](p, browsertest.HexSelected+`.join(',')`); sel != rangeList(from, n) {
		t.Errorf("dragged 0x%x–0x%x, selected %s", from, to, sel)
	}
	p.WaitFor("the copy buttons count it", `document.querySelector('.share-bar')?.textContent.includes('Copy `+strconv.FormatInt(n, 10)+` bytes:')`)
	t.Logf("drag: %s", browsertest.Eval[string](p, `document.getElementById('hex-sel').textContent`))
	p.Shoot("hex-drag")

	// Shift+click stretches the selection to the clicked byte.
	end := int64(0x3a)
	x, y := center(end)
	p.Do(chromedp.MouseClickXY(x, y, chromedp.ButtonModifiers(chromedp.ModifierShift)))
	p.WaitFor("the stretched range", `document.getElementById('hex-sel').textContent.includes(', `+strconv.FormatInt(end-from+1, 10)+` bytes')`)
}

// rangeList is "a,a+1,…" for n offsets from a.
func rangeList(a, n int64) string {
	s := make([]string, n)
	for i := range s {
		s[i] = strconv.FormatInt(a+int64(i), 10)
	}
	return strings.Join(s, ",")
}
