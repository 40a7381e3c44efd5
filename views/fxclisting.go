package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ListingBlock shows lines of a compiler listing (the comment block FXC
// writes above the code, or the level-9 listing) as a foldable block; a
// line made of bytes selects them when clicked.
type ListingBlock struct {
	app.Compo
	Title string
	Lines []model.ListingLine
	Open  bool

	page pageWindow
}

// Render draws the block.
func (b *ListingBlock) Render() app.UI {
	b.page.size = ListingPage
	first, end := pageOf(&b.page, b.Lines)
	d := app.Details().Class("listing-block").Body(
		app.Summary().Text(fmt.Sprintf("%s (%d lines)", b.Title, len(b.Lines))),
		b.page.bar("", "lines", len(b.Lines)),
		app.Div().Class("listing-lines").Body(
			app.Range(b.Lines[first:end]).Slice(func(k int) app.UI {
				i := first + k
				l := b.Lines[i]
				line := app.Div().Class("listing-line listing-comment").Text(l.Text)
				if l.Size <= 0 && l.Node < 0 {
					return line
				}
				scope := app.EventScope(fmt.Sprint(i, l.Off))
				if l.Node >= 0 {
					ref := NodeRef{Part: l.Part, Node: l.Node}
					return line.DataSet("off", l.Off).Title(l.Path+": click to select it").
						On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectNode, ref) }, scope)
				}
				off := l.Off
				return line.DataSet("off", off).Title(fmt.Sprintf("%s, 0x%x, %d bytes: click to see them", l.Path, off, l.Size)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, off) }, scope)
			}),
		),
	)
	if b.Open {
		d = d.Open(true)
	}
	return d
}

// level9Listing is the Aon9 part's view: its listing, open.
func level9Listing(pv *model.PartView) []app.UI {
	if len(pv.Level9) == 0 {
		return nil
	}
	return []app.UI{app.Div().Class("special listing").Body(
		app.H3().Text("Level9 (D3D9) listing"),
		&ListingBlock{Title: "Aon9 as FXC lists it", Lines: pv.Level9, Open: true},
	)}
}
