package app

import (
	"fmt"
	"time"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

var demoGrid = views.DemoGrid()

// Inspector is the page: a thin adapter over page.State, which holds what
// the page shows and decides what each action does. The Inspector turns DOM
// events and the views' actions into page operations, carries out the
// effects they return (the address bar, scrolling, focus), reads files and
// draws the state.
type Inspector struct {
	app.Compo

	st *page.State

	dragging    bool
	started     float64   // performance.now() when the last load began
	copied      string    // what the last copy did, shown by the share bar until the link changes
	noteSeq     int       // the latest link write waiting for a paint
	linkPending bool      // a link waits for the paint of the file it shows
	entry       int       // the place of the history entry shown (writeHistory, entryOf)
	returning   bool      // going back to the entry returnTo (returnAfterDrop)
	returnTo    int       // the entry returnAfterDrop goes back to
	returnBy    time.Time // when the browser should have arrived there
	rowTick     int       // debounces writing row= while the hex view scrolls

	// ctx is the Inspector's own context (from OnMount): promise callbacks
	// dispatch through it, because an element's context is dropped when
	// go-app replaces the element before the promise settles.
	ctx    app.Context
	hasCtx bool

	bodyKeys app.Func // the document's keydown listener (keys.go)
	popState app.Func // the window's popstate listener (links.go)
	title    string   // the document's title as last set
	renders  int      // how often the page was drawn

	rehearsal *page.State // an example's, drawn hidden for one frame after start (warm.go)
}

// state returns the page state, made on first use (go-app pre-renders the
// page natively before OnMount).
func (in *Inspector) state() *page.State {
	if in.st == nil {
		in.st = page.New()
		in.st.Build = build
	}
	return in.st
}

// typed adapts a page operation on an action's value of type T to the
// inspector's handlers: an action whose value is not a T is not acted on.
func typed[T any](op func(T) page.Effects) func(app.Action) (page.Effects, bool) {
	return func(a app.Action) (page.Effects, bool) {
		v, ok := a.Value.(T)
		if !ok {
			return page.Effects{}, false
		}
		return op(v), true
	}
}

// OnMount subscribes to the views' actions and tells scripts (and tests)
// that the page is live: the pre-rendered HTML looks the same but has no
// handlers.
func (in *Inspector) OnMount(ctx app.Context) {
	st := in.state()
	in.ctx, in.hasCtx = ctx, true
	in.entry = entryOf() // a reload keeps the entry's place
	handle := func(name string, op func(a app.Action) (page.Effects, bool)) {
		ctx.Handle(name, func(ctx app.Context, a app.Action) {
			in.flush(ctx)
			if fx, ok := op(a); ok {
				in.apply(ctx, fx)
			}
		})
	}
	// The actions whose value names what to act on: an action carrying
	// another type of value changes nothing.
	for name, op := range map[string]func(app.Action) (page.Effects, bool){
		views.ActSelectPart:      typed(st.SelectPart),
		views.ActSelectNode:      typed(func(r views.NodeRef) page.Effects { return st.SelectNode(r.Part, r.Node) }),
		views.ActSelectField:     typed(func(r views.FieldRef) page.Effects { return st.SelectField(r.Part, r.Path, r.Off, r.Size) }),
		views.ActToggleNode:      typed(func(r views.NodeRef) page.Effects { return st.ToggleNode(r.Part, r.Node) }),
		views.ActSelectByte:      typed(st.SelectByte),
		views.ActGoto:            typed(st.Goto),
		views.ActSelectBytes:     typed(st.SelectBytes),
		views.ActSelectSource:    typed(st.SelectSourceLine),
		views.ActOpenNested:      typed(st.OpenNested),
		views.ActCompareSelect:   typed(st.CompareSelect),
		views.ActCompareCode:     typed(st.CompareCodeLine),
		views.ActCompareByteA:    typed(func(off int64) page.Effects { return st.CompareByte(off, true) }),
		views.ActCompareByteB:    typed(func(off int64) page.Effects { return st.CompareByte(off, false) }),
		views.ActCompareLink:     typed(st.CompareLinkRow),
		views.ActCompareRootSig:  typed(func(r views.RootSigRequest) page.Effects { return st.CompareRootSig(r.Text, r.Version) }),
		views.ActPipelineRootSig: typed(func(r views.RootSigRequest) page.Effects { return st.PipelineRootSig(r.Text, r.Version) }),
		views.ActPipelineOpen:    typed(st.PipelineOpen),
		views.ActTextPage:        typed(func(r views.TextPageRef) page.Effects { return st.SetTextPage(r.Command, r.Page) }),
		views.ActOpenDBContainer: typed(func(r model.DBContainerRef) page.Effects {
			in.started = in.now()
			return st.OpenDBContainer(r)
		}),
	} {
		handle(name, op)
	}
	handle(views.ActShowProblems, func(a app.Action) (page.Effects, bool) {
		sev, _ := a.Value.(string)
		return st.ShowFirstProblem(sev), true
	})
	handle(views.ActCompareMode, func(a app.Action) (page.Effects, bool) { return st.CompareMode(), true })
	handle(views.ActCloseCompare, func(a app.Action) (page.Effects, bool) { return st.CloseCompare(), true })
	in.handleEdit(ctx, handle)
	ctx.Handle(views.ActHexRow, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.HexRow); ok {
			in.onHexRow(ctx, r)
		}
	})
	ctx.Handle(views.ActCopyLink, func(ctx app.Context, a app.Action) { in.copyLink(ctx) })
	ctx.Handle(views.ActCopyText, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(views.CopyRequest); ok {
			in.copyText(ctx, r.Text, r.Done)
		}
	})
	ctx.Handle(views.ActExport, func(ctx app.Context, a app.Action) {
		if k, ok := a.Value.(string); ok {
			in.export(ctx, k)
		}
	})
	// Tells scripts and the browser tests that the page reacts from now on.
	in.listenOnBody(ctx)
	in.listenPopState(ctx)
	app.Window().Set("dxscopeReady", true)
	in.warmUp(ctx) // warm.go
	in.openPending(ctx)
}

