package views

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the views raise; the inspector handles them.
const (
	ActSelectByte  = "dx-select-byte"  // value: int64 offset; select the deepest field holding it
	ActSelectNode  = "dx-select-node"  // value: NodeRef
	ActSelectField = "dx-select-field" // value: FieldRef
	ActSelectPart  = "dx-select-part"  // value: int part index
	ActToggleNode  = "dx-toggle-node"  // value: NodeRef
	ActGoto        = "dx-goto"         // value: int64 offset; reveal it and select the field there
	ActOpenNested  = "dx-open-nested"  // value: int64 offset of a container inside the file
)

// Commands the page sends the views.
const (
	ActRevealHex   = "dx-reveal-hex"   // value: HexReveal; a hex view brings bytes into view
	ActRevealCode  = "dx-reveal-code"  // a code view brings its selected line into view
	ActShowProblem = "dx-show-problem" // value: int; the problem list shows that problem, focused
)

// HexReveal asks the hex view named View ("" for the inspector's) to show
// the byte at Off: within its rows, and itself within the page's viewport;
// Exact makes Off's row the first shown (a link's row=).
type HexReveal struct {
	View  string
	Off   int64
	Exact bool
}

// NodeRef names a tree node: the part's index and the node's ID.
type NodeRef struct {
	Part int
	Node int
}

// FieldRef names a field by its path in a part's tree, and the bytes to
// select if the tree has no such node (Size 0: nothing).
type FieldRef struct {
	Part      int
	Path      string
	Off, Size int64
}

// Hex view geometry: fixed row height so the visible rows follow from the
// scroll position alone.
const (
	HexRowHeight = 18  // px, must match .hex-row in dxscope.css
	HexRows      = 28  // rows drawn before the view has measured its box
	hexMaxPixels = 8e6 // browsers cap element heights near 3.3e7 px; stay well below
	hexMaxDrawn  = 400 // rows drawn at most, whatever height a box reports
)

// HexView shows bytes as offset, 16 hex bytes and ASCII. It renders only
// the rows in view, so a 50 MB file costs what a 2 KB one does. Selecting
// is reported as actions; the selection comes back through Sel and Enc,
// and the page asks for bytes to be shown with ActRevealHex.
type HexView struct {
	app.Compo

	Model *model.Model
	Sel   model.Span // the selected field: highlighted
	Enc   model.Span // the structure around it: highlighted fainter
	// Also are more selected bytes: the other instructions of the selected
	// source line, sorted and merged (SourceView.MarkedBytes), so a draw
	// walks the few it shows.
	Also []model.Span

	// Share hooks (views/share.go): element ID prefix (default "hex"), and
	// the action a byte click raises (default ActSelectByte).
	IDPrefix string
	ClickAct string
	Marks    []bool // compare view: bytes that differ from the other file

	first   int64   // first visible row
	visible int     // rows the box shows (measured; 0 before)
	boxPx   float64 // the box's height in pixels (measured; 0 before)
	// drawn is how many rows are drawn from first: the most the box has
	// shown, plus one. The box's height changes by a row between files (the
	// panes above it differ), and drawing to the box's height replaced all
	// rows a second time for half the files opened; rows below the box are
	// clipped, and the same rows keep their DOM.
	drawn     int
	hidden    bool // the last measure found the box hidden
	scrollTop float64
	seenModel *model.Model
	gotoText  string
	gotoErr   string
	find      hexFind
	drag      dragState
	skipClick bool // the click that ends a drag selects nothing more
	hovered   hoverState

	// The ResizeObserver watching the box (watch), and the box it watches.
	observer app.Value
	onSize   app.Func
	watched  app.Value
}

func (h *HexView) rows() int64 {
	if h.Model == nil {
		return 0
	}
	return (int64(len(h.Model.Data)) + 15) / 16
}

// spacer returns the scrollable height and whether rows are mapped
// proportionally (files too tall to scroll one pixel per pixel).
func (h *HexView) spacer() (float64, bool) {
	full := float64(h.rows()) * HexRowHeight
	if full <= hexMaxPixels {
		return full, false
	}
	return hexMaxPixels, true
}

func (h *HexView) maxFirst() int64 { return max(0, h.rows()-int64(h.inView())) }

// inView is how many rows the box shows: the page's layout sizes it (a
// pane of the window's height), the view measures it.
func (h *HexView) inView() int {
	if h.visible > 0 {
		return h.visible
	}
	return HexRows
}

