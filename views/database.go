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
		return app.Elem("div").ID("db-view")
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
	return app.Elem("div").ID("db-view").Class("db-view").DataSet("kind", strings.ToLower(v.DB.DB.Kind.Short())).Body(
		v.summary(),
		v.identity(),
		app.Elem("nav").Class("db-sections").Role("tablist").Body(
			app.Range(secs).Slice(func(i int) app.UI {
				sec := secs[i]
				cls := "db-section-tab"
				if sec.id == st.section {
					cls += " selected"
				}
				return app.Elem("button").ID("db-sec-"+sec.id).Class(cls).Role("tab").Aria("selected", sec.id == st.section).Text(sec.label).
					OnClick(func(ctx app.Context, e app.Event) { st.section = sec.id }, app.EventScope(fmt.Sprintf("%p", st), sec.id))
			}),
		),
		app.Elem("div").Class("db-body").Body(shown.draw()),
	)
}

func (v *DatabaseView) summary() app.UI {
	m := v.DB
	h := m.DB.SQL.Header
	item := func(label, value, cls string) app.UI {
		return app.Elem("div").Class("sum-item "+cls).Body(app.Elem("span").Class("sum-label").Text(label), app.Elem("span").Class("sum-value").Text(value))
	}
	return app.Elem("div").Class("summary db-summary").Body(
		app.Elem("div").Class("sum-item sum-name").Body(app.Elem("span").ID("db-name").Text(model.Shown(m.Name))),
		item("kind", m.DB.Kind.String(), "db-kind"),
		item("size", model.SizeText(int64(len(m.Data))), "sum-size"),
		item("pages", fmt.Sprintf("%d × %d bytes", m.DB.SQL.PageCount(), h.PageSize), "db-pages"),
		item("application_id", fmt.Sprintf("0x%08X", h.ApplicationID), "db-appid"),
		item("user_version", fmt.Sprint(h.UserVersion), "db-userver"),
		app.Elem("div").Class("sum-item sum-problems").Body(app.Elem("span").Class("sum-label").Text("problems"), Badges(m.Errors, m.Warnings, m.Notes, true)),
	)
}

// dl renders label/value pairs, skipping empty values.
func dl(id string, pairs ...string) app.UI {
	var items []app.UI
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			continue
		}
		items = append(items, app.Elem("dt").Text(pairs[i]), app.Elem("dd").Text(pairs[i+1]))
	}
	return app.Elem("dl").ID(id).Class("db-dl").Body(items...)
}

