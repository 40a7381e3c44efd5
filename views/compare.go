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
	Cmp      *model.Comparison
	A, B     *model.Model
	Selected model.CompareRef
	HasSel   bool
	// The hex views' selections and reveal requests (owned by the page).
	SelA, SelB       model.Span
	RevealA, RevealB int64
	RevealSeq        int
	MarksA, MarksB   []bool // bytes that differ (model.DiffMarks)
	// The code compared as text, and the line chosen in it.
	Code       []model.CodeHunk
	CodeSel    CodeRef
	HasCodeSel bool
}

// Render draws the report and the two hex views.
func (v *CompareView) Render() app.UI {
	c := v.Cmp
	if c == nil || v.A == nil || v.B == nil {
		return app.Div().ID("compare").Class("compare")
	}
	n := c.Counts
	head := fmt.Sprintf("%d identical, %d changed, %d added, %d removed, %d moved, %d resized", n.Identical, n.Changed, n.Added, n.Removed, n.Moved, n.Resized)
	verdict := "The files differ."
	if c.Identical {
		verdict = "The files are identical."
	}
	var rows []app.UI
	if len(c.Header) > 0 {
		rows = append(rows, app.Li().Class("cmp-part cmp-changed").Body(
			app.Div().Class("cmp-line").Body(app.Span().Class("cmp-mark").Text("~"), app.Span().Class("part-name").Text("Header")),
			v.fields(-1, c.Header, 0),
		))
	}
	for i := range c.Parts {
		rows = append(rows, v.part(i))
	}
	return app.Div().ID("compare").Class("compare").Body(
		app.H2().Body(
			app.Text("Compare "), app.Span().ID("cmp-name-a").Class("cmp-a").Text("A: "+model.Shown(v.A.Name)),
			app.Text(" → "), app.Span().ID("cmp-name-b").Class("cmp-b").Text("B: "+model.Shown(v.B.Name)),
		),
		app.P().ID("cmp-verdict").Class("cmp-verdict").Text(verdict+" Parts: "+head+"."),
		app.If(len(c.Changes) > 0, func() app.UI {
			return app.Details().ID("cmp-changes").Class("cmp-changes").Open(true).Body(
				app.Summary().Text(fmt.Sprintf("What changed, most meaningful first (%d)", len(c.Changes))),
				app.Ol().Body(app.Range(c.Changes).Slice(func(i int) app.UI {
					ch := c.Changes[i]
					return app.Li().Class("cmp-change cmp-topic-"+strings.ReplaceAll(ch.Topic, " ", "-")).DataSet("path", ch.Path).Text(ch.Text)
				})),
			)
		}),
		app.If(len(v.Code) > 0, func() app.UI { return &CodeDiffView{Hunks: v.Code, Selected: v.CodeSel, HasSel: v.HasCodeSel} }),
		app.Ul().ID("cmp-parts").Class("cmp-parts").Body(rows...),
		app.Div().Class("cmp-hex").Body(
			app.Div().Class("cmp-side").Body(
				app.H3().Text("A: "+model.Shown(v.A.Name)),
				&HexView{Model: v.A, Sel: v.SelA, RevealOff: v.RevealA, RevealSeq: v.RevealSeq, IDPrefix: "hexa", ClickAct: ActCompareByteA, Marks: v.MarksA},
			),
			app.Div().Class("cmp-side").Body(
				app.H3().Text("B: "+model.Shown(v.B.Name)),
				&HexView{Model: v.B, Sel: v.SelB, RevealOff: v.RevealB, RevealSeq: v.RevealSeq, IDPrefix: "hexb", ClickAct: ActCompareByteB, Marks: v.MarksB},
			),
		),
	)
}

func (v *CompareView) part(i int) app.UI {
	d := v.Cmp.Parts[i]
	ref := model.CompareRef{Part: i, Field: -1}
	side := d.A
	if side == nil {
		side = d.B
	}
	var mark, text string
	switch d.Status {
	case model.PartIdentical:
		mark, text = "=", fmt.Sprintf("#%d  %s, identical", side.Index, plural2(int64(side.Size), "byte"))
	case model.PartAdded:
		mark, text = "+", fmt.Sprintf("#%d at %s, %s: only in B", d.B.Index, model.Hex(d.B.Offset), plural2(int64(d.B.Size), "byte"))
	case model.PartRemoved:
		mark, text = "-", fmt.Sprintf("#%d at %s, %s: only in A", d.A.Index, model.Hex(d.A.Offset), plural2(int64(d.A.Size), "byte"))
	default:
		size := plural2(int64(d.A.Size), "byte")
		if d.Resized {
			size = fmt.Sprintf("%d → %d bytes (resized)", d.A.Size, d.B.Size)
		}
		mark, text = "~", fmt.Sprintf("#%d  %s, changed", d.A.Index, size)
	}
	if d.A != nil && d.B != nil && d.A.Index != d.B.Index {
		text += fmt.Sprintf(", #%d → #%d", d.A.Index, d.B.Index)
	}
	if d.Moved {
		text += " (moved)"
	}
	cls := "cmp-part cmp-" + d.Status.String()
	line := app.Div().Class("cmp-line").DataSet("part", d.Name).Body(
		app.Span().Class("cmp-mark").Text(mark),
		app.Span().Class("part-name").Text(model.Shown(d.Name)),
		app.Span().Class("cmp-text").Text(text),
		app.If(side.Summary != "", func() app.UI { return app.Span().Class("cmp-summary").Text(model.Shown(side.Summary)) }),
	)
	if d.Status == model.PartIdentical {
		return app.Li().Class(cls).Body(line)
	}
	if v.HasSel && v.Selected == ref {
		cls += " selected"
	}
	line = line.OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field))
	body := []app.UI{line, v.fields(i, d.Fields, d.Omitted)}
	if b := d.Bytes; b != nil && !b.Same() {
		t := fmt.Sprintf("bytes: %d of %d differ, first at part offset %s (A %s, B %s)", b.Differ, min(b.LenA, b.LenB), model.Hex(int64(b.First)), model.Hex(b.FirstA), model.Hex(b.FirstB))
		if b.LenA != b.LenB {
			t += fmt.Sprintf(", length %d → %d", b.LenA, b.LenB)
		}
		body = append(body, app.Div().Class("cmp-bytes").Text(t))
	}
	return app.Li().Class(cls).Body(body...)
}

func (v *CompareView) fields(part int, fs []model.FieldDiff, omitted int) app.UI {
	if len(fs) == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, len(fs)+1)
	for j, f := range fs {
		ref := model.CompareRef{Part: part, Field: j}
		cls := "cmp-field"
		if v.HasSel && v.Selected == ref {
			cls += " selected"
		}
		items = append(items, app.Li().Class(cls).ID(fmt.Sprintf("cmp-field-%d-%d", part+1, j)).DataSet("path", f.Path).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareSelect, ref) }, app.EventScope(ref.Part, ref.Field)).Body(
			app.Span().Class("cmp-path").Text(model.FieldLabel(f)),
			app.Span().Class("cmp-where").Text(model.WhereText(f)),
		))
	}
	if omitted > 0 {
		items = append(items, app.Li().Class("cmp-more").Text(fmt.Sprintf("… and %d more differences", omitted)))
	}
	return app.Ul().Class("cmp-fields").Body(items...)
}
