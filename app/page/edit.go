// Edit mode: the shown container changed part by part in the browser
// (decode/edit writes it), each edit decoded again at once, with undo, redo,
// a comparison against the original and the bytes to download.
package page

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/views/model"
)

// Editing is the edit mode's state: the container as opened, the edits made
// since, each with the bytes it gave, and the root signature text.
type Editing struct {
	On   bool
	Name string // the opened file's name

	orig *model.Model // the file as opened: undoing every edit shows it again
	// origSHA is orig's bytes' SHA-256, worked out on the first Back.
	origSHA string
	shown   *model.Model // the model edit mode last showed; another one ends the mode

	Steps []EditStep // the edits made, oldest first
	redo  []EditStep // the edits undone, the last undone last

	Err  string // why the last edit was refused ("" when it was made)
	Done string // what the last operation did, for the status line

	RS RootSigText

	choices    map[choiceKey][]FieldChoice // the values and bits probed per field of choicesFor (editfield.go)
	choicesFor *model.Model
}

// EditStep is one edit and the container it gave.
type EditStep struct {
	What string // "removed STAT", "signed retail", "replaced RTS0 (1.1)"
	Data []byte // the whole container after the edit
	sha  string // Data's SHA-256, worked out once (hash)
}

// hash returns the step's bytes' SHA-256 (a link names a file by it).
func (st *EditStep) hash() string {
	if st.sha == "" {
		st.sha = linkstate.SHA256(st.Data)
	}
	return st.sha
}

// RootSigText is the root signature editor: the HLSL text, the version it
// compiles to, and what the last attempt to apply it found.
type RootSigText struct {
	Text    string
	Version uint32 // rootsig.Version1_0 … Version1_2
	Rev     int    // changes when Text is set by the page (not typed): the adapter writes it into the text box
	// Suggested: Text is dxscope's suggestion (decode.SuggestRootSignature)
	// for shaders that carry no root signature, until a text is checked or
	// applied.
	Suggested bool

	Err     *rootsig.Error   // the text does not parse: where and why
	Cover   []decode.Problem // what the coverage check said of the last text compiled
	Refused bool             // the last text compiled but does not cover the shader: ApplyRootSig with force applies it
	Covered bool             // the last text applied covers every binding the shader uses
}

// Editing reports whether the page is in edit mode on the file it shows.
func (s *State) Editing() bool {
	return s.Edit.On && s.Model != nil && s.Model == s.Edit.shown
}

// EditedBytes is the container as edited (the original bytes when nothing
// was edited or undo went back to the start).
func (s *State) EditedBytes() []byte {
	if n := len(s.Edit.Steps); n > 0 {
		return s.Edit.Steps[n-1].Data
	}
	if o := s.Edit.orig; o != nil {
		return containerBytes(o)
	}
	return nil
}

// CanUndo and CanRedo say whether there is an edit to undo or redo.
func (s *State) CanUndo() bool { return s.Editing() && len(s.Edit.Steps) > 0 }

// CanRedo reports whether an undone edit can be made again.
func (s *State) CanRedo() bool { return s.Editing() && len(s.Edit.redo) > 0 }

// containerBytes is the container a model shows: from its base to the
// header's FileSize when that fits, else to the end of the data.
func containerBytes(m *model.Model) []byte {
	d := m.Data[m.Base:]
	if m.File != nil {
		if n := int64(m.File.Header.FileSize); n > 0 && n <= int64(len(d)) {
			d = d[:n]
		}
	}
	return d
}

// StartEdit turns edit mode on for the shown container, or off.
func (s *State) StartEdit() Effects {
	if s.Editing() {
		s.Edit = Editing{}
		return s.take()
	}
	if s.Model == nil || s.Model.File == nil {
		return Effects{Unchanged: true}
	}
	s.Edit = Editing{On: true, Name: s.Model.Name, orig: s.Model, shown: s.Model}
	s.resetRootSigText()
	if s.Screen == Compare {
		s.Screen = File
	}
	return s.take()
}

