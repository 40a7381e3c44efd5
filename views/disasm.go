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
	Data     *model.Disassembly
	Selected model.Span        // the page's selection: the instruction of exactly these bytes is selected
	Marks    map[[2]int64]bool // the instructions of the selected source line, by (Off, Size)

	top      int          // first visible row
	folded   map[int]bool // define-line index → folded
	selected int          // selected line, -1 none
	rows     []int        // visible line indexes after folding
	rowsFor  *model.Disassembly
	foldRev  int
	rowsRev  int
	seen     *model.Disassembly
	find     lineFind
	ref      *model.Ref // the value clicked: its definition and uses are marked and listed
	refLines map[int]string
	// completing is the head whose rest is being printed (complete).
	completing *model.Disassembly
}

// OnMount takes the page's requests to bring the selected line into view
// (a byte clicked in the hex view selects the instruction holding it).
func (d *Disassembly) OnMount(ctx app.Context) {
	d.OnUpdate(ctx)
	ctx.Handle(ActRevealCode, func(ctx app.Context, a app.Action) {
		if d.Data == nil || d.selected < 0 {
			ctx.PreventUpdate()
			return
		}
		d.reveal(ctx, d.selected)
	})
}

// OnUpdate starts another module unfolded at its top, and finds the
// instruction of the selected bytes.
func (d *Disassembly) OnUpdate(ctx app.Context) {
	switch {
	case d.Data == d.seen:
	case d.Data.Continues(d.seen):
		// The rest of the listing whose head is shown: same place, same
		// folds; a search finds its query again over every line.
		d.seen = d.Data
		d.foldRev++
		if d.find.query != "" {
			d.find.search(len(d.Data.Lines), func(i int) string { return d.Data.Lines[i].Text })
		}
		d.ref, d.refLines = nil, nil
	default:
		d.seen, d.top, d.folded = d.Data, 0, map[int]bool{}
		d.find = lineFind{}
		d.foldRev++
		d.ref, d.refLines = nil, nil
	}
	if d.Data != nil && d.Data.More && d.completing != d.Data {
		d.complete(ctx)
	}
	d.selected = -1
	if d.Data == nil || d.Selected.Size <= 0 {
		return
	}
	// Records' bits share bytes: the line of exactly these bytes, not the
	// first line holding the first of them.
	for i := max(0, d.Data.LineAt(d.Selected.Off)); i < len(d.Data.Lines); i++ {
		l := d.Data.Lines[i]
		if l.Inst && l.Off == d.Selected.Off && l.Size == d.Selected.Size {
			d.selected = i
			break
		}
		if l.Inst && l.Off > d.Selected.Off {
			break
		}
	}
}

// complete prints the rest of a listing whose head is shown, once the
// browser has painted the head: an animation frame and a task after it are
// the browser's own (a sleep in Go is not: when drawing the head takes
// longer than the sleep, Go's scheduler runs the sleeper without handing
// the thread back, and the head is never painted); then the rest is printed
// on the UI goroutine.
func (d *Disassembly) complete(ctx app.Context) {
	head := d.Data
	d.completing = head
	AfterPaint(func() {
		ctx.Dispatch(func(ctx app.Context) {
			if d.Data == head {
				d.Data = head.Complete()
				d.OnUpdate(ctx)
			}
		})
	})
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
	// Unfold the function holding the line.
	for k, l := range d.Data.Lines {
		if l.FoldEnd > 0 && k < i && i < l.FoldEnd && d.folded[k] {
			d.folded[k] = false
			d.foldRev++
		}
	}
	rows := d.visibleRows()
	for r, li := range rows {
		if li != i {
			continue
		}
		// Half a window above: the line may be in view low in the box, with
		// the rows above it showing (a quarter left them blank).
		d.top = max(r-disasmWindow/2, 0)
		ctx.Defer(func(app.Context) {
			el := app.Window().GetElementByID("disasm-scroll")
			if !el.Truthy() {
				return
			}
			// The line inside the box when it is not (a few lines of context
			// above it), then the box inside the page's viewport.
			top, h := float64(r*disasmLineHeight), el.Get("clientHeight").Float()
			if st := el.Get("scrollTop").Float(); top < st || top+disasmLineHeight > st+h {
				el.Set("scrollTop", max(0, top-4*disasmLineHeight))
			}
			revealLine(fmt.Sprintf("disasm-%d", i))
		})
		break
	}
}

func (d *Disassembly) onScroll(ctx app.Context, e app.Event) {
	st := ctx.JSSrc().Get("scrollTop").Int()
	top := max(st/disasmLineHeight-disasmWindow/4, 0)
	if top/8 != d.top/8 {
		d.top = top
	}
}

