package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ShaderListing shows an SHDR/SHEX token stream as FXC's listing, one line
// per instruction; clicking a line selects that instruction's bytes.
type ShaderListing struct {
	app.Compo
	Bytecode *model.ShaderBytecode
	Base     int64 // added to instruction offsets when the container sits inside a larger file

	page pageWindow
}

// Render draws the listing.
func (l *ShaderListing) Render() app.UI {
	s := l.Bytecode
	if s == nil {
		return app.Div().Class("special listing empty")
	}
	l.page.size = ListingPage
	first, end := l.page.rows(len(s.Instructions), s)
	return app.Div().Class("special listing").Body(
		app.H3().Text(fmt.Sprintf("%s: %d instructions", s.Version(), len(s.Instructions))),
		l.page.bar("listing-pager", "instructions", len(s.Instructions)),
		app.Div().Class("listing-lines").ID("listing").Body(
			app.Div().Class("listing-line").Text(s.Version()),
			app.Range(s.Instructions[first:end]).Slice(func(k int) app.UI {
				in := s.Instructions[first+k]
				off := in.Offset + l.Base
				pad := strings.Repeat("  ", min(in.Indent, 16))
				return app.Div().Class("listing-line").DataSet("off", off).
					Title(fmt.Sprintf("0x%x, %d bytes: click to see them", off, in.Size)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, off) }, app.EventScope(fmt.Sprint(off))).
					Body(app.Span().Class("listing-off").Text(fmt.Sprintf("%04x", off)), app.Span().Text(pad+in.Text))
			}),
		),
	)
}

func shaderListing(pv *model.PartView) []app.UI {
	if pv.Bytecode() == nil {
		return nil
	}
	out := []app.UI{}
	if len(pv.FXCHeader) > 0 {
		out = append(out, &ListingBlock{Title: "FXC listing header", Lines: pv.FXCHeader})
	}
	return append(out, &ShaderListing{Bytecode: pv.Bytecode(), Base: pv.Base()})
}