// viewPx is the box's height: the browser scrolls a proportional view at
// most to its spacer's height less this, so the mapping between rows and
// scroll positions must use it to reach the last rows.
func (h *HexView) viewPx() float64 {
	if h.boxPx > 0 {
		return h.boxPx
	}
	return float64(h.inView() * HexRowHeight)
}

// measure reads how many rows the box shows, after a render or a resize.
// Where the browser has a ResizeObserver the box is watched instead: it
// reports the box's height after the browser's own layout, where reading
// clientHeight here forced a layout of the whole page inside the script on
// every file opened (docs/performance.md).
func (h *HexView) measure(ctx app.Context) {
	ctx.Defer(func(ctx app.Context) {
		el := app.Window().GetElementByID(h.id("scroll"))
		if !el.Truthy() {
			return
		}
		if h.watch(ctx, el) {
			return
		}
		h.boxHeight(ctx, int(el.Get("clientHeight").Float()))
	})
}

// boxHeight takes the box's height in pixels, drawing again when the
// number of rows it shows changed. A hidden view (another pane of a narrow
// window) measures 0: it keeps what it had until it is shown.
func (h *HexView) boxHeight(ctx app.Context, px int) {
	ctx.Dispatch(func(ctx app.Context) {
		h.hidden = px == 0
		if px <= 0 {
			ctx.PreventUpdate()
			return
		}
		if max(1, px/HexRowHeight) == h.visible {
			ctx.PreventUpdate()
		}
		h.setBox(px)
	})
}

// setBox takes the box's height in pixels (more than 0).
func (h *HexView) setBox(px int) {
	h.visible, h.boxPx = max(1, px/HexRowHeight), float64(px)
	h.drawn = max(h.drawn, min(h.visible+1, hexMaxDrawn))
}

// watch observes the box's size (once per box element) and reports
// whether a ResizeObserver does so.
func (h *HexView) watch(ctx app.Context, el app.Value) bool {
	ro := app.Window().Get("ResizeObserver")
	if !ro.Truthy() {
		return false
	}
	if h.watched != nil && h.watched.Equal(el) {
		return true
	}
	h.unwatch()
	h.onSize = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 && args[0].Length() > 0 {
			// Read after the browser's layout: no layout is forced.
			h.boxHeight(ctx, int(args[0].Index(0).Get("target").Get("clientHeight").Float()))
		}
		return nil
	})
	h.observer = ro.New(h.onSize)
	h.observer.Call("observe", el)
	h.watched = el
	return true
}

// unwatch stops observing the box.
func (h *HexView) unwatch() {
	if h.observer != nil {
		h.observer.Call("disconnect")
		h.onSize.Release()
	}
	h.observer, h.watched = nil, nil
}

// OnDismount stops observing the box.
func (h *HexView) OnDismount() { h.unwatch() }

// OnResize measures the box again: the window's height sizes it.
func (h *HexView) OnResize(ctx app.Context) { h.measure(ctx) }

// firstFor maps a scroll position to the first visible row.
func (h *HexView) firstFor(top float64) int64 {
	height, scaled := h.spacer()
	var f int64
	if !scaled {
		f = int64(top / HexRowHeight)
	} else {
		f = int64(top / max(1, height-h.viewPx()) * float64(h.maxFirst()))
	}
	return min(max(0, f), h.maxFirst())
}

// topFor maps a first row back to a scroll position.
func (h *HexView) topFor(first int64) float64 {
	height, scaled := h.spacer()
	if !scaled {
		return float64(first) * HexRowHeight
	}
	return float64(first) / float64(max(1, h.maxFirst())) * (height - h.viewPx())
}

// OnMount takes the page's requests to show bytes.
func (h *HexView) OnMount(ctx app.Context) {
	h.seenModel = h.Model
	h.measure(ctx)
	ctx.Handle(ActRevealHex, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(HexReveal); ok && r.View == h.IDPrefix {
			h.reveal(ctx, r)
		}
	})
}

// OnUpdate starts a new file at its first row.
func (h *HexView) OnUpdate(ctx app.Context) {
	if h.Model != h.seenModel {
		h.seenModel = h.Model
		// Setting scrollTop lays the page out there and then, inside the
		// script (38 ms per open, docs/performance.md): only when it moved.
		if h.first != 0 || h.scrollTop != 0 {
			h.setScroll(ctx, 0)
		}
		h.first, h.scrollTop = 0, 0
		h.find.shown, h.find.msg = false, ""
		h.measure(ctx)
	}
}

