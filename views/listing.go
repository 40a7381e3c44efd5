package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ShaderListing shows an SHDR/SHEX token stream as FXC's listing, one line
// per instruction; clicking a line selects that instruction's bytes.
type ShaderListing struct {
	app.Compo
	Data *model.CodeListing

	page pageWindow
}

// Render draws the listing.
func (l *ShaderListing) Render() app.UI {
	s := l.Data
	if s == nil {
		return app.Div().Class("special listing empty")
	}
	l.page.size = ListingPage
	first, end := pageOf(&l.page, s.Lines)
	return app.Div().Class("special listing").Body(
		app.H3().Text(s.Title),
		l.page.bar("listing-pager", "instructions", len(s.Lines)),
		app.Div().Class("listing-lines").ID("listing").Body(
			app.Div().Class("listing-line").Text(s.Version),
			app.Range(s.Lines[first:end]).Slice(func(k int) app.UI {
				in := s.Lines[first+k]
				return app.Div().Class("listing-line").DataSet("off", in.Off).
					Title(fmt.Sprintf("0x%x, %d bytes: click to see them", in.Off, in.Size)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, in.Off) }, app.EventScope(fmt.Sprint(in.Off))).
					Body(app.Span().Class("listing-off").Text(fmt.Sprintf("%04x", in.Off)), app.Span().Text(in.Text))
			}),
		),
	)
}

func shaderListing(pv *model.PartView) []app.UI {
	code := pv.CodeListing()
	if code == nil {
		return nil
	}
	out := []app.UI{}
	if len(pv.FXCHeader) > 0 {
		out = append(out, &ListingBlock{Title: "FXC listing header", Lines: pv.FXCHeader})
	}
	return append(out, &ShaderListing{Data: code})
}
