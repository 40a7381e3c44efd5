package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The source view's actions and commands.
const (
	ActSelectSource = "dx-select-source" // value: model.SourceLine; select the line and the instructions it made
	ActRevealSource = "dx-reveal-source" // the source pane brings the selected line into view
)

// SourcePane shows the source files behind the code, one at a time, a
// line each (only the lines near the scrolled window are drawn, like the
// code views). Lines that made no code are dimmed; the selected line is
// marked; a click selects a line, and with it its instructions. A file
// whose text the container does not hold shows the numbers of its lines
// that made code.
type SourcePane struct {
	app.Compo
	Data     *model.SourceView
	Selected model.SourceLine

	file    int // the file shown
	win     lineWindow
	seen    *model.SourceView
	seenSel model.SourceLine
}

// OnMount takes the page's requests to show the selected line.
func (p *SourcePane) OnMount(ctx app.Context) {
	p.OnUpdate(ctx)
	ctx.Handle(ActRevealSource, func(ctx app.Context, a app.Action) {
		if p.Data == nil || !p.Selected.Valid() {
			ctx.PreventUpdate()
			return
		}
		p.file = p.Selected.File
		p.reveal(ctx, p.rowOf(p.Selected.Line))
	})
}

// OnUpdate shows the file of a newly selected line.
func (p *SourcePane) OnUpdate(ctx app.Context) {
	if p.Data != p.seen {
		p.seen, p.file, p.win = p.Data, p.firstFile(), lineWindow{}
	}
	if p.Selected != p.seenSel {
		p.seenSel = p.Selected
		if p.Selected.Valid() && p.Data != nil && p.Selected.File < len(p.Data.Files) {
			p.file = p.Selected.File
		}
	}
}

// firstFile is the file of the first instruction (the entry point's file),
// else the first.
func (p *SourcePane) firstFile() int {
	if p.Data != nil && len(p.Data.Insts) > 0 {
		return p.Data.Insts[0].Line.File
	}
	return 0
}

// rows is how many rows the file shown has: its lines, or without its text
// the lines that made code.
func (p *SourcePane) rows() int {
	f := p.Data.Files[p.file]
	if f.HasText {
		return len(f.Lines)
	}
	return len(f.CodeLines)
}

// lineAt is the line number of row r.
func (p *SourcePane) lineAt(r int) uint32 {
	if f := p.Data.Files[p.file]; !f.HasText {
		return f.CodeLines[r]
	}
	return uint32(r + 1)
}

// rowOf is the row of line n (-1: not shown).
func (p *SourcePane) rowOf(n uint32) int {
	f := p.Data.Files[p.file]
	if f.HasText {
		if int(n) <= len(f.Lines) {
			return int(n) - 1
		}
		return -1
	}
	for r, l := range f.CodeLines {
		if l == n {
			return r
		}
	}
	return -1
}

func (p *SourcePane) reveal(ctx app.Context, r int) {
	if r < 0 {
		return
	}
	// The box onto the screen only when none of it is there: the code's
	// selected line, above it in a narrow pane, keeps its place.
	p.win.reveal(ctx, "source-lines", r, false)
}

