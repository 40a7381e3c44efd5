package decode

import (
	"encoding/binary"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// classLinkageIFCE is an IFCE part laid out as FXC lays one out (the
// layout read from FXC's class-linkage listings, docs/format.md): two
// class types, two class instances, an interface array of two slots and
// one interface, names padded with 0xAB, and the 8 bytes FXC leaves after
// the header.
func classLinkageIFCE() []byte {
	le := binary.LittleEndian
	b := make([]byte, 0xb8)
	for i, v := range []uint32{2, 2, 2, 3, 0x5c, 0x44, 0x24} { // header
		le.PutUint32(b[4*i:], v)
	}
	copy(b[0x1c:], []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88})
	slot := func(at int, span, n, types, tables uint32) {
		for i, v := range []uint32{span, n, types, tables} {
			le.PutUint32(b[at+4*i:], v)
		}
	}
	slot(0x24, 2, 2, 0x7c, 0x80)
	slot(0x34, 1, 1, 0x88, 0x8c)
	u16s := func(at int, vs ...uint16) {
		for i, v := range vs {
			le.PutUint16(b[at+2*i:], v)
		}
	}
	le.PutUint32(b[0x44:], 0x90) // cLight: stride 1
	u16s(0x48, 0, 1, 0, 0)
	le.PutUint32(b[0x50:], 0x98) // cMaterial: stride 2, a texture, a sampler
	u16s(0x54, 0, 2, 1, 1)
	le.PutUint32(b[0x5c:], 0xa4) // g_light: cLight in cb0 at 0, no texture or sampler
	u16s(0x60, 0, 1, 0, 0, NoSlot, NoSlot)
	le.PutUint32(b[0x6c:], 0xac) // g_material: cMaterial in cb1 at 2, t0, s1
	u16s(0x70, 1, 1, 1, 2, 0, 1)
	u16s(0x7c, 0, 1) // slot 0-1: both types, tables 0 and 1
	le.PutUint32(b[0x80:], 0)
	le.PutUint32(b[0x84:], 1)
	u16s(0x88, 1) // slot 2: cMaterial, table 2
	copy(b[0x8a:], []byte{0xab, 0xab})
	le.PutUint32(b[0x8c:], 2)
	at := 0x90
	for _, name := range []string{"cLight", "cMaterial", "g_light", "g_material"} {
		at += copy(b[at:], name+"\x00")
		for at%4 != 0 {
			b[at] = 0xab
			at++
		}
	}
	return b
}

// TestInterfacesDecode decodes the hand-built IFCE part field by field,
// accounts for its bytes (every byte but none in a span), and keeps the
// container as testdata/containers/class-linkage.dxbc for the page's tests
// and the lessons.
func TestInterfacesDecode(t *testing.T) {
	b := golden(t, filepath.Join(containersDir, "class-linkage.dxbc"), buildContainer(testPart{"IFCE", classLinkageIFCE()}))
	f, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("IFCE")
	want := &Interfaces{ClassInstanceCount: 2, ClassTypeCount: 2, InterfaceSlotRecordCount: 2, InterfaceSlotCount: 3,
		ClassInstanceOffset: 0x5c, ClassTypeOffset: 0x44, InterfaceSlotOffset: 0x24,
		ClassTypes: []ClassType{{NameOffset: 0x90, ConstantBufferStride: 1, Name: "cLight"},
			{NameOffset: 0x98, ConstantBufferStride: 2, Texture: 1, Sampler: 1, Name: "cMaterial"}},
		ClassInstances: []ClassInstance{{NameOffset: 0xa4, Type: 0, Reserved: 1, Texture: NoSlot, Sampler: NoSlot, Name: "g_light"},
			{NameOffset: 0xac, Type: 1, Reserved: 1, ConstantBuffer: 1, ConstantBufferOffset: 2, Texture: 0, Sampler: 1, Name: "g_material"}},
		Slots: []InterfaceSlot{{SlotSpan: 2, Count: 2, TypeIDsOffset: 0x7c, TableIDsOffset: 0x80, TypeIDs: []uint16{0, 1}, TableIDs: []uint32{0, 1}},
			{SlotSpan: 1, Count: 1, TypeIDsOffset: 0x88, TableIDsOffset: 0x8c, TypeIDs: []uint16{1}, TableIDs: []uint32{2}, FirstSlot: 2}},
	}
	if p == nil || !reflect.DeepEqual(p.Interfaces, want) {
		t.Fatalf("decoded %+v\nwant    %+v", p.Interfaces, want)
	}
	if p.Summary != "2 class types, 2 class instances, 3 interface slots" {
		t.Errorf("summary %q", p.Summary)
	}
	if len(f.Problems) != 0 {
		t.Errorf("problems: %v", f.Problems)
	}
	covered := make([]bool, p.Size)
	for _, s := range p.Spans {
		for o := s.Off; o < s.Off+s.Size; o++ {
			if i := o - p.DataOffset; i >= 0 && i < int64(len(covered)) {
				covered[i] = true
			}
		}
	}
	for i, c := range covered {
		if !c {
			t.Errorf("byte 0x%x of IFCE is in no span", i)
		}
	}
}