// OnAppUpdate reloads into a newly fetched version of the app.
func (in *Inspector) OnAppUpdate(ctx app.Context) {
	if ctx.AppUpdateAvailable() {
		ctx.Reload()
	}
}

// OnNav applies the link in the address bar: on load, on Back/Forward and
// when the user edits the fragment. Fragments the page wrote itself change
// nothing (and draw nothing).
func (in *Inspector) OnNav(ctx app.Context) {
	at := entryOf()
	if in.returning {
		// Other entries met on the way back are not shown; an entry that
		// never comes (history trimmed by the browser) ends the wait.
		if at != in.returnTo && time.Now().Before(in.returnBy) {
			ctx.PreventUpdate()
			return
		}
		in.returning = false
	} else if in.returnAfterDrop(ctx, at) {
		return
	}
	in.entry = at
	in.linkPending = false
	in.noteSeq++ // the browser moved: a link waiting for a paint is not written
	link, short := linkOfEntry()
	in.apply(ctx, in.state().ApplyLink(link))
	if short {
		in.restoreAddress(ctx, link)
	}
}

// run performs an operation the user asked for and carries out its effects.
func (in *Inspector) run(ctx app.Context, op func() page.Effects) {
	in.flush(ctx)
	in.apply(ctx, op())
}

// flush writes the link of a file opened so recently that it is not written
// yet (noteAfterPaint), before anything else changes the view: the file
// keeps its own history entry (Back returns to it) however fast the next
// click comes. Its address is the link with the files named by hash, which
// costs the browser a third of the full one (docs/performance.md); the
// entry's state keeps the link, and OnNav reads it from there.
func (in *Inspector) flush(ctx app.Context) {
	if in.linkPending {
		in.linkPending = false
		in.noteSeq++
		fx := in.state().Note()
		in.applyAt(ctx, fx, fx.LinkShort)
	}
}

