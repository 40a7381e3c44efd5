package decode

import (
	"fmt"
	"slices"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/sm4"
)

// ---- IFCE ----

// The IFCE part is FXC's class-linkage data (dynamic shader linkage, shader
// model 5): the class types and class instances a shader was compiled
// against, and for each interface slot the class types it may hold and the
// function table each one calls. No public document describes it; the
// layout here was read from FXC's output (its listings print these tables)
// and agrees with the SHEX part's dcl_interface declarations
// (checkInterfaces). Offsets are from the start of the part's data.

// Interfaces is a decoded IFCE part.
type Interfaces struct {
	ClassInstanceCount       uint32
	ClassTypeCount           uint32
	InterfaceSlotRecordCount uint32
	InterfaceSlotCount       uint32 // slots in all: a record of an interface array spans several
	ClassInstanceOffset      uint32 // where the instance records start (right after the type records)
	ClassTypeOffset          uint32
	InterfaceSlotOffset      uint32

	ClassTypes     []ClassType     `json:",omitempty"`
	ClassInstances []ClassInstance `json:",omitempty"`
	Slots          []InterfaceSlot `json:",omitempty"`
}

// ClassType is one class type record (12 bytes). FXC's listing numbers the
// types by their order (its ID column); the word after the name offset is
// 0 in every file seen, and is kept as Reserved.
type ClassType struct {
	NameOffset           uint32
	Reserved             uint16
	ConstantBufferStride uint16 // registers of this class's data in a constant buffer
	Texture              uint16 // textures it uses
	Sampler              uint16 // samplers it uses

	// Added keys.
	Name string
}

// ClassInstance is one class instance record (16 bytes): a global of a
// class type, and where its data lives.
type ClassInstance struct {
	NameOffset           uint32
	Type                 uint16 // the index of its class type
	Reserved             uint16 // 1 in every file seen
	ConstantBuffer       uint16
	ConstantBufferOffset uint16 // in 16-byte registers
	Texture              uint16 // 0xFFFF: none
	Sampler              uint16 // 0xFFFF: none

	// Added keys.
	Name string
}

// InterfaceSlot is one interface slot record (16 bytes): an interface, or
// an array of them spanning SlotSpan slots, the class types it may hold and
// the function table each calls.
type InterfaceSlot struct {
	SlotSpan       uint32
	Count          uint32 // class types (and tables) listed
	TypeIDsOffset  uint32 // Count 16-bit type indices
	TableIDsOffset uint32 // Count 32-bit function table numbers
	TypeIDs        []uint16
	TableIDs       []uint32

	// Added keys.
	FirstSlot uint32 // the slots of the records before it
}

// NoSlot is a class instance's Texture or Sampler when it has none.
const NoSlot = 0xFFFF

type ifceDecoder struct {
	r       *binread.Reader
	strs    fxcStrings      // the part's names, each read and claimed once
	claimed map[uint32]bool // ID lists whose bytes were claimed
	idsLeft int             // IDs every slot may read together: twice what the part holds
}

