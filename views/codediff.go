package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActCompareCode reports a line of the code comparison chosen (value:
// CodeRef): the page selects its bytes in A's and B's hex views.
const ActCompareCode = "dx-compare-code"

// maxCodeDiffLines is how many lines of hunks the compare view draws; the
// CLI's dxscope diff --text prints them all.
const maxCodeDiffLines = 2000

// CodeDiffView shows the code of two files compared as text: hunks per
// function, removed lines red, added lines green, each line selecting the
// bytes it was read from in its own hex view.
type CodeDiffView struct {
	app.Compo
	Hunks    []model.CodeHunk
	Selected model.CodeRef
	HasSel   bool
}

// Render draws the hunks.
func (v *CodeDiffView) Render() app.UI {
	if len(v.Hunks) == 0 {
		return app.Elem("div").ID("cmp-code").Class("cmp-code empty")
	}
	var rows []app.UI
	drawn := 0
	for hi, h := range v.Hunks {
		if drawn >= maxCodeDiffLines {
			rows = append(rows, app.Elem("div").Class("cmp-more").Text(fmt.Sprintf("%d more hunks: dxscope diff --text prints them all", len(v.Hunks)-hi)))
			break
		}
		rows = append(rows, app.Elem("div").Class("cmp-code-hunk").Text(fmt.Sprintf("@@ -%d,%d +%d,%d @@ %s", h.StartA+1, h.CountA, h.StartB+1, h.CountB, model.Shown(h.Unit))))
		for li, l := range h.Lines {
			ref := model.CodeRef{Hunk: hi, Line: li}
			cls := map[byte]string{' ': "cmp-code-line", '-': "cmp-code-line cmp-code-del", '+': "cmp-code-line cmp-code-add"}[l.Op]
			if v.HasSel && v.Selected == ref {
				cls += " selected"
			}
			row := app.Elem("div").Class(cls).Text(string(l.Op) + l.Text)
			if l.A.Size > 0 || l.B.Size > 0 {
				row = row.Title("click to see its bytes").
					On("click", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareCode, ref) }, app.EventScope(hi, li))
			}
			rows = append(rows, row)
			drawn++
		}
	}
	return app.Elem("details").ID("cmp-code").Class("cmp-code").Attr("open", true).Body(
		app.Elem("summary").Text(fmt.Sprintf("Code, function by function (%d hunks)", len(v.Hunks))),
		app.Elem("div").Class("cmp-code-lines").Body(rows...),
	)
}
