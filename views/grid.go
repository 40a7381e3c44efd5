package views

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// GridData is a dependency matrix as the grid draws it: Cells[r][c] says
// row r affects column c. Sentence has two %s verbs (row label, column
// label), e.g. "input %s affects output %s"; NotSentence is used for cells
// that are not set.
type GridData struct {
	Title       string
	Rows        []string
	Cols        []string
	Cells       [][]bool
	Sentence    string
	NotSentence string
}

// Set reports whether cell (r, c) is set, false outside the matrix.
func (g *GridData) Set(r, c int) bool {
	return r >= 0 && r < len(g.Cells) && c >= 0 && c < len(g.Cells[r]) && g.Cells[r][c]
}

// Describe returns the sentence for one cell.
func (g *GridData) Describe(r, c int) string {
	if r < 0 || r >= len(g.Rows) || c < 0 || c >= len(g.Cols) {
		return ""
	}
	if g.Set(r, c) {
		return fmt.Sprintf(g.Sentence, g.Rows[r], g.Cols[c])
	}
	ns := g.NotSentence
	if ns == "" {
		ns = "%s does not affect %s"
	}
	return fmt.Sprintf(ns, g.Rows[r], g.Cols[c])
}

// DependencyGrid draws a GridData compactly: sticky labels, one SVG for the
// cells (so 128×128 components stay light), the hovered or focused row and
// column highlighted and described in a sentence. Arrow keys move the focus.
type DependencyGrid struct {
	app.Compo
	Data *GridData

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

// maskDwords is how many 32-bit words a mask over vectors×4 components takes.
func maskDwords(vectors int) int { return (vectors + 7) >> 3 }

// componentLabels names each of vectors×4 components from signature
// elements ("TEXCOORD0.y"), falling back to prefix+row ("v3.y").
func componentLabels(elements *Node, vectors int, prefix string) []string {
	labels := make([]string, vectors*4)
	for i := range labels {
		labels[i] = fmt.Sprintf("%s%d.%c", prefix, i/4, "xyzw"[i%4])
	}
	if elements == nil {
		return labels
	}
	for _, e := range elements.Children {
		if a := e.Child("Allocated"); a != nil && a.Text() == "false" {
			continue
		}
		name := e.Child("Name").Text()
		if name == "" {
			if k := enumText(e, "Kind"); k != "" && k != "Arbitrary" {
				name = "SV_" + k
			}
		}
		startRow, _ := e.Child("StartRow").Int()
		startCol, _ := e.Child("StartCol").Int()
		cols, _ := e.Child("Cols").Int()
		idx := e.Child("Indices")
		rows := 1
		if idx != nil && len(idx.Children) > 0 {
			rows = len(idx.Children)
		} else if v, ok := e.Child("Rows").Int(); ok {
			rows = int(v)
		}
		for r := 0; r < rows; r++ {
			si := int64(r)
			if idx != nil && r < len(idx.Children) {
				si, _ = idx.Children[r].Int()
			}
			for c := startCol; c < startCol+cols && c < 4; c++ {
				k := (int(startRow)+r)*4 + int(c)
				if k >= 0 && k < len(labels) {
					labels[k] = fmt.Sprintf("%s%d.%c", name, si, "xyzw"[c])
				}
			}
		}
	}
	return labels
}

// ioGrid builds a grid from a dependency table: one mask of outVecs×4 bits
// per input component.
func ioGrid(title string, table *Node, inLabels, outLabels []string, sentence string) *GridData {
	if table == nil || len(inLabels) == 0 || len(outLabels) == 0 {
		return nil
	}
	words := make([]uint32, len(table.Children))
	for i, w := range table.Children {
		v, _ := w.Int()
		words[i] = uint32(v)
	}
	md := maskDwords(len(outLabels) / 4)
	g := &GridData{Title: title, Rows: inLabels, Cols: outLabels, Sentence: sentence,
		NotSentence: strings.Replace(sentence, " affects ", " does not affect ", 1)}
	g.Cells = make([][]bool, len(inLabels))
	for r := range g.Cells {
		g.Cells[r] = make([]bool, len(outLabels))
		for c := range outLabels {
			k := r*md + c>>5
			g.Cells[r][c] = k < len(words) && words[k]&(1<<(c&31)) != 0
		}
	}
	return g
}

// GridsFromPSV reads PSV0's input→output (and patch-constant) dependency
// tables from its tree, as obj2yaml names them (InputOutputMap, InputPatchMap,
// PatchOutputMap). It returns nothing while PSV0 is kept raw.
func GridsFromPSV(t *Tree) []*GridData {
	if t == nil {
		return nil
	}
	psv := t.Root.Child("PSVInfo")
	if psv == nil {
		return nil
	}
	inVec, _ := psv.Child("SigInputVectors").Int()
	var outVec [4]int
	if ov := psv.Child("SigOutputVectors"); ov != nil {
		for i, c := range ov.Children {
			if i < 4 {
				v, _ := c.Int()
				outVec[i] = int(v)
			}
		}
	}
	pcVec, ok := psv.Child("SigPatchConstOrPrimVectors").Int()
	if !ok {
		pcVec, _ = psv.Child("SigPrimVectors").Int() // mesh shaders
	}
	in := componentLabels(psv.Child("SigInputElements"), int(inVec), "v")
	pcEl := psv.Child("SigPatchOrPrimElements")
	if pcEl == nil {
		pcEl = psv.Child("SigPatchConstOrPrimElements")
	}
	var grids []*GridData
	pc := componentLabels(pcEl, int(pcVec), "p")
	// ViewID masks: one row, "does this output component depend on the view?"
	viewID := []string{"ViewID"}
	if m := psv.Child("OutputVectorMasks"); m != nil {
		for s, mask := range m.Children {
			if s >= 4 || outVec[s] == 0 || len(mask.Children) == 0 {
				continue
			}
			out := componentLabels(filterStream(psv.Child("SigOutputElements"), s), outVec[s], "o")
			title := "ViewID → outputs"
			if s > 0 {
				title += fmt.Sprintf(" (stream %d)", s)
			}
			if g := ioGrid(title, mask, viewID, out, "%s affects output %s"); g != nil {
				grids = append(grids, g)
			}
		}
	}
	if m := psv.Child("PatchOrPrimMasks"); m != nil && len(m.Children) > 0 && pcVec > 0 {
		if g := ioGrid("ViewID → patch constants / primitive outputs", m, viewID, pc, "%s affects %s"); g != nil {
			grids = append(grids, g)
		}
	}
	if m := psv.Child("InputOutputMap"); m != nil {
		for s, table := range m.Children {
			if s >= 4 || outVec[s] == 0 || len(table.Children) == 0 {
				continue
			}
			out := componentLabels(filterStream(psv.Child("SigOutputElements"), s), outVec[s], "o")
			title := "Inputs → outputs"
			if s > 0 {
				title += fmt.Sprintf(" (stream %d)", s)
			}
			if g := ioGrid(title, table, in, out, "input %s affects output %s"); g != nil {
				grids = append(grids, g)
			}
		}
	}
	if m := psv.Child("InputPatchMap"); m != nil && len(m.Children) > 0 {
		if g := ioGrid("Inputs → patch constants", m, in, pc, "input %s affects patch constant %s"); g != nil {
			grids = append(grids, g)
		}
	}
	if m := psv.Child("PatchOutputMap"); m != nil && len(m.Children) > 0 {
		out := componentLabels(psv.Child("SigOutputElements"), outVec[0], "o")
		if g := ioGrid("Patch constants → outputs", m, pc, out, "patch constant %s affects output %s"); g != nil {
			grids = append(grids, g)
		}
	}
	return grids
}

// filterStream keeps stream-s elements (all of them when no element has a
// Stream key), as a synthetic node.
func filterStream(elements *Node, s int) *Node {
	if elements == nil {
		return nil
	}
	out := &Node{Kind: KindArray}
	for _, e := range elements.Children {
		if v, ok := e.Child("Stream").Int(); ok && int(v) != s {
			continue
		}
		out.Children = append(out.Children, e)
	}
	return out
}