func (v *DatabaseView) identity() app.UI {
	d := v.DB.DB
	switch {
	case d.SODB != nil:
		a := d.SODB.App
		if a == nil {
			return app.Elem("div").Class("db-identity").Body(app.Elem("h3").Text("Application"), app.Elem("p").Class("muted").Text("app_id is empty."))
		}
		return app.Elem("div").Class("db-identity").Body(
			app.Elem("h3").Text("Application (app_id)"),
			dl("sodb-app", "executable", a.Exe, "name", a.Name, "engine", a.EngineName,
				"application version", a.AppVersion.String(), "engine version", a.EngineVersion.String()),
		)
	case d.PSDB != nil:
		p := d.PSDB
		var app1 app.UI = app.Elem("p").Class("muted").Text("app_id is empty.")
		if a := p.App; a != nil {
			app1 = dl("psdb-app", "executable", a.ExePath, "name", a.Name, "engine", a.EngineName,
				"application version", a.AppVersion.String(), "engine version", a.EngineVersion.String(),
				"application profile version", a.AppProfileVersion.String())
		}
		return app.Elem("div").Class("db-identity").Body(
			app.Elem("p").ID("psdb-schema-note").Class("db-unofficial").Text("Tables read "+p.SchemaNote+"."),
			app.Elem("div").Class("db-cols").Body(
				app.Elem("div").Body(app.Elem("h3").Text("Application (app_id)"), app1),
				app.Elem("div").Body(
					app.Elem("h3").Text("Compiler (compiler_id)"),
					app.Elem("table").ID("psdb-compilers").Class("db-table").Body(
						app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("id"), app.Elem("th").Text("adapter family"), app.Elem("th").Text("ABI"),
							app.Elem("th").Text("compiler version"), app.Elem("th").Text("major"), app.Elem("th").Text("minor"), app.Elem("th").Text("build"), app.Elem("th").Text("revision"))),
						app.Elem("tbody").Body(app.Range(p.Compilers).Slice(func(i int) app.UI {
							c := p.Compilers[i]
							parts := c.Version.Parts()
							return app.Elem("tr").Body(app.Elem("td").Class("num").Text(c.ID), app.Elem("td").Class("mono").Text(c.Family), app.Elem("td").Class("num").Text(c.ABI),
								app.Elem("td").Class("mono compiler-version").Text(c.Version.String()),
								app.Elem("td").Class("num").Text(parts[0]), app.Elem("td").Class("num").Text(parts[1]), app.Elem("td").Class("num").Text(parts[2]), app.Elem("td").Class("num").Text(parts[3]))
						})),
					),
				),
			),
		)
	}
	return app.Elem("div").Class("db-identity").Body(app.Elem("p").Class("muted").Text(
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
	return app.Elem("div").Class("db-pager").Body(
		app.If(filter != "", func() app.UI {
			return app.Elem("input").ID("db-filter-"+list).Class("db-filter").Attr("type", "search").Attr("placeholder", filter).Attr("value", st.filter[list]).
				OnChange(func(ctx app.Context, e app.Event) {
					st.filter[list] = ctx.JSSrc().Get("value").String()
					st.page[list] = 0
				}, app.EventScope(fmt.Sprintf("%p", st), list))
		}),
		app.Elem("span").ID("db-range-"+list).Class("db-range").Text(fmt.Sprintf("%d–%d of %d", from, to, total)),
		app.Elem("button").ID("db-prev-"+list).Text("‹ previous").Attr("disabled", p == 0).OnClick(func(ctx app.Context, e app.Event) { st.page[list] = p - 1 }, app.EventScope(fmt.Sprintf("%p", st), list, p)),
		app.Elem("span").Class("db-pageno").Text(fmt.Sprintf("page %d of %d", p+1, pages)),
		app.Elem("button").ID("db-next-"+list).Text("next ›").Attr("disabled", p >= pages-1).OnClick(func(ctx app.Context, e app.Event) { st.page[list] = p + 1 }, app.EventScope(fmt.Sprintf("%p", st), list, p)),
	)
}

// openButton raises ActOpenDBContainer for c.
func (v *DatabaseView) openButton(id, text string, c model.DBContainer) app.UI {
	ref := model.DBContainerRef{DB: v.Index, C: c}
	title := "Open in the inspector (" + c.Blob.Where() + ")"
	return app.Elem("button").ID(id).Class("db-open").Title(title).Text(text).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActOpenDBContainer, ref) },
			app.EventScope(v.Index, fmt.Sprintf("%p", v.DB), c.Label, c.Blob.Table, c.Blob.Rowid, c.Offset))
}

func keyText(k model.DBKey) app.UI {
	if k == nil {
		return app.Elem("span").Class("db-key null").Text("NULL")
	}
	cls := "db-key hex"
	if k.IsText() {
		cls = "db-key text"
	}
	return app.Elem("span").Class(cls).Title(fmt.Sprintf("%d bytes", len(k))).Text(k.String())
}

func keyMatch(k model.DBKey, f string) bool { return strings.Contains(strings.ToLower(k.String()), f) }