// apply carries out what an operation asks beyond drawing the state: the
// address bar, and the commands to views, sent after the render that may
// mount them.
func (in *Inspector) apply(ctx app.Context, fx page.Effects) { in.applyAt(ctx, fx, "") }

// applyAt is apply writing short, when it is not "", to the address bar in
// place of the link, which the history entry's state keeps (flush).
func (in *Inspector) applyAt(ctx app.Context, fx page.Effects, short string) {
	st := in.state()
	if fx.Unchanged {
		ctx.PreventUpdate()
		return
	}
	if fx.Link != "" && fx.History != page.Keep {
		in.copied = ""
		in.writeHistory(fx.Link, short, fx.History == page.Push)
	}
	if fx.LinkAfterPaint {
		in.linkPending = true
		in.noteAfterPaint(ctx)
	} else if t := st.Title(); t != in.title {
		// The title after the history entry it belongs to, and with the
		// link when that waits for the paint: the browser names the entry
		// shown after the document's title, so a new file's title written
		// before its entry renamed the entry of the file left, and Back's
		// list named each file after the next one.
		in.title = t
		app.Window().Get("document").Set("title", t)
	}
	// After the render, and after the OnMount of the views it mounted (go-app
	// dispatches those): their handlers must exist when the commands go out.
	ctx.Defer(func(ctx app.Context) {
		ctx.Dispatch(func(ctx app.Context) { ctx.PreventUpdate(); in.command(ctx, fx) })
	})
}

// command sends the views what an operation asks of them.
func (in *Inspector) command(ctx app.Context, fx page.Effects) {
	st := in.state()
	if fx.RevealHex {
		ctx.NewActionWithValue(views.ActRevealHex, views.HexReveal{Off: fx.HexOff})
	}
	if fx.ShowRow {
		ctx.NewActionWithValue(views.ActRevealHex, views.HexReveal{Off: fx.HexRow * 16, Exact: true})
	}
	if fx.RevealCode {
		ctx.NewAction(views.ActRevealCode)
	}
	if fx.RevealSource {
		ctx.NewAction(views.ActRevealSource)
	}
	if fx.ShowProblem {
		ctx.NewActionWithValue(views.ActShowProblem, fx.Problem)
	}
	if fx.RevealCompare && st.Cmp != nil {
		ctx.NewActionWithValue(views.ActRevealHex, views.HexReveal{View: "hexa", Off: st.Cmp.RevA})
		ctx.NewActionWithValue(views.ActRevealHex, views.HexReveal{View: "hexb", Off: st.Cmp.RevB})
	}
	if fx.RevealNode {
		scrollIntoView(fmt.Sprintf("node-%d", st.Node))
	}
	if fx.RevealPart {
		scrollIntoView(fmt.Sprintf("part-%d", st.Part))
	}
	switch {
	case fx.Focus != "" && fx.FocusQuietly:
		focusQuietly(fx.Focus)
	case fx.Focus != "":
		focus(fx.Focus)
	}
}

