package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SignatureTable draws signature elements like the compiler's listing.
type SignatureTable struct {
	app.Compo
	Title string
	Rows  []model.SignatureRow

	page pageWindow
}

// OnMount and OnUpdate start new rows at their first page.
func (s *SignatureTable) OnMount(ctx app.Context)  { followRows(&s.page, s.Rows) }
func (s *SignatureTable) OnUpdate(ctx app.Context) { followRows(&s.page, s.Rows) }

// Render draws a page of the table.
func (s *SignatureTable) Render() app.UI {
	first, end := s.page.bounds(len(s.Rows))
	return app.Div().Class("special signature").Body(
		app.H3().Text(s.Title),
		s.page.bar("", "elements", len(s.Rows)),
		app.Table().Class("sig-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text("name"), app.Th().Text("index"), app.Th().Text("mask"), app.Th().Text("register"),
				app.Th().Text("system value"), app.Th().Text("format"), app.Th().Text("used"),
			)),
			app.TBody().Body(app.Range(s.Rows[first:end]).Slice(func(k int) app.UI {
				r := s.Rows[first+k]
				reg := "N/A"
				if r.Register >= 0 {
					reg = fmt.Sprint(r.Register)
				}
				row := app.Tr()
				if r.Size > 0 {
					br := model.ByteRange{Off: r.Off, Size: r.Size}
					row = row.Class("record-row").Title("click to see the element's bytes").
						On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, br) }, app.EventScope(first+k, r.Off))
				}
				return row.Body(
					app.Td().Text(model.Shown(r.Name)), app.Td().Class("num").Text(fmt.Sprint(r.Index)),
					app.Td().Class("mask").Text(model.MaskText(r.Mask)), app.Td().Class("num").Text(reg),
					app.Td().Text(r.SystemValue), app.Td().Text(r.Format), app.Td().Class("mask").Text(model.MaskText(r.Used)),
				)
			})),
		),
	)
}

// ---- reading view-model data from a part's tree (its JSON) ----
