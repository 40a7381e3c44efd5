package pdb

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// HexBytes prints as lowercase hex in JSON.
type HexBytes []byte

// MarshalJSON writes the bytes as lowercase hex.
func (h HexBytes) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(h)) }

// TypeStreamHeader is the TPI/IPI stream header (LLVM's TpiStreamHeader).
type TypeStreamHeader struct {
	Version                 uint32 // 20040203 (V80)
	HeaderSize              uint32
	TypeIndexBegin          uint32 // 0x1000: lower indices are built-in types
	TypeIndexEnd            uint32
	TypeRecordBytes         uint32
	HashStreamIndex         uint16
	HashAuxStreamIndex      uint16
	HashKeySize             uint32
	NumHashBuckets          uint32
	HashValueBufferOffset   int32
	HashValueBufferLength   uint32
	IndexOffsetBufferOffset int32
	IndexOffsetBufferLength uint32
	HashAdjBufferOffset     int32
	HashAdjBufferLength     uint32
}

// TypeStream is the TPI (types) or IPI (ids) stream.
type TypeStream struct {
	Header  TypeStreamHeader
	Records []TypeRecord `json:",omitempty"`
	byIndex map[uint32]int
}

// Record returns the record of type index ti, or nil.
func (s *TypeStream) Record(ti uint32) *TypeRecord {
	if s == nil {
		return nil
	}
	if i, ok := s.byIndex[ti]; ok {
		return &s.Records[i]
	}
	return nil
}

// TypeRecord is one CodeView type record: the fields of its kind are in the
// one pointer that is set (Data for kinds dxscope does not decode).
type TypeRecord struct {
	Index         uint32 // its type index, counted from TypeIndexBegin
	Length        uint16
	Kind          LeafKind
	Modifier      *ModifierLeaf     `json:",omitempty"`
	Vector        *VectorLeaf       `json:",omitempty"`
	Matrix        *MatrixLeaf       `json:",omitempty"`
	Structure     *StructureLeaf    `json:",omitempty"` // also class and interface
	FieldList     []Member          `json:",omitempty"`
	FieldListRest HexBytes          `json:",omitempty"` // members after the first that is not an LF_MEMBER, kept raw
	Array         *ArrayLeaf        `json:",omitempty"`
	StridedArray  *StridedArrayLeaf `json:",omitempty"`
	Procedure     *ProcedureLeaf    `json:",omitempty"`
	ArgList       *ArgListLeaf      `json:",omitempty"`
	FuncID        *FuncIDLeaf       `json:",omitempty"` // also member function ids
	HLSL          *HLSLLeaf         `json:",omitempty"`
	Data          HexBytes          `json:",omitempty"` // the record's body, for kinds not decoded
}

// ModifierLeaf is LF_MODIFIER_EX: a type with HLSL modifiers.
type ModifierLeaf struct {
	Type      uint32
	Count     uint16
	Modifiers []uint16 // CV_modifier_e: 0x200 and up are HLSL's (uniform, linear, centroid, …)
}

// VectorLeaf is LF_VECTOR: an HLSL vector.
type VectorLeaf struct {
	ElementType uint32
	Count       uint32
	Size        uint64
	Name        string
}

// MatrixLeaf is LF_MATRIX: an HLSL matrix.
type MatrixLeaf struct {
	ElementType uint32
	Rows        uint32
	Columns     uint32
	MajorStride uint32
	Attributes  uint8 // bit 0: row major
	Size        uint64
	Name        string
}

// StructureLeaf is LF_STRUCTURE, LF_CLASS or LF_INTERFACE.
type StructureLeaf struct {
	Count     uint16
	Property  uint16
	FieldList uint32
	Derived   uint32
	VShape    uint32
	Size      uint64
	Name      string
}

// Member is an LF_MEMBER of a field list.
type Member struct {
	Kind       LeafKind
	Attributes uint16
	Type       uint32
	Offset     uint64
	Name       string
}