// Render draws the page.
func (in *Inspector) Render() app.UI {
	st := in.state()
	in.renders++
	app.Window().Set("dxscopeRenders", in.renders) // the browser tests count the page's renders
	cls := "app"
	switch {
	case st.Comparing(), st.Pipelining():
		cls += " comparing"
	case st.Screen == page.File && st.Model != nil && st.Model.File != nil:
		cls += " inspecting" // the panes fill the window, each scrolling itself
	}
	if in.dragging {
		cls += " dragging"
	}
	return app.Elem("div").ID("app").Class(cls).
		OnDragOver(in.onDragOver).OnDragLeave(in.onDragLeave).OnDrop(in.onDrop).OnKeyDown(in.onKey).Body(
		app.Elem("header").Class("top").Body(
			app.Elem("h1").Body(app.Elem("img").Attr("src", "/web/icon.svg").Attr("alt", "").Class("logo"), app.Text("dxscope")),
			app.Elem("p").Class("tagline").Text("DirectX shader container inspector. Files are decoded in your browser; nothing is uploaded."),
			app.Elem("div").Class("open").Body(
				views.FileButton("file-input", "button", "", "", "Open a file…"),
				views.HiddenFilesInput("file-input", in.onPick),
				app.Elem("span").Class("or").Text("or drop one anywhere, or try:"),
				app.Range(Examples).Slice(func(i int) app.UI {
					ex := Examples[i]
					return app.Elem("button").Class("example").ID("example-" + ex.File).Title(ex.About).Text(ex.Label).
						OnClick(func(ctx app.Context, e app.Event) { in.fetchExample(ctx, ex) })
				}),
			),
		),
		// The notices keep one place among the page's children: go-app
		// matches children by position, so a status coming or going would
		// otherwise build the summary, the share bar and the file screen
		// below it anew (each example opened showed "Reading…" first).
		app.Elem("div").Class("notices").Body(
			app.If(st.Status != "", func() app.UI { return app.Elem("p").ID("status").Class("status").Text(st.Status) }),
			app.If(lastCrash != nil, in.crashBanner),
		),
		app.If(st.Model != nil, func() app.UI { return &views.SummaryBar{Model: st.Model} }),
		in.shareUI(),
		in.mainView(),
		app.If(st.ShowKeys, in.keysPanel),
		app.Elem("footer").Class("keys").Body(
			app.Text("Keys: ↑/↓ move through parts or tree nodes · → / ← open / close · Enter toggles · h jumps to the bytes · g: go to offset · [ / ]: previous / next part · ?: all keys."),
		),
		app.Elem("div").Class("drop-overlay").Text("Drop to inspect"),
		app.If(in.rehearsal != nil && st.Model == nil && st.Screen == page.Welcome, in.rehearsalView), // gone once anything opens
	)
}

// mainView is the compare view, the databases, the demo, the welcome or the
// inspector's body, as the state's screen says.
func (in *Inspector) mainView() app.UI {
	st := in.state()
	m := st.Model
	switch {
	case st.Comparing():
		c := st.Cmp
		return &views.CompareView{Report: c.Rep, A: st.CompareA(), B: c.B, Selected: c.Sel, HasSel: c.HasSel,
			SelA: c.SelA, SelB: c.SelB, MarksA: c.MarksA, MarksB: c.MarksB, Code: c.Code, CodeSel: c.CodeSel, HasCodeSel: c.HasCodeSel,
			Link: c.Link, LinkSel: c.LinkSel,
			RootSig: rootSigBox(c.RootSig)}
	case st.Pipelining():
		return &views.PipelineView{Data: st.Stages.View, RootSig: rootSigBox(st.Stages.RootSig)}
	case st.Screen == page.Database && len(st.DB.List) > 0:
		return in.databaseBody()
	case st.Screen == page.Demo:
		return app.Elem("section").Class("demo").Body(
			app.Elem("h2").Text("Special views with made-up data"),
			&views.SignatureTable{Title: "input signature (demo)", Rows: views.DemoSignature()},
			&views.DependencyGrid{Data: demoGrid},
		)
	case m == nil:
		return app.Elem("section").Class("welcome").Body(
			app.Elem("h2").Text("Open a shader container"),
			app.Elem("p").Text("dxscope reads DXBC and DXIL containers (the output of FXC and DXC) and shows every part, every field and the bytes each came from. Select a field to learn what it means; click a byte to find the field it belongs to."),
			app.Elem("p").Text("Files that are not containers are searched for containers inside them (game packages, shader caches, executables). SQLite files open as databases: state object databases (SODB), precompiled shader databases (PSDB) or any other, with every shader one click away."),
			app.Elem("p").Text("Compare with… shows what differs between two containers, field by field. The address bar is always a link to what you see; the file travels inside it, never to a server."),
		)
	case m.File == nil:
		return &views.EmbeddedList{Model: m, Header: st.OriginNote()}
	}
	return in.body(st)
}

// originBanner says that the file was made from the C arrays of an -Fh
// header or from an FXC PDB (nil when it was not).
func (in *Inspector) originBanner(st *page.State) app.UI {
	note := st.OriginNote()
	if note == "" {
		return nil
	}
	return app.Elem("p").ID("header-from").Class("nested").Text(note)
}