// Render draws the visible window of lines, as one piece of HTML (the
// clicks are delegated to the box).
func (d *Disassembly) Render() app.UI {
	if d.Data == nil {
		return app.Elem("div").Class("special disasm empty")
	}
	rows := d.visibleRows()
	top := min(d.top, max(len(rows)-1, 0))
	end := min(top+disasmWindow, len(rows))
	return app.Elem("div").Class("special disasm").Body(
		app.Elem("div").Class("code-head").Body(
			app.Elem("h3").Text(d.title()),
			d.find.form("disasm", func() int { return len(d.Data.Lines) }, func(i int) string { return d.Data.Lines[i].Text }, d.reveal),
		),
		spellingNote(d.Data.Spelling),
		d.refBar(),
		app.Elem("div").ID("disasm-scroll").Class("disasm-scroll code-box").On("scroll", d.onScroll).OnClick(d.onClick).Body(
			app.Elem("div").Style("height", fmt.Sprintf("%dpx", top*disasmLineHeight)),
			app.Raw(d.linesHTML(rows[top:end])),
			app.Elem("div").Style("height", fmt.Sprintf("%dpx", (len(rows)-end)*disasmLineHeight)),
		),
	)
}

// title names the listing and its length (its first lines while the rest
// is printed).
func (d *Disassembly) title() string {
	n := fmt.Sprintf("%d lines", len(d.Data.Lines))
	if d.Data.More {
		n = fmt.Sprintf("the first %d lines (the rest is being printed)", len(d.Data.Lines))
	}
	return fmt.Sprintf("%s disassembly: %s (LLVM 3.7 assembly as dxc -dumpbin prints it)", model.Shown(d.Data.Part), n)
}

// onClick folds or unfolds a function, or selects the bytes of an
// instruction's record.
func (d *Disassembly) onClick(ctx app.Context, e app.Event) {
	t, _, i, ok := clickedLine(e, len(d.Data.Lines))
	if !ok {
		return
	}
	if cls := t.Get("className"); cls.Truthy() && cls.Type() == app.TypeString {
		if c := cls.String(); strings.Contains(c, "tok-reg") || strings.Contains(c, "tok-meta") {
			if ref := d.Data.Refs().Of(d.Data.Lines[i].Func, t.Get("textContent").String()); ref != nil {
				d.showRef(ctx, ref)
				return
			}
		}
	}
	switch l := d.Data.Lines[i]; {
	case l.FoldEnd > 0:
		d.folded[i] = !d.folded[i]
		d.foldRev++
	case l.Inst:
		ctx.PreventUpdate()
		ctx.NewActionWithValue(ActSelectBytes, d.Data.Range(i))
	default:
		ctx.PreventUpdate()
	}
}

// showRef marks a value's definition and uses, and goes to its definition
// (selecting the defining instruction's bytes).
func (d *Disassembly) showRef(ctx app.Context, ref *model.Ref) {
	d.ref, d.refLines = ref, refMarks(ref)
	if ref.Def >= 0 {
		d.goLine(ctx, ref.Def)
	}
}

// goLine shows line i, selecting its bytes when it is an instruction.
func (d *Disassembly) goLine(ctx app.Context, i int) {
	d.reveal(ctx, i)
	if d.Data.Lines[i].Inst {
		ctx.NewActionWithValue(ActSelectBytes, d.Data.Range(i))
	}
}

// refBar lists the clicked value's definition and uses, each a click away.
func (d *Disassembly) refBar() app.UI {
	return refBar(d.ref, nil, d.goLine, func() { d.ref, d.refLines = nil, nil })
}

// linesHTML writes the lines as HTML, every text escaped.
func (d *Disassembly) linesHTML(rows []int) string {
	var b strings.Builder
	b.Grow(len(rows) * 120)
	b.WriteString(`<div class="disasm-window">`)
	for _, i := range rows {
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
		if l.Inst && d.Marks[[2]int64{l.Off, l.Size}] {
			cls += " src-mark"
		}
		if i == d.find.line() {
			cls += " found"
		}
		cls += d.refLines[i]
		text := l.Text
		if l.FoldEnd > 0 {
			mark := "▾ "
			if d.folded[i] {
				mark = "▸ "
			}
			text = mark + text
		}
		fmt.Fprintf(&b, `<div class="%s" id="disasm-%d" data-line="%d"`, cls, i, i)
		if l.Inst {
			fmt.Fprintf(&b, ` data-off="%d" title="bits %d+%d (bytes 0x%x+%d): click to select them"`, l.Off, l.Bit, l.Bits, l.Off, l.Size)
		}
		b.WriteString(">")
		colorLine(&b, text, LLVMSyntax)
		b.WriteString("</div>")
	}
	b.WriteString("</div>")
	return b.String()
}
