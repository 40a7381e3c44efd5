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
	return app.Elem("div").Class("special signature").Body(
		app.Elem("h3").Text(s.Title),
		s.page.bar("", "elements", len(s.Rows)),
		app.Elem("table").Class("sig-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(
				app.Elem("th").Text("name"), app.Elem("th").Text("index"), app.Elem("th").Text("mask"), app.Elem("th").Text("register"),
				app.Elem("th").Text("system value"), app.Elem("th").Text("format"), app.Elem("th").Text("used"),
			)),
			app.Elem("tbody").Body(app.Range(s.Rows[first:end]).Slice(func(k int) app.UI {
				r := s.Rows[first+k]
				reg := "N/A"
				if r.Register >= 0 {
					reg = fmt.Sprint(r.Register)
				}
				row := app.Elem("tr")
				if r.Size > 0 {
					br := model.ByteRange{Off: r.Off, Size: r.Size}
					row = row.Class("record-row").Title("click to see the element's bytes").
						On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, br) }, app.EventScope(first+k, r.Off))
				}
				return row.Body(
					app.Elem("td").Text(model.Shown(r.Name)), app.Elem("td").Class("num").Text(fmt.Sprint(r.Index)),
					app.Elem("td").Class("mask").Text(model.MaskText(r.Mask)), app.Elem("td").Class("num").Text(reg),
					app.Elem("td").Text(r.SystemValue), app.Elem("td").Text(r.Format), app.Elem("td").Class("mask").Text(model.MaskText(r.Used)),
				)
			})),
		),
	)
}

// ---- reading view-model data from a part's tree (its JSON) ----
