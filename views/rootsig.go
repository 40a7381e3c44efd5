package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// RootSignatureView shows RTS0 as the HLSL a shader source declares, one
// clause a line, and as tables of parameters, descriptor ranges and static
// samplers in register notation. Every line and row selects its bytes.
type RootSignatureView struct {
	app.Compo
	Data *model.RootSigView
}

// goTo is a click handler that selects the bytes at off.
func goTo(off int64) app.EventHandler {
	return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActGoto, off) }
}

// Render draws the text and the tables.
func (v *RootSignatureView) Render() app.UI {
	d := v.Data
	th := func(names ...string) app.UI {
		cells := make([]app.UI, len(names))
		for i, n := range names {
			cells[i] = app.Elem("th").Text(n)
		}
		return app.Elem("thead").Body(app.Elem("tr").Body(cells...))
	}
	row := func(id string, off, size int64, cells ...string) app.UI {
		tds := make([]app.UI, len(cells))
		for i, c := range cells {
			tds[i] = app.Elem("td").Text(c)
		}
		return app.Elem("tr").Class("rs-row").DataSet("off", off).Title(fmt.Sprintf("0x%x, %d bytes: click to see them", off, size)).
			On("click", goTo(off), app.EventScope(id)).Body(tds...)
	}
	return app.Elem("div").ID("rootsig").Class("special rootsig").Body(
		app.Elem("h3").Text("Root signature "+d.Version+" in HLSL"),
		app.Elem("p").ID("rs-cost").Class("rs-cost").Text(d.CostText()),
		app.Elem("div").Class("listing-lines rs-hlsl").Body(
			app.Elem("div").Class("listing-line rs-define").Text(`#define RS \`),
			app.Range(d.Lines).Slice(func(i int) app.UI {
				l := d.Lines[i]
				text := fmt.Sprintf("    %q", l.Text)
				if i < len(d.Lines)-1 {
					text = fmt.Sprintf("    %q \\", l.Text+",")
				}
				return app.Elem("div").Class("listing-line rs-line").DataSet("off", l.Off).
					Title(fmt.Sprintf("0x%x, %d bytes: click to see them", l.Off, l.Size)).
					On("click", goTo(l.Off), app.EventScope(fmt.Sprint("l", i))).Text(text)
			}),
		),
		app.If(len(d.Params) > 0, func() app.UI {
			return app.Elem("table").Class("sig-table rs-params").Body(th("#", "parameter", "binding", "visibility", "DWORDs"),
				app.Elem("tbody").Body(app.Range(d.Params).Slice(func(i int) app.UI {
					p := d.Params[i]
					return row(fmt.Sprint("p", i), p.Off, p.Size, fmt.Sprint(p.Index), p.Type, p.Binding, p.Visibility, fmt.Sprint(p.Cost))
				})))
		}),
		app.If(len(d.Ranges) > 0, func() app.UI {
			return app.Elem("table").Class("sig-table rs-ranges").Body(th("table", "range", "registers", "offset in table"),
				app.Elem("tbody").Body(app.Range(d.Ranges).Slice(func(i int) app.UI {
					r := d.Ranges[i]
					return row(fmt.Sprint("r", i), r.Off, r.Size, fmt.Sprint(r.Param), r.Type, r.Registers, r.Offset)
				})))
		}),
		app.If(len(d.Samplers) > 0, func() app.UI {
			return app.Elem("table").Class("sig-table rs-samplers").Body(th("sampler", "filter", "address U, V, W", "visibility"),
				app.Elem("tbody").Body(app.Range(d.Samplers).Slice(func(i int) app.UI {
					s := d.Samplers[i]
					return row(fmt.Sprint("s", i), s.Off, s.Size, s.Register, s.Filter, s.Address, s.Visibility)
				})))
		}),
	)
}

func rootSignature(pv *model.PartView, _ Selection) []app.UI {
	if d := pv.RootSignature(); d != nil {
		return []app.UI{&RootSignatureView{Data: d}}
	}
	return nil
}
