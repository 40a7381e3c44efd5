package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DependencyGrid draws a GridData compactly: sticky labels, one SVG for the
// cells (so 128×128 components stay light), the hovered or focused row and
// column highlighted and described in a sentence. Arrow keys move the focus.
type DependencyGrid struct {
	app.Compo
	Data *model.GridData

	hr, hc int // hovered or focused cell, -1 for none
	fr, fc int // keyboard focus
	init   bool

	// What a hover does not change, made once per grid: the cells as SVG
	// (or, for a big grid, as an image drawn on a canvas) and their count.
	madeFor *model.GridData
	svgText string
	set     int
	drawn   *model.GridData // the data on the canvas
}

var gridIDs int

func (g *DependencyGrid) cell() int {
	switch {
	case g.Data.Big():
		return 2 // a pixel per cell, doubled; hover names the cell
	case len(g.Data.Cols) > 48 || len(g.Data.Rows) > 48:
		return 8
	}
	return 14
}

// made returns the grid's SVG (empty for a big grid) and set-cell count.
func (g *DependencyGrid) made() (string, int) {
	if g.madeFor != g.Data {
		g.madeFor = g.Data
		g.set = g.Data.SetCount()
		g.svgText = ""
		if !g.Data.Big() {
			cs := g.cell()
			g.svgText = g.svg(cs, cs*len(g.Data.Cols), cs*len(g.Data.Rows))
		}
	}
	return g.svgText, g.set
}

func (g *DependencyGrid) canvasID() string { return fmt.Sprintf("grid-canvas-%p", g) }

// OnMount draws a big grid's image once its canvas exists.
func (g *DependencyGrid) OnMount(ctx app.Context) { g.drawn = nil; g.drawLater(ctx) }

func (g *DependencyGrid) drawLater(ctx app.Context) {
	if g.Data == nil || !g.Data.Big() || g.drawn == g.Data {
		return
	}
	ctx.Defer(func(app.Context) { g.draw() })
}

// draw puts one pixel per cell on the canvas (set cells opaque), scaled up
// by CSS without smoothing: a million cells are one image, not a million
// elements or path commands.
func (g *DependencyGrid) draw() {
	el := app.Window().GetElementByID(g.canvasID())
	if !el.Truthy() {
		return
	}
	d := g.Data
	w, h := len(d.Cols), len(d.Rows)
	c2d := el.Call("getContext", "2d")
	img := c2d.Call("createImageData", w, h)
	px := make([]byte, w*h*4)
	for r, row := range d.Cells {
		for c, v := range row {
			if v && r < h && c < w {
				i := (r*w + c) * 4
				px[i], px[i+1], px[i+2], px[i+3] = 0x3d, 0x8b, 0xfd, 0xff
			}
		}
	}
	app.CopyBytesToJS(app.Window().Get("Uint8Array").New(img.Get("data").Get("buffer")), px)
	c2d.Call("putImageData", img, 0, 0)
	g.drawn = d
}

// OnInit starts with nothing hovered.
func (g *DependencyGrid) OnInit() { g.hr, g.hc, g.fr, g.fc = -1, -1, 0, 0 }

// OnUpdate clears the hover when the data changes.
func (g *DependencyGrid) OnUpdate(ctx app.Context) { g.hr, g.hc = -1, -1; g.drawLater(ctx) }

func (g *DependencyGrid) onMove(ctx app.Context, e app.Event) {
	rect := ctx.JSSrc().Call("getBoundingClientRect")
	x := e.Get("clientX").Float() - rect.Get("left").Float()
	y := e.Get("clientY").Float() - rect.Get("top").Float()
	cs := float64(g.cell())
	r, c := int(y/cs), int(x/cs)
	if r < 0 || r >= len(g.Data.Rows) || c < 0 || c >= len(g.Data.Cols) {
		r, c = -1, -1
	}
	if r == g.hr && c == g.hc {
		ctx.PreventUpdate()
		return
	}
	g.hr, g.hc = r, c
}

func (g *DependencyGrid) onLeave(ctx app.Context, e app.Event) { g.hr, g.hc = -1, -1 }

// onClick selects the byte holding the clicked cell's bit.
func (g *DependencyGrid) onClick(ctx app.Context, e app.Event) {
	g.onMove(ctx, e)
	g.selectBit(ctx, g.hr, g.hc)
}

func (g *DependencyGrid) selectBit(ctx app.Context, r, c int) {
	if br, ok := g.Data.Bit(r, c); ok {
		ctx.NewActionWithValue(ActSelectBytes, br)
	}
}