// ArrayLeaf is LF_ARRAY.
type ArrayLeaf struct {
	ElementType uint32
	IndexType   uint32
	Size        uint64
	Name        string
}

// StridedArrayLeaf is LF_STRIDED_ARRAY: an array whose elements sit Stride bytes apart.
type StridedArrayLeaf struct {
	ElementType uint32
	IndexType   uint32
	Stride      uint32
	Size        uint64
	Name        string
}

// ProcedureLeaf is LF_PROCEDURE: a function type.
type ProcedureLeaf struct {
	ReturnType     uint32
	CallType       uint8
	FuncAttributes uint8
	ParamCount     uint16
	ArgList        uint32
}

// ArgListLeaf is LF_ARGLIST.
type ArgListLeaf struct {
	Count uint32
	Args  []uint32
}

// FuncIDLeaf is LF_FUNC_ID (Scope) or LF_MFUNC_ID (ParentType): a function
// that inline sites name.
type FuncIDLeaf struct {
	Scope      uint32 // LF_FUNC_ID
	ParentType uint32 // LF_MFUNC_ID
	Type       uint32
	Name       string
}

// HLSLLeaf is LF_HLSL: a texture, buffer, sampler or other HLSL object type.
type HLSLLeaf struct {
	Subtype    uint32
	Kind       uint16 // CV_builtin_e: 0x200 and up
	Properties uint16 // bits 0-3: how many numeric properties follow
	Data       HexBytes
}

// LeafKind is a CodeView type record kind (LEAF_ENUM_e).
type LeafKind uint16

// The leaf kinds dxscope decodes.
const (
	LF_PROCEDURE      LeafKind = 0x1008
	LF_ARGLIST        LeafKind = 0x1201
	LF_FIELDLIST      LeafKind = 0x1203
	LF_ARRAY          LeafKind = 0x1503
	LF_CLASS          LeafKind = 0x1504
	LF_STRUCTURE      LeafKind = 0x1505
	LF_MEMBER         LeafKind = 0x150d
	LF_STRIDED_ARRAY  LeafKind = 0x1516
	LF_HLSL           LeafKind = 0x1517
	LF_MODIFIER_EX    LeafKind = 0x1518
	LF_INTERFACE      LeafKind = 0x1519
	LF_VECTOR         LeafKind = 0x151b
	LF_MATRIX         LeafKind = 0x151c
	LF_FUNC_ID        LeafKind = 0x1601
	LF_MFUNC_ID       LeafKind = 0x1602
	LF_BUILDINFO      LeafKind = 0x1603
	LF_STRING_ID      LeafKind = 0x1605
	LF_UDT_SRC_LINE   LeafKind = 0x1606
	LF_UDT_MOD_SRC_LN LeafKind = 0x1607

	// Numeric leaves: a value of 0x8000 or more where a number is due says
	// which integer follows (smaller values are the number itself).
	LF_NUMERIC   LeafKind = 0x8000
	LF_CHAR      LeafKind = 0x8000
	LF_SHORT     LeafKind = 0x8001
	LF_USHORT    LeafKind = 0x8002
	LF_LONG      LeafKind = 0x8003
	LF_ULONG     LeafKind = 0x8004
	LF_QUADWORD  LeafKind = 0x8009
	LF_UQUADWORD LeafKind = 0x800a
)