// reveal shows the byte r names: its row among the visible ones (the row
// itself first when Exact), and the row within the page's viewport.
//
// The box's height is what it measured last (mount, resize, scroll): reading
// it here would lay the page out in the middle of an update, a cost as large
// as the update itself. The page's layout keeps the view on screen (panes
// that fill the window), so only the rows move.
func (h *HexView) reveal(ctx app.Context, r HexReveal) {
	if h.visible == 0 || h.hidden {
		// Never measured, or measured while hidden (a pane just shown):
		// the box's height now, once.
		if el := app.Window().GetElementByID(h.id("scroll")); el.Truthy() {
			if px := int(el.Get("clientHeight").Float()); px > 0 {
				h.setBox(px)
				h.hidden = false
			}
		}
	}
	row := r.Off / 16
	switch {
	case r.Exact:
		h.first = min(max(0, row), h.maxFirst())
	case row >= h.first && row < h.first+int64(max(1, h.inView()-1)):
		return
	default:
		h.first = min(max(0, row-int64(h.inView()/3)), h.maxFirst())
	}
	h.scrollTop = h.topFor(h.first)
	h.setScroll(ctx, h.scrollTop)
}

func (h *HexView) setScroll(ctx app.Context, top float64) {
	ctx.Defer(func(app.Context) {
		if el := app.Window().GetElementByID(h.id("scroll")); el.Truthy() {
			el.Set("scrollTop", top)
		}
	})
}

func (h *HexView) onScroll(ctx app.Context, e app.Event) {
	h.scrollTop = ctx.JSSrc().Get("scrollTop").Float()
	if px := int(ctx.JSSrc().Get("clientHeight").Float()); px > 0 {
		h.setBox(px)
	}
	f := h.firstFor(h.scrollTop)
	if h.hovered.run != nil {
		h.hideHover() // the bytes moved from under the pointer
	}
	if f == h.first {
		ctx.PreventUpdate()
		return
	}
	h.first = f
	h.reportRow(ctx)
}

func (h *HexView) onClick(ctx app.Context, e app.Event) {
	if h.skipClick {
		h.skipClick = false
		return
	}
	off, ok := byteOffset(e)
	if !ok {
		return
	}
	if e.Get("shiftKey").Bool() && h.ClickAct == "" {
		h.extendTo(ctx, off)
		return
	}
	ctx.NewActionWithValue(h.clickAction(), off)
}

func (h *HexView) onGotoInput(ctx app.Context, e app.Event) {
	h.gotoText = ctx.JSSrc().Get("value").String()
}

func (h *HexView) onGoto(ctx app.Context, e app.Event) {
	e.PreventDefault()
	// Read the field itself: autofill and scripts change it without input events.
	if el := app.Window().GetElementByID("hex-goto"); el.Truthy() {
		h.gotoText = el.Get("value").String()
	}
	off, err := ParseOffset(h.gotoText)
	switch {
	case err != nil:
		h.gotoErr = err.Error()
	case h.Model == nil || off >= int64(len(h.Model.Data)):
		h.gotoErr = "past the end of the file"
	default:
		h.gotoErr = ""
		ctx.NewActionWithValue(ActGoto, off)
	}
}

// ParseOffset reads "0x1f0", "1f0h" or "496" as an offset.
func ParseOffset(s string) (int64, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	base := 10
	switch {
	case strings.HasPrefix(s, "0x"):
		s, base = s[2:], 16
	case strings.HasSuffix(s, "h"):
		s, base = s[:len(s)-1], 16
	case strings.ContainsAny(s, "abcdef"):
		base = 16
	}
	v, err := strconv.ParseInt(s, base, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("not an offset: write 0x1f0 or 496")
	}
	return v, nil
}

