// Package page is the inspector page's state as plain Go: what the page
// shows (a file, a comparison, databases, the selection, the part's tab, the
// link) and the operations a user's actions become. Each operation changes
// the state and returns Effects, what the page must do besides drawing the
// new state (write the link with a new history entry or over the current
// one, bring bytes or a line into view, move the focus).
//
// It imports no go-app and no syscall/js, so `go test` drives it without a
// browser; app.Inspector is the adapter that turns DOM events into these
// operations and carries out the effects.
package page

import (
	"fmt"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/views/model"
)

// Screen is what the main area shows: exactly one at a time.
type Screen int

const (
	Welcome  Screen = iota // no file: what dxscope does and how to start
	Demo                   // #demo=grid: the special views with made-up data
	File                   // Model: a container, or the containers found inside a file
	Compare                // Model against Cmp's file
	Database               // the open databases (DB); Model is nil
	Pipeline               // Model and the files opened with it, as one pipeline (Stages)
)

// Tab is which of the selected part's views is shown.
type Tab int

const (
	OwnView Tab = iota // the part's own view (a table, a listing, facts)
	Tree               // the generic tree of every decoded field
	Text               // the part's text forms, as the CLI prints them
)

// tabNames are the link's tab= values; the own view, the default, has none.
var tabNames = map[Tab]string{Tree: "tree", Text: "text"}

// Name is the tab's tab= value in a link ("" for the own view).
func (t Tab) Name() string { return tabNames[t] }

// Pane is which pane a narrow window shows (wide windows show them all).
type Pane int

const (
	ViewPane    Pane = iota // the selected part's views
	PartsPane               // the part list and the problems
	BytesPane               // the hex view
	MeaningPane             // what the selection means
)

// paneNames are the panes as the page names them (CSS and element IDs).
var paneNames = [...]string{"view", "parts", "bytes", "meaning"}

func (p Pane) String() string { return paneNames[p] }

// OpenAs is what the next file the user opens becomes.
type OpenAs int

const (
	OpenAsNew      OpenAs = iota // it replaces the shown file
	OpenAsCompared               // it is compared with the shown file
)

// History says how the address bar takes a new link.
type History int

const (
	Keep    History = iota // the address bar stays as it is
	Replace                // the link replaces the current history entry
	Push                   // the link is a new entry: Back returns to the view before
)

func (h History) String() string { return [...]string{"keep", "replace", "push"}[h] }

// Effects is what the page must do after an operation besides drawing the
// state. The zero value does nothing.
type Effects struct {
	// Unchanged: the operation changed nothing, not even what is drawn.
	Unchanged bool

	// History and Link: the fragment (without '#') to write, and how.
	// LinkShort is Link with its files named by hash ("" when Link carries
	// no file): cheaper for the browser to put in its address bar, which the
	// adapter does with a view left before its link was due, keeping Link in
	// the entry's history state (ApplyLink is given that one back).
	History   History
	Link      string
	LinkShort string
	// LinkAfterPaint: write the link (call State.Note) once the opened file
	// is drawn; hashing and deflating the file and the history entry cost
	// more than drawing a small shader (docs/performance.md).
	LinkAfterPaint bool

	// RevealHex brings HexOff into the hex view's rows, and the hex view
	// into the page's viewport.
	RevealHex bool
	HexOff    int64
	// ShowRow makes the hex view show exactly HexRow first (a link's row=).
	ShowRow bool
	HexRow  int64
	// RevealNode, RevealPart and RevealCode bring the selected tree node,
	// part list entry, or code line (listing or disassembly) into view.
	RevealNode, RevealPart, RevealCode bool
	// RevealSource brings the selected source line (Src) into the source pane's view.
	RevealSource bool
	// ShowProblem brings problem Problem's row into view and focuses it.
	ShowProblem bool
	Problem     int
	// RevealCompare brings both compare hex views to their selections.
	RevealCompare bool
	// Focus is the ID of the element to focus ("" for none); FocusQuietly
	// focuses it without scrolling the page.
	Focus        string
	FocusQuietly bool
}