// body is the inspector for one container: parts and problems, the part's
// views, the bytes and what the selection means. A wide window shows the
// four panes side by side, each scrolling itself; a narrow one shows the
// panes the tabs above them choose (web/dxscope.css).
func (in *Inspector) body(st *page.State) app.UI {
	m := st.Model
	pv := m.Parts[max(0, st.Part)]
	var nodePath, nodeValue string
	if n := st.SelectedNode(); n != nil {
		nodePath, nodeValue = n.JSONPath, n.Full
		if n.Kind == model.KindNumber {
			nodeValue = model.DisplayValue(n.JSONPath, n.Full, n)
		}
	}
	cols := "columns"
	if st.FullView {
		cols += " full-view"
	}
	return app.Elem("div").Class("main").Body(
		in.databaseBanner(st),
		in.originBanner(st),
		app.If(m.Base > 0 && !st.FromDatabase(), func() app.UI {
			return app.Elem("p").Class("nested").Body(
				app.Text(fmt.Sprintf("Showing the container at %s inside %s. ", model.Hex(m.Base), model.Shown(m.Name))),
				app.Elem("button").Class("link").Text("Back to the file").OnClick(func(ctx app.Context, e app.Event) {
					in.run(ctx, st.BackToFile)
				}),
			)
		}),
		in.editUI(st),
		in.paneTabs(st, pv),
		app.Elem("div").Class(cols).DataSet("pane", st.Pane.String()).Body(
			app.Elem("aside").ID("pane-parts").Class("col-parts pane").Aria("label", "parts").Body(
				app.Elem("h2").Text("Parts"),
				&views.PartList{Parts: m.Parts, Selected: st.Part, Removable: st.Editing()},
				// Beside the parts: a damaged file's problems and the
				// teaching panel are on screen together.
				app.Elem("section").Class("problems-section").Body(
					app.Elem("h2").Text(fmt.Sprintf("Problems (%d)", len(m.Problems))),
					&views.ProblemList{Problems: m.Problems},
				),
			),
			app.Elem("section").ID("pane-view").Class("col-tree pane").Aria("label", "decoded value").Body(
				app.Elem("h2").Body(app.Elem("span").Class("part-name").Text(model.Shown(pv.Name)), app.Text(" "+pv.Title)),
				app.Elem("p").Class("about").Text(pv.About),
				in.partViews(st, pv),
			),
			app.Elem("section").ID("pane-bytes").Class("col-bytes pane").Aria("label", "bytes").Body(
				&views.HexView{Model: m, Sel: st.Sel, Enc: st.Enc, Also: st.SourceMarks()},
			),
			app.Elem("section").ID("pane-meaning").Class("col-teach pane").Aria("label", "what the selection means").Body(
				in.lineCode(st),
				&views.TeachPanel{Model: m, Sel: st.Sel, Path: nodePath, Value: nodeValue, Part: pv.Name},
				&views.DataInspector{Data: m.Data, Off: st.CursorAt()},
			),
		),
	)
}

// lineCode lists what the selected source line produced, when one is
// selected and made code.
func (in *Inspector) lineCode(st *page.State) app.UI {
	lc, ok := st.LineCode()
	if !ok {
		return nil
	}
	return &views.LineCodeList{Code: lc, Sel: st.Sel}
}

// paneTabs choose the pane a narrow window shows (hidden in a wide one).
func (in *Inspector) paneTabs(st *page.State, pv *model.PartView) app.UI {
	tab := func(p page.Pane, label string) app.UI {
		return app.Elem("button").ID("show-"+p.String()).Class("pane-tab pane-tab-"+p.String()).Role("tab").Aria("selected", st.Pane == p).Text(label).
			OnClick(func(ctx app.Context, e app.Event) { in.run(ctx, func() page.Effects { return st.ShowPane(p) }) }, app.EventScope(p.String()))
	}
	return app.Elem("div").Class("pane-tabs").Role("tablist").Aria("label", "panes").Body(
		tab(page.PartsPane, "Parts"),
		tab(page.ViewPane, model.Shown(pv.Name)),
		tab(page.BytesPane, "Bytes"),
		tab(page.MeaningPane, "Meaning"),
	)
}

