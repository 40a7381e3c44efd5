package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The hex view's editor tools: find bytes or text, select a range by
// dragging or shift+click, and what the selection covers. The data
// inspector for the bytes at the cursor is its own component below.

// hexFind is the find box's state.
type hexFind struct {
	text  string
	kind  model.SearchKind
	at    int64 // the match shown, when shown
	shown bool
	msg   string // "at 0x1f0 (3 in the file)", "not found", or why nothing was searched
}

// maxCount bounds how many matches the status counts.
const maxCount = 10000

func (h *HexView) findForm() app.UI {
	kinds := []struct {
		v    model.SearchKind
		name string
	}{{model.SearchHex, "hex bytes"}, {model.SearchASCII, "text"}, {model.SearchUTF16, "UTF-16 text"}}
	opts := make([]app.UI, len(kinds))
	for i, k := range kinds {
		opts[i] = app.Elem("option").Attr("value", strconv.Itoa(int(k.v))).Attr("selected", h.find.kind == k.v).Text(k.name)
	}
	return app.Elem("form").Class("hex-tools hex-find").OnSubmit(func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		h.search(ctx, true)
	}).Body(
		app.Elem("label").Attr("for", h.id("find")).Text("Find"),
		app.Elem("input").ID(h.id("find")).Attr("type", "text").Attr("placeholder", "44 58 42 43").Attr("size", 14).Attr("value", h.find.text).
			Attr("autocomplete", "off").OnInput(func(ctx app.Context, e app.Event) {
			h.find.text = ctx.JSSrc().Get("value").String()
			h.find.shown = false
			ctx.PreventUpdate()
		}),
		app.Elem("select").ID(h.id("find-kind")).Title("read what you type as").OnChange(func(ctx app.Context, e app.Event) {
			v, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
			h.find.kind, h.find.shown = model.SearchKind(v), false
		}).Body(opts...),
		app.Elem("button").ID(h.id("find-prev")).Attr("type", "button").Text("‹").Title("previous match").
			OnClick(func(ctx app.Context, e app.Event) { h.search(ctx, false) }),
		app.Elem("button").ID(h.id("find-next")).Attr("type", "submit").Text("›").Title("next match (Enter)"),
		app.Elem("span").ID(h.id("find-status")).Class("hex-find-status").Text(h.find.msg),
	)
}

// search finds the next (or previous) match after the one shown, or after
// the selection for a new search, and selects it.
func (h *HexView) search(ctx app.Context, forward bool) {
	if h.Model == nil {
		return
	}
	// Read the fields themselves: scripts and autofill change them without events.
	if el := app.Window().GetElementByID(h.id("find")); el.Truthy() && el.Get("value").String() != h.find.text {
		h.find.text, h.find.shown = el.Get("value").String(), false
	}
	if el := app.Window().GetElementByID(h.id("find-kind")); el.Truthy() {
		if v, err := strconv.Atoi(el.Get("value").String()); err == nil && model.SearchKind(v) != h.find.kind {
			h.find.kind, h.find.shown = model.SearchKind(v), false
		}
	}
	pat, err := model.SearchPattern(h.find.kind, h.find.text)
	if err != nil {
		h.find.msg = err.Error()
		return
	}
	from := h.find.at
	if !h.find.shown { // a new search starts at the selection
		from = h.Sel.Off - 1
		if !forward {
			from = h.Sel.Off
		}
	}
	data := h.Model.Data
	at := model.Find(data, pat, from, forward)
	if at < 0 {
		h.find.shown, h.find.msg = false, "not found"
		return
	}
	h.find.at, h.find.shown = at, true
	n := model.CountMatches(data, pat, maxCount)
	count := humanize.Comma(int64(n))
	if n >= maxCount {
		count += "+"
	}
	h.find.msg = fmt.Sprintf("at %s (%s in the file)", model.Hex(at), count)
	ctx.NewActionWithValue(ActSelectBytes, model.ByteRange{Off: at, Size: int64(len(pat)), Path: "found " + model.Shown(quoteFind(h.find.kind, h.find.text))})
}

func quoteFind(k model.SearchKind, s string) string {
	if k == model.SearchHex {
		return s
	}
	return strconv.Quote(s)
}

