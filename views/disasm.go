package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActSelectBytes selects an exact byte range in the hex view (value:
// model.ByteRange), as a disassembly line selects the bits of its record.
const ActSelectBytes = "dx-select-bytes"

// disasmLineHeight is the fixed height of a line in pixels; the view renders
// only the lines in and near the scrolled window.
const (
	disasmLineHeight = 18
	disasmWindow     = 120
)

// Disassembly shows a DXIL/ILDB module as DXC's LLVM assembly: functions
// fold, only the visible lines are in the DOM, clicking an instruction line
// selects the bytes of its record, and selecting a byte in the hex view
// selects the instruction that holds it.
type Disassembly struct {
	app.Compo
	Data *model.Disassembly

	top      int          // first visible row
	folded   map[int]bool // define-line index → folded
	selected int          // selected line, -1 none
	rows     []int        // visible line indexes after folding
	rowsFor  *model.Disassembly
	foldRev  int
	rowsRev  int
}

// OnMount follows byte selections made elsewhere (the hex view).
func (d *Disassembly) OnMount(ctx app.Context) {
	follow := func(ctx app.Context, a app.Action) {
		off, ok := a.Value.(int64)
		if !ok || d.Data == nil {
			return
		}
		if i := d.Data.LineAt(off); i >= 0 {
			d.reveal(ctx, i)
		}
	}
	ctx.Handle(ActSelectByte, follow)
	ctx.Handle(ActGoto, follow)
}

func (d *Disassembly) visibleRows() []int {
	if d.rowsFor == d.Data && d.rowsRev == d.foldRev && d.rows != nil {
		return d.rows
	}
	d.rows = d.rows[:0]
	for i := 0; i < len(d.Data.Lines); i++ {
		d.rows = append(d.rows, i)
		if d.folded[i] && d.Data.Lines[i].FoldEnd > i {
			i = d.Data.Lines[i].FoldEnd - 1 // keep the closing "}"
		}
	}
	d.rowsFor, d.rowsRev = d.Data, d.foldRev
	return d.rows
}

func (d *Disassembly) reveal(ctx app.Context, i int) {
	if d.folded == nil {
		d.folded = map[int]bool{}
	}
	d.selected = i
	// Unfold the function holding the line.
	for k, l := range d.Data.Lines {
		if l.FoldEnd > 0 && k < i && i < l.FoldEnd && d.folded[k] {
			d.folded[k] = false
			d.foldRev++
		}
	}
	rows := d.visibleRows()
	for r, li := range rows {
		if li == i {
			d.top = max(r-10, 0)
			ctx.Defer(func(app.Context) {
				if el := app.Window().GetElementByID("disasm-scroll"); el.Truthy() {
					el.Set("scrollTop", r*disasmLineHeight-4*disasmLineHeight)
				}
			})
			break
		}
	}
}

func (d *Disassembly) onScroll(ctx app.Context, e app.Event) {
	st := ctx.JSSrc().Get("scrollTop").Int()
	top := max(st/disasmLineHeight-disasmWindow/4, 0)
	if top/8 != d.top/8 {
		d.top = top
	}
}

// Render draws the visible window of lines.
func (d *Disassembly) Render() app.UI {
	if d.Data == nil {
		return app.Div().Class("special disasm empty")
	}
	if d.folded == nil {
		d.folded = map[int]bool{}
		d.selected = -1
	}
	rows := d.visibleRows()
	top := min(d.top, max(len(rows)-1, 0))
	end := min(top+disasmWindow, len(rows))
	return app.Div().Class("special disasm").Body(
		app.H3().Text(fmt.Sprintf("%s disassembly: %d lines (LLVM 3.7 assembly as dxc -dumpbin prints it)", d.Data.Part, len(d.Data.Lines))),
		app.Div().ID("disasm-scroll").Class("disasm-scroll").
			Style("height", "24em").Style("overflow", "auto").Style("font-family", "monospace").Style("white-space", "pre").
			On("scroll", d.onScroll).Body(
			app.Div().Style("height", fmt.Sprintf("%dpx", top*disasmLineHeight)),
			app.Range(rows[top:end]).Slice(func(k int) app.UI {
				i := rows[top+k]
				return d.line(i)
			}),
			app.Div().Style("height", fmt.Sprintf("%dpx", (len(rows)-end)*disasmLineHeight)),
		),
	)
}

func (d *Disassembly) line(i int) app.UI {
	l := d.Data.Lines[i]
	cls := "disasm-line"
	switch {
	case l.Inst:
		cls += " disasm-inst"
	case strings.HasPrefix(l.Text, ";"):
		cls += " disasm-comment"
	case strings.HasPrefix(l.Text, "define ") || strings.HasPrefix(l.Text, "declare "):
		cls += " disasm-func"
	}
	if i == d.selected {
		cls += " selected"
	}
	text := l.Text
	if l.FoldEnd > 0 {
		mark := "▾ "
		if d.folded[i] {
			mark = "▸ "
		}
		text = mark + text
	}
	div := app.Div().Class(cls).ID(fmt.Sprintf("disasm-%d", i)).DataSet("line", i).
		Style("height", fmt.Sprintf("%dpx", disasmLineHeight)).Style("cursor", "pointer")
	if l.Inst {
		div = div.DataSet("off", l.Off).Title(fmt.Sprintf("bits %d+%d (bytes 0x%x+%d): click to select them", l.Bit, l.Bits, l.Off, l.Size))
	}
	return div.On("click", func(ctx app.Context, e app.Event) {
		switch {
		case l.FoldEnd > 0:
			d.folded[i] = !d.folded[i]
			d.foldRev++
		case l.Inst:
			d.selected = i
			ctx.NewActionWithValue(ActSelectBytes, model.ByteRange{Off: l.Off, Size: l.Size, Path: fmt.Sprintf("%s/Disassembly/%d", d.Data.Part, i)})
		}
	}, app.EventScope(fmt.Sprint(i))).Text(text)
}
