package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The pipeline view's actions.
const (
	ActPipelineOpen    = "dx-pipeline-open"    // value: int, the index of the file to inspect
	ActPipelineRootSig = "dx-pipeline-rootsig" // value: RootSigRequest ("" text: the shaders' own)
)

// PipelineView shows three to five shaders opened together as one
// pipeline: its stages in the order it runs them, what is wrong with it as
// a whole, each stage's linkage to the next, and the root signature it is
// created with.
type PipelineView struct {
	app.Compo
	Data    *model.PipelineView
	RootSig RootSigBox
}

// Render draws the verdict, the stages, the problems and the pairs.
func (v *PipelineView) Render() app.UI {
	d := v.Data
	if d == nil {
		return app.Elem("div").ID("pipeline")
	}
	verdict := "cmp-link-verdict links"
	if !d.Links {
		verdict = "cmp-link-verdict breaks"
	}
	return app.Elem("div").ID("pipeline").Class("pipeline").Body(
		app.Elem("h2").ID("pipeline-title").Class(verdict).Text(d.Title),
		app.Elem("p").Class("muted").Text(model.LessonPipeline),
		app.Elem("ol").ID("pipeline-stages").Class("pipeline-stages").Body(
			app.Range(d.Stages).Slice(func(n int) app.UI { return v.stage(n) }),
		),
		app.If(len(d.Problems) > 0, func() app.UI { return linkageProblems("pipeline-problems", d.Problems) }),
		pipelineRootSig("pipeline-rs", d.GivenRootSig, v.RootSig, ActPipelineRootSig),
		app.Range(d.Pairs).Slice(func(n int) app.UI {
			up, down := d.Stages[n], d.Stages[n+1]
			if d.Pairs[n] == nil {
				return app.Elem("p").ID(fmt.Sprintf("pipeline-pair-%d", n)).Class("muted").
					Text(up.Stage + " → " + down.Stage + ": the amplification shader hands the mesh shader a payload, not a signature: nothing to link")
			}
			return &LinkageTable{Data: d.Pairs[n], Selected: -1, InPipeline: true, ID: fmt.Sprintf("pipeline-pair-%d", n), Earlier: up.Name, Later: down.Name}
		}),
	)
}

// stage is one shader: its file (a button that inspects it) and stage.
func (v *PipelineView) stage(n int) app.UI {
	st := v.Data.Stages[n]
	carries := ""
	if st.RootSig {
		carries = "; carries a root signature"
	}
	return app.Elem("li").DataSet("file", st.File).Body(
		app.Elem("button").ID(fmt.Sprintf("pipeline-open-%d", n)).Class("link").Title("inspect this shader (Back returns to the pipeline)").Text(st.Name).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ActPipelineOpen, st.File) }, app.EventScope(fmt.Sprint("pipeline-open", n))),
		app.Text(" "+st.Stage+carries),
	)
}