// resetRootSigText fills the root signature editor with the shown
// container's RTS0 printed as HLSL, at its version, else with dxscope's
// suggestion for it at 1.1 (startingRootSig).
func (s *State) resetRootSigText() {
	rs := &s.Edit.RS
	t := startingRootSig(true, s.Model.File)
	rs.Text, rs.Version, rs.Suggested = t.Text, t.Version, t.Suggested
	rs.Rev++
	rs.Err, rs.Cover, rs.Refused, rs.Covered = nil, nil, false, false
}

// rootSigTextOf is f's RTS0 printed as HLSL and its version; "" and 1.1
// (DXC's default) when f carries none.
func rootSigTextOf(f *decode.File) (text string, version uint32, ok bool) {
	version = rootsig.Version1_1
	if f == nil {
		return "", version, false
	}
	p := f.Part("RTS0")
	if p == nil || p.RootSignature == nil {
		return "", version, false
	}
	if v := p.RootSignature.Version; v >= rootsig.Version1_0 && v <= rootsig.Version1_2 {
		version = v
	}
	return p.RootSignature.HLSL(), version, true
}

// startingRootSig is the text a root signature box starts with for files
// (a shader, a compared pair, a pipeline's stages): the root signature the
// first of them that carries one carries, at its version; else, when
// suggest, dxscope's suggestion for all of them at 1.1 (D3D12 must then be
// given one: LINK.NOROOTSIG).
func startingRootSig(suggest bool, files ...*decode.File) RootSigText {
	for _, f := range files {
		if t, v, ok := rootSigTextOf(f); ok {
			return RootSigText{Text: t, Version: v}
		}
	}
	t := RootSigText{Version: rootsig.Version1_1}
	if suggest {
		t.Text, t.Suggested = suggestedRootSig(files...)
	}
	return t
}

// suggestedRootSig is dxscope's root signature for shaders that carry none
// (decode.SuggestRootSignature), and whether there is one: none for a
// library, for more ranges than it writes, or for shaders that bind
// nothing.
func suggestedRootSig(files ...*decode.File) (string, bool) {
	text, probs := decode.SuggestRootSignature(files...)
	for _, p := range probs {
		if p.Severity == decode.Error {
			return "", false
		}
	}
	return text, text != ""
}

// current is the container being edited, loaded for the writer. Every edit
// keeps a whole copy (undo, redo, Back): one that would take the page past
// MaxOpen is refused.
func (s *State) current() (*edit.Container, error) {
	if held, more := s.held(), int64(len(s.Model.Data)); held+more > s.keeps() {
		return nil, fmt.Errorf("the page holds %s of files and edits already, and another copy of %s would pass the %s it keeps at once; "+
			"the command-line tool edits any size (dxscope help remove-part, setrootsig, sign)",
			humanize.IBytes(uint64(held)), humanize.IBytes(uint64(more)), humanize.IBytes(uint64(s.keeps())))
	}
	return edit.Load(s.Model.File)
}

// EditRemovePart removes the part at index i of the part list (1 is the
// first part; 0 is the header).
func (s *State) EditRemovePart(i int) Effects {
	if !s.Editing() || i <= 0 || i >= len(s.Model.Parts) {
		return Effects{Unchanged: true}
	}
	pv := s.Model.Parts[i]
	c, err := s.current()
	if err != nil {
		return s.refuse("cannot remove " + model.Shown(pv.Name) + ": " + err.Error())
	}
	at := s.writerIndex(c.Parts, i)
	if at < 0 {
		return s.refuse("cannot remove " + model.Shown(pv.Name) + ": the writer does not hold it")
	}
	c.Parts = append(c.Parts[:at], c.Parts[at+1:]...)
	return s.write(c, edit.Keep, "removed "+model.Shown(pv.Name))
}

// EditSign writes the container with a new digest.
func (s *State) EditSign(d edit.Digest) Effects {
	if !s.Editing() {
		return Effects{Unchanged: true}
	}
	c, err := s.current()
	if err != nil {
		return s.refuse("cannot sign: " + err.Error())
	}
	return s.write(c, d, "signed "+d.String())
}

