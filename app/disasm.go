package app

import (
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// mountDisassembly lets a disassembly line select exactly the bytes its
// record's bits occupy.
func (in *Inspector) mountDisassembly(ctx app.Context) {
	ctx.Handle(views.ActSelectBytes, func(ctx app.Context, a app.Action) {
		r, ok := a.Value.(model.ByteRange)
		if !ok || in.model == nil || r.Size <= 0 {
			return
		}
		in.sel = decode.Span{Path: r.Path, Off: r.Off, Size: r.Size, Kind: decode.SpanField}
		in.enc, _ = in.model.Spans.Enclosing(in.sel)
		in.revealAt(r.Off)
		in.rev++
		in.noteView(ctx)
	})
}
