// Loading: picking, dropping and fetching files, opening their bytes as a
// container, a file with containers inside, or a database.
package app

import (
	"fmt"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/decode/text"
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
	in.dropCompare(e) // Shift+drop, or a drop on "Drop to compare", compares with the shown file
	in.readFile(ctx, files.Index(0))
}

// openPending opens the file web/earlyfile.js kept because it was chosen or
// dropped before the decoder was live.
func (in *Inspector) openPending(ctx app.Context) {
	w := app.Window()
	f := w.Get("dxscopePendingFile")
	if !f.Truthy() {
		return
	}
	w.Set("dxscopePendingFile", nil)
	in.readFile(ctx, f)
}

// readFile reads a File (from a picker or a drop) into Go and decodes it.
// The read dispatches through the Inspector's own context: a picker's
// context is dropped when go-app replaces its element (the database view's
// "Also open…" among them) before the file is read.
func (in *Inspector) readFile(ctx app.Context, file app.Value) {
	in.started = in.now()
	name := file.Get("name").String()
	in.status = fmt.Sprintf("Reading %s…", name)
	in.readPromise(in.stableCtx(ctx), name, file.Call("arrayBuffer"))
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

// openFile opens bytes the user picked or dropped: as the compared file in
// compare mode, checked against a pending link's hash, else as a new file.
func (in *Inspector) openFile(ctx app.Context, name string, data []byte) {
	in.share.linkErr, in.share.note = "", ""
	if p := in.share.pending; p != nil && p.CompareSHA256 != "" && in.model != nil && (p.SHA256 == "" || in.fileRef().sha == p.SHA256) {
		in.next = openAsNew
		if err := linkstate.CheckCompareFile(*p, data); err != nil {
			in.share.linkErr = fmt.Sprintf("%s was not opened: %v", name, err)
			in.status = ""
			return
		}
		in.share.pending = nil
		in.status = ""
		in.startCompare(ctx, name, data)
		in.compareSelectPath(ctx, p.Field)
		in.noteView(ctx)
		return
	}
	if in.next == openAsCompared && in.model != nil && in.model.File != nil {
		in.next = openAsNew
		in.status = ""
		in.startCompare(ctx, name, data)
		in.noteView(ctx)
		return
	}
	if p := in.share.pending; p != nil {
		if err := linkstate.CheckFile(*p, data); err != nil {
			in.share.linkErr = fmt.Sprintf("%s was not opened: %v", name, err)
			in.status = ""
			return
		}
		in.share.pending = nil
		in.share.cmp = nil
		in.quietly(func() { in.show(ctx, in.buildAt(name, data, p.At)) })
		in.applyState(ctx, *p, nil)
		in.share.lastKey = ""
		in.noteView(ctx)
		return
	}
	in.share.cmp = nil
	in.share.row = 0
	in.quietly(func() { in.show(ctx, build(name, data, 0)) })
	in.noteViewAfterPaint(ctx)
}

// noteViewAfterPaint writes the link once the opened file is on screen:
// hashing and compressing the file and go-app's navigation cost more than
// drawing a small shader (docs/performance.md). Two animation frames and a
// task put it after the paint of the frame that draws the file.
func (in *Inspector) noteViewAfterPaint(ctx app.Context) {
	in.share.noteSeq++
	seq := in.share.noteSeq
	sctx := in.stableCtx(ctx)
	var frame1, frame2, task app.Func
	task = app.FuncOf(func(this app.Value, args []app.Value) any {
		task.Release()
		sctx.Dispatch(func(ctx app.Context) {
			if seq == in.share.noteSeq {
				in.noteView(ctx)
			}
		})
		return nil
	})
	frame2 = app.FuncOf(func(this app.Value, args []app.Value) any {
		frame2.Release()
		app.Window().Call("setTimeout", task, 0)
		return nil
	})
	frame1 = app.FuncOf(func(this app.Value, args []app.Value) any {
		frame1.Release()
		app.Window().Call("requestAnimationFrame", frame2)
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame1)
}

// stableCtx returns the Inspector's own context when it has one.
func (in *Inspector) stableCtx(ctx app.Context) app.Context {
	if in.share.hasCtx {
		return in.share.ctx
	}
	return ctx
}

// dropCompare turns a Shift+drop, or a drop onto the compare buttons (as
// "Drop to compare" invites), into a compare with the shown file.
func (in *Inspector) dropCompare(e app.Event) {
	if in.model == nil || in.model.File == nil {
		return
	}
	shift := e.Get("shiftKey")
	onButton := false
	if t := e.Get("target"); t.Truthy() && t.Get("closest").Truthy() {
		onButton = t.Call("closest", "#compare-drop, #compare-label").Truthy()
	}
	if shift.Truthy() && shift.Bool() || onButton {
		in.next = openAsCompared
	}
}

// open decodes bytes and shows them.
func (in *Inspector) openBytes(ctx app.Context, name string, data []byte) {
	busyWith = fmt.Sprintf("%s (%d bytes)", text.SafeCap(name, 120), len(data)) // a database, or build's
	if p := in.share.pending; p != nil && p.At > 0 && p.SHA256 != "" && sqlite.IsSQLite(data) && linkstate.CheckFile(*p, data) == nil {
		// A link to a shader in this database: open the database (so "Back
		// to the database" works), then land on the container the link names.
		if in.openDatabase(ctx, name, data) {
			dm := in.db.list[in.db.active]
			in.db.from = dm
			in.db.fromNote = fmt.Sprintf("Showing the container at %s of %s that the link names; the offsets below are the database file's.", model.Hex(p.At), dm.Name)
		}
		in.openFile(ctx, name, data)
		return
	}
	if in.openDatabase(ctx, name, data) {
		return
	}
	in.openFile(ctx, name, data) // share.go: compare mode and links waiting for their file
}

func (in *Inspector) show(ctx app.Context, m *model.Model) {
	in.model = m
	in.screen = screenFile
	in.status = ""
	in.open = make([]map[int]bool, len(m.Parts))
	for i := range m.Parts {
		in.open[i] = map[int]bool{}
	}
	in.rev++
	in.part, in.node = -1, -1
	in.sel, in.enc = decode.Span{}, decode.Span{}
	if m.File != nil {
		first := 0
		if len(m.Parts) > 1 {
			first = 1
		}
		in.selectPart(ctx, first)
		in.revealAt(m.Base)
		// A damaged file opens on what is wrong with it: its first error.
		for _, p := range m.Problems {
			if p.Severity == decode.Error {
				in.selectProblem(ctx, p)
				break
			}
		}
		// The keys in the footer work at once: the part list has the focus.
		ctx.Defer(func(app.Context) { focusQuietly("part-list") })
	}
	start := in.started
	ctx.Defer(func(app.Context) {
		// Recorded for measurements (docs/web.md): load start to rendered part list.
		if perf := app.Window().Get("performance"); perf.Truthy() && start > 0 {
			app.Window().Set("dxscopeLoadMs", perf.Call("now").Float()-start)
		}
	})
}
