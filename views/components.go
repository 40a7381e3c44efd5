package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SummaryBar shows the file at a glance: name, size, digest, stage and
// model, entry point and problem counts.
type SummaryBar struct {
	app.Compo
	Model *model.Model
}

// Render draws the bar.
func (s *SummaryBar) Render() app.UI {
	m := s.Model
	if m == nil {
		return app.Elem("div").Class("summary")
	}
	item := func(label, value, cls string) app.UI {
		return app.Elem("div").Class("sum-item "+cls).Body(
			app.Elem("span").Class("sum-label").Text(label),
			app.Elem("span").Class("sum-value").Text(value),
		)
	}
	items := []app.UI{
		app.Elem("div").Class("sum-item sum-name").Body(app.Elem("span").ID("file-name").Text(model.Shown(m.Name))),
		item("size", model.SizeText(int64(len(m.Data))), "sum-size"),
	}
	if m.File == nil {
		items = append(items, item("kind", "not a container", "sum-bad"))
		return app.Elem("div").Class("summary").Body(items...)
	}
	if m.Base > 0 {
		items = append(items, item("container at", model.Hex(m.Base), "sum-base"))
	}
	items = append(items, item("digest", m.Digest, "digest-"+m.Digest))
	if m.Profile != "" {
		items = append(items, item("stage", m.Stage+" "+m.Profile, "sum-stage"))
	}
	if m.Requires != "" {
		// First in the summary: what a device and runtime need to create it.
		items = append(items, app.Elem("div").Class("sum-item sum-requires").Title("Requirements: "+m.Requires).Body(
			app.Elem("span").Class("sum-label").Text("requires"),
			app.Elem("span").ID("requires").Class("sum-value").Text(model.Cut(m.Requires)),
		))
	}
	if m.Entry != "" {
		items = append(items, app.Elem("div").Class("sum-item sum-entry").Body(
			app.Elem("span").Class("sum-label").Text("entry"),
			app.Elem("span").ID("entry-name").Class("sum-value").Text(model.Shown(m.Entry)),
		))
	}
	items = append(items, app.Elem("div").Class("sum-item sum-problems").Body(
		app.Elem("span").Class("sum-label").Text("problems"),
		problemButtons(m.Errors, m.Warnings, m.Notes),
	))
	return app.Elem("div").Class("summary").Body(items...)
}

// ActShowProblems opens the problem list on the first problem of a
// severity (value: "error", "warning" or "note").
const ActShowProblems = "dx-show-problems"

// problemButtons are the summary's problem counts as buttons, each opening
// the list on the first problem of its severity.
func problemButtons(errors, warnings, notes int) app.UI {
	var b []app.UI
	for _, c := range []struct {
		n   int
		sev string
	}{{errors, "error"}, {warnings, "warning"}, {notes, "note"}} {
		sev := c.sev
		b = append(b, app.Elem("button").ID("show-"+sev+"s").Class("badge badge-"+sev).Attr("disabled", c.n == 0).
			Title(fmt.Sprintf("%d %s: show the first", c.n, plural(c.n, sev))).Text(fmt.Sprint(c.n, " ", plural(c.n, sev))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActShowProblems, sev) }))
	}
	return app.Elem("span").Class("badges").Body(b...)
}

