package ir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// TypeKind is the kind of an IR type.
type TypeKind uint8

// Type kinds.
const (
	TypeOther TypeKind = iota // a type code LLVM 3.7 does not define (Type.Code says which)
	TypeVoid
	TypeFloat
	TypeDouble
	TypeHalf
	TypeLabel
	TypeOpaque
	TypeInt
	TypePointer
	TypeArray
	TypeVector
	TypeStruct
	TypeFunction
	TypeMetadata
	TypeX86FP80
	TypeFP128
)

var typeKindNames = [...]string{"Other", "Void", "Float", "Double", "Half", "Label", "Opaque", "Int", "Pointer",
	"Array", "Vector", "Struct", "Function", "Metadata", "X86FP80", "FP128"}

func (k TypeKind) String() string { return report.EnumName(typeKindNames[:], uint64(k), "TypeKind") }

// IsFloat says whether the kind is a floating-point type.
func (k TypeKind) IsFloat() bool {
	switch k {
	case TypeFloat, TypeDouble, TypeHalf, TypeX86FP80, TypeFP128:
		return true
	}
	return false
}

// Type is one entry of the TYPE_BLOCK.
type Type struct {
	Kind      TypeKind
	Code      uint32   // the TYPE_CODE it was read from
	Width     uint32   // integer bits
	Count     uint64   // array/vector elements
	Elems     []uint32 // pointee; element; struct fields; function return type then parameters
	VarArg    bool
	Packed    bool
	Named     bool // a named (identified) struct, even with an empty name
	Name      string
	AddrSpace uint32
}

// plainTypes are the kinds of the type records without operands: the
// record's code alone says the type.
var plainTypes = map[uint32]TypeKind{
	TypeCodeVoid: TypeVoid, TypeCodeFloat: TypeFloat, TypeCodeDouble: TypeDouble, TypeCodeHalf: TypeHalf,
	TypeCodeLabel: TypeLabel, TypeCodeMetadata: TypeMetadata, TypeCodeX86FP80: TypeX86FP80, TypeCodeFP128: TypeFP128,
}

func (r *reader) readTypes(b *Block) {
	m := r.m
	name := ""
	for _, rec := range b.Records {
		o := rec.Ops
		t := Type{Code: rec.Code}
		switch rec.Code {
		case TypeCodeNumEntry:
			if len(o) > 0 && o[0] <= uint64(len(b.Records)) && m.Types == nil {
				m.Types = make([]Type, 0, o[0])
			}
			continue
		case TypeCodeOpaque:
			t.Kind, t.Named, t.Name, name = TypeOpaque, true, name, ""
		case TypeCodeInteger: // [width]
			t.Kind = TypeInt
			if len(o) > 0 {
				t.Width = uint32(o[0])
			}
		case TypeCodePointer: // [pointee, addrspace]
			t.Kind = TypePointer
			if len(o) > 0 {
				t.Elems = []uint32{uint32(o[0])}
			}
			if len(o) > 1 {
				t.AddrSpace = uint32(o[1])
			}
		case TypeCodeArray, TypeCodeVector: // [n, elt]
			t.Kind = TypeArray
			if rec.Code == TypeCodeVector {
				t.Kind = TypeVector
			}
			if len(o) > 1 {
				t.Count, t.Elems = o[0], []uint32{uint32(o[1])}
			}
		case TypeCodeStructName:
			name = opsText(o)
			continue
		case TypeCodeStructAnon, TypeCodeStructNamed: // [packed, elts...]
			t.Kind = TypeStruct
			if len(o) > 0 {
				t.Packed, t.Elems = o[0] != 0, u32s(o[1:])
			}
			if rec.Code == TypeCodeStructNamed {
				t.Named, t.Name, name = true, name, ""
			}
		case TypeCodeFunction: // [vararg, retty, params...]
			t.Kind = TypeFunction
			if len(o) > 1 {
				t.VarArg, t.Elems = o[0] != 0, u32s(o[1:])
			}
		case TypeCodeFunctionOld: // [vararg, attrid, retty, params...]
			t.Kind = TypeFunction
			if len(o) > 2 {
				t.VarArg, t.Elems = o[0] != 0, u32s(o[2:])
			}
		default:
			k, ok := plainTypes[rec.Code]
			if !ok {
				r.m.problem(report.Warning, r.bit(rec.Start), "TYPE_BLOCK", "type code %d is not an LLVM 3.7 type", rec.Code)
			}
			t.Kind = k
		}
		m.Types = append(m.Types, t)
	}
}

