package model

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/binread"
)

// A part registered with the decoder reaches the page model with nothing
// else to edit: its row, its words, its summary, its tree with the value's
// fields linked to their bytes.
func init() {
	decode.RegisterPart(decode.PartKind{
		Name: "ZZZ1", Title: "test pair", About: "A made-up part holding two 16-bit values.", KnownLayout: true, Key: "Pair",
		Decode: func(_ *decode.File, p *decode.Part, r *binread.Reader) {
			v := struct{ A, B uint16 }{r.U16("A"), r.U16("B")}
			p.Value = v
		},
		Summary: func(p *decode.Part) string { return fmt.Sprintf("%v", p.Value) },
	})
}

func TestRegisteredPartReachesThePage(t *testing.T) {
	m := Build("zzz.bin", onePart("ZZZ1", []byte{7, 0, 9, 0}), 0)
	if len(m.Parts) != 2 {
		t.Fatalf("%d rows", len(m.Parts))
	}
	pv := m.Parts[1]
	if pv.Name != "ZZZ1" || pv.Title != "test pair" || pv.Summary != "{7 9}" {
		t.Errorf("row %q %q %q", pv.Name, pv.Title, pv.Summary)
	}
	n := pv.Tree().FindField("Pair/B") // its JSON path, from the registered Key
	if n == nil || n.Full != "9" {
		t.Fatalf("tree node Pair/B: %+v", n)
	}
	if s, ok := pv.Span(pv.Tree().SpanOf(n)); !ok || s.Off != 46 || s.Size != 2 || s.Part != "ZZZ1" || s.Path != "Pair/B" {
		t.Errorf("Pair/B bytes %+v %v", s, ok)
	}
	if m.Errors+m.Warnings+m.Notes != 0 {
		t.Errorf("problems %v", m.Problems)
	}
}

// A family that decodes into a value the page already draws gets that view:
// the view follows the decoded value, not a list of part names.
func init() {
	decode.RegisterPart(decode.PartKind{
		Name: "ZZZ2", Title: "test flags", About: "A made-up part holding a feature-flags word.", KnownLayout: true,
		Decode: func(_ *decode.File, p *decode.Part, r *binread.Reader) {
			f := decode.FeatureFlags(r.U32("Flags"))
			p.Flags = &f
		},
	})
}

func TestNewFamilyGetsTheViewOfItsValue(t *testing.T) {
	pv := Build("zzz2.bin", onePart("ZZZ2", []byte{1, 0, 0, 0}), 0).Parts[1] // bit 0: doubles
	if f := pv.Facts(); f != nil {
		t.Errorf("a decoded family shown as facts (%q): it has a view of its own", f.Purpose)
	}
	rows := pv.FeatureRows()
	if len(rows) == 0 || !rows[0].Set || rows[0].Bit != 0 || rows[0].Offset != 44 {
		t.Errorf("feature rows %+v: want bit 0 set, read at 0x2c", rows)
	}
}

// onePart is a container (version 1.0) holding one part: its 36-byte header,
// the part's 8-byte header at 36, its data at 44.
func onePart(name string, data []byte) []byte {
	b := make([]byte, 44, 44+len(data))
	copy(b, "DXBC")
	binary.LittleEndian.PutUint16(b[20:], 1)
	binary.LittleEndian.PutUint32(b[24:], uint32(44+len(data)))
	binary.LittleEndian.PutUint32(b[28:], 1)
	binary.LittleEndian.PutUint32(b[32:], 36)
	copy(b[36:], name)
	binary.LittleEndian.PutUint32(b[40:], uint32(len(data)))
	return append(b, data...)
}