// State is everything the page shows. Operations change it; the adapter
// reads it to draw and must not write it.
type State struct {
	// Build decodes a file for the page (model.Build when nil); the adapter
	// wraps it to name the file in a crash report.
	Build func(name string, data []byte, at int64) *model.Model
	// Keeps is the most bytes of files the page holds at once (MaxOpen when
	// 0; the tests set less).
	Keeps int64

	Screen      Screen
	Model       *model.Model
	Part        int              // selected entry of Model.Parts, -1 for none
	Node        int              // selected node ID in the part's tree, -1 for none
	Expanded    []map[int]bool   // open tree nodes, per part
	ExpandedRev int              // changes whenever Expanded does
	Sel         decode.Span      // selected bytes
	Enc         decode.Span      // the structure around them
	Cursor      int64            // the byte last clicked or gone to (the data inspector reads there while it is selected)
	Src         model.SourceLine // the source line selected, or the line of the selected instruction (zero: none)
	Tab         Tab              // which of the selected part's views is shown
	Pane        Pane             // the pane a narrow window shows
	FullView    bool             // the part's views take the whole width (parts and bytes hidden)
	Next        OpenAs           // what the next file the user opens becomes
	ShowKeys    bool             // the ? panel listing every key
	Status      string           // a loading or error message

	// The link: what the address bar says and what it waits for.
	Link Link
	// Cmp is the last comparison, shown while Screen is Compare.
	Cmp *Comparison
	// Stages are the last files opened together as a pipeline, shown while
	// Screen is Pipeline (kept while one of them is inspected, so Back
	// returns to the pipeline at once).
	Stages *Stages
	// DB holds the open SQLite databases.
	DB Databases
	// Edit is edit mode: the edits made to the shown container.
	Edit Editing

	fx Effects // gathered by the operation running

	source   madeFrom       // the header or FXC PDB the shown file was made from (OriginNote)
	textPage map[string]int // the page (from 0) of each text of part textPart's Text tab, by its command (TextPages)
	textPart int
}

// Link is the share link's state.
type Link struct {
	Row     int64            // first hex row shown (row=)
	Pending *linkstate.State // a link's state waiting for its file or compared file
	// Stages is a pipeline link's state waiting for its files, named by
	// hash (ssha=): opened together, they are checked and ordered by it.
	Stages   *linkstate.State
	Err      string // why a link or an opened file was refused
	Note     string // what a link did that is worth saying
	Embedded bool   // the link carries the file
	Len      int    // characters of the link

	written  string   // the fragment last written or applied
	dropped  bool     // the view shown left before its link was written (LinkDropped)
	lastKey  string   // what the last history entry shows (viewKey)
	applying bool     // a link is being applied: nothing is written
	a        *fileRef // the shown file's hash and deflated copy
	aModel   *model.Model
	hashing  *linkstate.Digest // a large shown file's SHA-256, taken in steps (HashStep)
	gathered gatheredStages    // a pipeline link's files opened so far (gatherStages)
}

// Written returns the link the address bar holds or is about to: the one
// last written or applied.
func (l *Link) Written() string { return l.written }

// New returns the page with nothing open.
func New() *State { return &State{Part: -1, Node: -1} }

func (s *State) build(name string, data []byte, at int64) *model.Model {
	if s.Build != nil {
		return s.Build(name, data, at)
	}
	return model.Build(name, data, at)
}

// take returns the effects gathered so far and starts afresh.
func (s *State) take() Effects {
	fx := s.fx
	s.fx = Effects{}
	return fx
}

// PartView returns the selected part, or nil.
func (s *State) PartView() *model.PartView {
	if s.Model == nil || s.Model.File == nil || s.Part < 0 || s.Part >= len(s.Model.Parts) {
		return nil
	}
	return s.Model.Parts[s.Part]
}

