package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LinkageTable shows how two compared shaders of adjacent stages link: a
// row per input of the later stage beside the output that feeds it, then
// what is wrong. A row selects both elements' bytes.
type LinkageTable struct {
	app.Compo
	Data     *model.LinkageView
	Selected int
	// RootSig is the root signature text the pipeline is created with: the
	// last one checked, the link's, or (Suggested) dxscope's for both
	// shaders when neither carries one.
	RootSig RootSigBox
	// InPipeline: one pair of the pipeline view. Its IDs start with ID
	// (not "cmp-linkage"), its sides are named Earlier and Later (not A
	// and B), a row selects nothing (there are no hex views) and the root
	// signature is the pipeline's, under every pair.
	InPipeline     bool
	ID             string
	Earlier, Later string

	page  pageWindow
	shown int // the Selected last brought into the page (a link may name any row)
}

// OnMount and OnUpdate start another linkage at its first page, and turn to
// the page of a row newly selected.
func (t *LinkageTable) OnMount(ctx app.Context) { t.shown = -1; t.OnUpdate(ctx) }

func (t *LinkageTable) OnUpdate(ctx app.Context) {
	t.page.follow(t.Data)
	if t.Selected != t.shown {
		t.shown = t.Selected
		t.page.show(t.Selected)
	}
}

// Render draws the verdict, a page of rows and the problems.
func (t *LinkageTable) Render() app.UI {
	d := t.Data
	verdict := "cmp-link-verdict links"
	if !d.Links {
		verdict = "cmp-link-verdict breaks"
	}
	earlier, later := "A", "B"
	if d.EarlierIsB {
		earlier, later = "B", "A"
	}
	id := "cmp-linkage"
	if t.InPipeline {
		earlier, later, id = t.Earlier, t.Later, t.ID
	}
	first, end := t.page.bounds(len(d.Rows))
	return app.Elem("details").ID(id).Class("cmp-linkage").Attr("open", true).Body(
		app.Elem("summary").Body(app.Text("Stage linkage: "), app.Elem("span").Class(verdict).Text(d.Title)),
		app.Elem("p").Class("muted").Text(fmt.Sprintf("Each input of the later stage (%s) and the output of the earlier one (%s) that feeds it, as D3D12 links them when the pipeline is created; `dxscope link` prints the same.", later, earlier)),
		t.page.bar(id+"-pager", "inputs", len(d.Rows)),
		app.Elem("table").ID(id+"-rows").Class("sig-table").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(
				app.Elem("th").Text("Input ("+later+")"), app.Elem("th").Text("Reg"), app.Elem("th").Text("Mask"), app.Elem("th").Text("Type"),
				app.Elem("th").Text("Output ("+earlier+")"), app.Elem("th").Text("Reg"), app.Elem("th").Text("Mask"), app.Elem("th").Text("Type"),
				app.Elem("th").Text(""),
			)),
			app.Elem("tbody").Body(
				app.If(len(d.Rows) == 0, func() app.UI {
					return app.Elem("tr").Class("muted").Body(app.Elem("td").Attr("colspan", 9).Text("(shader " + later + " reads no inputs)"))
				}),
				app.Range(d.Rows[first:end]).Slice(func(k int) app.UI { return t.row(first + k) })),
		),
		app.If(!t.InPipeline, t.rootSig),
		app.If(len(d.Problems) > 0, func() app.UI { return linkageProblems(id+"-problems", d.Problems) }),
	)
}

// linkageProblems lists what a linkage check found: a page's worth (a
// crafted pair of thousands of elements breaks thousands of rules), the CLI
// prints all.
func linkageProblems(id string, ps []model.LinkageProblem) app.UI {
	shown := ps[:min(len(ps), PageSize)]
	return app.Elem("ul").ID(id).Class("cmp-linkage-problems").Body(
		app.Range(shown).Slice(func(i int) app.UI {
			p := shown[i]
			return app.Elem("li").Class("link-problem "+p.Severity).DataSet("rule", p.Rule).Body(
				app.Elem("span").Class("severity").Text(p.Severity), app.Text(" "+p.Rule+": "+p.Text))
		}),
		app.If(len(ps) > len(shown), func() app.UI {
			return app.Elem("li").Class("more").Text(fmt.Sprintf("… and %d more: dxscope link prints every one", len(ps)-len(shown)))
		}),
	)
}

// rootSig is the root signature the pipeline is created with: none (the
// shaders' own), or HLSL text the user gives, checked as D3D12 checks it.
func (t *LinkageTable) rootSig() app.UI {
	return pipelineRootSig("pipe-rs", t.Data.GivenRootSig, t.RootSig, ActCompareRootSig)
}

// pipelineRootSig is the section that takes the root signature a pipeline
// is created with (the compare view's pair, prefix "pipe-rs"; the pipeline
// view, "pipeline-rs"): what it is checked with now, and the text box.
func pipelineRootSig(prefix string, given bool, box RootSigBox, act string) app.UI {
	said := "Checked with the root signatures the shaders carry, as a pipeline created without one of its own takes them."
	switch {
	case given:
		said = "Checked with the root signature below, the pipeline's own: D3D12 uses it, not the shaders', and refuses the pipeline when a shader binds what it does not cover."
	case box.Suggested:
		said = "No shader carries a root signature, so D3D12 must be given one when the pipeline is created. Check the one below, or edit it into your application's."
	}
	return app.Elem("details").ID(prefix).Class("rs-editor").Attr("open", given || box.Err != nil || box.Suggested).Body(
		app.Elem("summary").Text("Root signature the pipeline is created with"),
		app.Elem("p").ID(prefix+"-said").Class("edit-lesson").Text(said+" "+model.LessonPipelineRootSig),
		&RootSigInput{Prefix: prefix, Box: box, Button: "Check", Title: "check every shader's bindings against this root signature (empty: the shaders' own)", Act: act},
	)
}

func (t *LinkageTable) row(i int) app.UI {
	r := t.Data.Rows[i]
	cls := "record-row"
	if !r.OK {
		cls += " link-bad"
	}
	if i == t.Selected {
		cls += " selected"
	}
	cells := make([]app.UI, 0, 9)
	for _, c := range r.Input {
		cells = append(cells, app.Elem("td").Text(c))
	}
	if r.OutSize == 0 {
		cells = append(cells, app.Elem("td").Class("muted").Attr("colspan", 4).Text("(not written)"))
	} else {
		for _, c := range r.Output {
			cells = append(cells, app.Elem("td").Text(c))
		}
	}
	cells = append(cells, app.Elem("td").Class("link-verdict").Text(r.Verdict))
	tr := app.Elem("tr").Class(cls).DataSet("row", i)
	if t.InPipeline {
		return tr.Body(cells...)
	}
	return tr.Title("click to see both elements' bytes").
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActCompareLink, i) }, app.EventScope(fmt.Sprint("link", i))).Body(cells...)
}