// Badges renders problem counts by severity (nothing for zeros unless all is set).
func Badges(errors, warnings, notes int, all bool) app.UI {
	var b []app.UI
	add := func(n int, sev string) {
		if n > 0 || all {
			b = append(b, app.Elem("span").Class("badge badge-"+sev).Title(fmt.Sprintf("%d %s", n, plural(n, sev))).Text(fmt.Sprint(n, " ", plural(n, sev))))
		}
	}
	add(errors, "error")
	add(warnings, "warning")
	add(notes, "note")
	return app.Elem("span").Class("badges").Body(b...)
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// PartList lists the parts (the container header first) and reports the
// chosen one.
type PartList struct {
	app.Compo
	Parts    []*model.PartView
	Selected int
	// Removable puts a Remove button on each part (edit mode): it sends
	// ActEditRemove with the part's index.
	Removable bool

	page pageWindow
}

// OnMount and OnUpdate show the page of the list holding the selected part.
func (l *PartList) OnMount(ctx app.Context) { l.OnUpdate(ctx) }
func (l *PartList) OnUpdate(ctx app.Context) {
	followRows(&l.page, l.Parts)
	l.page.show(l.Selected)
}

// Render draws the page of the list holding the selected part.
func (l *PartList) Render() app.UI {
	first, end := l.page.bounds(len(l.Parts))
	return app.Elem("div").ID("part-list").Class("parts").Role("listbox").TabIndex(0).Aria("label", "parts").Body(
		l.page.bar("part-pager", "parts", len(l.Parts)),
		app.Range(l.Parts[first:end]).Slice(func(k int) app.UI {
			i := first + k
			pv := l.Parts[i]
			cls := "part"
			if i == l.Selected {
				cls += " selected"
			}
			return app.Elem("div").Class(cls).ID("part-"+fmt.Sprint(i)).Role("option").Aria("selected", i == l.Selected).
				DataSet("name", pv.Name).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectPart, i) }, app.EventScope(i)).Body(
				app.Elem("div").Class("part-head").Body(
					app.Elem("span").Class("part-name").Text(model.Shown(pv.Name)),
					app.Elem("span").Class("part-title").Text(pv.Title),
					Badges(pv.Errors, pv.Warnings, pv.Notes, false),
				),
				app.Elem("div").Class("part-meta").Body(
					app.Elem("span").Class("part-off").Text(model.Hex(pv.Offset)),
					app.Elem("span").Class("part-size").Text(model.SizeText(pv.Size)),
				),
				app.If(pv.Summary != "", func() app.UI { return app.Elem("div").Class("part-summary").Text(model.Shown(pv.Summary)) }),
				app.If(l.Removable && i > 0, func() app.UI {
					return app.Elem("button").ID("remove-part-"+fmt.Sprint(i)).Class("edit-btn remove-part").
						Text("Remove "+model.Shown(pv.Name)).Title(model.RemoveLesson(pv.Name)).
						OnClick(func(ctx app.Context, e app.Event) {
							e.StopImmediatePropagation()
							ctx.NewActionWithValue(ActEditRemove, i)
						}, app.EventScope(fmt.Sprintf("rm%d", i)))
				}),
			)
		}),
	)
}

// TreeView draws a decoded value as a collapsible tree. The inspector owns
// the open set (Rev changes whenever it does) and the selection.
type TreeView struct {
	app.Compo
	Tree     *model.Tree
	Part     int
	Open     map[int]bool
	Rev      int
	Selected int // node ID, -1 for none
}

// Render draws the visible rows.
func (v *TreeView) Render() app.UI {
	nodes := model.VisibleNodes(v.Tree, v.Open)
	return app.Elem("div").ID("tree").Class("tree").Role("tree").TabIndex(0).Aria("label", "decoded value").Body(
		app.If(v.Tree != nil && v.Tree.Truncated, func() app.UI {
			return app.Elem("div").Class("node nospan").Text(fmt.Sprintf("(only the first %d values are shown)", model.MaxNodes))
		}),
		app.Range(nodes).Slice(func(i int) app.UI {
			n := nodes[i]
			ref := NodeRef{v.Part, n.ID}
			container := n.Kind == model.KindObject || n.Kind == model.KindArray
			cls := "node kind-" + kindClass(n.Kind)
			if n.ID == v.Selected {
				cls += " selected"
			}
			if n.SpanPath == "" {
				cls += " nospan"
			}
			row := app.Elem("div").Class(cls).ID(fmt.Sprintf("node-%d", n.ID)).Role("treeitem").
				Aria("level", n.Depth+1).Aria("selected", n.ID == v.Selected).
				DataSet("path", n.JSONPath).
				Style("padding-left", fmt.Sprintf("%.1fem", 0.3+1.1*float64(n.Depth))).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectNode, ref) }, app.EventScope(v.Part, n.ID)) // scope: go-app keeps a row's old closure otherwise
			if container {
				row = row.Aria("expanded", v.Open[n.ID])
			}
			twisty := app.Elem("span").Class("twisty").Text(" ")
			if container && len(n.Children) > 0 {
				sym := "▸"
				if v.Open[n.ID] {
					sym = "▾"
				}
				twisty = app.Elem("span").Class("twisty").Text(sym).OnClick(func(ctx app.Context, e app.Event) {
					e.Call("stopPropagation")
					ctx.NewActionWithValue(ActToggleNode, ref)
				}, app.EventScope(v.Part, n.ID))
			}
			key := n.Key
			if n.Parent == nil {
				key = model.Shown(v.Tree.Part)
			}
			body := []app.UI{twisty, app.Elem("span").Class("key").Text(key), app.Elem("span").Class(valClass(n)).Title(n.Full).Text(n.Value)}
			if container && v.Open[n.ID] && len(n.Children) > model.MaxChildren && !v.Open[-1-n.ID] {
				body = append(body, app.Elem("button").Class("more").Text(fmt.Sprintf("show all %d", len(n.Children))).
					OnClick(func(ctx app.Context, e app.Event) {
						e.Call("stopPropagation")
						ctx.NewActionWithValue(ActToggleNode, NodeRef{v.Part, -1 - n.ID})
					}))
			}
			return row.Body(body...)
		}),
	)
}

