// Opening: bytes the user picked, dropped or fetched become a container, a
// file with containers inside, a comparison or a database.
package page

import (
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/views/model"
)

// Reading says a file is being read (the bytes come later, through Open).
func (s *State) Reading(name string) {
	s.Status = fmt.Sprintf("Reading %s…", name)
}

// Refused says why a file could not be read or fetched.
func (s *State) Refused(msg string) { s.Status = msg }

// MaxOpen is the most bytes of files the page holds at once, and so the
// largest file it reads. Chromium refuses to read a file of 3 GB into
// memory (a NotReadableError that speaks of permissions) and reads 1.9 GB
// in 7–15 s; wasm's memory ends at 4 GiB, and Go's collector lets the heap
// grow to twice what it keeps: comparing two files of 1 GiB ended the
// program (out of memory), as would edits of a large file, each a copy.
const MaxOpen = 2 << 30

// keeps is Keeps, or MaxOpen.
func (s *State) keeps() int64 {
	if s.Keeps > 0 {
		return s.Keeps
	}
	return MaxOpen
}

// held is the bytes of the files the page keeps: the shown file, the
// compared ones, the edits' copies and the open databases.
func (s *State) held() int64 {
	seen := map[*byte]bool{}
	var n int64
	add := func(m *model.Model, b []byte) {
		if m != nil {
			b = m.Data
		}
		if len(b) > 0 && !seen[&b[0]] {
			seen[&b[0]] = true
			n += int64(len(b))
		}
	}
	add(s.Model, nil)
	if c := s.Cmp; c != nil {
		add(c.A, nil)
		add(c.B, nil)
	}
	for _, d := range s.Link.gathered.datas {
		add(nil, d)
	}
	if p := s.Stages; p != nil {
		for _, m := range p.Models {
			add(m, nil)
		}
	}
	add(s.Edit.orig, nil)
	for _, st := range s.Edit.Steps {
		add(nil, st.Data)
	}
	for _, st := range s.Edit.redo {
		add(nil, st.Data)
	}
	for _, d := range s.DB.List {
		add(nil, d.Data)
	}
	return n
}

// maxGathered is the largest file opened alone that is checked against the
// files a pipeline link waits for: hashing it holds up the page, and a
// shader is far smaller.
const maxGathered = 64 << 20

// TooLarge says, before a byte is read, that a file is larger than the page
// reads, or than it can hold beside what it keeps (a file to compare with
// the shown one, or opened from a database), and what reads it.
func (s *State) TooLarge(name string, size int64) bool {
	var kept int64 // what stays held when this file is opened
	for _, d := range s.DB.List {
		kept += int64(len(d.Data))
	}
	comparing := s.Model != nil && s.Model.File != nil &&
		(s.Next == OpenAsCompared || s.Link.Pending != nil && s.Link.Pending.CompareSHA256 != "")
	if comparing {
		kept = s.held()
	}
	if size+kept <= s.keeps() {
		return false
	}
	need := fmt.Sprintf("%dGiB", (size+1<<30-1)>>30)
	switch {
	case size > s.keeps():
		s.Status = fmt.Sprintf("%s is %s: the page reads files of up to %s (the browser and the decoder each hold a copy in memory). "+
			"The command-line tool reads any size: dxscope check --max-size %s FILE lists the containers inside, dxscope parts FILE@0xOFFSET shows one.",
			name, humanize.IBytes(uint64(size)), humanize.IBytes(uint64(s.keeps())), need)
	case comparing:
		s.Next = OpenAsNew
		s.Status = fmt.Sprintf("%s (%s) was not compared: with what the page holds (%s) it would pass the %s of files the page keeps at once. "+
			"The command-line tool compares any size: dxscope diff --max-size %s A B.",
			name, humanize.IBytes(uint64(size)), humanize.IBytes(uint64(kept)), humanize.IBytes(uint64(s.keeps())), need)
	default:
		s.Status = fmt.Sprintf("%s (%s) was not opened: with the open databases (%s) it would pass the %s of files the page keeps at once; close a database first.",
			name, humanize.IBytes(uint64(size)), humanize.IBytes(uint64(kept)), humanize.IBytes(uint64(s.keeps())))
	}
	return true
}

// Open opens bytes the user gave: a database (SQLite), the compared file in
// compare mode or for a compare link, the file a link waits for (checked
// against its hash), else a new file. A new file, comparison or database is
// a new history entry.
func (s *State) Open(name string, data []byte) Effects {
	s.source = madeFrom{}
	if b, note, ok := model.AsContainer(name, data); ok {
		// An -Fh header or an FXC PDB: the page shows the container(s) made.
		data, s.source = b, madeFrom{note: note, data: b}
	}
	if p := s.pendingPipeline(); p != nil && len(data) <= maxGathered {
		switch s.gatherStages(p, []string{name}, [][]byte{data}) {
		case gathered:
			return s.take()
		case notTheLinks:
			if p != s.Link.Pending || sqlite.IsSQLite(data) {
				break // opened as before: a new file, or a database
			}
			s.Status = ""
			s.Link.Err = fmt.Sprintf("%s was not opened: it is none of the %d files of the link's pipeline (%s); each is checked by its SHA-256.",
				model.Shown(name), len(p.Stages)+1, model.Shown(strings.Join(append([]string{p.Name}, p.Stages...), ", ")))
			return s.take()
		}
	}
	if p := s.Link.Pending; p != nil && p.SHA256 != "" && sqlite.IsSQLite(data) && linkstate.CheckFile(*p, data) == nil {
		// A link to a database, or to a shader in it: open the database (so
		// "Back to the database" works), then land on what the link names.
		if s.openDatabase(name, data) {
			if p.At > 0 {
				s.DB.From = s.DB.List[s.DB.Active]
				s.openFile(name, data)
				s.DB.FromNote = fmt.Sprintf("Showing the container at %s of %s that the link names; the offsets below are the database file's.", model.Hex(p.At), name)
				return s.take()
			}
			s.Link.Pending = nil
			s.Link.lastKey = ""
			s.note()
			return s.take()
		}
	}
	if s.openDatabase(name, data) {
		s.fx.LinkAfterPaint = true // hashing a large database waits for the paint
		return s.take()
	}
	s.openFile(name, data)
	return s.take()
}

