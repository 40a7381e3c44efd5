package views

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActOpenDBContainer asks the inspector to open a container a database
// holds; value: DBContainerRef.
const ActOpenDBContainer = "dx-open-db-container"

// DBPageSize is how many rows a database list shows at once. go-app renders
// a few thousand DOM rows a second, so a 10,000-shader database is paged.
const DBPageSize = 50

// dbUI is the view state of one database: section, page and filter per list,
// and the rows opened for details.
type dbUI struct {
	section string
	page    map[string]int
	filter  map[string]string
	open    map[string]bool
}

// DatabaseView shows one open database: an SODB's groups, pipelines,
// shaders, root signatures and state objects; a PSDB's identity, compilers,
// groups and values; any other database's tables and the containers in its
// blobs. Lists are paged (DBPageSize rows).
type DatabaseView struct {
	app.Compo
	DB    *model.DBModel
	Index int // position among the open databases (for model.DBContainerRef)
	Rev   int // changes whenever links or the list of databases change

	ui map[*model.DBModel]*dbUI
}

func (v *DatabaseView) state() *dbUI {
	if v.ui == nil {
		v.ui = map[*model.DBModel]*dbUI{}
	}
	s := v.ui[v.DB]
	if s == nil {
		s = &dbUI{page: map[string]int{}, filter: map[string]string{}, open: map[string]bool{}}
		v.ui[v.DB] = s
	}
	return s
}

// dbSection is one tab of the database view: its id, its label with the
// count, and what it draws.
type dbSection struct {
	id, label string
	draw      func() app.UI
}

func (v *DatabaseView) sections() []dbSection {
	d := v.DB.DB
	var secs []dbSection
	switch {
	case d.SODB != nil:
		s := d.SODB
		secs = []dbSection{
			{"groups", fmt.Sprintf("Groups (%d)", len(s.Groups)), v.sodbGroups},
			{"pipelines", fmt.Sprintf("Pipeline states (%d)", len(s.Pipelines)), v.pipelines},
			{"shaders", fmt.Sprintf("Shader bytecode (%d)", len(s.Shaders)), v.shaders},
			{"rootsigs", fmt.Sprintf("Root signatures (%d)", len(s.RootSignatures)), v.rootSigs},
			{"stateobjects", fmt.Sprintf("State objects (%d)", len(s.StateObjects)), v.stateObjects},
		}
	case d.PSDB != nil:
		secs = []dbSection{{"groups", fmt.Sprintf("Groups (%d)", len(d.PSDB.Groups)), v.psdbGroups}}
	default:
		secs = []dbSection{{"blobs", fmt.Sprintf("BLOBs (%d, %d containers)", len(d.Blobs), d.ContainerCount()), v.blobs}}
	}
	return append(secs,
		dbSection{"tables", fmt.Sprintf("Tables (%d)", len(d.Tables)), v.tables},
		dbSection{"problems", fmt.Sprintf("Problems (%d)", len(v.DB.Problems)), v.problems})
}

// Render draws the database.
func (v *DatabaseView) Render() app.UI {
	if v.DB == nil || v.DB.DB == nil {
		return app.Div().ID("db-view")
	}
	st := v.state()
	secs := v.sections()
	shown := secs[0]
	for _, sec := range secs {
		if sec.id == st.section {
			shown = sec
		}
	}
	st.section = shown.id
	return app.Div().ID("db-view").Class("db-view").DataSet("kind", strings.ToLower(v.DB.DB.Kind.Short())).Body(
		v.summary(),
		v.identity(),
		app.Nav().Class("db-sections").Role("tablist").Body(
			app.Range(secs).Slice(func(i int) app.UI {
				sec := secs[i]
				cls := "db-section-tab"
				if sec.id == st.section {
					cls += " selected"
				}
				return app.Button().ID("db-sec-"+sec.id).Class(cls).Role("tab").Aria("selected", sec.id == st.section).Text(sec.label).
					OnClick(func(ctx app.Context, e app.Event) { st.section = sec.id }, app.EventScope(fmt.Sprintf("%p", st), sec.id))
			}),
		),
		app.Div().Class("db-body").Body(shown.draw()),
	)
}

