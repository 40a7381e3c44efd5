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
	return app.Elem("th").Body(app.Elem("button").Class("sort").ID("dxops-sort-"+col).Text(label+arrow).
		On("click", d.sortOn(col), app.EventScope(col)))
}

// Render draws the summary.
func (d *DXILSummary) Render() app.UI {
	m := d.Data
	if m == nil {
		return app.Elem("div").Class("special dxil empty")
	}
	ops := d.SortedOps()
	mesh := m.HasMeshOutput()
	total := 0
	for _, o := range ops {
		total += o.Count
	}
	return app.Elem("div").Class("special dxil").Body(
		app.Elem("h3").Text("DXIL module"),
		app.Elem("p").Class("dxil-facts").Text(m.Facts),
		app.If(len(m.EntryPoints) > 0, func() app.UI {
			return app.Elem("div").Body(app.Elem("h3").Text(fmt.Sprintf("Entry points (%d)", m.Shaders())), app.Elem("table").Class("sig-table dxil-entries").Body(
				app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("entry point"), app.Elem("th").Text("kind"), app.Elem("th").Text("numthreads"), app.Elem("th").Text("wave size"), app.Elem("th").Text("node launch"),
					app.If(mesh, func() app.UI { return app.Elem("th").Text("mesh output / payload") }))),
				app.Elem("tbody").Body(app.Range(m.EntryPoints).Slice(func(i int) app.UI {
					e := m.EntryPoints[i]
					row := app.Elem("tr")
					if e.ModuleWide {
						row = row.Class("module-wide").Title("not an entry point: the library's module-wide properties (shader flags, resources)")
					}
					return row.Body(app.Elem("td").Title(e.FullName).Text(e.Name), app.Elem("td").Text(e.Kind), app.Elem("td").Text(e.NumThreads),
						app.Elem("td").Text(e.WaveSize), app.Elem("td").Text(e.NodeLaunch),
						app.If(mesh, func() app.UI { return app.Elem("td").Class("dxil-mesh").Text(e.MeshOutput) }))
				})),
			))
		}),
		app.If(len(m.Resources) > 0, func() app.UI {
			return app.Elem("div").Body(app.Elem("h3").Text(fmt.Sprintf("Resources (%d)", len(m.Resources))), &ResourceTable{ID: "dxil-resources", Rows: m.Resources})
		}),
		app.Elem("h3").Text(fmt.Sprintf("dx.op census: %d operations, %d calls", len(ops), total)),
		app.Elem("table").Class("sig-table dxil-census").ID("dxops").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(d.header("opcode", "opcode"), d.header("name", "name"), d.header("count", "calls"))),
			app.Elem("tbody").Body(app.Range(ops).Slice(func(i int) app.UI {
				o := ops[i]
				return app.Elem("tr").Class("dxop").DataSet("opcode", o.Opcode).Title(fmt.Sprintf("first call at 0x%x: click to see its bytes", o.Off)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, o.Off) }, app.EventScope(fmt.Sprint(o.Opcode))).Body(
					app.Elem("td").Class("num").Text(fmt.Sprint(o.Opcode)), app.Elem("td").Text(o.Name), app.Elem("td").Class("num").Text(fmt.Sprint(o.Count)))
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