// onClick selects the line clicked (delegated: the lines are HTML).
func (p *SourcePane) onClick(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	_, _, s, ok := clickedData(e, "src")
	if !ok {
		return
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil || n == 0 {
		return
	}
	ctx.NewActionWithValue(ActSelectSource, model.SourceLine{File: p.file, Line: uint32(n)})
}

// Render draws the file tabs and the window of lines.
func (p *SourcePane) Render() app.UI {
	if p.Data == nil || len(p.Data.Files) == 0 {
		return app.Elem("div").Class("source-pane empty")
	}
	p.file = min(max(p.file, 0), len(p.Data.Files)-1)
	f := p.Data.Files[p.file]
	about := fmt.Sprintf("%d lines · from %s", len(f.Lines), f.From)
	if !f.HasText {
		about = "the text of this file is not in the container: the debug information names its lines only"
	}
	return app.Elem("section").ID("source-pane").Class("source-pane").Aria("label", "source").Body(
		app.Elem("h3").Text("Source"),
		app.Elem("div").Class("source-files").Role("tablist").Body(
			app.Range(p.Data.Files).Slice(func(i int) app.UI {
				sf := p.Data.Files[i]
				label := fileBase(sf.Name)
				if !sf.HasText {
					label += " (no text)"
				}
				return app.Elem("button").ID(fmt.Sprintf("src-file-%d", i)).Class("source-file").Role("tab").
					Aria("selected", i == p.file).Title(model.Shown(sf.Name)).Text(label).
					OnClick(func(ctx app.Context, e app.Event) { p.file, p.win = i, lineWindow{} }, app.EventScope(strconv.Itoa(i)))
			}),
		),
		app.Elem("p").ID("source-about").Class("source-about").Title(model.Shown(f.Name)).Text(about),
		app.Range(p.Data.Problems).Slice(func(i int) app.UI {
			return app.Elem("p").Class("source-about source-problem").Text(p.Data.Problems[i])
		}),
		app.Elem("div").ID("source-lines").Class("code-box code-lines source-lines").On("scroll", p.win.onScroll).OnClick(p.onClick).Body(
			p.win.lines(p.rows(), p.linesHTML)...,
		),
	)
}

// linesHTML writes rows [from, to) as HTML, the text escaped.
func (p *SourcePane) linesHTML(from, to int) string {
	f := p.Data.Files[p.file]
	var b strings.Builder
	b.Grow((to - from) * 80)
	b.WriteString(`<div class="code-window">`)
	for r := from; r < to; r++ {
		n := p.lineAt(r)
		l := model.SourceLine{File: p.file, Line: n}
		cls := "listing-line src-line"
		code := p.Data.HasCode(l)
		if !code {
			cls += " no-code"
		}
		if l == p.Selected {
			cls += " selected"
		}
		num := strconv.FormatUint(uint64(n), 10)
		b.WriteString(`<div class="` + cls + `" id="src-line-` + num + `" data-src="` + num + `"`)
		if code {
			k := p.Data.CodeCount(l)
			b.WriteString(` title="line ` + num + `: ` + strconv.Itoa(k) + ` ` + plural(k, "instruction") + `; click to select them"`)
		}
		b.WriteString(`><span class="src-num">` + num + `</span>`)
		if f.HasText {
			b.WriteString(escapeHTML(model.Shown(strings.ReplaceAll(f.Lines[n-1], "\t", "    "))))
		} else {
			b.WriteString(`<span class="src-missing">(text not in the container)</span>`)
		}
		b.WriteString("</div>")
	}
	b.WriteString("</div>")
	return b.String()
}

// fileBase is the last element of a path with either separator.
func fileBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 && i+1 < len(p) {
		return model.Shown(p[i+1:])
	}
	return model.Shown(p)
}

// VariableList lists a shader's debug variables (name, type, the register
// or value holding it, its function); a row selects the instruction that
// defines the variable.
type VariableList struct {
	app.Compo
	Rows []model.VariableRow

	page pageWindow
}

// OnMount and OnUpdate start new rows at their first page.
func (t *VariableList) OnMount(ctx app.Context)  { followRows(&t.page, t.Rows) }
func (t *VariableList) OnUpdate(ctx app.Context) { followRows(&t.page, t.Rows) }