func (v *DatabaseView) summary() app.UI {
	m := v.DB
	h := m.DB.SQL.Header
	item := func(label, value, cls string) app.UI {
		return app.Div().Class("sum-item "+cls).Body(app.Span().Class("sum-label").Text(label), app.Span().Class("sum-value").Text(value))
	}
	return app.Div().Class("summary db-summary").Body(
		app.Div().Class("sum-item sum-name").Body(app.Span().ID("db-name").Text(model.Shown(m.Name))),
		item("kind", m.DB.Kind.String(), "db-kind"),
		item("size", model.SizeText(int64(len(m.Data))), "sum-size"),
		item("pages", fmt.Sprintf("%d × %d bytes", m.DB.SQL.PageCount(), h.PageSize), "db-pages"),
		item("application_id", fmt.Sprintf("0x%08X", h.ApplicationID), "db-appid"),
		item("user_version", fmt.Sprint(h.UserVersion), "db-userver"),
		app.Div().Class("sum-item sum-problems").Body(app.Span().Class("sum-label").Text("problems"), Badges(m.Errors, m.Warnings, m.Notes, true)),
	)
}

// dl renders label/value pairs, skipping empty values.
func dl(id string, pairs ...string) app.UI {
	var items []app.UI
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			continue
		}
		items = append(items, app.Dt().Text(pairs[i]), app.Dd().Text(pairs[i+1]))
	}
	return app.Dl().ID(id).Class("db-dl").Body(items...)
}

func (v *DatabaseView) identity() app.UI {
	d := v.DB.DB
	switch {
	case d.SODB != nil:
		a := d.SODB.App
		if a == nil {
			return app.Div().Class("db-identity").Body(app.H3().Text("Application"), app.P().Class("muted").Text("app_id is empty."))
		}
		return app.Div().Class("db-identity").Body(
			app.H3().Text("Application (app_id)"),
			dl("sodb-app", "executable", a.Exe, "name", a.Name, "engine", a.EngineName,
				"application version", a.AppVersion.String(), "engine version", a.EngineVersion.String()),
		)
	case d.PSDB != nil:
		p := d.PSDB
		var app1 app.UI = app.P().Class("muted").Text("app_id is empty.")
		if a := p.App; a != nil {
			app1 = dl("psdb-app", "executable", a.ExePath, "name", a.Name, "engine", a.EngineName,
				"application version", a.AppVersion.String(), "engine version", a.EngineVersion.String(),
				"application profile version", a.AppProfileVersion.String())
		}
		return app.Div().Class("db-identity").Body(
			app.P().ID("psdb-schema-note").Class("db-unofficial").Text("Tables read "+p.SchemaNote+"."),
			app.Div().Class("db-cols").Body(
				app.Div().Body(app.H3().Text("Application (app_id)"), app1),
				app.Div().Body(
					app.H3().Text("Compiler (compiler_id)"),
					app.Table().ID("psdb-compilers").Class("db-table").Body(
						app.THead().Body(app.Tr().Body(app.Th().Text("id"), app.Th().Text("adapter family"), app.Th().Text("ABI"),
							app.Th().Text("compiler version"), app.Th().Text("major"), app.Th().Text("minor"), app.Th().Text("build"), app.Th().Text("revision"))),
						app.TBody().Body(app.Range(p.Compilers).Slice(func(i int) app.UI {
							c := p.Compilers[i]
							parts := c.Version.Parts()
							return app.Tr().Body(app.Td().Class("num").Text(c.ID), app.Td().Class("mono").Text(c.Family), app.Td().Class("num").Text(c.ABI),
								app.Td().Class("mono compiler-version").Text(c.Version.String()),
								app.Td().Class("num").Text(parts[0]), app.Td().Class("num").Text(parts[1]), app.Td().Class("num").Text(parts[2]), app.Td().Class("num").Text(parts[3]))
						})),
					),
				),
			),
		)
	}
	return app.Div().Class("db-identity").Body(app.P().Class("muted").Text(
		"Not a state object or precompiled shader database: every table is listed, and every BLOB value was checked for shader containers (at its start and inside)."))
}

// pageOf returns the rows of a list to show: the filter applied (match
// reports whether row i matches the lowercase filter) and the page cut.
func (v *DatabaseView) pageOf(list string, n int, match func(i int, f string) bool) (rows []int, total int) {
	st := v.state()
	f := strings.ToLower(strings.TrimSpace(st.filter[list]))
	var all []int
	if f == "" || match == nil {
		total = n
	} else {
		for i := 0; i < n; i++ {
			if match(i, f) {
				all = append(all, i)
			}
		}
		total = len(all)
	}
	pages := max(1, (total+DBPageSize-1)/DBPageSize)
	p := min(max(0, st.page[list]), pages-1)
	st.page[list] = p
	for i := p * DBPageSize; i < min(total, (p+1)*DBPageSize); i++ {
		if all != nil || f != "" {
			rows = append(rows, all[i])
		} else {
			rows = append(rows, i)
		}
	}
	return rows, total
}

