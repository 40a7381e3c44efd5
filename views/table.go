package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// MaxTables is how many tables of one kind a part view draws (a file may
// claim thousands of constant buffers; no real shader has more than a few).
const MaxTables = 32

// RecordTable draws one model.Table: a row selects its record's bytes, a
// reference in a cell selects the record it names. Long tables are paged.
type RecordTable struct {
	app.Compo
	Data *model.Table

	page pageWindow
}

// OnMount and OnUpdate start another table at its first page.
func (t *RecordTable) OnMount(ctx app.Context)  { t.page.follow(t.Data) }
func (t *RecordTable) OnUpdate(ctx app.Context) { t.page.follow(t.Data) }

// Render draws the title, a page of rows and the pager.
func (t *RecordTable) Render() app.UI {
	d := t.Data
	first, end := t.page.bounds(len(d.Rows))
	heads := make([]app.UI, len(d.Columns))
	for i, c := range d.Columns {
		heads[i] = app.Elem("th").Text(c)
	}
	return app.Elem("div").Class("table-wrap").Body(
		app.Elem("h3").Text(d.Title),
		t.page.bar(d.ID+"-pager", "rows", len(d.Rows)),
		app.Elem("table").ID(d.ID).Class("sig-table record-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(heads...)),
			app.Elem("tbody").Body(app.Range(d.Rows[first:end]).Slice(func(k int) app.UI {
				i := first + k
				r := d.Rows[i]
				cells := make([]app.UI, len(r.Cells))
				for j, c := range r.Cells {
					cells[j] = tableCell(c, d.Part, fmt.Sprintf("%s-%d-%d", d.ID, i, j))
				}
				return app.Elem("tr").Class("record-row").DataSet("off", r.Off).
					Title(fmt.Sprintf("0x%x, %d bytes: click to see them", r.Off, r.Size)).
					On("click", selectRecord(d.Part, r.Node, r.Off), app.EventScope(fmt.Sprint(d.ID, i))).Body(cells...)
			})),
		),
	)
}

// tableCell is a cell's text or its links to other records.
func tableCell(c model.TableCell, part int, scope string) app.UI {
	if c.Refs == nil {
		return app.Elem("td").Text(c.Text)
	}
	links := make([]app.UI, 0, 2*len(c.Refs))
	for k, r := range c.Refs {
		if k > 0 {
			links = append(links, app.Text(" "))
		}
		if r.Off < 0 { // names nothing this file holds
			links = append(links, app.Elem("span").Class("ref-none").Text(r.Text))
			continue
		}
		sel := selectRecord(part, r.Node, r.Off)
		links = append(links, app.Elem("a").Class("ref").Attr("href", "#").DataSet("off", r.Off).Title(fmt.Sprintf("the record at 0x%x", r.Off)).
			On("click", func(ctx app.Context, e app.Event) {
				e.PreventDefault()
				e.Call("stopPropagation")
				sel(ctx, e)
			}, app.EventScope(fmt.Sprint(scope, "-", k))).Text(r.Text))
	}
	return app.Elem("td").Body(links...)
}

// selectRecord selects a record's tree node (and so its bytes), or the byte
// at off when it has none.
func selectRecord(part, node int, off int64) app.EventHandler {
	if node < 0 {
		return goTo(off)
	}
	ref := NodeRef{Part: part, Node: node}
	return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActSelectNode, ref) }
}

// ResourceDefinitionsView shows RDEF as tables and as FXC's listing text.
type ResourceDefinitionsView struct {
	app.Compo
	Data *model.RDEFView
}

// Render draws the constant buffers, the bindings and the listing.
func (v *ResourceDefinitionsView) Render() app.UI {
	d := v.Data
	buffers := d.Buffers[:min(len(d.Buffers), MaxTables)]
	return app.Elem("div").ID("rdef").Class("special rdef").Body(
		app.Elem("p").Text(fmt.Sprintf("Compiled for %s by %s.", d.Profile, d.Creator)),
		app.Range(buffers).Slice(func(i int) app.UI { return &RecordTable{Data: buffers[i]} }),
		app.If(len(d.Buffers) > len(buffers), func() app.UI {
			return app.Elem("p").Class("more").Text(fmt.Sprintf("… and %d more constant buffers: the tree below lists every one.", len(d.Buffers)-len(buffers)))
		}),
		app.If(d.Bindings != nil, func() app.UI { return &RecordTable{Data: d.Bindings} }),
		app.If(len(d.Text) > 0, func() app.UI {
			return &ListingBlock{Title: "As FXC lists it", Lines: d.Text, Open: true}
		}),
	)
}

// runtimeData shows RDAT as its record tables.
func runtimeData(pv *model.PartView, _ Selection) []app.UI {
	d := pv.RuntimeData()
	if d == nil {
		return nil
	}
	return []app.UI{app.Elem("div").ID("rdat").Class("special rdat").Body(
		app.Range(d.Tables).Slice(func(i int) app.UI { return &RecordTable{Data: d.Tables[i]} }),
	)}
}

func resourceDefinitions(pv *model.PartView, _ Selection) []app.UI {
	if d := pv.ResourceDefinitions(); d != nil {
		return []app.UI{&ResourceDefinitionsView{Data: d}}
	}
	return nil
}

// PartFacts is the short purpose view of a small part: what it is for, its
// facts (each selecting its bytes) and, for SRCI, the embedded sources.
type PartFacts struct {
	app.Compo
	Data *model.FactsView
}

// Render draws the sentence, the facts and the source files.
func (v *PartFacts) Render() app.UI {
	d := v.Data
	return app.Elem("div").ID("part-facts").Class("special facts").Body(
		app.Elem("p").Class("facts-purpose").Text(d.Purpose),
		app.If(len(d.Facts) > 0, func() app.UI {
			facts := d.Facts[:min(len(d.Facts), PageSize)]
			return app.Elem("table").Class("sig-table facts-table").Body(app.Elem("tbody").Body(app.Range(facts).Slice(func(i int) app.UI {
				f := facts[i]
				tr := app.Elem("tr").Class("fact").Body(app.Elem("th").Text(f.Label), app.Elem("td").Text(f.Value))
				if f.Size <= 0 {
					return tr
				}
				return tr.Class("fact record-row").DataSet("off", f.Off).Title(fmt.Sprintf("0x%x, %d bytes: click to see them", f.Off, f.Size)).
					On("click", goTo(f.Off), app.EventScope(fmt.Sprint("fact", i)))
			})))
		}),
		app.If(len(d.Facts) > PageSize, func() app.UI {
			return app.Elem("p").Class("more").Text(fmt.Sprintf("… and %d more: the tree below lists every one.", len(d.Facts)-PageSize))
		}),
		app.Range(d.Files[:min(len(d.Files), MaxTables)]).Slice(func(i int) app.UI {
			f := d.Files[i]
			text := f.Text
			if f.Cut > 0 {
				text += fmt.Sprintf("\n… (%d more bytes)", f.Cut)
			}
			return app.Elem("details").Class("source-file").Attr("open", i == 0).Body(
				app.Elem("summary").Text(f.Name), app.Elem("pre").Class("source-text").Text(text))
		}),
		app.If(len(d.Files) > MaxTables, func() app.UI {
			return app.Elem("p").Class("more").Text(fmt.Sprintf("… and %d more source files: the tree below lists every one.", len(d.Files)-MaxTables))
		}),
	)
}

func partFacts(pv *model.PartView, _ Selection) []app.UI {
	if d := pv.Facts(); d != nil {
		return []app.UI{&PartFacts{Data: d}}
	}
	return nil
}