// Render draws a page of the variables.
func (t *VariableList) Render() app.UI {
	if len(t.Rows) == 0 {
		return app.Elem("section").ID("variables").Class("variables empty").Body(
			app.Elem("h3").Text("Variables"), app.Elem("p").Class("about").Text("The debug information lists no variables."))
	}
	first, end := t.page.bounds(len(t.Rows))
	return app.Elem("section").ID("variables").Class("variables").Aria("label", "debug variables").Body(
		app.Elem("h3").Text(fmt.Sprintf("Variables (%d)", len(t.Rows))),
		app.Elem("div").Class("table-wrap").Body(
			t.page.bar("variables-pager", "variables", len(t.Rows)),
			app.Elem("table").ID("variable-table").Class("sig-table variable-table").Body(
				app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("name"), app.Elem("th").Text("type"), app.Elem("th").Text("in"), app.Elem("th").Text("function"))),
				app.Elem("tbody").Body(app.Range(t.Rows[first:end]).Slice(func(k int) app.UI {
					i := first + k
					r := t.Rows[i]
					name := model.Shown(r.Name)
					if r.Parameter {
						name += " (parameter)"
					}
					cells := []app.UI{app.Elem("td").Class("var-name").Text(name), app.Elem("td").Text(model.Shown(r.Type)),
						app.Elem("td").Class("var-loc").Text(model.Shown(r.Location)), app.Elem("td").Text(model.Shown(r.Function))}
					row := app.Elem("tr").ID(fmt.Sprintf("var-%d", i)).Class("variable-row")
					if r.Def.Size <= 0 {
						return row.Body(cells...)
					}
					def := r.Def
					return row.Class("clickable").Title(model.Shown(r.DefText)+": click to select it").
						On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, def) }, app.EventScope(strconv.Itoa(i))).
						Body(cells...)
				})),
			),
		),
	)
}

// SourceBeside is the code of the part the debug information maps, with
// the source pane and the variables beside it.
type SourceBeside struct {
	app.Compo
	Code     []app.UI
	Data     *model.SourceView
	Selected model.SourceLine
}

// Render draws the code and, beside it, the source and the variables.
func (s *SourceBeside) Render() app.UI {
	return app.Elem("div").ID("code-source").Class("code-source").Body(
		app.Elem("div").Class("code-side").Body(s.Code...),
		app.Elem("div").Class("source-side").Body(
			&SourcePane{Data: s.Data, Selected: s.Selected},
			&VariableList{Rows: s.Data.Variables},
		),
	)
}

// maxLineCode bounds the instructions LineCodeList draws for one line.
const maxLineCode = 200

// LineCodeList shows, in the meaning pane, what the selected source line
// produced: every instruction with its offset and text, the selected one
// marked, each a click from its bytes.
type LineCodeList struct {
	app.Compo
	Code model.LineCode
	Sel  model.Span
}

// Render draws the list.
func (l *LineCodeList) Render() app.UI {
	c := l.Code
	items := make([]app.UI, 0, min(len(c.Insts), maxLineCode)+1)
	for i, r := range c.Insts {
		if i == maxLineCode {
			items = append(items, app.Elem("li").Class("muted").Text(fmt.Sprintf("… %d more", len(c.Insts)-i)))
			break
		}
		cls := "link line-code-inst"
		if r.Off == l.Sel.Off && r.Size == l.Sel.Size {
			cls += " selected"
		}
		items = append(items, app.Elem("li").Body(app.Elem("button").Class(cls).
			Title(fmt.Sprintf("select its %s", plural2(r.Size, "byte"))).
			Body(app.Elem("span").Class("line-code-off").Text(model.Hex(r.Off)), app.Text(" "), app.Elem("code").Text(model.Cut(r.Text))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, r) })))
	}
	body := []app.UI{app.Elem("h3").Title(model.Shown(c.Where)).Text(fmt.Sprintf("Source line %s made %s", model.Shown(fileBase(c.Where)), plural2(int64(len(c.Insts)), "instruction")))}
	if c.Text != "" {
		body = append(body, app.Elem("p").Class("line-code-text").Body(app.Elem("code").Text(model.Cut(c.Text))))
	}
	body = append(body, app.Elem("ol").ID("line-code-list").Class("line-code-list").Body(items...))
	return app.Elem("section").ID("line-code").Class("line-code").Body(body...)
}