// findVoid and findI1 walk the type table once, found or not: every
// instruction asks for void, and a table without it once cost a walk per
// instruction.
func (m *Module) findVoid() uint32 {
	if !m.voidKnown {
		m.voidType, m.voidKnown = m.findType(func(x *Type) bool { return x.Kind == TypeVoid }), true
	}
	return m.voidType
}

func (m *Module) findI1() uint32 {
	if !m.i1Known {
		m.i1Type, m.i1Known = m.findType(func(x *Type) bool { return x.Kind == TypeInt && x.Width == 1 }), true
	}
	return m.i1Type
}

// typeIndex finds the types instructions derive their result types from
// (a shufflevector's or vector compare's vector, a cmpxchg's { T, i1 }):
// the first of the table that fits, as a walk of the table would, but a
// hostile body of thousands of such instructions over a table of
// thousands of types costs one walk, not one per instruction.
type typeIndex struct {
	vectors     map[[2]uint64]uint32 // (count, element type) → the first such vector
	boolVectors map[uint64]uint32    // count → the first vector of that many i-1 integers
	pairs       map[[2]uint32]uint32 // (first, second) → the first literal struct of those two
}

func (m *Module) index() *typeIndex {
	if m.typeIdx != nil {
		return m.typeIdx
	}
	x := &typeIndex{vectors: map[[2]uint64]uint32{}, boolVectors: map[uint64]uint32{}, pairs: map[[2]uint32]uint32{}}
	for i := range m.Types {
		t := &m.Types[i]
		switch {
		case t.Kind == TypeVector && len(t.Elems) == 1:
			k := [2]uint64{t.Count, uint64(t.Elems[0])}
			if _, ok := x.vectors[k]; !ok {
				x.vectors[k] = uint32(i)
			}
			if e := m.TypeAt(t.Elems[0]); e != nil && e.Kind == TypeInt && e.Width == 1 {
				if _, ok := x.boolVectors[t.Count]; !ok {
					x.boolVectors[t.Count] = uint32(i)
				}
			}
		case t.Kind == TypeStruct && !t.Named && len(t.Elems) == 2:
			k := [2]uint32{t.Elems[0], t.Elems[1]}
			if _, ok := x.pairs[k]; !ok {
				x.pairs[k] = uint32(i)
			}
		}
	}
	m.typeIdx = x
	return x
}

// lookup is the type id key maps to in idx, or NoType.
func lookup[K comparable](idx map[K]uint32, key K) uint32 {
	if t, ok := idx[key]; ok {
		return t
	}
	return NoType
}

// vectorOf is the first vector type of n elements of type elem, or NoType.
func (m *Module) vectorOf(n uint64, elem uint32) uint32 {
	return lookup(m.index().vectors, [2]uint64{n, uint64(elem)})
}

// boolVectorOf is the first vector type of n i1 elements, or NoType.
func (m *Module) boolVectorOf(n uint64) uint32 { return lookup(m.index().boolVectors, n) }

// pairOf is the first literal struct type { a, b }, or NoType.
func (m *Module) pairOf(a, b uint32) uint32 { return lookup(m.index().pairs, [2]uint32{a, b}) }

// IsFP says whether a type is floating point or a vector of it.
func (m *Module) IsFP(t uint32) bool {
	tt := m.TypeAt(t)
	if tt != nil && tt.Kind == TypeVector && len(tt.Elems) > 0 {
		tt = m.TypeAt(tt.Elems[0])
	}
	return tt != nil && tt.Kind.IsFloat()
}

// TypeSyntax chooses how a TypePrinter spells types.
type TypeSyntax uint8

const (
	// AsmSyntax is LLVM 3.7's assembly writer: names quoted where LLVM
	// quotes them, unnamed identified structs by number (%0, in the order
	// of Module.IdentifiedStructs), everything in full (a hostile table's
	// type past 4 KB of text or 256 levels is cut with a note).
	AsmSyntax TypeSyntax = iota
	// SummarySyntax is one short line per type for a summary of the type
	// table: names as they are, at most 16 elements of a struct or
	// parameters of a function, 8 levels and 64 types per rendering (…
	// beyond), and a named struct at the top level with its definition
	// ("%name = type { … }").
	SummarySyntax
)