// partViews is the part's own view, its generic tree and its text forms,
// one tab apart; a part with neither a view of its own nor a text shows the
// tree alone. Only the tab shown is drawn: a large module's tree costs more
// than drawing its view, and is built the first time its tab is chosen.
func (in *Inspector) partViews(st *page.State, pv *model.PartView) app.UI {
	sv := st.Sources()
	sel := views.Selection{Span: st.Sel}
	if sv != nil && pv.Index == sv.PartIndex {
		sel.Marks = sv.Marks(st.Src)
	}
	specials := views.Specials(pv, sel)
	texts := pv.HasDumps()
	tree := func() app.UI {
		return app.Elem("div").Class("tree-tab").Body(
			&views.TreeView{Tree: pv.Tree(), Part: pv.Index, Open: st.OpenNodes(), Rev: st.ExpandedRev, Selected: st.Node})
	}
	if len(specials) == 0 && !texts {
		return app.Elem("div").Class("part-views").Body(tree())
	}
	shown := st.ShownTab(len(specials) > 0, texts)
	tab := func(id, label string, t page.Tab) app.UI {
		return app.Elem("button").ID(id).Class("part-tab").Aria("selected", shown == t).Role("tab").Text(label).
			OnClick(func(ctx app.Context, e app.Event) { in.run(ctx, func() page.Effects { return st.SetTab(t) }) }, app.EventScope(id)) // the tabs a part has vary: each button keeps its own handler
	}
	full := "Full width"
	if st.FullView {
		full = "Columns"
	}
	return app.Elem("div").Class("part-views").Body(
		app.Elem("div").Class("part-tabs").Role("tablist").Body(
			app.If(len(specials) > 0, func() app.UI { return tab("tab-view", model.Shown(pv.Name)+" view", page.OwnView) }),
			tab("tab-tree", "Tree", page.Tree),
			app.If(texts, func() app.UI { return tab("tab-text", "Text", page.Text) }),
			app.Elem("button").ID("full-view").Class("full-view-toggle").Aria("pressed", st.FullView).
				Title("give the part's views the whole width (the parts and bytes come back with Columns)").Text(full).
				OnClick(func(ctx app.Context, e app.Event) { in.run(ctx, st.ToggleFullView) }),
		),
		app.If(shown == page.OwnView, func() app.UI { return app.Elem("div").Class("specials").Body(in.withSource(st, pv, sv, specials)...) }),
		app.If(shown == page.Tree, tree),
		app.If(shown == page.Text, func() app.UI {
			return &views.TextDumps{Dumps: pv.Dumps(), FileBase: baseName(st.Model.Name), Pages: st.TextPages()}
		}),
	)
}

// withSource puts the source pane and the variables beside the code of the
// part the debug information maps; another part with code says where the
// source lines are.
func (in *Inspector) withSource(st *page.State, pv *model.PartView, sv *model.SourceView, specials []app.UI) []app.UI {
	switch {
	case sv == nil:
		return specials
	case pv.Index == sv.PartIndex:
		return []app.UI{&views.SourceBeside{Code: specials, Data: sv, Selected: st.Src}}
	case pv.HasDisassembly() || pv.CodeListing() != nil:
		i := sv.PartIndex
		note := app.Elem("p").Class("source-note").Body(
			app.Text(fmt.Sprintf("The debug information maps the source lines onto the %s part's code. ", model.Shown(sv.Part))),
			app.Elem("button").ID("show-source-part").Class("link").Text("Show "+model.Shown(sv.Part)+" with its source").
				OnClick(func(ctx app.Context, e app.Event) { in.run(ctx, func() page.Effects { return st.SelectPart(i) }) }),
		)
		return append([]app.UI{note}, specials...)
	}
	return specials
}
