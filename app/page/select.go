// Selection: the part, the tree node and the bytes the user picked; the hex
// view, the tree and the code views follow it.
package page

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views/model"
)

// SelectPart selects a part: it opens on its own view, with its bytes in
// the hex view (a narrow window goes from the part list to the view).
func (s *State) SelectPart(i int) Effects {
	s.selectPart(i)
	if s.Pane == PartsPane {
		s.Pane = ViewPane
	}
	s.note()
	return s.take()
}

// SelectNode selects a tree node and the bytes it came from.
func (s *State) SelectNode(part, node int) Effects {
	if s.selectNode(part, node) {
		s.revealHex(s.Sel.Off)
		s.fx.RevealCode = true
		s.followSource()
	}
	s.note()
	return s.take()
}

// SelectField selects the tree node of a field path in a part (a listing
// line's value), or the bytes off and size when the tree has none.
func (s *State) SelectField(part int, path string, off, size int64) Effects {
	if s.Model != nil && part >= 0 && part < len(s.Model.Parts) {
		if n := s.Model.Parts[part].Tree().FindField(path); n != nil {
			return s.SelectNode(part, n.ID)
		}
	}
	if size <= 0 {
		return Effects{Unchanged: true}
	}
	return s.Goto(off)
}

// ToggleNode opens or closes a tree node (node -1-ID: shows all of a long
// node's children).
func (s *State) ToggleNode(part, node int) Effects {
	if part < 0 || part >= len(s.Expanded) {
		return Effects{}
	}
	s.initOpen(part)
	s.Expanded[part][node] = !s.Expanded[part][node]
	s.ExpandedRev++
	s.note()
	return s.take()
}

// SetTab shows one of the selected part's views.
func (s *State) SetTab(t Tab) Effects {
	if t != s.Tab {
		s.textPage = nil // a tab shown again starts its texts on their first pages
	}
	s.Tab = t
	if t == OwnView {
		s.fx.RevealCode = true
	}
	if t == Tree {
		s.resolveNode()
		s.fx.RevealNode = true
	}
	s.note()
	return s.take()
}

// TextPages is the page (from 0) each text of the selected part's Text tab
// shows, by its command (model.TextDump.Command); a text not named shows
// its first page.
func (s *State) TextPages() map[string]int {
	if s.Tab != Text || s.textPart != s.Part {
		return nil
	}
	return s.textPage
}

// SetTextPage shows page i (from 0) of the selected part's text of that
// command, within the pages it has: the link says so (page=) over the
// current history entry, like a selection.
func (s *State) SetTextPage(command string, i int) Effects {
	pages := map[string]int{} // a new map: the views see a new value
	for c, p := range s.TextPages() {
		pages[c] = p
	}
	delete(pages, command)
	if p := textPageOf(s.PartView(), command, i); p > 0 {
		pages[command] = p
	}
	s.textPage, s.textPart = pages, s.Part
	s.note()
	return s.take()
}

// textPageOf is page i (from 0) of pv's text of that command, clamped to
// the pages the text has (0 for no such text).
func textPageOf(pv *model.PartView, command string, i int) int {
	if pv == nil || !pv.HasDumps() {
		return 0
	}
	for _, d := range pv.Dumps() {
		if d.Command == command {
			return max(0, min(i, len(d.Pages)-1))
		}
	}
	return 0
}

// SelectByte selects what a click on a byte of the hex view names: inside
// code shown in the part's own view, exactly the instruction holding it
// (the code view stays and brings the line into view); elsewhere the
// deepest field holding it. The tab never changes.
func (s *State) SelectByte(off int64) Effects {
	s.selectByte(off)
	s.followSource()
	s.note()
	return s.take()
}

// Goto selects the byte at off (Go to offset, a problem, a table row) and
// brings it into the hex view.
func (s *State) Goto(off int64) Effects {
	s.selectByte(off)
	s.followSource()
	s.revealHex(off)
	s.note()
	return s.take()
}

// SelectBytes selects an exact byte range: a disassembly line the bits of
// its record, a table row its record (then the field recorded there, with
// its tree node), a grid cell the byte of its bit.
func (s *State) SelectBytes(r model.ByteRange) Effects {
	m := s.Model
	if m == nil || r.Size <= 0 {
		return Effects{}
	}
	s.Sel = codeSpan(r)
	found := false
	m.Spans.Containing(r.Off, func(c decode.Span) bool {
		if c.Off == r.Off && c.Size == r.Size && (r.Path == "" || c.Path == r.Path && c.Part == r.Part) {
			s.Sel, found = c, true
		}
		return true
	})
	if found {
		if pv := m.PartAt(r.Off); pv != nil && pv.Tree() != nil {
			s.Part = pv.Index
			n := pv.Tree().ForSpan(s.Sel.Path)
			s.Node = n.ID
			s.openTo(pv.Index, n)
			s.fx.RevealNode = true
		}
	} else if s.Sel.Path == "" {
		s.Sel.Path = fmt.Sprintf("bytes %s–%s", model.Hex(r.Off), model.Hex(r.Off+r.Size))
	}
	s.Enc, _ = m.Spans.Enclosing(s.Sel)
	s.Cursor = r.Off
	s.followSource()
	s.revealHex(r.Off)
	s.fx.RevealCode = true
	s.note()
	return s.take()
}