var leafNames = map[LeafKind]string{
	LF_PROCEDURE: "LF_PROCEDURE", LF_ARGLIST: "LF_ARGLIST", LF_FIELDLIST: "LF_FIELDLIST", LF_ARRAY: "LF_ARRAY",
	LF_CLASS: "LF_CLASS", LF_STRUCTURE: "LF_STRUCTURE", LF_MEMBER: "LF_MEMBER", LF_STRIDED_ARRAY: "LF_STRIDED_ARRAY",
	LF_HLSL: "LF_HLSL", LF_MODIFIER_EX: "LF_MODIFIER_EX", LF_INTERFACE: "LF_INTERFACE", LF_VECTOR: "LF_VECTOR",
	LF_MATRIX: "LF_MATRIX", LF_FUNC_ID: "LF_FUNC_ID", LF_MFUNC_ID: "LF_MFUNC_ID", LF_BUILDINFO: "LF_BUILDINFO",
	LF_STRING_ID: "LF_STRING_ID", LF_UDT_SRC_LINE: "LF_UDT_SRC_LINE", LF_UDT_MOD_SRC_LN: "LF_UDT_MOD_SRC_LINE",
	0x1001: "LF_MODIFIER", 0x1002: "LF_POINTER", 0x1009: "LF_MFUNCTION", 0x1206: "LF_METHODLIST", 0x1506: "LF_UNION",
	0x1507: "LF_ENUM", 0x150e: "LF_STMEMBER", 0x150f: "LF_METHOD", 0x1511: "LF_ONEMETHOD", 0x1400: "LF_BCLASS",
}

// String is the kind's cvinfo.h name.
func (k LeafKind) String() string { return codeName(leafNames, k, "LeafKind(0x%x)") }

