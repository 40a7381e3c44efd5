package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// outputSignatures are the signature parts whose "used" column is the
// complement of the never-writes mask; the others are inputs.
var outputSignatures = map[string]bool{"OSG1": true, "OSGN": true, "OSG5": true, "PSG1": true, "PCSG": true}

// specials maps a part name to the views drawn above its generic tree. Each
// takes plain view-model data that Build read once from the part's tree, so
// a special view appears as soon as the part's decoder fills in the keys it
// reads.
var specials = map[string]func(pv *model.PartView) []app.UI{
	"ISG1": signature, "ISGN": signature,
	"OSG1": signature, "OSGN": signature, "OSG5": signature,
	"PSG1": signature, "PCSG": signature,
	"PSV0": psvGrids,
	"DXIL": dxilViews, "ILDB": dxilViews, "STAT": statistics,
	"HASH": partFacts, "ILDN": partFacts, "VERS": partFacts, "SRCI": partFacts, "PDBI": partFacts, "PRIV": partFacts,
	"SHDR": shaderListing, "SHEX": shaderListing,
	"Aon9": level9Listing,
	"SFI0": featureFlags,
	"RTS0": rootSignature,
	"RDAT": runtimeData,
	"RDEF": resourceDefinitions,
}

func signature(pv *model.PartView) []app.UI {
	if pv.Signature == nil {
		return nil
	}
	return []app.UI{&SignatureTable{Title: pv.Title, Rows: pv.Signature}}
}

func psvGrids(pv *model.PartView) []app.UI {
	var out []app.UI
	if rows := pv.PSVResources(); len(rows) > 0 {
		out = append(out, app.H3().Text(fmt.Sprintf("Resources (%d)", len(rows))), &ResourceTable{ID: "psv-resources", Rows: rows})
	}
	for _, g := range pv.Grids {
		out = append(out, &DependencyGrid{Data: g})
	}
	return out
}

// Specials returns the special views for a part (none for most parts).
func Specials(pv *model.PartView) []app.UI {
	if pv == nil {
		return nil
	}
	if f, ok := specials[pv.Name]; ok {
		pv.LoadSpecials()
		return f(pv)
	}
	return partFacts(pv) // a part no document names says so
}

// statistics is DXC's STAT (a reflection module) or FXC's (counters).
func statistics(pv *model.PartView) []app.UI {
	if pv.Module() != nil {
		return dxilSummary(pv)
	}
	return partFacts(pv)
}

// dxilViews are the module summary and the disassembly.
func dxilViews(pv *model.PartView) []app.UI {
	out := dxilSummary(pv)
	if d := pv.Disassembly(); d != nil {
		out = append(out, &Disassembly{Data: d})
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

// Render draws a page of the table.
func (t *ResourceTable) Render() app.UI {
	var of *model.ResourceRow
	if len(t.Rows) > 0 {
		of = &t.Rows[0]
	}
	first, end := t.page.rows(len(t.Rows), of)
	return app.Div().Class("table-wrap").Body(t.page.bar(t.ID+"-pager", "rows", len(t.Rows)), t.table(first, end))
}

func (t *ResourceTable) table(first, end int) app.UI {
	return app.Table().ID(t.ID).Class("sig-table resource-table").Body(
		app.THead().Body(app.Tr().Body(app.Th().Text("binding"), app.Th().Text("name"), app.Th().Text("type"), app.Th().Text("kind"))),
		app.TBody().Body(app.Range(t.Rows[first:end]).Slice(func(k int) app.UI {
			i := first + k
			r := t.Rows[i]
			name := model.Shown(r.Name)
			if name == "" {
				name = "—"
			}
			cells := []app.UI{app.Td().Class("binding").Text(r.Binding), app.Td().Text(name), app.Td().Text(r.Type), app.Td().Text(r.Kind)}
			if r.Off < 0 { // no bytes of its own to show
				return app.Tr().Class("resource-row").Body(cells...)
			}
			return app.Tr().Class("resource-row").Title("click to see the record's bytes").
				On("click", goTo(r.Off), app.EventScope(t.ID+fmt.Sprint(i))).Body(cells...)
		})),
	)
}
