// Selection: the part, the tree node and the bytes the user picked; the hex
// view and the tree follow it.
package app

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func (in *Inspector) selectPart(ctx app.Context, i int) {
	if in.model == nil || i < 0 || i >= len(in.model.Parts) {
		return
	}
	if i != in.part {
		in.tab = tabOwnView // a part opens on its own view
	}
	in.part = i
	pv := in.model.Parts[i]
	in.initOpen(i)
	in.node = -1
	if t := pv.Tree(); t != nil {
		in.node = t.Root.ID
	}
	in.sel = decode.Span{Part: pv.Name, Off: pv.Offset, Size: pv.Size, Kind: decode.SpanStruct}
	if pv.Name == model.HeaderPart {
		in.sel.Part, in.sel.Path = "", "Header"
	}
	in.enc = decode.Span{}
	in.revealAt(pv.Offset)
}

// selectNode selects a tree node and the bytes it came from.
func (in *Inspector) selectNode(ctx app.Context, part, id int, reveal bool) {
	if in.model == nil || part < 0 || part >= len(in.model.Parts) {
		return
	}
	t := in.model.Parts[part].Tree()
	if t == nil || id < 0 || id >= len(t.Nodes) {
		return
	}
	in.part, in.node = part, id
	n := t.Nodes[id]
	pv := in.model.Parts[part]
	if sp, ok := pv.Span(t.SpanOf(n)); ok {
		in.sel = sp
		in.enc, _ = in.model.Spans.Enclosing(sp)
	} else if n.Parent == nil {
		in.sel = decode.Span{Part: pv.Name, Off: pv.Offset, Size: pv.Size, Kind: decode.SpanStruct}
		in.enc = decode.Span{}
	}
	if reveal {
		in.revealAt(in.sel.Off)
	}
}

// selectByte selects the deepest field holding off and reveals its node.
func (in *Inspector) selectByte(ctx app.Context, off int64, reveal bool) {
	m := in.model
	if m == nil || m.File == nil {
		return
	}
	sp, ok := m.Spans.Deepest(off)
	if !ok {
		sp = decode.Span{Path: "(outside the container)", Off: off, Size: 1, Kind: decode.SpanUnknown}
	}
	in.sel = sp
	in.enc, _ = m.Spans.Enclosing(sp)
	in.cursor = off
	if pv := m.PartAt(off); pv != nil && pv.Tree() != nil {
		in.part = pv.Index
		in.initOpen(pv.Index)
		n := pv.Tree().ForSpan(sp.Path)
		in.node = n.ID
		for p := n.Parent; p != nil; p = p.Parent {
			in.open[pv.Index][p.ID] = true
		}
		in.rev++
		id := fmt.Sprintf("node-%d", n.ID)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "nearest"})
			}
		})
	}
	if reveal {
		in.revealAt(off)
	}
}

// initOpen opens a part's root and its typed value (what the part is about)
// the first time the part is shown.
func (in *Inspector) initOpen(i int) {
	t := in.model.Parts[i].Tree()
	if t == nil || len(in.open[i]) > 0 {
		return
	}
	in.open[i][t.Root.ID] = true
	for _, c := range t.Root.Children {
		if c.Kind == model.KindObject && c.Key != "Digest" {
			in.open[i][c.ID] = true
		}
	}
	in.rev++
}

func (in *Inspector) revealAt(off int64) {
	in.revealOff = off
	in.revealSeq++
}

// cursorAt is where the data inspector reads: the byte last clicked while
// the selection holds it, else the selection's start.
func (in *Inspector) cursorAt() int64 {
	if in.cursor >= in.sel.Off && in.cursor < in.sel.End() {
		return in.cursor
	}
	return in.sel.Off
}

// selectProblem selects the byte a problem names (an offset past the end of
// the file: its last byte) and brings it into view.
func (in *Inspector) selectProblem(ctx app.Context, p decode.Problem) {
	in.selectByte(ctx, min(max(p.Offset, 0), int64(len(in.model.Data))-1), true)
}

// showFirstProblem selects the bytes of the first problem of a severity and
// brings its row into view with its button focused, so Tab and Enter go on
// through the list.
func (in *Inspector) showFirstProblem(ctx app.Context, sev string) {
	m := in.model
	if m == nil {
		return
	}
	for i, p := range m.Problems {
		if p.Severity.String() != sev {
			continue
		}
		in.selectProblem(ctx, p)
		in.problemShow, in.problemSeq = i, in.problemSeq+1
		id := fmt.Sprint("problem-", i)
		ctx.Defer(func(app.Context) {
			scrollIntoView(id)
			if el := app.Window().GetElementByID(id); el.Truthy() {
				if b := el.Call("querySelector", "button"); b.Truthy() {
					b.Call("focus", map[string]any{"preventScroll": true})
				}
			}
		})
		in.noteView(ctx)
		return
	}
}
