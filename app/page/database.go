// Databases: SQLite files (SODB, PSDB, any other) open beside each other,
// and the containers shown from them.
package page

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/views/model"
)

// Databases are the open SQLite databases (an SODB and a PSDB may be open
// together, to link their groups) and the one shown.
type Databases struct {
	List   []*model.DBModel
	Active int
	Rev    int // changes whenever List or Active does

	// The container shown from a database, for the banner above the inspector.
	From     *model.DBModel
	FromNote string

	refs []*fileRef // the link data of each database, as List
}

func (d *Databases) active() int { return max(0, min(d.Active, len(d.List)-1)) }

// bySHA returns the index of the open database with that SHA-256, or -1.
func (d *Databases) bySHA(s *State, sha string) int {
	for i, dm := range d.List {
		if s.dbRef(i, dm).sha == sha {
			return i
		}
	}
	return -1
}

// dbRef returns a database's link data, computed once.
func (s *State) dbRef(i int, dm *model.DBModel) *fileRef {
	for len(s.DB.refs) < len(s.DB.List) {
		s.DB.refs = append(s.DB.refs, nil)
	}
	if r := s.DB.refs[i]; r == nil || !sameBytes(r.data, dm.Data) {
		s.DB.refs[i] = newFileRef(dm.Data)
	}
	return s.DB.refs[i]
}

// FromDatabase reports whether the shown container came from a database.
func (s *State) FromDatabase() bool { return s.Screen != Database && s.DB.From != nil }

// openDatabase opens SQLite bytes as a database, in addition to those
// already open, and reports whether it did. Other bytes close the databases.
func (s *State) openDatabase(name string, data []byte) bool {
	if !sqlite.IsSQLite(data) {
		s.DB = Databases{}
		return false
	}
	d, err := shaderdb.Open(data)
	if err != nil {
		s.DB = Databases{}
		return false // shown as a file that is not a container
	}
	m := model.NewDBModel(name, data, d)
	replaced := false
	for i, o := range s.DB.List {
		if o.Name == name {
			s.DB.List[i], s.DB.Active, replaced = m, i, true
			if i < len(s.DB.refs) {
				s.DB.refs[i] = nil
			}
		}
	}
	if !replaced {
		s.DB.List = append(s.DB.List, m)
		s.DB.Active = len(s.DB.List) - 1
	}
	model.LinkDatabases(s.DB.List)
	s.DB.From = nil
	s.DB.Rev++
	s.Model, s.Cmp = nil, nil
	s.Part, s.Node = -1, -1
	s.Screen = Database
	s.Status = ""
	return true
}

// OpenDBContainer shows a container from a database in the full inspector.
func (s *State) OpenDBContainer(r model.DBContainerRef) Effects {
	if r.DB < 0 || r.DB >= len(s.DB.List) {
		return Effects{}
	}
	dm := s.DB.List[r.DB]
	c := r.C
	var m *model.Model
	if c.FileOffset > 0 && c.FileOffset+4 <= int64(len(dm.Data)) && string(dm.Data[c.FileOffset:c.FileOffset+4]) == decode.Magic {
		// A container on one page is shown in place, so the hex view
		// addresses the database file.
		m = s.build(dm.Name, dm.Data, c.FileOffset)
		s.DB.FromNote = fmt.Sprintf("Showing %s from %s: its BLOB lies on one page, so the offsets below are the database file's (the container starts at %s).",
			c.Label, dm.Name, model.Hex(c.FileOffset))
	} else {
		// One spread over overflow pages is assembled and shown alone.
		b, err := c.Bytes()
		m = s.build(dm.Name+": "+c.Label, b, 0)
		s.DB.FromNote = fmt.Sprintf("Showing %s from %s: its BLOB is spread over overflow pages, so it was assembled and the offsets below are the container's own, not the database file's.",
			c.Label, dm.Name)
		if err != nil {
			s.DB.FromNote += " Reading it reported: " + err.Error()
		}
	}
	s.DB.From = dm
	s.Cmp = nil
	s.Tab = OwnView
	s.Link.Row = 0
	s.quietly(func() { s.show(m) })
	s.note() // the link names the container (at=) in the database file, or carries the assembled one
	return s.take()
}

// showFromDatabase shows the container at a link's offset of an open
// database file.
func (s *State) showFromDatabase(dm *model.DBModel, at int64) {
	s.DB.From = dm
	s.DB.FromNote = fmt.Sprintf("Showing the container at %s of %s that the link names; the offsets below are the database file's.", model.Hex(at), dm.Name)
	s.Cmp = nil
	s.show(s.buildAt(dm.Name, dm.Data, at))
}

// BackToDatabase leaves the container shown from a database for the database.
func (s *State) BackToDatabase() Effects {
	s.DB.From = nil
	s.Model, s.Cmp = nil, nil
	s.Part, s.Node = -1, -1
	s.Screen = Database
	s.note()
	return s.take()
}

// SelectDatabase shows another of the open databases.
func (s *State) SelectDatabase(i int) Effects {
	if i < 0 || i >= len(s.DB.List) {
		return Effects{}
	}
	s.DB.Active = i
	s.DB.Rev++
	s.note()
	return s.take()
}

// CloseDatabase closes one of the open databases.
func (s *State) CloseDatabase(i int) Effects {
	if i < 0 || i >= len(s.DB.List) {
		return Effects{}
	}
	s.DB.List = append(s.DB.List[:i:i], s.DB.List[i+1:]...)
	if i < len(s.DB.refs) {
		s.DB.refs = append(s.DB.refs[:i:i], s.DB.refs[i+1:]...)
	}
	s.DB.Active = s.DB.active()
	model.LinkDatabases(s.DB.List)
	s.DB.Rev++
	if len(s.DB.List) == 0 {
		s.DB = Databases{}
		s.Screen = Welcome
		return s.take()
	}
	s.note()
	return s.take()
}