// ShowFirstProblem selects the bytes of the first problem of a severity
// ("error", "warning", "note") and brings its row into view, focused.
func (s *State) ShowFirstProblem(sev string) Effects {
	m := s.Model
	if m == nil {
		return Effects{}
	}
	for i, p := range m.Problems {
		if p.Severity.String() != sev {
			continue
		}
		s.selectProblem(p)
		s.fx.ShowProblem, s.fx.Problem = true, i
		s.note()
		break
	}
	return s.take()
}

func (s *State) selectPart(i int) {
	if s.Model == nil || i < 0 || i >= len(s.Model.Parts) {
		return
	}
	if i != s.Part {
		s.Tab = OwnView // a part opens on its own view
		s.textPage = nil
	}
	s.Part = i
	pv := s.Model.Parts[i]
	s.Node = 0 // the root: the tree is built when it is shown
	s.Sel = decode.Span{Part: pv.Name, Off: pv.Offset, Size: pv.Size, Kind: decode.SpanStruct}
	if pv.Name == model.HeaderPart {
		s.Sel.Part, s.Sel.Path = "", "Header"
	}
	s.Enc = decode.Span{}
	s.Src = model.SourceLine{}
	s.revealHex(pv.Offset)
}

// selectNode selects a tree node and the bytes it came from.
func (s *State) selectNode(part, id int) bool {
	if s.Model == nil || part < 0 || part >= len(s.Model.Parts) {
		return false
	}
	t := s.Model.Parts[part].Tree()
	if t == nil || id < 0 || id >= len(t.Nodes) {
		return false
	}
	s.Part, s.Node = part, id
	n := t.Nodes[id]
	pv := s.Model.Parts[part]
	if sp, ok := pv.Span(t.SpanOf(n)); ok {
		s.Sel = sp
		s.Enc, _ = s.Model.Spans.Enclosing(sp)
	} else if n.Parent == nil {
		s.Sel = decode.Span{Part: pv.Name, Off: pv.Offset, Size: pv.Size, Kind: decode.SpanStruct}
		s.Enc = decode.Span{}
	}
	s.Cursor = s.Sel.Off
	return true
}

// selectByte selects the deepest field holding off and its tree node; in
// code shown by the part's own view, the instruction holding off.
func (s *State) selectByte(off int64) {
	m := s.Model
	if m == nil || m.File == nil {
		return
	}
	sp, ok := m.Spans.Deepest(off)
	if !ok {
		sp = decode.Span{Path: "(outside the container)", Off: off, Size: 1, Kind: decode.SpanUnknown}
	}
	s.Sel = sp
	s.Enc, _ = m.Spans.Enclosing(sp)
	s.Cursor = off
	pv := m.PartAt(off)
	if pv == nil {
		return
	}
	if pv.Index != s.Part {
		s.fx.RevealPart = true // the part list shows the part the byte is in
	}
	s.Part = pv.Index
	if s.Tab == OwnView {
		if r, ok := pv.CodeAt(off); ok {
			// Code shown by the part's own view: its instruction. The tree
			// node waits until the Tree tab is shown (resolveNode).
			s.Sel = codeSpan(r)
			s.Enc, _ = m.Spans.Enclosing(s.Sel)
			s.Node = -1
			s.fx.RevealCode = true
			return
		}
	}
	if pv.Tree() == nil {
		return
	}
	n := pv.Tree().ForSpan(sp.Path)
	s.Node = n.ID
	s.openTo(pv.Index, n)
	s.fx.RevealNode = true
}

// resolveNode finds the tree node of a selection made without the tree (a
// byte of code), when the tree is shown.
func (s *State) resolveNode() {
	pv := s.PartView()
	if s.Node >= 0 || pv == nil || pv.Tree() == nil {
		return
	}
	path := s.Sel.Path
	if sp, ok := s.Model.Spans.Deepest(s.Sel.Off); ok {
		path = sp.Path
	}
	n := pv.Tree().ForSpan(path)
	s.Node = n.ID
	s.openTo(pv.Index, n)
}

// codeSpan is the selection of an instruction line's bytes.
func codeSpan(r model.ByteRange) decode.Span {
	return decode.Span{Part: r.Part, Path: r.Path, Off: r.Off, Size: r.Size, Kind: decode.SpanField, Value: r.Text}
}

// openTo opens the tree nodes above n.
func (s *State) openTo(part int, n *model.Node) {
	s.initOpen(part)
	for p := n.Parent; p != nil; p = p.Parent {
		s.Expanded[part][p.ID] = true
	}
	s.ExpandedRev++
}

// initOpen opens a part's root and its typed value (what the part is about)
// the first time the part's tree is needed.
func (s *State) initOpen(i int) {
	if s.Expanded[i] != nil {
		return
	}
	s.Expanded[i] = defaultOpen(s.Model.Parts[i])
	s.ExpandedRev++
}

func (s *State) revealHex(off int64) {
	s.fx.RevealHex, s.fx.HexOff = true, off
	s.fx.ShowRow = false
}

// selectProblem selects the byte a problem names (an offset past the end of
// the file: its last byte) and brings it into view.
func (s *State) selectProblem(p decode.Problem) {
	off := min(max(p.Offset, 0), int64(len(s.Model.Data))-1)
	s.selectByte(off)
	s.followSource()
	s.revealHex(off)
}