func decodeInterfaces(p *Part, r *binread.Reader) {
	x := &Interfaces{}
	x.ClassInstanceCount = r.U32("ClassInstanceCount")
	x.ClassTypeCount = r.U32("ClassTypeCount")
	x.InterfaceSlotRecordCount = r.U32("InterfaceSlotRecordCount")
	x.InterfaceSlotCount = r.U32("InterfaceSlotCount")
	x.ClassInstanceOffset = r.U32("ClassInstanceOffset")
	x.ClassTypeOffset = r.U32("ClassTypeOffset")
	x.InterfaceSlotOffset = r.U32("InterfaceSlotOffset")
	if r.Failed {
		return
	}
	p.Interfaces = x
	// FXC leaves 8 bytes between the header and the slot records whose
	// values vary from file to file (what its buffer held before).
	if first := min(x.ClassTypeOffset, x.InterfaceSlotOffset, x.ClassInstanceOffset); first > uint32(r.Pos) && int64(first) <= int64(r.Len()) {
		r.Raw("Unknown", int(first)-r.Pos)
	}
	d := &ifceDecoder{r: r, claimed: map[uint32]bool{}, idsLeft: r.Len()}

	n := d.count(x.ClassTypeCount, x.ClassTypeOffset, 12, 4, "interfaces header", "class types")
	s := r.Sub(int(x.ClassTypeOffset), n*12, r.Join("ClassTypes"), "class types")
	for i := 0; i < n && !s.Failed; i++ {
		s.Begin(fmt.Sprintf("[%d]", i), "class type")
		t := ClassType{NameOffset: s.U32("NameOffset"), Reserved: s.U16("Reserved"), ConstantBufferStride: s.U16("ConstantBufferStride"),
			Texture: s.U16("Texture"), Sampler: s.U16("Sampler")}
		s.End()
		t.Name = d.name(t.NameOffset, fmt.Sprintf("ClassTypes/%d/Name", i), int(x.ClassTypeOffset)+12*i)
		x.ClassTypes = append(x.ClassTypes, t)
	}

	n = d.count(x.ClassInstanceCount, x.ClassInstanceOffset, 16, 0, "interfaces header", "class instances")
	s = r.Sub(int(x.ClassInstanceOffset), n*16, r.Join("ClassInstances"), "class instances")
	for i := 0; i < n && !s.Failed; i++ {
		s.Begin(fmt.Sprintf("[%d]", i), "class instance")
		c := ClassInstance{NameOffset: s.U32("NameOffset"), Type: s.U16("Type"), Reserved: s.U16("Reserved"), ConstantBuffer: s.U16("ConstantBuffer"),
			ConstantBufferOffset: s.U16("ConstantBufferOffset"), Texture: s.U16("Texture"), Sampler: s.U16("Sampler")}
		s.End()
		c.Name = d.name(c.NameOffset, fmt.Sprintf("ClassInstances/%d/Name", i), int(x.ClassInstanceOffset)+16*i)
		if int64(c.Type) >= int64(len(x.ClassTypes)) {
			r.ProblemAt(Warning, int(x.ClassInstanceOffset)+16*i+4, "class instance", "class instance %d is of type %d; the part lists %d class types", i, c.Type, len(x.ClassTypes))
		}
		x.ClassInstances = append(x.ClassInstances, c)
	}

	n = d.count(x.InterfaceSlotRecordCount, x.InterfaceSlotOffset, 16, 8, "interfaces header", "interface slot records")
	s = r.Sub(int(x.InterfaceSlotOffset), n*16, r.Join("Slots"), "interface slots")
	var first uint64
	for i := 0; i < n && !s.Failed; i++ {
		at := int(x.InterfaceSlotOffset) + 16*i
		s.Begin(fmt.Sprintf("[%d]", i), "interface slot")
		sl := InterfaceSlot{SlotSpan: s.U32("SlotSpan"), Count: s.U32("Count"), TypeIDsOffset: s.U32("TypeIDsOffset"), TableIDsOffset: s.U32("TableIDsOffset")}
		s.End()
		sl.FirstSlot = uint32(min(first, 0xFFFFFFFF))
		first += uint64(sl.SlotSpan)
		path := fmt.Sprintf("Slots/%d/", i)
		if k := d.ids(sl.Count, sl.TypeIDsOffset, 2, at+4, "type IDs"); k > 0 {
			d.list(sl.TypeIDsOffset, k, 2, path+"TypeIDs", func(s *binread.Reader, j int) { sl.TypeIDs = append(sl.TypeIDs, s.U16(fmt.Sprintf("[%d]", j))) })
		}
		if k := d.ids(sl.Count, sl.TableIDsOffset, 4, at+4, "table IDs"); k > 0 {
			d.list(sl.TableIDsOffset, k, 4, path+"TableIDs", func(s *binread.Reader, j int) { sl.TableIDs = append(sl.TableIDs, s.U32(fmt.Sprintf("[%d]", j))) })
		}
		x.Slots = append(x.Slots, sl)
	}
	if first != uint64(x.InterfaceSlotCount) && len(x.Slots) == int(x.InterfaceSlotRecordCount) {
		r.ProblemAt(Warning, 12, "interfaces header", "InterfaceSlotCount is %d but the %d slot records span %d slots", x.InterfaceSlotCount, len(x.Slots), first)
	}
	d.strs.tab.CutNote(r, "IFCE strings")
}

// count bounds a record count by the bytes after its offset, saying so at
// field, the count's offset in the structure that holds it.
func (d *ifceDecoder) count(n, off uint32, size, field int, structure, what string) int {
	if n == 0 {
		return 0
	}
	room := int64(d.r.Len()) - int64(off)
	if room < 0 {
		room = 0
	}
	if int64(n)*int64(size) > room {
		d.r.ProblemAt(Error, field, structure, "%d %s of %d bytes at offset 0x%x run past the end of the %d-byte part; %d are read", n, what, size, off, d.r.Len(), room/int64(size))
		return int(room / int64(size))
	}
	return int(n)
}

