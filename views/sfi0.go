package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FeatureFlags shows SFI0 as what the shader asks of the device: the set
// flags with DXC's sentence and the shader model that introduced each, the
// unset ones folded away. A row selects the byte that holds its bit.
type FeatureFlags struct {
	app.Compo
	Rows []model.FeatureRow

	unsetOpen bool // the user opened the flags not set
}

// Render draws the list.
func (f *FeatureFlags) Render() app.UI {
	var set, unset []model.FeatureRow
	for _, r := range f.Rows {
		if r.Set {
			set = append(set, r)
		} else {
			unset = append(unset, r)
		}
	}
	row := func(r model.FeatureRow) app.UI {
		sm := r.Model
		if sm != "" {
			sm = "SM " + sm
		} else if r.Unknown {
			sm = "no compiler defines it"
		} else {
			sm = "informational"
		}
		return app.Elem("tr").Class("sfi0-row").DataSet("bit", r.Bit).Title(fmt.Sprintf("bit %d, in the byte at 0x%x: click to see it", r.Bit, r.Offset)).
			On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, r.Offset) }, app.EventScope(fmt.Sprint(r.Bit))).Body(
			app.Elem("td").Class("num").Text(r.Bit), app.Elem("td").Text(r.Name), app.Elem("td").Text(r.Text), app.Elem("td").Text(sm))
	}
	table := func(rows []model.FeatureRow) app.UI {
		return app.Elem("table").Class("sig-table sfi0-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(app.Elem("th").Text("bit"), app.Elem("th").Text("flag"), app.Elem("th").Text("what the shader needs"), app.Elem("th").Text("since"))),
			app.Elem("tbody").Body(app.Range(rows).Slice(func(i int) app.UI { return row(rows[i]) })),
		)
	}
	head := "No optional features: any device that runs this shader model runs it."
	if len(set) > 0 {
		head = fmt.Sprintf("%d feature flags set: the device must support each.", len(set))
	}
	return app.Elem("div").ID("sfi0").Class("special sfi0").Body(
		app.Elem("h3").Text("Shader feature flags"),
		app.Elem("p").Text(head),
		app.If(len(set) > 0, func() app.UI { return table(set) }),
		f.unsetList(len(unset), func() app.UI { return table(unset) }),
	)
}

// unsetList is the flags not set: a closed list whose rows are built when
// the user first opens it. They were 200 elements, most of what opening a
// DXIL shader drew, for a list few open.
func (f *FeatureFlags) unsetList(n int, rows func() app.UI) app.UI {
	d := app.Elem("details").Class("sfi0-unset").On("toggle", f.onToggle)
	summary := app.Elem("summary").Text(fmt.Sprintf("%d flags not set", n))
	if !f.unsetOpen {
		return d.Body(summary)
	}
	return d.Attr("open", true).Body(summary, rows())
}

func (f *FeatureFlags) onToggle(ctx app.Context, e app.Event) {
	open := ctx.JSSrc().Get("open").Bool()
	if open == f.unsetOpen {
		ctx.PreventUpdate()
		return
	}
	f.unsetOpen = open
}

func featureFlags(pv *model.PartView, _ Selection) []app.UI {
	rows := pv.FeatureRows()
	if rows == nil {
		return nil
	}
	return []app.UI{&FeatureFlags{Rows: rows}}
}