// TypePrinter spells a module's types, caching what it spelled.
type TypePrinter struct {
	m      *Module
	syntax TypeSyntax
	cache  map[uint32]string // AsmSyntax: every type; SummarySyntax: complete renderings of inner types
	top    map[uint32]string // SummarySyntax: Type's renderings (each starts from the same budget)
	depth  int               // AsmSyntax: types being spelled
}

// NewTypePrinter returns a printer of m's types in the given syntax.
func NewTypePrinter(m *Module, s TypeSyntax) *TypePrinter {
	return &TypePrinter{m: m, syntax: s, cache: map[uint32]string{}, top: map[uint32]string{}}
}

// Type spells type id.
func (p *TypePrinter) Type(id uint32) string {
	if p.syntax == SummarySyntax {
		// Every function of a type names it: spell it once.
		if s, ok := p.top[id]; ok {
			return s
		}
		budget := 64
		s := p.summary(id, 0, &budget)
		p.top[id] = s
		return s
	}
	if s, ok := p.cache[id]; ok {
		return s
	}
	// Hostile type tables can nest types a million deep: cut the spelling.
	if p.depth > 256 {
		return "<deep type>"
	}
	p.depth++
	p.cache[id] = "<recursive>"
	s := p.body(id, false, 0, nil)
	if len(s) > 1<<12 {
		// Literal structs print inline, so a hostile table doubles the text per type.
		s = "<type too large>"
	}
	p.cache[id] = s
	p.depth--
	return s
}

// Nested spells type id as it appears inside another: in SummarySyntax a
// named struct by its name rather than its definition.
func (p *TypePrinter) Nested(id uint32) string {
	if p.syntax == SummarySyntax {
		budget := 64
		return p.summary(id, 1, &budget)
	}
	return p.Type(id)
}

// Definition spells what an identified struct (or opaque type) is, as the
// assembly writer prints it after "%T = type ".
func (p *TypePrinter) Definition(id uint32) string { return p.body(id, true, 0, nil) }

// summary is SummarySyntax: a budget of 64 types per rendering keeps
// hostile type tables (deep, wide, self-referring) cheap.
func (p *TypePrinter) summary(id uint32, depth int, budget *int) string {
	t := p.m.TypeAt(id)
	if t == nil {
		return fmt.Sprintf("type#%d", int64(id))
	}
	*budget--
	if depth > 8 || *budget < 0 {
		return "…"
	}
	if depth == 0 {
		return p.body(id, false, depth, budget)
	}
	// Inner renderings do not depend on where they appear: cache the complete ones.
	if c, ok := p.cache[id]; ok {
		return c
	}
	before := *budget
	s := p.body(id, false, depth, budget)
	if *budget >= 0 && depth == 1 && before >= 0 {
		p.cache[id] = s
	}
	return s
}

// inner spells an element type at depth.
func (p *TypePrinter) inner(id uint32, depth int, budget *int) string {
	if p.syntax == SummarySyntax {
		return p.summary(id, depth+1, budget)
	}
	return p.Type(id)
}