// TestInterfacesAgreeWithTheDeclarations: in every corpus file with an
// IFCE part, each interface slot record is the SHEX part's dcl_interface of
// its first slot, as FXC wrote both (the array size is the span, the
// function tables are the table IDs; checkInterfaces warns otherwise), and
// a slot record changed by one is caught.
func TestInterfacesAgreeWithTheDeclarations(t *testing.T) {
	files, slots := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("IFCE") {
			continue
		}
		data := e.Bytes(t)
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		p := f.Part("IFCE")
		if p.Interfaces == nil || len(p.Interfaces.Slots) == 0 {
			t.Fatalf("%s: IFCE did not decode", e.Rel)
		}
		for _, q := range f.Problems {
			if q.Part == "IFCE" {
				t.Errorf("%s: %s", e.Rel, q)
			}
		}
		files++
		slots += len(p.Interfaces.Slots)
		// The first record's span, one less.
		at := p.DataOffset + int64(p.Interfaces.InterfaceSlotOffset)
		bad := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(bad[at:], p.Interfaces.Slots[0].SlotSpan-1)
		g, err := Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		warned := false
		for _, q := range g.Problems {
			warned = warned || q.Part == "IFCE" && strings.Contains(q.Message, "interface slot record 0 spans") && strings.Contains(q.Message, "declares fp0[")
		}
		if !warned {
			t.Errorf("%s: a slot record whose span disagrees with its dcl_interface raised no warning: %v", e.Rel, g.Problems)
		}
	}
	t.Logf("%d files with IFCE, %d slot records agree with their dcl_interface", files, slots)
}

// TestInterfacesCountPastTheEnd: a slot record whose ID lists would run
// past the part is reported at that record's Count, in the slot record,
// and what fits is read.
func TestInterfacesCountPastTheEnd(t *testing.T) {
	b := classLinkageIFCE()
	binary.LittleEndian.PutUint32(b[0x34+4:], 1000) // slot record 1's Count
	f, err := Parse(buildContainer(testPart{"IFCE", b}))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("IFCE")
	found := false
	for _, q := range f.Problems {
		if q.Severity == Error && q.Structure == "interface slot" && q.Offset == p.DataOffset+0x34+4 && strings.Contains(q.Message, "1000 type IDs of 2 bytes") {
			found = true
		}
	}
	if !found {
		t.Errorf("no Error at slot record 1's Count (0x%x): %v", p.DataOffset+0x34+4, f.Problems)
	}
	if s := p.Interfaces.Slots[1]; len(s.TypeIDs) != (len(b)-0x88)/2 {
		t.Errorf("slot 1 read %d type IDs, want the %d that fit", len(s.TypeIDs), (len(b)-0x88)/2)
	}
}
