// Loading: picking, dropping and fetching files; page.State.Open decides
// what their bytes become.
package app

import (
	"fmt"
	"strings"
	"time"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/views"
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
	var reading bool
	if files.Get("length").Int() > 1 {
		reading = in.readFiles(ctx, files)
	} else {
		reading = in.readFile(ctx, files.Index(0))
	}
	ctx.JSSrc().Set("value", "") // so picking the same file again fires change
	if reading {
		ctx.PreventUpdate() // "Reading…" waits (readFile)
	}
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
		in.state().Refused("Nothing to open: drop a file.")
		return
	}
	if files.Get("length").Int() > 1 {
		in.readFiles(ctx, files)
		return
	}
	in.dropCompare(e) // Shift+drop, or a drop on "Drop to compare", compares with the shown file
	in.readFile(ctx, files.Index(0))
}

// readFiles reads files picked or dropped together (page.State.OpenFiles:
// two are compared, three to five are a pipeline), all before any is
// decoded. It reports whether the reads began: too many files, or more
// bytes than the page holds, are refused at once.
func (in *Inspector) readFiles(ctx app.Context, files app.Value) bool {
	in.started = in.now()
	st := in.state()
	n := files.Get("length").Int()
	if msg := page.TooManyFiles(n); msg != "" {
		st.Refused(msg)
		return false
	}
	names := make([]string, n)
	promises := make([]any, n)
	var size int64
	for i := range n {
		f := files.Index(i)
		names[i] = f.Get("name").String()
		size += int64(f.Get("size").Float())
		promises[i] = f.Call("arrayBuffer")
	}
	if st.TooLarge(strings.Join(names, ", "), size) {
		return false
	}
	st.Reading(strings.Join(names, ", "))
	in.showReadingLater(ctx)
	all := app.Window().Get("Promise").Call("all", promises)
	in.awaitBytes(in.stableCtx(ctx), strings.Join(names, ", "), all, true, func(ctx app.Context, datas [][]byte) {
		in.flush(ctx)
		in.apply(ctx, in.state().OpenFiles(names, datas))
	})
	return true
}

// openPending opens the files web/earlyfile.js kept because they were
// chosen or dropped before the decoder was live: one as a file, several
// together (readFiles).
func (in *Inspector) openPending(ctx app.Context) {
	w := app.Window()
	fs := w.Get("dxscopePendingFiles")
	if !fs.Truthy() || fs.Get("length").Int() == 0 {
		return
	}
	w.Set("dxscopePendingFiles", nil)
	if fs.Get("length").Int() > 1 {
		in.readFiles(ctx, fs)
		return
	}
	in.readFile(ctx, fs.Index(0))
}

// readFile reads a File (from a picker or a drop) into Go and decodes it.
// The read dispatches through the Inspector's own context: a picker's
// context is dropped when go-app replaces its element (the database view's
// "Also open…" among them) before the file is read. It reports whether the
// read began: a file larger than the page reads is refused at once.
func (in *Inspector) readFile(ctx app.Context, file app.Value) bool {
	in.started = in.now()
	name := file.Get("name").String()
	if size := file.Get("size"); size.Truthy() && in.state().TooLarge(name, int64(size.Float())) {
		return false // said before reading: the browser would refuse it after seconds
	}
	in.state().Reading(name)
	in.showReadingLater(ctx)
	in.readPromise(in.stableCtx(ctx), name, file.Call("arrayBuffer"))
	return true
}

// showReadingLater draws "Reading…" if the file is still being read after
// 50 ms: a small file is read sooner, and drawing the page once for the
// status and again for the file cost as much as the file's own drawing.
func (in *Inspector) showReadingLater(ctx app.Context) {
	sctx := in.stableCtx(ctx)
	reading := in.state().Status
	var later app.Func
	later = app.FuncOf(func(this app.Value, args []app.Value) any {
		later.Release()
		sctx.Dispatch(func(ctx app.Context) {
			if in.state().Status != reading {
				ctx.PreventUpdate()
			}
		})
		return nil
	})
	app.Window().Call("setTimeout", later, 50)
}

// fetchExample loads one of the shipped examples.
func (in *Inspector) fetchExample(ctx app.Context, ex Example) {
	in.started = in.now()
	in.state().Reading(ex.File)
	url := ctx.ResolveStaticResource("/web/examples/" + ex.File)
	ctx = in.stableCtx(ctx) // as readFile: the button's context may be gone when the fetch answers
	var then, fail app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		then.Release()
		resp := args[0]
		if !resp.Get("ok").Bool() {
			status := resp.Get("status").Int()
			ctx.Dispatch(func(ctx app.Context) { in.state().Refused(fmt.Sprintf("Could not load %s: HTTP %d.", ex.File, status)) })
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
		ctx.Dispatch(func(ctx app.Context) { in.state().Refused(fmt.Sprintf("Could not load %s: %s.", ex.File, msg)) })
		return nil
	})
	app.Window().Call("fetch", url).Call("then", then).Call("catch", fail)
}

// readPromise waits for an ArrayBuffer promise, copies the bytes into Go and
// decodes them on the UI goroutine. Promise callbacks are not UI events, so
// state changes go through Dispatch; the rejection path reports too.
func (in *Inspector) readPromise(ctx app.Context, name string, p app.Value) {
	in.awaitBytes(ctx, name, p, false, func(ctx app.Context, data [][]byte) { in.openBytes(ctx, name, data[0]) })
}

