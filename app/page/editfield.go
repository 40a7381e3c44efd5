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
// bytes read as a little-endian integer are the value the tree shows, or an
// enumeration the tree shows by name (its bytes' number names it).
type EditableField struct {
	Part  int    // index in the part list
	Path  string // the node's JSON path
	Value string // the value shown (an enumeration's number, when the tree shows its name)
	Off   int64  // absolute offset of its bytes in the model's data
	Size  int64
	// Named is set when the tree shows the field by name: its bytes' number
	// is read back through the name.
	Named bool
	// Enum lists the values the decoder names, for an enumeration; Flags
	// the bits it names, for a set of flags (found by writing each value
	// and decoding again: the decoder's own names, nothing assumed).
	Enum, Flags []FieldChoice
}

// FieldChoice is one value of an enumeration, or one bit of a set of flags,
// with the name the decoder gives it (model.FieldChoice: the page state and
// the edit panel share it).
type FieldChoice = model.FieldChoice

// Probing bounds: enumerations are tried from 0 up to the first run of
// unnamed values after the last name; flags bit by bit.
const (
	maxEnumProbe    = 128
	enumProbeMisses = 48 // D3D_NAME: 25 (CullPrimitive), then 64 (Target)
	maxFlagBits     = 32
	// probeBytes bounds the bytes decoded to name one field's values: a
	// large part (a DXIL program) is probed fewer times.
	probeBytes = 4 << 20
)

// SelectedField returns the selected node when it can be edited, with why
// not otherwise ("" when nothing editable-looking is selected).
func (s *State) SelectedField() (EditableField, string) {
	n := s.SelectedNode()
	pv := s.PartView()
	if !s.Editing() || n == nil || pv == nil || (n.Kind != model.KindNumber && n.Kind != model.KindString) {
		return EditableField{}, ""
	}
	if pv.Index == 0 {
		// The header and its offset table are no part of the writer's list:
		// it lays them out from the parts it holds.
		return EditableField{}, n.JSONPath + " is in the container header, which dxscope's writer lays out from the parts (their offsets and sizes, the file size; Sign writes the digest): edit a part"
	}
	sp, ok := pv.Span(n.SpanPath)
	if n.SpanPath == "" || !ok {
		if n.Kind == model.KindString {
			return EditableField{}, ""
		}
		return EditableField{}, "the decoder records no bytes of its own for " + n.JSONPath + ": it cannot be written back"
	}
	if sp.Size != 1 && sp.Size != 2 && sp.Size != 4 && sp.Size != 8 {
		if n.Kind == model.KindString {
			return EditableField{}, ""
		}
		return EditableField{}, fmt.Sprintf("%s is %d bytes, not an integer field dxscope writes", n.JSONPath, sp.Size)
	}
	if sp.Off < pv.Offset+8 || sp.End() > pv.Offset+pv.Size {
		return EditableField{}, n.JSONPath + " is not in the part's data"
	}
	raw := s.Model.Data[sp.Off:sp.End()]
	f := EditableField{Part: pv.Index, Path: n.JSONPath, Value: n.Full, Off: sp.Off, Size: sp.Size}
	if n.Kind == model.KindString {
		// A name: editable when its bytes' number reads back as this name
		// and another number as another name (the bytes hold the field).
		f.Named, f.Value = true, strconv.FormatUint(le(raw), 10)
		f.Enum = s.fieldChoices(f, false)
		if len(f.Enum) < 2 || nameOf(f.Enum, le(raw)) != n.Full {
			return EditableField{}, ""
		}
		return f, ""
	}
	if !sameNumber(raw, n.Full) {
		return EditableField{}, fmt.Sprintf("%s is stored in another form than it is shown (%s): dxscope does not write it back", n.JSONPath, n.Full)
	}
	// A number beside its name (ShaderStage, ShaderStageName) or its flags'
	// names (Flags, FlagsNames).
	if n.Parent != nil {
		if c := flagNames(n); c != nil && c.Kind == model.KindArray {
			f.Flags = s.fieldChoices(f, true)
		} else if c := n.Parent.Child(n.Key + "Name"); c != nil && c.Kind == model.KindString {
			f.Enum = s.fieldChoices(f, false)
		}
	}
	return f, ""
}

// choiceKey names a field of the shown container: its choices are probed
// once per model (each edit, undo or redo makes another).
type choiceKey struct {
	part  int
	path  string
	flags bool
}

// flagNames is the node naming a flags field's bits: FlagsNames beside
// Flags, or FlagNames (RTS0).
func flagNames(n *model.Node) *model.Node {
	if c := n.Parent.Child(n.Key + "Names"); c != nil {
		return c
	}
	return n.Parent.Child(strings.TrimSuffix(n.Key, "s") + "Names")
}

func nameOf(cs []FieldChoice, v uint64) string {
	for _, c := range cs {
		if c.Value == v {
			return c.Name
		}
	}
	return ""
}

