package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the views raise; the inspector handles them.
const (
	ActSelectByte = "dx-select-byte" // value: int64 offset; select the deepest field holding it
	ActSelectNode = "dx-select-node" // value: NodeRef
	ActSelectPart = "dx-select-part" // value: int part index
	ActToggleNode = "dx-toggle-node" // value: NodeRef
	ActGoto       = "dx-goto"        // value: int64 offset; reveal it and select the field there
	ActOpenNested = "dx-open-nested" // value: int64 offset of a container inside the file
)

// NodeRef names a tree node: the part's index and the node's ID.
type NodeRef struct {
	Part int
	Node int
}

// Hex view geometry: fixed row height so the visible rows follow from the
// scroll position alone.
const (
	HexRowHeight = 18  // px, must match .hex-row in dxscope.css
	HexRows      = 28  // rows in the viewport
	hexMaxPixels = 8e6 // browsers cap element heights near 3.3e7 px; stay well below
)

// HexView shows bytes as offset, 16 hex bytes and ASCII. It renders only
// the rows in view, so a 50 MB file costs what a 2 KB one does. Selecting
// is reported as actions; the selection comes back through Sel and Enc.
type HexView struct {
	app.Compo

	Model     *model.Model
	Sel       model.Span // the selected field: highlighted
	Enc       model.Span // the structure around it: highlighted fainter
	RevealOff int64      // bring this offset into view when RevealSeq changes
	RevealSeq int

	// Share hooks (views/share.go): element ID prefix (default "hex"), the
	// action a byte click raises (default ActSelectByte), and an exact first
	// row to show when ShowRowSeq changes (a share link's row=).
	IDPrefix   string
	ClickAct   string
	ShowRow    int64
	ShowRowSeq int
	seenRowSeq int
	Marks      []bool // compare view: bytes that differ from the other file

	first     int64 // first visible row
	scrollTop float64
	seenSeq   int
	seenModel *model.Model
	gotoText  string
	gotoErr   string
	find      hexFind
	drag      dragState
	skipClick bool // the click that ends a drag selects nothing more
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

func (h *HexView) maxFirst() int64 { return max(0, h.rows()-HexRows) }

// firstFor maps a scroll position to the first visible row.
func (h *HexView) firstFor(top float64) int64 {
	height, scaled := h.spacer()
	var f int64
	if !scaled {
		f = int64(top / HexRowHeight)
	} else {
		view := float64(HexRows * HexRowHeight)
		f = int64(top / max(1, height-view) * float64(h.maxFirst()))
	}
	return min(max(0, f), h.maxFirst())
}

// topFor maps a first row back to a scroll position.
func (h *HexView) topFor(first int64) float64 {
	height, scaled := h.spacer()
	if !scaled {
		return float64(first) * HexRowHeight
	}
	view := float64(HexRows * HexRowHeight)
	return float64(first) / float64(max(1, h.maxFirst())) * (height - view)
}

// OnMount reveals the offset asked for when the view first appears.
func (h *HexView) OnMount(ctx app.Context) { h.OnUpdate(ctx) }

// OnUpdate resets the view for a new file and reveals offsets on request.
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
	}
	if h.RevealSeq != h.seenSeq {
		h.seenSeq = h.RevealSeq
		h.reveal(ctx, h.RevealOff)
	}
	h.showRow(ctx)
}

