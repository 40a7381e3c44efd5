package app

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// dbState is the inspector's state for SQLite databases: the open ones (an
// SODB and a PSDB may be open together, to link their groups), the one
// shown, and whether the page shows it or a container opened from it.
type dbState struct {
	list   []*model.DBModel
	active int
	rev    int

	// The container shown from a database, for the banner above the inspector.
	from     *model.DBModel
	fromNote string
}

// openDatabase opens SQLite bytes as a database, in addition to those
// already open, and reports whether it did. Other bytes close the databases.
func (in *Inspector) openDatabase(ctx app.Context, name string, data []byte) bool {
	if !sqlite.IsSQLite(data) {
		in.db = dbState{}
		return false
	}
	t0 := in.now()
	d, err := shaderdb.Open(data)
	if err != nil {
		in.db = dbState{}
		return false // shown as a file that is not a container
	}
	openMs := in.now() - t0
	m := model.NewDBModel(name, data, d)
	replaced := false
	for i, o := range in.db.list {
		if o.Name == name {
			in.db.list[i], in.db.active, replaced = m, i, true
		}
	}
	if !replaced {
		in.db.list = append(in.db.list, m)
		in.db.active = len(in.db.list) - 1
	}
	model.LinkDatabases(in.db.list)
	in.db.from = nil
	in.db.rev++
	in.model = nil
	in.screen = screenDatabase
	in.status = ""
	start := in.started
	ctx.Defer(func(app.Context) {
		// Recorded for measurements (docs/database.md): reading the
		// database with shaderdb.Open, and load start to the rendered view.
		if perf := app.Window().Get("performance"); perf.Truthy() && start > 0 {
			app.Window().Set("dxscopeDBOpenMs", openMs)
			app.Window().Set("dxscopeDBLoadMs", perf.Call("now").Float()-start)
		}
	})
	return true
}

// mountDatabase subscribes to the database view's actions.
func (in *Inspector) mountDatabase(ctx app.Context) {
	ctx.Handle(views.ActOpenDBContainer, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(model.DBContainerRef); ok {
			in.openDBContainer(ctx, r)
		}
	})
	// Tests wait for this: the pre-rendered page is visible before the
	// wasm binary has attached its handlers.
	app.Window().Set("dxscopeReady", true)
}

// openDBContainer shows a container from a database in the full inspector.
// A container on one page is shown in place, so the hex view addresses the
// database file; one spread over overflow pages is assembled and shown alone.
func (in *Inspector) openDBContainer(ctx app.Context, r model.DBContainerRef) {
	if r.DB < 0 || r.DB >= len(in.db.list) {
		return
	}
	dm := in.db.list[r.DB]
	c := r.C
	in.started = in.now()
	var m *model.Model
	if c.FileOffset > 0 && c.FileOffset+4 <= int64(len(dm.Data)) && string(dm.Data[c.FileOffset:c.FileOffset+4]) == decode.Magic {
		m = build(dm.Name, dm.Data, c.FileOffset)
		in.db.fromNote = fmt.Sprintf("Showing %s from %s: its BLOB lies on one page, so the offsets below are the database file's (the container starts at %s).",
			c.Label, dm.Name, model.Hex(c.FileOffset))
	} else {
		b, err := c.Bytes()
		m = build(dm.Name+": "+c.Label, b, 0)
		in.db.fromNote = fmt.Sprintf("Showing %s from %s: its BLOB is spread over overflow pages, so it was assembled and the offsets below are the container's own, not the database file's.",
			c.Label, dm.Name)
		if err != nil {
			in.db.fromNote += " Reading it reported: " + err.Error()
		}
	}
	in.db.from = dm
	in.show(ctx, m)
	in.noteView(ctx) // the link names the container (at=) in the database file, or carries the assembled one
	// The hex view is mounted by this update, and reveals only on later
	// updates: ask again once it is there, so it opens at the container.
	base := m.Base
	ctx.Defer(func(ctx app.Context) {
		ctx.Dispatch(func(ctx app.Context) { in.revealAt(base) })
	})
}

// fromDatabase reports whether the shown container came from a database.
func (in *Inspector) fromDatabase() bool { return in.screen != screenDatabase && in.db.from != nil }

// databaseBanner says where a container opened from a database lives and
// leads back to the database (nil when the container is not from one).
func (in *Inspector) databaseBanner() app.UI {
	if !in.fromDatabase() {
		return nil
	}
	return app.P().ID("db-from").Class("nested").Body(
		app.Text(in.db.fromNote+" "),
		app.Button().ID("db-back").Class("link").Text("Back to the database").OnClick(func(ctx app.Context, e app.Event) {
			in.db.from = nil
			in.model = nil
			in.screen = screenDatabase
		}),
	)
}

// databaseBody draws the open databases.
func (in *Inspector) databaseBody() app.UI {
	active := min(in.db.active, len(in.db.list)-1)
	return app.Section().ID("database").Class("database").Body(
		app.Div().Class("db-tabs").Body(
			app.Range(in.db.list).Slice(func(i int) app.UI {
				dm := in.db.list[i]
				cls := "db-tab"
				if i == active {
					cls += " selected"
				}
				return app.Span().Class(cls).DataSet("name", dm.Name).Body(
					app.Button().ID(fmt.Sprintf("db-tab-%d", i)).Class("db-tab-name").Text(model.Shown(dm.Name)+" · "+dm.DB.Kind.Short()).
						OnClick(func(ctx app.Context, e app.Event) { in.db.active = i; in.db.rev++ }, app.EventScope(i, fmt.Sprintf("%p", dm))),
					app.Button().ID(fmt.Sprintf("db-close-%d", i)).Class("db-tab-close").Title("Close "+dm.Name).Text("×").
						OnClick(func(ctx app.Context, e app.Event) { in.closeDatabase(i) }, app.EventScope(i, fmt.Sprintf("%p", dm))),
				)
			}),
			app.Label().Class("button db-also").For("db-also-input").Text("Also open…").
				Title("Open another database beside this one (an SODB with a PSDB links their groups)"),
			app.Input().ID("db-also-input").Type("file").Class("visually-hidden").OnChange(in.onPick),
		),
		&views.DatabaseView{DB: in.db.list[active], Index: active, Rev: in.db.rev},
	)
}

func (in *Inspector) closeDatabase(i int) {
	if i < 0 || i >= len(in.db.list) {
		return
	}
	in.db.list = append(in.db.list[:i:i], in.db.list[i+1:]...)
	in.db.active = max(0, min(in.db.active, len(in.db.list)-1))
	model.LinkDatabases(in.db.list)
	in.db.rev++
	if len(in.db.list) == 0 {
		in.db = dbState{}
		in.screen = screenWelcome
	}
}