// ApplyRootSig compiles the root signature text to the version asked and
// puts it in place of RTS0 (or adds RTS0). A text that does not parse is
// refused with its line and column; one that does not cover the shader's
// bindings is refused with the coverage check's errors unless force.
func (s *State) ApplyRootSig(text string, version uint32, force bool) Effects {
	if !s.Editing() {
		return Effects{Unchanged: true}
	}
	rs := &s.Edit.RS
	rs.Text, rs.Version = text, version
	rs.Err, rs.Cover, rs.Refused, rs.Covered, rs.Suggested = nil, nil, false, false, false
	v, err := rootsig.Parse(text, version)
	if err != nil {
		rs.Err = rootSigError(err)
		s.Edit.Err, s.Edit.Done = "", ""
		return s.take()
	}
	rts0 := rootsig.Encode(v, version)
	rs.Cover = s.Model.File.RootSignatureCovers(rts0)
	if hasErrors(rs.Cover) && !force {
		rs.Refused = true
		s.Edit.Err, s.Edit.Done = "", ""
		return s.take()
	}
	c, err := s.current()
	if err != nil {
		return s.refuse("cannot replace RTS0: " + err.Error())
	}
	verb := "added"
	if c.Has("RTS0") {
		verb = "replaced"
	}
	if err := c.Set("RTS0", rts0); err != nil {
		return s.refuse("cannot replace RTS0: " + err.Error())
	}
	rs.Covered = len(rs.Cover) == 0
	what := fmt.Sprintf("%s RTS0 (root signature %s)", verb, rootsig.VersionName(version))
	if hasErrors(rs.Cover) {
		what += ", not covering the shader"
	}
	return s.write(c, edit.Keep, what)
}

// rootSigError is err as a compile error with its place (line 1, column 1
// when rootsig.Parse gave none).
func rootSigError(err error) *rootsig.Error {
	var pe *rootsig.Error
	if errors.As(err, &pe) {
		return pe
	}
	return &rootsig.Error{Line: 1, Col: 1, Msg: err.Error()}
}

// write lays out and signs the container, decodes it and shows it as the
// edit's result.
func (s *State) write(c *edit.Container, d edit.Digest, what string) Effects {
	b, err := c.Bytes(d)
	if err != nil {
		if d == edit.Keep && s.Model.File.Digest.Status == decode.DigestMismatch {
			err = fmt.Errorf("%w (the digest matches neither checksum: re-sign first)", err)
		}
		return s.refuse(what + " failed: " + err.Error())
	}
	s.Edit.Steps = append(s.Edit.Steps, EditStep{What: what, Data: b})
	s.Edit.redo = nil
	s.Edit.Err, s.Edit.Done = "", what
	s.showEdited(s.build(s.EditedName(), b, 0))
	return s.take()
}

func (s *State) refuse(msg string) Effects {
	s.Edit.Err, s.Edit.Done = msg, ""
	return s.take()
}

// showEdited shows a model of the edited container, on the part of the
// same name as the one selected when there is one.
func (s *State) showEdited(m *model.Model) {
	name := ""
	if pv := s.PartView(); pv != nil {
		name = pv.Name
	}
	tab := s.Tab
	s.Cmp = nil
	s.quietly(func() { s.show(m) })
	s.Edit.shown = m
	if name != "" {
		for i, pv := range m.Parts {
			if pv.Name == name {
				s.selectPart(i)
				s.Tab = tab
				break
			}
		}
	}
	s.fx.RevealPart = true
	s.Link.lastKey = ""
	s.fx.LinkAfterPaint = true // the link carries the edited file, like any other
}

// Undo goes back one edit; undoing the first shows the file as opened.
func (s *State) Undo() Effects {
	if !s.CanUndo() {
		return Effects{Unchanged: true}
	}
	s.moveStep(&s.Edit.Steps, &s.Edit.redo, "undid")
	return s.take()
}

// Redo makes the last undone edit again.
func (s *State) Redo() Effects {
	if !s.CanRedo() {
		return Effects{Unchanged: true}
	}
	s.moveStep(&s.Edit.redo, &s.Edit.Steps, "redid")
	return s.take()
}

// moveStep moves the last step of from onto to (undo and redo are the same
// move between the two stacks), says so, and shows the file after the edits
// now made.
func (s *State) moveStep(from, to *[]EditStep, verb string) {
	s.showStep(verb + ": " + s.moveTop(from, to))
}

