package app

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// compareState is the compare view: the shown file (A) against a second one (B).
type compareState struct {
	b    *model.Model
	bRef *fileRef
	cmp  *diff.Comparison
	rep  *model.CompareReport // cmp laid out for the view

	sel        model.CompareRef
	hasSel     bool
	selA, selB decode.Span
	revA, revB int64
	revSeq     int
	marksA     []bool
	marksB     []bool

	code       []model.CodeHunk // the code compared as text (model.CompareCode)
	codeSel    views.CodeRef
	hasCodeSel bool
}

// startCompare compares the shown file with data and shows the compare view
// at the first difference.
func (in *Inspector) startCompare(ctx app.Context, name string, data []byte) {
	if in.model == nil || in.model.File == nil {
		in.share.linkErr = "Open a container first, then compare it with another."
		return
	}
	b := build(name, data, 0)
	if b.File == nil {
		in.share.linkErr = fmt.Sprintf("%s is not a DirectX shader container: there is nothing to compare.", name)
		return
	}
	c := &compareState{b: b, bRef: newFileRef(data), cmp: diff.Compare(in.model.File, b.File)}
	c.rep = model.NewCompareReport(c.cmp)
	c.marksA, c.marksB = model.DiffMarks(c.cmp, in.model.Data, data, in.model.Base, 0)
	c.code = model.CompareCode(in.model, b)
	in.share.cmp, in.screen = c, screenCompare
	if r, ok := model.FirstDifference(c.cmp); ok {
		in.compareSelect(ctx, r)
	}
}

// compareSelect selects a difference and moves both hex views to it.
func (in *Inspector) compareSelect(ctx app.Context, r model.CompareRef) {
	c := in.share.cmp
	if c == nil {
		return
	}
	c.sel, c.hasSel = r, true
	a, b := r.Sides(c.cmp)
	span := func(m *model.Model, s diff.FieldSide) decode.Span {
		if s.Off < 0 || s.Size <= 0 {
			return decode.Span{}
		}
		off := s.Off + m.Base
		// The field recorded for exactly these bytes (the diff names fields its own way).
		var sp decode.Span
		found := false
		m.Spans.Containing(off, func(c decode.Span) bool {
			if c.Off == off && c.Size == s.Size {
				sp, found = c, true
			}
			return true
		})
		if found {
			return sp
		}
		return decode.Span{Path: s.Span, Off: off, Size: s.Size, Kind: decode.SpanField, Value: s.Value}
	}
	c.selA, c.selB = span(in.model, a), span(c.b, b)
	c.revA, c.revB = c.selA.Off, c.selB.Off
	c.revSeq++
}

// compareSelectPath selects the difference a link's field= names, else the first.
func (in *Inspector) compareSelectPath(ctx app.Context, path string) {
	c := in.share.cmp
	if c == nil {
		return
	}
	if r, ok := model.FindCompareRef(c.cmp, path); ok {
		in.compareSelect(ctx, r)
		return
	}
	if path != "" {
		in.share.linkErr = fmt.Sprintf("The link selects the difference %s, which these files do not have: showing the first difference.", path)
	}
	if r, ok := model.FirstDifference(c.cmp); ok {
		in.compareSelect(ctx, r)
	}
}

// compareByte selects the field holding a clicked byte on one side.
// compareCodeLine selects the bytes a line of the code comparison was read
// from, in each file that has the line.
func (in *Inspector) compareCodeLine(r views.CodeRef) {
	c := in.share.cmp
	if c == nil || r.Hunk < 0 || r.Hunk >= len(c.code) || r.Line < 0 || r.Line >= len(c.code[r.Hunk].Lines) {
		return
	}
	l := c.code[r.Hunk].Lines[r.Line]
	c.codeSel, c.hasCodeSel = r, true
	span := func(s model.CodeLine) decode.Span {
		if s.Size <= 0 {
			return decode.Span{}
		}
		return decode.Span{Path: "code: " + l.Text, Off: s.Off, Size: s.Size, Kind: decode.SpanField}
	}
	c.selA, c.selB = span(l.A), span(l.B)
	if c.selA.Size > 0 {
		c.revA = c.selA.Off
	}
	if c.selB.Size > 0 {
		c.revB = c.selB.Off
	}
	c.revSeq++
}

func (in *Inspector) compareByte(off int64, sideA bool) {
	c := in.share.cmp
	if c == nil {
		return
	}
	m, sel := in.model, &c.selA
	if !sideA {
		m, sel = c.b, &c.selB
	}
	if sp, ok := m.Spans.Deepest(off); ok {
		*sel = sp
	} else {
		*sel = decode.Span{Path: "(outside the container)", Off: off, Size: 1, Kind: decode.SpanUnknown}
	}
}

func (in *Inspector) onPickCompare(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	in.next = openAsCompared
	in.readFile(in.stableCtx(ctx), files.Index(0))
	ctx.JSSrc().Set("value", "")
}

// mainView is the compare view when it is chosen, else the inspector's body.
func (in *Inspector) mainView() app.UI {
	if c := in.share.cmp; in.comparing() {
		return &views.CompareView{Report: c.rep, A: in.model, B: c.b, Selected: c.sel, HasSel: c.hasSel,
			SelA: c.selA, SelB: c.selB, RevealA: c.revA, RevealB: c.revB, RevealSeq: c.revSeq,
			MarksA: c.marksA, MarksB: c.marksB, Code: c.code, CodeSel: c.codeSel, HasCodeSel: c.hasCodeSel}
	}
	return in.body()
}
