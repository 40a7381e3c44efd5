package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ListingBlock shows lines of a compiler listing: the comment block FXC
// writes above the code, the level-9 listing or RDEF's text as a foldable
// block of comments, or (Code) the instructions themselves, each line with
// its offset. A line made of bytes selects them (or its tree node) when
// clicked.
type ListingBlock struct {
	app.Compo
	ID    string
	Title string
	Lines []model.ListingLine
	Open  bool // unfolded when first drawn
	Code  bool // instruction lines: always open, each with its offset

	page pageWindow
}

// Render draws the block.
func (b *ListingBlock) Render() app.UI {
	b.page.size = ListingPage
	first, end := pageOf(&b.page, b.Lines)
	noun, cls := "lines", "listing-line listing-comment"
	if b.Code {
		noun, cls = "instructions", "listing-line"
	}
	lines := app.Div().Class("listing-lines").ID(b.ID).Body(
		app.Range(b.Lines[first:end]).Slice(func(k int) app.UI {
			i := first + k
			l := b.Lines[i]
			line := app.Div().Class(cls).Text(l.Text)
			if b.Code && l.Size > 0 {
				line = app.Div().Class(cls).Body(app.Span().Class("listing-off").Text(fmt.Sprintf("%04x", l.Off)), app.Span().Text(l.Text))
			}
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
			return line.DataSet("off", off).Title(strings.TrimPrefix(fmt.Sprintf("%s, 0x%x, %d bytes: click to see them", l.Path, off, l.Size), ", ")).
				On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, off) }, scope)
		}),
	)
	if b.Code {
		return app.Div().Class("special listing").Body(app.H3().Text(b.Title), b.page.bar(b.ID+"-pager", noun, len(b.Lines)), lines)
	}
	d := app.Details().Class("listing-block").Body(
		app.Summary().Text(fmt.Sprintf("%s (%d lines)", b.Title, len(b.Lines))),
		b.page.bar("", noun, len(b.Lines)),
		lines,
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

// shaderListing is an SHDR/SHEX part's view: FXC's header comments, folded,
// then the instructions, one line each.
func shaderListing(pv *model.PartView) []app.UI {
	code := pv.CodeListing()
	if code == nil {
		return nil
	}
	out := []app.UI{}
	if len(pv.FXCHeader) > 0 {
		out = append(out, &ListingBlock{Title: "FXC listing header", Lines: pv.FXCHeader})
	}
	return append(out, &ListingBlock{ID: "listing", Title: code.Title, Lines: code.Lines, Code: true})
}
