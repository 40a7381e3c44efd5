package views

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DXILSummary shows what the DXIL bitcode says: the module line, entry
// points, resources and the dx.op census, which sorts by any column.
// Clicking an opcode jumps the hex view to its first call.
type DXILSummary struct {
	app.Compo
	Module    *model.Module
	Resources []model.ResourceRow // the metadata's resources, named from other parts where the metadata has no names
	Base      int64               // added to offsets when the container sits inside a larger file

	sortBy string // "opcode", "name" or "count"
	desc   bool
}

// SortedOps returns the census in the order the table shows it.
func (d *DXILSummary) SortedOps() []model.DXOp {
	ops := append([]model.DXOp(nil), d.Module.DXOps...)
	less := func(a, b model.DXOp) bool { return a.Opcode < b.Opcode }
	switch d.sortBy {
	case "name":
		less = func(a, b model.DXOp) bool { return a.Name < b.Name }
	case "count":
		less = func(a, b model.DXOp) bool {
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
	m := d.Module
	if m == nil {
		return app.Div().Class("special dxil empty")
	}
	var facts []string
	if m.ShaderModel != nil {
		facts = append(facts, m.ShaderModel.String())
	}
	if m.DXILVersion != nil {
		facts = append(facts, fmt.Sprintf("DXIL %d.%d", m.DXILVersion.Major, m.DXILVersion.Minor))
	}
	if m.ValidatorVersion != nil {
		facts = append(facts, fmt.Sprintf("validator %d.%d", m.ValidatorVersion.Major, m.ValidatorVersion.Minor))
	}
	if m.Triple != "" {
		facts = append(facts, m.Triple)
	}
	facts = append(facts, fmt.Sprintf("%d functions, %d records", len(m.Functions), m.Records))
	ops := d.SortedOps()
	total := 0
	for _, o := range ops {
		total += o.Count
	}
	return app.Div().Class("special dxil").Body(
		app.H3().Text("DXIL module"),
		app.P().Class("dxil-facts").Text(strings.Join(facts, " · ")),
		app.If(len(m.EntryPoints) > 0, func() app.UI {
			return app.Div().Body(app.H3().Text(fmt.Sprintf("Entry points (%d)", len(m.EntryPoints))), app.Table().Class("sig-table dxil-entries").Body(
				app.THead().Body(app.Tr().Body(app.Th().Text("entry point"), app.Th().Text("kind"), app.Th().Text("numthreads"), app.Th().Text("wave size"), app.Th().Text("node launch"))),
				app.TBody().Body(app.Range(m.EntryPoints).Slice(func(i int) app.UI {
					e := m.EntryPoints[i]
					name := e.Name
					if name == "" && e.Function == "" {
						// A library's first entry holds module-wide properties, not a shader.
						name = "(module-wide properties)"
					}
					return app.Tr().Body(app.Td().Title(model.Shown(e.Name)).Text(model.Shown(model.Unmangled(name))), app.Td().Text(e.ShaderKind), app.Td().Text(model.JoinU32(e.NumThreads, ", ")),
						app.Td().Text(model.JoinU32(e.WaveSize, ", ")), app.Td().Text(e.NodeLaunchType))
				})),
			))
		}),
		app.If(len(d.Resources) > 0, func() app.UI {
			return app.Div().Body(app.H3().Text(fmt.Sprintf("Resources (%d)", len(d.Resources))), &ResourceTable{ID: "dxil-resources", Rows: d.Resources})
		}),
		app.H3().Text(fmt.Sprintf("dx.op census: %d operations, %d calls", len(ops), total)),
		app.Table().Class("sig-table dxil-census").ID("dxops").Body(
			app.THead().Body(app.Tr().Body(d.header("opcode", "opcode"), d.header("name", "name"), d.header("count", "calls"))),
			app.TBody().Body(app.Range(ops).Slice(func(i int) app.UI {
				o := ops[i]
				o.Offset += d.Base
				return app.Tr().Class("dxop").DataSet("opcode", o.Opcode).Title(fmt.Sprintf("first call at 0x%x: click to see its bytes", o.Offset)).
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, o.Offset) }, app.EventScope(fmt.Sprint(o.Opcode))).Body(
					app.Td().Class("num").Text(fmt.Sprint(o.Opcode)), app.Td().Text(o.Name), app.Td().Class("num").Text(fmt.Sprint(o.Count)))
			})),
		),
	)
}

func dxilSummary(pv *model.PartView) []app.UI {
	if pv.Module() == nil {
		return nil
	}
	return []app.UI{&DXILSummary{Module: pv.Module(), Resources: pv.DXILResources(), Base: pv.Base()}}
}
