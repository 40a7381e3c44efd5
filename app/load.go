package app

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func (in *Inspector) now() float64 {
	if perf := app.Window().Get("performance"); perf.Truthy() {
		return perf.Call("now").Float()
	}
	return 0
}

func (in *Inspector) onPick(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	in.readFile(ctx, files.Index(0))
	ctx.JSSrc().Set("value", "") // so picking the same file again fires change
}

func (in *Inspector) onDragOver(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if in.dragging {
		ctx.PreventUpdate()
		return
	}
	in.dragging = true
}

func (in *Inspector) onDragLeave(ctx app.Context, e app.Event) {
	// Only leaving the window counts (relatedTarget is null then).
	if rt := e.Get("relatedTarget"); rt.Truthy() {
		ctx.PreventUpdate()
		return
	}
	in.dragging = false
}

func (in *Inspector) onDrop(ctx app.Context, e app.Event) {
	e.PreventDefault()
	in.dragging = false
	dt := e.Get("dataTransfer")
	if !dt.Truthy() {
		return
	}
	files := dt.Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		in.status = "Nothing to open: drop a file."
		return
	}
	in.dropCompare(e) // share.go: Shift+drop compares with the shown file
	in.readFile(ctx, files.Index(0))
}

// readFile reads a File (from the picker or a drop) into Go and decodes it.
func (in *Inspector) readFile(ctx app.Context, file app.Value) {
	in.started = in.now()
	name := file.Get("name").String()
	in.status = fmt.Sprintf("Reading %s…", name)
	in.readPromise(ctx, name, file.Call("arrayBuffer"))
}

// fetchExample loads one of the shipped examples.
func (in *Inspector) fetchExample(ctx app.Context, ex Example) {
	in.started = in.now()
	in.status = fmt.Sprintf("Loading %s…", ex.File)
	url := ctx.ResolveStaticResource("/web/examples/" + ex.File)
	var then, fail app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		then.Release()
		resp := args[0]
		if !resp.Get("ok").Bool() {
			status := resp.Get("status").Int()
			ctx.Dispatch(func(ctx app.Context) { in.status = fmt.Sprintf("Could not load %s: HTTP %d.", ex.File, status) })
			return nil
		}
		in.readPromise(ctx, ex.File, resp.Call("arrayBuffer"))
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		fail.Release()
		msg := "network error"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		ctx.Dispatch(func(ctx app.Context) { in.status = fmt.Sprintf("Could not load %s: %s.", ex.File, msg) })
		return nil
	})
	app.Window().Call("fetch", url).Call("then", then).Call("catch", fail)
}

// readPromise waits for an ArrayBuffer promise, copies the bytes into Go and
// decodes them on the UI goroutine. Promise callbacks are not UI events, so
// state changes go through Dispatch; the rejection path reports too.
func (in *Inspector) readPromise(ctx app.Context, name string, p app.Value) {
	var then, fail app.Func
	release := func() { then.Release(); fail.Release() }
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		arr := app.Window().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Get("length").Int())
		app.CopyBytesToGo(data, arr)
		ctx.Dispatch(func(ctx app.Context) { in.openBytes(ctx, name, data) })
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		msg := "the browser could not read it"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		ctx.Dispatch(func(ctx app.Context) { in.status = fmt.Sprintf("Could not read %s: %s.", name, msg) })
		return nil
	})
	p.Call("then", then).Call("catch", fail)
}

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

func scrollIntoView(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}
