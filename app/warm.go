package app

import (
	"runtime"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// warmExamples are the shipped examples the warm-up opens: between them
// SM4 and DXIL code, signatures, PSV0, a damaged file and nested containers.
var warmExamples = []string{"vertex.dxbc", "compute.dxbc", "damaged.dxbc", "bundle.bin"}

// warmUp opens the shipped examples once, off screen, as soon as the page is
// live: V8 compiles a WebAssembly function the first time it runs, and the
// first file a user opened paid for every function of the decoder, the view
// model, the page state and its link (746 functions, 56 ms of compiling on
// the page's thread, docs/performance.md). Each example goes through a page
// state of its own, which the page never shows, so its selection, texts and
// link code run too; a collection at the end compiles the collector's own
// paths. A failed fetch is ignored.
func warmUp(ctx app.Context) {
	left := len(warmExamples)
	done := func() {
		if left--; left == 0 {
			runtime.GC()
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
			warmFile(name, data)
			return nil
		})
		app.Window().Call("fetch", url).Call("then", got).Call("then", read)
	}
}

// warmFile opens one file in a page state of its own and reads everything
// the page would show of it.
func warmFile(name string, data []byte) {
	st := page.New()
	st.Build = model.Build
	st.Open(name, data)
	st.Note()
	if st.Model == nil {
		return
	}
	for _, p := range st.Model.Parts {
		p.Tree()
		p.LoadSpecials()
	}
}
