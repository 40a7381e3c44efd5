package views

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// CompareView shows what differs between two containers, part by part, with
// both files' bytes side by side. Identical parts take one line each.
type CompareView struct {
	app.Compo
	Report   *model.CompareReport
	A, B     *model.Model
	Selected model.CompareRef
	HasSel   bool
	// The hex views' selections (owned by the page; ActRevealHex with View
	// "hexa" or "hexb" brings them into view).
	SelA, SelB     model.Span
	MarksA, MarksB []bool // bytes that differ (model.DiffMarks)
	// The code compared as text, and the line chosen in it.
	Code       []model.CodeHunk
	CodeSel    model.CodeRef
	HasCodeSel bool
	// How the two shaders link, when their stages meet (nil otherwise),
	// and the row chosen in it (-1: none).
	Link    *model.LinkageView
	LinkSel int
	// The root signature the pipeline is created with (LinkageTable).
	RootSig RootSigBox
}

// Render draws the report and the two hex views.
func (v *CompareView) Render() app.UI {
	r := v.Report
	if r == nil || v.A == nil || v.B == nil {
		return app.Elem("div").ID("compare").Class("compare")
	}
	// The report scrolls with the page; both hex views stay beside it
	// (web/share.css), so a difference clicked shows its bytes at once.
	return app.Elem("div").ID("compare").Class("compare").Body(app.Elem("div").Class("cmp-report").Body(
		app.Elem("h2").Body(
			app.Text("Compare "), app.Elem("span").ID("cmp-name-a").Class("cmp-a").Text("A: "+model.Shown(v.A.Name)),
			app.Text(" → "), app.Elem("span").ID("cmp-name-b").Class("cmp-b").Text("B: "+model.Shown(v.B.Name)),
		),
		app.Elem("p").ID("cmp-verdict").Class("cmp-verdict").Text(r.Verdict),
		app.If(v.Link != nil, func() app.UI {
			return &LinkageTable{Data: v.Link, Selected: v.LinkSel, RootSig: v.RootSig}
		}),
		app.If(len(r.Changes) > 0, func() app.UI {
			return app.Elem("details").ID("cmp-changes").Class("cmp-changes").Attr("open", true).Body(
				app.Elem("summary").Text(fmt.Sprintf("What changed, most meaningful first (%d)", len(r.Changes))),
				app.Elem("ol").Body(app.Range(r.Changes).Slice(func(i int) app.UI {
					ch := r.Changes[i]
					return app.Elem("li").Class("cmp-change cmp-topic-"+strings.ReplaceAll(ch.Topic, " ", "-")).DataSet("path", ch.Path).Text(ch.Text)
				})),
			)
		}),
		app.If(len(v.Code) > 0, func() app.UI { return &CodeDiffView{Hunks: v.Code, Selected: v.CodeSel, HasSel: v.HasCodeSel} }),
		app.Elem("ul").ID("cmp-parts").Class("cmp-parts").Body(app.Range(r.Rows).Slice(func(i int) app.UI { return v.row(r.Rows[i]) })),
	),
		app.Elem("div").Class("cmp-hex").Body(
			app.Elem("div").Class("cmp-side").Body(
				app.Elem("h3").Text("A: "+model.Shown(v.A.Name)),
				&HexView{Model: v.A, Sel: v.SelA, IDPrefix: "hexa", ClickAct: ActCompareByteA, Marks: v.MarksA},
			),
			app.Elem("div").Class("cmp-side").Body(
				app.Elem("h3").Text("B: "+model.Shown(v.B.Name)),
				&HexView{Model: v.B, Sel: v.SelB, IDPrefix: "hexb", ClickAct: ActCompareByteB, Marks: v.MarksB},
			),
		),
	)
}

// row is one part of the report: its line, then the values that differ.
func (v *CompareView) row(d model.CompareRow) app.UI {
	cls := "cmp-part cmp-" + d.Status
	line := app.Elem("div").Class("cmp-line").Body(
		app.Elem("span").Class("cmp-mark").Text(d.Mark),
		app.Elem("span").Class("part-name").Text(d.Name),
		app.If(d.Text != "", func() app.UI { return app.Elem("span").Class("cmp-text").Text(d.Text) }),
		app.If(d.Summary != "", func() app.UI { return app.Elem("span").Class("cmp-summary").Text(d.Summary) }),
	)
	if d.Ref.Part >= 0 {
		line = line.DataSet("part", d.Name)
	}
	if !d.Clickable {
		return app.Elem("li").Class(cls).Body(line, v.fields(d))
	}
	if v.HasSel && v.Selected == d.Ref {
		cls += " selected"
	}
	ref := d.Ref
	line = line.OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field))
	return app.Elem("li").Class(cls).Body(line, v.fields(d), app.If(d.Bytes != "", func() app.UI { return app.Elem("div").Class("cmp-bytes").Text(d.Bytes) }))
}

func (v *CompareView) fields(d model.CompareRow) app.UI {
	if len(d.Fields) == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, len(d.Fields)+1)
	for _, f := range d.Fields {
		cls := "cmp-field"
		if v.HasSel && v.Selected == f.Ref {
			cls += " selected"
		}
		ref := f.Ref
		items = append(items, app.Elem("li").Class(cls).ID(fmt.Sprintf("cmp-field-%d-%d", ref.Part+1, ref.Field)).DataSet("path", f.Path).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field)).Body(
			app.Elem("span").Class("cmp-path").Text(f.Label),
			app.Elem("span").Class("cmp-where").Text(f.Where),
		))
	}
	if d.Omitted > 0 {
		items = append(items, app.Elem("li").Class("cmp-more").Text(fmt.Sprintf("… and %d more differences", d.Omitted)))
	}
	return app.Elem("ul").Class("cmp-fields").Body(items...)
}