// pager draws "rows a–b of n", previous/next buttons and, when filter is
// set, a filter box (applied on Enter or leaving the box).
func (v *DatabaseView) pager(list string, total int, filter string) app.UI {
	st := v.state()
	p := st.page[list]
	pages := max(1, (total+DBPageSize-1)/DBPageSize)
	from, to := p*DBPageSize+1, min(total, (p+1)*DBPageSize)
	if total == 0 {
		from = 0
	}
	return app.Div().Class("db-pager").Body(
		app.If(filter != "", func() app.UI {
			return app.Input().ID("db-filter-"+list).Class("db-filter").Type("search").Placeholder(filter).Value(st.filter[list]).
				OnChange(func(ctx app.Context, e app.Event) {
					st.filter[list] = ctx.JSSrc().Get("value").String()
					st.page[list] = 0
				}, app.EventScope(fmt.Sprintf("%p", st), list))
		}),
		app.Span().ID("db-range-"+list).Class("db-range").Text(fmt.Sprintf("%d–%d of %d", from, to, total)),
		app.Button().ID("db-prev-"+list).Text("‹ previous").Disabled(p == 0).OnClick(func(ctx app.Context, e app.Event) { st.page[list] = p - 1 }, app.EventScope(fmt.Sprintf("%p", st), list, p)),
		app.Span().Class("db-pageno").Text(fmt.Sprintf("page %d of %d", p+1, pages)),
		app.Button().ID("db-next-"+list).Text("next ›").Disabled(p >= pages-1).OnClick(func(ctx app.Context, e app.Event) { st.page[list] = p + 1 }, app.EventScope(fmt.Sprintf("%p", st), list, p)),
	)
}

// openButton raises ActOpenDBContainer for c.
func (v *DatabaseView) openButton(id, text string, c model.DBContainer) app.UI {
	ref := model.DBContainerRef{DB: v.Index, C: c}
	title := "Open in the inspector (" + c.Blob.Where() + ")"
	return app.Button().ID(id).Class("db-open").Title(title).Text(text).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActOpenDBContainer, ref) },
			app.EventScope(v.Index, fmt.Sprintf("%p", v.DB), c.Label, c.Blob.Table, c.Blob.Rowid, c.Offset))
}

func keyText(k model.DBKey) app.UI {
	if k == nil {
		return app.Span().Class("db-key null").Text("NULL")
	}
	cls := "db-key hex"
	if k.IsText() {
		cls = "db-key text"
	}
	return app.Span().Class(cls).Title(fmt.Sprintf("%d bytes", len(k))).Text(k.String())
}

func keyMatch(k model.DBKey, f string) bool { return strings.Contains(strings.ToLower(k.String()), f) }

// stageChips draws a pipeline's stages, each one click from the inspector.
func (v *DatabaseView) stageChips(idPrefix string, p *model.DBPipelineState) app.UI {
	return app.Span().Class("db-stages").Body(app.Range(p.Stages).Slice(func(i int) app.UI {
		s := p.Stages[i]
		if s.Shader == nil {
			return app.Span().Class("db-stage missing").Title("not in shader_bytecode").Body(app.B().Text(s.Name), app.Text(" "+s.Key.String()+" (missing)"))
		}
		ci := s.Shader.Info()
		desc := ci.Profile
		if ci.EntryName != "" {
			desc += " " + model.Shown(ci.EntryName)
		}
		return app.Span().Class("db-stage").DataSet("stage", s.Name).Body(
			v.openButton(idPrefix+"-"+s.Name, s.Name, model.ContainerOf(fmt.Sprintf("%s shader %s", s.Name, s.Key), s.Shader.Blob)),
			app.Span().Class("db-stage-desc").Text(desc),
		)
	}))
}