// Render draws the tools and the visible rows only.
func (h *HexView) Render() app.UI {
	if h.Model == nil {
		return app.Elem("div").Class("hex")
	}
	height, scaled := h.spacer()
	top := float64(h.first) * HexRowHeight
	if scaled {
		top = h.scrollTop
	}
	last := min(h.first+int64(h.inView())+1, h.rows())
	drawn := last
	if h.visible > 0 {
		drawn = min(h.first+int64(h.drawn), h.rows())
	}
	return app.Elem("div").Class("hex").Body(
		app.Elem("form").Class("hex-tools").OnSubmit(h.onGoto).Body(
			app.Elem("label").Attr("for", h.id("goto")).Text("Go to offset"),
			app.Elem("input").ID(h.id("goto")).Attr("type", "text").Attr("placeholder", "0x1f0").Attr("size", 12).
				Attr("value", h.gotoText).OnInput(h.onGotoInput).Attr("autocomplete", "off"),
			app.Elem("button").Attr("type", "submit").Text("Go"),
			app.If(h.gotoErr != "", func() app.UI { return app.Elem("span").Class("hex-err").Text(h.gotoErr) }),
			app.Elem("span").Class("hex-where").Text(fmt.Sprintf("rows %s–%s of %s", model.Hex(h.first*16), model.Hex(last*16), model.Hex(int64(len(h.Model.Data))))),
		),
		h.findForm(),
		app.Elem("div").ID(h.id("sel")).Class("hex-sel").Text(h.selectionStatus()),
		app.Elem("div").ID(h.id("scroll")).Class("hex-scroll").
			Style("max-height", fmt.Sprintf("%dpx", max(h.rows(), 1)*HexRowHeight)).
			OnScroll(h.onScroll).Body(
			app.Elem("div").Class("hex-spacer").Style("height", fmt.Sprintf("%.0fpx", height)).Body(
				app.Elem("div").ID(h.id("rows")).Class("hex-rows").Style("transform", fmt.Sprintf("translateY(%.0fpx)", top)).
					OnClick(h.onClick).On("mousedown", h.onMouseDown).On("mousemove", h.onMouseMove).On("mouseleave", h.onMouseLeave).On("mouseup", h.onMouseUp).Body(
					app.Raw(h.rowsHTML(h.first, drawn)),
					app.Elem("div").ID(h.id("hover")).Class("hex-hover"),
				),
			),
		),
		legend(),
	)
}

