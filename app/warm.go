package app

import (
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// warmUp decodes a shipped example once, off screen, as soon as the page is
// live: the first file a user opens then runs in code V8 has compiled
// already, with encoding/json's type caches filled. The first open cost
// several times a later one (docs/performance.md). Nothing is shown and no
// state changes; a failed fetch is ignored.
func warmUp(ctx app.Context) {
	url := ctx.ResolveStaticResource("/web/examples/vertex.dxbc")
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
		if len(args) == 0 || !args[0].Truthy() {
			return nil
		}
		arr := app.Window().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Get("length").Int())
		app.CopyBytesToGo(data, arr)
		m := model.Build("warm-up", data, 0)
		for _, p := range m.Parts {
			p.Tree()
			p.LoadSpecials()
		}
		return nil
	})
	app.Window().Call("fetch", url).Call("then", got).Call("then", read)
}