func (v *DatabaseView) linkCell(k model.DBKey, version int64, psdbSide bool) app.UI {
	m := v.DB
	if m.Links == nil {
		return app.Td().Class("db-link none").Text("—")
	}
	l := m.Links[string(k)]
	other := "PSDB"
	if psdbSide {
		other = "SODB"
	}
	switch {
	case l == nil || (psdbSide && l.SODB == nil) || (!psdbSide && l.PSDB == nil):
		return app.Td().Class("db-link missing").Text("not in the " + other)
	case l.VersionsDiffer:
		ov := l.PSDB.Version
		if psdbSide {
			ov = l.SODB.Version
		}
		return app.Td().Class("db-link differ").Title(fmt.Sprintf("the %s has this group at version %d, this database at %d: one is stale", other, ov, version)).
			Text(fmt.Sprintf("⚠ version differs: %s has %d", other, ov))
	}
	return app.Td().Class("db-link linked").Title("same key and version in " + m.LinkedName).Text("✓ linked (" + other + ")")
}

func (v *DatabaseView) sodbGroups() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("groups", len(s.Groups), func(i int, f string) bool { return keyMatch(s.Groups[i].Key, f) })
	linkHead := app.Th().Text("PSDB")
	if v.DB.LinkedName != "" {
		linkHead = app.Th().Text("PSDB " + model.Shown(v.DB.LinkedName))
	}
	return app.Div().Body(
		app.If(v.DB.Links == nil, func() app.UI {
			return app.P().Class("muted").Text("Open a precompiled shader database too (Also open… above) to link its groups to these by key and version.")
		}),
		v.pager("groups", total, "filter by key"),
		app.Table().ID("sodb-groups").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("version"), app.Th().Text("entry point"), app.Th().Text("stages / libraries"), linkHead)),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				gi := rows[j]
				g := s.Groups[gi]
				var target, stages app.UI
				switch {
				case g.Pipeline != nil:
					target = app.Span().Body(app.Text("pipeline state "), keyText(g.PSOKey))
					stages = v.stageChips(fmt.Sprintf("open-group-%d", gi), g.Pipeline)
				case g.StateObject != nil:
					target = app.Span().Body(app.Text("state object "), keyText(g.SOKey))
					stages = v.libChips(fmt.Sprintf("open-group-%d-lib", gi), g.StateObject)
				case g.PSOKey != nil:
					target = app.Span().Class("missing").Body(app.Text("missing pipeline state "), keyText(g.PSOKey))
				default:
					target = app.Span().Class("missing").Body(app.Text("missing state object "), keyText(g.SOKey))
				}
				return app.Tr().ID(fmt.Sprintf("sodb-group-%d", gi)).DataSet("key", g.Key.String()).Body(
					app.Td().Body(keyText(g.Key)), app.Td().Class("num").Text(g.Version), app.Td().Body(target), app.Td().Body(stages),
					v.linkCell(g.Key, g.Version, false),
				)
			})),
		),
	)
}

func (v *DatabaseView) libChips(idPrefix string, so *model.DBStateObject) app.UI {
	return app.Span().Class("db-stages").Body(app.Range(so.Libraries).Slice(func(i int) app.UI {
		l := so.Libraries[i]
		var exports []string
		for _, e := range l.Exports {
			exports = append(exports, e.Name)
		}
		if l.Shader == nil {
			return app.Span().Class("db-stage missing").Text("library " + l.Key.String() + " (missing)")
		}
		return app.Span().Class("db-stage").Body(
			v.openButton(fmt.Sprintf("%s-%d", idPrefix, i), "DXIL library", model.ContainerOf("DXIL library "+l.Key.String(), l.Shader.Blob)),
			app.Span().Class("db-stage-desc").Text(strings.Join(exports, ", ")),
		)
	}))
}

func (v *DatabaseView) rootSigCell(id string, k model.DBKey, rs *model.DBRootSignature) app.UI {
	if k == nil {
		return app.Span().Class("muted").Text("none")
	}
	if rs == nil {
		return app.Span().Class("missing").Body(keyText(k), app.Text(" (missing)"))
	}
	return app.Span().Body(keyText(k), app.Text(" "), v.openButton(id, "open", model.ContainerOf("root signature "+k.String(), rs.Blob)))
}