// rowsHTML renders the visible lines as one piece of HTML: a line is an
// offset, its hex bytes and their ASCII, drawn as runs: each run of bytes
// that share their classes (selection, structure, kind) is one span carrying
// its first offset (data-off) and its length (data-n), so a line is a
// handful of elements rather than 32 (byteOffset finds the byte under the
// pointer). A run never crosses the gap after a line's eighth byte. Handing
// the browser one string keeps an open from diffing a thousand go-app
// elements (docs/performance.md); every text from the file is escaped.
func (h *HexView) rowsHTML(first, last int64) string {
	data := h.Model.Data
	var b strings.Builder
	b.Grow(int(last-first) * 600)
	b.WriteString(`<div class="hex-lines">`)
	var chars strings.Builder
	var cls [16]byteClass
	deepest := h.Model.Spans.DeepestIn(first*16, last*16)
	also := walkFrom(h.Also, first*16)
	for r := first; r < last; r++ {
		start := r * 16
		end := min(start+16, int64(len(data)))
		fmt.Fprintf(&b, `<div class="hex-row"><span class="hex-off">%08x</span><span class="hex-bytes">`, start)
		chars.Reset()
		for off := start; off < end; off++ {
			cls[off-start] = h.classOf(off, deepest, &also)
		}
		for lo := start; lo < end; {
			hi := lo + 1
			for hi < end && cls[hi-start] == cls[lo-start] && hi-start != 8 {
				hi++
			}
			c := cls[lo-start].String()
			if lo-start == 8 {
				c += " c8"
			}
			open := `<span class="` + c + `" data-off="` + strconv.FormatInt(lo, 10) + `" data-n="` + strconv.FormatInt(hi-lo, 10) + `">`
			b.WriteString(open)
			chars.WriteString(open)
			for off := lo; off < hi; off++ {
				v := data[off]
				if off > lo {
					b.WriteByte(' ')
				}
				b.WriteByte("0123456789abcdef"[v>>4])
				b.WriteByte("0123456789abcdef"[v&15])
				if v >= 0x20 && v < 0x7f {
					chars.WriteString(escapeHTML(string(rune(v))))
				} else {
					chars.WriteByte('.')
				}
			}
			b.WriteString(`</span>`)
			chars.WriteString(`</span>`)
			lo = hi
		}
		b.WriteString(`</span><span class="hex-ascii">`)
		b.WriteString(chars.String())
		b.WriteString(`</span></div>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// htmlEscaper escapes text for element content and quoted attributes; it
// is what html.EscapeString does without that package's entity table,
// which the page would carry and build at start for nothing.
var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func escapeHTML(s string) string { return htmlEscaper.Replace(s) }

// structureClass tints a byte's background by the structure it is in: the
// container header, a part header, or a part's data (alternating tints, so
// neighbouring parts stay apart).
func (h *HexView) structureClass(off int64) string {
	pv := h.Model.PartAt(off)
	switch {
	case pv == nil:
		return ""
	case pv.Index == 0:
		return " s-hdr"
	case off < pv.Offset+8:
		return " s-ph"
	case pv.Index%2 == 1:
		return " s-p1"
	}
	return " s-p0"
}

// legend says what the hex view's colours mean.
func legend() app.UI { return app.Raw(legendHTML) }

// legendHTML is the legend as one piece of HTML, made once: it never
// changes, and go-app compares one string where it would diff 20 elements
// on every draw of the hex view (docs/performance.md).
var legendHTML = func() string {
	var b strings.Builder
	b.WriteString(`<div class="hex-legend">`)
	for _, it := range [][2]string{
		{"s-hdr", "container header"}, {"s-ph", "part header"}, {"s-p1", "part data"}, {"s-p0", "next part"},
		{"alt", "every other field"}, {"unk", "bytes no field explains"}, {"raw", "raw data"}, {"out", "outside the container"},
		{"sel", "selected"}, {"enc", "its structure"},
	} {
		b.WriteString(`<span class="legend-item"><span class="legend-swatch b ` + it[0] + `">00</span> ` + escapeHTML(it[1]) + `</span>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}()

// byteClass is a byte's classes in the hex view, each one of a few fixed
// strings: the rows compare them to find runs and build a run's class
// attribute once, not a string per byte (docs/performance.md).
type byteClass struct{ selection, mark, structure, kind, alt string }

// String is the class attribute: "b", then the selection (or its
// structure), the difference mark, the enclosing structure and the kind.
func (c byteClass) String() string { return "b" + c.selection + c.mark + c.structure + c.kind + c.alt }

// classOf returns the byte's classes: selection, enclosing structure, kind.
// Offsets come in ascending order: also walks in step with them.
func (h *HexView) classOf(off int64, deepest func(int64) (model.Span, bool), also *spanWalk) byteClass {
	var c byteClass
	if h.drag.moved {
		if h.inDrag(off) {
			c.selection = " sel"
		}
	} else if h.Sel.Size > 0 && off >= h.Sel.Off && off < h.Sel.End() || also.in(off) {
		c.selection = " sel"
	} else if h.Enc.Size > 0 && off >= h.Enc.Off && off < h.Enc.End() {
		c.selection = " enc"
	}
	c.mark = h.markClass(off)
	c.structure = h.structureClass(off)
	sp, ok := deepest(off)
	if !ok {
		c.kind = " out"
		return c
	}
	switch sp.Kind {
	case model.SpanUnknown:
		c.kind = " unk"
	case model.SpanRaw:
		c.kind = " raw"
	}
	if sp.Kind == model.SpanField && (sp.Off/max(1, sp.Size))%2 == 1 {
		c.alt = " alt"
	}
	return c
}

// titleOf is a byte's hover text: its offset and the field holding it,
// with the field's value. The rows carry none; a run gets the text of the
// byte under the pointer (onMouseMove), as drawing 288 of them per draw
// cost more than the rest of the rows' HTML.
func (h *HexView) titleOf(off int64) string {
	at := "0x" + strconv.FormatInt(off, 16) + ": "
	sp, ok := h.Model.Spans.Deepest(off)
	if !ok {
		return at + "outside the container"
	}
	name := model.Shown(model.SpanLabel(sp))
	if sp.Value != "" {
		name += " = " + model.Cut(sp.Value)
	}
	return at + name
}

// spanWalk answers whether offsets, asked in ascending order, are in
// sorted, non-overlapping spans: a draw costs its bytes and a binary
// search, not its bytes times the spans.
type spanWalk struct{ rest []model.Span }

// walkFrom starts a walk of spans at off.
func walkFrom(spans []model.Span, off int64) spanWalk {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End() > off })
	return spanWalk{spans[i:]}
}

// in reports whether off is in one of the spans; off is not below any
// offset asked before.
func (w *spanWalk) in(off int64) bool {
	for len(w.rest) > 0 && w.rest[0].End() <= off {
		w.rest = w.rest[1:]
	}
	return len(w.rest) > 0 && w.rest[0].Off <= off
}