func kindClass(k model.NodeKind) string {
	return [...]string{"object", "array", "string", "number", "bool", "null"}[k]
}

// ProblemList lists problems with severity and offset; choosing one jumps
// there. The page asks it to show a problem with ActShowProblem.
type ProblemList struct {
	app.Compo
	Problems []model.Problem

	page pageWindow
}

// OnMount takes the page's requests to show a problem: its page, its row
// in view, its button focused (so Tab and Enter go on through the list).
func (p *ProblemList) OnMount(ctx app.Context) {
	followRows(&p.page, p.Problems)
	ctx.Handle(ActShowProblem, func(ctx app.Context, a app.Action) {
		i, ok := a.Value.(int)
		if !ok || i < 0 || i >= len(p.Problems) {
			return
		}
		p.page.show(i)
		id := fmt.Sprint("problem-", i)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "nearest"})
				if b := el.Call("querySelector", "button"); b.Truthy() {
					b.Call("focus", map[string]any{"preventScroll": true})
				}
			}
		})
	})
}

// OnUpdate starts another file's problems at their first page.
func (p *ProblemList) OnUpdate(ctx app.Context) { followRows(&p.page, p.Problems) }

// Render draws one page of the list.
func (p *ProblemList) Render() app.UI {
	if len(p.Problems) == 0 {
		return app.Elem("div").Class("problems empty").Text("No problems found.")
	}
	first, end := p.page.bounds(len(p.Problems))
	return app.Elem("div").Class("problems-wrap").Body(
		p.page.bar("problem-pager", "problems", len(p.Problems)),
		p.list(first, end),
	)
}

func (p *ProblemList) list(first, end int) app.UI {
	return app.Elem("ul").ID("problems").Class("problems").Body(
		app.Range(p.Problems[first:end]).Slice(func(k int) app.UI {
			pr := p.Problems[first+k]
			where := pr.Part
			if pr.Structure != "" {
				where = strings.TrimSpace(where + " " + pr.Structure)
			}
			return app.Elem("li").Class("problem sev-"+pr.Severity.String()).ID(fmt.Sprint("problem-", first+k)).Title("show these bytes").
				On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, pr.Offset) }, app.EventScope(fmt.Sprint("row", pr.Offset))).Body(
				app.Elem("button").Class("problem-jump").Title("show these bytes").Body(
					app.Elem("span").Class("badge badge-"+pr.Severity.String()).Text(pr.Severity.String()),
					app.Elem("span").Class("problem-off").Text(model.Hex(pr.Offset)),
				),
				app.Elem("span").Class("problem-where").Text(model.Shown(where)),
				app.Elem("span").Class("problem-msg").Text(model.ShownMessage(pr.Message)),
			)
		}),
	)
}