func (v *DatabaseView) pipelines() app.UI {
	s := v.DB.DB.SODB
	st := v.state()
	rows, total := v.pageOf("pipelines", len(s.Pipelines), func(i int, f string) bool { return keyMatch(s.Pipelines[i].Key, f) })
	return app.Div().Body(
		v.pager("pipelines", total, "filter by key"),
		app.Table().ID("sodb-pipelines").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("root signature"), app.Th().Text("shader stages"), app.Th())),
			app.TBody().Body(expandRows(rows, func(pi int) (app.UI, app.UI) {
				p := s.Pipelines[pi]
				openKey := fmt.Sprintf("pipe-%d", pi)
				open := st.open[openKey]
				row := app.Tr().ID(fmt.Sprintf("sodb-pipeline-%d", pi)).Body(
					app.Td().Body(keyText(p.Key)),
					app.Td().Body(v.rootSigCell(fmt.Sprintf("open-pipe-%d-rs", pi), p.RootSignatureKey, p.RootSignature)),
					app.Td().Body(v.stageChips(fmt.Sprintf("open-pipe-%d", pi), p)),
					app.Td().Body(app.Button().ID("details-"+openKey).Class("link").Text(map[bool]string{false: "sub-states ▸", true: "sub-states ▾"}[open]).
						OnClick(func(ctx app.Context, e app.Event) { st.open[openKey] = !open }, app.EventScope(fmt.Sprintf("%p", st), openKey, open))),
				)
				if !open {
					return row, nil
				}
				return row, app.Tr().Class("db-details").Body(app.Td().ColSpan(4).Body(pipelineDetails(p)))
			})...),
		),
	)
}

// pipelineDetails shows a pipeline's sub-state descriptions with enum names.
func pipelineDetails(p *model.DBPipelineState) app.UI {
	var items []app.UI
	items = append(items, app.Div().Class("db-desc").Body(app.B().Text("pipeline_states"), fieldList(p.Fields, 0)))
	if len(p.InputLayout) > 0 {
		var els []app.UI
		for _, d := range p.InputLayout {
			els = append(els, descUI(d, 0))
		}
		items = append(items, app.Div().Class("db-desc").Body(app.B().Text("input layout "+p.InputLayoutKey.String()), app.Div().Body(els...)))
	}
	for _, d := range p.Descs {
		items = append(items, descUI(d, 0))
	}
	return app.Div().Class("db-descs").Body(items...)
}

func descUI(d *model.DBDesc, depth int) app.UI {
	head := app.Span().Class("db-desc-head").Body(app.B().Text(d.Table), app.Text(" "), keyText(d.Key))
	if d.Missing {
		return app.Div().Class("db-desc missing").Body(head, app.Text(" (not in the table)"))
	}
	return app.Div().Class("db-desc").Body(head, fieldList(d.Fields, depth))
}

func fieldList(fs []model.DBField, depth int) app.UI {
	var items []app.UI
	for _, f := range fs {
		val := []app.UI{app.Span().Class("db-fval").Text(f.Value)}
		if f.Enum != "" {
			val = append(val, app.Span().Class("db-enum").Text(f.Enum))
		}
		if f.Ref != nil && depth < 3 {
			val = append(val, descUI(f.Ref, depth+1))
		}
		items = append(items, app.Li().Body(append([]app.UI{app.Span().Class("db-fname").Text(model.Shown(f.Name))}, val...)...))
	}
	return app.Ul().Class("db-fields").Body(items...)
}

func (v *DatabaseView) shaders() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("shaders", len(s.Shaders), func(i int, f string) bool {
		sh := s.Shaders[i]
		return keyMatch(sh.Key, f) || strings.ToLower(sh.Type) == f
	})
	return app.Div().Body(
		v.pager("shaders", total, "filter by key or type"),
		app.Table().ID("sodb-shaders").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("type"), app.Th().Text("size"), app.Th().Text("stage"),
				app.Th().Text("entry name"), app.Th().Text("used by"), app.Th().Text("bytes"), app.Th())),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				si := rows[j]
				sh := s.Shaders[si]
				ci := sh.Info() // a ranged read of the visible rows only
				stage := ci.Profile
				if !ci.IsContainer {
					stage = "not a container"
				}
				return app.Tr().ID(fmt.Sprintf("sodb-shader-%d", si)).Body(
					app.Td().Body(keyText(sh.Key)), app.Td().Text(sh.Type), app.Td().Class("num").Text(model.SizeText(sh.Size)),
					app.Td().Class("mono").Text(stage), app.Td().Class("mono").Text(model.Shown(ci.EntryName)), app.Td().Class("num").Text(sh.Users),
					app.Td().Class("mono muted").Text(sh.Blob.Where()),
					app.Td().Body(v.openButton(fmt.Sprintf("open-shader-%d", si), "open", model.ContainerOf(fmt.Sprintf("%s shader %s", sh.Type, sh.Key), sh.Blob))),
				)
			})),
		),
	)
}