// openFile opens bytes as the compared file in compare mode, checked against
// a pending link's hash, else as a new file.
func (s *State) openFile(name string, data []byte) {
	s.Link.Err, s.Link.Note = "", ""
	s.Link.Stages = nil // a file opened alone is not the pipeline a link waits for
	if s.pendingPipeline() == nil {
		s.Link.gathered = gatheredStages{}
	}
	s.Edit = Editing{} // another file ends edit mode
	if p := s.Link.Pending; p != nil && p.CompareSHA256 != "" && s.Model != nil && (p.SHA256 == "" || s.fileRef().sha == p.SHA256) {
		s.Next = OpenAsNew
		s.Status = ""
		if err := linkstate.CheckCompareFile(*p, data); err != nil {
			s.Link.Err = fmt.Sprintf("%s was not opened: %v", name, err)
			return
		}
		s.Link.Pending = nil
		s.startCompare(name, data)
		s.compareSelectPath(p.Field)
		s.note()
		return
	}
	if s.Next == OpenAsCompared && s.Model != nil && s.Model.File != nil {
		s.Next = OpenAsNew
		s.Status = ""
		s.startCompare(name, data)
		s.note()
		return
	}
	if p := s.Link.Pending; p != nil {
		if err := linkstate.CheckFile(*p, data); err != nil {
			s.Link.Err = fmt.Sprintf("%s was not opened: %v", name, err)
			s.Status = ""
			return
		}
		s.Link.Pending = nil
		s.Cmp = nil
		s.quietly(func() { s.show(s.buildAt(name, data, p.At)) })
		s.applyState(*p, nil, nil)
		s.Link.lastKey = ""
		s.note()
		return
	}
	s.Cmp, s.Stages = nil, nil
	s.Link.Row = 0
	s.Tab = OwnView
	s.quietly(func() { s.show(s.build(name, data, 0)) })
	s.fx.LinkAfterPaint = true
}

// show makes m the shown file, on its first part or, for a damaged file,
// on its first error, with the part list focused so the keys work at once.
func (s *State) show(m *model.Model) {
	s.Model = m
	s.Screen = File
	s.Status = ""
	s.Expanded = make([]map[int]bool, len(m.Parts)) // nil: the default, set when a tree is first needed
	s.ExpandedRev++
	s.Part, s.Node = -1, -1
	s.Sel, s.Enc = decode.Span{}, decode.Span{}
	s.Cursor = 0
	if m.File == nil {
		return
	}
	first := 0
	if len(m.Parts) > 1 {
		first = 1
	}
	s.selectPart(first)
	s.revealHex(m.Base)
	// A damaged file opens on what is wrong with it: its first error.
	for _, p := range m.Problems {
		if p.Severity == decode.Error {
			s.selectProblem(p)
			break
		}
	}
	s.fx.Focus, s.fx.FocusQuietly = "part-list", true
}

// OpenNested shows the container found at off inside the shown file: a
// link of its own (at=), and a step Back returns to the list.
func (s *State) OpenNested(off int64) Effects {
	if s.Model == nil {
		return Effects{}
	}
	m := s.Model
	s.quietly(func() { s.show(s.build(m.Name, m.Data, off)) })
	s.note()
	return s.take()
}

// BackToFile shows the whole file a nested container was opened from.
func (s *State) BackToFile() Effects {
	if s.Model == nil || s.Model.Base == 0 {
		return Effects{}
	}
	m := s.Model
	s.quietly(func() { s.show(s.build(m.Name, m.Data, 0)) })
	s.note()
	return s.take()
}

// madeFrom says that the file shown was made from other bytes: the C
// arrays of a source text (model.FromHeader) or an FXC PDB (model.FromPDB).
// It holds what to say and the bytes made.
type madeFrom struct {
	note string
	data []byte
}

// OriginNote says where the shown file came from when it was made from an
// -Fh header or an FXC PDB ("" otherwise): while the page shows the bytes
// made from it, a container inside them included.
func (s *State) OriginNote() string {
	if s.Model == nil || s.Screen != File || len(s.source.data) == 0 || len(s.Model.Data) != len(s.source.data) || &s.Model.Data[0] != &s.source.data[0] {
		return ""
	}
	return s.source.note
}
