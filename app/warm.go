package app

import (
	"runtime"
	"time"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// warmExamples are the shipped examples the warm-up opens: between them
// DXIL modules, signatures, PSV0, a damaged file and nested containers. The
// two with code (pixel.dxbc, pixel-sm5.dxbc) are left out: opening them too
// made the warm-up run into a first file opened half a second after the
// page went live (docs/performance.md).
var warmExamples = []string{"vertex.dxbc", "compute.dxbc", "damaged.dxbc", "bundle.bin"}

// warmUp opens the shipped examples once, off screen, as soon as the page is
// live: V8 compiles a WebAssembly function the first time it runs, and the
// first file a user opened paid for every function of the decoder, the view
// model, the page state and its link (746 functions, 56 ms of compiling on
// the page's thread, docs/performance.md). Each example goes through a page
// state of its own, which the page never shows, so its selection, texts and
// link code run too; a collection at the end compiles the collector's own
// paths. A failed fetch is ignored.
func (in *Inspector) warmUp(ctx app.Context) {
	sctx := in.stableCtx(ctx)
	left := len(warmExamples)
	var rehearse *page.State
	var files []warmed
	done := func() {
		if left--; left == 0 {
			runtime.GC()
			if rehearse != nil {
				in.rehearse(sctx, rehearse)
			}
			in.warmAgain(files)
		}
	}
	for _, name := range warmExamples {
		url := ctx.ResolveStaticResource("/web/examples/" + name)
		var got, read app.Func
		got = app.FuncOf(func(this app.Value, args []app.Value) any {
			got.Release()
			if len(args) == 0 || !args[0].Get("ok").Bool() {
				return nil
			}
			return args[0].Call("arrayBuffer")
		})
		read = app.FuncOf(func(this app.Value, args []app.Value) any {
			read.Release()
			defer done()
			if len(args) == 0 || !args[0].Truthy() {
				return nil
			}
			arr := app.Window().Get("Uint8Array").New(args[0])
			data := make([]byte, arr.Get("length").Int())
			app.CopyBytesToGo(data, arr)
			files = append(files, warmed{name, data})
			if st := warmFile(name, data); name == rehearsalExample && st.Model != nil && st.Model.File != nil {
				rehearse = st
			}
			return nil
		})
		app.Window().Call("fetch", url).Call("then", got).Call("then", read)
	}
}

// warmRounds is how many more times the warm-up opens the examples, a file
// at a time between the browser's own tasks, once the page has drawn its
// rehearsal. V8 compiles a WebAssembly function quickly first and again,
// optimised, on a background thread once it has run enough: left to the
// first files a user opens, that second compiling took a core from them on
// a 2-core machine (open_perf.mjs medians: p50 73 → 62 ms, p90 107 → 100,
// first open 127 → 106, docs/performance.md). About 0.2 s of the page's
// idle time after it starts; anything the user does stops it.
const warmRounds = 8

type warmed struct {
	name string
	data []byte
}

// warmAgain opens the examples warmRounds more times in page states of
// their own, stopping as soon as the page shows anything but its welcome.
func (in *Inspector) warmAgain(files []warmed) {
	go func() {
		n := 0
		for r := 0; r < warmRounds; r++ {
			for _, w := range files {
				time.Sleep(time.Millisecond) // the browser's tasks (a dropped file) come first
				if st := in.state(); st.Model != nil || st.Screen != page.Welcome {
					return
				}
				warmFile(w.name, w.data)
				n++
				app.Window().Set("dxscopeWarmed", n) // the browser tests watch it
			}
		}
	}()
}

// warmFile opens one file in a page state of its own and reads everything
// the page would show of it.
func warmFile(name string, data []byte) *page.State {
	st := page.New()
	st.Build = model.Build
	st.Open("warm-up "+name, data) // a name no test or user opens: the rehearsal shows it
	st.Note()
	if st.Model != nil {
		for _, p := range st.Model.Parts {
			p.Tree()
			p.LoadSpecials()
		}
	}
	return st
}

// rehearsalExample is the example the page draws once, hidden.
const rehearsalExample = "compute.dxbc"

// rehearse draws a file screen for m once, hidden, while the page still
// shows its welcome, and removes it after the browser has painted it: the
// first file a user opens then runs go-app's and the views' drawing code,
// and the browser's style and layout of those elements and fonts, warm
// (docs/performance.md). Nothing of it can be seen, focused or clicked.
func (in *Inspector) rehearse(ctx app.Context, warm *page.State) {
	ctx.Dispatch(func(ctx app.Context) {
		if st := in.state(); st.Model != nil || st.Screen != page.Welcome {
			ctx.PreventUpdate()
			return
		}
		in.rehearsal = warm
		// The Inspector's own path from an operation's effects to the page
		// (title, history, the commands after the draw), with effects that
		// ask for nothing: V8 compiles a function when it is first called.
		in.apply(ctx, page.Effects{})
		views.AfterPaint(func() {
			ctx.Dispatch(func(ctx app.Context) {
				in.rehearsal = nil
				app.Window().Set("dxscopeRehearsed", true) // the browser tests wait for it
			})
		})
	})
}

// rehearsalView is the hidden file screen rehearse draws: the page's own,
// of the example's page state. Its handlers hold that state, but the
// elements are gone after the frame: a file opened later mounts its own.
func (in *Inspector) rehearsalView() app.UI {
	return app.Elem("div").Class("rehearsal").Aria("hidden", true).Body(
		&views.SummaryBar{Model: in.rehearsal.Model}, in.body(in.rehearsal))
}