// stageChips draws a pipeline's stages, each one click from the inspector.
func (v *DatabaseView) stageChips(idPrefix string, p *model.DBPipelineState) app.UI {
	return app.Elem("span").Class("db-stages").Body(app.Range(p.Stages).Slice(func(i int) app.UI {
		s := p.Stages[i]
		if s.Shader == nil {
			return app.Elem("span").Class("db-stage missing").Title("not in shader_bytecode").Body(app.Elem("b").Text(s.Name), app.Text(" "+s.Key.String()+" (missing)"))
		}
		ci := s.Shader.Info()
		desc := ci.Profile
		if ci.EntryName != "" {
			desc += " " + model.Shown(ci.EntryName)
		}
		return app.Elem("span").Class("db-stage").DataSet("stage", s.Name).Body(
			v.openButton(idPrefix+"-"+s.Name, s.Name, model.ContainerOf(fmt.Sprintf("%s shader %s", s.Name, s.Key), s.Shader.Blob)),
			app.Elem("span").Class("db-stage-desc").Text(desc),
		)
	}))
}

func (v *DatabaseView) linkCell(k model.DBKey, version int64, psdbSide bool) app.UI {
	m := v.DB
	if m.Links == nil {
		return app.Elem("td").Class("db-link none").Text("—")
	}
	l := m.Links[string(k)]
	other := "PSDB"
	if psdbSide {
		other = "SODB"
	}
	switch {
	case l == nil || (psdbSide && l.SODB == nil) || (!psdbSide && l.PSDB == nil):
		return app.Elem("td").Class("db-link missing").Text("not in the " + other)
	case l.VersionsDiffer:
		ov := l.PSDB.Version
		if psdbSide {
			ov = l.SODB.Version
		}
		return app.Elem("td").Class("db-link differ").Title(fmt.Sprintf("the %s has this group at version %d, this database at %d: one is stale", other, ov, version)).
			Text(fmt.Sprintf("⚠ version differs: %s has %d", other, ov))
	}
	return app.Elem("td").Class("db-link linked").Title("same key and version in " + m.LinkedName).Text("✓ linked (" + other + ")")
}

func (v *DatabaseView) sodbGroups() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("groups", len(s.Groups), func(i int, f string) bool { return keyMatch(s.Groups[i].Key, f) })
	linkHead := app.Elem("th").Text("PSDB")
	if v.DB.LinkedName != "" {
		linkHead = app.Elem("th").Text("PSDB " + model.Shown(v.DB.LinkedName))
	}
	return app.Elem("div").Body(
		app.If(v.DB.Links == nil, func() app.UI {
			return app.Elem("p").Class("muted").Text("Open a precompiled shader database too (Also open… above) to link its groups to these by key and version.")
		}),
		v.pager("groups", total, "filter by key"),
		app.Elem("table").ID("sodb-groups").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("version"), app.Elem("th").Text("entry point"), app.Elem("th").Text("stages / libraries"), linkHead)),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
				gi := rows[j]
				g := s.Groups[gi]
				var target, stages app.UI
				switch {
				case g.Pipeline != nil:
					target = app.Elem("span").Body(app.Text("pipeline state "), keyText(g.PSOKey))
					stages = v.stageChips(fmt.Sprintf("open-group-%d", gi), g.Pipeline)
				case g.StateObject != nil:
					target = app.Elem("span").Body(app.Text("state object "), keyText(g.SOKey))
					stages = v.libChips(fmt.Sprintf("open-group-%d-lib", gi), g.StateObject)
				case g.PSOKey != nil:
					target = app.Elem("span").Class("missing").Body(app.Text("missing pipeline state "), keyText(g.PSOKey))
				default:
					target = app.Elem("span").Class("missing").Body(app.Text("missing state object "), keyText(g.SOKey))
				}
				return app.Elem("tr").ID(fmt.Sprintf("sodb-group-%d", gi)).DataSet("key", g.Key.String()).Body(
					app.Elem("td").Body(keyText(g.Key)), app.Elem("td").Class("num").Text(g.Version), app.Elem("td").Body(target), app.Elem("td").Body(stages),
					v.linkCell(g.Key, g.Version, false),
				)
			})),
		),
	)
}