// moveTop moves the last step of from onto to and returns what it did.
func (s *State) moveTop(from, to *[]EditStep) string {
	n := len(*from)
	st := (*from)[n-1]
	*from = (*from)[:n-1]
	*to = append(*to, st)
	return st.What
}

// showStep shows the file after the edits now made and says what moved.
func (s *State) showStep(done string) {
	s.Edit.Err, s.Edit.Done = "", done
	if k := len(s.Edit.Steps); k == 0 {
		s.showEdited(s.Edit.orig)
	} else {
		s.showEdited(s.build(s.EditedName(), s.Edit.Steps[k-1].Data, 0))
	}
	s.resetRootSigText()
}

// editTo (in edit mode) shows the edit session's state whose bytes have this SHA-256 (the
// file as opened, an edit made, or one undone), moving the edits between the
// undo and redo lists as undo and redo do, and reports whether the session
// has one. Each edit pushes a history entry, so Back and Forward walk the
// edits without ending edit mode.
func (s *State) editTo(sha string) bool {
	if sha == "" {
		return false
	}
	// The states' hashes in order: as opened, the edits made, then the
	// undone ones from the next to redo to the last.
	if s.Edit.origSHA == "" {
		s.Edit.origSHA = linkstate.SHA256(s.Edit.orig.Data)
	}
	states := []string{s.Edit.origSHA}
	for i := range s.Edit.Steps {
		states = append(states, s.Edit.Steps[i].hash())
	}
	for i := len(s.Edit.redo) - 1; i >= 0; i-- {
		states = append(states, s.Edit.redo[i].hash())
	}
	cur := len(s.Edit.Steps)
	if states[cur] == sha {
		return true
	}
	for k, h := range states {
		if h != sha {
			continue
		}
		verb := "undid"
		if k > cur {
			verb = "redid"
		}
		var what []string
		for len(s.Edit.Steps) > k {
			what = append(what, s.moveTop(&s.Edit.Steps, &s.Edit.redo))
		}
		for len(s.Edit.Steps) < k {
			what = append(what, s.moveTop(&s.Edit.redo, &s.Edit.Steps))
		}
		s.showStep(verb + ": " + strings.Join(what, ", "))
		return true
	}
	return false
}

// CompareEdited shows the compare view: the container as opened (A) against
// the edited one (B).
func (s *State) CompareEdited() Effects {
	if !s.Editing() {
		return Effects{Unchanged: true}
	}
	a, b := s.Edit.orig, s.Model
	c := &Comparison{A: a, B: b, bRef: newFileRef(b.Data), Diff: diff.Compare(a.File, b.File), LinkSel: -1}
	c.Rep = model.NewCompareReport(c.Diff)
	c.MarksA, c.MarksB = model.DiffMarks(c.Diff, a.Data, b.Data, a.Base, b.Base)
	c.Code = model.CompareCode(a, b)
	s.Cmp, s.Screen = c, Compare
	if r, ok := model.FirstDifference(c.Diff); ok {
		s.compareSelect(r)
	}
	return s.take()
}

// EditedName is the edited file's name (shown, in the link, and the
// download's): the opened name with ".edited"
// before its extension (".dxbc" when it has none).
func (s *State) EditedName() string {
	name := s.Edit.Name
	ext := ".dxbc"
	for i := len(name) - 1; i > 0; i-- {
		if name[i] == '/' || name[i] == '\\' {
			break
		}
		if name[i] == '.' {
			name, ext = name[:i], name[i:]
			break
		}
	}
	if strings.HasSuffix(name, ".edited") { // a file edited before keeps one ".edited"
		return name + ext
	}
	return name + ".edited" + ext
}

func hasErrors(ps []decode.Problem) bool {
	for _, p := range ps {
		if p.Severity == decode.Error {
			return true
		}
	}
	return false
}

// writerIndex is the position in the writer's list of the part at index i
// of the part list: the nth part of its name (Load may move PRIV last).
func (s *State) writerIndex(parts []edit.Part, i int) int {
	pv := s.Model.Parts[i]
	nth := 0
	for _, q := range s.Model.Parts[1:i] {
		if q.Name == pv.Name {
			nth++
		}
	}
	for j, p := range parts {
		if p.Name == pv.Name {
			if nth == 0 {
				return j
			}
			nth--
		}
	}
	return -1
}