// Drag selection: mousedown on a byte sets the anchor, moving over bytes
// with the button held stretches the range, and releasing selects it.
// Shift+click stretches the selection to the clicked byte.

// byteOffset returns the offset of the byte under the pointer. The rows are
// drawn as runs of bytes that share their classes (rowsHTML), each carrying
// its first offset and its length; a run's bytes are all as wide, so the
// byte is found from where the pointer is along the run.
func byteOffset(e app.Event) (int64, bool) {
	off, p, ok := byteUnder(e)
	return off + int64(p.at), ok
}

// runPlace is where in its run the byte under the pointer is: its index,
// the run's length, and the run's box.
type runPlace struct {
	at, n int
	box   app.Value
}

func byteUnder(e app.Event) (int64, runPlace, bool) {
	t := e.Get("target")
	if !t.Truthy() || t.Get("nodeType").Int() != 1 {
		return 0, runPlace{}, false
	}
	s := t.Call("getAttribute", "data-off")
	if !s.Truthy() {
		return 0, runPlace{}, false
	}
	off, err := strconv.ParseInt(s.String(), 10, 64)
	if err != nil {
		return 0, runPlace{}, false
	}
	p := runPlace{n: 1}
	if ns := t.Call("getAttribute", "data-n"); ns.Truthy() {
		if n, err := strconv.Atoi(ns.String()); err == nil && n > 1 {
			p.n = n
		}
	}
	p.box = t.Call("getBoundingClientRect")
	if w := p.box.Get("width").Float(); p.n > 1 && w > 0 {
		x := e.Get("clientX").Float() - p.box.Get("left").Float()
		p.at = min(max(0, int(x*float64(p.n)/w)), p.n-1)
	}
	return off, p, true
}