func (v *DatabaseView) libChips(idPrefix string, so *model.DBStateObject) app.UI {
	return app.Elem("span").Class("db-stages").Body(app.Range(so.Libraries).Slice(func(i int) app.UI {
		l := so.Libraries[i]
		var exports []string
		for _, e := range l.Exports {
			exports = append(exports, e.Name)
		}
		if l.Shader == nil {
			return app.Elem("span").Class("db-stage missing").Text("library " + l.Key.String() + " (missing)")
		}
		return app.Elem("span").Class("db-stage").Body(
			v.openButton(fmt.Sprintf("%s-%d", idPrefix, i), "DXIL library", model.ContainerOf("DXIL library "+l.Key.String(), l.Shader.Blob)),
			app.Elem("span").Class("db-stage-desc").Text(strings.Join(exports, ", ")),
		)
	}))
}

func (v *DatabaseView) rootSigCell(id string, k model.DBKey, rs *model.DBRootSignature) app.UI {
	if k == nil {
		return app.Elem("span").Class("muted").Text("none")
	}
	if rs == nil {
		return app.Elem("span").Class("missing").Body(keyText(k), app.Text(" (missing)"))
	}
	return app.Elem("span").Body(keyText(k), app.Text(" "), v.openButton(id, "open", model.ContainerOf("root signature "+k.String(), rs.Blob)))
}

func (v *DatabaseView) pipelines() app.UI {
	s := v.DB.DB.SODB
	st := v.state()
	rows, total := v.pageOf("pipelines", len(s.Pipelines), func(i int, f string) bool { return keyMatch(s.Pipelines[i].Key, f) })
	return app.Elem("div").Body(
		v.pager("pipelines", total, "filter by key"),
		app.Elem("table").ID("sodb-pipelines").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("root signature"), app.Elem("th").Text("shader stages"), app.Elem("th"))),
			app.Elem("tbody").Body(expandRows(rows, func(pi int) (app.UI, app.UI) {
				p := s.Pipelines[pi]
				openKey := fmt.Sprintf("pipe-%d", pi)
				open := st.open[openKey]
				row := app.Elem("tr").ID(fmt.Sprintf("sodb-pipeline-%d", pi)).Body(
					app.Elem("td").Body(keyText(p.Key)),
					app.Elem("td").Body(v.rootSigCell(fmt.Sprintf("open-pipe-%d-rs", pi), p.RootSignatureKey, p.RootSignature)),
					app.Elem("td").Body(v.stageChips(fmt.Sprintf("open-pipe-%d", pi), p)),
					app.Elem("td").Body(app.Elem("button").ID("details-"+openKey).Class("link").Text(map[bool]string{false: "sub-states ▸", true: "sub-states ▾"}[open]).
						OnClick(func(ctx app.Context, e app.Event) { st.open[openKey] = !open }, app.EventScope(fmt.Sprintf("%p", st), openKey, open))),
				)
				if !open {
					return row, nil
				}
				return row, app.Elem("tr").Class("db-details").Body(app.Elem("td").Attr("colspan", 4).Body(pipelineDetails(p)))
			})...),
		),
	)
}

// pipelineDetails shows a pipeline's sub-state descriptions with enum names.
func pipelineDetails(p *model.DBPipelineState) app.UI {
	var items []app.UI
	items = append(items, app.Elem("div").Class("db-desc").Body(app.Elem("b").Text("pipeline_states"), fieldList(p.Fields, 0)))
	if len(p.InputLayout) > 0 {
		var els []app.UI
		for _, d := range p.InputLayout {
			els = append(els, descUI(d, 0))
		}
		items = append(items, app.Elem("div").Class("db-desc").Body(app.Elem("b").Text("input layout "+p.InputLayoutKey.String()), app.Elem("div").Body(els...)))
	}
	for _, d := range p.Descs {
		items = append(items, descUI(d, 0))
	}
	return app.Elem("div").Class("db-descs").Body(items...)
}

func descUI(d *model.DBDesc, depth int) app.UI {
	head := app.Elem("span").Class("db-desc-head").Body(app.Elem("b").Text(d.Table), app.Text(" "), keyText(d.Key))
	if d.Missing {
		return app.Elem("div").Class("db-desc missing").Body(head, app.Text(" (not in the table)"))
	}
	return app.Elem("div").Class("db-desc").Body(head, fieldList(d.Fields, depth))
}