// awaitBytes waits for a promise of an ArrayBuffer (or, many, of an array
// of them), copies the bytes into Go and calls done with them on the UI
// goroutine; a rejection says what could not be read.
func (in *Inspector) awaitBytes(ctx app.Context, what string, p app.Value, many bool, done func(app.Context, [][]byte)) {
	var then, fail app.Func
	release := func() { then.Release(); fail.Release() }
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		bufs := []app.Value{args[0]}
		if many {
			bufs = bufs[:0]
			for i := range args[0].Get("length").Int() {
				bufs = append(bufs, args[0].Index(i))
			}
		}
		datas := make([][]byte, len(bufs))
		for i, b := range bufs {
			arr := app.Window().Get("Uint8Array").New(b)
			datas[i] = make([]byte, arr.Get("length").Int())
			app.CopyBytesToGo(datas[i], arr)
		}
		ctx.Dispatch(func(ctx app.Context) { done(ctx, datas) })
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		msg := "the browser could not read it"
		if many {
			msg = "the browser could not read them"
		}
		if len(args) > 0 && args[0].Truthy() {
			msg = strings.TrimRight(args[0].Call("toString").String(), ".")
		}
		ctx.Dispatch(func(ctx app.Context) { in.state().Refused(fmt.Sprintf("Could not read %s: %s.", what, msg)) })
		return nil
	})
	p.Call("then", then).Call("catch", fail)
}

// linkDelay is how long after the paint of an opened file its link is
// written. Writing an address that carries the file (up to 12,000
// characters) costs the browser's own thread about 15 ms (a short one 5 ms,
// measured in headless Chromium): right after the paint, that work delayed
// whatever came next, the next file included (open_perf.mjs p50 −12 ms,
// docs/performance.md); 0.1 s keeps it out of an open that follows at a
// pace a benchmark keeps (0.3 s), and no one copies an address that soon.
// Anything done sooner writes the link first (flush).
const linkDelay = 100 * time.Millisecond

// noteAfterPaint writes the link once the opened file is on screen:
// hashing and compressing the file and writing the address cost more than
// drawing a small shader (docs/performance.md). An animation frame, then
// AfterPaint's frame and task, put it after the paint of the frame that draws
// the file; linkDelay after that, it is written.
func (in *Inspector) noteAfterPaint(ctx app.Context) {
	in.noteSeq++
	seq := in.noteSeq
	sctx := in.stableCtx(ctx)
	var frame app.Func
	frame = app.FuncOf(func(this app.Value, args []app.Value) any {
		frame.Release()
		views.AfterPaint(func() {
			sctx.After(linkDelay, func(ctx app.Context) {
				ctx.PreventUpdate()
				in.writeLinkWhenHashed(ctx, seq)
			})
		})
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame)
}

// hashSlice is how much of a large file is hashed for its link between two
// looks at the clock, and hashBudget how long one task may hash (ms): the
// speed of wasm's SHA-256 varies tenfold with the machine's load (20 to 170
// MB/s measured), so the steps are measured in time, not bytes.
const (
	hashSlice  = 256 << 10
	hashBudget = 12
)

// writeLinkWhenHashed writes the opened file's link once its SHA-256 is
// taken: a step at a time for a large file (page.State.HashStep), each in a
// task of its own, so the page answers while a gigabyte is hashed.
func (in *Inspector) writeLinkWhenHashed(ctx app.Context, seq int) {
	if seq != in.noteSeq || !in.linkPending {
		return // another file was opened, or the link was written (flush)
	}
	st := in.state()
	done := st.HashStep(hashSlice)
	for t0 := in.now(); !done && in.now()-t0 < hashBudget; {
		done = st.HashStep(hashSlice)
	}
	if !done {
		ctx.After(time.Millisecond, func(ctx app.Context) {
			ctx.PreventUpdate()
			in.writeLinkWhenHashed(ctx, seq)
		})
		return
	}
	in.linkPending = false
	in.writeLink(ctx)
}

// stableCtx returns the Inspector's own context when it has one.
func (in *Inspector) stableCtx(ctx app.Context) app.Context {
	if in.hasCtx {
		return in.ctx
	}
	return ctx
}

// dropCompare turns a Shift+drop, or a drop onto the compare buttons (as
// "Drop to compare" invites), into a compare with the shown file.
func (in *Inspector) dropCompare(e app.Event) {
	shift := e.Get("shiftKey")
	onButton := false
	if t := e.Get("target"); t.Truthy() && t.Get("closest").Truthy() {
		onButton = t.Call("closest", "#compare-drop, #compare-label").Truthy()
	}
	if shift.Truthy() && shift.Bool() || onButton {
		in.state().CompareNext()
	}
}

// openBytes decodes bytes and shows them, recording for measurements
// (docs/web.md, docs/database.md) how long it took to draw them.
func (in *Inspector) openBytes(ctx app.Context, name string, data []byte) {
	st := in.state()
	busyWith = fmt.Sprintf("%s (%d bytes)", text.SafeCap(name, 120), len(data)) // a database, or build's
	in.flush(ctx)
	t0 := in.now()
	fx := st.Open(name, data)
	openMs := in.now() - t0 // for a database: reading it (shaderdb.Open) and its view model
	in.apply(ctx, fx)
	start := in.started
	db := st.Screen == page.Database
	ctx.Defer(func(app.Context) {
		perf := app.Window().Get("performance")
		if !perf.Truthy() || start <= 0 {
			return
		}
		ms := perf.Call("now").Float() - start
		if db {
			app.Window().Set("dxscopeDBOpenMs", openMs)
			app.Window().Set("dxscopeDBLoadMs", ms)
			return
		}
		app.Window().Set("dxscopeLoadMs", ms)
	})
}