// TeachPanel explains the selected field: what it means, where it lives,
// its raw bytes and value, and the rule behind it.
type TeachPanel struct {
	app.Compo
	Model *model.Model
	Sel   model.Span
	Path  string // the selected node's JSON path (for fields with no span of their own)
	Value string // the selected node's value
	Part  string
}

// Render draws the explanation.
func (t *TeachPanel) Render() app.UI {
	if t.Model == nil || (t.Sel.Size == 0 && t.Path == "") {
		return app.Elem("div").ID("teach").Class("teach empty").Text("Select a field in the tree or a byte in the hex view to see what it means.")
	}
	path := model.SpanLabel(t.Sel)
	if t.Sel.Path == "" && t.Path != "" {
		path = t.Path
		if t.Part != model.HeaderPart {
			path = t.Part + "/" + t.Path
		}
	}
	l, exact, ok := model.TeachFor(t.Part, t.Sel.Path, t.Path)
	value := t.Value
	if value == "" {
		value = model.DisplayValue(t.Sel.Path, t.Sel.Value, nil)
	}
	var rows []app.UI
	row := func(k string, v app.UI) {
		rows = append(rows, app.Elem("dt").Text(k), app.Elem("dd").Body(v))
	}
	row("path", app.Elem("code").ID("teach-path").Text(model.Shown(path)))
	if t.Sel.Size > 0 {
		row("where", app.Elem("span").Text(fmt.Sprintf("offset %s, %s", model.Hex(t.Sel.Off), plural2(t.Sel.Size, "byte"))))
		row("bytes", app.Elem("code").Class("teach-bytes").Text(model.RawBytes(t.Model.Data, t.Sel.Off, t.Sel.Size, 32)))
		row("kind", app.Elem("span").Text(t.Sel.Kind.String()))
	}
	if value != "" {
		row("value", app.Elem("code").Text(model.Cut(value)))
	}
	if fields := t.Model.SelectionFields(t.Sel); len(fields) > 0 {
		// A token: its bit fields, as the lesson below explains them.
		cells := make([]app.UI, len(fields))
		for i, f := range fields {
			cells[i] = app.Elem("tr").Body(app.Elem("td").Class("num").Text(f.Bits), app.Elem("th").Text(f.Name), app.Elem("td").Text(f.Value))
		}
		row("bits", app.Elem("table").ID("teach-bits").Class("teach-bits").Body(app.Elem("tbody").Body(cells...)))
	}
	body := []app.UI{app.Elem("dl").Body(rows...)}
	if ok {
		title := l.Title
		if !exact {
			title = "Part of: " + title
		}
		body = append([]app.UI{app.Elem("h3").ID("teach-title").Text(title)}, body...)
		body = append(body, app.Elem("p").Class("teach-meaning").Text(l.Meaning))
		if l.Rule != "" {
			body = append(body, app.Elem("p").Class("teach-rule").Body(app.Elem("strong").Text("Rule: "), app.Text(l.Rule)))
		}
		body = append(body, app.Elem("p").Class("teach-source").Text("Source: "+model.LessonSource(l.Pattern)))
	} else {
		body = append([]app.UI{app.Elem("h3").ID("teach-title").Text(model.Shown(recordTitle(path)))}, body...)
	}
	return app.Elem("div").ID("teach").Class("teach").Body(body...)
}

func plural2(n int64, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}

// EmbeddedList says a file is not a container and lists the containers
// decode.Scan found inside it. Header, when set, says instead that the
// file was made from the C arrays of an -Fh header (model.FromHeader).
type EmbeddedList struct {
	app.Compo
	Model  *model.Model
	Header string

	page pageWindow
}

// OnMount and OnUpdate start another file's list at its first page.
func (e *EmbeddedList) OnMount(ctx app.Context)  { e.page.follow(e.Model) }
func (e *EmbeddedList) OnUpdate(ctx app.Context) { e.page.follow(e.Model) }

