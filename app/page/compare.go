// Compare: the shown file (A) against a second one (B).
package page

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/views/model"
)

// Comparison is the compare view's state.
type Comparison struct {
	// A is the first side when it is not the shown file (edit mode compares
	// the container as opened with the edited one); nil means Model.
	A    *model.Model
	B    *model.Model
	Diff *diff.Comparison
	Rep  *model.CompareReport // Diff laid out for the view

	Sel        model.CompareRef // the difference chosen
	HasSel     bool
	SelA, SelB decode.Span // the bytes selected on each side
	RevA, RevB int64       // where each hex view was last asked to go

	MarksA, MarksB []bool // bytes that differ (model.DiffMarks)

	// Link is how the two shaders link when their stages meet in a
	// pipeline (nil otherwise), and the row chosen in it.
	Link    *model.LinkageView
	LinkSel int // -1: none
	// RootSig is the root signature the pipeline is created with, as HLSL
	// text, when the user gives one (CompareRootSig); RootSigGiven says
	// Link was checked against it, not against the shaders' own.
	RootSig      RootSigText
	RootSigGiven bool
	// checked is the text and version Link was last checked with (the link
	// carries them, not a text that did not compile since).
	checked RootSigText

	Code       []model.CodeHunk // the code compared as text (model.CompareCode)
	CodeSel    model.CodeRef
	HasCodeSel bool

	bRef *fileRef
}

// CompareMode toggles whether the next file opened is compared with the
// shown one.
func (s *State) CompareMode() Effects {
	s.Link.Note = ""
	if s.Next == OpenAsCompared {
		s.Next = OpenAsNew
		return s.take()
	}
	s.Next = OpenAsCompared
	if s.Model != nil {
		s.Link.Note = "Compare mode: open or drop the file to compare with " + model.Shown(s.Model.Name) + ". (Shift+drop does this too.)"
	}
	return s.take()
}

// CompareNext makes the next file opened the compared one (a Shift+drop,
// or a drop on "Drop to compare"), when a container is shown.
func (s *State) CompareNext() {
	if s.Model != nil && s.Model.File != nil {
		s.Next = OpenAsCompared
	}
}

// CloseCompare goes back from the compare view to the file.
func (s *State) CloseCompare() Effects {
	s.Screen = File
	s.note()
	return s.take()
}

// CompareSelect selects a difference and moves both hex views to it.
func (s *State) CompareSelect(r model.CompareRef) Effects {
	s.compareSelect(r)
	s.note()
	return s.take()
}

// CompareCodeLine selects the bytes a line of the code comparison was read
// from, in each file that has the line.
func (s *State) CompareCodeLine(r model.CodeRef) Effects {
	c := s.Cmp
	if c == nil || r.Hunk < 0 || r.Hunk >= len(c.Code) || r.Line < 0 || r.Line >= len(c.Code[r.Hunk].Lines) {
		return Effects{}
	}
	l := c.Code[r.Hunk].Lines[r.Line]
	c.CodeSel, c.HasCodeSel = r, true
	span := func(side model.CodeLine) decode.Span {
		if side.Size <= 0 {
			return decode.Span{}
		}
		return decode.Span{Path: "code: " + l.Text, Off: side.Off, Size: side.Size, Kind: decode.SpanField}
	}
	c.SelA, c.SelB = span(l.A), span(l.B)
	if c.SelA.Size > 0 {
		c.RevA = c.SelA.Off
	}
	if c.SelB.Size > 0 {
		c.RevB = c.SelB.Off
	}
	s.fx.RevealCompare = true
	return s.take()
}

// CompareByte selects the field holding a byte clicked on one side.
func (s *State) CompareByte(off int64, sideA bool) Effects {
	c := s.Cmp
	if c == nil {
		return Effects{}
	}
	m, sel := s.cmpA(), &c.SelA
	if !sideA {
		m, sel = c.B, &c.SelB
	}
	if sp, ok := m.Spans.Deepest(off); ok {
		*sel = sp
	} else {
		*sel = decode.Span{Path: "(outside the container)", Off: off, Size: 1, Kind: decode.SpanUnknown}
	}
	return s.take()
}

// startCompare compares the shown file with data and shows the compare view
// at the first difference.
func (s *State) startCompare(name string, data []byte) {
	if s.Model == nil || s.Model.File == nil {
		s.Link.Err = "Open a container first, then compare it with another."
		return
	}
	b := s.build(name, data, 0)
	if b.File == nil {
		s.Link.Err = fmt.Sprintf("%s is not a DirectX shader container: there is nothing to compare.", name)
		return
	}
	s.startCompareWith(b, data)
}

// startCompareWith compares the shown file with b (data its bytes) and
// shows the compare view at the first difference.
func (s *State) startCompareWith(b *model.Model, data []byte) {
	c := &Comparison{B: b, bRef: newFileRef(data), Diff: diff.Compare(s.Model.File, b.File), LinkSel: -1}
	c.Rep = model.NewCompareReport(c.Diff)
	c.Link = model.CompareLinkage(s.Model, b)
	// The pipeline's root signature starts as the one A carries, else B's,
	// else (stages that meet) the suggestion for both, to be edited into
	// the application's: the check uses it once asked.
	c.RootSig = startingRootSig(c.Link != nil, s.Model.File, b.File)
	c.MarksA, c.MarksB = model.DiffMarks(c.Diff, s.Model.Data, data, s.Model.Base, 0)
	c.Code = model.CompareCode(s.Model, b)
	s.Cmp, s.Screen = c, Compare
	if r, ok := model.FirstDifference(c.Diff); ok {
		s.compareSelect(r)
	}
}

