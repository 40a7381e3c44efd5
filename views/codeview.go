package views

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// codeLineHeight is a code line's fixed height in pixels (.code-lines
// .listing-line in dxscope.css): the lines in view follow from the scroll
// position alone.
const (
	codeLineHeight = 18
	codeWindow     = 160 // lines drawn around the scrolled window
)

// CodeView shows an SHDR/SHEX part's instructions, one line each with its
// offset, however many there are: only the lines in and near the scrolled
// window are drawn, as one piece of HTML (an 8,000-instruction shader costs
// what a 50-instruction one does). A click on a line selects its bytes; the
// line of the page's selection is marked and, on ActRevealCode, scrolled
// into view.
type CodeView struct {
	app.Compo
	ID       string
	Title    string
	Lines    []model.ListingLine
	Selected model.Span
	Marks    map[[2]int64]bool  // the instructions of the selected source line, by (Off, Size)
	Spelling string             // which compiler's spellings the lines follow, and why
	Code     *model.CodeListing // for the temporaries' writes and reads, found on the first click (nil: registers are not links)

	win      lineWindow
	ref      *model.Ref     // the register clicked: its write and reads are marked and listed
	refLines map[int]string // line → the mark's class
	selected int            // the line Selected names, -1 for none
	find     lineFind
	seen     *model.ListingLine // the first line of the lines shown: new lines reset the search
}

// OnMount takes the page's requests to show the selected line.
func (v *CodeView) OnMount(ctx app.Context) {
	v.OnUpdate(ctx)
	ctx.Handle(ActRevealCode, func(ctx app.Context, a app.Action) {
		if v.selected < 0 {
			ctx.PreventUpdate()
			return
		}
		v.reveal(ctx, v.selected)
	})
}