// Render draws the message and the list.
func (e *EmbeddedList) Render() app.UI {
	m := e.Model
	first, end := e.page.bounds(len(m.Embedded))
	msg, detail := fmt.Sprintf("%s is not a DirectX shader container: it does not start with the magic \"DXBC\".", model.Shown(m.Name)), m.NotFound
	if e.Header != "" {
		msg, detail = e.Header, ""
	}
	return app.Elem("div").ID("not-container").Class("notice").Body(
		app.Elem("p").ID("not-container-msg").Class("notice-msg").Text(msg),
		app.If(detail != "", func() app.UI { return app.Elem("p").Class("notice-detail").Text(detail) }),
		app.If(len(m.Embedded) == 0, func() app.UI {
			return app.Elem("p").Text("No containers were found inside it either.")
		}).Else(func() app.UI {
			return app.Elem("div").Body(
				app.Elem("p").Text(embeddedTitle(m)),
				e.page.bar("embedded-pager", "containers", len(m.Embedded)),
				app.Elem("table").ID("embedded").Class("embedded").Body(
					app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("offset"), app.Elem("th").Text("size"), app.Elem("th").Text("parts"), app.Elem("th"))),
					app.Elem("tbody").Body(app.Range(m.Embedded[first:end]).Slice(func(k int) app.UI {
						em := m.Embedded[first+k]
						return app.Elem("tr").Body(
							app.Elem("td").Class("num").Text(model.Hex(em.Offset)),
							app.Elem("td").Class("num").Text(model.SizeText(em.Size)),
							app.Elem("td").Text(strings.Join(em.Parts, " ")),
							app.Elem("td").Body(app.Elem("button").Class("open-nested").DataSet("off", em.Offset).Text("Open").
								OnClick(func(ctx app.Context, ev app.Event) { ctx.NewActionWithValue(ActOpenNested, em.Offset) }, app.EventScope(em.Offset))),
						)
					})),
				),
			)
		}),
	)
}

// FileButton is a label that opens a hidden file input: the label is the
// keyboard's stop (Enter or Space opens the picker), not the input.
func FileButton(input, class, id, title, text string) app.UI {
	l := app.Elem("label").Class(class).Attr("for", input).TabIndex(0).Role("button").Text(text).
		OnKeyDown(func(ctx app.Context, e app.Event) {
			if k := e.Get("key").String(); k == "Enter" || k == " " {
				e.PreventDefault()
				if el := app.Window().GetElementByID(input); el.Truthy() {
					el.Call("click")
				}
			}
		})
	if id != "" {
		l = l.ID(id)
	}
	if title != "" {
		l = l.Title(title)
	}
	return l
}

// HiddenFileInput is the file input FileButton opens: hidden and out of the
// tab order.
func HiddenFileInput(id string, onChange app.EventHandler) app.UI {
	return app.Elem("input").ID(id).Attr("type", "file").Class("visually-hidden").TabIndex(-1).OnChange(onChange)
}

// HiddenFilesInput is HiddenFileInput taking several files at once (the
// shaders of a pipeline).
func HiddenFilesInput(id string, onChange app.EventHandler) app.UI {
	return app.Elem("input").ID(id).Attr("type", "file").Attr("multiple", true).Class("visually-hidden").TabIndex(-1).OnChange(onChange)
}

// recordTitle names a path by its last segment, an index with the array it
// is in ("Variables[0]", not "0").
func recordTitle(path string) string {
	last := model.LastSeg(path)
	if _, err := strconv.Atoi(last); err == nil && len(path) > len(last) {
		return model.LastSeg(path[:len(path)-len(last)-1]) + "[" + last + "]"
	}
	return last
}

// valClass styles a value the file does not hold apart from the values it does.
func valClass(n *model.Node) string {
	if n.Absent {
		return "val absent"
	}
	return "val"
}

// embeddedTitle says how many containers the scan found, and where it
// stopped when it stopped at its bound.
func embeddedTitle(m *model.Model) string {
	n := len(m.Embedded)
	if m.ScanStopped {
		return fmt.Sprintf("Found the first %d containers inside it (the scan stops there; more may follow 0x%x):", n, m.ScanEnd)
	}
	return fmt.Sprintf("Found %d %s inside it:", n, plural(n, "container"))
}