// ids bounds a slot's ID list: by the bytes after its offset, and by what
// every slot may read together (twice the part: lists that records share
// or overlap cannot make the reading cost more than the part's size).
func (d *ifceDecoder) ids(n, off uint32, size, field int, what string) int {
	k := d.count(n, off, size, field, "interface slot", what)
	if k > d.idsLeft {
		d.r.ProblemAt(Warning, field, "interface slot", "%d %s would bring the IDs read past %d, twice what the part holds: they overlap other slots' lists and are not read", k, what, d.r.Len())
		return 0
	}
	d.idsLeft -= k
	return k
}

// list reads k IDs of size bytes at off with read. The first slot that
// names the list claims its bytes (and FXC's padding after them); another
// slot naming the same list reads it through a reader that records
// nothing, so a list many slots share has one span.
func (d *ifceDecoder) list(off uint32, k, size int, path string, read func(s *binread.Reader, j int)) {
	first := !d.claimed[off]
	d.claimed[off] = true
	var s *binread.Reader
	if first {
		s = d.r.Sub(int(off), k*size, d.r.Join(path), "IDs")
	} else { // its spans go to a sink nobody reads
		s = binread.New(d.r.Data[off:int(off)+k*size], d.r.Base+int64(off), "", d.r.Part, &report.Sink{})
	}
	for j := 0; j < k && !s.Failed; j++ {
		read(s, j)
	}
	if first {
		claimPadding(d.r, int(off)+k*size, d.r.Join(path))
	}
}

// name reads the name at off (fxcStrings); path is under the part.
func (d *ifceDecoder) name(off uint32, path string, field int) string {
	return d.strs.read(d.r, off, d.r.Join(path), field)
}

func interfacesSummary(p *Part) string {
	x := p.Interfaces
	if x == nil {
		return rawSummary(p)
	}
	return fmt.Sprintf("%s, %s, %s", plural(len(x.ClassTypes), "class type"), plural(len(x.ClassInstances), "class instance"), plural(int(x.InterfaceSlotCount), "interface slot"))
}

// checkInterfaces compares each slot record with the SHEX part's
// dcl_interface of the same first slot: FXC writes both from one program,
// so an interface array's size is the record's span and its function
// tables are the record's table IDs.
func checkInterfaces(f *File, parts []*Part) {
	code := fxcCode(f)
	if code == nil || code.Bytecode.Program == nil {
		return
	}
	decls := map[uint32]*sm4.Declaration{}
	for i := range code.Bytecode.Program.Instructions {
		in := &code.Bytecode.Program.Instructions[i]
		if in.Opcode == sm4.OpDclInterface && in.Decl != nil {
			decls[in.Decl.Register] = in.Decl
		}
	}
	for _, p := range parts {
		x := p.Interfaces
		if x == nil {
			continue
		}
		for i, sl := range x.Slots {
			d, ok := decls[sl.FirstSlot]
			switch {
			case !ok:
				f.warn(p, fmt.Sprintf("Slots/%d", i), "interface slot record %d (slot %d) has no dcl_interface fp%d in %s", i, sl.FirstSlot, sl.FirstSlot, code.Name)
			case d.ArraySize != sl.SlotSpan:
				f.warn(p, fmt.Sprintf("Slots/%d/SlotSpan", i), "interface slot record %d spans %d slots; %s declares fp%d[%d]", i, sl.SlotSpan, code.Name, sl.FirstSlot, d.ArraySize)
			case !slices.Equal(d.Tables, sl.TableIDs) && len(sl.TableIDs) == int(sl.Count):
				f.warn(p, fmt.Sprintf("Slots/%d/TableIDs", i), "interface slot record %d lists function tables %v; %s declares fp%d with %v", i, sl.TableIDs, code.Name, sl.FirstSlot, d.Tables)
			}
		}
	}
}

func init() {
	RegisterPart(PartKind{Name: "IFCE", Title: "interfaces", About: "FXC's class-linkage data (dynamic shader linkage, SM5): the class types and instances the shader was compiled against, and for each interface slot the class types it may hold and the function table each calls.",
		Key: "Interfaces", Decode: partStructure("interfaces", decodeInterfaces), Summary: interfacesSummary, Check: checkInterfaces})
}