// MarshalText writes the kind's name.
func (k LeafKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// TypeIndexBegin is the first type index of a type stream; lower ones are
// the built-in (simple) types.
const TypeIndexBegin = 0x1000

func readTypeStream(r *binread.Reader) *TypeStream {
	s := &TypeStream{byIndex: map[uint32]int{}}
	h := &s.Header
	r.Begin("Header", "type stream header")
	h.Version = r.U32("Version")
	h.HeaderSize = r.U32("HeaderSize")
	h.TypeIndexBegin = r.U32("TypeIndexBegin")
	h.TypeIndexEnd = r.U32("TypeIndexEnd")
	h.TypeRecordBytes = r.U32("TypeRecordBytes")
	h.HashStreamIndex = r.U16("HashStreamIndex")
	h.HashAuxStreamIndex = r.U16("HashAuxStreamIndex")
	h.HashKeySize = r.U32("HashKeySize")
	h.NumHashBuckets = r.U32("NumHashBuckets")
	h.HashValueBufferOffset = int32(r.U32("HashValueBufferOffset"))
	h.HashValueBufferLength = r.U32("HashValueBufferLength")
	h.IndexOffsetBufferOffset = int32(r.U32("IndexOffsetBufferOffset"))
	h.IndexOffsetBufferLength = r.U32("IndexOffsetBufferLength")
	h.HashAdjBufferOffset = int32(r.U32("HashAdjBufferOffset"))
	h.HashAdjBufferLength = r.U32("HashAdjBufferLength")
	r.End()
	if r.Failed {
		return s
	}
	if int64(h.HeaderSize) != int64(r.Pos) {
		r.ProblemAt(report.Warning, 4, "type stream header", "HeaderSize is %d; the header dxscope knows is %d bytes", h.HeaderSize, r.Pos)
		if int64(h.HeaderSize) > int64(r.Pos) && int64(h.HeaderSize) <= int64(r.Len()) {
			r.Raw("Header/Padding", int(h.HeaderSize)-r.Pos)
		}
	}
	n := r.Fit(int(h.TypeRecordBytes), r.Pos, "type records", "TypeRecordBytes is %d; %d bytes remain", h.TypeRecordBytes, r.Remaining())
	rr := r.Sub(r.Pos, n, r.Join("Records"), "type records")
	r.Pos += n
	ti := h.TypeIndexBegin
	for rr.Remaining() >= 4 {
		i := len(s.Records)
		rr.Begin(fmt.Sprintf("[%d]", i), "type record")
		t := TypeRecord{Index: ti}
		t.Length = rr.U16("Length")
		end := rr.Pos + int(t.Length)
		if t.Length < 2 || end > rr.Len() {
			rr.ProblemAt(report.Error, rr.Pos-2, "type record", "type record %d (0x%x) claims %d bytes; %d remain", i, ti, t.Length, rr.Remaining())
			rr.End()
			break
		}
		t.Kind = LeafKind(rr.U16("Kind"))
		body := rr.Sub(rr.Pos, end-rr.Pos, rr.Path, "type record "+t.Kind.String())
		readLeaf(body, &t)
		rr.Pos = end
		rr.End()
		s.byIndex[ti] = len(s.Records)
		s.Records = append(s.Records, t)
		ti++
	}
	if rr.Remaining() > 0 {
		rr.Raw("Padding", rr.Remaining())
	}
	if ti != h.TypeIndexEnd && !rr.Failed {
		r.ProblemAt(report.Warning, 12, "type stream header", "TypeIndexEnd is 0x%x, but the records end at 0x%x", h.TypeIndexEnd, ti)
	}
	// The hash values, offsets and adjusters live in another stream.
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return s
}

// numeric reads a CodeView numeric leaf: a value below 0x8000 is itself,
// else a kind word says what follows.
func numeric(r *binread.Reader, name string) uint64 {
	v := r.U16(name)
	if LeafKind(v) < LF_NUMERIC {
		return uint64(v)
	}
	start := r.Pos - 2
	var out uint64
	switch LeafKind(v) {
	case LF_CHAR:
		out = uint64(r.U8(name))
	case LF_SHORT, LF_USHORT:
		out = uint64(r.U16(name))
	case LF_LONG, LF_ULONG:
		out = uint64(r.U32(name))
	case LF_QUADWORD, LF_UQUADWORD:
		out = r.U64(name)
	default:
		r.ProblemAt(report.Warning, start, "", "numeric leaf kind 0x%x is not an integer dxscope reads", v)
	}
	return out
}

// text reads a NUL-terminated string field, capped at binread.MaxNameLen
// (a name, a version, an environment entry).
func text(r *binread.Reader, name string) string {
	return binread.CapText(r.CString(name), binread.MaxNameLen)
}

// leafName reads a record's trailing name and the padding after it.
func leafName(r *binread.Reader) string {
	if r.Remaining() == 0 {
		return ""
	}
	s := text(r, "Name")
	padding(r)
	return s
}

// padding claims the LF_PAD bytes (0xF0 and up) or zeros that align a record.
func padding(r *binread.Reader) {
	if r.Remaining() > 0 && r.Remaining() < 4 {
		r.Raw("Padding", r.Remaining())
	}
}

func readLeaf(r *binread.Reader, t *TypeRecord) {
	switch t.Kind {
	case LF_MODIFIER_EX:
		m := &ModifierLeaf{}
		r.Begin("Modifier", "LF_MODIFIER_EX")
		m.Type = r.U32("Type")
		m.Count = r.U16("Count")
		for i := 0; i < int(m.Count) && r.Remaining() >= 2; i++ {
			m.Modifiers = append(m.Modifiers, r.U16(fmt.Sprintf("Modifiers[%d]", i)))
		}
		r.End()
		t.Modifier = m
	case LF_VECTOR:
		v := &VectorLeaf{}
		r.Begin("Vector", "LF_VECTOR")
		v.ElementType = r.U32("ElementType")
		v.Count = r.U32("Count")
		v.Size = numeric(r, "Size")
		v.Name = leafName(r)
		r.End()
		t.Vector = v
	case LF_MATRIX:
		m := &MatrixLeaf{}
		r.Begin("Matrix", "LF_MATRIX")
		m.ElementType = r.U32("ElementType")
		m.Rows = r.U32("Rows")
		m.Columns = r.U32("Columns")
		m.MajorStride = r.U32("MajorStride")
		m.Attributes = r.U8("Attributes")
		m.Size = numeric(r, "Size")
		m.Name = leafName(r)
		r.End()
		t.Matrix = m
	case LF_STRUCTURE, LF_CLASS, LF_INTERFACE:
		s := &StructureLeaf{}
		r.Begin("Structure", t.Kind.String())
		s.Count = r.U16("Count")
		s.Property = r.U16("Property")
		s.FieldList = r.U32("FieldList")
		s.Derived = r.U32("Derived")
		s.VShape = r.U32("VShape")
		s.Size = numeric(r, "Size")
		s.Name = leafName(r)
		r.End()
		t.Structure = s
	case LF_FIELDLIST:
		for r.Remaining() >= 2 {
			if c := r.Data[r.Pos]; c >= 0xf0 { // LF_PAD: skip to the next member
				n := min(int(c&0x0f), r.Remaining())
				r.Raw(fmt.Sprintf("FieldList[%d]/Padding", max(len(t.FieldList)-1, 0)), max(n, 1))
				continue
			}
			kind := LeafKind(uint16(r.Data[r.Pos]) | uint16(r.Data[r.Pos+1])<<8)
			if kind != LF_MEMBER {
				// Other members (methods, base classes) have no length: the rest is kept raw.
				t.FieldListRest = r.Raw("FieldListRest", r.Remaining())
				break
			}
			k := len(t.FieldList)
			r.Begin(fmt.Sprintf("FieldList[%d]", k), "LF_MEMBER")
			m := Member{Kind: LeafKind(r.U16("Kind")), Attributes: r.U16("Attributes"), Type: r.U32("Type")}
			m.Offset = numeric(r, "Offset")
			m.Name = text(r, "Name")
			r.End()
			t.FieldList = append(t.FieldList, m)
			if r.Failed {
				break
			}
		}
		if r.Remaining() > 0 {
			t.FieldListRest = append(t.FieldListRest, r.Raw("FieldListRest", r.Remaining())...)
		}
	case LF_ARRAY:
		a := &ArrayLeaf{}
		r.Begin("Array", "LF_ARRAY")
		a.ElementType = r.U32("ElementType")
		a.IndexType = r.U32("IndexType")
		a.Size = numeric(r, "Size")
		a.Name = leafName(r)
		r.End()
		t.Array = a
	case LF_STRIDED_ARRAY:
		a := &StridedArrayLeaf{}
		r.Begin("StridedArray", "LF_STRIDED_ARRAY")
		a.ElementType = r.U32("ElementType")
		a.IndexType = r.U32("IndexType")
		a.Stride = r.U32("Stride")
		a.Size = numeric(r, "Size")
		a.Name = leafName(r)
		r.End()
		t.StridedArray = a
	case LF_PROCEDURE:
		p := &ProcedureLeaf{}
		r.Begin("Procedure", "LF_PROCEDURE")
		p.ReturnType = r.U32("ReturnType")
		p.CallType = r.U8("CallType")
		p.FuncAttributes = r.U8("FuncAttributes")
		p.ParamCount = r.U16("ParamCount")
		p.ArgList = r.U32("ArgList")
		r.End()
		t.Procedure = p
	case LF_ARGLIST:
		a := &ArgListLeaf{}
		r.Begin("ArgList", "LF_ARGLIST")
		a.Count = r.U32("Count")
		if int64(a.Count) > int64(r.Remaining()/4) {
			r.Problem(report.Error, "LF_ARGLIST claims %d arguments; %d bytes remain", a.Count, r.Remaining())
		}
		for i := 0; i < int(a.Count) && r.Remaining() >= 4; i++ {
			a.Args = append(a.Args, r.U32(fmt.Sprintf("Args[%d]", i)))
		}
		r.End()
		t.ArgList = a
	case LF_FUNC_ID, LF_MFUNC_ID:
		fn := &FuncIDLeaf{}
		r.Begin("FuncID", t.Kind.String())
		if t.Kind == LF_FUNC_ID {
			fn.Scope = r.U32("Scope")
		} else {
			fn.ParentType = r.U32("ParentType")
		}
		fn.Type = r.U32("Type")
		fn.Name = leafName(r)
		r.End()
		t.FuncID = fn
	case LF_HLSL:
		h := &HLSLLeaf{}
		r.Begin("HLSL", "LF_HLSL")
		h.Subtype = r.U32("Subtype")
		h.Kind = r.U16("Kind")
		h.Properties = r.U16("Properties")
		h.Data = r.Bytes("Data", r.Remaining())
		r.End()
		t.HLSL = h
	default:
		t.Data = r.Bytes("Data", r.Remaining())
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
}
