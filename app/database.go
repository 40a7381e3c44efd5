// The databases' part of the page: the banner over a container opened
// from one, and the open databases.
package app

import (
	"fmt"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// databaseBanner says where a container opened from a database lives and
// leads back to the database (nil when the container is not from one).
func (in *Inspector) databaseBanner(st *page.State) app.UI {
	if !st.FromDatabase() {
		return nil
	}
	return app.Elem("p").ID("db-from").Class("nested").Body(
		app.Text(st.DB.FromNote+" "),
		app.Elem("button").ID("db-back").Class("link").Text("Back to the database").OnClick(func(ctx app.Context, e app.Event) {
			in.run(ctx, st.BackToDatabase)
		}),
	)
}

// databaseBody draws the open databases.
func (in *Inspector) databaseBody() app.UI {
	db := &in.state().DB
	active := min(db.Active, len(db.List)-1)
	return app.Elem("section").ID("database").Class("database").Body(
		app.Elem("div").Class("db-tabs").Body(
			app.Range(db.List).Slice(func(i int) app.UI {
				dm := db.List[i]
				cls := "db-tab"
				if i == active {
					cls += " selected"
				}
				return app.Elem("span").Class(cls).DataSet("name", dm.Name).Body(
					app.Elem("button").ID(fmt.Sprintf("db-tab-%d", i)).Class("db-tab-name").Text(model.Shown(dm.Name)+" · "+dm.DB.Kind.Short()).
						OnClick(func(ctx app.Context, e app.Event) {
							in.run(ctx, func() page.Effects { return in.state().SelectDatabase(i) })
						}, app.EventScope(i, fmt.Sprintf("%p", dm))),
					app.Elem("button").ID(fmt.Sprintf("db-close-%d", i)).Class("db-tab-close").Title("Close "+dm.Name).Text("×").
						OnClick(func(ctx app.Context, e app.Event) {
							in.run(ctx, func() page.Effects { return in.state().CloseDatabase(i) })
						}, app.EventScope(i, fmt.Sprintf("%p", dm))),
				)
			}),
			app.Elem("label").Class("button db-also").Attr("for", "db-also-input").Text("Also open…").
				Title("Open another database beside this one (an SODB with a PSDB links their groups)"),
			app.Elem("input").ID("db-also-input").Attr("type", "file").Class("visually-hidden").OnChange(in.onPick),
		),
		&views.DatabaseView{DB: db.List[active], Index: active, Rev: db.Rev},
	)
}