func (h *HexView) onMouseDown(ctx app.Context, e app.Event) {
	h.skipClick = false // a new press: whatever the last drag did not click is gone
	off, ok := byteOffset(e)
	if !ok || h.ClickAct != "" || e.Get("button").Int() != 0 || e.Get("shiftKey").Bool() {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault() // no text selection while dragging
	h.drag = dragState{on: true, anchor: off, to: off}
	ctx.PreventUpdate()
}

// onMouseMove outlines the byte under the pointer, gives its run that
// byte's hover text, and stretches a drag.
func (h *HexView) onMouseMove(ctx app.Context, e app.Event) {
	start, p, ok := byteUnder(e)
	off := start + int64(p.at)
	// A redraw replaces the runs (and drops their titles): a new element
	// is a new hover even over the same byte.
	if t := e.Get("target"); ok && h.Model != nil && (off != h.hovered.off || h.hovered.run == nil || !t.Equal(h.hovered.run)) {
		h.hovered = hoverState{off: off, run: t}
		t.Set("title", h.titleOf(off))
		h.outline(p)
	}
	if !h.drag.on {
		ctx.PreventUpdate()
		return
	}
	if e.Get("buttons").Int()&1 == 0 { // released outside the rows
		h.endDrag(ctx)
		return
	}
	if !ok || off == h.drag.to {
		ctx.PreventUpdate()
		return
	}
	h.drag.to, h.drag.moved = off, true
}

// outline moves the hover box over one byte of a run: the rows are drawn
// per run, so a byte has no element of its own to outline.
func (h *HexView) outline(p runPlace) {
	hover := app.Window().GetElementByID(h.id("hover"))
	rows := app.Window().GetElementByID(h.id("rows"))
	if !hover.Truthy() || !rows.Truthy() || !p.box.Truthy() {
		return
	}
	in := rows.Call("getBoundingClientRect")
	w := p.box.Get("width").Float() / float64(p.n)
	hover.Set("style", fmt.Sprintf("display:block;left:%.1fpx;top:%.1fpx;width:%.1fpx;height:%.1fpx",
		p.box.Get("left").Float()-in.Get("left").Float()+w*float64(p.at), p.box.Get("top").Float()-in.Get("top").Float(), w, p.box.Get("height").Float()))
}

// hoverState is the byte the hover box outlines, and the run it is in.
type hoverState struct {
	off int64
	run app.Value
}

// onMouseLeave hides the hover box.
func (h *HexView) onMouseLeave(ctx app.Context, e app.Event) {
	h.hideHover()
	ctx.PreventUpdate()
}

// hideHover hides the hover box: the pointer left, or the rows moved under it.
func (h *HexView) hideHover() {
	h.hovered = hoverState{}
	if hover := app.Window().GetElementByID(h.id("hover")); hover.Truthy() {
		hover.Set("style", "")
	}
}

func (h *HexView) onMouseUp(ctx app.Context, e app.Event) {
	if !h.drag.on {
		ctx.PreventUpdate()
		return
	}
	if off, ok := byteOffset(e); ok {
		h.drag.to = off
		h.drag.moved = h.drag.moved || off != h.drag.anchor
	}
	h.endDrag(ctx)
}

func (h *HexView) endDrag(ctx app.Context) {
	d := h.drag
	h.drag = dragState{}
	if !d.moved {
		return // a click: onClick selects the field
	}
	h.skipClick = true
	lo, hi := min(d.anchor, d.to), max(d.anchor, d.to)
	ctx.NewActionWithValue(ActSelectBytes, model.ByteRange{Off: lo, Size: hi - lo + 1, Path: "selection"})
}

// extendTo selects from the selection's start (or end, when off is before
// it) to the byte at off.
func (h *HexView) extendTo(ctx app.Context, off int64) {
	lo, hi := h.Sel.Off, h.Sel.End()-1
	if h.Sel.Size <= 0 {
		lo, hi = off, off
	}
	if off < lo {
		lo = off
	} else {
		hi = max(hi, off)
		if off < hi { // inside: shrink to it
			hi = off
		}
	}
	ctx.NewActionWithValue(ActSelectBytes, model.ByteRange{Off: lo, Size: hi - lo + 1, Path: "selection"})
}

// dragState is a drag in progress.
type dragState struct {
	on, moved  bool
	anchor, to int64
}

// inDrag reports whether off is inside the range being dragged.
func (h *HexView) inDrag(off int64) bool {
	return h.drag.moved && off >= min(h.drag.anchor, h.drag.to) && off <= max(h.drag.anchor, h.drag.to)
}

// selectionStatus says what is selected: where, how many bytes, and which
// fields the bytes cover (the first few by name).
func (h *HexView) selectionStatus() string {
	s := h.Sel
	if h.Model == nil || s.Size <= 0 {
		return ""
	}
	text := fmt.Sprintf("selected %s–%s, %s", model.Hex(s.Off), model.Hex(s.End()-1), plural2(s.Size, "byte"))
	names, n := h.Model.Spans.Fields(s.Off, s.Size, 3)
	switch {
	case n == 1:
		text += ": " + model.Shown(names[0])
	case n > 1:
		text += fmt.Sprintf(", %d fields: %s", n, model.Shown(strings.Join(names, ", ")))
		if n > len(names) {
			text += ", …"
		}
	}
	return text
}

// DataInspector reads the bytes at the cursor as every type a field may
// have (little-endian, as the container format is); a row selects the bytes
// it read.
type DataInspector struct {
	app.Compo
	Data []byte
	Off  int64
}

// Render draws one row per type.
func (d *DataInspector) Render() app.UI {
	if d.Off < 0 || d.Off >= int64(len(d.Data)) {
		return app.Elem("div").ID("data-inspector").Class("data-inspector empty")
	}
	rows := model.Inspect(d.Data, d.Off)
	return app.Elem("details").ID("data-inspector").Class("data-inspector").Attr("open", true).Body(
		app.Elem("summary").Text("Data at "+model.Hex(d.Off)+" (little-endian)"),
		app.Elem("table").Class("sig-table inspector-table").Body(
			app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI {
				r := rows[i]
				v := r.Value
				if v == "" {
					v = "— (past the end)"
				}
				tr := app.Elem("tr").DataSet("type", r.Type).Body(app.Elem("th").Text(r.Type), app.Elem("td").Class("inspector-value").Text(v))
				if r.Value == "" {
					return tr
				}
				br := model.ByteRange{Off: d.Off, Size: int64(r.Size), Path: r.Type + " at " + model.Hex(d.Off)}
				return tr.Class("inspector-row").Title(fmt.Sprintf("select the %s read here", plural2(int64(r.Size), "byte"))).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, br) }, app.EventScope(r.Type))
			})),
		),
	)
}