func fieldList(fs []model.DBField, depth int) app.UI {
	var items []app.UI
	for _, f := range fs {
		val := []app.UI{app.Elem("span").Class("db-fval").Text(f.Value)}
		if f.Enum != "" {
			val = append(val, app.Elem("span").Class("db-enum").Text(f.Enum))
		}
		if f.Ref != nil && depth < 3 {
			val = append(val, descUI(f.Ref, depth+1))
		}
		items = append(items, app.Elem("li").Body(append([]app.UI{app.Elem("span").Class("db-fname").Text(model.Shown(f.Name))}, val...)...))
	}
	return app.Elem("ul").Class("db-fields").Body(items...)
}

func (v *DatabaseView) shaders() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("shaders", len(s.Shaders), func(i int, f string) bool {
		sh := s.Shaders[i]
		return keyMatch(sh.Key, f) || strings.ToLower(sh.Type) == f
	})
	return app.Elem("div").Body(
		v.pager("shaders", total, "filter by key or type"),
		app.Elem("table").ID("sodb-shaders").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("type"), app.Elem("th").Text("size"), app.Elem("th").Text("stage"),
				app.Elem("th").Text("entry name"), app.Elem("th").Text("used by"), app.Elem("th").Text("bytes"), app.Elem("th"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
				si := rows[j]
				sh := s.Shaders[si]
				ci := sh.Info() // a ranged read of the visible rows only
				stage := ci.Profile
				if !ci.IsContainer {
					stage = "not a container"
				}
				return app.Elem("tr").ID(fmt.Sprintf("sodb-shader-%d", si)).Body(
					app.Elem("td").Body(keyText(sh.Key)), app.Elem("td").Text(sh.Type), app.Elem("td").Class("num").Text(model.SizeText(sh.Size)),
					app.Elem("td").Class("mono").Text(stage), app.Elem("td").Class("mono").Text(model.Shown(ci.EntryName)), app.Elem("td").Class("num").Text(sh.Users),
					app.Elem("td").Class("mono muted").Text(sh.Blob.Where()),
					app.Elem("td").Body(v.openButton(fmt.Sprintf("open-shader-%d", si), "open", model.ContainerOf(fmt.Sprintf("%s shader %s", sh.Type, sh.Key), sh.Blob))),
				)
			})),
		),
	)
}

func (v *DatabaseView) rootSigs() app.UI {
	s := v.DB.DB.SODB
	rows, total := v.pageOf("rootsigs", len(s.RootSignatures), func(i int, f string) bool { return keyMatch(s.RootSignatures[i].Key, f) })
	return app.Elem("div").Body(
		v.pager("rootsigs", total, "filter by key"),
		app.Elem("table").ID("sodb-rootsigs").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("size"), app.Elem("th").Text("bytes"), app.Elem("th"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
				r := s.RootSignatures[rows[j]]
				return app.Elem("tr").Body(app.Elem("td").Body(keyText(r.Key)), app.Elem("td").Class("num").Text(model.SizeText(r.Size)), app.Elem("td").Class("mono muted").Text(r.Blob.Where()),
					app.Elem("td").Body(v.openButton(fmt.Sprintf("open-rootsig-%d", rows[j]), "open", model.ContainerOf("root signature "+r.Key.String(), r.Blob))))
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
			return app.Elem("span").Class("muted").Text("none")
		}
		return app.Elem("span").Body(out...)
	}
	return app.Elem("div").Body(
		v.pager("stateobjects", total, "filter by key"),
		app.Elem("table").ID("sodb-stateobjects").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("type"), app.Elem("th").Text("flags"), app.Elem("th").Text("DXIL libraries and exports"),
				app.Elem("th").Text("global root signatures"), app.Elem("th").Text("local root signatures"), app.Elem("th").Text("other subobjects"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
				oi := rows[j]
				so := s.StateObjects[oi]
				var subs []app.UI
				for _, d := range so.Subobjects {
					subs = append(subs, descUI(d, 0))
				}
				for _, k := range so.Existing {
					subs = append(subs, app.Elem("div").Body(app.Text("existing collection "), keyText(k)))
				}
				typ := so.TypeName
				if so.ParentKey != nil {
					typ += " (adds to " + so.ParentKey.String() + ")"
				}
				return app.Elem("tr").ID(fmt.Sprintf("sodb-so-%d", oi)).Body(
					app.Elem("td").Body(keyText(so.Key)), app.Elem("td").Class("mono").Text(typ), app.Elem("td").Class("num").Text(so.Flags),
					app.Elem("td").Body(v.libChips(fmt.Sprintf("open-so-%d-lib", oi), so)),
					app.Elem("td").Body(rsList(fmt.Sprintf("open-so-%d-grs", oi), so.GlobalRootSigs)),
					app.Elem("td").Body(rsList(fmt.Sprintf("open-so-%d-lrs", oi), so.LocalRootSigs)),
					app.Elem("td").Body(subs...),
				)
			})),
		),
	)
}