// body spells type id; identity asks for an identified struct's definition
// rather than its name.
func (p *TypePrinter) body(id uint32, identity bool, depth int, budget *int) string {
	sum := p.syntax == SummarySyntax
	t := p.m.TypeAt(id)
	if t == nil {
		return fmt.Sprintf("<type %d>", int64(id))
	}
	missing := "<?>"
	if sum {
		missing = "?"
	}
	switch t.Kind {
	case TypeVoid:
		return "void"
	case TypeFloat:
		return "float"
	case TypeDouble:
		return "double"
	case TypeHalf:
		return "half"
	case TypeLabel:
		return "label"
	case TypeMetadata:
		return "metadata"
	case TypeInt:
		return "i" + strconv.Itoa(int(t.Width))
	case TypeX86FP80, TypeFP128, TypeOther:
		if sum {
			return RecordName(TypeBlockIDNew, t.Code)
		}
		switch t.Kind {
		case TypeX86FP80:
			return "x86_fp80"
		case TypeFP128:
			return "fp128"
		}
		return "<unknown type>"
	case TypeOpaque:
		switch {
		case sum:
			return "%" + summaryName(t.Name)
		case identity:
			return "opaque"
		}
		return llvmName("%", t.Name)
	case TypePointer:
		switch {
		case len(t.Elems) > 0:
			return p.inner(t.Elems[0], depth, budget) + addrSpace(t.AddrSpace)
		case sum && t.AddrSpace == 0:
			return "ptr"
		case sum:
			return "ptr" + addrSpace(t.AddrSpace)
		}
		return "<?>" + addrSpace(t.AddrSpace)
	case TypeArray, TypeVector:
		e := missing
		if len(t.Elems) > 0 {
			e = p.inner(t.Elems[0], depth, budget)
		}
		if t.Kind == TypeVector {
			return fmt.Sprintf("<%d x %s>", t.Count, e)
		}
		return fmt.Sprintf("[%d x %s]", t.Count, e)
	case TypeFunction:
		if len(t.Elems) == 0 {
			if sum {
				return "fn?"
			}
			return "<bad function type>"
		}
		ps := make([]string, 0, listCap(sum, len(t.Elems)))
		for i, e := range t.Elems[1:] {
			if sum && i >= 16 {
				ps = append(ps, "…")
				break
			}
			ps = append(ps, p.inner(e, depth, budget))
		}
		if t.VarArg {
			ps = append(ps, "...")
		}
		return p.inner(t.Elems[0], depth, budget) + " (" + strings.Join(ps, ", ") + ")"
	case TypeStruct:
		switch {
		case sum && t.Name != "" && depth > 0:
			return "%" + summaryName(t.Name)
		case !sum && t.Named && !identity:
			if t.Name == "" {
				return fmt.Sprintf("%%%d", p.m.structNumber(id))
			}
			return llvmName("%", t.Name)
		}
		s := "{}"
		if len(t.Elems) > 0 {
			ps := make([]string, 0, listCap(sum, len(t.Elems)))
			for i, e := range t.Elems {
				if sum && i >= 16 {
					ps = append(ps, "…")
					break
				}
				ps = append(ps, p.inner(e, depth, budget))
			}
			s = "{ " + strings.Join(ps, ", ") + " }"
		}
		if t.Packed {
			s = "<" + s + ">"
		}
		if sum && t.Name != "" {
			s = "%" + summaryName(t.Name) + " = type " + s
		}
		return s
	}
	return "<unknown type>"
}

// summaryName is a struct's name as SummarySyntax spells it: at most
// report.MaxNameLen bytes, as every name a decoded value holds (a summary
// spells a name wherever a type names the struct, so one long name named
// by thousands of types was spelled thousands of times).
func summaryName(name string) string {
	return name[:min(len(name), report.MaxNameLen)]
}

// listCap is the room for the spelled elements of a list of n: a summary
// spells at most 16 and "…", so a function type of 16,384 parameters named
// by every declaration costs a few words per declaration, not n.
func listCap(sum bool, n int) int {
	if sum && n > 17 {
		return 17
	}
	return n
}

func addrSpace(as uint32) string {
	if as != 0 {
		return fmt.Sprintf(" addrspace(%d)*", as)
	}
	return "*"
}

// llvmName spells a value or type name as LLVM 3.7's PrintLLVMName: bare
// when it holds only letters, digits, '-', '.' and '_' and does not start
// with a digit, else quoted and escaped.
func llvmName(prefix, name string) string {
	quote := name == "" || name[0] >= '0' && name[0] <= '9'
	for i := 0; i < len(name) && !quote; i++ {
		if !isIdentChar(name[i]) || name[i] == '$' {
			quote = true
		}
	}
	if !quote {
		return prefix + name
	}
	return prefix + `"` + EscapeString(name) + `"`
}

// LLVMName is llvmName for printers: "@" or "%" and the name as LLVM prints it.
func LLVMName(prefix, name string) string { return llvmName(prefix, name) }

func isIdentChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$' || c == '.' || c == '_'
}

// EscapeString escapes as LLVM's PrintEscapedString: printable ASCII but \
// and " as is, every other byte as \XX.
func EscapeString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '\\' && c != '"' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	return b.String()
}
