package app

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

var demoGrid = views.DemoGrid()

// Inspector is the page. It holds the one copy of the page state (the
// model, the selected part, node and bytes, the open tree nodes) and turns
// what the views report into new state.
type Inspector struct {
	app.Compo

	model  *model.Model
	part   int            // selected entry of model.Parts
	open   []map[int]bool // open tree nodes, per part
	rev    int            // changes whenever open does
	node   int            // selected node ID in the part's tree, -1 for none
	sel    decode.Span    // selected bytes
	enc    decode.Span    // the structure around them
	cursor int64          // the byte last clicked or gone to (the data inspector reads there while it is selected)

	revealOff int64
	revealSeq int

	screen   screen  // what the main area shows (screen.go)
	tab      partTab // which of the selected part's views is shown
	next     openAs  // what the next file the user opens becomes
	showKeys bool    // the ? panel listing every key

	problemShow, problemSeq int    // the problem the summary's buttons last asked to see
	status                  string // loading / error message
	dragging                bool
	started                 float64 // performance.now() when the last load began

	share shareState // share link, exports, compare (share.go, compare.go)
	db    dbState    // open SQLite databases (database.go)
}

// OnMount subscribes to the views' actions and tells scripts (and tests)
// that the page is live: the pre-rendered HTML looks the same but has no
// handlers.
func (in *Inspector) OnMount(ctx app.Context) {
	in.mountShare(ctx)
	app.Window().Set("dxscopeReady", true)
	warmUp(ctx) // warm.go
	ctx.Handle(views.ActSelectPart, func(ctx app.Context, a app.Action) {
		if i, ok := a.Value.(int); ok {
			in.selectPart(ctx, i)
			in.noteView(ctx)
		}
	})
	ctx.Handle(views.ActSelectNode, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.NodeRef); ok {
			in.selectNode(ctx, r.Part, r.Node, true)
			in.noteView(ctx)
		}
	})
	ctx.Handle(views.ActToggleNode, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.NodeRef); ok && r.Part < len(in.open) {
			in.open[r.Part][r.Node] = !in.open[r.Part][r.Node]
			in.rev++
			in.noteView(ctx)
		}
	})
	ctx.Handle(views.ActSelectByte, func(ctx app.Context, a app.Action) {
		if off, ok := a.Value.(int64); ok {
			in.tab = tabTree // a byte clicked in the hex view is shown in the tree
			in.selectByte(ctx, off, false)
			in.noteView(ctx)
		}
	})
	ctx.Handle(views.ActGoto, func(ctx app.Context, a app.Action) {
		if off, ok := a.Value.(int64); ok {
			in.selectByte(ctx, off, true)
			in.noteView(ctx)
		}
	})
	in.mountDatabase(ctx)
	in.mountDisassembly(ctx)
	in.openPending(ctx)
	ctx.Handle(views.ActShowProblems, func(ctx app.Context, a app.Action) {
		sev, _ := a.Value.(string)
		in.showFirstProblem(ctx, sev)
	})
	ctx.Handle(views.ActOpenNested, func(ctx app.Context, a app.Action) {
		if off, ok := a.Value.(int64); ok && in.model != nil {
			in.show(ctx, build(in.model.Name, in.model.Data, off))
			in.noteView(ctx) // at= names the container: a link, and a step Back returns to the list
		}
	})
}

// OnAppUpdate reloads into a newly fetched version of the app.
func (in *Inspector) OnAppUpdate(ctx app.Context) {
	if ctx.AppUpdateAvailable() {
		ctx.Reload()
	}
}

func (in *Inspector) tree() *model.Tree {
	if in.model == nil || in.part < 0 || in.part >= len(in.model.Parts) {
		return nil
	}
	return in.model.Parts[in.part].Tree()
}

// Render draws the page.
func (in *Inspector) Render() app.UI {
	cls := "app"
	if in.dragging {
		cls += " dragging"
	}
	return app.Div().ID("app").Class(cls).
		OnDragOver(in.onDragOver).OnDragLeave(in.onDragLeave).OnDrop(in.onDrop).OnKeyDown(in.onKey).Body(
		app.Header().Class("top").Body(
			app.H1().Body(app.Img().Src("/web/icon.svg").Alt("").Class("logo"), app.Text("dxscope")),
			app.P().Class("tagline").Text("DirectX shader container inspector. Files are decoded in your browser; nothing is uploaded."),
			app.Div().Class("open").Body(
				views.FileButton("file-input", "button", "", "", "Open a file…"),
				views.HiddenFileInput("file-input", in.onPick),
				app.Span().Class("or").Text("or drop one anywhere, or try:"),
				app.Range(Examples).Slice(func(i int) app.UI {
					ex := Examples[i]
					return app.Button().Class("example").ID("example-" + ex.File).Title(ex.About).Text(ex.Label).
						OnClick(func(ctx app.Context, e app.Event) { in.fetchExample(ctx, ex) })
				}),
			),
		),
		app.If(in.status != "", func() app.UI { return app.P().ID("status").Class("status").Text(in.status) }),
		app.If(lastCrash != nil, in.crashBanner),
		app.If(in.model != nil, func() app.UI { return &views.SummaryBar{Model: in.model} }),
		in.shareUI(),
		in.mainView(),
		app.If(in.showKeys, in.keysPanel),
		app.Footer().Class("keys").Body(
			app.Text("Keys: ↑/↓ move through parts or tree nodes · → / ← open / close · Enter toggles · h jumps to the bytes · g: go to offset · [ / ]: previous / next part · ?: all keys."),
		),
		app.Div().Class("drop-overlay").Text("Drop to inspect"),
	)
}