func (g *DependencyGrid) onKey(ctx app.Context, e app.Event) {
	nr, nc := len(g.Data.Rows), len(g.Data.Cols)
	switch e.Get("key").String() {
	case "ArrowUp":
		g.fr = max(0, g.fr-1)
	case "ArrowDown":
		g.fr = min(nr-1, g.fr+1)
	case "ArrowLeft":
		g.fc = max(0, g.fc-1)
	case "ArrowRight":
		g.fc = min(nc-1, g.fc+1)
	case "Home":
		g.fc = 0
	case "End":
		g.fc = nc - 1
	case "Enter", " ":
		g.selectBit(ctx, g.fr, g.fc)
	default:
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation")
	g.hr, g.hc = g.fr, g.fc
}

func (g *DependencyGrid) onFocus(ctx app.Context, e app.Event) {
	if g.hr < 0 {
		g.hr, g.hc = g.fr, g.fc
	}
}

// Render draws labels, cells and the sentence.
func (g *DependencyGrid) Render() app.UI {
	d := g.Data
	if d == nil || len(d.Rows) == 0 || len(d.Cols) == 0 {
		return app.Elem("div").Class("special grid empty")
	}
	cs := g.cell()
	w, h := cs*len(d.Cols), cs*len(d.Rows)
	sentence := "Hover or focus a cell (arrow keys) to read it; click it (or Enter) to see its bit's byte."
	if g.hr >= 0 {
		sentence = d.Describe(g.hr, g.hc)
	}
	svg, count := g.made()
	meta := fmt.Sprintf("%d rows × %d columns, %d set", len(d.Rows), len(d.Cols), count)
	if d.Big() {
		meta += ": more than a legal PSV0 describes, drawn as an image (2 px per cell); hover or use the arrow keys to read a cell"
	}
	return app.Elem("div").Class("special grid").Body(
		app.Elem("h3").Text(d.Title),
		app.Elem("p").Class("grid-meta").Text(meta),
		app.Elem("p").Class("grid-sentence").Aria("live", "polite").Title(sentence).Text(sentence),
		app.Elem("div").Class("grid-scroll").TabIndex(0).Aria("label", d.Title).
			OnKeyDown(g.onKey).OnFocus(g.onFocus).Body(
			app.Elem("div").Class("grid-table").
				Style("grid-template-columns", fmt.Sprintf("max-content %dpx", w)).
				Style("--cell", fmt.Sprintf("%dpx", cs)).Body(
				app.Elem("div").Class("grid-corner"),
				app.Elem("div").Class("grid-cols").Style("width", fmt.Sprintf("%dpx", w)).Body(
					app.Range(g.labels(d.Cols)).Slice(func(c int) app.UI {
						cls := "grid-col"
						if c == g.hc {
							cls += " hl"
						}
						return app.Elem("div").Class(cls).Style("width", fmt.Sprintf("%dpx", cs)).Title(d.ColTitle(c)).Text(d.Cols[c])
					}),
				),
				app.Elem("div").Class("grid-rows").Body(
					app.Range(g.labels(d.Rows)).Slice(func(r int) app.UI {
						cls := "grid-row"
						if r == g.hr {
							cls += " hl"
						}
						return app.Elem("div").Class(cls).Style("height", fmt.Sprintf("%dpx", cs)).Title(d.RowTitle(r)).Text(d.Rows[r])
					}),
				),
				app.Elem("div").Class("grid-cells").Style("width", fmt.Sprintf("%dpx", w)).Style("height", fmt.Sprintf("%dpx", h)).
					OnMouseMove(g.onMove).OnMouseLeave(g.onLeave).OnClick(g.onClick).Body(
					app.If(!d.Big(), func() app.UI { return app.Raw(svg) }).Else(func() app.UI {
						return app.Elem("canvas").ID(g.canvasID()).Class("grid-canvas").Attr("width", len(d.Cols)).Attr("height", len(d.Rows)).
							Style("width", fmt.Sprintf("%dpx", w)).Style("height", fmt.Sprintf("%dpx", h))
					}),
					app.If(g.hr >= 0, func() app.UI {
						return app.Elem("div").Class("grid-band").Style("top", fmt.Sprintf("%dpx", g.hr*cs)).Style("height", fmt.Sprintf("%dpx", cs)).Style("width", "100%")
					}),
					app.If(g.hc >= 0, func() app.UI {
						return app.Elem("div").Class("grid-band").Style("left", fmt.Sprintf("%dpx", g.hc*cs)).Style("width", fmt.Sprintf("%dpx", cs)).Style("height", "100%")
					}),
					app.If(g.hr >= 0 && g.hc >= 0, func() app.UI {
						return app.Elem("div").Class("grid-focus").Style("top", fmt.Sprintf("%dpx", g.hr*cs)).Style("left", fmt.Sprintf("%dpx", g.hc*cs)).
							Style("width", fmt.Sprintf("%dpx", cs)).Style("height", fmt.Sprintf("%dpx", cs))
					}),
				),
			),
		),
	)
}

// labels are the row or column labels drawn beside the cells: none for a
// big grid, whose 2-pixel rows no text fits (the sentence names the cell).
func (g *DependencyGrid) labels(l []string) []string {
	if g.Data.Big() {
		return nil
	}
	return l
}

// svg draws the set cells and a line every four cells (one vector).
func (g *DependencyGrid) svg(cs, w, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="grid-svg" width="%d" height="%d" viewBox="0 0 %d %d" aria-hidden="true">`, w, h, w, h)
	b.WriteString(`<path class="grid-lines" d="`)
	for c := 4; c < len(g.Data.Cols); c += 4 {
		fmt.Fprintf(&b, "M%d 0V%d", c*cs, h)
	}
	for r := 4; r < len(g.Data.Rows); r += 4 {
		fmt.Fprintf(&b, "M0 %dH%d", r*cs, w)
	}
	b.WriteString(`"/><path class="grid-on" d="`)
	for r, row := range g.Data.Cells {
		for c, v := range row {
			if v {
				fmt.Fprintf(&b, "M%d %dh%dv%dh-%dz", c*cs+1, r*cs+1, cs-2, cs-2, cs-2)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

// ---- PSV0 dependency tables from the part's tree ----