func (v *DatabaseView) rootSigs() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("rootsigs", len(s.RootSignatures), func(i int, f string) bool { return keyMatch(s.RootSignatures[i].Key, f) })
	return app.Div().Body(
		v.pager("rootsigs", total, "filter by key"),
		app.Table().ID("sodb-rootsigs").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("size"), app.Th().Text("bytes"), app.Th())),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				r := s.RootSignatures[rows[j]]
				return app.Tr().Body(app.Td().Body(keyText(r.Key)), app.Td().Class("num").Text(model.SizeText(r.Size)), app.Td().Class("mono muted").Text(r.Blob.Where()),
					app.Td().Body(v.openButton(fmt.Sprintf("open-rootsig-%d", rows[j]), "open", model.ContainerOf("root signature "+r.Key.String(), r.Blob))))
			})),
		),
	)
}

func (v *DatabaseView) stateObjects() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("stateobjects", len(s.StateObjects), func(i int, f string) bool { return keyMatch(s.StateObjects[i].Key, f) })
	rsList := func(id string, l []*model.DBRootSignature) app.UI {
		var out []app.UI
		for i, r := range l {
			out = append(out, v.rootSigCell(fmt.Sprintf("%s-%d", id, i), r.Key, r))
		}
		if len(out) == 0 {
			return app.Span().Class("muted").Text("none")
		}
		return app.Span().Body(out...)
	}
	return app.Div().Body(
		v.pager("stateobjects", total, "filter by key"),
		app.Table().ID("sodb-stateobjects").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("type"), app.Th().Text("flags"), app.Th().Text("DXIL libraries and exports"),
				app.Th().Text("global root signatures"), app.Th().Text("local root signatures"), app.Th().Text("other subobjects"))),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				oi := rows[j]
				so := s.StateObjects[oi]
				var subs []app.UI
				for _, d := range so.Subobjects {
					subs = append(subs, descUI(d, 0))
				}
				for _, k := range so.Existing {
					subs = append(subs, app.Div().Body(app.Text("existing collection "), keyText(k)))
				}
				typ := so.TypeName
				if so.ParentKey != nil {
					typ += " (adds to " + so.ParentKey.String() + ")"
				}
				return app.Tr().ID(fmt.Sprintf("sodb-so-%d", oi)).Body(
					app.Td().Body(keyText(so.Key)), app.Td().Class("mono").Text(typ), app.Td().Class("num").Text(so.Flags),
					app.Td().Body(v.libChips(fmt.Sprintf("open-so-%d-lib", oi), so)),
					app.Td().Body(rsList(fmt.Sprintf("open-so-%d-grs", oi), so.GlobalRootSigs)),
					app.Td().Body(rsList(fmt.Sprintf("open-so-%d-lrs", oi), so.LocalRootSigs)),
					app.Td().Body(subs...),
				)
			})),
		),
	)
}

func (v *DatabaseView) psdbGroups() app.UI {
	p := v.DB.DB.PSDB
	st := v.state()
	rows, total := v.pageOf("groups", len(p.Groups), func(i int, f string) bool { return keyMatch(p.Groups[i].Key, f) })
	linkHead := app.Th().Text("SODB")
	if v.DB.LinkedName != "" {
		linkHead = app.Th().Text("SODB " + model.Shown(v.DB.LinkedName))
	}
	return app.Div().Body(
		app.P().Class("muted").Text(fmt.Sprintf("%d keys, %d values. Values are vendor GPU binaries, not shader containers: shown as hex, downloadable.", p.Keys, p.Values)),
		app.If(v.DB.Links == nil, func() app.UI {
			return app.P().Class("muted").Text("Open the state object database too (Also open… above) to link these groups to its groups by key and version.")
		}),
		v.pager("groups", total, "filter by key"),
		app.Table().ID("psdb-groups").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("key"), app.Th().Text("version"), app.Th().Text("values"), linkHead, app.Th())),
			app.TBody().Body(expandRows(rows, func(gi int) (app.UI, app.UI) {
				g := p.Groups[gi]
				openKey := fmt.Sprintf("pgroup-%d", gi)
				open := st.open[openKey]
				var types []string
				for _, val := range g.Values {
					types = append(types, fmt.Sprintf("%s %s", strings.TrimPrefix(val.Type.String(), "D3D12_COMPILER_VALUE_TYPE_"), humanBytes(val.Size)))
				}
				row := app.Tr().ID(fmt.Sprintf("psdb-group-%d", gi)).DataSet("key", g.Key.String()).Body(
					app.Td().Body(keyText(g.Key)), app.Td().Class("num").Text(g.Version), app.Td().Text(strings.Join(types, ", ")),
					v.linkCell(g.Key, g.Version, true),
					app.Td().Body(app.Button().ID("details-"+openKey).Class("link").Text(map[bool]string{false: "values ▸", true: "values ▾"}[open]).
						OnClick(func(ctx app.Context, e app.Event) { st.open[openKey] = !open }, app.EventScope(fmt.Sprintf("%p", st), openKey, open))),
				)
				if !open {
					return row, nil
				}
				return row, app.Tr().Class("db-details").Body(app.Td().ColSpan(5).Body(v.psdbValues(gi, g)))
			})...),
		),
	)
}

