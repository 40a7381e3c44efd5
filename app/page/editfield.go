// Field editing: a number in the selected part's tree changed in place,
// where its bytes hold it exactly as the tree shows it.
package page

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/views/model"
)

// EditableField is a tree node whose value can be written back: a number
// recorded as a span of 1, 2, 4 or 8 bytes inside its part's data, whose
// bytes read as a little-endian integer are the value the tree shows.
type EditableField struct {
	Part  int    // index in the part list
	Path  string // the node's JSON path
	Value string // the value shown
	Off   int64  // absolute offset of its bytes in the model's data
	Size  int64
}

// SelectedField returns the selected node when it can be edited, with why
// not otherwise ("" when nothing editable-looking is selected).
func (s *State) SelectedField() (EditableField, string) {
	n := s.SelectedNode()
	pv := s.PartView()
	if !s.Editing() || n == nil || pv == nil || n.Kind != model.KindNumber {
		return EditableField{}, ""
	}
	sp, ok := pv.Span(n.SpanPath)
	if n.SpanPath == "" || !ok {
		return EditableField{}, "the decoder records no bytes of its own for " + n.JSONPath + ": it cannot be written back"
	}
	if sp.Size != 1 && sp.Size != 2 && sp.Size != 4 && sp.Size != 8 {
		return EditableField{}, fmt.Sprintf("%s is %d bytes, not an integer field dxscope writes", n.JSONPath, sp.Size)
	}
	if sp.Off < pv.Offset+8 || sp.End() > pv.Offset+pv.Size {
		return EditableField{}, n.JSONPath + " is not in the part's data"
	}
	raw := s.Model.Data[sp.Off:sp.End()]
	if !sameNumber(raw, n.Full) {
		return EditableField{}, fmt.Sprintf("%s is stored in another form than it is shown (%s): dxscope does not write it back", n.JSONPath, n.Full)
	}
	return EditableField{Part: pv.Index, Path: n.JSONPath, Value: n.Full, Off: sp.Off, Size: sp.Size}, ""
}

// le reads b as a little-endian unsigned integer.
func le(b []byte) uint64 {
	var x [8]byte
	copy(x[:], b)
	return binary.LittleEndian.Uint64(x[:])
}

// sameNumber reports whether the bytes read as an integer (unsigned or
// signed) are the value text.
func sameNumber(b []byte, text string) bool {
	u := le(b)
	if v, err := strconv.ParseUint(text, 10, 64); err == nil {
		return v == u
	}
	if v, err := strconv.ParseInt(text, 10, 64); err == nil {
		bits := uint(len(b) * 8)
		return uint64(v)&(1<<bits-1) == u || bits == 64 && uint64(v) == u
	}
	return false
}

// parseNumber reads a decimal or 0x hexadecimal integer that fits size bytes.
func parseNumber(text string, size int64) (uint64, error) {
	text = strings.TrimSpace(text)
	bits := int(size * 8)
	if v, err := strconv.ParseUint(text, 0, bits); err == nil {
		return v, nil
	}
	v, err := strconv.ParseInt(text, 0, bits)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer that fits %d bytes", text, size)
	}
	return uint64(v) & (1<<bits - 1), nil
}

// EditField writes a new value into the selected field's bytes, re-signs,
// decodes the result and keeps it only when the decoder reads the field
// back as the value written.
func (s *State) EditField(text string) Effects {
	f, why := s.SelectedField()
	if why != "" || f.Path == "" {
		if why == "" {
			why = "select a number in the tree first"
		}
		return s.refuse(why)
	}
	v, err := parseNumber(text, f.Size)
	if err != nil {
		return s.refuse(err.Error())
	}
	pv := s.Model.Parts[f.Part]
	c, err := s.current()
	if err != nil {
		return s.refuse("cannot edit " + f.Path + ": " + err.Error())
	}
	at := s.writerIndex(c.Parts, f.Part)
	if at < 0 {
		return s.refuse("cannot edit " + f.Path + ": the writer does not hold its part")
	}
	data := append([]byte(nil), c.Parts[at].Data...)
	rel := f.Off - (pv.Offset + 8)
	var x [8]byte
	binary.LittleEndian.PutUint64(x[:], v)
	copy(data[rel:rel+f.Size], x[:f.Size])
	c.Parts[at].Data = data
	b, err := c.Bytes(edit.Keep)
	if err != nil {
		return s.refuse("cannot edit " + f.Path + ": " + err.Error())
	}
	m := s.build(s.EditedName(), b, 0)
	// The decoder must read back what was written, or the field is not
	// stored as the tree shows it.
	var got string
	if f.Part < len(m.Parts) && m.Parts[f.Part].Name == pv.Name {
		if n := m.Parts[f.Part].Tree().FindField(f.Path); n != nil {
			got = n.Full
		}
	}
	if got == "" || !sameNumber(x[:f.Size], got) {
		return s.refuse(fmt.Sprintf("%s = %s was not written: decoded again it reads %q", f.Path, text, got))
	}
	what := fmt.Sprintf("set %s/%s to %s (was %s)", model.Shown(pv.Name), f.Path, got, f.Value)
	s.Edit.Steps = append(s.Edit.Steps, EditStep{What: what, Data: b})
	s.Edit.redo = nil
	s.Edit.Err, s.Edit.Done = "", what
	s.showEdited(m)
	if pv.Name == "RTS0" {
		// The root signature changed: its text and the coverage check follow.
		s.resetRootSigText()
		if p := m.File.Part("RTS0"); p != nil {
			s.Edit.RS.Cover = m.File.RootSignatureCovers(p.Data())
			s.Edit.RS.Covered = len(s.Edit.RS.Cover) == 0
		}
	}
	s.selectPart(f.Part)
	if t := m.Parts[f.Part].Tree(); t != nil {
		if n := t.FindField(f.Path); n != nil {
			s.initOpen(f.Part)
			for p := n.Parent; p != nil; p = p.Parent {
				s.Expanded[f.Part][p.ID] = true
			}
			s.ExpandedRev++
			s.selectNode(f.Part, n.ID)
			s.Tab = Tree
		}
	}
	return s.take()
}