func (h *HexView) reveal(ctx app.Context, off int64) {
	row := off / 16
	if row >= h.first && row < h.first+HexRows-2 {
		return
	}
	h.first = min(max(0, row-HexRows/3), h.maxFirst())
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
	f := h.firstFor(h.scrollTop)
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
		return app.Div().Class("hex")
	}
	height, scaled := h.spacer()
	top := float64(h.first) * HexRowHeight
	if scaled {
		top = h.scrollTop
	}
	last := min(h.first+HexRows+1, h.rows())
	return app.Div().Class("hex").Body(
		app.Form().Class("hex-tools").OnSubmit(h.onGoto).Body(
			app.Label().For(h.id("goto")).Text("Go to offset"),
			app.Input().ID(h.id("goto")).Type("text").Placeholder("0x1f0").Size(12).
				Value(h.gotoText).OnInput(h.onGotoInput).Attr("autocomplete", "off"),
			app.Button().Type("submit").Text("Go"),
			app.If(h.gotoErr != "", func() app.UI { return app.Span().Class("hex-err").Text(h.gotoErr) }),
			app.Span().Class("hex-where").Text(fmt.Sprintf("rows %s–%s of %s", model.Hex(h.first*16), model.Hex(last*16), model.Hex(int64(len(h.Model.Data))))),
		),
		h.findForm(),
		app.Div().ID(h.id("sel")).Class("hex-sel").Text(h.selectionStatus()),
		app.Div().ID(h.id("scroll")).Class("hex-scroll").
			Style("height", fmt.Sprintf("%dpx", min(int64(HexRows), max(h.rows(), 1))*HexRowHeight)).
			OnScroll(h.onScroll).Body(
			app.Div().Class("hex-spacer").Style("height", fmt.Sprintf("%.0fpx", height)).Body(
				app.Div().ID(h.id("rows")).Class("hex-rows").Style("transform", fmt.Sprintf("translateY(%.0fpx)", top)).
					OnClick(h.onClick).On("mousedown", h.onMouseDown).On("mouseover", h.onMouseOver).On("mouseup", h.onMouseUp).Body(
					app.Raw(h.rowsHTML(h.first, last)),
				),
			),
		),
		legend(),
	)
}

// rowsHTML renders the visible lines as one piece of HTML: a line is an
// offset, 16 byte cells and their ASCII, each byte its own span carrying its
// offset, classes and hover text. Handing the browser one string keeps an
// open from diffing a thousand go-app elements (docs/performance.md); every
// text from the file is escaped.
func (h *HexView) rowsHTML(first, last int64) string {
	data := h.Model.Data
	var b strings.Builder
	b.Grow(int(last-first) * 2400)
	b.WriteString(`<div class="hex-lines">`)
	var chars strings.Builder
	for r := first; r < last; r++ {
		start := r * 16
		end := min(start+16, int64(len(data)))
		fmt.Fprintf(&b, `<div class="hex-row"><span class="hex-off">%08x</span><span class="hex-bytes">`, start)
		chars.Reset()
		for off := start; off < end; off++ {
			cls, title := h.classOf(off)
			c := data[off]
			ch := "."
			if c >= 0x20 && c < 0x7f {
				ch = escapeHTML(string(rune(c)))
			}
			fmt.Fprintf(&b, `<span class="%s" data-off="%d" title="%s">%02x</span>`, cls, off, escapeHTML(title), c)
			fmt.Fprintf(&chars, `<span class="%s" data-off="%d">%s</span>`, cls, off, ch)
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
func legend() app.UI {
	item := func(cls, text string) app.UI {
		return app.Span().Class("legend-item").Body(app.Span().Class("legend-swatch b "+cls).Text("00"), app.Text(" "+text))
	}
	return app.Div().Class("hex-legend").Body(
		item("s-hdr", "container header"), item("s-ph", "part header"), item("s-p1", "part data"), item("s-p0", "next part"),
		item("alt", "every other field"), item("unk", "bytes no field explains"), item("raw", "raw data"), item("out", "outside the container"),
		item("sel", "selected"), item("enc", "its structure"),
	)
}

// classOf returns the byte's classes (selection, enclosing structure, kind)
// and a hover text naming the field it belongs to.
func (h *HexView) classOf(off int64) (string, string) {
	cls := "b"
	if h.drag.moved {
		if h.inDrag(off) {
			cls += " sel"
		}
	} else if h.Sel.Size > 0 && off >= h.Sel.Off && off < h.Sel.End() {
		cls += " sel"
	} else if h.Enc.Size > 0 && off >= h.Enc.Off && off < h.Enc.End() {
		cls += " enc"
	}
	cls += h.markClass(off)
	cls += h.structureClass(off)
	sp, ok := h.Model.Spans.Deepest(off)
	if !ok {
		return cls + " out", model.Hex(off) + ": outside the container"
	}
	switch sp.Kind {
	case model.SpanUnknown:
		cls += " unk"
	case model.SpanRaw:
		cls += " raw"
	}
	if sp.Kind == model.SpanField && (sp.Off/max(1, sp.Size))%2 == 1 {
		cls += " alt"
	}
	title := model.Hex(off) + ": " + model.Shown(model.SpanLabel(sp))
	if sp.Value != "" {
		title += " = " + model.Cut(sp.Value)
	}
	return cls, title
}