// expandRows renders each row and, when it is open, its details row.
func expandRows(rows []int, fn func(i int) (row, details app.UI)) []app.UI {
	out := make([]app.UI, 0, len(rows))
	for _, i := range rows {
		r, d := fn(i)
		out = append(out, r)
		if d != nil {
			out = append(out, d)
		}
	}
	return out
}

func humanBytes(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	return strings.SplitN(model.SizeText(n), " (", 2)[0]
}

// valueHexBytes is how much of a PSDB value is shown as hex; the rest is downloadable.
const valueHexBytes = 256

func (v *DatabaseView) psdbValues(gi int, g *model.PSDBGroup) app.UI {
	var items []app.UI
	for vi, val := range g.Values {
		b, err := val.Blob.Range(0, valueHexBytes)
		note := fmt.Sprintf("%s, key id %d, %s", model.SizeText(val.Size), val.KeyID, val.Blob.Where())
		if err != nil {
			note += ": " + err.Error()
		}
		shown := ""
		if val.Size > valueHexBytes {
			shown = fmt.Sprintf(" (first %d bytes shown; download for all)", valueHexBytes)
		}
		fname := fmt.Sprintf("%s-%s.bin", safeName(g.Key.String()), strings.ToLower(strings.TrimPrefix(val.Type.String(), "D3D12_COMPILER_VALUE_TYPE_")))
		ref := val.Blob
		items = append(items, app.Div().ID(fmt.Sprintf("psdb-value-%d-%d", gi, vi)).Class("db-value").Body(
			app.Div().Class("db-value-head").Body(
				app.B().Class("db-value-type").Text(val.Type.String()),
				app.Span().Class("muted").Text(" "+note+shown+" "),
				app.Button().ID(fmt.Sprintf("download-%d-%d", gi, vi)).Text("Download").OnClick(func(ctx app.Context, e app.Event) {
					data, _ := ref.Bytes()
					Download(fname, "application/octet-stream", data)
				}, app.EventScope(fmt.Sprintf("%p", v.DB), gi, vi)),
			),
			app.Pre().Class("db-hex").Text(hexDump(b)),
		))
	}
	if len(items) == 0 {
		return app.P().Class("muted").Text("This group has no values.")
	}
	return app.Div().Body(items...)
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, s)
}

