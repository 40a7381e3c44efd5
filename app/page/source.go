// The source view: a source line selects the instructions it produced, an
// instruction selects its source line.
package page

import (
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views/model"
)

// Sources returns the shown file's source view, or nil.
func (s *State) Sources() *model.SourceView {
	if s.Model == nil || s.Screen != File {
		return nil
	}
	return s.Model.Sources()
}

// SelectSourceLine selects a line of a source file: its instructions are
// marked in the code, the first of them selected (its bytes in the hex
// view, its line in the listing), all of their bytes highlighted. A line
// that made no code is selected alone.
func (s *State) SelectSourceLine(l model.SourceLine) Effects {
	sv := s.Sources()
	if sv == nil || !l.Valid() || l.File >= len(sv.Files) {
		return Effects{Unchanged: true}
	}
	s.Src = l
	s.fx.RevealSource = true
	if insts := sv.InstsOf(l); len(insts) > 0 {
		pv := s.Model.Parts[sv.PartIndex]
		if s.Part != pv.Index {
			s.Part = pv.Index
			s.fx.RevealPart = true
		}
		s.Tab = OwnView
		first := insts[0]
		s.Sel = codeSpan(pv.InstRange(first.Off, first.Size))
		s.Enc, _ = s.Model.Spans.Enclosing(s.Sel)
		s.Node = -1
		s.Cursor = first.Off
		s.revealHex(first.Off)
		s.fx.RevealCode = true
	}
	s.note()
	return s.take()
}

// LineCode is what the selected source line produced, for the meaning
// pane; false when no line is selected or it made no code.
func (s *State) LineCode() (model.LineCode, bool) {
	sv := s.Sources()
	if sv == nil || !s.Src.Valid() || sv.PartIndex < 0 || sv.PartIndex >= len(s.Model.Parts) {
		return model.LineCode{}, false
	}
	return sv.CodeOf(s.Model.Parts[sv.PartIndex], s.Src)
}

// SourceMarks returns the bytes of every instruction of the selected
// source line (the hex view highlights them all), sorted and merged, made
// once per line and shared: read them only.
func (s *State) SourceMarks() []decode.Span {
	sv := s.Sources()
	if sv == nil || !s.Src.Valid() {
		return nil
	}
	return sv.MarkedBytes(s.Src)
}

// followSource makes the selected instruction's source line the selected
// one (no line when the selection is no instruction with a line).
func (s *State) followSource() {
	sv := s.Sources()
	if sv == nil {
		s.Src = model.SourceLine{}
		return
	}
	if l, ok := sv.LineOf(s.Sel.Off, s.Sel.Size); ok {
		if l != s.Src {
			s.Src = l
		}
		s.fx.RevealSource = true
		return
	}
	s.Src = model.SourceLine{}
}