// OnUpdate finds the line of the selected bytes (lines are in offset order).
func (v *CodeView) OnUpdate(ctx app.Context) {
	if len(v.Lines) > 0 && &v.Lines[0] != v.seen {
		v.seen = &v.Lines[0]
		v.find = lineFind{}
		v.ref, v.refLines = nil, nil
	}
	v.selected = -1
	if v.Selected.Size <= 0 {
		return
	}
	ls := v.Lines
	lo, hi := 0, len(ls)
	for lo < hi { // the first line at or after the selection
		mid := (lo + hi) / 2
		if ls[mid].Size > 0 && ls[mid].Off >= v.Selected.Off {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo < len(ls) && ls[lo].Off == v.Selected.Off && ls[lo].Size == v.Selected.Size {
		v.selected = lo
	}
}

// reveal draws the window around line i and scrolls the box to it when it
// is not in view, then the whole box onto the screen.
func (v *CodeView) reveal(ctx app.Context, i int) {
	v.win.reveal(ctx, v.ID, i, true)
}

// lineWindow is the stretch of a long list of lines, each codeLineHeight
// high, that a code box draws: codeWindow lines in and near its scrolled
// view, between two spacers standing for the rest (the code views and the
// source pane).
type lineWindow struct {
	top int // first line drawn
}

// reveal draws the window around line i and, once drawn, scrolls the box
// (element id) to the line when it is not in view; then brings the box onto
// the screen: when whole, if any of it is off the screen; else only if none
// of it is on it.
func (w *lineWindow) reveal(ctx app.Context, id string, i int, whole bool) {
	w.top = max(0, i-codeWindow/4)
	ctx.Defer(func(app.Context) {
		box := app.Window().GetElementByID(id)
		if !box.Truthy() {
			return
		}
		y, h := float64(i*codeLineHeight), box.Get("clientHeight").Float()
		if st := box.Get("scrollTop").Float(); y < st || y+codeLineHeight > st+h {
			box.Set("scrollTop", max(0, y-h/3))
		}
		r := box.Call("getBoundingClientRect")
		top, bottom, screen := r.Get("top").Float(), r.Get("bottom").Float(), app.Window().Get("innerHeight").Float()
		if whole && (top < 0 || bottom > screen+1) || !whole && (bottom < 0 || top > screen) {
			box.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
	})
}

// onScroll follows the box's scrolling.
func (w *lineWindow) onScroll(ctx app.Context, e app.Event) {
	first := int(ctx.JSSrc().Get("scrollTop").Float()) / codeLineHeight
	top := max(0, first-codeWindow/4)
	// Redraw only when the window has moved well: scrolling line by line
	// costs nothing.
	if top/16 == w.top/16 && first+int(ctx.JSSrc().Get("clientHeight").Float())/codeLineHeight < w.top+codeWindow {
		ctx.PreventUpdate()
		return
	}
	w.top = top
}

// lines draws n lines: a spacer for those above the window, html(from, to)
// for the window's, a spacer for those below.
func (w *lineWindow) lines(n int, html func(from, to int) string) []app.UI {
	top := min(w.top, max(n-1, 0))
	end := min(top+codeWindow, n)
	return []app.UI{
		app.Elem("div").Style("height", strconv.Itoa(top*codeLineHeight)+"px"),
		app.Raw(html(top, end)),
		app.Elem("div").Style("height", strconv.Itoa((n-end)*codeLineHeight)+"px"),
	}
}

// onClick selects the bytes of the line clicked (delegated: the lines are
// HTML, not components).
func (v *CodeView) onClick(ctx app.Context, e app.Event) {
	t, el, i, ok := clickedLine(e, len(v.Lines))
	if !ok || v.Lines[i].Size <= 0 {
		return
	}
	// A temporary register: the write its value comes from and that
	// value's reads.
	if cls := t.Get("className"); v.Code != nil && cls.Truthy() && cls.Type() == app.TypeString && strings.Contains(cls.String(), "tok-reg") {
		if ref := v.Code.RegisterRefs().Of(i, tempOrdinal(t, el)); ref != nil {
			v.ref, v.refLines = ref, refMarks(ref)
			if ref.Def >= 0 {
				v.goLine(ctx, ref.Def)
			}
			return
		}
	}
	// The instruction at the line's offset, as a click on its first byte
	// selects it (the part's tree is not needed).
	ctx.NewActionWithValue(ActGoto, v.Lines[i].Off)
}

// offsetLabel names line i as the gutter does: its offset in hex.
func (v *CodeView) offsetLabel(i int) string {
	hex := strconv.FormatInt(v.Lines[i].Off, 16)
	return strings.Repeat("0", max(0, 4-len(hex))) + hex
}

// goLine shows line i and selects its instruction's bytes.
func (v *CodeView) goLine(ctx app.Context, i int) {
	v.reveal(ctx, i)
	if v.Lines[i].Size > 0 {
		ctx.NewActionWithValue(ActGoto, v.Lines[i].Off)
	}
}

// clickedData finds the element with a data-NAME attribute at or above the
// event's target (the code views delegate their clicks: their lines are
// HTML, not components) and returns the target, that element and its
// attribute's value.
func clickedData(e app.Event, name string) (target, el app.Value, value string, ok bool) {
	t := e.Get("target")
	if !t.Truthy() || !t.Get("closest").Truthy() {
		return t, nil, "", false
	}
	el = t.Call("closest", "[data-"+name+"]")
	if !el.Truthy() {
		return t, el, "", false
	}
	return t, el, el.Get("dataset").Get(name).String(), true
}

// clickedLine returns the target, its line's element and the data-line
// index clicked, when it is one of n lines.
func clickedLine(e app.Event, n int) (target, el app.Value, i int, ok bool) {
	t, el, s, ok := clickedData(e, "line")
	if !ok {
		return t, el, 0, false
	}
	i, err := strconv.Atoi(s)
	return t, el, i, err == nil && i >= 0 && i < n
}

// Render draws the title and the window of lines.
func (v *CodeView) Render() app.UI {
	return app.Elem("div").Class("special listing").Body(
		app.Elem("div").Class("code-head").Body(
			app.Elem("h3").Text(v.Title),
			v.find.form(v.ID, func() int { return len(v.Lines) }, func(i int) string { return v.Lines[i].Text }, v.reveal),
		),
		spellingNote(v.Spelling),
		refBar(v.ref, v.offsetLabel, v.goLine, func() { v.ref, v.refLines = nil, nil }),
		app.Elem("div").ID(v.ID).Class("listing-lines code-box code-lines").On("scroll", v.win.onScroll).OnClick(v.onClick).Body(
			v.win.lines(len(v.Lines), v.linesHTML)...,
		),
	)
}

// linesHTML writes lines [from, to) as HTML, every text from the file
// escaped.
func (v *CodeView) linesHTML(from, to int) string {
	var b strings.Builder
	b.Grow((to - from) * 120)
	b.WriteString(`<div class="code-window">`)
	for i := from; i < to; i++ {
		l := v.Lines[i]
		cls := "listing-line"
		if i == v.selected {
			cls += " selected"
		}
		if l.Size > 0 && v.Marks[[2]int64{l.Off, l.Size}] {
			cls += " src-mark"
		}
		if i == v.find.line() {
			cls += " found"
		}
		cls += v.refLines[i]
		n := strconv.Itoa(i)
		b.WriteString(`<div class="` + cls + `" id="` + v.ID + `-line-` + n + `" data-line="` + n + `"`)
		if l.Size > 0 {
			b.WriteString(` data-off="` + strconv.FormatInt(l.Off, 10) + `" title="0x` + strconv.FormatInt(l.Off, 16) + `, ` + strconv.FormatInt(l.Size, 10) + ` bytes: click to see them">`)
			b.WriteString(`<span class="listing-off">` + v.offsetLabel(i) + `</span>`)
		} else {
			b.WriteString(">")
		}
		if l.Size > 0 {
			colorLine(&b, l.Text, FXCSyntax)
		} else {
			b.WriteString(escapeHTML(l.Text))
		}
		b.WriteString("</div>")
	}
	b.WriteString("</div>")
	return b.String()
}