// hexDump formats bytes as offset, 16 hex bytes and ASCII per line.
func hexDump(b []byte) string {
	var sb strings.Builder
	for off := 0; off < len(b); off += 16 {
		end := min(off+16, len(b))
		fmt.Fprintf(&sb, "%08x  ", off)
		for i := off; i < off+16; i++ {
			if i < end {
				fmt.Fprintf(&sb, "%02x ", b[i])
			} else {
				sb.WriteString("   ")
			}
			if i == off+7 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte(' ')
		for _, c := range b[off:end] {
			if c < 0x20 || c > 0x7e {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// download hands bytes to the browser as a file: a Blob, an object URL and
// a click on a temporary <a download>.
func Download(name, mime string, data []byte) {
	w := app.Window()
	arr := w.Get("Uint8Array").New(len(data))
	app.CopyBytesToJS(arr, data)
	blob := w.Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	url := w.Get("URL").Call("createObjectURL", blob)
	doc := w.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Recorded for the browser test: what the last download was.
	w.Set("dxscopeLastDownload", map[string]any{"name": name, "size": len(data)})
	var revoke app.Func
	revoke = app.FuncOf(func(this app.Value, args []app.Value) any {
		w.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	w.Call("setTimeout", revoke, 10000)
}

func (v *DatabaseView) tables() app.UI {
	d := v.DB.DB
	rows, total := v.pageOf("tables", len(d.Tables), func(i int, f string) bool { return strings.Contains(strings.ToLower(d.Tables[i].Name), f) })
	return app.Div().Body(
		v.pager("tables", total, "filter by name"),
		app.Table().ID("db-tables").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("table"), app.Th().Text("rows"), app.Th().Text("BLOBs"), app.Th().Text("columns"))),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				t := d.Tables[rows[j]]
				var cols []string
				for _, c := range t.Columns {
					s := c.Name
					if c.Type != "" {
						s += " " + c.Type
					}
					if c.PrimaryKey {
						s += " PK"
					}
					cols = append(cols, s)
				}
				blobs := "not scanned"
				if d.Scanned {
					blobs = fmt.Sprint(t.Blobs)
				}
				return app.Tr().DataSet("table", t.Name).Body(app.Td().Class("mono").Text(model.Shown(t.Name)), app.Td().Class("num db-rows").Text(t.Rows),
					app.Td().Class("num").Text(blobs), app.Td().Class("db-columns").Text(strings.Join(cols, ", ")))
			})),
		),
	)
}

func (v *DatabaseView) blobs() app.UI {
	d := v.DB.DB
	// Blobs holding containers first: they are what the page is for.
	order := make([]int, len(d.Blobs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return len(d.Blobs[order[a]].Containers) > 0 && len(d.Blobs[order[b]].Containers) == 0
	})
	rows, total := v.pageOf("blobs", len(order), func(i int, f string) bool {
		r := d.Blobs[order[i]].Ref
		return strings.Contains(strings.ToLower(r.Table+"."+r.Column), f)
	})
	return app.Div().Body(
		v.pager("blobs", total, "filter by table.column"),
		app.Table().ID("db-blobs").Class("db-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("table.column"), app.Th().Text("rowid"), app.Th().Text("size"), app.Th().Text("bytes"), app.Th().Text("containers"))),
			app.TBody().Body(app.Range(rows).Slice(func(j int) app.UI {
				bi := order[rows[j]]
				b := d.Blobs[bi]
				var cs []app.UI
				for ci, e := range b.Containers {
					c := model.DBContainer{Label: fmt.Sprintf("%s.%s rowid %d +0x%x", b.Ref.Table, b.Ref.Column, b.Ref.Rowid, e.Offset), Blob: b.Ref, Offset: e.Offset, Size: e.Size, FileOffset: -1}
					if b.Ref.Contiguous {
						c.FileOffset = b.Ref.Offset + e.Offset
					}
					cs = append(cs, app.Div().Class("db-container").Body(
						v.openButton(fmt.Sprintf("open-blob-%d-%d", bi, ci), "open", c),
						app.Span().Class("mono").Text(fmt.Sprintf(" at +0x%x, %s: %s", e.Offset, humanBytes(e.Size), strings.Join(e.Parts, " "))),
					))
				}
				if len(cs) == 0 {
					cs = append(cs, app.Span().Class("muted").Text("none"))
				}
				return app.Tr().ID(fmt.Sprintf("db-blob-%d", bi)).Body(app.Td().Class("mono").Text(b.Ref.Table+"."+b.Ref.Column), app.Td().Class("num").Text(b.Ref.Rowid),
					app.Td().Class("num").Text(model.SizeText(b.Ref.Size)), app.Td().Class("mono muted").Text(b.Ref.Where()), app.Td().Body(cs...))
			})),
		),
	)
}

func (v *DatabaseView) problems() app.UI {
	ps := v.DB.Problems
	rows, total := v.pageOf("problems", len(ps), nil)
	if total == 0 {
		return app.P().ID("db-problems").Class("problems empty").Text("No problems.")
	}
	return app.Div().Body(
		v.pager("problems", total, ""),
		app.Ul().ID("db-problems").Class("problems").Body(app.Range(rows).Slice(func(j int) app.UI {
			p := ps[rows[j]]
			where := p.Structure
			if p.Page != 0 {
				where = fmt.Sprintf("page %d, %s", p.Page, where)
			}
			return app.Li().Class("problem").Body(
				app.Span().Class("badge badge-"+strings.ToLower(p.Severity.String())).Text(p.Severity.String()),
				app.Span().Class("problem-where").Text(fmt.Sprintf("0x%x %s", p.Offset, where)),
				app.Span().Text(p.Message),
			)
		})),
	)
}