// fieldChoices finds what the decoder names each value (or each bit) of
// the field: the field's bytes are written with it and the container decoded
// again. Kept for the field until the next edit.
func (s *State) fieldChoices(f EditableField, flags bool) []FieldChoice {
	if s.Edit.choicesFor != s.Model {
		s.Edit.choices, s.Edit.choicesFor = nil, s.Model
	}
	key := choiceKey{f.Part, f.Path, flags}
	if cs, ok := s.Edit.choices[key]; ok {
		return cs
	}
	var out []FieldChoice
	var base []byte
	if c, err := s.current(); err == nil {
		if at := s.writerIndex(c.Parts, f.Part); at >= 0 {
			base = c.Parts[at].Data
		}
	}
	bits := min(int(f.Size*8), maxFlagBits)
	budget := probeBytes / max(len(base), 1)
	if s.fieldBytes(f, base) == nil {
		// nothing to probe: the part is not in the writer's copy
	} else if flags {
		for b := 0; b < bits && b < budget; b++ {
			names := s.probe(f, base, 1<<b, flags)
			if len(names) == 1 && named(names[0], 1<<b) {
				out = append(out, FieldChoice{Value: 1 << b, Name: names[0]})
			}
		}
	} else {
		misses := 0
		for v := uint64(0); v < maxEnumProbe && v < 1<<bits && v < uint64(budget) && misses < enumProbeMisses; v++ {
			names := s.probe(f, base, v, flags)
			if len(names) == 1 && named(names[0], v) {
				out = append(out, FieldChoice{Value: v, Name: names[0]})
				misses = 0
			} else {
				misses++
			}
		}
	}
	if s.Edit.choices == nil {
		s.Edit.choices = map[choiceKey][]FieldChoice{}
	}
	s.Edit.choices[key] = out
	return out
}

// named says whether the decoder's text for v is a name, not v's number in
// another dress (Type(9), 0x80, 9).
func named(text string, v uint64) bool {
	d, h := strconv.FormatUint(v, 10), strconv.FormatUint(v, 16)
	return text != "" && text != d && !strings.Contains(text, "("+d+")") && !strings.EqualFold(text, "0x"+h) &&
		!strings.Contains(strings.ToLower(text), "unknown")
}

// probe writes v into the field's bytes of its part's data (base) and
// returns what the decoder then shows for it: the field's text (a named
// field), its Name sibling, or its Names. The part is decoded alone, in a
// container of its own, so a probe costs one part's decoding whatever else
// the file holds.
func (s *State) probe(f EditableField, base []byte, v uint64, flags bool) []string {
	pv := s.Model.Parts[f.Part]
	data := s.withField(f, base, v)
	c := edit.New()
	c.Parts = []edit.Part{{Name: pv.Name, Data: data}}
	b, err := c.Bytes(edit.Keep)
	if err != nil {
		return nil
	}
	n := model.ProbeField(b, 1, pv.Name, f.Path)
	switch {
	case n == nil:
		return nil
	case f.Named:
		return []string{n.Full}
	case n.Parent == nil:
		return nil
	case flags:
		var names []string
		if c := flagNames(n); c != nil {
			for _, e := range c.Children {
				names = append(names, e.Full)
			}
		}
		return names
	}
	if c := n.Parent.Child(n.Key + "Name"); c != nil {
		return []string{c.Full}
	}
	return nil
}

// fieldBytes is the field's bytes in data, its part's data (nil when data
// does not hold them).
func (s *State) fieldBytes(f EditableField, data []byte) []byte {
	rel := f.Off - (s.Model.Parts[f.Part].Offset + 8)
	if rel < 0 || rel+f.Size > int64(len(data)) {
		return nil
	}
	return data[rel : rel+f.Size]
}

// withField returns a copy of data, its part's data, with v written into
// the field's bytes (little-endian), or nil when data does not hold them.
func (s *State) withField(f EditableField, data []byte, v uint64) []byte {
	if s.fieldBytes(f, data) == nil {
		return nil
	}
	out := append([]byte(nil), data...)
	var x [8]byte
	binary.LittleEndian.PutUint64(x[:], v)
	copy(s.fieldBytes(f, out), x[:f.Size])
	return out
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
	data := s.withField(f, c.Parts[at].Data, v)
	if data == nil {
		return s.refuse("cannot edit " + f.Path + ": the writer's copy of its part does not hold it")
	}
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
	was := f.Value
	switch want := nameOf(f.Enum, v); {
	case f.Named && got != "" && (got == want || want == "" && strings.Contains(got, strconv.FormatUint(v, 10))):
		// A name: the decoder names the value written as probing found.
		old, _ := strconv.ParseUint(f.Value, 10, 64)
		got, was = fmt.Sprintf("%d (%s)", v, got), fmt.Sprintf("%s (%s)", f.Value, nameOf(f.Enum, old))
	case got == "" || f.Named || !sameNumber(s.fieldBytes(f, data), got):
		return s.refuse(fmt.Sprintf("%s = %s was not written: decoded again it reads %q", f.Path, text, got))
	}
	what := fmt.Sprintf("set %s/%s to %s (was %s)", model.Shown(pv.Name), f.Path, got, was)
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