// TreeOf returns the selected part's tree, or nil.
func (s *State) TreeOf() *model.Tree {
	if pv := s.PartView(); pv != nil {
		return pv.Tree()
	}
	return nil
}

// SelectedNode returns the selected tree node, or nil for none or the
// part's root. A part's tree is built only when it is needed (a large
// module's tree costs more than its part took to decode): selecting a
// part selects its root (node 0) without building it.
func (s *State) SelectedNode() *model.Node {
	if s.Node <= 0 {
		return nil
	}
	t := s.TreeOf()
	if t == nil || s.Node >= len(t.Nodes) {
		return nil
	}
	return t.Nodes[s.Node]
}

// OpenNodes returns the selected part's open tree nodes (building the tree:
// the page asks only when it draws it).
func (s *State) OpenNodes() map[int]bool {
	if s.Part >= 0 && s.Part < len(s.Expanded) {
		s.initOpen(s.Part)
		return s.Expanded[s.Part]
	}
	return nil
}

// Comparing reports whether the compare view is what the page shows.
func (s *State) Comparing() bool {
	return s.Screen == Compare && s.Cmp != nil && s.Model != nil
}

// Pipelining reports whether the pipeline view is shown.
func (s *State) Pipelining() bool {
	return s.Screen == Pipeline && s.Stages != nil && s.Model != nil
}

// CursorAt is where the data inspector reads: the byte last clicked while
// the selection holds it, else the selection's start.
func (s *State) CursorAt() int64 {
	if s.Cursor >= s.Sel.Off && s.Cursor < s.Sel.End() {
		return s.Cursor
	}
	return s.Sel.Off
}

// ShownTab is the tab the selected part shows: the one chosen, or the
// next one the part has (a part without a view of its own shows its tree).
func (s *State) ShownTab(hasOwnView, hasText bool) Tab {
	t := s.Tab
	if t == Text && !hasText {
		t = OwnView
	}
	if t == OwnView && !hasOwnView {
		t = Tree
	}
	return t
}

// Title is the browser tab's title: the file shown, then the page's name.
func (s *State) Title() string {
	const name = "dxscope"
	switch {
	case s.Comparing():
		return model.Shown(s.Model.Name) + " ↔ " + model.Shown(s.Cmp.B.Name) + " · " + name
	case s.Pipelining():
		return fmt.Sprintf("pipeline of %s and %d more · %s", model.Shown(s.Model.Name), len(s.Stages.Models)-1, name)
	case s.Screen == Database && len(s.DB.List) > 0:
		return model.Shown(s.DB.List[min(s.DB.Active, len(s.DB.List)-1)].Name) + " · " + name
	case s.Model != nil:
		return model.Shown(s.Model.Name) + " · " + name
	}
	return name + ": DirectX shader container inspector"
}

// ShowPane shows one pane in a narrow window.
func (s *State) ShowPane(p Pane) Effects {
	s.Pane = p
	// What the pane shows is brought into view: it was hidden when it was
	// last asked.
	switch p {
	case BytesPane:
		s.revealHex(s.Sel.Off)
	case ViewPane:
		s.fx.RevealCode, s.fx.RevealNode = true, true
	case PartsPane:
		s.fx.RevealPart = true
	}
	return s.take()
}

// ToggleFullView gives the part's views (a long listing, say) the whole
// width, or gives the parts and bytes their columns back.
func (s *State) ToggleFullView() Effects {
	s.FullView = !s.FullView
	s.fx.RevealCode = true
	return s.take()
}

// closeFile goes back to the page without a file: the databases when they
// are shown, else the welcome.
func (s *State) closeFile() {
	s.Model, s.Cmp = nil, nil
	s.Link.Stages, s.Link.gathered = nil, gatheredStages{} // waited with the file shown
	s.Part, s.Node = -1, -1
	if s.Screen != Database {
		s.Screen = Welcome
	}
}
