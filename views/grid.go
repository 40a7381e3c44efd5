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
}

func (g *DependencyGrid) cell() int {
	if len(g.Data.Cols) > 48 || len(g.Data.Rows) > 48 {
		return 8
	}
	return 14
}

// OnInit starts with nothing hovered.
func (g *DependencyGrid) OnInit() { g.hr, g.hc, g.fr, g.fc = -1, -1, 0, 0 }

// OnUpdate clears the hover when the data changes.
func (g *DependencyGrid) OnUpdate(ctx app.Context) { g.hr, g.hc = -1, -1 }

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
		return app.Div().Class("special grid empty")
	}
	cs := g.cell()
	w, h := cs*len(d.Cols), cs*len(d.Rows)
	sentence := "Hover or focus a cell (arrow keys) to read it."
	if g.hr >= 0 {
		sentence = d.Describe(g.hr, g.hc)
	}
	count := 0
	for _, row := range d.Cells {
		for _, v := range row {
			if v {
				count++
			}
		}
	}
	return app.Div().Class("special grid").Body(
		app.H3().Text(d.Title),
		app.P().Class("grid-meta").Text(fmt.Sprintf("%d rows × %d columns, %d set", len(d.Rows), len(d.Cols), count)),
		app.P().Class("grid-sentence").Aria("live", "polite").Text(sentence),
		app.Div().Class("grid-scroll").TabIndex(0).Aria("label", d.Title).
			OnKeyDown(g.onKey).OnFocus(g.onFocus).Body(
			app.Div().Class("grid-table").
				Style("grid-template-columns", fmt.Sprintf("max-content %dpx", w)).
				Style("--cell", fmt.Sprintf("%dpx", cs)).Body(
				app.Div().Class("grid-corner"),
				app.Div().Class("grid-cols").Style("width", fmt.Sprintf("%dpx", w)).Body(
					app.Range(d.Cols).Slice(func(c int) app.UI {
						cls := "grid-col"
						if c == g.hc {
							cls += " hl"
						}
						return app.Div().Class(cls).Style("width", fmt.Sprintf("%dpx", cs)).Title(d.Cols[c]).Text(d.Cols[c])
					}),
				),
				app.Div().Class("grid-rows").Body(
					app.Range(d.Rows).Slice(func(r int) app.UI {
						cls := "grid-row"
						if r == g.hr {
							cls += " hl"
						}
						return app.Div().Class(cls).Style("height", fmt.Sprintf("%dpx", cs)).Text(d.Rows[r])
					}),
				),
				app.Div().Class("grid-cells").Style("width", fmt.Sprintf("%dpx", w)).Style("height", fmt.Sprintf("%dpx", h)).
					OnMouseMove(g.onMove).OnMouseLeave(g.onLeave).Body(
					app.Raw(g.svg(cs, w, h)),
					app.If(g.hr >= 0, func() app.UI {
						return app.Div().Class("grid-band").Style("top", fmt.Sprintf("%dpx", g.hr*cs)).Style("height", fmt.Sprintf("%dpx", cs)).Style("width", "100%")
					}),
					app.If(g.hc >= 0, func() app.UI {
						return app.Div().Class("grid-band").Style("left", fmt.Sprintf("%dpx", g.hc*cs)).Style("width", fmt.Sprintf("%dpx", cs)).Style("height", "100%")
					}),
					app.If(g.hr >= 0 && g.hc >= 0, func() app.UI {
						return app.Div().Class("grid-focus").Style("top", fmt.Sprintf("%dpx", g.hr*cs)).Style("left", fmt.Sprintf("%dpx", g.hc*cs)).
							Style("width", fmt.Sprintf("%dpx", cs)).Style("height", fmt.Sprintf("%dpx", cs))
					}),
				),
			),
		),
	)
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
