package model

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/dxscope/dxscope/decode"
)

// A part registered with the decoder reaches the page model with nothing
// else to edit: its row, its words, its summary, its tree with the value's
// fields linked to their bytes.
func init() {
	decode.RegisterPart(decode.PartKind{
		Name: "ZZZ1", Title: "test pair", About: "A made-up part holding two 16-bit values.", KnownLayout: true, Key: "Pair",
		Decode: func(_ *decode.File, p *decode.Part, r *decode.Reader) {
			v := struct{ A, B uint16 }{r.U16("A"), r.U16("B")}
			p.Value = v
		},
		Summary: func(p *decode.Part) string { return fmt.Sprintf("%v", p.Value) },
	})
}

func TestRegisteredPartReachesThePage(t *testing.T) {
	b := make([]byte, 36+8+4)
	copy(b, "DXBC")
	binary.LittleEndian.PutUint16(b[20:], 1)
	binary.LittleEndian.PutUint32(b[24:], uint32(len(b)))
	binary.LittleEndian.PutUint32(b[28:], 1)
	binary.LittleEndian.PutUint32(b[32:], 36)
	copy(b[36:], "ZZZ1")
	binary.LittleEndian.PutUint32(b[40:], 4)
	binary.LittleEndian.PutUint16(b[44:], 7)
	binary.LittleEndian.PutUint16(b[46:], 9)
	m := Build("zzz.bin", b, 0)
	if len(m.Parts) != 2 {
		t.Fatalf("%d rows", len(m.Parts))
	}
	pv := m.Parts[1]
	if pv.Name != "ZZZ1" || pv.Title != "test pair" || pv.Summary != "{7 9}" {
		t.Errorf("row %q %q %q", pv.Name, pv.Title, pv.Summary)
	}
	n := pv.Tree().FindField("ZZZ1/B")
	if n == nil || n.Full != "9" {
		t.Fatalf("tree node ZZZ1/B: %+v", n)
	}
	if s, ok := m.Spans.ByPath(pv.Tree().SpanOf(n)); !ok || s.Off != 46 || s.Size != 2 {
		t.Errorf("ZZZ1/B bytes %+v %v", s, ok)
	}
	if m.Errors+m.Warnings+m.Notes != 0 {
		t.Errorf("problems %v", m.Problems)
	}
}
