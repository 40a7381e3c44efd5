package ir

import (
	"math"

	"github.com/dxscope/dxscope/decode/report"
)

// ValueKind says what a value id stands for.
type ValueKind uint8

// Value kinds.
const (
	ValueNone ValueKind = iota // a forward reference nothing defined
	ValueGlobal
	ValueFunction
	ValueAlias
	ValueConstant
	ValueArgument
	ValueInstruction
)

var valueKindNames = [...]string{"None", "Global", "Function", "Alias", "Constant", "Argument", "Instruction"}

func (k ValueKind) String() string { return report.EnumName(valueKindNames[:], uint64(k), "ValueKind") }

// Value is one value id.
type Value struct {
	Kind  ValueKind
	Type  uint32
	Name  string
	Index int32     // Globals/Functions index; instruction index in its function; -1 for others
	Const *Constant // ValueConstant: what it is
}

// Constant is a constant's value, typed by the record it was read from:
// an integer, float, string or data array is its value, an aggregate its
// elements and a constant expression its opcode and operands, every
// operand a value id (not a record operand).
type Constant struct {
	Code uint32 // the CST_CODE it was read from; CSTRING reads as CstCodeString (its NUL included)
	Bad  bool   // the record has too few operands for its code (LLVM rejects it)

	Int  int64    // CstCodeInteger: the value; CstCodeWideInteger: its low word
	Bits uint64   // CstCodeFloat: the value's bits (half, float or double as the type says)
	Str  string   // CstCodeString: the bytes
	Data []uint64 // CstCodeData: the elements

	// Operands are value ids: an aggregate's elements; a binop's or cmp's
	// two operands; a cast's operand; a getelementptr's base and indices;
	// select's condition and values; extractelement's vector and index;
	// insertelement's vector, element and index; shufflevector's operands.
	Operands   []uint32
	Opcode     uint64 // CstCodeCEBinop and CstCodeCECast: the opcode; CstCodeCECmp: the predicate
	Flags      uint64 // CstCodeCEBinop: nuw/nsw/exact or fast-math flags, when HasFlags
	HasFlags   bool
	SourceType uint32 // getelementptr: the source element type (NoType when the record and the base's type give none)
	InBounds   bool   // getelementptr inbounds
}

// IsGEP says whether the constant is a getelementptr expression.
func (c *Constant) IsGEP() bool { return c.Code == CstCodeCEGEP || c.Code == CstCodeCEInboundsGEP }

// decodeSigned undoes the sign rotation of a signed VBR (LLVM's
// decodeSignRotatedValue): the low bit is the sign, "-0" is the minimum.
func decodeSigned(v uint64) int64 {
	if v&1 == 0 {
		return int64(v >> 1)
	}
	if v != 1 {
		return -int64(v >> 1)
	}
	return math.MinInt64
}

// readConstants appends the constants of a CONSTANTS_BLOCK to vals, one
// value per record but SETTYPE, each of the type the SETTYPE before it set.
func (r *reader) readConstants(b *Block, vals []Value) []Value {
	n := 0
	for _, rec := range b.Records {
		if rec.Code != CstCodeSetType {
			n++
		}
	}
	slab := make([]Constant, n) // one allocation for the block's constants
	cur := NoType
	k := 0
	for _, rec := range b.Records {
		if rec.Code == CstCodeSetType {
			if len(rec.Ops) > 0 {
				cur = uint32(rec.Ops[0])
			}
			continue
		}
		c := &slab[k]
		k++
		r.readConstant(c, rec, cur)
		vals = append(vals, Value{Kind: ValueConstant, Type: cur, Index: -1, Const: c})
	}
	return vals
}

// readConstant reads one constant record of type typ.
func (r *reader) readConstant(c *Constant, rec Record, typ uint32) {
	o := rec.Ops
	c.Code = rec.Code
	c.SourceType = NoType
	need := func(n int) bool {
		c.Bad = len(o) < n
		return !c.Bad
	}
	ids := func(o []uint64) []uint32 { return u32s(o) }
	switch rec.Code {
	case CstCodeNull, CstCodeUndef:
	case CstCodeInteger, CstCodeWideInteger: // [signed VBR], [signed VBR words, low first]
		if need(1) {
			c.Int = decodeSigned(o[0])
		}
	case CstCodeFloat: // [bits]
		if need(1) {
			c.Bits = o[0]
		}
	case CstCodeString, CstCodeCString: // [chars]
		n := len(o)
		if rec.Code == CstCodeCString {
			n++ // the NUL is implied
		}
		s := make([]byte, n)
		for i, x := range o {
			s[i] = byte(x)
		}
		c.Code, c.Str = CstCodeString, string(s)
	case CstCodeData: // [elements]
		c.Data = o
	case CstCodeAggregate: // [element ids]
		c.Operands = ids(o)
	case CstCodeCEBinop: // [opcode, lhs, rhs, flags?]
		if need(3) {
			c.Opcode, c.Operands = o[0], ids(o[1:3])
			if len(o) > 3 {
				c.Flags, c.HasFlags = o[3], true
			}
		}
	case CstCodeCECast: // [opcode, operand type, operand]
		if need(3) {
			c.Opcode, c.Operands = o[0], ids(o[2:3])
		}
	case CstCodeCEGEP, CstCodeCEInboundsGEP: // [pointee type?, (type, id)*]
		c.InBounds = rec.Code == CstCodeCEInboundsGEP
		i := 0
		if len(o)%2 == 1 {
			c.SourceType, i = uint32(o[0]), 1
		}
		for k := i; k+1 < len(o); k += 2 {
			c.Operands = append(c.Operands, uint32(o[k+1]))
			if c.SourceType == NoType && k == i {
				c.SourceType = r.m.elemType(uint32(o[k])) // pre-3.7: the base pointer's pointee
			}
		}
	case CstCodeCESelect: // [cond, true, false]
		c.Operands = ids(o)
		need(3)
	case CstCodeCEExtractElt: // [vector type, vector, index type, index]
		if need(4) {
			c.Operands = []uint32{uint32(o[1]), uint32(o[3])}
		}
	case CstCodeCEInsertElt: // [vector, element, index type, index]
		if need(4) {
			c.Operands = []uint32{uint32(o[0]), uint32(o[1]), uint32(o[3])}
		}
	case CstCodeCEShuffleVec: // [vector, vector, mask]
		c.Operands = ids(o)
	case CstCodeCECmp: // [operand type, lhs, rhs, predicate]
		if len(o) >= 3 {
			c.Operands = ids(o[1:3])
		}
		if need(4) {
			c.Opcode = o[3]
		}
	case CstCodeCEShufVecEx, CstCodeBlockAddress, CstCodeInlineAsm, CstCodeCEGEPWithInrangeIdx:
		// Not read: DXIL has none of these, and the assembly printer marks them.
	default:
		r.m.problem(report.Warning, r.bit(rec.Start), "CONSTANTS_BLOCK", "constant code %d is not an LLVM 3.7 constant", rec.Code)
	}
}

// ConstInt returns the integer a value id (as seen in f) holds when it is
// an integer constant (null included).
func (m *Module) ConstInt(f *Function, id uint32) (int64, bool) {
	v := m.Value(f, id)
	if v == nil || v.Kind != ValueConstant || v.Const == nil {
		return 0, false
	}
	switch c := v.Const; c.Code {
	case CstCodeInteger:
		return c.Int, !c.Bad
	case CstCodeNull:
		if t := m.TypeAt(v.Type); t != nil && t.Kind == TypeInt {
			return 0, true
		}
	}
	return 0, false
}