func (v *DatabaseView) psdbGroups() app.UI {
	p := v.DB.DB.PSDB
	st := v.state()
	rows, total := v.pageOf("groups", len(p.Groups), func(i int, f string) bool { return keyMatch(p.Groups[i].Key, f) })
	linkHead := app.Elem("th").Text("SODB")
	if v.DB.LinkedName != "" {
		linkHead = app.Elem("th").Text("SODB " + model.Shown(v.DB.LinkedName))
	}
	return app.Elem("div").Body(
		app.Elem("p").Class("muted").Text(fmt.Sprintf("%d keys, %d values. Values are vendor GPU binaries, not shader containers: shown as hex, downloadable.", p.Keys, p.Values)),
		app.If(v.DB.Links == nil, func() app.UI {
			return app.Elem("p").Class("muted").Text("Open the state object database too (Also open… above) to link these groups to its groups by key and version.")
		}),
		v.pager("groups", total, "filter by key"),
		app.Elem("table").ID("psdb-groups").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("key"), app.Elem("th").Text("version"), app.Elem("th").Text("values"), linkHead, app.Elem("th"))),
			app.Elem("tbody").Body(expandRows(rows, func(gi int) (app.UI, app.UI) {
				g := p.Groups[gi]
				openKey := fmt.Sprintf("pgroup-%d", gi)
				open := st.open[openKey]
				var types []string
				for _, val := range g.Values {
					types = append(types, fmt.Sprintf("%s %s", strings.TrimPrefix(val.Type.String(), "D3D12_COMPILER_VALUE_TYPE_"), humanBytes(val.Size)))
				}
				row := app.Elem("tr").ID(fmt.Sprintf("psdb-group-%d", gi)).DataSet("key", g.Key.String()).Body(
					app.Elem("td").Body(keyText(g.Key)), app.Elem("td").Class("num").Text(g.Version), app.Elem("td").Text(strings.Join(types, ", ")),
					v.linkCell(g.Key, g.Version, true),
					app.Elem("td").Body(app.Elem("button").ID("details-"+openKey).Class("link").Text(map[bool]string{false: "values ▸", true: "values ▾"}[open]).
						OnClick(func(ctx app.Context, e app.Event) { st.open[openKey] = !open }, app.EventScope(fmt.Sprintf("%p", st), openKey, open))),
				)
				if !open {
					return row, nil
				}
				return row, app.Elem("tr").Class("db-details").Body(app.Elem("td").Attr("colspan", 5).Body(v.psdbValues(gi, g)))
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
		items = append(items, app.Elem("div").ID(fmt.Sprintf("psdb-value-%d-%d", gi, vi)).Class("db-value").Body(
			app.Elem("div").Class("db-value-head").Body(
				app.Elem("b").Class("db-value-type").Text(val.Type.String()),
				app.Elem("span").Class("muted").Text(" "+note+shown+" "),
				app.Elem("button").ID(fmt.Sprintf("download-%d-%d", gi, vi)).Text("Download").OnClick(func(ctx app.Context, e app.Event) {
					data, _ := ref.Bytes()
					Download(fname, "application/octet-stream", data)
				}, app.EventScope(fmt.Sprintf("%p", v.DB), gi, vi)),
			),
			app.Elem("pre").Class("db-hex").Text(hexDump(b)),
		))
	}
	if len(items) == 0 {
		return app.Elem("p").Class("muted").Text("This group has no values.")
	}
	return app.Elem("div").Body(items...)
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
	return app.Elem("div").Body(
		v.pager("tables", total, "filter by name"),
		app.Elem("table").ID("db-tables").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("table"), app.Elem("th").Text("rows"), app.Elem("th").Text("BLOBs"), app.Elem("th").Text("columns"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
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
				return app.Elem("tr").DataSet("table", t.Name).Body(app.Elem("td").Class("mono").Text(model.Shown(t.Name)), app.Elem("td").Class("num db-rows").Text(t.Rows),
					app.Elem("td").Class("num").Text(blobs), app.Elem("td").Class("db-columns").Text(strings.Join(cols, ", ")))
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
	return app.Elem("div").Body(
		v.pager("blobs", total, "filter by table.column"),
		app.Elem("table").ID("db-blobs").Class("db-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("table.column"), app.Elem("th").Text("rowid"), app.Elem("th").Text("size"), app.Elem("th").Text("bytes"), app.Elem("th").Text("containers"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(j int) app.UI {
				bi := order[rows[j]]
				b := d.Blobs[bi]
				var cs []app.UI
				for ci, e := range b.Containers {
					c := model.DBContainer{Label: fmt.Sprintf("%s.%s rowid %d +0x%x", b.Ref.Table, b.Ref.Column, b.Ref.Rowid, e.Offset), Blob: b.Ref, Offset: e.Offset, Size: e.Size, FileOffset: -1}
					if b.Ref.Contiguous {
						c.FileOffset = b.Ref.Offset + e.Offset
					}
					cs = append(cs, app.Elem("div").Class("db-container").Body(
						v.openButton(fmt.Sprintf("open-blob-%d-%d", bi, ci), "open", c),
						app.Elem("span").Class("mono").Text(fmt.Sprintf(" at +0x%x, %s: %s", e.Offset, humanBytes(e.Size), strings.Join(e.Parts, " "))),
					))
				}
				if len(cs) == 0 {
					cs = append(cs, app.Elem("span").Class("muted").Text("none"))
				}
				return app.Elem("tr").ID(fmt.Sprintf("db-blob-%d", bi)).Body(app.Elem("td").Class("mono").Text(b.Ref.Table+"."+b.Ref.Column), app.Elem("td").Class("num").Text(b.Ref.Rowid),
					app.Elem("td").Class("num").Text(model.SizeText(b.Ref.Size)), app.Elem("td").Class("mono muted").Text(b.Ref.Where()), app.Elem("td").Body(cs...))
			})),
		),
	)
}

func (v *DatabaseView) problems() app.UI {
	ps := v.DB.Problems
	rows, total := v.pageOf("problems", len(ps), nil)
	if total == 0 {
		return app.Elem("p").ID("db-problems").Class("problems empty").Text("No problems.")
	}
	return app.Elem("div").Body(
		v.pager("problems", total, ""),
		app.Elem("ul").ID("db-problems").Class("problems").Body(app.Range(rows).Slice(func(j int) app.UI {
			p := ps[rows[j]]
			where := p.Structure
			if p.Page != 0 {
				where = fmt.Sprintf("page %d, %s", p.Page, where)
			}
			return app.Elem("li").Class("problem").Body(
				app.Elem("span").Class("badge badge-"+strings.ToLower(p.Severity.String())).Text(p.Severity.String()),
				app.Elem("span").Class("problem-where").Text(fmt.Sprintf("0x%x %s", p.Offset, where)),
				app.Elem("span").Text(p.Message),
			)
		})),
	)
}
