// Keyboard navigation of the inspector: parts, tree nodes, the hex view.
package app

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// onKey moves through parts and tree nodes from the keyboard.
func (in *Inspector) onKey(ctx app.Context, e app.Event) {
	target := e.Get("target")
	tag := ""
	if target.Truthy() {
		tag = target.Get("tagName").String()
	}
	if tag == "INPUT" || tag == "TEXTAREA" || tag == "BUTTON" || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		ctx.PreventUpdate()
		return
	}
	in2 := func(sel string) bool {
		return target.Truthy() && target.Get("closest").Truthy() && target.Call("closest", sel).Truthy()
	}
	key := e.Get("key").String()
	if key == "?" || key == "Escape" && in.showKeys {
		in.showKeys = key == "?" && !in.showKeys
		e.PreventDefault()
		return
	}
	m := in.model
	if m == nil || m.File == nil {
		ctx.PreventUpdate()
		return
	}
	handled := true
	switch {
	case key == "[":
		in.selectPart(ctx, max(0, in.part-1))
	case key == "]":
		in.selectPart(ctx, min(len(m.Parts)-1, in.part+1))
	case key == "g":
		ctx.Defer(func(app.Context) { focus("hex-goto") })
	case key == "h":
		in.revealAt(in.sel.Off)
		ctx.Defer(func(app.Context) { focus("hex-scroll") })
	case in2("#part-list") && (key == "ArrowDown" || key == "j"):
		in.selectPart(ctx, min(len(m.Parts)-1, in.part+1))
	case in2("#part-list") && (key == "ArrowUp" || key == "k"):
		in.selectPart(ctx, max(0, in.part-1))
	case in2("#part-list") && (key == "ArrowRight" || key == "Enter"):
		in.tab = tabTree
		ctx.Defer(func(app.Context) { focus("tree") })
	case in2("#tree"):
		handled = in.treeKey(ctx, key)
	default:
		handled = false
	}
	if handled {
		in.noteView(ctx)
		e.PreventDefault()
		if in2("#part-list") {
			id := fmt.Sprintf("part-%d", in.part)
			ctx.Defer(func(app.Context) { scrollIntoView(id) })
		}
		return
	}
	ctx.PreventUpdate()
}

func (in *Inspector) treeKey(ctx app.Context, key string) bool {
	t := in.tree()
	if t == nil {
		return false
	}
	open := in.open[in.part]
	vis := model.VisibleNodes(t, open)
	at := 0
	for i, n := range vis {
		if n.ID == in.node {
			at = i
		}
	}
	cur := vis[at]
	container := cur.Kind == model.KindObject || cur.Kind == model.KindArray
	switch key {
	case "ArrowDown", "j":
		at = min(len(vis)-1, at+1)
	case "ArrowUp", "k":
		at = max(0, at-1)
	case "ArrowRight":
		if container && !open[cur.ID] {
			open[cur.ID] = true
			in.rev++
			return true
		}
		if container && len(cur.Children) > 0 {
			in.selectNode(ctx, in.part, cur.Children[0].ID, true)
			in.scrollNode(ctx)
		}
		return true
	case "ArrowLeft":
		if container && open[cur.ID] {
			open[cur.ID] = false
			in.rev++
			return true
		}
		if cur.Parent != nil {
			in.selectNode(ctx, in.part, cur.Parent.ID, true)
			in.scrollNode(ctx)
		}
		return true
	case "Enter", " ":
		if container {
			open[cur.ID] = !open[cur.ID]
			in.rev++
		}
		return true
	case "Home":
		at = 0
	case "End":
		at = len(vis) - 1
	default:
		return false
	}
	in.selectNode(ctx, in.part, vis[at].ID, true)
	in.scrollNode(ctx)
	return true
}

func (in *Inspector) scrollNode(ctx app.Context) {
	id := fmt.Sprintf("node-%d", in.node)
	ctx.Defer(func(app.Context) { scrollIntoView(id) })
}

func focus(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

// focusQuietly focuses an element without scrolling the page to it.
func focusQuietly(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

func scrollIntoView(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// keys lists every key the page answers, for the ? panel.
var keys = [][2]string{
	{"↑ / ↓ or k / j", "previous / next part (in the part list) or tree node (in the tree)"},
	{"→ / ←", "open / close a tree node; from the part list, → goes into the tree"},
	{"Enter", "open or close a tree node; from the part list, go into the tree"},
	{"Home / End", "first / last tree node"},
	{"[ / ]", "previous / next part, from anywhere"},
	{"h", "show the selected bytes in the hex view"},
	{"g", "go to an offset"},
	{"?", "this list (Esc closes it)"},
}

// keysPanel is the ? panel listing every key.
func (in *Inspector) keysPanel() app.UI {
	return keysHelp(func() { in.showKeys = false })
}

func keysHelp(close func()) app.UI {
	rows := make([]app.UI, len(keys))
	for i, k := range keys {
		rows[i] = app.Tr().Body(app.Th().Body(app.Kbd().Text(k[0])), app.Td().Text(k[1]))
	}
	return app.Div().ID("keys-help").Class("keys-help").Role("dialog").Aria("label", "keyboard keys").Body(
		app.H2().Text("Keys"),
		app.Table().Body(app.TBody().Body(rows...)),
		app.Button().ID("keys-close").Text("Close").OnClick(func(ctx app.Context, e app.Event) { close() }),
	)
}
