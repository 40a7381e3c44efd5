package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// specials are the views a part can have of its own. Each draws the view-model
// data it needs (a signature's rows, PSV0's grids, a program, a listing, …)
// and nothing when the part has none, so which one a part gets follows from
// what its decoder produced, not from its name: a family registered later
// that decodes into one of these values gets that view. partFacts comes last:
// small, raw and unknown parts.
var specials = []func(pv *model.PartView, sel Selection) []app.UI{
	signature, psvGrids, dxilViews, shaderListing, level9Listing,
	featureFlags, rootSignature, runtimeData, resourceDefinitions, partFacts,
}

func signature(pv *model.PartView, _ Selection) []app.UI {
	if pv.Signature == nil {
		return nil
	}
	return []app.UI{&SignatureTable{Title: pv.Title, Rows: pv.Signature}}
}

func psvGrids(pv *model.PartView, _ Selection) []app.UI {
	var out []app.UI
	if rows := pv.PSVResources(); len(rows) > 0 {
		out = append(out, app.Elem("h3").Text(fmt.Sprintf("Resources (%d)", len(rows))), &ResourceTable{ID: "psv-resources", Rows: rows})
	}
	for _, g := range pv.Grids {
		out = append(out, &DependencyGrid{Data: g})
	}
	return out
}

// Selection is what the code views show of the page's selection: the
// selected bytes (a line of exactly these bytes is selected) and the
// instructions of the selected source line, by (Off, Size), marked.
type Selection struct {
	Span  model.Span
	Marks map[[2]int64]bool
}

// Specials returns the special views for a part (none for most parts);
// sel is the page's selection, which code views show as their selected line.
func Specials(pv *model.PartView, sel Selection) []app.UI {
	if pv == nil {
		return nil
	}
	pv.LoadSpecials()
	for _, f := range specials {
		if ui := f(pv, sel); len(ui) > 0 {
			return ui
		}
	}
	return nil
}

// dxilViews are the module summary and the disassembly (DXIL and ILDB; DXC's
// STAT, a reflection module without code, has the summary alone).
func dxilViews(pv *model.PartView, sel Selection) []app.UI {
	out := dxilSummary(pv)
	if d := pv.DisassemblyHead(); d != nil {
		out = append(out, &Disassembly{Data: d, Selected: sel.Span, Marks: sel.Marks})
	}
	return out
}

// ResourceTable lists resource bindings in HLSL register notation; a row
// selects its record's bytes.
type ResourceTable struct {
	app.Compo
	ID   string
	Rows []model.ResourceRow

	page pageWindow
}

// OnMount and OnUpdate start new rows at their first page.
func (t *ResourceTable) OnMount(ctx app.Context)  { followRows(&t.page, t.Rows) }
func (t *ResourceTable) OnUpdate(ctx app.Context) { followRows(&t.page, t.Rows) }

// Render draws a page of the table.
func (t *ResourceTable) Render() app.UI {
	first, end := t.page.bounds(len(t.Rows))
	return app.Elem("div").Class("table-wrap").Body(t.page.bar(t.ID+"-pager", "rows", len(t.Rows)), t.table(first, end))
}

func (t *ResourceTable) table(first, end int) app.UI {
	return app.Elem("table").ID(t.ID).Class("sig-table resource-table").Body(
		app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("binding"), app.Elem("th").Text("name"), app.Elem("th").Text("type"), app.Elem("th").Text("kind"))),
		app.Elem("tbody").Body(app.Range(t.Rows[first:end]).Slice(func(k int) app.UI {
			i := first + k
			r := t.Rows[i]
			name := model.Shown(r.Name)
			if name == "" {
				name = "—"
			}
			cells := []app.UI{app.Elem("td").Class("binding").Text(r.Binding), app.Elem("td").Text(name), app.Elem("td").Text(r.Type), app.Elem("td").Text(r.Kind)}
			if r.Off < 0 { // no bytes of its own to show
				return app.Elem("tr").Class("resource-row").Body(cells...)
			}
			click := goTo(r.Off)
			if r.Size > 0 {
				br := model.ByteRange{Off: r.Off, Size: r.Size}
				click = func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectBytes, br) }
			}
			return app.Elem("tr").Class("resource-row").Title("click to see the record's bytes").
				On("click", click, app.EventScope(t.ID+fmt.Sprint(i))).Body(cells...)
		})),
	)
}
