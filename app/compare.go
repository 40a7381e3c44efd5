package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// onPickCompare opens the file chosen to compare with the shown one.
func (in *Inspector) onPickCompare(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	in.state().CompareNext()
	in.readFile(in.stableCtx(ctx), files.Index(0))
	ctx.JSSrc().Set("value", "")
}