// CompareRootSig checks the compared pair's linkage as a pipeline created
// with the root signature text (HLSL, compiled to version): D3D12 then
// uses it, not the shaders' own, and refuses the pipeline when a shader
// binds what it does not cover (decode/linkage CheckWith). A text that
// does not parse keeps the linkage as it was and says where; an empty text
// goes back to the root signatures the shaders carry.
func (s *State) CompareRootSig(text string, version uint32) Effects {
	c := s.Cmp
	if c == nil || c.Link == nil {
		return Effects{Unchanged: true}
	}
	s.compareRootSig(text, version)
	s.note()
	return s.take()
}

func (s *State) compareRootSig(text string, version uint32) {
	c := s.Cmp
	rts0, ok := c.RootSig.compile(text, version)
	if !ok {
		return
	}
	if l := model.CompareLinkageWith(s.cmpA(), c.B, rts0); l != nil {
		c.Link, c.RootSigGiven = l, rts0 != nil
		c.LinkSel = -1
		c.checked = RootSigText{Text: text, Version: version}
	}
}

// compile takes text (HLSL, compiled to version) as the text box's, and
// returns its bytes: nil for an empty text (the shaders' own root
// signatures), ok false for one that does not parse (Err says where).
func (t *RootSigText) compile(text string, version uint32) (rts0 []byte, ok bool) {
	t.Text, t.Version, t.Err, t.Suggested = text, version, nil, false
	if strings.TrimSpace(text) == "" {
		return nil, true
	}
	v, err := rootsig.Parse(text, version)
	if err != nil {
		t.Err = rootSigError(err)
		return nil, false
	}
	return rootsig.Encode(v, version), true
}

// rootSigVersion is the version a link's rsv= names (1.1 when it names none).
func rootSigVersion(name string) uint32 {
	if v, ok := rootsig.VersionByName(name); ok {
		return v
	}
	return rootsig.Version1_1
}

// linkageField is how a compare link's field= names a row of the linkage
// ("linkage/3"); no field path of a container starts so.
const linkageField = "linkage/"

// CompareLinkRow selects row i of the linkage: the input's bytes in the
// later stage's hex view, the output's (when there is one) in the
// earlier's, both brought into view.
func (s *State) CompareLinkRow(i int) Effects {
	if !s.compareLinkRow(i) {
		return Effects{Unchanged: true}
	}
	s.note()
	return s.take()
}

func (s *State) compareLinkRow(i int) bool {
	c := s.Cmp
	if c == nil || c.Link == nil || i < 0 || i >= len(c.Link.Rows) {
		return false
	}
	row := c.Link.Rows[i]
	in := decode.Span{Path: "linkage input " + row.Input[0], Off: row.InOff, Size: row.InSize, Kind: decode.SpanStruct}
	out := decode.Span{}
	if row.OutSize > 0 {
		out = decode.Span{Path: "linkage output " + row.Output[0], Off: row.OutOff, Size: row.OutSize, Kind: decode.SpanStruct}
	}
	c.SelA, c.SelB = out, in
	if c.Link.EarlierIsB {
		c.SelA, c.SelB = in, out
	}
	c.LinkSel, c.HasSel = i, false
	c.RevA, c.RevB = c.SelA.Off, c.SelB.Off
	s.fx.RevealCompare = true
	return true
}

// compareSelect selects a difference and moves both hex views to it.
func (s *State) compareSelect(r model.CompareRef) {
	c := s.Cmp
	if c == nil {
		return
	}
	c.Sel, c.HasSel, c.LinkSel = r, true, -1
	a, b := r.Sides(c.Diff)
	span := func(m *model.Model, side diff.FieldSide) decode.Span {
		if side.Off < 0 || side.Size <= 0 {
			return decode.Span{}
		}
		off := side.Off + m.Base
		// The field recorded for exactly these bytes (the diff names fields its own way).
		var sp decode.Span
		found := false
		m.Spans.Containing(off, func(c decode.Span) bool {
			if c.Off == off && c.Size == side.Size {
				sp, found = c, true
			}
			return true
		})
		if found {
			return sp
		}
		return decode.Span{Path: side.Span, Off: off, Size: side.Size, Kind: decode.SpanField, Value: side.Value}
	}
	c.SelA, c.SelB = span(s.cmpA(), a), span(c.B, b)
	c.RevA, c.RevB = c.SelA.Off, c.SelB.Off
	s.fx.RevealCompare = true
}

// compareSelectPath selects the difference a link's field= names, else the first.
func (s *State) compareSelectPath(path string) {
	c := s.Cmp
	if c == nil {
		return
	}
	if n, ok := strings.CutPrefix(path, linkageField); ok && c.Link != nil {
		if i, err := strconv.Atoi(n); err == nil && s.compareLinkRow(i) {
			return
		}
	}
	if r, ok := model.FindCompareRef(c.Diff, path); ok {
		s.compareSelect(r)
		return
	}
	if path != "" {
		s.Link.Err = fmt.Sprintf("The link selects the difference %s, which these files do not have: showing the first difference.", path)
	}
	if r, ok := model.FirstDifference(c.Diff); ok {
		s.compareSelect(r)
	}
}

// cmpA is the comparison's first side: Cmp.A, else the shown file.
func (s *State) cmpA() *model.Model {
	if s.Cmp != nil && s.Cmp.A != nil {
		return s.Cmp.A
	}
	return s.Model
}

// CompareA is the model the compare view shows first.
func (s *State) CompareA() *model.Model { return s.cmpA() }
