package views

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DXILSummary shows what the DXIL bitcode says: the module line, entry
// points, resources and the dx.op census, which sorts by any column.
// Clicking an opcode jumps the hex view to its first call.
type DXILSummary struct {
	app.Compo
	Data *model.DXILSummary

	sortBy string // "opcode", "name" or "count"
	desc   bool
}

// SortedOps returns the census in the order the table shows it.
func (d *DXILSummary) SortedOps() []model.DXOpRow {
	ops := append([]model.DXOpRow(nil), d.Data.Ops...)
	less := func(a, b model.DXOpRow) bool { return a.Opcode < b.Opcode }
	switch d.sortBy {
	case "name":
		less = func(a, b model.DXOpRow) bool { return a.Name < b.Name }
	case "count":
		less = func(a, b model.DXOpRow) bool {
			if a.Count != b.Count {
				return a.Count < b.Count
			}
			return a.Opcode < b.Opcode
		}
	}
	sort.SliceStable(ops, func(i, j int) bool {
		if d.desc {
			return less(ops[j], ops[i])
		}
		return less(ops[i], ops[j])
	})
	return ops
}

func (d *DXILSummary) sortOn(col string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if d.sortBy == col || (d.sortBy == "" && col == "opcode") {
			d.desc = !d.desc
		} else {
			d.sortBy, d.desc = col, col == "count" // counts read best largest first
		}
	}
}

func (d *DXILSummary) header(col, label string) app.UI {
	cur := d.sortBy
	if cur == "" {
		cur = "opcode"
	}
	arrow := ""
	if cur == col {
		arrow = " ▲"
		if d.desc {
			arrow = " ▼"
		}
	}
	return app.Th().Body(app.Button().Class("sort").ID("dxops-sort-"+col).Text(label+arrow).
		On("click", d.sortOn(col), app.EventScope(col)))
}

// Render draws the summary.
func (d *DXILSummary) Render() app.UI {
	m := d.Data
	if m == nil {
		return app.Div().Class("special dxil empty")
	}
	ops := d.SortedOps()
	mesh := m.HasMeshOutput()
	total := 0
	for _, o := range ops {
		total += o.Count
	}
	return app.Div().Class("special dxil").Body(
		app.H3().Text("DXIL module"),
		app.P().Class("dxil-facts").Text(m.Facts),
		app.If(len(m.EntryPoints) > 0, func() app.UI {
			return app.Div().Body(app.H3().Text(fmt.Sprintf("Entry points (%d)", m.Shaders())), app.Table().Class("sig-table dxil-entries").Body(
				app.THead().Body(app.Tr().Body(app.Th().Text("entry point"), app.Th().Text("kind"), app.Th().Text("numthreads"), app.Th().Text("wave size"), app.Th().Text("node launch"),
					app.If(mesh, func() app.UI { return app.Th().Text("mesh output / payload") }))),
				app.TBody().Body(app.Range(m.EntryPoints).Slice(func(i int) app.UI {
					e := m.EntryPoints[i]
					row := app.Tr()
					if e.ModuleWide {
						row = row.Class("module-wide").Title("not an entry point: the library's module-wide properties (shader flags, resources)")
					}
					return row.Body(app.Td().Title(e.FullName).Text(e.Name), app.Td().Text(e.Kind), app.Td().Text(e.NumThreads),
						app.Td().Text(e.WaveSize), app.Td().Text(e.NodeLaunch),
						app.If(mesh, func() app.UI { return app.Td().Class("dxil-mesh").Text(e.MeshOutput) }))
				})),
			))
		}),
		app.If(len(m.Resources) > 0, func() app.UI {
			return app.Div().Body(app.H3().Text(fmt.Sprintf("Resources (%d)", len(m.Resources))), &ResourceTable{ID: "dxil-resources", Rows: m.Resources})
		}),
		app.H3().Text(fmt.Sprintf("dx.op census: %d operations, %d calls", len(ops), total)),
		app.Table().Class("sig-table dxil-census").ID("dxops").Body(
			app.THead().Body(app.Tr().Body(d.header("opcode", "opcode"), d.header("name", "name"), d.header("count", "calls"))),
			app.TBody().Body(app.Range(ops).Slice(func(i int) app.UI {
				o := ops[i]
				return app.Tr().Class("dxop").DataSet("opcode", o.Opcode).Title(fmt.Sprintf("first call at 0x%x: click to see its bytes", o.Off)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, o.Off) }, app.EventScope(fmt.Sprint(o.Opcode))).Body(
					app.Td().Class("num").Text(fmt.Sprint(o.Opcode)), app.Td().Text(o.Name), app.Td().Class("num").Text(fmt.Sprint(o.Count)))
			})),
		),
	)
}

func dxilSummary(pv *model.PartView) []app.UI {
	if d := pv.DXILSummary(); d != nil {
		return []app.UI{&DXILSummary{Data: d}}
	}
	return nil
}