func (in *Inspector) body() app.UI {
	m := in.model
	switch {
	case in.screen == screenDatabase && len(in.db.list) > 0:
		return in.databaseBody()
	case in.screen == screenDemo:
		return app.Section().Class("demo").Body(
			app.H2().Text("Special views with made-up data"),
			&views.SignatureTable{Title: "input signature (demo)", Rows: views.DemoSignature()},
			&views.DependencyGrid{Data: demoGrid},
		)
	case m == nil:
		return app.Section().Class("welcome").Body(
			app.H2().Text("Open a shader container"),
			app.P().Text("dxscope reads DXBC and DXIL containers (the output of FXC and DXC) and shows every part, every field and the bytes each came from. Select a field to learn what it means; click a byte to find the field it belongs to."),
			app.P().Text("Files that are not containers are searched for containers inside them (game packages, shader caches, executables). SQLite files open as databases: state object databases (SODB), precompiled shader databases (PSDB) or any other, with every shader one click away."),
			app.P().Text("Compare with… shows what differs between two containers, field by field. The address bar is always a link to what you see; the file travels inside it, never to a server."),
		)
	case m.File == nil:
		return &views.EmbeddedList{Model: m}
	}
	pv := m.Parts[max(0, in.part)]
	var open map[int]bool
	if in.part >= 0 && in.part < len(in.open) {
		open = in.open[in.part]
	}
	var nodePath, nodeValue string
	if t := pv.Tree(); t != nil && in.node >= 0 && in.node < len(t.Nodes) {
		n := t.Nodes[in.node]
		nodePath, nodeValue = n.JSONPath, n.Full
	}
	return app.Div().Class("main").Body(
		in.databaseBanner(),
		app.If(m.Base > 0 && !in.fromDatabase(), func() app.UI {
			return app.P().Class("nested").Body(
				app.Text(fmt.Sprintf("Showing the container at %s inside %s. ", model.Hex(m.Base), m.Name)),
				app.Button().Class("link").Text("Back to the file").OnClick(func(ctx app.Context, e app.Event) {
					in.show(ctx, build(m.Name, m.Data, 0))
				}),
			)
		}),
		app.Div().Class("columns").Body(
			app.Aside().Class("col-parts").Body(
				app.H2().Text("Parts"),
				&views.PartList{Parts: m.Parts, Selected: in.part},
				// Beside the parts, not below the page: at 1400×900 a damaged
				// file's problems and the teaching panel are both on screen.
				app.Section().Class("problems-section").Body(
					app.H2().Text(fmt.Sprintf("Problems (%d)", len(m.Problems))),
					&views.ProblemList{Problems: m.Problems, Show: in.problemShow, ShowSeq: in.problemSeq},
				),
			),
			app.Section().Class("col-tree").Body(
				app.H2().Body(app.Span().Class("part-name").Text(model.Shown(pv.Name)), app.Text(" "+pv.Title)),
				app.P().Class("about").Text(pv.About),
				in.partViews(pv, open),
			),
			app.Section().Class("col-bytes").Body(
				app.H2().Text("Bytes"),
				&views.HexView{Model: m, Sel: in.sel, Enc: in.enc, RevealOff: in.revealOff, RevealSeq: in.revealSeq,
					ShowRow: in.share.row, ShowRowSeq: in.share.rowSeq},
				&views.TeachPanel{Model: m, Sel: in.sel, Path: nodePath, Value: nodeValue, Part: pv.Name},
				&views.DataInspector{Data: m.Data, Off: in.cursorAt()},
			),
		),
	)
}

// partViews is the part's own view, its generic tree and its text forms,
// one tab apart; a part with neither a view of its own nor a text shows the
// tree alone. The own view and the tree stay rendered (the hidden one with
// display:none) so switching costs nothing; the text is written when its
// tab is first shown.
func (in *Inspector) partViews(pv *model.PartView, open map[int]bool) app.UI {
	specials := views.Specials(pv)
	tree := &views.TreeView{Tree: pv.Tree(), Part: pv.Index, Open: open, Rev: in.rev, Selected: in.node}
	texts := pv.HasDumps()
	if len(specials) == 0 && !texts {
		return app.Div().Class("part-views").Body(tree)
	}
	shown := in.tab // what the tab names, or the next one the part has
	if shown == tabText && !texts {
		shown = tabOwnView
	}
	if shown == tabOwnView && len(specials) == 0 {
		shown = tabTree
	}
	tab := func(id, label string, t partTab) app.UI {
		return app.Button().ID(id).Class("part-tab").Aria("selected", shown == t).Role("tab").Text(label).
			OnClick(func(ctx app.Context, e app.Event) { in.tab = t; in.noteView(ctx) }, app.EventScope(id)) // the tabs a part has vary: each button keeps its own handler
	}
	hidden := map[bool]string{true: " hidden"}
	return app.Div().Class("part-views").Body(
		app.Div().Class("part-tabs").Role("tablist").Body(
			app.If(len(specials) > 0, func() app.UI { return tab("tab-view", model.Shown(pv.Name)+" view", tabOwnView) }),
			tab("tab-tree", "Tree", tabTree),
			app.If(texts, func() app.UI { return tab("tab-text", "Text", tabText) }),
		),
		app.Div().Class("specials"+hidden[shown != tabOwnView]).Body(specials...),
		app.Div().Class("tree-tab"+hidden[shown != tabTree]).Body(tree),
		app.If(shown == tabText, func() app.UI {
			return &views.TextDumps{Dumps: pv.Dumps(), FileBase: baseName(in.model.Name)}
		}),
	)
}
