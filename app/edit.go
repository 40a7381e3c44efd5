package app

import (
	"path"
	"strings"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/views"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handleEdit subscribes the edit mode's actions: each becomes a page.State
// operation (app/page/edit.go), the download excepted.
func (in *Inspector) handleEdit(ctx app.Context, handle func(name string, op func(a app.Action) (page.Effects, bool))) {
	st := in.state()
	handle(views.ActEditToggle, func(a app.Action) (page.Effects, bool) { return st.StartEdit(), true })
	handle(views.ActEditRemove, typed(st.EditRemovePart))
	handle(views.ActEditSign, func(a app.Action) (page.Effects, bool) {
		name, _ := a.Value.(string)
		d, err := edit.ParseDigest(name)
		return st.EditSign(d), err == nil
	})
	handle(views.ActEditRootSig, typed(func(r views.RootSigRequest) page.Effects { return st.ApplyRootSig(r.Text, r.Version, r.Force) }))
	handle(views.ActEditField, typed(st.EditField))
	handle(views.ActEditUndo, func(a app.Action) (page.Effects, bool) { return st.Undo(), true })
	handle(views.ActEditRedo, func(a app.Action) (page.Effects, bool) { return st.Redo(), true })
	handle(views.ActEditCompare, func(a app.Action) (page.Effects, bool) { return st.CompareEdited(), true })
	ctx.Handle(views.ActEditDownload, func(ctx app.Context, a app.Action) {
		if b := st.EditedBytes(); st.Editing() && len(b) > 0 {
			views.Download(path.Base(strings.ReplaceAll(st.EditedName(), "\\", "/")), "application/octet-stream", b)
		}
		ctx.PreventUpdate()
	})
}

// editUI is the Edit button, or the edit mode's controls while editing.
func (in *Inspector) editUI(st *page.State) app.UI {
	if !st.Editing() {
		return app.Elem("div").Class("edit-bar").Body(
			app.Elem("button").ID("edit-toggle").Class("edit-btn").Text("Edit…").
				Title("remove parts, replace the root signature, re-sign; undo, compare with the original and download the result — in this browser, nothing is uploaded").
				OnClick(func(ctx app.Context, e app.Event) { in.run(ctx, st.StartEdit) }),
		)
	}
	e := &st.Edit
	edits := make([]string, len(e.Steps))
	for i, s := range e.Steps {
		edits[i] = s.What
	}
	p := &views.EditPanel{
		Edits: edits, CanUndo: st.CanUndo(), CanRedo: st.CanRedo(), Done: e.Done, Err: e.Err,
		Digest: st.Model.Digest, RS: rootSigBox(e.RS),
		RSRefused: e.RS.Refused, RSCovered: e.RS.Covered, HasRootSig: st.Model.File.Part("RTS0") != nil,
		DownloadName: path.Base(strings.ReplaceAll(st.EditedName(), "\\", "/")),
	}
	for _, pr := range e.RS.Cover {
		p.RSCover = append(p.RSCover, views.CoverLine{Severity: pr.Severity.String(), Message: pr.Message})
	}
	f, why := st.SelectedField()
	p.FieldPath, p.FieldValue, p.FieldWhy = f.Path, f.Value, why
	p.FieldEnum, p.FieldFlags = f.Enum, f.Flags
	if pv := st.PartView(); pv != nil {
		p.Part = pv.Name
	}
	return p
}

// rootSigBox is what a root signature text box shows of the page's text.
func rootSigBox(t page.RootSigText) views.RootSigBox {
	return views.RootSigBox{Text: t.Text, Version: t.Version, Rev: t.Rev, Err: rootSigErr(t.Err), Suggested: t.Suggested}
}

// rootSigErr is a root signature's compile error as the views draw it.
func rootSigErr(r *rootsig.Error) *views.RootSigError {
	if r == nil {
		return nil
	}
	return &views.RootSigError{Line: r.Line, Col: r.Col, Msg: r.Msg}
}
